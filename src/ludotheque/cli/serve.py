"""``ludotheque serve``: the web platform (lobby, tables, bots) on uvicorn.

ludotheque serve                       # http://127.0.0.1:8000, SQLite in the data folder
ludotheque serve --database postgresql://localhost/ludotheque --port 8080
"""

from __future__ import annotations

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
        int | None,
        typer.Option(
            "--bot-workers",
            help="Processus qui font réfléchir les robots (défaut : un par cœur, moins "
            "prioritaires que le serveur ; 0 : des fils du serveur).",
        ),
    ] = None,
    bot_budget: Annotated[
        float, typer.Option("--bot-budget", help="Temps de réflexion maximal d'un robot (s).")
    ] = 10.0,
    bot_delay: Annotated[
        float,
        typer.Option(
            "--bot-delay", help="Pause minimale avant chaque coup de robot, pour le suivre (s)."
        ),
    ] = 0.6,
    bot_pace: Annotated[
        float,
        typer.Option(
            "--bot-pace",
            help="Facteur des temps de réflexion des robots (chaque niveau a son rythme : un "
            "Débutant prend son temps, un mot long demande plus de réflexion) ; 0 : ils jouent "
            "aussitôt.",
        ),
    ] = 1.0,
    table_rate: Annotated[
        str | None,
        typer.Option(
            "--table-rate",
            help="Tables qu'une même adresse peut créer (notation de « limits », ex. "
            "« 20/minute;200/hour », le défaut).",
        ),
    ] = None,
    message_rate: Annotated[
        str | None,
        typer.Option(
            "--message-rate",
            help="Messages WebSocket qu'une même adresse peut envoyer (défaut : "
            "« 20/second;600/minute »).",
        ),
    ] = None,
    sockets_per_client: Annotated[
        int | None,
        typer.Option(
            "--sockets-per-client",
            help="Connexions WebSocket ouvertes à la fois par adresse (défaut : 50).",
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            "--redis",
            envvar="LUDOTHEQUE_REDIS",
            help="Redis (redis://hôte:port/0) : plusieurs processus « serve » sur la même base "
            "PostgreSQL partagent alors leurs tables (voir docs/deploy.md). Sans : ce processus "
            "seul, comme avant.",
        ),
    ] = None,
    compress: Annotated[
        bool,
        typer.Option(
            "--compress/--no-compress",
            help="Compresser les messages WebSocket (moins d'octets, plus de calcul).",
        ),
    ] = False,
) -> None:
    """Lancer la plateforme web : ouvrez l'adresse affichée dans un navigateur."""
    import uvicorn

    from ludotheque.server.app import create_app
    from ludotheque.server.cluster import shown_redis
    from ludotheque.server.storage import StorageUnavailable, default_database_url, shown_url
    from ludotheque.server.throttle import Limits, Throttle

    defaults = Limits()
    try:
        limits = Limits(
            table_creations=table_rate or defaults.table_creations,
            socket_messages=message_rate or defaults.socket_messages,
            sockets_per_client=sockets_per_client or defaults.sockets_per_client,
        )
        Throttle(limits)  # the rates are read now: a bad one stops here, in French
    except ValueError as error:
        raise typer.BadParameter(f"limite illisible ({error})") from None
    try:
        url = database or default_database_url()
        app = create_app(
            url,
            bot_workers=bot_workers,
            bot_budget=bot_budget,
            bot_delay=bot_delay,
            bot_pace=bot_pace,
            limits=limits,
            redis=redis,
        )
    except StorageUnavailable as error:
        typer.echo(f"ludotheque : {error}", err=True)
        raise typer.Exit(2) from None
    settle_memory()
    shared = "" if redis is None else f", tables partagées par Redis : {shown_redis(redis)}"
    typer.echo(f"ludotheque : http://{host}:{port}/ (base : {shown_url(url)}{shared})")
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=1 << 20,
        ws_per_message_deflate=compress,
    )


def settle_memory() -> None:
    """Load the word lists (and the word finder's index) now and keep long-lived objects out of
    the garbage collector.

    The lexicon and the rebuilt tables are millions of objects that live as long as the server:
    frozen, they are no longer scanned by each full collection (whose pauses, 100–200 ms,
    set the tail latency under load); collections of young objects also run less often.
    """
    import gc

    from ludotheque.games.gutenberg.wordfinder import word_index
    from ludotheque.lexicon import common_words

    # The word finder's index too: a Gutenberg round's end shows its best word (the view's
    # ``wordfinder.best_words``), and building the index there froze every table 1–5 s once.
    word_index(common_words().words)
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
