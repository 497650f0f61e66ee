"""At bridge against bots, the person plays the contracts their bot partner wins.

A table of one person (South) and three bots whose auction is scripted: North
opens 1NT and everyone passes, so North, a bot, declares and South is dummy.
The person is then asked for North's cards and dummy's; the record names the
seats the rules name; the person's view shows North's hand from the opening
lead on, never before; the bots' views are the engine's.
"""

from __future__ import annotations

import dataclasses
import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from atout.analysis import review_deal
from atout.bots.registry import make_bot as real_make_bot
from atout.core import Match
from atout.declaring import with_declarers_hand
from atout.notation.record import match_from_record
from atout.server import create_app
from atout.server import driver as driver_module
from atout.server.rooms import Room
from atout.tui.render import card_word

from .conftest import FAST, receive_until
from .test_hidden import Positions, secret_cards, twin_of

JSON = dict[str, Any]


class NorthOpens:
    """A bridge bot whose auction is scripted (North 1NT, then passes); it plays as greedy."""

    def __init__(self, game: str, seed: int) -> None:
        self.player = real_make_bot("greedy", game, seed=seed)

    def choose(self, view: JSON) -> str:
        if view["phase"] == "auction":
            opened = any(call != "pass" for _, call in view["auction"])
            return "1NT" if view["seat"] == 0 and not opened else "pass"
        action: str = self.player.choose(view)
        return action


@pytest.fixture
def client(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """Instant scripted bots, and the same deal every time (dealt from a seed)."""

    def make_bot(name: str, game: str, seed: int = 0) -> Any:
        return NorthOpens(game, seed) if game == "bridge" else real_make_bot(name, game, seed=seed)

    monkeypatch.setattr(driver_module, "make_bot", make_bot)
    monkeypatch.setattr(Room, "_rng", lambda self, deal: random.Random(35 + deal))
    with TestClient(create_app(db_url, settings=FAST)) as test_client:
        yield test_client


def _table(client: TestClient, seats: list[str], sit: int = 2, **extra: Any) -> JSON:
    body = {"game": "bridge", "seats": seats, "sit": sit, "options": {"first_dealer": 0}, **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: JSON = response.json()
    return data


def _room(client: TestClient, table: JSON) -> Room:
    room: Room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
    return room


def _mine(frame: JSON) -> bool:
    return frame["type"] == "state" and bool(frame["view"] and frame["view"]["legal"])


def _act(ws: Any, frame: JSON, action: str) -> JSON:
    ws.send_json({"type": "action", "action": action, "seq": frame["seq"]})
    return receive_until(
        ws, lambda f: f["type"] == "error" or (f["type"] == "state" and f["seq"] > frame["seq"])
    )


BOTS_AROUND_SOUTH = ["bot:greedy", "bot:greedy", "human", "bot:greedy"]


def test_the_person_plays_declarers_and_dummys_cards(client: TestClient) -> None:
    table = _table(client, BOTS_AROUND_SOUTH)
    room = _room(client, table)
    seen: list[JSON] = []
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        frame = receive_until(ws, lambda f: seen.append(f) is None and _mine(f))
        assert frame["view"]["phase"] == "auction"  # South's own call: pass
        frame = _act(ws, frame, "pass")
        frame = receive_until(ws, lambda f: seen.append(f) is None and _mine(f))
        view = frame["view"]
        match = room.match
        assert match is not None and match.actor == 0 and view["declarer"] == 0
        assert view["turn"] == 2  # dummy's card first: East has led
        north = match.view(0)
        assert view["plays_for"] == {"seat": 0, "hand": north["hand"]}
        assert view["legal"] == north["legal"] and set(view["legal"]) <= set(view["hand"])
        hint = client.get(
            f"/api/tables/{table['id']}/hint",
            headers={"Authorization": f"Bearer {table['token']}"},
        ).json()
        assert hint["action"] in view["legal"]
        frame = _act(ws, frame, view["legal"][-1])  # dummy's card, chosen by the person
        assert frame["type"] == "state", frame
        seen.append(frame)
        if not _mine(frame):
            frame = receive_until(ws, lambda f: seen.append(f) is None and _mine(f))
        played = 1
        while frame["view"]["turn"] != 0:  # on to a card from North's own hand
            frame = _act(ws, frame, frame["view"]["legal"][0])
            assert frame["type"] == "state", frame
            seen.append(frame)
            if not _mine(frame):
                frame = receive_until(ws, lambda f: seen.append(f) is None and _mine(f))
            played += 1
        north_hand = frame["view"]["plays_for"]["hand"]
        assert set(frame["view"]["legal"]) <= set(north_hand)
        card = frame["view"]["legal"][0]
        assert _act(ws, frame, card)["type"] == "state"
    actions = room.record()["deals"][0]["actions"]
    auction = 4  # 1NT, pass, pass, pass
    # The record names dummy's seat for dummy's card and declarer's for declarer's.
    assert actions[auction + 1] == [2, seen_card(actions, auction + 1)]
    assert [0, card] in actions[auction + 1 :]
    assert played >= 1
    _check_views(room, seen)


def seen_card(actions: list[list[Any]], index: int) -> str:
    card: str = actions[index][1]
    return card


def _check_views(room: Room, frames: list[JSON]) -> None:
    """Each frame the person got: the engine's view before the lead, with North's hand after."""
    positions = Positions(room.record())
    shown = hidden = 0
    for frame in frames:
        if frame["type"] != "state" or frame["view"] is None or frame["seat"] != 2:
            continue
        match = positions.at(frame["table"]["deal_number"], frame["seq"])
        mine = match.view(2)
        if mine["phase"] == "play" and mine["dummy"] is not None:
            assert frame["view"] == with_declarers_hand(mine, match.view(0))
            shown += 1
        else:
            assert frame["view"] == mine  # North's hand is not shown before the opening lead
            hidden += 1
    assert shown and hidden


def test_before_the_opening_lead_the_person_sees_only_their_hand(client: TestClient) -> None:
    """The position after the auction, read by the person: no card of North's is shown."""
    table = _table(client, BOTS_AROUND_SOUTH)
    room = _room(client, table)
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        frame = receive_until(ws, _mine)
        _act(ws, frame, "pass")
        receive_until(ws, _mine)
    match = room.match
    assert match is not None
    record = room.record()
    deal = record["deals"][0]
    before_lead = Match(match.game, match.rules).start_deal(
        match.game.layout_from_json(match.rules, deal)
    )
    for actor, action in deal["actions"][:4]:
        before_lead = before_lead.apply(action, actor)
    assert before_lead.view(None)["dummy"] is None
    view = room.view(2, before_lead)
    assert "plays_for" not in view and view["legal"] == []
    north = set(deal["hands"][0])
    assert not north & set(json.dumps(view).replace('"', " ").split())


def test_the_opponents_learn_nothing_and_the_person_no_hidden_card(client: TestClient) -> None:
    """Twin positions: East and West's cards swapped, every reading of the person is the same;
    the bots' views are the engine's."""
    table = _table(client, BOTS_AROUND_SOUTH)
    room = _room(client, table)
    headers = {"Authorization": f"Bearer {table['token']}"}
    base = f"/api/tables/{table['id']}"
    paths = [base, f"{base}/view", f"{base}/record", f"{base}/record?format=pbn", f"{base}/hint"]
    rng = random.Random(4)
    compared = 0
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        frame = receive_until(ws, _mine)
        frame = _act(ws, frame, "pass")
        for _ in range(12):
            if not _mine(frame):
                frame = receive_until(ws, _mine)
            match = room.match
            assert match is not None
            for seat in (0, 1, 3):  # the bots see what the engine shows them, nothing more
                assert room.view(seat) == match.view(seat)
            positions = Positions(room.record())
            deals, seq = len(match.deals), room.next_seq
            north = set(room.view(2)["plays_for"]["hand"])
            secret = secret_cards(positions, positions.at(deals, seq), deals, 2) - north
            twin = twin_of(positions, positions.at(deals, seq), deals, 2, secret, rng)
            if twin is not None:
                honest = {p: client.get(p, headers=headers).content for p in paths}
                room.match = twin
                try:
                    twinned = {p: client.get(p, headers=headers).content for p in paths}
                finally:
                    room.match = match
                    room._views_of = None
                assert twinned == honest
                compared += 1
            frame = _act(ws, frame, frame["view"]["legal"][0])
            if frame["type"] != "state" or frame["view"]["phase"] != "play":
                break
    assert compared >= 3


def test_off_the_bot_partner_declares(client: TestClient) -> None:
    table = _table(client, BOTS_AROUND_SOUTH, play_side_contracts=False)
    room = _room(client, table)
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        frame = receive_until(ws, _mine)
        _act(ws, frame, "pass")
        # North plays its contract alone: the deal ends without another question to South.
        over = receive_until(ws, lambda f: f["type"] == "state" and f["last_deal"] is not None)
        assert over["last_deal"]["number"] == 1
    assert all("plays_for" not in room.view(2, m) for m in [room.match] if m is not None)


def test_a_bad_setting_is_refused(client: TestClient) -> None:
    body = {"game": "bridge", "seats": BOTS_AROUND_SOUTH, "play_side_contracts": "yes"}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422
    assert "play_side_contracts must be true or false" in response.text


def test_partners_who_are_both_people_play_as_before(client: TestClient) -> None:
    table = _table(client, ["human", "bot:greedy", "human", "bot:greedy"], sit=0, practice=True)
    room = _room(client, table)
    auth = {"Authorization": f"Bearer {table['token']}"}
    south = client.post(f"/api/tables/{table['id']}/join", json={"seat": 2}, headers=auth).json()
    tokens = {0: table["token"], 2: south["token"]}
    calls = {0: "1NT", 2: "pass"}
    for _ in range(2):
        deadline = time.monotonic() + 10
        while room.match is None or room.match.actor not in calls:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        actor = room.match.actor
        with client.websocket_connect(table["ws"]) as ws:
            ws.send_json({"type": "hello", "token": tokens[actor]})
            frame = receive_until(ws, _mine)
            assert _act(ws, frame, calls[actor])["type"] == "state"
    deadline = time.monotonic() + 10
    while room.match is None or room.match.actor != 0:  # East leads, then North for dummy
        assert time.monotonic() < deadline
        time.sleep(0.01)
    south_view = room.view(2)
    assert "plays_for" not in south_view and south_view["legal"] == []
    assert room.view(0)["legal"]  # North, a person, plays dummy's cards as ever


def test_an_away_person_leaves_the_contract_to_the_bot(db_url: str, client: TestClient) -> None:
    """Past the grace, the bot declarer plays its own contract (the table does not stall)."""
    table = _table(client, BOTS_AROUND_SOUTH, grace_seconds=0)
    room = _room(client, table)
    deadline = time.monotonic() + 20
    while room.match is None or room.match.current.settlement is None:
        assert time.monotonic() < deadline, "the table stalled"
        time.sleep(0.02)
    result = room.match.current.state.result()
    assert result["declarer_seat"] == 0


@pytest.fixture
def gated(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[TestClient, JSON]]:
    """The scripted table of ``client``, whose bots answer at once until ``gate["shut"]``:
    from then on a bot's turn waits (an hour), so the person's last card is the last action."""
    gate: JSON = {"shut": False}

    def make_bot(name: str, game: str, seed: int = 0) -> Any:
        return NorthOpens(game, seed) if game == "bridge" else real_make_bot(name, game, seed=seed)

    monkeypatch.setattr(driver_module, "make_bot", make_bot)
    monkeypatch.setattr(driver_module, "bot_delay_factor", lambda room: 3600.0 * gate["shut"])
    monkeypatch.setattr(Room, "_rng", lambda self, deal: random.Random(35 + deal))
    settings = dataclasses.replace(FAST, bot_delay=1.0)
    with TestClient(create_app(db_url, settings=settings)) as test_client:
        yield test_client, gate


def _undo(client: TestClient, table: JSON) -> Any:
    auth = {"Authorization": f"Bearer {table['token']}"}
    return client.post(f"/api/tables/{table['id']}/undo", headers=auth)


def test_the_person_takes_back_a_card_they_played_for_declarer(
    gated: tuple[TestClient, JSON],
) -> None:
    """Undo treats the cards the person chose for their bot partner's contract as their own,
    under the same rule: never past a card seen since (here North's hand, then West's card)."""
    client, gate = gated
    table = _table(client, BOTS_AROUND_SOUTH)
    room = _room(client, table)
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        frame = _act(ws, receive_until(ws, _mine), "pass")
        frame = receive_until(ws, _mine)  # East has led: dummy's card, the person's choice
        north = frame["view"]["plays_for"]["hand"]
        # Their call was before North's hand was shown to them: it stays.
        refused = _undo(client, table)
        assert refused.status_code == 400, refused.text
        assert "seen cards" in refused.json()["error"]
        assert any(card_word(card) in refused.json()["error"] for card in north)
        frame = _act(ws, frame, frame["view"]["legal"][-1])  # dummy's card; West answers
        frame = receive_until(ws, lambda f: _mine(f) and f["view"]["turn"] == 0)
        west = room.record()["deals"][0]["actions"][-1]
        assert west[0] == 3
        refused = _undo(client, table)  # dummy's card: West's card has been seen since
        assert refused.status_code == 400 and card_word(west[1]) in refused.json()["error"]
        gate["shut"] = True  # no bot answers North's card
        before = room.record()["deals"][0]["actions"]
        card = frame["view"]["legal"][0]
        played = _act(ws, frame, card)
        assert played["type"] == "state" and room.record()["deals"][0]["actions"][-1] == [0, card]
        taken_back = _undo(client, table)
        assert taken_back.status_code == 200, taken_back.text
        again = receive_until(ws, lambda f: f["type"] == "state" and f["seq"] == frame["seq"])
    assert room.record()["deals"][0]["actions"] == before
    assert again["view"] == frame["view"]  # North to play again, the same cards offered
    assert card in again["view"]["legal"] and again["view"]["plays_for"]["seat"] == 0


def test_the_review_judges_the_cards_the_person_played_for_north(client: TestClient) -> None:
    """The person's review of a deal whose contract they played for their bot partner judges
    North's cards and dummy's as theirs (the engine alone would call them North's)."""
    table = _table(client, BOTS_AROUND_SOUTH)
    room = _room(client, table)
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        frame = _act(ws, receive_until(ws, _mine), "pass")
        while frame["type"] != "state" or frame["last_deal"] is None:
            if _mine(frame) and frame["view"]["phase"] == "play":
                frame = _act(ws, frame, frame["view"]["legal"][0])
            else:
                frame = receive_until(ws, lambda f: f["type"] == "state")
    auth = {"Authorization": f"Bearer {table['token']}"}
    response = client.get(f"/api/tables/{table['id']}/deals/0/review", headers=auth)
    assert response.status_code == 200, response.text
    review = response.json()
    assert {d["seat"] for d in review["decisions"]} == {0, 2} and review["played_for"] == [0]
    match = match_from_record(room.record())
    assert review == review_deal(match, 0, 2, bots=(True, True, False, True))
    assert len(review["decisions"]) == len(review_deal(match, 0, 0)["decisions"])
