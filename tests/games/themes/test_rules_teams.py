"""Thèmes, Variante par Équipe: one test per rule and per decision (docs/rules/themes.md)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace

import pytest

from ludotheque.core.errors import IllegalAction, InvalidOptions
from ludotheque.core.rng import Rng
from ludotheque.games.themes import Themes
from ludotheque.games.themes.actions import EndTurn, GiveUp, Timeout, Verdict, Word
from ludotheque.games.themes.state import ThemesState
from ludotheque.games.themes.teams import TeamPlay, default_teams

from .helpers import column_ids, deal_columns, letter_ids, people_options, themes_on_top, with_play


def new_state(players: int = 4, seed: int = 1, **options: object) -> ThemesState:
    state = Themes().new(players, seed, people_options(players, {"mode": "equipe", **options}))
    assert isinstance(state, ThemesState) and isinstance(state.play, TeamPlay)
    return state


def arrange(
    state: ThemesState,
    *,
    packets: tuple[str, str, str] = ("E", "RX", "ABC"),
    columns: Mapping[int, tuple[str, str]] | None = None,
    themes: Mapping[int, str] | None = None,
    draw: int | None = None,
) -> ThemesState:
    """These packets, visible letters and themes on top; every other card dealt again in id
    order (none created or lost). ``draw``: keep so many in the draw pile, the rest boxed."""
    taken: set[str] = set()
    packet_ids = tuple(tuple(letter_ids(state, spec, taken)) for spec in packets)
    wanted_columns = column_ids(state, columns, taken)
    pool = iter([c for c in sorted(state.catalog.letters) if c not in taken])
    new_columns = deal_columns(state.columns, wanted_columns, pool)
    rest = list(pool)
    keep = len(rest) if draw is None else draw
    state = replace(
        with_play(state, packets=packet_ids),
        columns=new_columns,
        draw=tuple(rest[:keep]),
        box=tuple(rest[keep:]),
        won_letters=((),) * state.config.teams,
    )
    piles, _fifth, theme_box = themes_on_top(state, themes)
    state = replace(state, piles=piles, theme_box=theme_box)
    assert state.invariant_violations() == [], state.invariant_violations()
    return state


def table(players: int = 4, **options: object) -> ThemesState:
    """Team 0 active with packets E / R X / A B C; VILLE over O,T; OUTIL over N,A; MUSIQUE over
    P,I (New York, Rabot, Piano)."""
    state = new_state(players, 3, **options)
    state = with_play(state, active=0, round=1)
    return arrange(
        state,
        packets=("E", "RX", "ABC"),
        columns={0: ("O", "T"), 1: ("N", "A"), 2: ("P", "I")},
        themes={0: "VILLE", 1: "OUTIL", 2: "MUSIQUE"},
    )


def cards(state: ThemesState, packet: int, spec: str, column: int) -> tuple[str, ...]:
    pool = [*state.play.packets[packet], *state.visible_letters(column)]
    out: list[str] = []
    for letter in spec:
        out.append(
            next(c for c in pool if state.catalog.letters[c].letter == letter and c not in out)
        )
    return tuple(out)


def test_teams_alternate_around_the_table_and_default_to_teams_of_three_at_most() -> None:
    # « Nous vous conseillons de ne pas jouer à plus de 3 joueurs par équipe »; seats alternate
    assert [default_teams(n) for n in (4, 6, 7, 9, 10, 12)] == [2, 2, 3, 3, 4, 4]
    state = new_state(7)
    assert state.config.teams == 3
    assert state.config.members(0) == (0, 3, 6) and state.config.team_of(4) == 1
    assert new_state(6, equipes=3).config.members(2) == (2, 5)


def test_team_option_is_validated_in_french() -> None:
    with pytest.raises(InvalidOptions, match="plus de 3 joueurs"):
        new_state(7, equipes=2)
    with pytest.raises(InvalidOptions, match="un seul joueur"):
        new_state(5, equipes=3)
    with pytest.raises(InvalidOptions):
        Themes().new(3, 0, {"mode": "equipe"})
    with pytest.raises(InvalidOptions):  # the option is for the team mode only
        Themes().new(4, 0, {"mode": "classique", "equipes": 2})


def test_round_starts_with_packets_of_one_two_and_three_cards_and_the_hourglass() -> None:
    # « l'équipe active va recevoir 3 paquets de cartes Lettre composés de 1, 2 et 3 cartes »
    state = new_state(6)
    assert [len(p) for p in state.play.packets] == [1, 2, 3]
    assert len(state.draw) == 110 - 40 - 6
    members = state.config.members(state.play.active)
    assert state.to_move() == frozenset(members)  # any member may say a word
    (timer,) = state.rule_timers()
    assert timer.seconds == 45 and timer.action == Timeout() and timer.seat in members


def test_packet_holders() -> None:
    # « À 2 joueurs par équipe, un membre prend le paquet de 1 et 2 cartes, l'autre le paquet
    # de 3. À 3 joueurs par équipe, chaque membre reçoit un paquet. »
    two = with_play(new_state(4), active=0, round=1)
    assert two.play.holders(two) == (0, 0, 2)
    three = with_play(new_state(6), active=1, round=2)
    assert sorted(three.play.holders(three)) == [1, 3, 5]
    assert three.play.captain(three) == three.play.holders(three)[0]


def test_packets_are_hidden_from_other_teams_and_seen_by_teammates() -> None:
    # « qu'elle garde faces cachées » / « s'aider au sein d'une équipe »
    state = table(6)
    ids = {c for packet in state.play.packets for c in packet}
    for seat in range(6):
        text = json.dumps(state.view(seat))
        seen = {c for c in ids if f'"{c}"' in text}
        assert seen == (ids if state.config.team_of(seat) == 0 else set()), seat
    assert not any(f'"{c}"' in json.dumps(state.view(None)) for c in ids)
    other = state.resample_hidden(1, Rng.from_seed(3).draws())
    assert other.view(1) == state.view(1) and other.play.packets != state.play.packets
    assert state.resample_hidden(2, Rng.from_seed(3).draws()).play.packets == state.play.packets


def test_word_must_name_one_packet_and_use_only_its_letters() -> None:
    # each word uses the letters of one packet (at least one) and of one column (at least one)
    state = table()
    e = state.play.packets[0][0]
    r = state.play.packets[1][0]
    o = state.visible_letters(0)[0]
    with pytest.raises(IllegalAction, match="paquet"):
        state.apply(0, Word(0, "New York", (e, o)))
    with pytest.raises(IllegalAction, match="ne fait pas partie"):
        state.apply(0, Word(0, "New York", (e, r, o), packet=0))
    with pytest.raises(IllegalAction, match="sous VILLE"):
        state.apply(0, Word(0, "Ere", (e,), packet=0))
    after = state.apply(2, Word(0, "New York", (e, o), packet=0))
    assert after.play.used == (True, False, False)


def test_each_packet_serves_once_and_is_not_made_up() -> None:
    # « Les joueurs ne complètent pas les paquets une fois qu'ils ont trouvé un mot. »
    state = table()
    after = state.apply(0, Word(0, "New York", cards(state, 1, "RO", 0), packet=1))
    assert after.play.packets[1] == tuple(
        c for c in state.play.packets[1] if c not in after.won_letters[0]
    )
    assert len(after.play.packets[1]) == 1  # the X stays, unusable
    with pytest.raises(IllegalAction, match="déjà servi"):
        after.apply(
            0, Word(1, "Axe", (after.play.packets[1][0], after.visible_letters(1)[1]), packet=1)
        )


def test_three_words_keep_letters_and_themes_and_the_next_team_plays() -> None:
    # « Si l'équipe trouve ses 3 mots, elle conserve toutes les cartes Lettre et Thème »
    state = table()
    themes = tuple(state.piles[i][0] for i in range(3))
    state = state.apply(0, Word(0, "New York", cards(state, 0, "EO", 0), packet=0))
    state = state.apply(2, Word(1, "Rabot", cards(state, 1, "RA", 1), packet=1))
    assert state.play.active == 0 and state.play.round_themes == themes[:2]
    state = state.apply(0, Word(2, "Piano", cards(state, 2, "API", 2), packet=2))
    assert state.play.active == 1 and state.play.round == 2
    assert state.won_themes[0] == themes
    assert state.play.discarded_themes == ()
    assert [len(p) for p in state.play.packets] == [1, 2, 3]
    assert state.invariant_violations() == []


def test_fewer_words_keep_letters_but_discard_themes_and_unused_cards() -> None:
    # « elle conserve les cartes Lettre remportées mais doit défausser toutes les cartes Thème
    # remportées. Les cartes non utilisées sont également défaussées. »
    state = table()
    after = state.apply(0, Word(0, "New York", cards(state, 0, "EO", 0), packet=0))
    ville = state.piles[0][0]
    assert after.play.round_themes == (ville,)
    leftovers = [*after.play.packets[1], *after.play.packets[2]]
    ended = after.apply(2, EndTurn())
    assert len(ended.won_letters[0]) == 2 and ended.won_themes[0] == ()
    assert ended.play.discarded_themes == (ville,)
    assert set(leftovers) <= set(ended.box)
    assert ended.play.active == 1


def test_timeout_ends_the_round_like_end_turn() -> None:
    state = table()
    ended = state.apply(state.play.captain(state), Timeout())
    assert ended.play.active == 1 and ended.won_letters[0] == ()
    assert "Temps écoulé" in " ".join(ended.events)


def test_judge_is_a_seat_of_the_previous_team_and_votes_are_the_other_teams() -> None:
    # « Les autres équipes sont Joueurs Sablier et Juge »
    state = table(6, equipes=3)
    claim = Word(0, "Exo", cards(state, 0, "EO", 0), packet=0)
    judging = state.apply(3, claim)
    (judge,) = judging.claim.judges
    assert judging.config.team_of(judge) == 2  # the team before team 0
    voting = table(6, equipes=3, jugement="vote").apply(3, claim)
    assert set(voting.claim.judges) == {1, 2, 4, 5}
    accepted = judging.apply(judge, Verdict(True))
    assert accepted.play.used[0] and accepted.judgements[-1].by == "juge"
    refused = judging.apply(judge, Verdict(False))
    assert not refused.play.used[0] and refused.play.packets == state.play.packets


def test_hourglass_runs_on_while_the_judge_decides() -> None:
    state = table()
    judging = state.apply(0, Word(0, "Exo", cards(state, 0, "EO", 0), packet=0))
    captain = state.play.captain(state)
    timers = {t.key: t for t in judging.rule_timers()}
    assert timers[f"manche-{state.play.round}"].seat == captain
    late = judging.apply(captain, Timeout())
    assert late.phase == "jugement" and late.play.timed_out
    judge = late.claim.judges[0]
    done = late.apply(judge, Verdict(True))
    assert done.play.active == 1 and done.play.discarded_themes == (state.piles[0][0],)


def test_team_scores_are_shared_by_their_members() -> None:
    state = table(6, equipes=3)
    state = state.apply(0, Word(0, "New York", cards(state, 0, "EO", 0), packet=0))
    assert state.score(0) == state.score(3) == 2 and state.score(1) == 0
    outcome = replace(state, phase="fin").outcome()
    assert outcome is not None
    assert outcome.ranks == (1, 2, 2, 1, 2, 2) and outcome.scores == (2, 0, 0, 2, 0, 0)


def test_game_ends_when_three_piles_are_exhausted_or_packets_cannot_be_dealt() -> None:
    state = arrange(table(), packets=("E", "RX", "ABC"), draw=5)
    ended = state.apply(0, EndTurn())
    assert ended.is_over and "paquets" in ended.events[-1]


def test_other_actions_are_refused() -> None:
    state = table()
    for action in (GiveUp(), Verdict(True)):
        with pytest.raises(IllegalAction):
            state.apply(0, action)


def test_complete_action_picks_the_packet_and_cards() -> None:
    state = table()
    data = Themes().complete_action(state, 0, {"type": "mot", "colonne": 0, "mot": "New York"})
    assert isinstance(data, dict) and data["paquet"] in (0, 1)
    assert state.apply(0, Themes().decode_action(data)).play.used.count(True) == 1
    named = {"type": "mot", "colonne": 0, "mot": "New York", "cartes": data["cartes"]}
    assert Themes().complete_action(state, 0, named)["paquet"] == data["paquet"]  # from the cards


def test_view_names_teams_and_packets() -> None:
    state = table(6, equipes=3)
    view = state.view(4)
    assert view["mode"] == "equipe" and view["equipes"] == [[0, 3], [1, 4], [2, 5]]
    assert view["equipe"] == 1 and view["equipe_active"] == 0
    packets = view["paquets"]
    assert isinstance(packets, list)
    assert [p["restantes"] for p in packets] == [1, 2, 3]
    assert all("cartes" not in p for p in packets)
