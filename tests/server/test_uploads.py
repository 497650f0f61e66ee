"""Slow uploads cannot hold the server's memory: slots taken before a body is read.

An attacker opened 500 ``POST /api/replay`` with a 2 MB Content-Length and held
back the last byte: the server buffered every body (228 MB to 1.1 GB). These
tests drive the ASGI app directly with bodies that never finish.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import MutableMapping
from typing import Any

from atout.server import create_app
from atout.server.replay import UploadSlots

Message = MutableMapping[str, Any]


async def _post(
    app: Any, client: str, *, finish: asyncio.Event | None = None, body: bytes = b"{" * 1000
) -> tuple[int, dict[str, Any]]:
    """POST /api/replay from ``client``: a first chunk, the rest only once ``finish`` is set."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/replay",
        "raw_path": b"/api/replay",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver"), (b"content-length", b"1999000")],
        "client": (client, 5000),
        "server": ("testserver", 80),
    }
    sent = False
    answer: dict[str, Any] = {}

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": True}
        if finish is None:
            await asyncio.Event().wait()  # the last byte never comes
        else:
            await finish.wait()
        return {"type": "http.request", "body": b"}", "more_body": False}

    async def send(message: Message) -> None:
        if message["type"] == "http.response.start":
            answer["status"] = message["status"]
        elif message["type"] == "http.response.body":
            answer["body"] = answer.get("body", b"") + message.get("body", b"")

    await app(scope, receive, send)
    return answer["status"], json.loads(answer["body"])


def test_a_body_that_never_ends_is_a_408(db_url: str) -> None:
    app = create_app(db_url)
    app.state.uploads = UploadSlots(seconds=0.3)

    async def go() -> None:
        status, body = await asyncio.wait_for(_post(app, "10.0.0.1"), 10)
        assert status == 408 and "longer than" in body["error"]
        assert app.state.uploads.refusal("10.0.0.1") is None  # the slot was given back

    asyncio.run(go())


def test_uploads_in_flight_are_bounded_in_all_and_per_client(db_url: str) -> None:
    app = create_app(db_url)
    app.state.uploads = UploadSlots(total=4, per_client=2, seconds=60)

    async def go() -> None:
        finish = asyncio.Event()
        slow = [
            asyncio.create_task(_post(app, f"10.0.0.{i // 2}", finish=finish)) for i in range(4)
        ]
        await asyncio.sleep(0.2)  # all four are reading their bodies
        assert await asyncio.wait_for(_post(app, "10.0.0.9"), 10) == (
            503,
            {"error": "too many uploads at once: try again in a moment"},
        )
        finish.set()
        answers = await asyncio.wait_for(asyncio.gather(*slow), 30)
        assert all(status == 422 for status, _ in answers)  # "{...}" is not a record
        held = asyncio.Event()
        mine = [asyncio.create_task(_post(app, "10.0.0.7", finish=held)) for _ in range(2)]
        await asyncio.sleep(0.2)
        status, body = await asyncio.wait_for(_post(app, "10.0.0.7"), 10)
        assert status == 429 and "2 uploads" in body["error"]
        other = asyncio.create_task(_post(app, "10.0.0.8", finish=held))
        held.set()
        assert [s for s, _ in await asyncio.gather(*mine, other)] == [422, 422, 422]
        app.state.replays.close()

    asyncio.run(go())
