"""Rate limits and the open-sockets cap shared by several server processes through a real Redis
(issue 19): two :class:`Throttle` on one Redis stand for two ``serve --redis`` processes
behind one load balancer. A killed process's sockets stop counting after its time to live;
with Redis stopped each process limits alone, in its memory, and shares again once it is back.
"""

from __future__ import annotations

import logging
import socket
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from ludotheque.server import shared_counts
from ludotheque.server.throttle import Limits, RateLimited, Throttle

Make = Callable[..., Throttle]


@pytest.fixture
def make_throttle(redis_url: str) -> Iterator[Make]:
    """``make(limits, process=…)``: a throttle on the test's Redis (a process), closed after."""
    made: list[Throttle] = []

    def make(limits: Limits, process: str | None = None) -> Throttle:
        throttle = Throttle(limits, redis=redis_url, process=process)
        made.append(throttle)
        return throttle

    yield make
    for throttle in made:
        throttle.close()


def refused(action: Callable[[], Any]) -> RateLimited:
    with pytest.raises(RateLimited) as caught:
        action()
    return caught.value


def until(condition: Callable[[], bool], seconds: float) -> float:
    """Seconds until ``condition()`` held (polled every 50 ms); fails after ``seconds``."""
    start = time.monotonic()
    while not condition():
        assert time.monotonic() - start < seconds, f"still false after {seconds} s"
        time.sleep(0.05)
    return time.monotonic() - start


def test_table_creations_are_counted_across_both_processes(make_throttle: Make) -> None:
    limits = Limits(table_creations="3/minute")
    first, second = make_throttle(limits), make_throttle(limits)
    first.create_table("10.0.0.7")
    second.create_table("10.0.0.7")
    first.create_table("10.0.0.7")
    for throttle in (second, first):  # the fourth, through either process
        error = refused(lambda throttle=throttle: throttle.create_table("10.0.0.7"))
        assert (error.status, error.code) == (429, "trop_de_tables")
        assert 1 <= error.retry_after <= 60
        assert "Trop de tables créées depuis votre adresse : réessayez dans" in error.message
    second.create_table("10.0.0.8")  # another address has its own count
    # Refused attempts are not counted: still three in Redis for the first address.
    assert first.shared is not None
    stats = first.shared.limiter.get_window_stats(first.creations[0], "tables", "10.0.0.7")
    assert stats.remaining == 0
    assert not first.shared.down and not second.shared.down  # type: ignore[union-attr]


def test_socket_messages_of_one_client_are_counted_across_both_processes(
    make_throttle: Make,
) -> None:
    limits = Limits(socket_messages="4/minute")
    first, second = make_throttle(limits), make_throttle(limits)
    assert [first.message("10.0.0.7"), second.message("10.0.0.7")] == [0, 0]
    assert [first.message("10.0.0.7"), second.message("10.0.0.7")] == [0, 0]
    waits = [first.message("10.0.0.7"), second.message("10.0.0.7")]
    assert all(1 <= wait <= 60 for wait in waits)
    assert second.message("10.0.0.9") == 0


def test_login_failures_per_name_are_counted_across_both_processes(make_throttle: Make) -> None:
    limits = Limits(login_failures_per_name="3/15 minutes", login_failures_per_client="100/hour")
    first, second = make_throttle(limits), make_throttle(limits)
    # A distributed guess: three addresses, two processes, one account name.
    first.check_login("alice", "10.0.0.1")
    first.login_failed("alice", "10.0.0.1")
    second.check_login("alice", "10.0.0.2")
    second.login_failed("alice", "10.0.0.2")
    first.check_login("alice", "10.0.0.3")
    first.login_failed("alice", "10.0.0.3")
    for throttle in (first, second):
        error = refused(lambda throttle=throttle: throttle.check_login("alice", "10.0.0.4"))
        assert (error.status, error.code) == (429, "trop_de_tentatives")
        assert 14 * 60 < error.retry_after <= 15 * 60
        assert error.message.startswith("Trop de tentatives de connexion : réessayez dans ")
    second.check_login("bruno", "10.0.0.4")  # another name is not locked


def test_open_sockets_are_capped_across_both_processes_and_a_closed_one_frees_a_place(
    make_throttle: Make,
) -> None:
    limits = Limits(sockets_per_client=3)
    first, second = make_throttle(limits), make_throttle(limits)
    assert [first.open_socket("10.0.0.7"), first.open_socket("10.0.0.7")] == [True, True]
    assert second.open_socket("10.0.0.7")
    assert not second.open_socket("10.0.0.7")
    assert not first.open_socket("10.0.0.7")
    assert second.open_socket("10.0.0.8")  # another address
    first.close_socket("10.0.0.7")
    assert second.open_socket("10.0.0.7")
    assert not first.open_socket("10.0.0.7")
    assert first.shared is not None and first.shared.open_sockets("10.0.0.7") == 3
    assert (first.sockets["10.0.0.7"], second.sockets["10.0.0.7"]) == (1, 2)


def test_a_killed_process_sockets_stop_counting_after_its_time_to_live(
    make_throttle: Make,
) -> None:
    ttl = 0.6
    limits = Limits(sockets_per_client=2, socket_counts_seconds=ttl)
    doomed, survivor = make_throttle(limits), make_throttle(limits)
    assert doomed.open_socket("10.0.0.7") and doomed.open_socket("10.0.0.7")
    # While the process lives (its heartbeat renews its counts), they hold past the ttl.
    start = time.monotonic()
    while time.monotonic() - start < 2.5 * ttl:
        doomed.heartbeat()
        assert not survivor.open_socket("10.0.0.7")
        time.sleep(ttl / 4)
    # Killed: no heartbeat, no close. Its sockets stop counting by themselves.
    waited = until(lambda: survivor.open_socket("10.0.0.7"), 5.0)
    assert waited <= ttl + 0.5
    assert survivor.open_socket("10.0.0.7")
    assert not survivor.open_socket("10.0.0.7")  # the cap holds over the survivor's own


def test_redis_stopped_each_process_limits_in_memory_and_shares_again_when_it_is_back(
    make_throttle: Make,
    redis_server: Any,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(shared_counts, "RETRY_SECONDS", 0.2)
    caplog.set_level(logging.WARNING, logger="ludotheque.server.shared_counts")
    limits = Limits(table_creations="3/minute", sockets_per_client=2)
    first, second = make_throttle(limits), make_throttle(limits)
    first.create_table("10.0.0.7")
    second.create_table("10.0.0.7")
    redis_server.stop()
    try:
        # Down: nobody refused wrongly, no exception; each process counts its own share
        # (the first had seen one creation: two more, then refused).
        first.create_table("10.0.0.7")
        first.create_table("10.0.0.7")
        error = refused(lambda: first.create_table("10.0.0.7"))
        assert error.code == "trop_de_tables"
        second.create_table("10.0.0.8")
        assert first.open_socket("10.0.0.9") and first.open_socket("10.0.0.9")
        assert not first.open_socket("10.0.0.9")  # the cap, in this process's memory
        time.sleep(0.25)  # past a retry: Redis is tried again, still down, not logged again
        assert not first.open_socket("10.0.0.9")
        assert first.shared is not None and first.shared.down
        lost = [r for r in caplog.records if "Redis ne répond pas" in r.getMessage()]
        assert len(lost) == 2  # once per process
        assert all(r.levelno == logging.WARNING for r in lost)
    finally:
        redis_server.start()
    # Back: the first process's sockets, opened meanwhile, are written again and count for
    # the other process; the log says it.
    until(lambda: first.heartbeat() is None and not first.shared.down, 5.0)  # type: ignore[union-attr]
    assert not second.open_socket("10.0.0.9")
    assert second.shared is not None and not second.shared.down
    assert first.shared.open_sockets("10.0.0.9") == 2
    back = [r for r in caplog.records if "Redis répond de nouveau" in r.getMessage()]
    assert len(back) == 2
    # Redis restarted empty: the shared count of creations starts again.
    second.create_table("10.0.0.7")


def test_a_process_started_while_redis_does_not_answer_limits_in_memory_without_waiting(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with socket.socket() as probe:  # a port where nothing listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    caplog.set_level(logging.WARNING, logger="ludotheque.server.shared_counts")
    throttle = Throttle(
        Limits(table_creations="2/minute", sockets_per_client=1),
        redis=f"redis://127.0.0.1:{port}/0",
    )
    try:
        start = time.monotonic()
        throttle.create_table("10.0.0.7")
        throttle.create_table("10.0.0.7")
        assert refused(lambda: throttle.create_table("10.0.0.7")).code == "trop_de_tables"
        assert throttle.open_socket("10.0.0.7") and not throttle.open_socket("10.0.0.7")
        assert time.monotonic() - start < 1.0  # Redis is not asked again before its retry
        lost = [r for r in caplog.records if "Redis ne répond pas" in r.getMessage()]
        assert len(lost) == 1
    finally:
        throttle.close()
