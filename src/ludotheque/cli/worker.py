"""``ludotheque worker``: think for the bots of every ``serve --redis`` on the same Redis.

ludotheque worker --redis redis://localhost:6379/0            # one decision per core
LUDOTHEQUE_REDIS=redis://cache:6379/0 ludotheque worker --jobs 4
"""

from __future__ import annotations

from typing import Annotated

import typer

__all__ = ["register", "worker"]


def worker(
    redis: Annotated[
        str,
        typer.Option(
            "--redis",
            envvar="LUDOTHEQUE_REDIS",
            help="Redis des serveurs : redis://hôte:port/base (ou $LUDOTHEQUE_REDIS).",
        ),
    ],
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            min=1,
            help="Décisions de robots à la fois, chacune dans son processus (défaut : une par "
            "cœur).",
        ),
    ] = None,
) -> None:
    """Réfléchir pour les robots des serveurs lancés avec --redis (file ludotheque:robots)."""
    import asyncio
    import logging

    from ludotheque.server.bot_queue import check_url
    from ludotheque.server.bot_worker import work
    from ludotheque.server.robots import default_bot_workers

    try:
        check_url(redis)
    except ValueError as error:
        message = f"adresse Redis illisible ({error})"
        raise typer.BadParameter(message, param_hint="--redis") from None
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(message)s")
    status = asyncio.run(work(redis, jobs or default_bot_workers(), say=_say))
    if status:
        raise typer.Exit(status)


def _say(line: str) -> None:
    typer.echo(line)


def register(app: typer.Typer) -> None:
    app.command("worker")(worker)
