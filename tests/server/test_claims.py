"""Claims are no oracle: one bridge claim per trick, and a bare "no" to a revoke claim."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from .conftest import create_table, receive_until

JSON = dict[str, Any]


def _act(client: TestClient, table: JSON, token: str, action: str) -> JSON:
    """``action`` by the seat of ``token``: the next state frame, or the error frame."""
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": token})
        state = receive_until(ws, lambda f: f["type"] == "state")
        ws.send_json({"type": "action", "action": action, "seq": state["seq"]})
        return receive_until(
            ws, lambda f: f["type"] == "error" or (f["type"] == "state" and f["seq"] > state["seq"])
        )


def _view(client: TestClient, table: JSON, token: str) -> JSON:
    url = f"/api/tables/{table['id']}/view"
    view: JSON = client.get(url, headers={"Authorization": f"Bearer {token}"}).json()["view"]
    return view


def _practice(client: TestClient, game: str, **options: Any) -> tuple[JSON, list[str]]:
    """A practice table of four people, all held by this client: its tokens by seat."""
    body = {"game": game, "seats": ["human"] * 4, "sit": 0, "practice": True, "options": options}
    table = client.post("/api/tables", json=body).json()
    tokens = [table["token"]]
    for seat in (1, 2, 3):
        joined = client.post(
            f"/api/tables/{table['id']}/join",
            json={"seat": seat},
            headers={"Authorization": f"Bearer {tokens[0]}"},
        )
        tokens.append(joined.json()["token"])
    return table, tokens


def test_a_rejected_claim_waits_for_the_next_trick(client: TestClient) -> None:
    table, tokens = _practice(client, "bridge", first_dealer=0)
    for seat, call in enumerate(["7NT", "pass", "pass", "pass"]):
        assert _act(client, table, tokens[seat], call)["type"] == "state"
    lead = _view(client, table, tokens[1])["legal"][0]
    assert _act(client, table, tokens[1], lead)["type"] == "state"  # then declarer, for dummy
    assert _act(client, table, tokens[0], "claim 13")["type"] == "state"
    rejected = _act(client, table, tokens[1], "reject")
    # Everyone at the table, declarer first, is told the claim was rejected and by whom.
    assert rejected["notice"] == {"seat": 1, "action": "reject", "version": rejected["version"]}
    told = client.get(
        f"/api/tables/{table['id']}/view", headers={"Authorization": f"Bearer {tokens[0]}"}
    ).json()
    assert told["notice"]["action"] == "reject" and told["notice"]["seat"] == 1
    again = _act(client, table, tokens[0], "claim 12")
    assert again["type"] == "error" and "another trick" in again["message"]
    # Play on (declarer plays dummy's cards) until a trick is done and declarer is to act.
    played = 1
    while True:
        turn = next(s for s in range(4) if _view(client, table, tokens[s]).get("legal"))
        if played >= 4 and turn in (0, 2):
            break
        legal = _view(client, table, tokens[turn])["legal"]
        assert _act(client, table, tokens[turn], legal[0])["type"] == "state"
        played += 1
    frame = _act(client, table, tokens[turn], "claim 12")
    assert frame["type"] == "state", frame


def test_a_refused_revoke_claim_says_only_that_none_is_proven(client: TestClient) -> None:
    table = create_table(
        client,
        ["human", "bot:random", "bot:random", "bot:random"],
        options={"variant": "courts", "honour_mode": True, "first_dealer": 3},
    )
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        for _ in range(200):  # play our turns until a revoke claim is offered
            frame = receive_until(ws, lambda f: f["type"] == "state")
            if "claim revoke" in (frame["view"].get("out_of_turn") or []):
                break
            if frame["view"].get("legal"):
                action = frame["view"]["legal"][0]
                ws.send_json({"type": "action", "action": action, "seq": frame["seq"]})
        else:
            raise AssertionError("no revoke claim was offered")
        ws.send_json({"type": "action", "action": "claim revoke", "seq": frame["seq"]})
        answer = receive_until(
            ws, lambda f: f["type"] == "error" or (f["type"] == "state" and f["seq"] > frame["seq"])
        )
    if answer["type"] == "error":  # the random bots followed suit: nothing to prove
        assert answer["message"] == "no revoke is proven: the deal goes on"
