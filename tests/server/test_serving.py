"""``atout serve`` as people run it: limits at the transport, logs by flag, a clean stop.

The server runs as a subprocess (the console script next to this Python), so
what is checked is what the command does, uvicorn included: a client that
dribbles its headers is cut off, a WebSocket frame over 64 KiB is refused
before the app reads it, the server's events come out as JSON or text lines,
and SIGTERM stops it gracefully. ``python -m atout.server`` runs the same
start-up function (``serving.serve``).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from atout.server import __main__ as server_main
from atout.server import serving
from atout.server.serving import MAX_HEADER_BYTES, WS_MAX_FRAME, WS_MAX_QUEUE, uvicorn_config

ATOUT = Path(sys.executable).with_name("atout")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Served:
    """One ``atout serve`` process and its stderr."""

    def __init__(self, tmp: Path, *options: str) -> None:
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = tmp / f"serve-{self.port}.log"
        command = [str(ATOUT), "serve", "--port", str(self.port)]
        command += ["--db", f"sqlite:///{tmp / 'atout.db'}", *options]
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=out)
        deadline = time.monotonic() + 60  # a loaded 2-core machine can take 30 s and more
        while time.monotonic() < deadline:
            try:
                if httpx2.get(f"{self.base}/health", timeout=1).status_code == 200:
                    return
            except httpx2.HTTPError:
                time.sleep(0.1)
        self.stop()
        raise AssertionError(f"atout serve did not start: {self.log.read_text()}")

    def lines(self) -> list[str]:
        return self.log.read_text().splitlines()

    def stop(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(20)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    server = Served(
        tmp_path_factory.mktemp("serve"), "--header-timeout", "1", "--log-format", "json"
    )
    yield server
    if server.process.poll() is None:
        server.stop()


def test_a_client_that_dribbles_its_headers_is_cut_off(served: Served) -> None:
    with socket.create_connection(("127.0.0.1", served.port)) as sock:
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")
        sock.settimeout(10)
        started = time.monotonic()
        for _ in range(20):  # a byte now and then does not keep it open
            try:
                sock.sendall(b"X")
            except OSError:
                break
            time.sleep(0.1)
        assert sock.recv(100) == b""
        assert time.monotonic() - started < 5


def test_a_request_head_over_16_kib_is_refused(served: Served) -> None:
    """uvicorn's httptools parser keeps every header it reads: the start-up bounds the head."""
    with socket.create_connection(("127.0.0.1", served.port)) as sock:
        sock.settimeout(10)
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")
        answer = b""
        with contextlib.suppress(OSError):  # the server may close while we still send
            for _ in range(64):  # 1 MiB of headers at full speed, well within the deadline
                sock.sendall(b"X-Pad: " + b"a" * 16_000 + b"\r\n")
        with contextlib.suppress(OSError):
            while chunk := sock.recv(4096):
                answer += chunk
    assert answer.startswith(b"HTTP/1.1 431 "), answer[:80]
    ok = httpx2.get(f"{served.base}/health", headers={"X-Pad": "a" * 8000}, timeout=5)
    assert ok.status_code == 200  # a large but legal head is served
    events = [json.loads(line) for line in served.lines() if line.startswith("{")]
    assert any(e.get("event") == "http.head_too_large" for e in events)


@pytest.mark.parametrize("size", [17_000, 60_000])
def test_a_whole_head_over_16_kib_in_one_write_is_refused(served: Served, size: int) -> None:
    """A head that came in one read (the socket's up to 64 KiB) was parsed before it was counted."""
    head = b"GET /health HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"a" * size + b"\r\n\r\n"
    with socket.create_connection(("127.0.0.1", served.port)) as sock:
        sock.settimeout(10)
        sock.sendall(head)
        answer = b""
        with contextlib.suppress(OSError):
            while chunk := sock.recv(4096):
                answer += chunk
    assert answer.startswith(b"HTTP/1.1 431 "), answer[:80]


def test_a_forwarded_address_is_not_taken_from_an_unnamed_proxy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From 127.0.0.1, a new X-Forwarded-For per request escaped the per-address table quota."""
    monkeypatch.setenv("ATOUT_TABLES_PER_MINUTE", "3")
    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)
    server = Served(tmp_path)
    try:
        body = {"game": "court-piece", "seats": ["human"] * 4, "sit": 0}
        statuses = [
            httpx2.post(
                f"{server.base}/api/tables",
                json=body,
                headers={"X-Forwarded-For": f"203.0.113.{i}"},
                timeout=10,
            ).status_code
            for i in range(1, 6)
        ]
    finally:
        server.stop()
    assert statuses[:3] == [201] * 3 and statuses[3:] == [429, 429]  # one client, whatever it says


def test_the_start_up_bounds_every_per_connection_buffer() -> None:
    """The one start-up's uvicorn settings, for both of its HTTP and WebSocket parsers."""
    config = uvicorn_config(object(), "127.0.0.1", 0)
    assert config.ws_max_size == WS_MAX_FRAME == 64 * 1024
    assert config.ws_max_queue == WS_MAX_QUEUE <= 8
    assert config.h11_max_incomplete_event_size == MAX_HEADER_BYTES == 16 * 1024
    assert config.timeout_keep_alive == 5
    assert issubclass(config.http, asyncio.Protocol)
    assert "uvicorn_config(" in inspect.getsource(serving.serve)
    assert "serve(" in inspect.getsource(server_main.main)


def test_a_websocket_frame_over_64_kib_is_refused_by_the_transport(served: Served) -> None:
    body = {"game": "court-piece", "seats": ["human"] + ["bot:random"] * 3}
    table = httpx2.post(f"{served.base}/api/tables", json=body).json()
    with connect(f"ws://127.0.0.1:{served.port}{table['ws']}") as ws:
        json.loads(ws.recv())
        ws.send("x" * 70_000)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def test_the_server_logs_its_own_events_as_json_lines(served: Served) -> None:
    body = {"game": "court-piece", "seats": ["human"] + ["bot:random"] * 3}
    table = httpx2.post(f"{served.base}/api/tables", json=body).json()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        events = [json.loads(line) for line in served.lines() if line.startswith("{")]
        created = [e for e in events if e.get("event") == "table.created"]
        if any(e["table"] == table["id"] for e in created):
            return
        time.sleep(0.05)
    raise AssertionError(served.lines())


def test_text_logs_and_a_graceful_stop(tmp_path: Path) -> None:
    server = Served(tmp_path, "--log-format", "text")
    httpx2.post(f"{server.base}/api/tables", json={"game": "bridge", "seats": ["bot:random"] * 4})
    assert server.stop() in (0, -signal.SIGTERM)  # uvicorn re-raises the signal once stopped
    lines = server.lines()
    assert any(" table.created " in line and "table=" in line for line in lines), lines
    assert any("server.stopped" in line for line in lines), lines
    assert not any(line.startswith("{") for line in lines)
