"""Fixtures of the several-servers tests: a :class:`~servers.Cluster` on a fresh PostgreSQL
database of the session's server and the session's ``redis-server`` (``tests/conftest.py``),
emptied for the test. When a test fails, its report shows every process's last log lines."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .servers import Cluster


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A failed test of a cluster: the processes' logs in its report."""
    report = yield
    running = getattr(item, "funcargs", {}).get("cluster")
    if report.when == "call" and report.failed and isinstance(running, Cluster):
        report.sections.append(("ludotheque serve processes", running.logs()))
    return report


@pytest.fixture
def cluster(postgres_server: Any, redis_url: str, tmp_path: Path) -> Iterator[Cluster]:
    """No process yet: ``cluster.start(n)``; every process is killed at the end, and a
    traceback in any process's log fails the test (an error the server only logged)."""
    running = Cluster(postgres_server.create_database("cluster"), redis_url, tmp_path)
    try:
        yield running
    finally:
        running.close()
    assert not running.tracebacks(), running.tracebacks()
