"""Oversized bodies (docs/security.md, « Hostile input »): refused without being read.

A body announced larger than the limit by its ``Content-Length`` is refused before a byte of it
is read; a body sent without one (chunked) is read only until it passes the limit. Both get a
413 in French and the connection is closed. The tests run the real server (uvicorn, in a
thread) and send a 200 MiB body from a generator over a raw socket, counting what the server
let them send before it answered.
"""

from __future__ import annotations

import json
import select
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from ludotheque.server.app import create_app
from ludotheque.server.inputs import MAX_BODY

HUGE = 200 * 1024 * 1024  # what the client offers to send
CHUNK = 64 * 1024
READ_AT_MOST = 8 * 1024 * 1024  # what may be in flight (socket buffers) when the server answers


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """The real application on uvicorn, in a thread, on a free port of 127.0.0.1."""
    database = f"sqlite:///{tmp_path_factory.mktemp('bodies') / 'ludotheque.sqlite3'}"
    app = create_app(database, bot_workers=0)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield int(sock.getsockname()[1])
    finally:
        server.should_exit = True
        thread.join(timeout=15)
        sock.close()


class CountingBody:
    """A body of ``total`` bytes made on demand; ``sent`` counts what left the client."""

    def __init__(self, total: int, chunked: bool) -> None:
        self.total, self.chunked, self.sent = total, chunked, 0

    def chunks(self) -> Iterator[bytes]:
        made = 0
        while made < self.total:
            size = min(CHUNK, self.total - made)
            made += size
            data = b"x" * size
            yield (b"%x\r\n" % size + data + b"\r\n") if self.chunked else data
        if self.chunked:
            yield b"0\r\n\r\n"


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: Any


def post_streaming(port: int, path: str, body: CountingBody) -> Answer:
    """POST ``body`` chunk by chunk, stopping as soon as the server answers or hangs up."""
    framing = "Transfer-Encoding: chunked" if body.chunked else f"Content-Length: {body.total}"
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"{framing}\r\n\r\n"
    ).encode()
    with socket.create_connection(("127.0.0.1", port), timeout=30) as client:
        client.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 64 * 1024)
        client.sendall(head)
        for chunk in body.chunks():
            readable, _, _ = select.select([client], [], [], 0)
            if readable:
                break  # the server has answered (or closed)
            try:
                client.sendall(chunk)
            except (BrokenPipeError, ConnectionResetError):
                break
            body.sent += len(chunk)
        received = b""
        try:
            while b"\r\n\r\n" not in received or not _complete(received):
                data = client.recv(65536)
                if not data:
                    break
                received += data
        except (ConnectionResetError, TimeoutError):
            pass
    return _parse(received)


def _complete(received: bytes) -> bool:
    head, _, rest = received.partition(b"\r\n\r\n")
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return len(rest) >= int(value)
    return False


def _parse(received: bytes) -> Answer:
    head, _, rest = received.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    assert lines and lines[0].startswith("HTTP/1.1 "), received[:200]
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return Answer(int(lines[0].split()[1]), headers, json.loads(rest) if rest else None)


def assert_refused_unread(answer: Answer, body: CountingBody) -> None:
    assert body.sent < READ_AT_MOST, f"{body.sent} bytes were sent of {body.total}"
    assert answer.status == 413
    assert answer.body["erreur"]["code"] == "trop_long"
    assert "Requête trop longue" in answer.body["erreur"]["message"]
    assert answer.headers.get("connection") == "close"


@pytest.mark.parametrize("path", ["/api/tables", "/api/tables/inconnue/join", "/api/games"])
def test_a_huge_body_announced_by_its_length_is_refused_before_it_is_read(
    port: int, path: str
) -> None:
    body = CountingBody(HUGE, chunked=False)
    assert_refused_unread(post_streaming(port, path, body), body)


def test_a_huge_chunked_body_is_read_only_up_to_the_limit(port: int) -> None:
    body = CountingBody(HUGE, chunked=True)
    assert_refused_unread(post_streaming(port, "/api/tables", body), body)
    assert body.sent > MAX_BODY  # it was read up to the limit, then refused


def test_a_body_just_over_the_limit_is_refused_and_one_at_the_limit_is_read(
    port: int, tmp_path: Path
) -> None:
    over = CountingBody(MAX_BODY + 1, chunked=True)
    answer = post_streaming(port, "/api/tables", over)
    assert answer.status == 413
    at_limit = CountingBody(MAX_BODY, chunked=False)
    answer = post_streaming(port, "/api/tables", at_limit)
    assert answer.status == 400  # read whole: x… is not JSON
    assert answer.body["erreur"]["code"] == "json_invalide"


def test_the_server_still_answers_after_refusing_huge_bodies(port: int) -> None:
    for _ in range(3):
        body = CountingBody(HUGE, chunked=True)
        post_streaming(port, "/api/tables", body)
    with socket.create_connection(("127.0.0.1", port), timeout=10) as client:
        client.sendall(b"GET /api/tables HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        received = b""
        while data := client.recv(65536):
            received += data
    assert _parse(received).status == 200
