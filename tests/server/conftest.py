"""Fixtures for the server tests: an app on a temporary SQLite file, bots without delay."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from atout.server import Settings, create_app

FAST = Settings(
    bot_delay=0, deal_pause=0, grace_seconds=3600, request_rate=1e6, request_burst=10**6
)
"""Bots without delay; seats may ask hints as fast as the bots play (the limit has its tests)."""


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A fresh SQLite database for one test."""
    return f"sqlite:///{tmp_path / 'atout.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """A running app (lifespan included) with instant bots."""
    with TestClient(create_app(db_url, settings=FAST)) as test_client:
        yield test_client


def another_browser(client: TestClient) -> TestClient:
    """A second person: the same running app seen from a browser of its own (own cookies).

    It shares the first client's event loop (its portal), where the app's rooms live.
    """
    other = TestClient(client.app, base_url=str(client.base_url))
    other.portal = client.portal
    return other


def create_table(client: TestClient, seats: list[str], **extra: Any) -> dict[str, Any]:
    """Create a Court Piece table, sitting at seat 0."""
    body = {"game": "court-piece", "seats": seats, "sit": 0, "name": "Ana", **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def receive_until(
    ws: Any, done: Callable[[dict[str, Any]], bool], limit: int = 2000
) -> dict[str, Any]:
    """Read frames until one satisfies ``done`` (a state frame, or any frame if asked)."""
    for _ in range(limit):
        frame: dict[str, Any] = ws.receive_json()
        if done(frame):
            return frame
    raise AssertionError("no such frame")
