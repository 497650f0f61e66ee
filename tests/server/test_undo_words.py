"""An undo refused says why with the cards as players read them (10♥, not TH)."""

from __future__ import annotations

import re

from starlette.testclient import TestClient

from .conftest import create_table, receive_until

BOTS = ["human", "bot:random", "bot:random", "bot:random"]


def test_an_undo_past_seen_cards_names_them_as_players_read_them(client: TestClient) -> None:
    table = create_table(client, BOTS, options={"first_dealer": 3})
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        frame = receive_until(ws, lambda f: f["type"] == "state" and f["seat"] == 0)
        ws.send_json({"type": "action", "action": "trump H", "seq": frame["seq"]})
        dealt = receive_until(ws, lambda f: f["type"] == "state" and len(f["view"]["hand"]) > 5)
    auth = {"Authorization": f"Bearer {table['token']}"}
    error = client.post(f"/api/tables/{table['id']}/undo", headers=auth).json()["error"]
    said = re.fullmatch(
        r"you have seen cards since that action \((.*)\): it can no longer be taken back", error
    )
    assert said, error
    cards = said[1].split()
    new = set(dealt["view"]["hand"]) - set(frame["view"]["hand"])
    symbols = {name.replace("T", "10")[:-1] + "♠♥♦♣"["SHDC".index(name[-1])] for name in new}
    assert set(cards) == symbols and len(cards) == 8
    assert not any(re.fullmatch(r"[2-9TJQKA][SHDC]", c) for c in cards)
