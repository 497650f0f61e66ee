"""The replay API, the PBN download of a finished bridge table, and bridge explanations."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from atout.notation.pbn import match_from_pbn
from atout.notation.record import (
    PARTIAL_RECORD,
    RecordError,
    load_record,
    match_from_record,
    replay_summary,
)
from atout.server.replay import call_explanations

from .conftest import create_table

EXAMPLES = Path("/work/shared/examples")
PBN = Path("/work/shared/data/pbn")
CARD = re.compile(r"\b(?:[2-9TJQKA][SHDC]|JK)\b")

needs_examples = pytest.mark.skipif(not EXAMPLES.is_dir(), reason="no shared examples here")
needs_pbn = pytest.mark.skipif(not PBN.is_dir(), reason="no shared PBN files here")


def _replay(client: TestClient, body: bytes, deal: int | None = None) -> Any:
    url = "/api/replay" if deal is None else f"/api/replay?deal={deal}"
    return client.post(url, content=body)


@needs_examples
@pytest.mark.parametrize(
    "name", ["court-piece-simple", "five-hundred-hand", "court-circular-game", "court-piece-courts"]
)
def test_frames_follow_the_record_to_the_summary(client: TestClient, name: str) -> None:
    path = EXAMPLES / f"{name}.record.json"
    summary = replay_summary(load_record(path))
    first = _replay(client, path.read_bytes()).json()
    assert first["totals"] == summary["totals"]
    assert first["winner"] == summary["winner"]
    assert len(first["deals"]) == len(summary["deals"])
    record = json.loads(path.read_text())
    for number, expected in enumerate(summary["deals"]):
        data = _replay(client, path.read_bytes(), number).json()
        frames = data["frames"]
        deal = data["deals"][number]
        assert deal["points"] == expected["points"] and deal["result"] == expected["result"]
        actions = record["deals"][number]["actions"]
        assert len(frames) == len(actions) + 1
        assert [f["action"] for f in frames[1:]] == actions
        last = frames[-1]["view"]
        if "tricks" in last and game_shows_tricks(name):
            assert last["tricks"] == expected["tricks"]
        # Cards leave the hands as they are played: no hand ever grows during the play.
        played = [c for t in expected["tricks"] for c in t["cards"]]
        start = {c for hand in frames[0]["hands"] for c in hand}
        end = {c for hand in frames[-1]["hands"] for c in hand}
        assert not (set(played) & end)
        assert "history" not in last["match"]
        assert start or name == "court-circular-game"


def game_shows_tricks(name: str) -> bool:
    """Courts keep finished tricks face down in views; the others show them all."""
    return name != "court-piece-courts"


@needs_examples
def test_a_bad_record_is_refused_with_the_deal_and_action(client: TestClient) -> None:
    path = EXAMPLES / "court-piece-revoke.record.json"
    response = _replay(client, path.read_bytes())
    assert response.status_code == 422
    body = response.json()
    assert "deal 0" in body["error"] and "action 2" in body["error"] and "JS" in body["error"]
    assert body["deal"] == 0 and body["index"] == 2


def test_garbage_and_bad_deals_are_refused(client: TestClient) -> None:
    assert _replay(client, b"{not json").status_code == 422
    assert _replay(client, b"hello").status_code == 422
    assert _replay(client, b'{"game": "nope", "deals": []}').status_code == 422
    assert client.post("/api/replay?deal=x", content=b"{}").status_code == 400
    assert _replay(client, b"x" * 2_000_001).status_code == 413


@needs_pbn
def test_pbn_replays_with_public_explanations(client: TestClient) -> None:
    text = (PBN / "example1.pbn").read_bytes()
    match = match_from_pbn(text.decode())
    data = _replay(client, text, 1).json()
    assert data["game"] == "bridge" and len(data["deals"]) == 2
    frames = data["frames"]
    assert len(frames) == len(match.deals[1].actions) + 1
    assert all(len(hand) == 13 for hand in frames[0]["hands"])
    for frame in frames:
        view = frame["view"]
        auction = view["auction"]
        assert len(view.get("explanations", [])) == len(auction)
        for text_ in view.get("explanations", []):
            assert not CARD.search(text_), text_
    assert frames[-1]["view"]["result"]["contract"] == "4H"


def _bridge_table(client: TestClient, seats: list[str], **options: Any) -> dict[str, Any]:
    body = {"game": "bridge", "seats": seats, "sit": 0, "name": "Ana", "options": options}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def test_bridge_views_carry_explanations_from_the_auction_only(client: TestClient) -> None:
    table = _bridge_table(client, ["human", "bot:greedy", "bot:greedy", "bot:greedy"])
    url = f"/api/tables/{table['id']}"
    auth = {"Authorization": f"Bearer {table['token']}"}
    frame = client.get(f"{url}/view", headers=auth).json()
    while not frame["view"]["legal"]:
        time.sleep(0.05)
        frame = client.get(f"{url}/view", headers=auth).json()
    view = frame["view"]
    assert "explanations" not in view  # the view stays exactly the engine's
    spectator = client.get(f"{url}/view").json()
    if view["auction"]:
        assert frame["explanations"] == call_explanations(view["auction"])
        assert spectator.get("explanations") == frame["explanations"]
    hand = set(view["hand"])
    for text_ in frame.get("explanations", []):
        assert not set(CARD.findall(text_)) - hand
    hint = client.get(f"{url}/hint", headers=auth).json()
    assert hint["action"] in view["legal"]
    assert isinstance(hint["why"], str) and hint["why"]


def test_a_finished_bridge_table_downloads_as_pbn(client: TestClient) -> None:
    table = _bridge_table(
        client, ["human", "bot:greedy", "bot:greedy", "bot:greedy"], scoring="duplicate", boards=1
    )
    url = f"/api/tables/{table['id']}"
    auth = {"Authorization": f"Bearer {table['token']}"}
    assert client.get(f"{url}/record?format=pbn").status_code == 409
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        acted = -1  # the server may send a state frame twice: act once per state
        for _ in range(3000):
            frame = ws.receive_json()
            if frame.get("type") != "state" or frame["view"] is None:
                continue
            if frame["table"]["status"] == "over":
                break
            if frame["view"]["legal"] and frame["seq"] > acted:
                hint = client.get(f"{url}/hint", headers=auth).json()["action"]
                ws.send_json({"type": "action", "action": hint, "seq": frame["seq"]})
                acted = frame["seq"]
        else:
            raise AssertionError("the game did not end")
    response = client.get(f"{url}/record?format=pbn")
    assert response.status_code == 200
    assert response.headers["content-disposition"].endswith('.pbn"')
    again = match_from_pbn(response.text)
    assert len(again.deals) == 1 and again.deals[0].settlement is not None
    replayed = _replay(client, response.content).json()
    assert replayed["game"] == "bridge"


def test_a_seats_copy_of_a_game_in_play_is_refused_with_the_reason(client: TestClient) -> None:
    """The record a seat downloads mid-game hides the other hands: replaying it says why not."""
    table = create_table(client, ["human", "bot:random", "bot:random", "bot:random"])
    headers = {"Authorization": f"Bearer {table['token']}"}
    record = client.get(f"/api/tables/{table['id']}/record", headers=headers)
    assert record.status_code == 200 and record.json()["partial"] is True
    answer = _replay(client, record.content)
    assert answer.status_code == 422  # as every record the rules refuse
    assert answer.json()["error"] == PARTIAL_RECORD
    with pytest.raises(RecordError, match="one seat's copy of a game still in play"):
        match_from_record(record.json())
