"""Letter's table options read as words in the lobby: a French sentence for each, a label for
each choice (never a raw value such as ``penalite`` or ``taille``) — issue 15, § 4."""

from __future__ import annotations

import re

from ludotheque.games.letter import Letter


def test_every_option_is_explained_in_french():
    for spec in Letter.info.options:
        assert spec.description, spec.name
        assert spec.description.endswith("."), spec.name
        assert not re.search(r"\b(penalite|hasard|taille|refus)\b", spec.label), spec.label


def test_every_choice_reads_as_words():
    for spec in Letter.info.options:
        if spec.kind != "choice":
            continue
        labels = dict(spec.choice_labels)
        assert set(labels) == set(spec.choices), spec.name
        for value, label in labels.items():
            assert label != value and len(label.split()) >= 2, (spec.name, value, label)
    erreurs = next(s for s in Letter.info.options if s.name == "erreurs")
    assert erreurs.choice_label("penalite").startswith("Pénalité du livret")
