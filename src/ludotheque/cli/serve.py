"""``ludotheque serve``: the web platform (lobby, tables, bots) on uvicorn.

ludotheque serve                       # http://127.0.0.1:8000, SQLite in the data folder
ludotheque serve --database postgresql://localhost/ludotheque --port 8080
"""

from __future__ import annotations

import os
from typing import Annotated

import typer

__all__ = ["register", "serve"]


def serve(
    host: Annotated[str, typer.Option("--host", help="Adresse d'écoute.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port d'écoute.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            help="Base de données : sqlite:///chemin ou postgresql://… "
            "(défaut : SQLite dans le dossier de données de l'utilisateur).",
        ),
    ] = None,
    bot_workers: Annotated[
        int,
        typer.Option(
            "--bot-workers",
            help="Processus qui font réfléchir les robots (0 : un fil du serveur).",
        ),
    ] = max(1, (os.cpu_count() or 2) - 1),
    bot_budget: Annotated[
        float, typer.Option("--bot-budget", help="Temps de réflexion maximal d'un robot (s).")
    ] = 10.0,
    bot_delay: Annotated[
        float,
        typer.Option("--bot-delay", help="Pause avant chaque coup de robot, pour le suivre (s)."),
    ] = 0.6,
) -> None:
    """Lancer la plateforme web : ouvrez l'adresse affichée dans un navigateur."""
    import uvicorn

    from ludotheque.server.app import create_app
    from ludotheque.server.storage import default_database_url

    url = database or default_database_url()
    app = create_app(url, bot_workers=bot_workers, bot_budget=bot_budget, bot_delay=bot_delay)
    typer.echo(f"ludotheque : http://{host}:{port}/ (base : {url})")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=1 << 20)


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
