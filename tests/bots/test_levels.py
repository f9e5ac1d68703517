"""The four levels: vocabularies nested by familiarity, choice filter, pace, attention."""

from __future__ import annotations

import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludotheque.bots.base import Decision, Observation, decide
from ludotheque.bots.levels import LEVEL_NAMES, LEVELS, LevelBot, Profile, familiarity, level
from ludotheque.core.errors import LudoError
from ludotheque.core.rng import Draws, Rng
from ludotheque.games.encheres import Encheres
from ludotheque.lexicon import common_words

ORDER = [LEVELS[name] for name in LEVEL_NAMES]


def draws(seed: int = 0) -> Draws:
    return Rng.from_seed(seed).draws()


def test_four_levels_in_order_with_french_titles() -> None:
    assert LEVEL_NAMES == ("debutant", "intermediaire", "fort", "expert")
    assert [p.title for p in ORDER] == ["Débutant", "Intermédiaire", "Fort", "Expert"]
    assert all(p.portrait for p in ORDER)


def test_vocabularies_are_nested_and_grow_with_the_level() -> None:
    sample = list(common_words())[::40]  # 10,000 words spread over the alphabet
    known = [set(p.known(sample)) for p in ORDER]
    assert known[0] < known[1] < known[2] < known[3] == set(sample)
    sizes = [len(k) for k in known]
    assert sizes[0] < sizes[1] / 2 and sizes[1] < sizes[2] and sizes[2] < sizes[3] / 2


def test_a_beginner_knows_everyday_words_only() -> None:
    beginner = LEVELS["debutant"]
    for word in ("MAISON", "CHAT", "VOITURE", "MANGER", "JOUER"):
        assert beginner.knows(word), word
    for word in ("TERCAS", "SECAM", "AE", "ZYTHUM", "MANGEAMES"):
        assert not beginner.knows(word), word
    assert LEVELS["expert"].knows("ZYTHUMS")


def test_short_words_are_discounted() -> None:
    # wordfreq counts AE (abbreviations, initials) at 3.3: not an everyday word.
    assert familiarity("AE") == pytest.approx(2.3)
    assert familiarity("JAN") == pytest.approx(3.9 - 0.5)
    assert familiarity("MAISON") == pytest.approx(5.5)


def test_level_names_are_read_as_a_player_writes_them() -> None:
    assert level("Débutant") is LEVELS["debutant"]
    assert level(" INTERMÉDIAIRE ") is LEVELS["intermediaire"]
    with pytest.raises(LudoError, match="Niveau inconnu"):
        level("greedy")


MOVES = [(float(value), value) for value in range(100, 0, -5)]  # 20 moves, best first


def mean_share(profile: Profile, trials: int = 3000) -> float:
    d = draws(1)
    return statistics.fmean(profile.pick(MOVES, d) / 100 for _ in range(trials))


def test_stronger_levels_give_up_less_of_the_best_move() -> None:
    shares = [mean_share(p) for p in ORDER]
    assert shares == sorted(shares) and len(set(shares)) == 4
    assert shares[-1] == 1.0  # Expert: always the best
    assert 0.6 < shares[0] < 0.9


@given(
    st.lists(st.floats(min_value=0, max_value=1000), min_size=1, max_size=40),
    st.integers(0, 2**32),
)
def test_a_pick_is_among_the_considered_moves(values: list[float], seed: int) -> None:
    moves = [(value, index) for index, value in enumerate(values)]
    best = max(values)
    for profile in ORDER:
        chosen = profile.pick(moves, draws(seed))
        value = values[chosen]
        assert value >= best * profile.floor
        assert sorted(values, reverse=True).index(value) < profile.top


def test_pace_grows_with_difficulty_and_is_slower_for_beginners() -> None:
    for profile in ORDER:
        assert profile.think_seconds(2, 0.5, 8) > profile.think_seconds(2, 0.5, 2)
    medians = [p.think_seconds(2, 0.5, 5) for p in ORDER]
    assert medians == sorted(medians, reverse=True)
    d = draws(3)
    spread = [ORDER[0].think_seconds(2, 0.5, 5, d) for _ in range(500)]
    assert len(set(spread)) > 100 and min(spread) >= 0.6 * medians[0] - 1e-9


def test_attention_grows_with_the_level() -> None:
    rates = []
    for profile in ORDER:
        d = draws(4)
        rates.append(sum(profile.notices(d) for _ in range(4000)) / 4000)
    assert rates == sorted(rates) and rates[0] < 0.35 and rates[-1] > 0.9
    reactions = [p.reaction_seconds() for p in ORDER]
    assert reactions == sorted(reactions, reverse=True)
    gambles = [p.gamble for p in ORDER]
    assert gambles == sorted(gambles, reverse=True) and gambles[-1] == 0


class LowestCard(LevelBot):
    def decide(self, observation: Observation, draws: Draws) -> Decision:
        moves = [(-float(bid.card), bid) for bid in observation.legal]
        action = self.profile.pick(moves, draws)
        return Decision(action, self.profile.think_seconds(1.0, draws=draws))


def test_a_level_bot_chooses_what_it_decides() -> None:
    game = Encheres()
    observation = Observation.of(game, game.new(2, seed=3), seat=0)
    bot = LowestCard("debutant")
    assert bot.name == "debutant"
    decision = decide(bot, observation, draws(9))
    assert decision.seconds > 0
    assert bot.choose(observation, draws(9)) == decision.action
