"""Tables of several people: a stand-in bot is shown, a turn timer, hints turned off."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from atout.bots.registry import make_bot
from atout.server import friends

from .conftest import another_browser, create_table, receive_until

FRIENDS = ["human", "bot:random", "human", "bot:random"]
BOTS = ["human", "bot:random", "bot:random", "bot:random"]


def seated(client: TestClient, **settings: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """A Court Piece table of Ana (seat 0) and Bo (seat 2) with two bots; both tokens."""
    table = create_table(client, FRIENDS, **settings)
    bo = another_browser(client).post(f"/api/tables/{table['id']}/join", json={"name": "Bo"}).json()
    return table, bo


def test_an_away_persons_seat_says_a_bot_plays_for_them(client: TestClient) -> None:
    table, bo = seated(client, grace_seconds=0)
    url = f"/api/tables/{table['id']}"
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        frame = receive_until(ws, lambda f: f["type"] == "state" and f["seat"] == 0)
        seats = frame["table"]["seats"]
        assert [s["stand_in"] for s in seats] == [False, False, True, False]
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": bo["token"]})
        receive_until(ws, lambda f: f["type"] == "state" and f["seat"] == 2)
        assert client.get(url).json()["seats"][2]["stand_in"] is False  # Bo is back


def test_the_turn_timer_plays_for_a_person_who_lets_it_run_out(client: TestClient) -> None:
    table, bo = seated(client, turn_seconds=10)
    room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
    assert client.get(f"/api/tables/{table['id']}").json()["turn_seconds"] == 10
    with client.websocket_connect(table["ws"]) as ana, client.websocket_connect(table["ws"]) as b:
        b.send_json({"type": "hello", "token": bo["token"]})
        receive_until(b, lambda f: f["type"] == "state" and f["seat"] == 2)
        ana.send_json({"type": "hello", "token": table["token"]})
        mine = receive_until(ana, lambda f: f["type"] == "state" and bool(f["view"]["legal"]))
        assert friends.turn_left(room, 0) is not None
        assert 0 < friends.turn_left(room, 0) <= 10  # type: ignore[operator]
        friends._clocks[room].since -= 11  # the ten seconds have gone by
        room.wake.set()
        moved = receive_until(ana, lambda f: f["type"] == "state" and f["seq"] > mine["seq"])
    assert room.record()["deals"][0]["actions"][mine["seq"]][0] == 0  # Ana's move, by a bot
    assert moved["table"]["seats"][0]["stand_in"] is False  # Ana is there: only the move was lost


def test_changing_a_setting_does_not_restart_the_turn_timer(client: TestClient) -> None:
    """The clock runs for the move: a bot speed changed (a new table version) cannot stall it."""
    table, _bo = seated(client, turn_seconds=10)
    room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
    actor = room.match.actor
    first = friends.turn_left(room, actor)
    assert first is not None
    friends._clocks[room].since -= 6  # six of the ten seconds have gone by
    version = room.version
    speed = client.post(
        f"/api/tables/{table['id']}/speed",
        json={"speed": "fast"},
        headers={"Authorization": f"Bearer {table['token']}"},
    )
    assert speed.status_code == 200 and room.version > version
    left = friends.turn_left(room, actor)
    assert left is not None and left <= 4.5


def test_alone_against_bots_there_is_no_timer_and_hints_stay(client: TestClient) -> None:
    table = create_table(client, BOTS, turn_seconds=10, hints=False)
    room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
    assert table["turn_seconds"] is None and table["hints"] is True
    assert friends.turn_left(room, 0) is None
    hint = client.get(
        f"/api/tables/{table['id']}/hint", headers={"Authorization": f"Bearer {table['token']}"}
    )
    assert hint.status_code in (200, 400)
    assert "hints are off" not in hint.text


def test_hints_can_be_turned_off_among_friends(client: TestClient) -> None:
    table, bo = seated(client, hints=False)
    assert client.get(f"/api/tables/{table['id']}").json()["hints"] is False
    for token in (table["token"], bo["token"]):
        hint = client.get(
            f"/api/tables/{table['id']}/hint", headers={"Authorization": f"Bearer {token}"}
        )
        assert hint.status_code == 400 and hint.json()["error"] == "hints are off at this table"
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        receive_until(ws, lambda f: f["type"] == "state" and f["seat"] == 0)
        ws.send_json({"type": "hint"})
        error = receive_until(ws, lambda f: f["type"] == "error")
        assert error["message"] == "hints are off at this table"


@pytest.mark.parametrize(
    ("field", "value"),
    [("turn_seconds", 5), ("turn_seconds", 601), ("turn_seconds", "60"), ("hints", "no")],
)
def test_bad_friend_settings_are_refused(client: TestClient, field: str, value: Any) -> None:
    body = {"game": "court-piece", "seats": FRIENDS, "sit": 0, field: value}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422 and field in response.json()["error"]
    assert client.get("/api/tables").json() == []


FREE_SEATS = ["human", "human", "bot:random", "bot:random"]


def test_start_now_fills_free_seats_with_the_lobbys_level_at_the_tables_pace(
    client: TestClient,
) -> None:
    """Issue #35: "Start now" gave Easy bots though the lobby said Medium, and they (like the
    bot of a friend who left) waited out the 30 s grace at each first turn."""
    table = create_table(client, FREE_SEATS, fill_bot="medium")
    auth = {"Authorization": f"Bearer {table['token']}"}
    assert client.post(f"/api/tables/{table['id']}/start", headers=auth).status_code == 200
    room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
    bot, wait = room._controller(1)  # the free seat: an hour's grace in these tests
    assert wait is None and type(bot) is type(make_bot("medium", "court-piece", seed=0))


def test_a_friend_who_leaves_is_played_for_at_once(client: TestClient) -> None:
    table = create_table(client, FREE_SEATS)
    friend = another_browser(client)
    joined = friend.post(f"/api/tables/{table['id']}/join", json={"name": "Sam"}).json()
    room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
    assert room.status == "playing"
    auth = {"Authorization": f"Bearer {joined['token']}"}
    assert friend.post(f"/api/tables/{table['id']}/leave", headers=auth).status_code == 200
    bot, wait = room._controller(1)
    assert bot is not None and wait is None  # no 30-40 s of "Cleo to play" for the host


def test_a_bad_fill_bot_is_refused_and_creates_nothing(client: TestClient) -> None:
    body = {"game": "court-piece", "seats": FREE_SEATS, "sit": 0, "fill_bot": "genius"}
    refused = client.post("/api/tables", json=body)
    assert refused.status_code == 422 and "fill_bot" in refused.json()["error"]
    assert client.get("/api/tables").json() == []


def test_the_others_are_told_who_left_and_that_a_bot_plays_the_seat(client: TestClient) -> None:
    """Issue #35: a friend's Leave table was silent; the host saw "Cleo to play" for 30-40 s."""
    table = create_table(client, FREE_SEATS)
    friend = another_browser(client)
    joined = friend.post(f"/api/tables/{table['id']}/join", json={"name": "Sam"}).json()
    with client.websocket_connect(table["ws"]) as host:
        host.send_json({"type": "hello", "token": table["token"]})
        receive_until(host, lambda f: f["type"] == "state" and f["seat"] == 0)
        auth = {"Authorization": f"Bearer {joined['token']}"}
        assert friend.post(f"/api/tables/{table['id']}/leave", headers=auth).status_code == 200
        told = receive_until(host, lambda f: f["type"] == "state" and bool(f.get("notice")))
        assert told["notice"]["action"] == "left" and told["notice"]["name"] == "Sam"
        assert told["notice"]["seat"] == 1
