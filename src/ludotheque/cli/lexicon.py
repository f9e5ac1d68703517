"""``ludotheque lexicon``: check words against the games' dictionary, export it.

Mounted by ``ludotheque.cli.main`` with ``app.add_typer(lexicon.app, name="lexicon")``.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Annotated

import typer

from ludotheque.lexicon import common_words, normalize, proper_nouns

__all__ = ["app"]

app = typer.Typer(
    help=(
        "Dictionnaire français des jeux (d'après Grammalecte, MPL-2.0) : "
        "vérifier des mots, exporter la liste."
    ),
    no_args_is_help=True,
)


@app.command("check")
def check(
    words: Annotated[
        list[str],
        typer.Argument(help="Mots à vérifier (accents et casse indifférents).", metavar="MOT"),
    ],
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Un objet JSON : mot normalisé → true/false."),
    ] = False,
) -> None:
    """Dire si chaque mot est dans le dictionnaire : une ligne « MOT, tabulation, oui ou non »."""
    lexicon = common_words()
    checked = [(normalize(word), normalize(word) in lexicon.words) for word in words]
    if as_json:
        typer.echo(json.dumps(dict(checked), ensure_ascii=False))
    else:
        typer.echo("".join(f"{word}\t{'oui' if ok else 'non'}\n" for word, ok in checked), nl=False)


@app.command("export")
def export(
    proper: Annotated[
        bool,
        typer.Option("--noms-propres", help="Exporter la liste des noms propres."),
    ] = False,
) -> None:
    """Écrire toute la liste, triée, un mot par ligne."""
    lexicon = proper_nouns() if proper else common_words()
    text = "\n".join(lexicon) + "\n" if len(lexicon) else ""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. ``ludotheque lexicon export | head``
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise typer.Exit(0) from None
