"""The real server, killed with SIGKILL mid-deal and restarted: nothing acknowledged is lost.

The server runs as a subprocess (``python -m atout.server``, a temporary
SQLite file). Clients play into the middle of deals; every state frame a
client received is an acknowledged action (the record is written before the
broadcast). After ``kill -9`` and a restart on the same database and port,
every table must stand exactly where its clients last saw it, and the clients
(a ``websockets`` client, and Chromium through Playwright) reconnect by
themselves and play on.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest

websockets = pytest.importorskip("websockets.asyncio.client")
from websockets.exceptions import ConnectionClosed  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("court-piece", "five-hundred", "bridge")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """``python -m atout.server`` on a port and a database, started and killed at will."""

    def __init__(self, db: Path, port: int) -> None:
        self.db, self.port = db, port
        self.base = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = db.parent / "server.log"

    def start(self) -> None:
        env = {
            **os.environ,
            "ATOUT_BOT_DELAY": "0.02",
            "ATOUT_DEAL_PAUSE": "0.05",
            "ATOUT_GRACE_SECONDS": "3600",
        }
        command = [sys.executable, "-m", "atout.server", "--port", str(self.port)]
        command += ["--db", f"sqlite:///{self.db}"]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, env=env, stderr=log, stdout=log, cwd=ROOT)
        deadline = time.monotonic() + 60  # a loaded 2-core machine can take 30 s and more
        while time.monotonic() < deadline:
            try:
                if httpx2.get(f"{self.base}/health", timeout=1).status_code == 200:
                    return
            except httpx2.HTTPError:
                time.sleep(0.05)
        raise RuntimeError("the server did not start: " + self.log.read_text()[-2000:])

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "atout.db", free_port())
    srv.start()
    yield srv
    srv.stop()


class Player:
    """A websockets client at one seat: plays, remembers what was acknowledged, reconnects."""

    def __init__(self, server: Server, table: dict[str, Any]) -> None:
        self.url = f"ws://127.0.0.1:{server.port}{table['ws']}"
        self.token = table["token"]
        self.last: dict[str, Any] | None = None
        self.reconnects = 0

    async def play(self, actions: int) -> dict[str, Any]:
        """Take ``actions`` actions; returns the last frame (at this seat's turn)."""
        taken = 0
        while True:
            try:
                async with websockets.connect(self.url, open_timeout=5) as ws:
                    since = None if self.last is None else self.last["version"]
                    await ws.send(
                        json.dumps({"type": "hello", "token": self.token, "since": since})
                    )
                    async for raw in ws:
                        frame = json.loads(raw)
                        assert frame["type"] != "error", frame
                        if frame["type"] != "state" or frame["seat"] is None:
                            continue
                        self.last = frame
                        if not frame["view"]["legal"]:
                            continue
                        if taken == actions:
                            return frame
                        action = frame["view"]["legal"][0]
                        await ws.send(
                            json.dumps({"type": "action", "action": action, "seq": frame["seq"]})
                        )
                        taken += 1
            except (OSError, ConnectionClosed):
                self.reconnects += 1
                await asyncio.sleep(0.2)


def create(server: Server, game: str, seats: list[str] | None = None) -> dict[str, Any]:
    players = {"court-circular": 2}.get(game, 4)
    body = {"game": game, "seats": seats or ["human"] + ["bot:random"] * (players - 1)}
    if seats is None:
        body |= {"sit": 0, "name": "Ana"}
    response = httpx2.post(f"{server.base}/api/tables", json=body, timeout=10)
    assert response.status_code == 201, response.text
    table: dict[str, Any] = response.json()
    return table


def view(server: Server, table: dict[str, Any]) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {table['token']}"} if "token" in table else {}
    url = f"{server.base}/api/tables/{table['id']}/view"
    frame: dict[str, Any] = httpx2.get(url, headers=headers, timeout=10).json()
    return frame


def test_sigkill_mid_deal_then_restart_resumes_every_table(server: Server) -> None:
    tables = [create(server, game) for game in GAMES]
    bots = create(server, "court-piece", ["bot:random"] * 4)
    players = [Player(server, t) for t in tables]

    async def first_half() -> list[dict[str, Any]]:
        return list(await asyncio.gather(*(p.play(5) for p in players)))

    seen = asyncio.run(first_half())
    bots_before = view(server, bots)["seq"]
    assert all(f["seq"] > 0 for f in seen) and bots_before > 0
    server.kill()
    server.start()
    for table, frame in zip(tables, seen, strict=True):
        after = view(server, table)
        assert (after["seq"], after["view"]) == (frame["seq"], frame["view"])
        assert after["view"]["match"]["deal_number"] == frame["view"]["match"]["deal_number"]
    assert view(server, bots)["seq"] >= bots_before  # and its bots play on
    deadline = time.monotonic() + 10
    while view(server, bots)["seq"] <= bots_before + 3:
        assert time.monotonic() < deadline, "the bots did not resume"
        time.sleep(0.05)

    async def second_half() -> list[dict[str, Any]]:
        return list(await asyncio.gather(*(p.play(3) for p in players)))

    # The same clients go on: their sockets died with the server; they reconnect.
    again = asyncio.run(second_half())
    assert all(a["seq"] > f["seq"] for a, f in zip(again, seen, strict=True))


def test_a_connected_client_reconnects_by_itself_after_a_crash(server: Server) -> None:
    table = create(server, "court-piece")
    player = Player(server, table)

    async def scenario() -> tuple[dict[str, Any], dict[str, Any]]:
        before = await player.play(2)
        task = asyncio.create_task(player.play(15))  # connected, mid-game
        await asyncio.sleep(0.2)
        await asyncio.to_thread(server.kill)
        await asyncio.to_thread(server.start)
        after = await asyncio.wait_for(task, 30)
        return before, after

    before, after = asyncio.run(scenario())
    assert player.reconnects >= 1 and after["seq"] > before["seq"]
    assert "table.resumed" in server.log.read_text()


def test_the_browser_reconnects_after_a_crash(server: Server) -> None:
    playwright_api = pytest.importorskip("playwright.sync_api")
    chromium = Path("/usr/bin/chromium")
    if not chromium.exists():
        pytest.skip("Chromium is not installed at /usr/bin/chromium")
    args = ["--no-sandbox", "--disable-gpu", "--no-first-run"]
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(chromium), args=args)
        try:
            page = browser.new_page()
            page.set_default_timeout(15_000)
            hellos: list[str] = []
            page.on("websocket", lambda ws: ws.on("framesent", lambda f: hellos.append(str(f))))
            page.goto(server.base + "/")
            page.click("#custom > summary")
            page.select_option("#game", "court-piece")
            page.fill("#name", "Ana")
            for seat in (1, 2, 3):  # quick bots: the test is about the connection
                page.select_option(f"#seat-{seat}", "bot:easy")
            page.click("#create")
            page.wait_for_selector(".table-page")
            _act(page)
            page.wait_for_selector("#my-hand svg.card.legal, #controls button.action")
            seq = _seq(page)  # the seat's turn again: nothing moves until it acts
            server.kill()
            server.start()
            # The page reconnects on its own (backoff), says hello again, shows the same table.
            deadline = time.monotonic() + 20
            while sum('"hello"' in str(f) for f in hellos) < 2:
                assert time.monotonic() < deadline, "the page did not reconnect"
                page.wait_for_timeout(100)
            page.locator(f".table-page[data-seq='{seq}']").wait_for()
            page.wait_for_timeout(300)  # the seat's frame follows the spectator's
            assert _seq(page) == seq
            _act(page)
            assert int(_seq(page)) > int(seq)
        finally:
            browser.close()


def _seq(page: Any) -> str:
    return str(page.evaluate("document.querySelector('.table-page').dataset.seq"))


def _act(page: Any) -> None:
    """Take an action the page offers (as the browser tests click) and wait for the answer."""
    from tests.browser.test_table import click_something  # noqa: PLC0415 - needs Playwright

    page.wait_for_selector("#my-hand svg.card.legal, #controls button.action")
    seq = _seq(page)
    for _ in range(20):
        if click_something(page):
            break
        time.sleep(0.1)
    page.locator(f".table-page:not([data-seq='{seq}'])").wait_for()
