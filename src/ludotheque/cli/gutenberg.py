"""``ludotheque gutenberg``: tools for Gutenberg, such as the best word a hand can spell.

Mounted by ``ludotheque.cli.main`` with ``app.add_typer(gutenberg.app, name="gutenberg")``.
A card is written as its letters then its points (``T2 E1 QU5 ENT4``); accents and lowercase
letters are accepted. ``best-word --json`` prints ``{"word": …, "score": …, "cards": […]}``
(``"word": null`` when nothing can be spelt), a list of them with ``--top K``; ``--batch FILE``
reads one hand a line (``-``: standard input) and answers one line each, in order.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Annotated, Any, TextIO

import typer

from ludotheque.core.errors import MalformedInput
from ludotheque.games.gutenberg.cards import Card
from ludotheque.games.gutenberg.wordfinder import WordPlay, best_words

__all__ = ["app", "parse_hand"]

app = typer.Typer(help="Outils pour Gutenberg.", no_args_is_help=True)


@app.callback()
def gutenberg() -> None:
    """Outils pour Gutenberg."""


def parse_hand(texts: Iterable[str]) -> list[Card]:
    """Cards from their notation; several may share one argument, separated by spaces.

    Each card gets its own id (``c1``, ``c2``…), so identical cards stay distinct.

    >>> [card.notation for card in parse_hand(["t2", "É1 QU5"])]
    ['T2', 'E1', 'QU5']
    """
    tokens = [token for text in texts for token in text.split()]
    return [Card.parse(token, f"c{i}") for i, token in enumerate(tokens, 1)]


def _as_json(play: WordPlay | None) -> dict[str, Any]:
    if play is None:
        return {"word": None, "score": 0, "cards": []}
    return {"word": play.word, "score": play.score, "cards": [c.notation for c in play.cards]}


def _as_text(play: WordPlay) -> str:
    cards = " ".join(card.notation for card in play.cards)
    return f"{play.word} : {play.score} point{'s' if play.score > 1 else ''} ({cards})"


NOTHING = "Aucun mot ne peut s'écrire avec ces cartes."


def _answer(cards: Sequence[Card], top: int | None, as_json: bool, one_line: bool) -> str:
    plays = best_words(cards, top=top or 1)
    if as_json:
        if top is None:
            return json.dumps(_as_json(plays[0] if plays else None), ensure_ascii=False)
        return json.dumps([_as_json(play) for play in plays], ensure_ascii=False)
    if not plays:
        return NOTHING
    if top is None:
        return _as_text(plays[0])
    if one_line:
        return " ; ".join(_as_text(play) for play in plays)
    return "\n".join(f"{rank}. {_as_text(play)}" for rank, play in enumerate(plays, 1))


def _fail(message: str) -> typer.Exit:
    typer.echo(message, err=True)
    return typer.Exit(code=2)


def _run_batch(lines: TextIO, top: int | None, as_json: bool) -> None:
    for number, line in enumerate(lines, 1):
        try:
            cards = parse_hand([line])
        except MalformedInput as error:
            raise _fail(f"Ligne {number} : {error.message}") from None
        typer.echo(_answer(cards, top, as_json, one_line=True))
        typer.get_text_stream("stdout").flush()


@app.command("best-word")
def best_word(
    cards: Annotated[
        list[str] | None,
        typer.Argument(
            help="Les cartes : lettres puis points, comme T2 E1 QU5 ENT4.",
            metavar="CARTE",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Sortie JSON (pour les programmes).")
    ] = False,
    top: Annotated[
        int | None,
        typer.Option("--top", help="Les K meilleurs mots (une liste en JSON).", metavar="K"),
    ] = None,
    batch: Annotated[
        str | None,
        typer.Option(
            "--batch",
            help="Une main par ligne dans ce fichier (« - » : l'entrée standard), "
            "une réponse par ligne.",
            metavar="FICHIER",
        ),
    ] = None,
) -> None:
    """Le meilleur mot à écrire avec ces cartes (score, plus forte carte, longueur)."""
    if top is not None and top < 1:
        raise _fail("--top doit valoir au moins 1.")
    if batch is not None:
        if cards:
            raise _fail("Donnez soit des cartes, soit --batch FICHIER, pas les deux.")
        if batch == "-":
            _run_batch(typer.get_text_stream("stdin"), top, as_json)
            return
        try:
            with open(batch, encoding="utf-8") as lines:
                _run_batch(lines, top, as_json)
        except OSError as error:
            raise _fail(f"Impossible de lire « {batch} » : {error.strerror}.") from None
        return
    if not cards:
        raise _fail("Indiquez des cartes (par exemple T2 E1 QU5) ou --batch FICHIER.")
    try:
        hand = parse_hand(cards)
    except MalformedInput as error:
        raise _fail(error.message) from None
    typer.echo(_answer(hand, top, as_json, one_line=False))
