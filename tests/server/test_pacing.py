"""The table's pace: a deal's result waits for Next deal, and the bot speed is the table's."""

from __future__ import annotations

import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from atout.server import Settings, create_app
from atout.server.pacing import NEXT_DEAL_SECONDS, deal_hold

from .conftest import another_browser, create_table, receive_until

BOTS = ["human", "bot:random", "bot:random", "bot:random"]


def is_state(frame: dict[str, Any]) -> bool:
    return bool(frame["type"] == "state")


def play_first_deal(ws: Any, token: str) -> dict[str, Any]:
    """Sit down and play seat 0's legal actions until the first deal's result comes."""
    ws.send_json({"type": "hello", "token": token})
    frame = receive_until(ws, lambda f: is_state(f) and f["seat"] is not None)
    acted = -1  # a frame may come again at the same version (a seat's news): act once on it
    while frame["last_deal"] is None:
        if frame["view"]["legal"] and frame["version"] > acted:
            ws.send_json(
                {"type": "action", "action": frame["view"]["legal"][0], "seq": frame["seq"]}
            )
            acted = frame["version"]
        frame = receive_until(ws, is_state)
    return frame


def test_the_result_stays_until_the_person_asks_for_the_next_deal(client: TestClient) -> None:
    table = create_table(client, BOTS, pause_deals=True)
    assert table["pause_deals"] is True and table["bot_speed"] == "normal"
    room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
    auth = {"Authorization": f"Bearer {table['token']}"}
    with client.websocket_connect(table["ws"]) as ws:
        over = play_first_deal(ws, table["token"])
        assert over["table"]["deal_number"] == 1 and over["table"]["ready"] == []
        time.sleep(0.3)  # the server deals at once without the pause (deal_pause is 0)
        assert room.match.needs_deal() and len(room.match.deals) == 1
        assert client.post(f"/api/tables/{table['id']}/next").status_code == 400  # no token
        assert client.post(f"/api/tables/{table['id']}/next", headers=auth).status_code == 200
        dealt = receive_until(ws, lambda f: is_state(f) and f["table"]["deal_number"] == 2)
        assert dealt["table"]["ready"] == []
    refused = client.post(f"/api/tables/{table['id']}/next", headers=auth)
    assert refused.status_code == 400 and "already here" in refused.json()["error"]


def test_each_deals_result_waits_for_its_own_next_deal(client: TestClient) -> None:
    """The first deal's Next deal was still counted at the end of the second: the page said
    "waiting for the others" with no button, and the table waited for ever."""
    table = create_table(client, BOTS, pause_deals=True)
    room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
    url = f"/api/tables/{table['id']}/next"
    auth = {"Authorization": f"Bearer {table['token']}"}
    with client.websocket_connect(table["ws"]) as ws:
        play_first_deal(ws, table["token"])
        assert client.post(url, headers=auth).status_code == 200
        frame = receive_until(ws, lambda f: is_state(f) and f["table"]["deal_number"] == 2)
        while frame["last_deal"] is None or frame["last_deal"]["number"] != 2:
            if frame["view"]["legal"] and frame["seat"] == 0:
                action = frame["view"]["legal"][0]
                ws.send_json({"type": "action", "action": action, "seq": frame["seq"]})
            frame = receive_until(ws, is_state)
        assert frame["table"]["ready"] == []  # this deal's result: nobody has asked yet
        time.sleep(0.3)
        assert room.match.needs_deal() and len(room.match.deals) == 2  # it waits for the person
        assert client.get(f"/api/tables/{table['id']}").json()["ready"] == []
        assert client.post(url, headers=auth).status_code == 200
        receive_until(ws, lambda f: is_state(f) and f["table"]["deal_number"] == 3)


def test_next_deal_pressed_deals_at_once(db_url: str) -> None:
    """After Next deal the page said "waiting for the others" for the server's 2.5 s pause."""
    paced = Settings(bot_delay=0, deal_pause=5, grace_seconds=3600, request_rate=1e6)
    with TestClient(create_app(db_url, settings=paced)) as client:
        table = create_table(client, BOTS, pause_deals=True)
        auth = {"Authorization": f"Bearer {table['token']}"}
        with client.websocket_connect(table["ws"]) as ws:
            play_first_deal(ws, table["token"])
            pressed = time.monotonic()
            assert client.post(f"/api/tables/{table['id']}/next", headers=auth).status_code == 200
            receive_until(ws, lambda f: is_state(f) and f["table"]["deal_number"] == 2)
            assert time.monotonic() - pressed < 2.5  # not the 5 s pause


def test_a_finished_deal_waiting_for_next_deal_cannot_be_undone(client: TestClient) -> None:
    """Its result is out and scored: an undo would take back a move of a played deal."""
    table = create_table(client, BOTS, pause_deals=True)
    room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
    auth = {"Authorization": f"Bearer {table['token']}"}
    with client.websocket_connect(table["ws"]) as ws:
        over = play_first_deal(ws, table["token"])
        seq, version = room.next_seq, room.version
        refused = client.post(f"/api/tables/{table['id']}/undo", headers=auth)
        assert refused.status_code == 400 and "deal is over" in refused.json()["error"]
        ws.send_json({"type": "undo"})
        error = receive_until(ws, lambda f: f["type"] == "error")
        assert "deal is over" in error["message"]
        assert (room.next_seq, room.version) == (seq, version)  # nothing was taken back
        assert room.match.needs_deal() and over["last_deal"]["number"] == 1


def test_without_the_pause_the_next_deal_comes_by_itself(client: TestClient) -> None:
    table = create_table(client, BOTS)
    with client.websocket_connect(table["ws"]) as ws:
        play_first_deal(ws, table["token"])
        receive_until(ws, lambda f: is_state(f) and f["table"]["deal_number"] == 2)


def test_several_people_wait_for_each_other_a_while_only(client: TestClient) -> None:
    table = create_table(client, ["human", "bot:random", "human", "bot:random"], pause_deals=True)
    joined = (
        another_browser(client).post(f"/api/tables/{table['id']}/join", json={"name": "Bo"}).json()
    )
    room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
    with client.websocket_connect(table["ws"]) as ana, client.websocket_connect(table["ws"]) as bo:
        bo.send_json({"type": "hello", "token": joined["token"]})
        receive_until(bo, lambda f: is_state(f) and f["seat"] == 2)
        ana.send_json({"type": "hello", "token": table["token"]})
        frame = receive_until(ana, lambda f: is_state(f) and f["seat"] == 0)
        while frame["last_deal"] is None:  # Bo's seat waits on Ana's clicks only when it is his
            for ws, token in ((ana, table["token"]), (bo, joined["token"])):
                view = client.get(
                    f"/api/tables/{table['id']}/view", headers={"Authorization": f"Bearer {token}"}
                ).json()
                if view["view"]["legal"] and view["last_deal"] is None:
                    ws.send_json(
                        {"type": "action", "action": view["view"]["legal"][0], "seq": view["seq"]}
                    )
            frame = receive_until(ana, is_state)
        match = room.match
        now = time.monotonic()
        left = deal_hold(room, match, now)
        assert left is not None and 0 < left <= NEXT_DEAL_SECONDS
        assert deal_hold(room, match, now + NEXT_DEAL_SECONDS) == 0.0  # nobody waits for ever
        auth = {"Authorization": f"Bearer {table['token']}"}
        client.post(f"/api/tables/{table['id']}/next", headers=auth)
        told = receive_until(bo, lambda f: is_state(f) and f["table"]["ready"] == [0])
        assert told["table"]["deal_number"] == 1  # Bo has not asked yet
        bo_auth = {"Authorization": f"Bearer {joined['token']}"}
        client.post(f"/api/tables/{table['id']}/next", headers=bo_auth)
        receive_until(bo, lambda f: is_state(f) and f["table"]["deal_number"] == 2)


def test_the_bot_speed_is_set_by_a_person_at_the_table(client: TestClient) -> None:
    table = create_table(client, BOTS, bot_speed="slow")
    url = f"/api/tables/{table['id']}"
    assert table["bot_speed"] == "slow"
    auth = {"Authorization": f"Bearer {table['token']}"}
    assert (
        client.post(f"{url}/speed", json={"speed": "fast"}, headers=auth).json()["bot_speed"]
        == "fast"
    )
    for bad in ({"speed": "warp"}, {"speed": 3}, {}):
        response = client.post(f"{url}/speed", json=bad, headers=auth)
        assert response.status_code == 400 and "speed must be" in response.json()["error"]
    assert client.post(f"{url}/speed", json={"speed": "slow"}).status_code == 400  # no seat
    assert client.get(url).json()["bot_speed"] == "fast"
    record = client.get(f"{url}/record", headers=auth).json()
    assert "bot_speed" not in record and "pause_deals" not in record  # table settings only


@pytest.mark.parametrize(
    ("field", "value"), [("pause_deals", "yes"), ("bot_speed", "warp"), ("private", 1)]
)
def test_bad_table_settings_are_refused(client: TestClient, field: str, value: Any) -> None:
    body = {"game": "court-piece", "seats": BOTS, "sit": 0, field: value}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422 and field in response.json()["error"]
    assert client.get("/api/tables").json() == []


def test_setting_the_speed_it_already_has_writes_nothing(client: TestClient) -> None:
    """A flood of the same setting was a write and a frame to everyone each time."""
    table = create_table(client, ["human", "bot:random", "bot:random", "bot:random"])
    room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
    url = f"/api/tables/{table['id']}/speed"
    auth = {"Authorization": f"Bearer {table['token']}"}
    assert client.post(url, json={"speed": "fast"}, headers=auth).status_code == 200
    version = room.version
    for _ in range(5):
        assert client.post(url, json={"speed": "fast"}, headers=auth).status_code == 200
    assert room.version == version


def test_a_person_gone_between_deals_is_not_dealt_for_even_within_the_grace(db_url: str) -> None:
    """Issue #35: back to the lobby at a deal's end (the socket closed, no Leave table, well
    within the grace), the newcomer found the stand-in had played their next deals as "You".
    No person connected (nor watching): no new deal until one is back."""
    paced = Settings(bot_delay=0, deal_pause=0.5, grace_seconds=3600, request_rate=1e6)
    with TestClient(create_app(db_url, settings=paced)) as client:
        table = create_table(client, BOTS)  # no pause_deals: the pause waits for them anyway
        room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
        with client.websocket_connect(table["ws"]) as ws:
            play_first_deal(ws, table["token"])
        time.sleep(1.2)  # past the 0.5 s deal pause (give or take a quarter)
        assert room.match.needs_deal() and len(room.match.deals) == 1
        with client.websocket_connect(table["ws"]) as ws:  # back: the next deal comes
            ws.send_json({"type": "hello", "token": table["token"]})
            receive_until(ws, lambda f: is_state(f) and f["table"]["deal_number"] == 2)
