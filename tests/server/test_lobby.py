"""The lobby's list: private tables are reached by their link only; abandoned tables leave it."""

from __future__ import annotations

import time

from starlette.testclient import TestClient

from atout.server.lobby import ABANDONED_SECONDS, abandoned_for

from .conftest import another_browser, create_table, receive_until

FRIENDS = ["human", "human", "human", "human"]
BOTS = ["human", "bot:random", "bot:random", "bot:random"]


def listed(client: TestClient) -> list[str]:
    return [t["id"] for t in client.get("/api/tables").json()]


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
    # The person left: the table stays listed a while, then leaves the list.
    assert 0.0 <= abandoned_for(room) < 1.0
    assert table["id"] in listed(client)
    room.seats[0].away_since = time.monotonic() - ABANDONED_SECONDS - 1
    assert listed(client) == []
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
