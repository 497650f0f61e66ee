"""Authority: only a seat's secret acts for it, only in turn, only once, only while playing.

Every refusal is an error frame, and the table is checked unchanged after it
(same ``seq``, same ``version``, same view) through the HTTP view.
"""

from __future__ import annotations

import hashlib
import inspect
import sqlite3
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from atout.server.rooms import Room

from .conftest import another_browser, create_table, receive_until

BOTS = ["human", "bot:random", "bot:random", "bot:random"]


def state(frame: dict[str, Any]) -> bool:
    return frame["type"] == "state"


def mine(frame: dict[str, Any], seat: int) -> bool:
    return state(frame) and frame["seat"] == seat


def not_state(frame: dict[str, Any]) -> bool:
    return frame["type"] != "state"


def snapshot(client: TestClient, table_id: str, token: str) -> tuple[int, int, Any]:
    """What must not change after a refusal."""
    frame = client.get(
        f"/api/tables/{table_id}/view", headers={"Authorization": f"Bearer {token}"}
    ).json()
    return frame["seq"], frame["version"], frame["view"]


def test_seat_tokens_are_unguessable_and_stored_hashed(client: TestClient, db_url: str) -> None:
    table = create_table(client, ["human", "human", "bot:random", "bot:random"])
    friend = another_browser(client)
    other = friend.post(f"/api/tables/{table['id']}/join", json={"name": "Bo"}).json()
    tokens = [table["token"], other["token"]]
    assert "secrets.token_urlsafe" in inspect.getsource(Room.join)
    assert all(len(t) >= 32 for t in tokens) and tokens[0] != tokens[1]  # 192 random bits
    database = Path(db_url.removeprefix("sqlite:///"))
    with sqlite3.connect(database) as conn:
        stored = [h for (h,) in conn.execute("SELECT token_hash FROM seats ORDER BY seat")]
    assert stored[:2] == [hashlib.sha256(t.encode()).hexdigest() for t in tokens]
    for path in database.parent.glob(database.name + "*"):  # the file and its WAL
        raw = path.read_bytes()
        assert all(t.encode() not in raw for t in tokens)


def test_a_seat_cannot_act_for_another_or_out_of_turn(client: TestClient) -> None:
    # Seat 3 deals, so seat 0 names trump first and nothing moves until it does.
    table = create_table(
        client, ["human", "bot:random", "human", "bot:random"], options={"first_dealer": 3}
    )
    friend = another_browser(client)
    other = friend.post(f"/api/tables/{table['id']}/join", json={"name": "Bo"}).json()
    before = snapshot(client, table["id"], table["token"])
    legal = before[2]["legal"]
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": other["token"]})
        receive_until(ws, lambda f: state(f) and f["seat"] == 2)
        # Seat 2 tries seat 0's action, naming seat 0 (the field is ignored: the seat is
        # the token's), out of turn, and with a forged token.
        for message in (
            {"type": "action", "action": legal[0]},
            {"type": "action", "action": legal[0], "seat": 0},
            {"type": "action", "action": legal[0], "seq": before[0]},
        ):
            ws.send_json(message)
            error = receive_until(ws, not_state)
            assert error == {"type": "error", "message": "it is not your turn"}
        ws.send_json({"type": "hello", "token": "x" * 32})
        assert "unknown seat token" in receive_until(ws, not_state)["message"]
    assert snapshot(client, table["id"], table["token"]) == before
    forged = client.post(
        f"/api/tables/{table['id']}/undo", headers={"Authorization": "Bearer nope"}
    )
    assert forged.status_code == 400


def test_stale_and_double_clicked_actions_are_refused_once_applied(client: TestClient) -> None:
    table = create_table(client, BOTS, options={"first_dealer": 3})
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        frame = receive_until(ws, lambda f: state(f) and bool(f["view"]["legal"]))
        action, seq = frame["view"]["legal"][0], frame["seq"]
        # A double click: the same action twice with the same number.
        ws.send_json({"type": "action", "action": action, "seq": seq})
        ws.send_json({"type": "action", "action": action, "seq": seq})
        error = receive_until(ws, not_state)
        assert "moved on" in error["message"]
        ws.send_json({"type": "action", "action": action, "seq": seq - 1 if seq else 99})
        assert "moved on" in receive_until(ws, not_state)["message"]
    record = client.get(
        f"/api/tables/{table['id']}/record", headers={"Authorization": f"Bearer {table['token']}"}
    )
    room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
    actions = room.record()["deals"][0]["actions"]
    assert actions[0] == [0, action] and [0, action] not in actions[1:]
    assert record.status_code == 200


def test_nothing_is_accepted_once_the_game_is_over(client: TestClient) -> None:
    options = {"variant": "courts", "session_end": {"deals": 1}}
    table = create_table(client, BOTS, options=options, grace_seconds=0)
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello"})
        over = receive_until(ws, lambda f: state(f) and f["table"]["status"] == "over", 5000)
        ws.send_json({"type": "hello", "token": table["token"]})
        receive_until(ws, lambda f: state(f) and f["seat"] == 0)
        for message in ({"type": "action", "action": "AS"}, {"type": "undo"}):
            ws.send_json(message)
            assert receive_until(ws, not_state)["type"] == "error"
    after = snapshot(client, table["id"], table["token"])
    assert after[0] == over["seq"]


def test_declarer_alone_plays_dummy(client: TestClient) -> None:
    body = {"game": "bridge", "seats": ["human"] * 4, "options": {}, "sit": 0, "name": "N"}
    table = client.post("/api/tables", json=body).json()
    tokens = {0: table["token"]}
    for seat in (1, 2, 3):
        joined = another_browser(client).post(f"/api/tables/{table['id']}/join", json={})
        tokens[seat] = joined.json()["token"]
    sockets = {s: client.websocket_connect(table["ws"]) for s in tokens}
    conns = {s: cm.__enter__() for s, cm in sockets.items()}
    try:
        for seat, ws in conns.items():
            ws.send_json({"type": "hello", "token": tokens[seat]})

        seq = 0

        def act(seat: int, pick: Any) -> dict[str, Any]:
            nonlocal seq
            frame = receive_until(conns[seat], lambda f: mine(f, seat) and f["seq"] == seq)
            conns[seat].send_json({"type": "action", "action": pick(frame), "seq": seq})
            seq += 1
            return frame

        # One bid, three passes: the opener declares, the partner is dummy.
        opener = _turn(client, table, tokens)
        act(opener, lambda f: next(a for a in f["view"]["legal"] if a[0].isdigit()))
        for k in (1, 2, 3):
            act((opener + k) % 4, lambda f: "pass")
        dummy, leader = (opener + 2) % 4, (opener + 1) % 4
        act(leader, lambda f: f["view"]["legal"][0])  # the opening lead
        frame = receive_until(conns[opener], lambda f: mine(f, opener) and f["seq"] == seq)
        assert frame["view"]["turn"] == dummy and frame["view"]["legal"]
        card = frame["view"]["legal"][0]
        assert card in frame["view"]["dummy"]
        conns[dummy].send_json({"type": "action", "action": card, "seq": frame["seq"]})
        assert receive_until(conns[dummy], not_state)["message"] == "it is not your turn"
        assert _seq(client, table, tokens[dummy]) == frame["seq"]
        conns[opener].send_json({"type": "action", "action": card, "seq": frame["seq"]})
        after = receive_until(conns[opener], lambda f: state(f) and f["seq"] > frame["seq"])
        assert card in after["view"]["trick"]["cards"]
        room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
        assert room.record()["deals"][0]["actions"][-1] == [dummy, card]  # recorded as dummy's
    finally:
        for cm in sockets.values():
            cm.__exit__(None, None, None)


def _turn(client: TestClient, table: dict[str, Any], tokens: dict[int, str]) -> int:
    frame = client.get(
        f"/api/tables/{table['id']}/view", headers={"Authorization": f"Bearer {tokens[0]}"}
    ).json()
    turn: int = frame["view"]["turn"]
    return turn


def _seq(client: TestClient, table: dict[str, Any], token: str) -> int:
    frame = client.get(
        f"/api/tables/{table['id']}/view", headers={"Authorization": f"Bearer {token}"}
    ).json()
    seq: int = frame["seq"]
    return seq
