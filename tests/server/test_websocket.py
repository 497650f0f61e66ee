"""The table's WebSocket: whole deals, views per seat, refusals that change nothing."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from .conftest import another_browser, create_table, receive_until

BOTS = ["human", "bot:random", "bot:random", "bot:random"]


def is_state(frame: dict[str, Any]) -> bool:
    return frame["type"] == "state"


def my_turn(frame: dict[str, Any]) -> bool:
    return is_state(frame) and bool(frame["view"]["legal"])


def test_play_a_whole_deal_against_three_bots(client: TestClient) -> None:
    table = create_table(client, BOTS)
    with client.websocket_connect(table["ws"]) as ws:
        first = receive_until(ws, is_state)
        assert first["seat"] is None and first["view"]["hand"] == []
        ws.send_json({"type": "hello", "token": table["token"]})
        # Spectator frames sent before the hello was read may still arrive; from the
        # first seated frame on, every frame is seat 0's.
        frame = receive_until(ws, lambda f: is_state(f) and f["seat"] is not None)
        versions = []
        while True:
            assert frame["seat"] == 0 and frame["view"]["seat"] == 0
            versions.append(frame["version"])
            if frame["last_deal"] is not None:
                break
            if frame["view"]["legal"]:
                action = frame["view"]["legal"][-1]
                ws.send_json({"type": "action", "action": action.lower(), "seq": frame["seq"]})
            frame = receive_until(ws, is_state)
        assert versions == sorted(versions)
        result = frame["last_deal"]
        assert result["number"] == 1 and sum(result["points"]) >= 1
        assert max(result["result"]["tricks_won"]) >= 7
    record = client.get(
        f"/api/tables/{table['id']}/record", headers={"Authorization": f"Bearer {table['token']}"}
    ).json()
    assert record["deals"][0]["result"] == result["result"]


def test_spectators_never_see_a_hand(client: TestClient) -> None:
    table = create_table(client, BOTS)
    with (
        client.websocket_connect(table["ws"]) as player,
        client.websocket_connect(table["ws"]) as spectator,
    ):
        player.send_json({"type": "hello", "token": table["token"]})
        spectator.send_json({"type": "hello"})
        for _ in range(12):
            frame = receive_until(player, my_turn)
            player.send_json({"type": "action", "action": frame["view"]["legal"][0]})
        seen = receive_until(spectator, lambda f: is_state(f) and f["version"] >= frame["version"])
        assert seen["seat"] is None and seen["view"]["hand"] == [] and seen["view"]["legal"] == []
        spectator.send_json({"type": "action", "action": frame["view"]["legal"][0]})
        error = receive_until(spectator, lambda f: f["type"] == "error")
        assert "spectator" in error["message"]


def test_refusals_send_an_error_frame_and_change_nothing(client: TestClient) -> None:
    # Seat 3 deals, so seat 0 names trump first and nothing moves until it does.
    table = create_table(
        client, ["human", "bot:random", "human", "bot:random"], options={"first_dealer": 3}
    )
    friend = another_browser(client)
    other = friend.post(f"/api/tables/{table['id']}/join", json={"name": "Bo"}).json()
    with client.websocket_connect(table["ws"]) as a, client.websocket_connect(table["ws"]) as b:
        a.send_json({"type": "hello", "token": table["token"]})
        b.send_json({"type": "hello", "token": other["token"]})
        state_a = receive_until(a, lambda f: is_state(f) and f["seat"] == 0)
        state_b = receive_until(b, lambda f: is_state(f) and f["seat"] == 2)
        assert state_a["view"]["turn"] == 0
        idle, idle_state = b, state_b
        probes: list[Any] = [
            "{not json",
            '["a list"]',
            '{"type": "action"}',
            '{"type": "action", "action": "AS", "seq": "x"}',
            '{"type": "teleport"}',
            '{"type": "hello", "token": "forged"}',
        ]
        for probe in probes:
            idle.send_text(probe)
            assert receive_until(idle, lambda f: f["type"] != "state")["type"] == "error"
        idle.send_json({"type": "action", "action": "AS"})
        assert receive_until(idle, lambda f: f["type"] != "state")["type"] == "error"
        idle.send_json({"type": "action", "action": "AS", "seq": idle_state["seq"] + 5})
        stale = receive_until(idle, lambda f: f["type"] != "state")
        assert "moved on" in stale["message"]
        idle.send_json({"type": "ping"})
        assert receive_until(idle, lambda f: f["type"] != "state")["type"] == "pong"
    view = client.get(
        f"/api/tables/{table['id']}/view", headers={"Authorization": f"Bearer {table['token']}"}
    ).json()
    assert view["seq"] == idle_state["seq"]
    assert (
        client.get(
            f"/api/tables/{table['id']}/view", headers={"Authorization": "Bearer forged"}
        ).status_code
        == 400
    )


def test_a_reconnecting_player_gets_the_seat_back(client: TestClient) -> None:
    table = create_table(client, BOTS)
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        frame = receive_until(ws, my_turn)
        ws.send_json({"type": "action", "action": frame["view"]["legal"][0]})
        # Past our action: the state we acted on may be sent again (a seat's presence).
        before = receive_until(ws, lambda f: my_turn(f) and f["seq"] > frame["seq"])
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": table["token"], "since": before["version"]})
        again = receive_until(ws, lambda f: is_state(f) and f["seat"] == 0)
        assert again["version"] == before["version"] and again["view"] == before["view"]
        assert again["table"]["seats"][0]["connected"]


def test_undo_is_refused_with_another_human(client: TestClient) -> None:
    table = create_table(client, ["human", "bot:random", "human", "bot:random"])
    assert another_browser(client).post(f"/api/tables/{table['id']}/join", json={}).is_success
    response = client.post(
        f"/api/tables/{table['id']}/undo", headers={"Authorization": f"Bearer {table['token']}"}
    )
    assert response.status_code == 400 and "bots" in response.json()["error"]


def test_an_away_player_is_replaced_by_a_bot_after_the_grace(client: TestClient) -> None:
    table = create_table(client, BOTS, grace_seconds=0)
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello"})
        frame = receive_until(ws, lambda f: is_state(f) and f["last_deal"] is not None)
        assert frame["last_deal"]["number"] == 1


def test_rematch_rotates_the_seats_and_keeps_the_tokens(client: TestClient) -> None:
    table = create_table(client, BOTS, options={"target": 3}, grace_seconds=0)
    auth = {"Authorization": f"Bearer {table['token']}"}
    url = f"/api/tables/{table['id']}"
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello"})
        receive_until(ws, lambda f: is_state(f) and f["table"]["status"] == "over", limit=20000)
    again = client.post(f"{url}/rematch", headers=auth).json()
    assert [s["kind"] for s in again["seats"]] == ["bot", "human", "bot", "bot"]
    assert again["status"] == "playing"
    assert client.post(f"{url}/rematch", headers=auth).json()["id"] == again["id"]
    view = client.get(f"/api/tables/{again['id']}/view", headers=auth).json()
    assert view["seat"] == 1
    full = client.get(f"{url}/record").json()
    assert full["complete"] is True and full["deals"][0]["actions"]
