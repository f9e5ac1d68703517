"""Gutenberg's analysis: each decision of a seat next to what the Expert would have done.

Read from a finished game's record (``docs/analysis.md``): at each decision of the seat, the
Expert level (:class:`~.bots_levels.GutenbergLevelBot`, which plays the strong engine with the
whole dictionary and no slip: its profile keeps the best move it finds) decides from the
seat's :class:`~ludotheque.bots.base.Observation` then, and the two choices are compared:

- **Writing** — the words by their points, the natural measure: « JOUER (12 points) » next to
  the Expert's « JOUEUR (16 points) »; the loss is the difference (none when the player's
  word scores as much). The details list the best words the cards allowed, and the open
  challenge the Expert's word would have met. Solo, rounds 2–4: the word and its offset are
  weighed by the chances of beating la Rotative (below).
- **Draft picks and claims** (multiplayer) — weighed as the Expert weighs them: on the same
  :data:`SAMPLES` states drawn from the seat's view (every hidden card redrawn, the rest of
  the round played out by the search's fast policies, the rest of the game drawn as a
  scenario), the points of the final word the seat's collection leads to. The loss is the
  difference of the two means, in points of that final word.
- **Solo** (draft picks, words with their offset, library cards) — on the same samples, the
  game played out to its end: the chance of beating la Rotative; the loss is the difference
  in percentage points.

Forced moves get no note: the last card of a packet, a claim with one possibility, a hand
that spells no word. Everything is drawn from the record's seed, the seat and the ply
(:func:`~ludotheque.bots.simulate.derive_seed`): the same record gives the same notes.

>>> from ludotheque.core.record import GameRecord
>>> analyse(GameRecord("gutenberg", 2, 1, {"mode": "classique"}), 0)
[]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ludotheque.bots.base import Observation
from ludotheque.bots.simulate import derive_seed
from ludotheque.core.analysis import DecisionNote, Verdict, seat_notes
from ludotheque.core.french import plural
from ludotheque.core.record import GameRecord
from ludotheque.core.rng import Draws, Rng

from .actions import Action, Claim, Pick, Shelve, Write
from .bots_common import cards_from_json
from .bots_greedy import own_hand, several_words
from .bots_levels import GutenbergLevelBot
from .cards import Card
from .deck import Challenge
from .game import Gutenberg
from .state import GutenbergState

__all__ = ["SAMPLES", "VERSION", "GutenbergAnalyst", "analyse"]

VERSION = 1
"""Bumped when the notes change: the server redoes analyses of an older version."""
SAMPLES = 48
"""States drawn from the seat's view to weigh a choice next to the Expert's (the Expert's own
search evaluates 128 a decision): the two choices are evaluated on the same samples."""
EXPERT_ITERATIONS: int | None = None
"""The Expert's search budget per decision (None: the live Expert's, 128 evaluations)."""
EXPERT_STREAM = 0xA1A1
"""The path (after the record's seed) of the Expert's draws; the evaluation's is the next."""
BEST_WORDS_SHOWN = 3
"""Words of a hand listed in a note's details."""

# Verdict thresholds: (« bon », « imprecision ») at most; « meilleur » at most the first.
WORD_POINTS = (0.0, 2.0, 5.0)  # a word's points (or 10 % and 30 % of the best, if more)
FINAL_WORD_POINTS = (0.5, 1.5, 4.0)  # the estimated final word's points
WIN_CHANCE = (2.0, 8.0, 20.0)  # percentage points of the chance to beat la Rotative


def analyse(record: GameRecord, seat: int) -> list[DecisionNote]:
    """One note per decision of ``seat`` in ``record`` where it had a choice, in order."""
    game = Gutenberg()
    analyst = GutenbergAnalyst(record.seed, seat)
    return seat_notes(
        game,
        record,
        seat,
        lambda ply, move: analyst.note(Observation.of(game, move.before, seat), move.action, ply),
    )


@dataclass(frozen=True, slots=True)
class _Estimate:
    """A choice weighed on the samples: the mean final word (multiplayer) or the share of
    games won and the mean margin over la Rotative (solo)."""

    value: float
    wins: float = 0.0
    margin: float = 0.0


class GutenbergAnalyst:
    """The Expert at one seat of one game (the record's ``seed``), deciding and weighing."""

    def __init__(self, seed: int, seat: int, samples: int | None = None) -> None:
        self.seed, self.seat = seed, seat
        self.samples = SAMPLES if samples is None else samples
        self.expert = GutenbergLevelBot("expert", max_iterations=EXPERT_ITERATIONS)
        assert self.expert.strong is not None  # the Expert searches
        self.strong = self.expert.strong

    def draws(self, ply: int, stream: int = 0) -> Draws:
        return Rng.from_seed(derive_seed(self.seed, EXPERT_STREAM + stream, self.seat, ply)).draws()

    def expert_action(self, observation: Observation, ply: int) -> Action:
        """What the Expert plays at decision ``ply`` (its draws derived from seed, seat, ply)."""
        action = self.expert.decide(observation, self.draws(ply)).action
        assert isinstance(action, (Pick, Write, Claim, Shelve))
        return action

    def note(self, observation: Observation, action: Action, ply: int) -> DecisionNote | None:
        """The note of the seat's ``action`` at decision ``ply``, None for a forced move."""
        phase = observation.view.get("phase")
        if phase == "draft" and isinstance(action, Pick):
            return self._pick(observation, action, ply)
        if phase == "write" and isinstance(action, Write):
            return self._write(observation, action, ply)
        if phase == "claim" and isinstance(action, Claim):
            return self._claim(observation, action, ply)
        if phase == "library" and isinstance(action, Shelve):
            return self._shelve(observation, action, ply)
        return None

    # --- weighing ------------------------------------------------------------------------------

    def estimate(
        self, observation: Observation, actions: Sequence[Action], ply: int
    ) -> list[_Estimate]:
        """Each action weighed on the same samples of the seat's view (see the module doc)."""
        draws = self.draws(ply, 1)
        solo = observation.view.get("mode") == "solo"
        claim = observation.view.get("phase") == "claim"
        totals = [[0.0, 0.0, 0.0] for _ in actions]
        for _ in range(self.samples):
            state, scenario = self.strong.sample(observation, draws)
            for total, action in zip(totals, actions, strict=True):
                if solo:
                    won, margin = self.strong.solo_result(state, action)
                    total[0] += won + 0.02 * margin
                    total[1] += won
                    total[2] += margin
                elif claim:
                    total[0] += self.strong.claim_value(self.seat, state, scenario, action)
                else:
                    total[0] += self.strong.round_value(self.seat, state, scenario, action)
        n = self.samples
        return [_Estimate(t[0] / n, 100 * t[1] / n, t[2] / n) for t in totals]

    def weighed(
        self,
        observation: Observation,
        played: Action,
        best: Action,
        ply: int,
        texts: tuple[str, str],
        extra: Sequence[str] = (),
    ) -> DecisionNote:
        """The note of two different choices weighed on the samples."""
        mine, expert = self.estimate(observation, (played, best), ply)
        solo = observation.view.get("mode") == "solo"
        details = list(extra)
        if solo:
            loss = max(0.0, expert.wins - mine.wins)
            verdict = grade(loss, WIN_CHANCE)
            details.append(
                f"Chances estimées de battre la Rotative : {expert.wins:.0f} % avec le choix "
                f"de l'Expert, {mine.wins:.0f} % avec le vôtre (écart final moyen : "
                f"{_signed(expert.margin)} contre {_signed(mine.margin)})."
            )
        else:
            loss = max(0.0, expert.value - mine.value)
            verdict = grade(loss, FINAL_WORD_POINTS)
            details.append(
                f"Mot final estimé : {_decimal(expert.value)} points avec le choix de "
                f"l'Expert, {_decimal(mine.value)} avec le vôtre."
            )
        shown = None if verdict == "meilleur" else texts[1]
        if shown is None:
            than = "négligeable" if loss > 0 else "nul : le vôtre est estimé au moins aussi bon"
            details.insert(0, f"L'Expert aurait choisi {texts[1]} ; l'écart est {than}.")
        return DecisionNote(ply, texts[0], shown, round(loss, 1), verdict, tuple(details))

    # --- the decisions ---------------------------------------------------------------------------

    def _pick(self, observation: Observation, action: Pick, ply: int) -> DecisionNote | None:
        packet = cards_from_json(observation.view.get("paquet"))
        if len({_face(card) for card in packet}) < 2:
            return None  # one kind of card: nothing to choose
        by_id = {card.id: card for card in packet}
        best = self.expert_action(observation, ply)
        assert isinstance(best, Pick)
        mine, theirs = by_id[action.card], by_id[best.card]
        texts = (f"la carte {_card(mine)}", f"la carte {_card(theirs)}")
        if _face(mine) == _face(theirs):
            return DecisionNote(ply, texts[0], None, 0.0, "meilleur")
        return self.weighed(observation, action, best, ply, texts)

    def _write(self, observation: Observation, action: Write, ply: int) -> DecisionNote | None:
        view = observation.view
        hand = own_hand(view)
        top = self.expert.whole.best(hand, top=BEST_WORDS_SHOWN)
        if not top:
            return None  # no word can be written: « pas de mot » is forced
        best = self.expert_action(observation, ply)
        assert isinstance(best, Write)
        by_id = {card.id: card for card in hand}
        mine, theirs = _points(action, by_id), _points(best, by_id)
        texts = (_write_text(action, by_id), _write_text(best, by_id))
        details = []
        if mine < top[0].score and not several_words(view):
            words = ", ".join(f"{play.word} ({plural(play.score, 'point')})" for play in top)
            details.append(f"Meilleurs mots possibles avec vos cartes : {words}.")
        solo, last = view.get("mode") == "solo", view.get("tour") == view.get("tours")
        if not solo and not last:
            details += self._challenges(observation, action, best, by_id, ply)
        if _same_write(action, best, by_id):
            return DecisionNote(ply, texts[0], None, 0.0, "meilleur", tuple(details))
        if solo and not last and view.get("ligne"):
            return self.weighed(observation, action, best, ply, texts, details)
        loss = max(0, theirs - mine)
        verdict = grade(loss, WORD_POINTS, theirs)
        shown = texts[1] if loss > 0 else None
        if shown is None and theirs == mine:
            details.insert(0, f"L'Expert aurait écrit {texts[1]} : autant de points.")
        return DecisionNote(ply, texts[0], shown, float(loss), verdict, tuple(details))

    def _challenges(
        self,
        observation: Observation,
        action: Write,
        best: Write,
        by_id: dict[str, Card],
        ply: int,
    ) -> list[str]:
        """The open challenges the Expert's word meets and the player's does not (the deck is
        public: its challenges are read on a drawn state)."""
        shown = observation.view.get("defis_ouverts")
        opened = (
            [c.get("id") for c in shown if isinstance(c, dict)] if isinstance(shown, list) else []
        )
        if not opened:
            return []
        state = observation.determinize(self.draws(ply, 2))
        assert isinstance(state, GutenbergState)
        found = []
        for challenge_id in opened:
            if not isinstance(challenge_id, str):
                continue
            challenge = state.catalog.challenges[challenge_id]
            if _meets(challenge, best, by_id) and not _meets(challenge, action, by_id):
                sentence = challenge.text.rstrip(" .")
                found.append(f"Le mot de l'Expert relève le défi « {sentence} ».")
        return found

    def _claim(self, observation: Observation, action: Claim, ply: int) -> DecisionNote | None:
        if len(observation.legal) < 2:
            return None
        pool = {card.id: card for card in cards_from_json(observation.view.get("lettres_en_jeu"))}
        texts_of = _challenge_texts(observation)
        best = self.expert_action(observation, ply)
        assert isinstance(best, Claim)
        texts = (_claim_text(action, pool, texts_of), _claim_text(best, pool, texts_of))
        if _claim_key(action, pool) == _claim_key(best, pool):
            return DecisionNote(ply, texts[0], None, 0.0, "meilleur")
        return self.weighed(observation, action, best, ply, texts)

    def _shelve(self, observation: Observation, action: Shelve, ply: int) -> DecisionNote | None:
        library = {c.id: c for c in cards_from_json(observation.view.get("bibliotheque"))}
        if len({_face(card) for card in library.values()}) < 2:
            return None
        best = self.expert_action(observation, ply)
        assert isinstance(best, Shelve)
        mine, theirs = library[action.card], library[best.card]
        texts = (f"la carte {_card(mine)}", f"la carte {_card(theirs)}")
        if _face(mine) == _face(theirs):
            return DecisionNote(ply, texts[0], None, 0.0, "meilleur")
        return self.weighed(observation, action, best, ply, texts)


# --- verdicts and texts ---------------------------------------------------------------------------


def grade(loss: float, thresholds: tuple[float, float, float], best: float = 0.0) -> Verdict:
    """The verdict of a loss: at most ``thresholds[0]`` « meilleur », then « bon », then
    « imprecision » (for word points, 10 % and 30 % of the best word when that is more).

    >>> grade(0, WORD_POINTS), grade(2, WORD_POINTS), grade(4, WORD_POINTS), grade(9, WORD_POINTS)
    ('meilleur', 'bon', 'imprecision', 'erreur')
    >>> grade(3, WORD_POINTS, best=30)
    'bon'
    """
    best_share = (0.1 * best, 0.3 * best) if thresholds is WORD_POINTS else (0.0, 0.0)
    if loss <= thresholds[0]:
        return "meilleur"
    if loss <= max(thresholds[1], best_share[0]):
        return "bon"
    if loss <= max(thresholds[2], best_share[1]):
        return "imprecision"
    return "erreur"


def _face(card: Card) -> tuple[str, int]:
    """What a card is worth in play: two cards with the same letters and points are one choice."""
    return card.letters, card.points


def _card(card: Card) -> str:
    return f"{card.letters} ({plural(card.points, 'point')})"


def _listing(items: Sequence[str]) -> str:
    """« A », « A et B », « A, B et C »."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " et " + items[-1]


def _points(action: Write, by_id: dict[str, Card]) -> int:
    return sum(by_id[card].points for play in action.plays for card in play.cards if card in by_id)


def _write_text(action: Write, by_id: dict[str, Card]) -> str:
    if not action.plays:
        return "aucun mot"
    words = " + ".join(play.word for play in action.plays)
    text = f"{words} ({plural(_points(action, by_id), 'point')})"
    if action.offset is not None:
        text += f", {_offset(action.offset)}"
    return text


def _offset(offset: int) -> str:
    """Solo: where the word is laid under the previous one (rule 18)."""
    if offset == 0:
        return "aligné sur le mot précédent"
    side = "gauche" if offset < 0 else "droite"
    return f"décalé de {plural(abs(offset), 'carte')} vers la {side}"


def _same_write(action: Write, best: Write, by_id: dict[str, Card]) -> bool:
    """The same words with cards worth the same (and the same offset)."""

    def key(write: Write) -> tuple[object, ...]:
        words = tuple(
            (play.word, tuple(_face(by_id[c]) for c in play.cards if c in by_id))
            for play in write.plays
        )
        return words, write.offset

    return key(action) == key(best)


def _meets(challenge: Challenge, write: Write, by_id: dict[str, Card]) -> bool:
    """Whether the (first) word meets the challenge, judged on its own (rules, 27)."""
    if not write.plays:
        return False
    play = write.plays[0]
    cards = tuple(by_id[c] for c in play.cards if c in by_id)
    return challenge.is_met(play.word, cards, [play.word])


def _challenge_texts(observation: Observation) -> dict[str, str]:
    shown = observation.view.get("defis_ouverts")
    texts: dict[str, str] = {}
    for challenge in shown if isinstance(shown, list) else []:
        if isinstance(challenge, dict):
            key, text = challenge.get("id"), challenge.get("texte")
            if isinstance(key, str) and isinstance(text, str):
                texts[key] = text.rstrip(" .")
    return texts


def _claim_key(action: Claim, pool: dict[str, Card]) -> tuple[object, ...]:
    return tuple(sorted(_face(pool[c]) for c in action.cards if c in pool)), action.challenge


def _claim_text(action: Claim, pool: dict[str, Card], challenges: dict[str, str]) -> str:
    items = [_card(pool[c]) for c in action.cards if c in pool] or ["aucune lettre"]
    if action.challenge is not None:
        sentence = challenges.get(action.challenge)
        items.append(f"le défi « {sentence} »" if sentence else "un défi")
    return _listing(items)


def _decimal(value: float) -> str:
    """« 18,5 » (French decimal comma)."""
    return f"{value:.1f}".replace(".", ",")


def _signed(value: float) -> str:
    """« +3,2 points », « −1,5 point »."""
    sign = "+" if value >= 0 else "−"
    amount = abs(value)
    unit = "point" if amount < 2 else "points"
    return f"{sign}{_decimal(amount)} {unit}"
