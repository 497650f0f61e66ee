"""The state frame says why Undo cannot be pressed before the person presses it.

The page keeps Undo in its place, greyed with this reason (a button that vanished left people
wondering where it went); the frame and the undo itself read one rule (``undoing.py``).
"""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from atout.server import Settings, create_app

from .conftest import receive_until

BRIDGE_VS_BOTS = {
    "game": "bridge",
    "seats": ["human", "bot:random", "bot:random", "bot:random"],
    "sit": 0,
    "options": {"first_dealer": 0},
}


def mine(frame: dict[str, Any]) -> bool:
    return frame["type"] == "state" and frame["seat"] == 0


def test_the_frame_says_whether_undo_is_possible_and_why_not(db_url: str) -> None:
    slow = Settings(bot_delay=60, deal_pause=0, grace_seconds=3600)
    with TestClient(create_app(db_url, settings=slow)) as client:
        table = client.post("/api/tables", json=BRIDGE_VS_BOTS).json()
        with client.websocket_connect(table["ws"]) as ws:
            ws.send_json({"type": "hello", "token": table["token"]})
            first = receive_until(ws, lambda f: mine(f) and bool(f["view"]["legal"]))
            assert first["undo_refusal"] == "nothing of yours to undo in this deal"
            ws.send_json({"type": "action", "action": "1C", "seq": first["seq"]})
            called = receive_until(ws, lambda f: mine(f) and f["seq"] > first["seq"])
            # The bots wait a minute: the call can be taken back, and the frame says so.
            assert called["undo_refusal"] is None
            ws.send_json({"type": "undo"})
            undone = receive_until(ws, lambda f: mine(f) and f["seq"] == first["seq"])
            assert undone["undo_refusal"] == "nothing of yours to undo in this deal"
        # A spectator's frame says nothing of undo: it is the seat's.
        spectator = client.get(f"/api/tables/{table['id']}/view").json()
        assert "undo_refusal" not in spectator


def test_the_frame_names_the_refusal_once_a_bot_answered(client: TestClient) -> None:
    table = client.post("/api/tables", json=BRIDGE_VS_BOTS).json()
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        first = receive_until(ws, lambda f: mine(f) and bool(f["view"]["legal"]))
        ws.send_json({"type": "action", "action": "1C", "seq": first["seq"]})
        answered = receive_until(ws, lambda f: mine(f) and f["seq"] > first["seq"] + 1)
    refusal = answered["undo_refusal"]
    assert refusal is not None and refusal.endswith("it can no longer be taken back")
    auth = {"Authorization": f"Bearer {table['token']}"}
    said = client.post(f"/api/tables/{table['id']}/undo", headers=auth).json()["error"]
    assert said.endswith("it can no longer be taken back")
