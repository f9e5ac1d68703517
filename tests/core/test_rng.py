from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludotheque.core.rng import Rng


@given(seed=st.integers(0, 2**63 - 1), size=st.integers(0, 60))
def test_shuffle_is_a_permutation_and_deterministic(seed: int, size: int):
    rng = Rng.from_seed(seed)
    first = rng.draws().shuffled(range(size))
    assert sorted(first) == list(range(size))
    assert rng.draws().shuffled(range(size)) == first


@given(seed=st.integers(0, 2**63 - 1))
def test_snapshot_is_immutable_and_freeze_continues_the_sequence(seed: int):
    rng = Rng.from_seed(seed)
    draws = rng.draws()
    a = draws.random()
    after = draws.freeze()
    b = draws.random()
    assert rng.draws().random() == a
    assert after.draws().random() == b
    assert Rng.from_json(after.to_json()) == after


def test_golden_sequence_is_stable_across_python_versions():
    # Pins the sequence that records rely on: random.Random(seed).random() for an int seed is
    # part of CPython's documented reproducibility guarantee, and the shuffle is our own code.
    draws = Rng.from_seed(2020).draws()
    assert draws.shuffled("GUTENBERG") == list("GNRETEGUB")
    assert [draws.below(6) for _ in range(8)] == [2, 1, 1, 4, 3, 2, 0, 4]


def test_shuffle_is_close_to_uniform():
    draws = Rng.from_seed(7).draws()
    counts = Counter(tuple(draws.shuffled("abc")) for _ in range(6000))
    assert set(counts) == set(permutations("abc"))
    assert all(900 < n < 1100 for n in counts.values()), counts


def test_choice_and_below_bounds():
    draws = Rng.from_seed(1).draws()
    assert {draws.below(3) for _ in range(200)} == {0, 1, 2}
    assert {draws.choice("xy") for _ in range(50)} == {"x", "y"}
    with pytest.raises(ValueError):
        draws.below(0)


@pytest.mark.parametrize("seed", [-1, 2**63, 1.5, True, "7"])
def test_bad_seeds_are_refused(seed: object):
    with pytest.raises(ValueError):
        Rng.from_seed(seed)  # type: ignore[arg-type]
