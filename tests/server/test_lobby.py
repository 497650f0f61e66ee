"""The lobby's list: private tables are reached by their link only; abandoned tables leave it."""

from __future__ import annotations

import time
from typing import Any

from starlette.testclient import TestClient

from atout.server.lobby import ABANDONED_SECONDS, abandoned_for, deserted

from .conftest import another_browser, create_table, receive_until

FRIENDS = ["human", "human", "human", "human"]
BOTS = ["human", "bot:random", "bot:random", "bot:random"]


def listed(client: TestClient) -> list[str]:
    return [t["id"] for t in client.get("/api/tables").json()]


def gone(room: Any) -> None:
    """Wait until the server has seen the test's connections close (it does so on its own loop)."""
    deadline = time.monotonic() + 10
    while room.connections or any(s.connections for s in room.seats):
        assert time.monotonic() < deadline, "the connection never closed"
        time.sleep(0.01)


def test_a_private_table_is_not_listed_but_its_link_opens_it(client: TestClient) -> None:
    private = create_table(client, FRIENDS, private=True)
    public = create_table(client, FRIENDS)
    assert listed(client) == [public["id"]]
    opened = client.get(f"/api/tables/{private['id']}").json()
    assert opened["private"] is True and opened["status"] == "waiting"
    joined = another_browser(client).post(f"/api/tables/{private['id']}/join", json={"name": "Bo"})
    assert joined.status_code == 200 and joined.json()["seat"] == 1


def test_a_bad_private_flag_is_refused_and_creates_nothing(client: TestClient) -> None:
    body = {"game": "court-piece", "seats": FRIENDS, "sit": 0, "private": "yes"}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422
    assert "private must be true or false" in response.json()["error"]
    assert listed(client) == []


def test_a_table_every_person_left_leaves_the_list(client: TestClient) -> None:
    table = create_table(client, BOTS)
    room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        receive_until(ws, lambda f: f.get("type") == "state" and f["seat"] == 0)
        assert abandoned_for(room) == 0.0
        room.seats[0].away_since -= 2 * ABANDONED_SECONDS  # connected: still wanted
        assert table["id"] in listed(client)
        closed_at = time.monotonic()
    gone(room)
    # The server notes when the person left once it has seen the connection close.
    deadline = time.monotonic() + 10
    while room.seats[0].away_since < closed_at:
        assert time.monotonic() < deadline, "the departure was never noted"
        time.sleep(0.01)
    # The person left: the table stays listed a while, then leaves the list.
    assert 0.0 <= abandoned_for(room) < 1.0
    assert table["id"] in listed(client)
    room.seats[0].away_since = time.monotonic() - ABANDONED_SECONDS - 1
    still = listed(client)
    assert still == [], (
        still,
        abandoned_for(room),
        [(s.connections, s.away_since, room.presence.lapsed(s.number)) for s in room.seats],
        time.monotonic(),
    )
    assert client.get(f"/api/tables/{table['id']}").json()["status"] == "playing"


def test_a_private_rematch_stays_private(client: TestClient) -> None:
    table = create_table(client, BOTS, private=True)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    room = hub.rooms[table["id"]]
    room.status = "over"
    again = client.post(
        f"/api/tables/{table['id']}/rematch", headers={"Authorization": f"Bearer {table['token']}"}
    )
    assert again.status_code == 200, again.text
    assert again.json()["private"] is True
    assert again.json()["id"] not in listed(client)


def _deals_after_the_first_ends(room: Any, settle: float = 0.5) -> int:
    """How many deals the table has once its first deal is over and ``settle`` s have passed."""
    deadline = time.monotonic() + 30
    while len(room.match.deals) == 1 and not room.match.needs_deal():
        assert time.monotonic() < deadline, "the first deal never ended"
        time.sleep(0.02)
    time.sleep(settle)
    return len(room.match.deals)


def test_a_table_its_person_left_by_the_button_leaves_the_list_at_once(
    client: TestClient,
) -> None:
    table = create_table(client, BOTS)  # an hour's grace: the button, not the grace, unlists it
    room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        receive_until(ws, lambda f: f.get("type") == "state" and f["seat"] == 0)
        assert table["id"] in listed(client)
    gone(room)
    auth = {"Authorization": f"Bearer {table['token']}"}
    assert client.post(f"/api/tables/{table['id']}/leave", headers=auth).status_code == 200
    assert deserted(room) and listed(client) == []
    assert room.status == "playing" and abandoned_for(room) < ABANDONED_SECONDS
    # Back within the cutoff (the same browser takes its seat again): listed where it was.
    back = client.post(f"/api/tables/{table['id']}/join", json={"seat": 0})
    assert back.status_code == 200, back.text
    assert not deserted(room) and listed(client) == [table["id"]]


def test_a_table_its_person_closed_past_the_grace_is_unlisted_and_deals_no_more(
    client: TestClient,
) -> None:
    table = create_table(client, BOTS, grace_seconds=0.2)
    room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        receive_until(ws, lambda f: f.get("type") == "state" and f["seat"] == 0)
        assert not deserted(room)
    gone(room)
    assert not deserted(room) and table["id"] in listed(client)  # a reload is not leaving
    time.sleep(0.3)
    assert deserted(room) and listed(client) == []
    assert _deals_after_the_first_ends(room) == 1
    # Back with the seat's token: the driver wakes and deals.
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        receive_until(ws, lambda f: f.get("type") == "state" and len(room.match.deals) == 2)
    assert table["id"] in listed(client)


def test_a_table_watched_after_its_person_left_plays_on_but_is_unlisted(
    client: TestClient,
) -> None:
    table = create_table(client, BOTS, grace_seconds=0)
    room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello"})  # a spectator, no seat
        receive_until(ws, lambda f: f.get("type") == "state" and len(room.match.deals) >= 2)
        assert deserted(room) and listed(client) == []
