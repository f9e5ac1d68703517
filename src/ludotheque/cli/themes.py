"""``ludotheque themes``: tools around Thèmes (the judges' decisions of played games)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from ludotheque.core.errors import LudoError
from ludotheque.core.record import GameRecord

app = typer.Typer(help="Thèmes : les décisions des juges des parties jouées.", no_args_is_help=True)


@app.command("decisions")
def decisions(
    files: Annotated[
        list[Path] | None,
        typer.Argument(help="Parties enregistrées (JSON, par exemple par « play themes »)."),
    ] = None,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            help="Base du serveur (URL SQLAlchemy, ou « defaut » pour celle de « serve ») : "
            "toutes ses parties de Thèmes.",
        ),
    ] = None,
    everything: Annotated[
        bool, typer.Option("--tous", help="Aussi les mots acceptés d'office (vocabulaire).")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Sortie JSON.")] = False,
) -> None:
    """Les mots jugés hors vocabulaire, acceptés ou refusés, pour enrichir les vocabulaires."""
    from ludotheque.games.themes.decisions import judgements_of, tally

    records: list[GameRecord] = []
    for path in files or []:
        try:
            records.append(GameRecord.loads(path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError, ValueError, LudoError) as error:
            typer.echo(f"Partie illisible : {path} ({error}).", err=True)
            raise typer.Exit(code=2) from None
    if database is not None:
        from ludotheque.server.storage import Storage, default_database_url

        storage = Storage(default_database_url() if database == "defaut" else database)
        try:
            for table_row, _seats, _moves in storage.load_tables():
                if table_row.game == "themes":
                    record = storage.load_record(table_row.id)
                    if record is not None:
                        records.append(record)
        finally:
            storage.close()
    judged = [j for record in records if record.game == "themes" for j in judgements_of(record)]
    rows = tally(judged, everything=everything)
    if as_json:
        typer.echo(
            json.dumps(
                [
                    {
                        "themes": list(r.themes),
                        "mot": r.word,
                        "acceptes": r.accepted,
                        "refuses": r.refused,
                    }
                    for r in rows
                ],
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    console = Console()
    table = Table(title=f"Décisions ({len(records)} parties)")
    table.add_column("Thème")
    table.add_column("Mot")
    table.add_column("Acceptés", justify="right")
    table.add_column("Refusés", justify="right")
    for row in rows:
        table.add_row(" + ".join(row.themes), row.word, str(row.accepted), str(row.refused))
    console.print(table)
