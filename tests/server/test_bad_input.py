"""Bad input: every malformed, oversized or flooding message is refused; the table lives on."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from atout.server import app as server_app
from atout.server.messages import BURST, MAX_MESSAGE, MAX_STRIKES, TokenBucket

from .conftest import create_table, receive_until

BOTS = ["human", "bot:random", "bot:random", "bot:random"]


def not_state(frame: dict[str, Any]) -> bool:
    return frame["type"] != "state"


def test_malformed_messages_get_error_frames_and_the_connection_lives(
    client: TestClient,
) -> None:
    table = create_table(client, BOTS, options={"first_dealer": 3})
    url = f"/api/tables/{table['id']}/view"
    auth = {"Authorization": f"Bearer {table['token']}"}
    before = client.get(url, headers=auth).json()
    probes: list[tuple[str | bytes, str]] = [
        ("{not json", "not JSON"),
        ("[1, 2]", "JSON object"),
        ('"action"', "JSON object"),
        ("null", "JSON object"),
        ('{"type": "fly"}', "unknown message type"),
        ('{"type": 7}', "unknown message type"),
        ('{"action": "AS"}', "unknown message type"),
        ('{"type": "action", "action": 12}', "non-empty string"),
        ('{"type": "action", "action": ""}', "non-empty string"),
        ('{"type": "action", "action": "AS", "seq": 1.5}', "whole number"),
        ('{"type": "action", "action": "AS", "seq": true}', "whole number"),
        ('{"type": "hello", "token": 5}', "string"),
        ('{"type": "action", "action": "' + "A" * MAX_MESSAGE + '"}', "too long"),
        ('{"type": "action", "action": "' + "é" * (MAX_MESSAGE // 2) + '"}', "too long"),
        (b"\xff\xfe", "not JSON"),
        ('{"type": "action", "action": "trump Z"}', ""),
    ]
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        for probe, reason in probes:
            if isinstance(probe, bytes):
                ws.send_bytes(probe)
            else:
                ws.send_text(probe)
            error = receive_until(ws, not_state)
            assert error["type"] == "error" and reason in error["message"], (probe, error)
        ws.send_json({"type": "ping"})
        assert receive_until(ws, not_state) == {"type": "pong"}
        # The seat still plays.
        ws.send_json({"type": "action", "action": before["view"]["legal"][0]})
        after = receive_until(ws, lambda f: f["type"] == "state" and f["seq"] > before["seq"])
        assert after["seat"] == 0


def test_a_flood_is_refused_then_closed_politely_and_the_table_survives(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The connection's clock stands still: however slowly a busy machine works through the
    # burst, no token refills, so exactly BURST pings are answered and the rest are strikes.
    monkeypatch.setattr(server_app, "TokenBucket", partial(TokenBucket, clock=lambda: 0.0))
    table = create_table(client, BOTS, options={"first_dealer": 3})
    frames: list[dict[str, Any]] = []
    with client.websocket_connect(table["ws"]) as ws:
        for _ in range(BURST + MAX_STRIKES + 10):
            ws.send_json({"type": "ping"})
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                frames.append(ws.receive_json())
    assert closed.value.code == 1008
    pongs = [f for f in frames if f["type"] == "pong"]
    errors = [f["message"] for f in frames if f["type"] == "error"]
    assert len(pongs) == BURST
    assert len(errors) == MAX_STRIKES
    assert "slow down" in errors[0] and "closing" in errors[-1]
    # Another connection to the same table is served as before.
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        frame = receive_until(ws, lambda f: f["type"] == "state" and f["seat"] == 0)
        assert frame["view"]["legal"]
    assert client.get(f"/api/tables/{table['id']}").status_code == 200


def test_the_token_bucket_refills_at_its_rate() -> None:
    now = [0.0]
    bucket = TokenBucket(rate=20, burst=40, clock=lambda: now[0])
    assert sum(bucket.take() for _ in range(100)) == 40
    assert bucket.strikes == 60
    now[0] += 0.5  # 10 more tokens
    assert sum(bucket.take() for _ in range(100)) == 10
    now[0] += 100  # never more than the burst
    assert sum(bucket.take() for _ in range(100)) == 40


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "chess", "seats": BOTS}, "chess"),
        ({"game": 3, "seats": BOTS}, "game must be"),
        ({"game": "court-piece", "seats": "human"}, "seats must be"),
        ({"game": "court-piece", "seats": BOTS[:3]}, "needs 4 seats"),
        ({"game": "court-piece", "seats": ["human", "bot:genius", "human", "human"]}, "genius"),
        ({"game": "court-piece", "seats": BOTS, "options": {"target": 99}}, "target"),
        ({"game": "court-piece", "seats": BOTS, "options": {"target": "5"}}, "target"),
        ({"game": "court-piece", "seats": BOTS, "options": {"colour": "red"}}, "colour"),
        ({"game": "court-piece", "seats": BOTS, "options": ["target"]}, "JSON object"),
        ({"game": "court-piece", "seats": BOTS, "grace_seconds": -1}, "grace_seconds"),
        ({"game": "court-piece", "seats": BOTS, "sit": "0"}, "sit must be"),
        (
            {"game": "court-piece", "seats": BOTS, "options": {"session_end": {"hours": 1}}},
            "session_end",
        ),
    ],
)
def test_invalid_tables_are_refused_with_a_clear_422(
    client: TestClient, body: dict[str, Any], words: str
) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422
    assert words in response.json()["error"]


def test_a_body_that_is_not_json_is_a_400(client: TestClient) -> None:
    response = client.post("/api/tables", content=b"{oops")
    assert response.status_code == 400 and "not JSON" in response.json()["error"]
    assert client.get("/api/tables").status_code == 200
