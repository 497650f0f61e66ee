"""Faults inside one process: a failing database, broken bots, timed sessions, logs, shutdown."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from starlette.testclient import TestClient

from atout.notation.record import match_from_record
from atout.server import Settings, create_app
from atout.server.logs import JsonFormatter
from atout.server.rooms import Hub, Room

from .conftest import FAST, create_table, receive_until

BOTS = ["human", "bot:random", "bot:random", "bot:random"]


def state(frame: dict[str, Any]) -> bool:
    return frame["type"] == "state"


def hub_of(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


@pytest.fixture
def logs() -> Iterator[io.StringIO]:
    """The server's log lines as JSON, captured."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("atout.server")
    old_level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    yield stream
    logger.removeHandler(handler)
    logger.setLevel(old_level)


def events(stream: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def test_a_failed_database_write_refuses_the_action(client: TestClient) -> None:
    table = create_table(client, BOTS, options={"first_dealer": 3})
    room = hub_of(client).rooms[table["id"]]
    store = hub_of(client).store
    working = store.add_action

    async def broken(*args: Any, **kwargs: Any) -> int:
        raise OSError("disk full")

    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        frame = receive_until(ws, lambda f: state(f) and bool(f["view"]["legal"]))
        record, version = room.record(), room.version
        store.add_action = broken  # type: ignore[method-assign]
        ws.send_json({"type": "action", "action": frame["view"]["legal"][0]})
        error = receive_until(ws, lambda f: f["type"] == "error")
        assert "could not be saved" in error["message"]
        assert room.record() == record and room.version == version and room.next_seq == 0
        store.add_action = working  # type: ignore[method-assign]
        ws.send_json({"type": "action", "action": frame["view"]["legal"][0], "seq": 0})
        receive_until(ws, lambda f: state(f) and f["seq"] > 0)


class Broken:
    """A bot that fails every time."""

    def choose(self, view: dict[str, Any]) -> str:
        raise RuntimeError("this bot is broken")


class Slow:
    """A bot that thinks far past its budget (and then answers nonsense)."""

    def choose(self, view: dict[str, Any]) -> str:
        time.sleep(0.5)
        return "nonsense"


@pytest.mark.parametrize(("bot", "event"), [(Broken(), "bot failed"), (Slow(), "bot.overrun")])
def test_a_broken_or_slow_bot_is_replaced_by_a_fallback(
    db_url: str, logs: io.StringIO, bot: Any, event: str
) -> None:
    settings = Settings(bot_delay=0, deal_pause=0, grace_seconds=3600, bot_budget=0.05)
    with TestClient(create_app(db_url, settings=settings)) as client:
        # Seat 0 deals, so the bots at 1, 2 and 3 act first; the game starts when Ana sits,
        # once the bots are replaced.
        body = {"game": "court-piece", "seats": BOTS, "options": {"first_dealer": 0}}
        created = client.post("/api/tables", json=body).json()
        room = hub_of(client).rooms[created["id"]]
        for seat in (1, 2, 3):
            room._bots[(seat, "random")] = bot
        joined = client.post(f"/api/tables/{created['id']}/join", json={"seat": 0}).json()
        table = {**created, "token": joined["token"]}
        with client.websocket_connect(table["ws"]) as ws:
            ws.send_json({"type": "hello", "token": table["token"]})
            frame = receive_until(ws, lambda f: state(f) and bool(f["view"]["legal"]))
            ws.send_json({"type": "action", "action": frame["view"]["legal"][0]})
            # Our card may win the trick, and then it is our turn again before any bot's.
            receive_until(
                ws,
                lambda f: (
                    state(f)
                    and f["seq"] > frame["seq"]
                    and (f["seq"] >= frame["seq"] + 3 or bool(f["view"]["legal"]))
                ),
            )
        actions = room.record()["deals"][0]["actions"]
        assert {seat for seat, _ in actions} >= {1, 2, 3}
        replayed = match_from_record(room.record())  # every fallback action was legal
        assert replayed.current.actions == room.match.current.actions  # type: ignore[union-attr]
    assert event in logs.getvalue()


def test_a_timed_session_ends_after_the_deal_when_time_is_up(db_url: str) -> None:
    now = [1_000_000.0]
    settings = Settings(bot_delay=0, deal_pause=0, grace_seconds=0, clock=lambda: now[0])
    options = {"variant": "courts", "session_end": {"minutes": 30}}
    with TestClient(create_app(db_url, settings=settings)) as client:
        table = create_table(client, BOTS, options=options, grace_seconds=0)
        room = hub_of(client).rooms[table["id"]]
        with client.websocket_connect(table["ws"]) as ws:
            ws.send_json({"type": "hello"})
            receive_until(ws, lambda f: state(f) and f["seq"] >= 60, 10000)
            assert room.status == "playing" and "time_up_in_deal" not in room.record()
            now[0] += 30 * 60  # the fake clock: the session's time is up
            over = receive_until(ws, lambda f: state(f) and f["table"]["status"] == "over", 10000)
        record = room.record()
        called = record["time_up_in_deal"]
        assert called == len(record["deals"]) - 1  # the deal under way was the last
        assert over["view"]["match"]["over"] is True
        assert match_from_record(record).is_over()
    # The call is stored: a restarted server has it in the record too.
    with TestClient(create_app(db_url, settings=FAST)) as client:
        again = client.get(f"/api/tables/{table['id']}/record").json()
        assert again["time_up_in_deal"] == called and again["complete"] is True


def test_lifecycle_and_refusals_are_logged_as_json_lines(db_url: str, logs: io.StringIO) -> None:
    options = {"variant": "courts", "session_end": {"deals": 1}}
    with TestClient(create_app(db_url, settings=FAST)) as client:
        table = create_table(client, BOTS, options=options, grace_seconds=0)
        with client.websocket_connect(table["ws"]) as ws:
            ws.send_json({"type": "hello", "token": table["token"]})
            ws.send_json({"type": "action", "action": "XX", "seq": 0})
            receive_until(ws, lambda f: f["type"] == "error")
        with client.websocket_connect(table["ws"]) as ws:  # away: a stand-in plays the seat
            receive_until(ws, lambda f: state(f) and f["table"]["status"] == "over", 5000)
        other = create_table(client, BOTS, options={"first_dealer": 3})
    with TestClient(create_app(db_url, settings=FAST)):
        pass
    lines = events(logs)
    seen = {line.get("event") for line in lines}
    assert {"table.created", "table.started", "table.deal_over", "table.game_over"} <= seen
    assert {"table.resumed", "message.refused", "server.stopped"} <= seen
    refused = next(line for line in lines if line.get("event") == "message.refused")
    assert refused["table"] == table["id"] and refused["seat"] == 0 and refused["reason"]
    assert refused["level"] == "info" and refused["time"]
    resumed = [line["table"] for line in lines if line.get("event") == "table.resumed"]
    assert resumed == [other["id"]]  # the finished table is not resumed


def test_health_reports_the_database_and_the_tables(client: TestClient) -> None:
    create_table(client, BOTS)
    health = client.get("/health").json()
    assert health == {
        "status": "ok",
        "database": "ok",
        "tables": 1,
        "playing": 1,
        "connections": 0,
    }
    engine = hub_of(client).store.engine

    class Unreachable:
        def connect(self) -> Any:
            raise ConnectionRefusedError("no database")

    hub_of(client).store.engine = Unreachable()  # type: ignore[assignment]
    try:
        response = client.get("/health")
    finally:
        hub_of(client).store.engine = engine
    assert response.status_code == 503
    assert response.json()["database"].startswith("unreachable")


def test_shutdown_finishes_the_write_under_way(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'atout.db'}"

    async def scenario() -> tuple[int, int]:
        app = create_app(url, settings=FAST)
        async with app.router.lifespan_context(app):
            hub: Hub = app.state.hub
            room = await hub.create("court-piece", {"first_dealer": 3}, BOTS)
            _, _ = await room.join("Ana", 0)
            store, write = hub.store, hub.store.add_action

            async def slow(*args: Any, **kwargs: Any) -> int:
                await asyncio.sleep(0.3)
                return await write(*args, **kwargs)

            store.add_action = slow  # type: ignore[method-assign]
            assert room.match is not None
            acting = asyncio.create_task(room.act(0, room.match.legal_actions()[0]))
            await asyncio.sleep(0.05)  # the write is under way when the server stops
        await asyncio.gather(acting, return_exceptions=True)
        return room.next_seq, await _stored_actions(url, room)

    seq, stored = asyncio.run(scenario())
    assert seq == stored == 1


async def _stored_actions(url: str, room: Room) -> int:
    app = create_app(url, settings=FAST)
    async with app.router.lifespan_context(app):
        again = await app.state.hub.get(room.id)
        return int(again.next_seq)


def test_a_driver_cancelled_as_its_bot_answers_is_cancelled() -> None:
    """The server stops even when a bot's answer lands as its driver is cancelled.

    Python 3.11's ``asyncio.wait_for`` returned the answer and dropped the
    cancellation when both arrived together; the driver then played on, and
    the server's shutdown waited for it forever. The cancellation is tried at
    each step of the answer's way back to the driver.
    """

    class Waiting:
        def __init__(self) -> None:
            self.answered = threading.Event()

        def choose(self, view: dict[str, Any]) -> str:
            self.answered.wait(5)
            return "7H"

    room = SimpleNamespace(id="t", hub=SimpleNamespace(settings=Settings(bot_budget=10)), _bots={})

    async def cancel_after(steps: int) -> bool:
        """Whether the driver was still waiting, and so was cancelled, ``steps`` turns on."""
        bot = Waiting()
        view = {"legal": ["7H"], "seat": 1}
        task = asyncio.create_task(Room._bot_action(room, bot, view))  # type: ignore[arg-type]
        await asyncio.sleep(0.05)  # the bot thinks in its thread
        bot.answered.set()
        time.sleep(0.1)  # the loop is busy: the answer is queued on it
        for _ in range(steps):
            await asyncio.sleep(0)
        if task.done():
            return False
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        return True

    tried = [asyncio.run(cancel_after(steps)) for steps in range(6)]
    assert tried[0] and not tried[-1]  # the whole way, from the thread to the driver
