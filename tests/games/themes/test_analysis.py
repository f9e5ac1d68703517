"""Thèmes' analysis of a finished game: one note per real decision of a seat, the Expert's word
next to the player's, in French, from the seat's view only (issue 12 § 3)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from ludotheque.bots.base import Observation
from ludotheque.bots.levels import LEVELS
from ludotheque.bots.simulate import ORDER_STREAM, derive_seed
from ludotheque.core.analysis import DecisionNote
from ludotheque.core.match import Match
from ludotheque.core.record import GameRecord
from ludotheque.core.rng import Rng
from ludotheque.games.themes import Themes
from ludotheque.games.themes.actions import (
    Action,
    EndTurn,
    GiveBack,
    GiveUp,
    Redraw,
    Timeout,
    Verdict,
    Word,
)
from ludotheque.games.themes.analysis import VERSION, analyse, note
from ludotheque.games.themes.analysis_values import worth
from ludotheque.games.themes.bots import make_bot
from ludotheque.games.themes.bots_levels import ThemesLevelBot
from ludotheque.games.themes.bots_moves import word_moves
from ludotheque.games.themes.bots_strong import weigh
from ludotheque.games.themes.classic import ClassicPlay
from ludotheque.games.themes.judging import robot_refusal
from ludotheque.games.themes.simultaneous import SimultaneousPlay
from ludotheque.games.themes.state import ThemesState
from ludotheque.games.themes.teams import TeamPlay

from .helpers import arrange, new_state, people_options

GAME = Themes()
Policy = Callable[[ThemesState, int, int], Action | None]
"""Overrides a seat's bot: (state, seat, ply of the move to come) → an action, or None."""

MODES: dict[str, tuple[int, dict[str, Any]]] = {
    "classique": (3, {"mode": "classique"}),
    "expert": (2, {"mode": "expert"}),
    "simultanee": (3, {"mode": "simultanee"}),
    "equipe": (4, {"mode": "equipe"}),
}


def recorded(
    players: int,
    seed: int,
    options: dict[str, Any],
    names: tuple[str, ...] = ("debutant", "expert", "fort", "intermediaire"),
    policy: Policy | None = None,
) -> GameRecord:
    """A whole game between bots (people's options: a judge from two players on), as the
    server records it; ``policy`` plays instead of a seat's bot where it answers."""
    match = Match.start(GAME, players, seed, people_options(players, options))
    bots = [make_bot(name) for name in names[:players]]
    draws = [Rng.from_seed(derive_seed(seed, seat)).draws() for seat in range(players)]
    order = Rng.from_seed(derive_seed(seed, ORDER_STREAM)).draws()
    for _ in range(2000):
        movers = sorted(match.state.to_move())
        if not movers:
            return match.record
        for seat in order.shuffled(movers) if len(movers) > 1 else movers:
            state = match.state
            if seat not in state.to_move():
                continue
            assert isinstance(state, ThemesState)
            action = policy(state, seat, len(match.record.moves) + 1) if policy else None
            if action is None:
                action = bots[seat].choose(Observation.of(GAME, state, seat), draws[seat])
            match.submit(seat, GAME.encode_action(action))
    raise AssertionError("the game did not end")


@cache
def game_of(mode: str, seed: int = 5) -> GameRecord:
    players, options = MODES[mode]
    return recorded(players, seed, options)


@cache
def notes_of(mode: str, seat: int) -> list[DecisionNote]:
    return analyse(game_of(mode), seat)


def seat_moves(record: GameRecord, seat: int) -> list[tuple[int, ThemesState, Action]]:
    """(ply, state before, action) of each move of ``seat``."""
    return [
        (index + 1, move.before, move.action)
        for index, move in enumerate(record.played(GAME))
        if move.seat == seat and isinstance(move.before, ThemesState)
    ]


def real_choice(state: ThemesState, seat: int, action: Action) -> bool:
    """What the analysis calls a decision: a word, a new hand, a verdict, a card chosen among
    several; an end of turn or « rien » only when a word (or a new hand) was possible."""
    if isinstance(action, (Word, Redraw, Verdict)):
        return True
    if isinstance(action, GiveBack):
        play = state.play
        assert isinstance(play, SimultaneousPlay)
        return len(play.won_cards(state, seat)) > 1
    if state.phase == "jugement":
        return False  # the hourglass ran out while a word was judged
    play = state.play
    may_redraw = isinstance(play, ClassicPlay) and play.may_redraw(state, seat)
    return bool(word_moves(state, seat)) or may_redraw


def texts(notes: list[DecisionNote]) -> str:
    return "\n".join(" ".join([n.played, n.best or "", *n.details]) for n in notes)


# --- one note per decision, in French --------------------------------------------------------


@pytest.mark.parametrize("mode", sorted(MODES))
def test_one_note_per_real_decision_of_the_seat_in_every_mode(mode: str) -> None:
    record = game_of(mode)
    players = record.players
    for seat in range(players):
        notes = notes_of(mode, seat)
        expected = [
            ply
            for ply, state, action in seat_moves(record, seat)
            if real_choice(state, seat, action)
        ]
        assert [n.ply for n in notes] == expected
        for found in notes:
            assert found.verdict in ("meilleur", "bon", "imprecision", "erreur")
            assert (found.best is None) == (found.verdict == "meilleur" or found.loss == 0)
            assert found.loss is None or found.loss >= 0
    assert any(notes_of(mode, seat) for seat in range(players))
    text = texts([n for seat in range(players) for n in notes_of(mode, seat)])
    assert not re.search(r"\b[LT]\d{2,3}\b", text), "a card's id reached the text"
    assert " pour " in text and "points" in text


def test_analysis_is_deterministic_and_versioned() -> None:
    record = game_of("classique")
    again = GameRecord.loads(record.dumps())
    assert analyse(again, 0) == notes_of("classique", 0)
    assert [n.to_json() for n in analyse(again, 1)] == [
        n.to_json() for n in notes_of("classique", 1)
    ]
    assert isinstance(VERSION, int) and VERSION >= 1


# --- the Expert's word is « meilleur », a worse one costs points ------------------------------


def full_strength_expert(seed: int) -> Policy:
    """Seat 0 played by the Expert taking in every theme, with the analysis' own draws; the
    others let it play (they end their turns, or find nothing)."""
    bot = ThemesLevelBot(replace(LEVELS["expert"], notice=1.0))

    def policy(state: ThemesState, seat: int, ply: int) -> Action | None:
        if seat != 0:
            if state.phase == "recherche":
                return GiveUp()
            return EndTurn() if state.phase == "jeu" else None
        draws = Rng.from_seed(derive_seed(seed, seat, ply)).draws()
        action: Action = bot.decide(Observation.of(GAME, state, seat), draws).action
        return action

    return policy


@pytest.mark.parametrize("mode", ["classique", "expert", "simultanee"])
def test_the_experts_own_words_are_meilleur_with_no_loss(mode: str) -> None:
    players, options = MODES[mode]
    # 300 s an hourglass: the bot's estimate of its time never cuts a word short.
    if mode != "simultanee":  # no hourglass there
        options = {**options, "secondes": 300}
    record = recorded(players, 11, options, policy=full_strength_expert(11))
    notes = analyse(record, 0)
    words = [n for n in notes if " pour " in n.played and not n.played.startswith("refuser")]
    assert len(words) >= 3
    for found in words:
        assert (found.verdict, found.loss, found.best) == ("meilleur", 0.0, None), found


def lowest_word(state: ThemesState, seat: int, ply: int) -> Action | None:
    """Seat 0 says the word worth the least it can (else its bot plays)."""
    if seat != 0 or state.phase not in ("jeu", "recherche"):
        return None
    moves = word_moves(state, seat)
    if isinstance(state.play, ClassicPlay) and state.play.words_in_turn:
        return None
    return min(moves, key=lambda move: move.value).word if moves else None


@pytest.mark.parametrize("mode", ["classique", "simultanee", "equipe"])
def test_the_lowest_scoring_word_gets_a_loss_and_a_worse_verdict(mode: str) -> None:
    players, options = MODES[mode]
    record = recorded(players, 3, options, policy=lowest_word)
    worse = [n for n in analyse(record, 0) if n.loss and n.best and " pour " in n.played]
    assert worse, "the lowest word was never worse than the Expert's"
    for found in worse:
        assert found.verdict != "meilleur"
        assert re.search(r"\(\d+ points?", found.best or "")
        assert found.details[0].startswith("L'Expert aurait pris ")
    points = [int(re.search(r"\((\d+) point", n.played).group(1)) for n in worse]  # type: ignore[union-attr]
    best = [int(re.search(r"\((\d+) point", n.best or "").group(1)) for n in worse]  # type: ignore[union-attr]
    if mode != "equipe":  # there the plan for the other packets counts too
        assert all(b >= p for p, b in zip(points, best, strict=True))
        assert any(b > p for p, b in zip(points, best, strict=True))


def test_a_turn_ended_without_a_word_is_a_missed_word_after_words_it_is_no_error() -> None:
    state = new_state(2, seed=4)
    seat = state.play.active
    moves = word_moves(state, seat)
    assert moves
    best = max(move.value for move in moves)
    ended = note(state, seat, EndTurn(), 1, 4)
    assert ended is not None and ended.played == "fin du tour"
    assert ended.loss is not None and ended.loss >= best and ended.verdict == "erreur"
    assert ended.best is not None and " pour " in ended.best
    assert any(line.startswith("Autres mots possibles : ") for line in ended.details)
    # The hourglass runs out after a word said: the word left is shown, no mistake counted.
    word = moves[0].word
    after = state.apply(seat, word)
    assert word_moves(after, seat)
    late = note(after, seat, Timeout(), 2, 4)
    assert late is not None and late.played == "sablier écoulé"
    assert (late.verdict, late.loss) == ("bon", None)
    assert late.details[0] == "Le sablier s'est écoulé après 1 mot : il restait celui de l'Expert."
    stopped = note(after, seat, EndTurn(), 2, 4)
    assert stopped is not None and (stopped.verdict, stopped.loss) == ("bon", None)
    assert stopped.details[0].startswith("Vous avez fini votre tour après 1 mot : il restait ")
    # With no word possible and no new hand to draw, ending the turn is no decision.
    empty = no_word_table(state, seat)
    assert not word_moves(empty, seat)
    assert (
        note(replace(empty, play=replace(empty.play, redrawn=True)), seat, EndTurn(), 3, 4) is None
    )
    redraw = note(empty, seat, EndTurn(), 3, 4)
    assert redraw is not None and redraw.best == "changer de lettres"
    assert (redraw.verdict, redraw.loss) == ("imprecision", None)
    assert redraw.details[0].startswith("Aucun mot des vocabulaires ne convenait à vos lettres")
    changed = note(empty, seat, Redraw(), 3, 4)
    assert changed is not None and (changed.verdict, changed.loss) == ("meilleur", 0.0)


def no_word_table(state: ThemesState, seat: int) -> ThemesState:
    """``state`` with ``seat`` holding an X alone (its other letters boxed) and rare letters on
    the columns: no word of any vocabulary fits."""
    table = arrange(
        state,
        hands={seat: "XAB"},
        columns={0: ("Q", "Z"), 1: ("K", "W"), 2: ("Y", "J"), 3: ("H", "I")},
        active=seat,
    )
    hand = table.play.hands[seat]
    kept = tuple(c for c in hand if table.catalog.letters[c].letter == "X")
    hands = tuple(kept if s == seat else h for s, h in enumerate(table.play.hands))
    boxed = replace(
        table,
        play=replace(table.play, hands=hands),
        box=(*table.box, *(c for c in hand if c not in kept)),
    )
    assert boxed.invariant_violations() == []
    return boxed


def test_worth_is_the_strong_bots_weigh_with_every_next_word() -> None:
    state = new_state(3, seed=8)
    seat = state.play.active
    for move in word_moves(state, seat)[:12]:
        after = state.apply(seat, move.word)

        def follow(later: ThemesState) -> list[Word]:
            return [m.word for m in word_moves(later, seat)]

        assert worth(state, seat, move.word, after) == weigh(state, seat, move.word, follow)


# --- the judge, and words that went to it ------------------------------------------------------


def judged_table(hand: str = "ERX") -> ThemesState:
    """A classic table of three people (the judge of seat 0 is seat 2): VILLE above O and T."""
    return arrange(
        new_state(3, seed=2),
        hands={0: hand},
        columns={0: ("O", "T"), 1: ("N", "A")},
        themes={0: "VILLE", 1: "OUTIL"},
        active=0,
    )


def test_verdicts_next_to_the_robot_judge() -> None:
    table = judged_table()
    e, r = (c for c in table.play.hands[0] if table.catalog.letters[c].letter in "ER")
    o = table.visible_letters(0)[0]
    ville = table.catalog.words("VILLE").forms
    for text, reason in (("Rome-Est", "hors_vocabulaire"), ("Roxer", "inconnu")):
        assert robot_refusal(text, [ville]) == reason
        claim = table.apply(0, Word(0, text, (e, r, o)))
        accept = note(claim, 2, Verdict(True), 2, 2)
        refuse = note(claim, 2, Verdict(False), 2, 2)
        assert accept is not None and refuse is not None
        assert refuse.played == f"refuser « {text} » pour VILLE" and refuse.verdict == "meilleur"
        assert accept.played == f"accepter « {text} » pour VILLE"
        if reason == "hors_vocabulaire":  # the judge's call: the robot keeps to the vocabulary
            assert (accept.verdict, accept.loss) == ("bon", None)
            assert accept.best == f"refuser « {text} » pour VILLE (hors vocabulaire)"
        else:  # not a word: it could not be accepted
            assert accept.verdict == "erreur" and accept.loss == 4.0
            assert accept.details == (
                f"« {text} » ne pouvait pas être accepté : ce n'est pas un mot du dictionnaire.",
            )
        silent = note(claim, 2, Verdict(True, silent=True), 2, 2)
        assert silent is not None and silent.played.startswith("silence : ")


def test_a_word_the_judge_accepted_counts_its_points_a_refused_one_none() -> None:
    table = judged_table()
    e, r = (c for c in table.play.hands[0] if table.catalog.letters[c].letter in "ER")
    word = Word(0, "Rome-Est", (e, r, table.visible_letters(0)[0]))
    accepted = note(table, 0, word, 1, 2, accepted=True)
    refused = note(table, 0, word, 1, 2, accepted=False)
    assert accepted is not None and refused is not None
    assert accepted.played == "« Rome-Est » pour VILLE (4 points, accepté par le juge)"
    assert refused.played == "« Rome-Est » pour VILLE (refusé par le juge : aucun point)"
    assert refused.loss is not None and accepted.loss is not None
    assert refused.loss > accepted.loss


def test_a_whole_game_with_a_judge_notes_the_word_and_the_verdict() -> None:
    def stray(state: ThemesState, seat: int, ply: int) -> Action | None:
        if seat == 0 and state.phase == "jeu" and not state.play.words_in_turn:
            # A word of another theme's vocabulary, as a person writes it: to the judge.
            for word in state.word_choices(seat, other_themes=True):
                shown = next(
                    form
                    for vocabulary in state.catalog.vocabularies.values()
                    if (form := vocabulary.display(word.word))
                )
                themes = [state.catalog.words(t).forms for t in state.claim_themes(word)]
                if robot_refusal(shown, themes) == "hors_vocabulaire":
                    return replace(word, word=shown)
            return None
        if seat == 1 and state.phase == "jugement":
            return Verdict(True)
        return None

    record = recorded(2, 6, {"mode": "classique"}, ("fort", "fort"), policy=stray)
    saying, judging = analyse(record, 0), analyse(record, 1)
    judged = [n for n in saying if "par le juge" in n.played]
    verdicts = [n for n in judging if n.played.startswith("accepter ")]
    assert judged and verdicts
    assert all(n.played.endswith("accepté par le juge)") for n in judged)
    assert all(n.verdict == "bon" and "(hors vocabulaire)" in (n.best or "") for n in verdicts)


def test_the_card_given_back_next_to_the_cheapest() -> None:
    start = GAME.new(3, 9, people_options(3, {"mode": "simultanee"}))
    assert isinstance(start, ThemesState)
    letters = start.catalog.letters
    plain = next(c for c in start.draw if letters[c].points == 1)
    double = next(c for c in start.draw if letters[c].points == 2)
    # Seat 0 won a plain letter and a constraint letter, then a word of its was refused.
    owing = replace(
        start,
        draw=tuple(c for c in start.draw if c not in (plain, double)),
        won_letters=((plain, double), (), ()),
        play=replace(start.play, debts=(1, 0, 0), out=(True, False, False)),
    )
    assert owing.invariant_violations() == []
    assert GiveBack(double) in owing.legal_actions(0)
    dear = note(owing, 0, GiveBack(double), 1, 9)
    cheap = note(owing, 0, GiveBack(plain), 1, 9)
    assert dear is not None and cheap is not None
    assert (cheap.verdict, cheap.loss, cheap.best) == ("meilleur", 0.0, None)
    assert (dear.loss, dear.verdict) == (1.0, "bon")
    assert (
        dear.played == f"rendre la lettre {letters[double].letter} (" + dear.played.split("(", 1)[1]
    )
    assert dear.best == f"rendre la lettre {letters[plain].letter} (1 point)"


def test_a_team_that_ends_its_round_with_words_left_loses_its_themes_too() -> None:
    record = game_of("equipe")
    for ply, state, _action in seat_moves(record, 0):
        play = state.play
        if isinstance(play, TeamPlay) and state.phase == "jeu" and word_moves(state, 0):
            ended = note(state, 0, EndTurn(), ply, record.seed)
            assert ended is not None and ended.played == "fin de la manche"
            assert ended.loss is not None and ended.loss > 0 and ended.best is not None
            assert ", paquet de " in ended.best
            return
    raise AssertionError("no team round with a word left")


# --- only the seat's view ------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["classique", "expert", "equipe"])
def test_a_note_reads_only_what_the_seat_saw(mode: str) -> None:
    """The same note when every card the seat could not see is dealt otherwise: the other
    hands (packets), the draw pile, the cards under the visible ones, the theme piles."""
    record = game_of(mode)
    decided = 0
    for ply, state, action in seat_moves(record, 0):
        if isinstance(action, Verdict):
            continue  # a verdict reads the word shown to the judge only
        found = note(state, 0, action, ply, record.seed, accepted=True)
        for redeal in (1, 2):
            other = state.resample_hidden(0, Rng.from_seed(redeal).draws())
            assert other != state or not state.hides_between_seats()
            assert note(other, 0, action, ply, record.seed, accepted=True) == found
        decided += found is not None
    assert decided >= 3


def test_an_opponents_hand_never_appears_in_the_text() -> None:
    """A hand held out of sight: the Expert's words and the others listed use the seat's
    own letters and the visible columns only."""
    record = game_of("classique")
    for ply, state, action in seat_moves(record, 0):
        found = note(state, 0, action, ply, record.seed)
        if found is None or not isinstance(state.play, ClassicPlay):
            continue
        own = {state.catalog.letters[c].letter for c in state.play.hands[0]}
        visible = {
            state.catalog.letters[c].letter for i in range(4) for c in state.visible_letters(i)
        }
        for line in found.details:
            if line.startswith("L'Expert aurait pris "):
                taken = re.findall(r"\b([A-Z])\b", line.removeprefix("L'Expert aurait pris "))
                assert set(taken) <= own | visible, (line, own, visible)
