"""The holes an attacker at a table found, each closed and held here.

Deals that cannot be predicted, a record that tells a seat no more than its
view, an undo that cannot be used to peek, one seat a person, limits on every
resource, clean text, security headers and origins, logs that help. Each test
fails on the server as it was before the fix (the transport's limits, which
need a real server, are in ``test_serving.py``).
"""

from __future__ import annotations

import json
import logging
import random
import time
from typing import Any

import pytest
from sqlalchemy import event
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from atout.core import Match
from atout.games import get_game
from atout.notation.record import match_to_record
from atout.server import Settings, create_app
from atout.server import rooms as rooms_module
from atout.server.disclosure import cards_learnt
from atout.server.replay import ReplayWorkers
from atout.server.storage import SeatTaken, hash_token

from .conftest import FAST, another_browser, create_table, receive_until

JSON = dict[str, Any]
BOTS = ["human", "bot:random", "bot:random", "bot:random"]
REQUEST_BURST = Settings().request_burst
SLOW_REFILL = 0.5
"""Requests a second a seat earns back in the budget tests: on a loaded machine a request can take
longer than the default's tenth of a second, and tokens earned between requests blur the count."""
"""A seat's budget of costly requests on a server as started (the tests' FAST has none)."""


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _first_layout(client: TestClient, table_id: str) -> JSON:
    room = client.app.state.hub.rooms[table_id]  # type: ignore[attr-defined]
    layout: JSON = room.match.deals[0].layout.to_json()
    return layout


# 1. Deals cannot be predicted.


def test_a_tables_seed_does_not_predict_its_deals(client: TestClient, monkeypatch: Any) -> None:
    """Two tables given the same seed are dealt differently; the seed's shuffle is not the deal."""
    monkeypatch.setattr(rooms_module.secrets, "randbits", lambda bits: 12345)
    layouts = []
    for _ in range(2):
        table = create_table(client, ["bot:random"] * 3 + ["human"], sit=3)
        layouts.append(_first_layout(client, table["id"]))
        game = get_game("court-piece")
        seeded = Match.new(game, {}, random.Random(f"{12345}:0")).current.layout.to_json()
        assert layouts[-1]["hands"] != seeded["hands"]
    assert layouts[0]["hands"] != layouts[1]["hands"]


def test_a_restarted_server_replays_the_deals_as_dealt(db_url: str) -> None:
    with TestClient(create_app(db_url, settings=FAST)) as client:
        table = create_table(client, ["human", "human", "human", "human"])
        dealt = client.get(f"/api/tables/{table['id']}/view", headers=_bearer(table["token"]))
        client.post(f"/api/tables/{table['id']}/start", headers=_bearer(table["token"]))
        first = _first_layout(client, table["id"])
        assert dealt.status_code == 200
    with TestClient(create_app(db_url, settings=FAST)) as client:
        client.get(f"/api/tables/{table['id']}")
        assert _first_layout(client, table["id"]) == first


# 2. The record endpoint tells a seat no more than its view.


def test_the_record_of_a_trump_call_holds_only_the_five_cards_seen(client: TestClient) -> None:
    table = create_table(client, BOTS, options={"first_dealer": 3})  # seat 0 names trump
    view = client.get(f"/api/tables/{table['id']}/view", headers=_bearer(table["token"])).json()
    assert view["view"]["phase"] == "trump" and len(view["view"]["hand"]) == 5
    record = client.get(f"/api/tables/{table['id']}/record", headers=_bearer(table["token"]))
    data = record.json()
    assert "hands" not in data["deals"][-1]
    assert data["view"]["hand"] == view["view"]["hand"]
    hidden = set(_first_layout(client, table["id"])["hands"][0]) - set(view["view"]["hand"])
    assert len(hidden) == 8 and not any(card in record.text.split('"') for card in hidden)


# 3. Undo cannot be used to peek.


def _undo(client: TestClient, table: JSON) -> Any:
    return client.post(f"/api/tables/{table['id']}/undo", headers=_bearer(table["token"]))


def test_no_undo_past_a_trump_call_once_the_hand_is_dealt(client: TestClient) -> None:
    table = create_table(client, BOTS, options={"first_dealer": 3})
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        frame = receive_until(ws, lambda f: f["type"] == "state" and f["seat"] == 0)
        assert frame["view"]["phase"] == "trump"
        ws.send_json({"type": "action", "action": "trump H", "seq": frame["seq"]})
        after = receive_until(ws, lambda f: f["type"] == "state" and len(f["view"]["hand"]) > 5)
        seq = after["seq"]
    response = _undo(client, table)
    assert response.status_code == 400 and "seen cards" in response.json()["error"]
    view = client.get(f"/api/tables/{table['id']}/view", headers=_bearer(table["token"])).json()
    assert view["view"]["trump"] == "H" and view["seq"] >= seq  # nothing was taken back


def test_no_undo_of_a_card_once_a_bot_has_played_after_it(client: TestClient) -> None:
    table = create_table(client, BOTS, options={"first_dealer": 3})
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        frame = receive_until(ws, lambda f: f["type"] == "state" and f["seat"] == 0)
        ws.send_json({"type": "action", "action": "trump S", "seq": frame["seq"]})
        lead = receive_until(
            ws,
            lambda f: (
                f["type"] == "state" and f["view"]["phase"] == "play" and bool(f["view"]["legal"])
            ),
        )
        ws.send_json({"type": "action", "action": lead["view"]["legal"][0], "seq": lead["seq"]})
        receive_until(ws, lambda f: f["type"] == "state" and f["seq"] >= lead["seq"] + 2)
    response = _undo(client, table)
    assert response.status_code == 400 and "seen cards" in response.json()["error"]


def test_no_undo_past_the_five_hundred_kitty(client: TestClient) -> None:
    """Seat 0 wins the auction against passing bots, takes the kitty: no undo of its bid."""
    body = {
        "game": "five-hundred",
        "seats": ["human", "bot:random", "bot:random", "bot:random"],
        "sit": 0,
    }
    table = client.post("/api/tables", json=body).json()
    room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        for _ in range(20):
            frame = receive_until(
                ws, lambda f: f["type"] == "state" and bool(f["view"] and f["view"]["legal"])
            )
            legal = frame["view"]["legal"]
            if any(a.startswith("discard") for a in legal) or frame["view"]["phase"] != "auction":
                break
            bids = [a for a in legal if a[0].isdigit()]
            ws.send_json(
                {"type": "action", "action": bids[-1] if bids else legal[0], "seq": frame["seq"]}
            )
    if room.match.state.view(0).get("phase") == "auction":  # type: ignore[union-attr]
        return  # the bots outbid a top bid: nothing to show here (rare)
    response = _undo(client, table)
    assert response.status_code == 400 and "seen cards" in response.json()["error"]


_BRIDGE_VS_BOTS = {
    "game": "bridge",
    "seats": ["human", "bot:random", "bot:random", "bot:random"],
    "sit": 0,
    "options": {"first_dealer": 0},
}


def test_undo_takes_back_a_call_no_other_seat_has_answered(db_url: str) -> None:
    """Bots that wait before answering: the call is taken back, and the seat may call again."""
    slow = Settings(bot_delay=60, deal_pause=0, grace_seconds=3600)
    with TestClient(create_app(db_url, settings=slow)) as client:
        table = client.post("/api/tables", json=_BRIDGE_VS_BOTS).json()
        with client.websocket_connect(table["ws"]) as ws:
            ws.send_json({"type": "hello", "token": table["token"]})
            first = receive_until(
                ws, lambda f: f["type"] == "state" and f["seat"] == 0 and bool(f["view"]["legal"])
            )
            ws.send_json({"type": "action", "action": "1C", "seq": first["seq"]})
            receive_until(ws, lambda f: f["type"] == "state" and f["seq"] > first["seq"])
            ws.send_json({"type": "undo"})
            undone = receive_until(ws, lambda f: f["type"] == "state" and f["seq"] == first["seq"])
            assert undone["view"] == first["view"] and undone["version"] > first["version"]
            ws.send_json({"type": "hint"})
            hint = receive_until(ws, lambda f: f["type"] == "hint")
            assert hint["action"] in first["view"]["legal"]


def test_no_undo_of_a_call_once_another_seat_has_answered(db_url: str) -> None:
    """Bid, see a bot's call, take back, bid again: that would probe the auction."""
    paced = Settings(bot_delay=0.5, deal_pause=0, grace_seconds=3600)
    with TestClient(create_app(db_url, settings=paced)) as client:
        table = client.post("/api/tables", json=_BRIDGE_VS_BOTS).json()
        with client.websocket_connect(table["ws"]) as ws:
            ws.send_json({"type": "hello", "token": table["token"]})
            first = receive_until(
                ws, lambda f: f["type"] == "state" and f["seat"] == 0 and bool(f["view"]["legal"])
            )
            ws.send_json({"type": "action", "action": "2NT", "seq": first["seq"]})
            answered = receive_until(
                ws, lambda f: f["type"] == "state" and f["seq"] > first["seq"] + 1
            )
            response = _undo(client, table)
        assert response.status_code == 400
        assert "another seat has acted" in response.json()["error"]
        view = client.get(f"/api/tables/{table['id']}/view", headers=_bearer(table["token"]))
        assert view.json()["seq"] >= answered["seq"]  # nothing was taken back


def test_the_kitty_is_always_a_card_shown_even_when_it_reads_like_a_bid() -> None:
    """Whatever the kitty holds (``7H`` is a card and a bid), taking it is seeing cards."""
    game = get_game("five-hundred")
    for seed in range(200):
        match = Match.new(game, {}, random.Random(seed))
        bidder = first = None
        while match.view(match.turn).get("phase") == "auction":
            seat, legal = match.turn, match.legal_actions()
            if bidder is None:
                bidder, first = seat, len(match.current.actions)
                match = match.apply(next(a for a in legal if a[0].isdigit()), seat)
            else:
                match = match.apply("pass", seat)
        assert bidder is not None and first is not None
        kitty = set(match.current.layout.to_json()["kitty"])
        assert kitty <= cards_learnt(match, bidder, first), seed


def test_calls_that_read_like_cards_are_not_cards_shown() -> None:
    """A bridge auction shows no card, though ``2C``..``7S`` are card names too."""
    game = get_game("bridge")
    for seed in range(100):
        rng = random.Random(seed)
        match = Match.new(game, {"first_dealer": 0}, rng)
        match = match.apply(rng.choice(match.legal_actions()), 0)
        while match.view(None).get("phase") == "auction":
            match = match.apply(rng.choice(match.legal_actions()), match.turn)
            if match.view(None).get("phase") == "auction":
                assert cards_learnt(match, 0, 0) == set(), seed


# 4. One person, one seat.


def test_a_token_cannot_take_a_second_seat(client: TestClient) -> None:
    table = create_table(client, ["human", "human", "bot:random", "bot:random"])
    url = f"/api/tables/{table['id']}/join"
    response = client.post(url, json={"seat": 1}, headers=_bearer(table["token"]))
    assert response.status_code == 409 and "one seat" in response.json()["error"]
    seats = client.get(f"/api/tables/{table['id']}").json()["seats"]
    assert not seats[1]["taken"]
    assert another_browser(client).post(url, json={"seat": 1}).status_code == 200  # someone else


def test_a_browser_without_a_token_cannot_take_a_second_seat(client: TestClient) -> None:
    """The browser's id cookie: no Authorization header, yet the same browser."""
    table = create_table(client, ["human", "human", "human", "bot:random"])
    url = f"/api/tables/{table['id']}/join"
    response = client.post(url, json={"seat": 1})
    assert response.status_code == 409
    assert "already sit at this table as Ana" in response.json()["error"]
    assert "invite link" in response.json()["error"]  # what to do instead
    seats = client.get(f"/api/tables/{table['id']}").json()["seats"]
    assert [s["taken"] for s in seats] == [True, False, False, True]
    friend = another_browser(client)
    assert friend.post(url, json={"seat": 1}).status_code == 200
    assert friend.post(url, json={"seat": 2}).status_code == 409  # the friend, too, sits once


def test_the_browser_id_is_a_cookie_no_script_reads(client: TestClient) -> None:
    first = client.get("/")
    cookie = first.headers["set-cookie"]
    name, _, rest = cookie.partition("=")
    value = rest.split(";")[0]
    assert name == "atout_browser" and len(value) == 32 and int(value, 16) >= 0
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/" in cookie
    assert "Secure" not in cookie  # this page came over http
    assert "set-cookie" not in client.get("/api/games").headers  # sent back: kept
    other = another_browser(client)
    assert other.get("/").headers["set-cookie"].split(";")[0] != f"{name}={value}"
    secure = TestClient(client.app, base_url="https://testserver")
    secure.portal = client.portal
    assert "; Secure" in secure.get("/health").headers["set-cookie"]


def test_a_malformed_browser_id_is_replaced(client: TestClient) -> None:
    table = create_table(client, ["human", "human", "bot:random", "bot:random"])
    forged = another_browser(client)
    forged.cookies.set("atout_browser", "x" * 32)
    response = forged.post(f"/api/tables/{table['id']}/join", json={"seat": 1})
    assert response.status_code == 200
    assert response.headers["set-cookie"].startswith("atout_browser=")


def test_leaving_lets_the_browser_sit_again(client: TestClient) -> None:
    table = create_table(client, ["human", "human", "bot:random", "bot:random"])
    base = f"/api/tables/{table['id']}"
    assert client.post(f"{base}/leave", headers=_bearer(table["token"])).status_code == 200
    response = client.post(f"{base}/join", json={"seat": 1})
    assert response.status_code == 200 and response.json()["seat"] == 1


def test_a_browser_that_left_once_the_cards_were_out_may_only_come_back_to_its_seat(
    client: TestClient,
) -> None:
    """Leave, take the partner's seat, come back: two hands seen. The seat keeps the browser."""
    table = create_table(client, ["human", "bot:greedy", "human", "bot:greedy"])
    base = f"/api/tables/{table['id']}"
    assert client.post(f"{base}/start", headers=_bearer(table["token"])).status_code == 200
    mine = client.get(f"{base}/view", headers=_bearer(table["token"])).json()["view"]["hand"]
    assert mine
    assert client.post(f"{base}/leave", headers=_bearer(table["token"])).status_code == 200
    hop = client.post(f"{base}/join", json={"seat": 2})
    assert hop.status_code == 409 and "one seat" in hop.json()["error"]
    assert not client.get(base).json()["seats"][2]["taken"]
    back = client.post(f"{base}/join", json={"seat": 0})
    assert back.status_code == 200 and back.json()["seat"] == 0
    assert another_browser(client).post(f"{base}/join", json={"seat": 2}).status_code == 200


def test_one_seat_a_browser_survives_a_restart(db_url: str) -> None:
    """The browser that took a seat is stored with it: every process (and a restart) knows."""
    with TestClient(create_app(db_url, settings=FAST)) as first:
        table = create_table(first, ["human", "human", "bot:random", "bot:random"])
        browser = first.cookies["atout_browser"]
    with TestClient(create_app(db_url, settings=FAST)) as again:
        again.cookies.set("atout_browser", browser)
        response = again.post(f"/api/tables/{table['id']}/join", json={"seat": 1})
        assert response.status_code == 409 and "one seat" in response.json()["error"]


def test_the_database_refuses_a_second_seat_to_one_browser(client: TestClient) -> None:
    """Two processes seating one browser at once: the seat row's update is the referee."""
    table = create_table(client, ["human", "human", "bot:random", "bot:random"])
    hub = client.app.state.hub  # type: ignore[attr-defined]
    browser = hash_token(client.cookies["atout_browser"])

    async def claim(one_per_browser: bool) -> int:
        result: int = await hub.store.claim_seat(
            table["id"],
            1,
            hash_token("t"),
            "Bo",
            browser_hash=browser,
            one_per_browser=one_per_browser,
        )
        return result

    portal = client.portal  # the app's own event loop
    assert portal is not None
    with pytest.raises(SeatTaken):
        portal.call(claim, True)
    assert portal.call(claim, False) > 0  # a practice table allows it


def test_a_rematch_keeps_one_seat_a_browser(client: TestClient) -> None:
    """Everyone keeps their seat at a rematch, with their token and the browser that took it."""
    seats = ["human", "human", "bot:random", "bot:random"]
    table = create_table(client, seats, options={"target": 3}, grace_seconds=0)
    auth = _bearer(table["token"])
    assert client.post(f"/api/tables/{table['id']}/start", headers=auth).status_code == 200
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello"})
        receive_until(
            ws, lambda f: f["type"] == "state" and f["table"]["status"] == "over", limit=20000
        )
    again = client.post(f"/api/tables/{table['id']}/rematch", headers=auth).json()
    assert [s["taken"] for s in again["seats"]] == [True, False, True, True]
    url = f"/api/tables/{again['id']}/join"
    response = client.post(url, json={"seat": 1})
    assert response.status_code == 409 and "as Ana" in response.json()["error"]
    assert another_browser(client).post(url, json={"seat": 1}).status_code == 200


def test_the_invite_link_carries_no_secret(client: TestClient) -> None:
    """The link is the table's address: it finds a free seat; only a seat's token acts for it."""
    table = create_table(client, ["human", "human", "bot:random", "bot:random"])
    assert table["invite"] == f"http://testserver/t/{table['id']}"
    friend = another_browser(client)
    readings = [
        friend.get(f"/t/{table['id']}"),
        friend.get(f"/api/tables/{table['id']}"),
        friend.get(f"/api/tables/{table['id']}/spectate"),
        friend.get("/api/tables"),
    ]
    secrets_held = [table["token"], hash_token(table["token"]), client.cookies["atout_browser"]]
    for reading in readings:
        assert reading.status_code == 200
        assert not any(secret in reading.text for secret in secrets_held)
    for reading in readings[1:]:
        assert "token" not in reading.text  # no token field at all in the public JSON
    spectator = friend.get(f"/api/tables/{table['id']}/view").json()
    assert spectator["seat"] is None
    assert friend.post(f"/api/tables/{table['id']}/start").status_code == 400  # not a seat


def test_no_token_or_browser_id_reaches_the_logs(client: TestClient, caplog: Any) -> None:
    caplog.set_level(logging.INFO, logger="atout.server")
    table = create_table(client, ["human", "human", "bot:random", "bot:random"])
    friend = another_browser(client)
    joined = friend.post(f"/api/tables/{table['id']}/join", json={"name": "Bo"}).json()
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello", "token": table["token"] + "x"})  # refused, logged
        assert receive_until(ws, lambda f: f["type"] == "error")
    secrets_held = [table["token"], joined["token"], client.cookies["atout_browser"]]
    secrets_held.append(friend.cookies["atout_browser"])
    logged = [json.dumps(r.__dict__, default=str) for r in caplog.records]
    assert any("message.refused" in line for line in logged)
    assert not any(secret in line for secret in secrets_held for line in logged)


def test_a_practice_table_lets_one_person_hold_every_seat(client: TestClient) -> None:
    table = create_table(client, ["human", "human", "human", "bot:random"], practice=True)
    assert table["practice"] is True
    url = f"/api/tables/{table['id']}/join"
    response = client.post(url, json={"seat": 1}, headers=_bearer(table["token"]))
    assert response.status_code == 200 and response.json()["practice"] is True
    assert client.post(url, json={"seat": 2}).status_code == 200  # same browser, no token
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert "practice" not in record  # a table setting, not part of the game record


# 5. Limits on everything.


def test_a_body_over_the_limit_is_refused_before_it_is_read(client: TestClient) -> None:
    huge = b'{"game": "court-piece", "name": "' + b"x" * 70_000 + b'"}'
    response = client.post(
        "/api/tables", content=huge, headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 413 and "at most 65536 bytes" in response.json()["error"]

    def chunks() -> Any:  # no Content-Length: refused once the count passes the limit
        yield b'{"name": "'
        for _ in range(20):
            yield b"x" * 8192
        yield b'"}'

    streamed = client.post(
        "/api/tables", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert streamed.status_code == 413
    record = b"{" + b" " * 1_500_000 + b"}"  # records may be larger: 2 MB
    assert client.post("/api/replay", content=record).status_code == 422


def test_deep_json_is_a_clear_400_or_error_frame(client: TestClient) -> None:
    deep = "[" * 5000 + "]" * 5000
    response = client.post(
        "/api/tables", content=deep, headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 400 and "nested too deeply" in response.json()["error"]
    table = create_table(client, BOTS)
    with client.websocket_connect(table["ws"]) as ws:
        receive_until(ws, lambda f: f["type"] == "state")
        ws.send_text("[" * 3000 + "]" * 1000)
        error = receive_until(ws, lambda f: f["type"] == "error")
        assert "nested too deeply" in error["message"]
        ws.send_text('{"type": "action", "action": "\\ud800"}')
        error = receive_until(ws, lambda f: f["type"] == "error")
        assert "Unicode" in error["message"]
        ws.send_json({"type": "ping"})
        assert receive_until(ws, lambda f: f["type"] == "pong")  # the connection lives on


def test_tables_per_client_are_limited(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.quota.per_minute, hub.quota.open = 3, 100
    for _ in range(3):
        create_table(client, BOTS)
    response = client.post("/api/tables", json={"game": "court-piece", "seats": BOTS})
    assert response.status_code == 429 and "a minute" in response.json()["error"]
    hub.quota.per_minute, hub.quota.open = 100, 3
    response = client.post("/api/tables", json={"game": "court-piece", "seats": BOTS})
    assert response.status_code == 429 and "open tables" in response.json()["error"]


def test_a_seats_requests_are_limited_and_a_refused_one_changes_nothing(db_url: str) -> None:
    """A script changing the bot speed in a loop was a write and a frame to everyone each time."""
    # A slow refill: on a loaded machine a request can take longer than the default's tenth of
    # a second, and a token earned between the refused requests would let the undo through.
    slow = Settings(bot_delay=60, request_rate=SLOW_REFILL)
    with TestClient(create_app(db_url, settings=slow)) as client:
        _seat_requests_limited(client)


def _seat_requests_limited(client: TestClient) -> None:
    first, other = (create_table(client, BOTS) for _ in range(2))
    room = client.app.state.hub.rooms[first["id"]]  # type: ignore[attr-defined]
    url = f"/api/tables/{first['id']}"
    accepted: list[Any] = []
    for i in range(50 * REQUEST_BURST):  # a loop far faster than people click, bounded
        body = {"speed": ("slow", "fast")[i % 2]}
        answer = client.post(f"{url}/speed", json=body, headers=_bearer(first["token"]))
        if answer.status_code != 200:
            break
        accepted.append(answer)
    assert answer.status_code == 429 and "too many requests" in answer.json()["error"]
    assert len(accepted) >= REQUEST_BURST  # a person's clicks pass: the burst at least
    version = room.version
    assert client.post(f"{url}/hint", headers=_bearer(first["token"])).status_code in (405, 429)
    assert client.post(f"{url}/undo", headers=_bearer(first["token"])).status_code == 429
    assert room.version == version  # nothing refused was applied
    assert client.get(url).json()["bot_speed"] == accepted[-1].json()["bot_speed"]
    # Another seat, another table: their own budget.
    mine = client.post(
        f"/api/tables/{other['id']}/speed", json={"speed": "fast"}, headers=_bearer(other["token"])
    )
    assert mine.status_code == 200
    time.sleep(1.5 / SLOW_REFILL)
    again = client.post(f"{url}/speed", json={"speed": "fast"}, headers=_bearer(first["token"]))
    assert again.status_code == 200  # the budget comes back


def test_websockets_per_client_are_limited(db_url: str) -> None:
    """4000 spectator sockets from one address once held 500 MB and slowed /health to 5 s."""
    capped = Settings(bot_delay=60, deal_pause=0, grace_seconds=3600, sockets_per_client=3)
    with TestClient(create_app(db_url, settings=capped)) as client:
        table = client.post("/api/tables", json=_BRIDGE_VS_BOTS).json()
        url = f"/ws/tables/{table['id']}"
        with client.websocket_connect(url) as a, client.websocket_connect(url):
            with client.websocket_connect(url):
                receive_until(a, lambda f: f["type"] == "state")
                with client.websocket_connect(url) as extra:
                    refused = receive_until(extra, lambda f: f["type"] == "error")
                    assert "too many connections: at most 3" in refused["message"]
                    with pytest.raises(WebSocketDisconnect) as closed:
                        extra.receive_json()
                    assert closed.value.code == 1008
            with client.websocket_connect(url) as again:  # one closed: room for one more
                assert receive_until(again, lambda f: True)["type"] == "state"


def test_hints_and_undos_over_websockets_share_the_seats_budget(db_url: str) -> None:
    """100 sockets of one seat sent 47,949 hints in 30 s: each socket had its own budget."""
    slow = Settings(bot_delay=60, deal_pause=0, grace_seconds=3600, request_rate=SLOW_REFILL)
    with TestClient(create_app(db_url, settings=slow)) as client:
        table = client.post("/api/tables", json=_BRIDGE_VS_BOTS).json()
        replies: list[JSON] = []
        with client.websocket_connect(table["ws"]) as a, client.websocket_connect(table["ws"]) as b:
            for ws in (a, b):
                ws.send_json({"type": "hello", "token": table["token"]})
                receive_until(ws, lambda f: f["type"] == "state" and f["seat"] == 0)
            for _ in range(REQUEST_BURST // 2 + 5):
                for ws in (a, b):
                    ws.send_json({"type": "hint"})
                    replies.append(receive_until(ws, lambda f: f["type"] in ("hint", "error")))
        refused = [r for r in replies if r["type"] == "error"]
        assert refused and all("too many requests from your seat" in r["message"] for r in refused)
        assert len(replies) - len(refused) <= REQUEST_BURST + 5  # one budget, a few refilled


def test_a_repeated_hello_redraws_only_its_own_connection(db_url: str) -> None:
    """60 sockets saying hello 20 times a second redrew every connection each time."""
    slow = Settings(bot_delay=60, deal_pause=0, grace_seconds=3600)  # the bots keep still
    with TestClient(create_app(db_url, settings=slow)) as client:
        table = client.post("/api/tables", json=_BRIDGE_VS_BOTS).json()
        room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
        broadcasts: list[int] = []
        original = room.broadcast
        room.broadcast = lambda *a, **k: (broadcasts.append(1), original(*a, **k))[1]
        with client.websocket_connect(table["ws"]) as ws:
            ws.send_json({"type": "hello", "token": table["token"]})
            receive_until(ws, lambda f: f["type"] == "state" and f["seat"] == 0)
            first = len(broadcasts)
            assert first >= 1  # the seat was taken: everyone hears it
            for _ in range(20):
                ws.send_json({"type": "hello", "token": table["token"]})
                assert receive_until(ws, lambda f: f["type"] == "state")["seat"] == 0
            # One each before; now none of them (a margin for the driver's own redraws).
            assert len(broadcasts) - first < 10


def test_abandoned_tables_expire(db_url: str) -> None:
    settings = Settings(bot_delay=0, deal_pause=0, grace_seconds=3600, table_ttl=0.4)
    with TestClient(create_app(db_url, settings=settings)) as client:
        table = create_table(client, ["human", "human", "bot:random", "bot:random"])
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if client.get(f"/api/tables/{table['id']}").json()["status"] == "expired":
                break
            time.sleep(0.05)
        summary = client.get(f"/api/tables/{table['id']}").json()
        assert summary["status"] == "expired"
        assert summary["closed_after_minutes"] == 1  # the page says so in words (issue #35)
        assert table["id"] not in [t["id"] for t in client.get("/api/tables").json()]
        joined = client.post(f"/api/tables/{table['id']}/join", json={})
        assert joined.status_code == 400 and "expired" in joined.json()["error"]
        record = client.get(f"/api/tables/{table['id']}/record").json()
        assert record["complete"] is False  # an expired game shows no hidden card


def test_replays_run_under_a_time_bound_and_a_queue(client: TestClient) -> None:
    record = json.dumps(_long_record()).encode()
    workers = client.app.state.replays  # type: ignore[attr-defined]
    client.app.state.replays = ReplayWorkers(seconds=0.001)  # type: ignore[attr-defined]
    try:
        response = client.post("/api/replay", content=record)
        assert response.status_code == 503 and "longer than" in response.json()["error"]
        client.app.state.replays = ReplayWorkers(queue=-1)  # type: ignore[attr-defined]
        busy = client.post("/api/replay", content=record)
        assert busy.status_code == 503 and "too many" in busy.json()["error"]
    finally:
        client.app.state.replays.close()  # type: ignore[attr-defined]
        client.app.state.replays = workers  # type: ignore[attr-defined]
    assert client.post("/api/replay", content=record).status_code == 200


def _long_record() -> JSON:
    game = get_game("court-piece")
    match = Match.new(game, {}, random.Random(5))
    rng = random.Random(6)
    while not match.is_over():
        if match.needs_deal():
            match = match.deal_next(rng)
            continue
        match = match.apply(rng.choice(match.legal_actions()), match.turn)
    return match_to_record(match)


# 6. Bad text.


def test_a_name_with_a_lone_surrogate_is_a_422_and_creates_nothing(client: TestClient) -> None:
    before = len(client.get("/api/tables").json())
    body = '{"game": "court-piece", "seats": ["human", "bot:random", "bot:random", "bot:random"],'
    body += ' "sit": 0, "name": "Ana\\ud800"}'
    response = client.post(
        "/api/tables", content=body, headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 422 and "Unicode" in response.json()["error"]
    assert len(client.get("/api/tables").json()) == before


def test_names_lose_control_characters_and_bidi_overrides(client: TestClient) -> None:
    table = create_table(client, BOTS, name="\u202eAna\u0007\u2066 Bo\u200f")
    assert table["seats"][0]["name"] == "Ana Bo"


def test_names_lose_invisible_characters_and_piles_of_marks(client: TestClient) -> None:
    zalgo = "Z" + "\u0300\u0301\u0302\u0303\u0304" + "oe"
    table = create_table(client, BOTS, name=f"\u3164{zalgo}\u2800\u034f\u2060\uffa0\u115f")
    assert table["seats"][0]["name"] == "Z\u0300\u0301oe"


def test_names_lose_private_use_and_unassigned_code_points(client: TestClient) -> None:
    body = {"game": "court-piece", "seats": BOTS, "sit": 0, "name": "Ann\ue000\u0378\U000f0000e"}
    table = client.post("/api/tables", json=body).json()
    assert table["seats"][0]["name"] == "Anne"


def test_a_name_with_nothing_visible_gets_the_default(client: TestClient) -> None:
    table = create_table(client, BOTS, name="\u3164\u1160\u2800 \u200d\u200b")
    assert table["seats"][0]["name"] == "Player 1"


@pytest.mark.parametrize(
    "name",
    [
        "bot:hard",
        "Bot: greedy",
        "\uff22\uff2f\uff34\uff1ahard",
        "\u200bbot:x",
        "b\u03bft:greedy",  # Greek omicron
        "\u0432ot:x",  # Cyrillic ve
        "bot\ua789greedy",  # modifier letter colon
        "bot\u2236greedy",  # ratio
        "bot\u02d0x",
        "bot\u0589x",
        "bot\u05c3x",
        "\u044cot:x",  # Cyrillic soft sign
        "b0t:hard",
    ],
)
def test_a_person_may_not_pass_for_a_bot(client: TestClient, name: str) -> None:
    body = {"game": "court-piece", "seats": BOTS, "sit": 0, "name": name}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422 and "bot:" in response.json()["error"]
    assert client.get("/api/tables").json() == []  # refused before anything was created


# 7. Headers and origins.


def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    for path in ("/", "/api/tables", "/static/app.js", "/api/tables/none"):
        headers = client.get(path).headers
        csp = headers["content-security-policy"]
        assert "default-src 'none'" in csp and "script-src 'self'" in csp
        assert "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "same-origin"


def test_cross_site_requests_cannot_create_a_table(client: TestClient) -> None:
    body = '{"game": "court-piece", "seats": ["bot:random", "bot:random", "bot:random", "human"]}'
    plain = client.post("/api/tables", content=body, headers={"Content-Type": "text/plain"})
    assert plain.status_code == 415
    evil = client.post(
        "/api/tables",
        content=body,
        headers={"Content-Type": "application/json", "Origin": "https://evil.example"},
    )
    assert evil.status_code == 403
    fetched = client.post(
        "/api/tables",
        content=body,
        headers={"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"},
    )
    assert fetched.status_code == 403
    own = client.post(
        "/api/tables",
        content=body,
        headers={"Content-Type": "application/json", "Origin": "http://testserver"},
    )
    assert own.status_code == 201
    assert client.get("/api/tables").json()[0]["id"] == own.json()["id"]


def test_websockets_from_other_sites_are_refused(db_url: str) -> None:
    app = create_app(db_url, settings=FAST, origins="https://cards.example")
    with TestClient(app) as client:
        table = create_table(client, BOTS)
        with (
            pytest.raises(WebSocketDisconnect),
            client.websocket_connect(table["ws"], headers={"Origin": "https://evil.example"}),
        ):
            pass
        for origin in ("https://cards.example", "http://testserver"):
            with client.websocket_connect(table["ws"], headers={"Origin": origin}) as ws:
                assert ws.receive_json()["type"] == "state"


def test_the_origin_must_match_scheme_host_and_port(client: TestClient) -> None:
    """An ``https://`` page (or another port) is another site than ``http://testserver``."""
    body = {"game": "court-piece", "seats": BOTS}
    for origin in ("https://testserver", "http://testserver:8877", "https://testserver:80"):
        refused = client.post("/api/tables", json=body, headers={"Origin": origin})
        assert refused.status_code == 403, origin
    for origin in ("http://testserver", "http://testserver:80", "HTTP://TestServer/"):
        assert client.post("/api/tables", json=body, headers={"Origin": origin}).status_code == 201
    table = create_table(client, BOTS)
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect(table["ws"], headers={"Origin": "https://testserver"}),
    ):
        pass


def test_behind_a_proxy_the_forwarded_scheme_is_the_sites(db_url: str) -> None:
    """uvicorn puts a trusted proxy's ``X-Forwarded-Proto`` in the scope's scheme."""
    with TestClient(create_app(db_url, settings=FAST), base_url="https://cards.example") as client:
        body = {"game": "court-piece", "seats": BOTS}
        ok = client.post("/api/tables", json=body, headers={"Origin": "https://cards.example"})
        assert ok.status_code == 201
        plain = client.post("/api/tables", json=body, headers={"Origin": "http://cards.example"})
        assert plain.status_code == 403


# 8. Logs that help.


def test_repeated_refusals_are_summarised(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    table = create_table(client, BOTS)
    with caplog.at_level(logging.INFO, logger="atout.server"):
        with client.websocket_connect(table["ws"]) as ws:
            receive_until(ws, lambda f: f["type"] == "state")
            for _ in range(15):
                ws.send_json({"type": "action", "action": "AS"})
                receive_until(ws, lambda f: f["type"] == "error")
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not _events(caplog, "message.refused.summary"):
            time.sleep(0.02)
    assert len(_events(caplog, "message.refused")) == 1
    (summary,) = _events(caplog, "message.refused.summary")
    assert summary.refused == 14  # type: ignore[attr-defined]


def _events(caplog: pytest.LogCaptureFixture, name: str) -> list[logging.LogRecord]:
    return [r for r in caplog.records if getattr(r, "event", None) == name]


def test_health_reports_a_database_that_cannot_be_written(client: TestClient) -> None:
    assert client.get("/health").status_code == 200
    engine = client.app.state.hub.store.engine  # type: ignore[attr-defined]

    @event.listens_for(engine.sync_engine, "connect")
    def _read_only(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA query_only = ON")
        cursor.close()

    client.portal.call(engine.dispose)  # type: ignore[union-attr]
    try:
        response = client.get("/health")
        assert response.status_code == 503
        assert response.json()["database"].startswith("not writable")
    finally:
        event.remove(engine.sync_engine, "connect", _read_only)
        client.portal.call(engine.dispose)  # type: ignore[union-attr]


def _finished_table(client: TestClient) -> tuple[JSON, dict[str, str]]:
    table = create_table(client, BOTS, options={"target": 3}, grace_seconds=0)
    with client.websocket_connect(table["ws"]) as ws:
        ws.send_json({"type": "hello"})
        receive_until(
            ws, lambda f: f["type"] == "state" and f["table"]["status"] == "over", limit=20000
        )
    return table, _bearer(table["token"])


def test_a_rematch_counts_against_the_creation_quotas(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table, auth = _finished_table(client)
    hub.quota.per_minute = 1  # the table itself used the minute's only creation
    response = client.post(f"/api/tables/{table['id']}/rematch", headers=auth)
    assert response.status_code == 429 and "a minute" in response.json()["error"]
    assert hub.rooms[table["id"]].rematch is None
    hub.quota.per_minute = 100
    again = client.post(f"/api/tables/{table['id']}/rematch", headers=auth).json()
    assert hub.creators[again["id"]] == "testclient"  # and counts as the client's open table
    hub.quota.open = 1
    create = client.post("/api/tables", json={"game": "court-piece", "seats": BOTS})
    assert create.status_code == 429 and "open tables" in create.json()["error"]


def test_a_rematch_waits_for_the_end_of_the_game(client: TestClient) -> None:
    table = create_table(client, ["human", "human", "bot:random", "bot:random"])
    response = client.post(f"/api/tables/{table['id']}/rematch", headers=_bearer(table["token"]))
    assert response.status_code == 400 and "over" in response.json()["error"]
