"""Fixtures shared by every test folder: a real PostgreSQL server for the session.

``postgres_server`` starts one for the whole session (``initdb`` in a temporary folder, then
``pg_ctl start`` on a free port of 127.0.0.1 and a Unix socket in that folder, trust
authentication, fsync off); :meth:`PostgresServer.create_database` gives each test a fresh
database ``t_<n>``. The binaries are found through ``$LUDOTHEQUE_PG_BINDIR``, ``pg_config
--bindir``, ``/usr/lib/postgresql/*/bin`` or ``PATH``; without them the PostgreSQL tests skip,
unless ``LUDOTHEQUE_REQUIRE_POSTGRES=1`` (set by CI), where they fail. Run as root, the server
runs as the ``postgres`` system user (``initdb`` refuses root). The server tests
(``tests/server``) and the browser tests (``tests/web``) use it.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import pytest

PG_PROGRAMS = ("initdb", "pg_ctl", "postgres")


# --- PostgreSQL ---------------------------------------------------------------------------------


def postgres_required() -> bool:
    """CI sets LUDOTHEQUE_REQUIRE_POSTGRES=1: a missing PostgreSQL is then a failure."""
    return os.environ.get("LUDOTHEQUE_REQUIRE_POSTGRES") == "1"


def skip_or_fail(reason: str) -> NoReturn:
    """Skip the test, or fail it when PostgreSQL is required."""
    if postgres_required():
        pytest.fail(f"{reason} (LUDOTHEQUE_REQUIRE_POSTGRES=1)", pytrace=False)
    pytest.skip(reason)


def _has_programs(folder: str | Path) -> bool:
    return all(os.access(Path(folder) / name, os.X_OK) for name in PG_PROGRAMS)


def _version_key(folder: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", folder))


def find_postgres_bindir() -> Path | None:
    """The folder of initdb, pg_ctl and postgres, or None."""
    candidates: list[str] = []
    if os.environ.get("LUDOTHEQUE_PG_BINDIR"):
        candidates.append(os.environ["LUDOTHEQUE_PG_BINDIR"])
    pg_config = shutil.which("pg_config")
    if pg_config:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            done = subprocess.run(
                [pg_config, "--bindir"], capture_output=True, text=True, timeout=10, check=False
            )
            if done.returncode == 0 and done.stdout.strip():
                candidates.append(done.stdout.strip())
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version_key, reverse=True)
    initdb = shutil.which("initdb")
    if initdb:
        candidates.append(str(Path(initdb).parent))
    for folder in candidates:
        if _has_programs(folder):
            return Path(folder)
    return None


def free_port() -> int:
    """A TCP port of 127.0.0.1 nobody listens on (now)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _system_user() -> pwd.struct_passwd | None:
    """The user the server runs as when the tests run as root (initdb refuses root)."""
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name)
    return None


@dataclass
class PostgresServer:
    """A running PostgreSQL server for the session; :meth:`create_database` per test."""

    bindir: Path
    base: Path
    port: int
    user: str = "postgres"
    host: str = "127.0.0.1"
    run_as: pwd.struct_passwd | None = None
    _numbers: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    @property
    def data_dir(self) -> Path:
        return self.base / "data"

    @property
    def socket_dir(self) -> Path:
        return self.base / "socket"

    @property
    def log_file(self) -> Path:
        return self.base / "postgres.log"

    def url(self, database: str) -> str:
        return f"postgresql://{self.user}@{self.host}:{self.port}/{database}"

    def connect(self, database: str = "postgres") -> Any:
        """An autocommit psycopg connection (close it)."""
        import psycopg

        return psycopg.connect(
            host=self.host,
            port=self.port,
            user=self.user,
            dbname=database,
            autocommit=True,
            connect_timeout=10,
        )

    def create_database(self, prefix: str = "t") -> str:
        """A new empty database (``t_<n>``); its URL."""
        name = f"{prefix}_{next(self._numbers)}"
        with self.connect() as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    # --- life ---------------------------------------------------------------------------------

    def run(self, *arguments: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
        """Run a PostgreSQL program (as ``run_as`` when set); raise with its output on failure."""
        command = [str(self.bindir / arguments[0]), *arguments[1:]]
        privileges: dict[str, Any] = {}
        if self.run_as is not None:
            privileges = {
                "user": self.run_as.pw_uid,
                "group": self.run_as.pw_gid,
                "extra_groups": [],
            }
        done = subprocess.run(
            command,
            cwd=self.base,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
            **privileges,
        )
        if done.returncode != 0:
            raise RuntimeError(
                f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
                f"\n{self.log_tail()}"
            )
        return done

    def log_tail(self) -> str:
        try:
            return self.log_file.read_text(encoding="utf-8", errors="replace")[-3000:]
        except OSError:
            return ""

    def init(self) -> None:
        self.socket_dir.mkdir()
        if self.run_as is not None:
            for path in (self.base, self.socket_dir):
                os.chown(path, self.run_as.pw_uid, self.run_as.pw_gid)
        self.run(
            "initdb",
            "-D",
            str(self.data_dir),
            "-U",
            self.user,
            "--auth=trust",
            "--encoding=UTF8",
            "--no-locale",
            "--no-sync",
            "--no-instructions",
        )

    def start(self) -> None:
        options = " ".join(
            [
                f"-p {self.port}",
                f"-k {self.socket_dir}",
                "-c listen_addresses=127.0.0.1",
                "-c fsync=off",
                "-c synchronous_commit=off",
                "-c full_page_writes=off",
                "-c max_connections=200",
            ]
        )
        self.run(
            "pg_ctl", "start", "-D", str(self.data_dir), "-l", str(self.log_file),
            "-w", "-t", "30", "-o", options,
        )  # fmt: skip

    def stop(self) -> None:
        try:
            self.run("pg_ctl", "stop", "-D", str(self.data_dir), "-m", "fast", "-w", "-t", "30")
        except (RuntimeError, subprocess.SubprocessError):
            with contextlib.suppress(RuntimeError, subprocess.SubprocessError):
                self.run("pg_ctl", "stop", "-D", str(self.data_dir), "-m", "immediate", "-w")


def start_postgres() -> PostgresServer:
    """Find the binaries, initdb, start the server (skip or fail when impossible)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        skip_or_fail("psycopg (PostgreSQL driver) is not installed")
    bindir = find_postgres_bindir()
    if bindir is None:
        skip_or_fail(
            "PostgreSQL server binaries (initdb, pg_ctl, postgres) not found: set "
            "LUDOTHEQUE_PG_BINDIR, put pg_config on PATH or install the Debian package "
            "postgresql"
        )
    run_as = None
    parent = None
    if os.geteuid() == 0:
        run_as = _system_user()
        if run_as is None:
            skip_or_fail("running as root without a 'postgres' or 'nobody' user for PostgreSQL")
        parent = "/tmp" if os.path.isdir("/tmp") else None  # reachable by that user
    base = Path(tempfile.mkdtemp(prefix="ludotheque-pg-", dir=parent))
    server = PostgresServer(bindir, base, free_port(), run_as=run_as)
    try:
        server.init()
        for attempt in range(3):
            try:
                server.start()
                break
            except RuntimeError:
                if attempt == 2:
                    raise
                server.port = free_port()  # another process took the port meanwhile
    except BaseException:
        server.stop()
        shutil.rmtree(base, ignore_errors=True)
        raise
    return server


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the whole session (stopped and removed at the end)."""
    server = start_postgres()
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(server.base, ignore_errors=True)


@pytest.fixture
def postgres_skip_or_fail() -> Callable[[str], None]:
    """The rule applied when PostgreSQL is missing (for its own test)."""
    return skip_or_fail


# --- Redis --------------------------------------------------------------------------------------


def redis_required() -> bool:
    """CI sets LUDOTHEQUE_REQUIRE_REDIS=1: a missing redis-server is then a failure."""
    return os.environ.get("LUDOTHEQUE_REQUIRE_REDIS") == "1"


@dataclass
class RedisServer:
    """A ``redis-server`` of the tests: no persistence, a free loopback port. :meth:`stop` and
    :meth:`start` again on the same port (the Redis-down tests)."""

    port: int
    base: Path
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        log = open(self.base / "redis.log", "ab")  # noqa: SIM115 (the process holds it)
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                "--appendonly", "no", "--dir", str(self.base), "--protected-mode", "no",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        log.close()
        for _ in range(200):
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as probe,
            ):
                probe.sendall(b"PING\r\n")
                if probe.recv(16).startswith(b"+PONG"):
                    return
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        raise RuntimeError(f"redis-server did not start: {self.log_tail()}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def flush(self) -> None:
        """Forget every key (each test starts from an empty Redis)."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=2) as probe:
            probe.sendall(b"FLUSHALL\r\n")
            probe.recv(16)

    def log_tail(self) -> str:
        with contextlib.suppress(OSError):
            return (self.base / "redis.log").read_text(errors="replace")[-2000:]
        return ""


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    """One ``redis-server`` for the whole session; skipped (failed in CI) when missing."""
    if shutil.which("redis-server") is None:
        reason = "redis-server not found: install the Debian package redis-server"
        if redis_required():
            pytest.fail(f"{reason} (LUDOTHEQUE_REQUIRE_REDIS=1)", pytrace=False)
        pytest.skip(reason)
    base = Path(tempfile.mkdtemp(prefix="ludotheque-redis-"))
    server = RedisServer(free_port(), base)
    try:
        server.start()
        yield server
    finally:
        server.stop()
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    """The session's Redis, emptied for this test, running (a test may have stopped it)."""
    if redis_server.process is None:
        redis_server.start()
    redis_server.flush()
    return redis_server.url
