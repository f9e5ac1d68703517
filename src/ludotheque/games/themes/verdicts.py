"""A word before the judge (D10–D12), the same in every variant.

A word outside its theme's vocabulary becomes a :class:`Claim`: the judge seat (``juge``) or
every other seat (``vote``) answers within its window, silence is yes, and a vote refuses only
when more than half refuse. Every decision is logged as a :class:`Judgement`, so that the
vocabularies can grow. Who the judges are in Équipe, and what a decision does to the table,
is each variant's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ludotheque.core.errors import IllegalAction
from ludotheque.core.protocol import RuleTimer, Seat

from .actions import Action, Verdict, Word
from .judging import REASONS, Judging, judge_seat
from .table import Catalog

__all__ = [
    "Claim",
    "Judgement",
    "cast_vote",
    "judge_timers",
    "judges_for",
    "open_claim",
    "pending_judges",
    "verdict_checked",
    "vocabulary_judgement",
]


@dataclass(frozen=True, slots=True)
class Claim:
    """A word waiting for its verdict (D10): who said it, for what, with which cards."""

    seat: Seat
    column: int
    fifth: bool
    word: str
    cards: tuple[str, ...]
    themes: tuple[str, ...]
    judges: tuple[Seat, ...]
    votes: tuple[bool | None, ...]
    number: int  # the table's n-th word sent to judgement (names its hourglass)
    reasons: tuple[str | None, ...] = ()  # why each judge refused, when it said


@dataclass(frozen=True, slots=True)
class Judgement:
    """A logged decision on a word (D12): so that the vocabularies can grow."""

    turn: int
    seat: Seat
    themes: tuple[str, ...]
    word: str
    accepted: bool
    by: str  # "vocabulaire", "juge", "vote", "silence"
    reason: str | None = None  # a refusal's reason, when the judge gave one (REASONS)

    def refusal_line(self, tail: str) -> str:
        """« « X » est refusé (hors vocabulaire) : ``tail`` »."""
        said = REASONS.get(self.reason or "")
        why = f" ({said})" if said else ""
        return f"« {self.word} » est refusé{why} : {tail}"


def cast_vote(
    claim: Claim, seat: Seat, verdict: Verdict, turn: int
) -> tuple[Claim, Judgement | None]:
    """Record ``seat``'s answer on ``claim``; once every judge has answered, the decision (D10):
    the judge's word, or a vote that refuses only when more than half refuse. A refusal keeps
    the first reason a refusing judge gave."""
    votes = tuple(
        verdict.accept if judge == seat else vote
        for judge, vote in zip(claim.judges, claim.votes, strict=True)
    )
    old = claim.reasons or (None,) * len(claim.judges)
    reasons = tuple(
        verdict.reason if judge == seat and not verdict.accept else why
        for judge, why in zip(claim.judges, old, strict=True)
    )
    claim = replace(claim, votes=votes, reasons=reasons)
    if any(vote is None for vote in votes):
        return claim, None
    refusals = sum(1 for vote in votes if vote is False)
    accepted = refusals * 2 <= len(votes) if len(votes) > 1 else refusals == 0
    by = "vote" if len(votes) > 1 else "silence" if verdict.silent else "juge"
    reason = None if accepted else next((why for why in reasons if why is not None), None)
    return claim, Judgement(turn, claim.seat, claim.themes, claim.word, accepted, by, reason)


def pending_judges(claim: Claim | None) -> frozenset[Seat]:
    """The judges of ``claim`` who have not answered yet."""
    if claim is None:
        return frozenset()
    return frozenset(j for j, v in zip(claim.judges, claim.votes, strict=True) if v is None)


def judges_for(judging: Judging, seat: Seat, players: int) -> tuple[Seat, ...]:
    """D10: the judge seat (``juge``), or every other seat (``vote``)."""
    if judging == "vote":
        return tuple(s for s in range(players) if s != seat)
    return (judge_seat(seat, players),)


def judge_timers(claim: Claim | None, judge_time: int) -> list[RuleTimer[Action]]:
    """The judges' windows on ``claim`` (silence is yes)."""
    if claim is None:
        return []
    return [
        RuleTimer(
            judge,
            judge_time,
            f"jugement-{claim.number}-place-{judge + 1}",
            Verdict(True, silent=True),
            label="Délai du juge",
        )
        for judge, vote in zip(claim.judges, claim.votes, strict=True)
        if vote is None
    ]


def verdict_checked(judging: bool, action: Action) -> bool:
    """Raise when ``action`` does not fit the phase (a verdict exactly while a word is judged);
    True when it is a verdict, with nothing more to check."""
    if judging:
        if not isinstance(action, Verdict):
            raise IllegalAction("Un mot est soumis au juge : validez-le ou refusez-le.")
        return True
    if isinstance(action, Verdict):
        raise IllegalAction("Aucun mot n'attend de jugement.")
    return False


def vocabulary_judgement(
    catalog: Catalog, turn: int, seat: Seat, themes: tuple[str, ...], word: str
) -> Judgement:
    """The log line of a word of the vocabulary (accepted without a judge), as shown."""
    shown = catalog.words(themes[0]).display(word) or word
    return Judgement(turn, seat, themes, shown, True, "vocabulaire")


def open_claim(
    seat: Seat,
    action: Word,
    themes: tuple[str, ...],
    judges: tuple[Seat, ...],
    number: int,
    *,
    fifth: bool = False,
) -> Claim:
    """``action`` sent to ``judges``, the table's ``number``-th word judged."""
    return Claim(
        seat=seat,
        column=action.column,
        fifth=fifth,
        word=action.word,
        cards=action.cards,
        themes=themes,
        judges=judges,
        votes=(None,) * len(judges),
        number=number,
        reasons=(None,) * len(judges),
    )
