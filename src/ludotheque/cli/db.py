"""``ludotheque db``: the server's database, brought up to date or looked at.

ludotheque db upgrade [--database URL]   # to the current schema (Alembic revisions)
ludotheque db etat [--database URL]      # its revision and this release's

Mounted by ``ludotheque.cli.main`` with ``app.add_typer(db.app, name="db")``. Without
``--database``, the same default database as ``ludotheque serve``. A database that cannot be
opened, another program's, or one a newer release wrote: a French message, exit status 2.
``etat`` exits with 1 when the database needs ``upgrade`` (0 when it is up to date).
"""

from __future__ import annotations

from typing import Annotated

import typer

__all__ = ["app"]

app = typer.Typer(
    help="La base de données du serveur : la mettre à jour, voir où elle en est.",
    no_args_is_help=True,
)

Database = Annotated[
    str | None,
    typer.Option(
        "--database",
        help="Base de données : sqlite:///chemin ou postgresql://… (défaut : celle de "
        "« ludotheque serve », SQLite dans le dossier de données de l'utilisateur).",
    ),
]


def _url(database: str | None) -> str:
    from ludotheque.server.storage import StorageUnavailable, default_database_url

    try:
        return database or default_database_url()
    except StorageUnavailable as error:
        raise _fail(str(error)) from None


def _fail(message: str) -> typer.Exit:
    typer.echo(f"ludotheque : {message}", err=True)
    return typer.Exit(2)


@app.command("upgrade")
def upgrade(database: Database = None) -> None:
    """Mettre la base au schéma de cette version (sans rien perdre ; sans effet si elle y est)."""
    from ludotheque.server.storage import StorageUnavailable, shown_url, upgrade_database

    url = _url(database)
    try:
        before, after = upgrade_database(url)
    except StorageUnavailable as error:
        raise _fail(str(error)) from None
    shown = shown_url(url)
    if before.kind == "current":
        typer.echo(f"La base « {shown} » est déjà à jour : {after.described()}.")
    elif before.kind == "empty":
        typer.echo(f"Base « {shown} » créée : {after.described()}.")
    else:
        typer.echo(f"Base « {shown} » mise à jour : {before.described()} → {after.described()}.")


@app.command("etat")
def state(database: Database = None) -> None:
    """Dire où en est la base : sa révision et celle de cette version de ludotheque."""
    from ludotheque.server.migrations import described
    from ludotheque.server.storage import StorageUnavailable, database_state_of, shown_url

    url = _url(database)
    try:
        found = database_state_of(url)
    except StorageUnavailable as error:
        raise _fail(str(error)) from None
    shown = shown_url(url)
    typer.echo(f"Base : {shown}")
    typer.echo(f"Schéma de la base : {found.described()}")
    typer.echo(f"Schéma de cette version : {described(found.head)}")
    refusal = found.refusal(shown)
    if refusal is not None:
        raise _fail(refusal) if not found.needs_upgrade else _outdated(refusal)
    if found.kind == "empty":
        typer.echo("Elle sera créée au premier lancement de « ludotheque serve ».")
    else:
        typer.echo("Elle est à jour.")


def _outdated(message: str) -> typer.Exit:
    typer.echo(message)
    return typer.Exit(1)
