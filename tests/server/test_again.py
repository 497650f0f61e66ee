"""Play it again: a finished deal replayed by Hard beside the player's line, or by the player
at a new table; and robot duplicate tables, whose deals Hard also plays at a hidden table."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from starlette.testclient import TestClient

from atout.analysis.again import net
from atout.bots import GreedyBot
from atout.cards import card_name, cards_of
from atout.notation.record import match_from_record
from atout.server import create_app, duplicate
from atout.server.boards import drop_board, store_board, take_board
from atout.server.pubsub import Broadcast
from atout.sim.stats import imps
from tests.server.conftest import FAST, receive_until
from tests.server.test_review import _bridge_table, _play_until


def test_a_finished_deal_is_played_again_by_hard_and_the_deal_in_play_is_not(
    client: TestClient,
) -> None:
    table = _bridge_table(client, boards=2)
    url = f"/api/tables/{table['id']}"
    auth = {"Authorization": f"Bearer {table['token']}"}
    _play_until(client, table, lambda f: f["table"]["deal_number"] == 2 and f["view"]["legal"])

    response = client.get(f"{url}/deals/0/again", headers=auth)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["seat"] == 0 and body["deal"] == 0
    assert body["bots"] == ["hard", "greedy", "greedy", "greedy"]
    assert body["hard"]["points"] and body["mine"]["points"]
    assert [row["mine"] for row in body["tricks"] if row["mine"]] == body["mine"]["tricks"]
    # Hidden information: the deal in play is never replayed, nor another seat's.
    in_play = client.get(f"{url}/deals/1/again", headers=auth)
    assert in_play.status_code == 409 and set(in_play.json()) == {"error"}
    assert "still in play" in in_play.json()["error"]
    missing = client.get(f"{url}/deals/7/again", headers=auth)
    assert missing.status_code == 404 and "no deal 7" in missing.json()["error"]
    other = client.get(f"{url}/deals/0/again?seat=1", headers=auth)
    assert other.status_code == 403 and "your own decisions" in other.json()["error"]
    assert client.get(f"{url}/deals/0/again").status_code == 403
    assert client.get(f"{url}/deals/0/again?seat=Q", headers=auth).status_code == 400

    _play_until(client, table, lambda f: f["table"]["status"] == "over")
    record = client.get(f"{url}/record").json()
    deal = record["deals"][0]
    assert body["mine"]["actions"] == deal["actions"]
    assert body["layout"]["hands"] == deal["hands"]
    # The same deal asked again gives the same replay (kept, and fixed by its seed).
    assert client.get(f"{url}/deals/0/again", headers=auth).json() == body
    paths = client.get("/openapi.json").json()["paths"]
    assert "409" in paths["/api/tables/{table_id}/deals/{deal}/again"]["get"]["responses"]
    assert "429" in paths["/api/tables/{table_id}/deals/{deal}/replay"]["post"]["responses"]


def test_the_player_replays_a_finished_deal_at_a_new_table(client: TestClient) -> None:
    table = _bridge_table(client, boards=2)
    url = f"/api/tables/{table['id']}"
    auth = {"Authorization": f"Bearer {table['token']}"}
    _play_until(client, table, lambda f: f["table"]["deal_number"] == 2 and f["view"]["legal"])
    assert client.post(f"{url}/deals/1/replay", headers=auth).status_code == 409
    assert client.post(f"{url}/deals/5/replay", headers=auth).status_code == 404
    assert client.post(f"{url}/deals/0/replay").status_code == 400  # no seat token

    response = client.post(f"{url}/deals/0/replay", headers=auth)
    assert response.status_code == 200, response.text
    again = response.json()
    assert again["id"] != table["id"] and again["status"] == "playing"
    assert again["again_of"] == {"table": table["id"], "deal": 0}
    assert [s["bot"] for s in again["seats"]] == [None, "greedy", "greedy", "greedy"]
    # The person's token opens their seat there, holding the same cards as dealt.
    view = client.get(f"/api/tables/{again['id']}/view", headers=auth).json()
    assert view["seat"] == 0
    mine = client.get(f"{url}/record", headers=auth).json()["deals"][0]["hands"][0]
    assert sorted(view["view"]["hand"]) == sorted(mine)
    first = client.get(f"/api/tables/{again['id']}/record", headers=auth).json()["deals"][0]
    assert first["dealer"] == client.get(f"{url}/record").json()["deals"][0]["dealer"]


def test_a_deal_is_replayed_at_a_new_table_against_bots_only(client: TestClient) -> None:
    body = {"game": "five-hundred", "seats": ["human", "human", "bot:greedy", "bot:greedy"]}
    table = client.post("/api/tables", json={**body, "sit": 0}).json()
    auth = {"Authorization": f"Bearer {table['token']}"}
    # Not started (the second person has not come): nothing to replay.
    refused = client.post(f"/api/tables/{table['id']}/deals/0/replay", headers=auth)
    assert refused.status_code == 409 and "not started" in refused.json()["error"]

    solo = _bridge_table(client, boards=2)
    url = f"/api/tables/{solo['id']}"
    auth = {"Authorization": f"Bearer {solo['token']}"}
    _play_until(client, solo, lambda f: f["table"]["deal_number"] == 2)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    room = client.portal.call(hub.get, solo["id"])
    room.seats[2].kind = "human"  # as if a friend sat there: their seat cannot be filled
    refused = client.post(f"{url}/deals/0/replay", headers=auth)
    assert refused.status_code == 400 and "against bots only" in refused.json()["error"]
    assert len(hub.rooms) == 2  # no table was made


def _duplicate_bridge(client: TestClient, boards: int = 1) -> dict[str, Any]:
    body = {
        "game": "bridge",
        "seats": ["human", "bot:greedy", "bot:greedy", "bot:greedy"],
        "sit": 0,
        "name": "Ana",
        "options": {"scoring": "duplicate", "boards": boards},
        "robot_duplicate": True,
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def _boards(client: TestClient, table_id: str, count: int) -> dict[str, Any]:
    for _ in range(600):
        data: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
        if len(data.get("duplicate", [])) >= count:
            return data
        time.sleep(0.1)
    raise AssertionError("the duplicate table never played its boards")


def test_robot_duplicate_plays_each_board_again_and_keeps_it(db_url: str) -> None:
    with TestClient(create_app(db_url, settings=FAST)) as client:
        table = _duplicate_bridge(client, boards=2)
        assert table["robot_duplicate"] is True and table["duplicate"] == []
        url = f"/api/tables/{table['id']}"
        auth = {"Authorization": f"Bearer {table['token']}"}
        _play_until(client, table, lambda f: f["table"]["status"] == "over")
        data = _boards(client, table["id"], 2)
        match = match_from_record(client.get(f"{url}/record").json())
        for board in data["duplicate"]:
            k = board["deal"]
            played = match.deals[k]
            assert played.settlement is not None
            assert board["mine"]["points"] == list(played.settlement.points)
            # The hidden table's play is "play it again"'s replay of the same deal.
            again = client.get(f"{url}/deals/{k}/again", headers=auth).json()
            assert board["hard"] == {
                "result": again["hard"]["result"],
                "points": again["hard"]["points"],
            }
            assert board["difference"] == -again["difference"]
            assert board["imps"] == imps(board["difference"])
        assert data["duplicate_total"] == sum(b["difference"] for b in data["duplicate"])
        assert data["duplicate_imps"] == sum(b["imps"] for b in data["duplicate"])
    # A restarted server keeps the boards with the table.
    with TestClient(create_app(db_url, settings=FAST)) as client:
        kept = client.get(f"/api/tables/{table['id']}").json()
        assert kept["duplicate"] == data["duplicate"]


def test_robot_duplicate_is_for_one_person_against_bots_in_some_games(client: TestClient) -> None:
    base = {"sit": 0, "robot_duplicate": True}
    cases = [
        ({"game": "bridge", "seats": ["human"] + ["bot:greedy"] * 3}, "scoring=duplicate"),
        (
            {"game": "court-circular", "seats": ["human", "bot:greedy"]},
            "bridge, Court Piece and Five Hundred",
        ),
        (
            {"game": "court-piece", "seats": ["human", "human", "bot:greedy", "bot:greedy"]},
            "one person against bots",
        ),
    ]
    for body, words in cases:
        response = client.post("/api/tables", json={**base, **body})
        assert response.status_code == 422 and words in response.json()["error"], response.text
    bad = client.post("/api/tables", json={**cases[0][0], "sit": 0, "robot_duplicate": "yes"})
    assert bad.status_code == 422 and "robot_duplicate must be true or false" in bad.text
    fine = client.post(
        "/api/tables",
        json={"game": "five-hundred", "seats": ["human"] + ["bot:greedy"] * 3, **base},
    )
    assert fine.status_code == 201 and fine.json()["robot_duplicate"] is True
    plain = client.post(
        "/api/tables", json={"game": "five-hundred", "seats": ["human"] + ["bot:greedy"] * 3}
    )
    assert plain.json()["robot_duplicate"] is False and "duplicate" not in plain.json()


def _lawful(room: Any) -> str:
    """The lowest card that follows suit for the seat to play (never a claim)."""
    state = room.match.current.state
    return card_name(min(cards_of(state.lawful_cards())))


class _Honest(GreedyBot):
    """Follows suit and never claims a revoke (a greedy bot claims one at its next turn)."""

    def __init__(self, room: Any) -> None:
        super().__init__(lambda view, rng: "", None)
        self.room = room

    def choose(self, view: Any) -> str:
        return _lawful(self.room)


class _Renege(_Honest):
    """Plays one card off the led suit while holding it (honour mode lets it), then follows."""

    done = False

    def choose(self, view: Any) -> str:
        state = self.room.match.current.state
        if state.trump is None:
            return str(view.view.legal[0])
        hand, lawful = state.hand(state.turn), state.lawful_cards()
        if not self.done and hand & ~lawful:
            self.done = True
            return card_name(min(cards_of(hand & ~lawful)))
        return _lawful(self.room)


def test_the_duplicate_sheet_follows_a_revoke_claim_and_a_board_leaves_the_version(
    db_url: str,
) -> None:
    settings = replace(FAST, revoke_window=3600)  # the finished deal stays open to claims
    with TestClient(create_app(db_url, settings=settings)) as client:
        body = {
            "game": "court-piece",
            "seats": ["human", "bot:greedy", "bot:greedy", "bot:greedy"],
            "sit": 0,
            "options": {"variant": "courts", "honour_mode": True, "first_dealer": 3},
            "robot_duplicate": True,
        }
        table = client.post("/api/tables", json=body).json()
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert client.portal is not None
        room = client.portal.call(hub.get, table["id"])
        renege = _Renege(room)
        room._bots.update({(1, "greedy"): renege, (2, "greedy"): _Honest(room)})
        with client.websocket_connect(table["ws"]) as ws:  # the person follows suit, no claim
            ws.send_json({"type": "hello", "token": table["token"]})
            while room.match.deals[0].settlement is None:
                frame = receive_until(ws, lambda f: f["type"] == "state")
                if frame["view"]["legal"] and room.match.current.state.turn == 0:
                    action = _lawful(room) if room.match.current.state.trump is not None else None
                    action = action or frame["view"]["legal"][0]
                    ws.send_json({"type": "action", "action": action, "seq": frame["seq"]})
        assert renege.done
        version = room.version
        before = _boards(client, table["id"], 1)["duplicate"][0]
        # Storing the board did not move the table on: a bot thinking then keeps its choice.
        assert room.version == version
        assert client.get(f"/api/tables/{table['id']}").json()["version"] == version

        with client.websocket_connect(table["ws"]) as ws:
            ws.send_json({"type": "hello", "token": table["token"]})
            state = receive_until(ws, lambda f: f["type"] == "state")
            ws.send_json({"type": "action", "action": "claim revoke", "seq": state["seq"]})
            answer = receive_until(ws, lambda f: f["type"] == "state" and f["seq"] > state["seq"])
        after = answer["table"]["duplicate"][0]
        played = room.match.deals[0]
        assert played.state.result()["revoke_claimed_by"] == 0
        # The person's result is the record's now; Hard's line is the one stored before.
        assert after["mine"] == {
            "result": played.state.result(),
            "points": list(played.settlement.points),
        }
        assert after["mine"] != before["mine"] and after["hard"] == before["hard"]
        assert after["difference"] == net(after["mine"]["points"], 0) - net(
            after["hard"]["points"], 0
        )
        assert answer["table"]["duplicate_total"] == after["difference"]
    # A restart reads the same sheet: the board is kept, the person's side is the record's.
    with TestClient(create_app(db_url, settings=settings)) as client:
        kept = client.get(f"/api/tables/{table['id']}").json()
        assert kept["duplicate"] == [after]


async def _schedule(room: Any) -> None:
    duplicate.schedule_boards(room)


def test_a_board_another_process_took_is_not_played_here_and_shows_once_stored(
    db_url: str, monkeypatch: Any
) -> None:
    played: list[int] = []

    async def compute(room: Any, deal: int, seat: int) -> dict[str, Any] | None:
        played.append(deal)
        return None  # given back, as when the worker refuses it

    monkeypatch.setattr(duplicate, "_compute", compute)
    with TestClient(create_app(db_url, settings=FAST)) as client:
        body = {"game": "five-hundred", "seats": ["human"] + ["bot:greedy"] * 3, "sit": 0}
        table = client.post("/api/tables", json={**body, "robot_duplicate": True}).json()
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert client.portal is not None
        room = client.portal.call(hub.get, table["id"])
        # Another process of the cluster takes deal 0's board before the deal ends here.
        assert client.portal.call(take_board, hub.store, table["id"], 0, 0, "other")
        _play_until(client, table, lambda f: room.match.deals[0].settlement is not None)
        for _ in range(600):
            if (table["id"], 0) not in hub.duplicating:
                break
            time.sleep(0.05)
        assert played == [] and room.boards == {}
        # Given back, the board is played here at the next look (the worker refuses it too).
        client.portal.call(drop_board, hub.store, table["id"], 0, "other")
        client.portal.call(_schedule, room)
        for _ in range(600):
            if played and (table["id"], 0) not in hub.duplicating:
                break
            time.sleep(0.05)
        assert played == [0]
        assert client.portal.call(take_board, hub.store, table["id"], 0, 0, "other")
        # It stores the board and says so on the table's channel: this process shows it.
        hard = {"result": {"made": True}, "points": [40, 0]}
        client.portal.call(store_board, hub.store, table["id"], 0, hard)
        client.portal.call(room.apply_remote, {"type": "boards", "origin": "other"})
        assert room.boards[0]["hard"] == hard
        # Its message missed (sent before this process listened): the resync on listening
        # reads the boards too, as the table's version did not change.
        room.boards = {}
        monkeypatch.setattr(Broadcast, "alone", property(lambda self: False))
        client.portal.call(room.apply_remote, {"type": "resync"})
        assert room.boards[0]["hard"] == hard
        [board] = client.get(f"/api/tables/{table['id']}").json()["duplicate"]
        settlement = room.match.deals[0].settlement
        assert board["hard"] == hard and board["mine"]["points"] == list(settlement.points)
        assert board["difference"] == net(settlement.points, 0) - net(hard["points"], 0)
