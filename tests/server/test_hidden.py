"""Hidden information on the wire: no frame tells a seat more than that seat may know.

Every game is driven through random positions by real WebSocket connections
(one per seat and a spectator); every text frame each of them receives is
kept as sent. Each frame is then checked against the authoritative record:

* its view is exactly the engine's view for that seat at that point;
* **indistinguishability**: two cards the seat cannot know (in other hands,
  the kitty, the stock; never played, never in its own hand; dummy's only
  before the opening lead) are swapped in the deal, the deal's actions are
  replayed, and the frame rebuilt with the twin's view must be the *same
  bytes*. A view that showed either card (a hand, a discard, a face-down
  pile, dummy before the lead...) would change;
* the rest of the frame (the table, the last trick, the last deal) holds no
  card that is still hidden.

Every other way of reading a table (the record endpoint, its PBN, the view and
spectator endpoints, the hint, the lobby, a replay of the downloaded record, the
review and "play it again" of the deal in play and of the first deal) is
checked the same way while the game goes on: the room's match is swapped for a
twin and every answer must be the same bytes.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from atout.cards import CARD_BY_NAME, card_names
from atout.core import ActionError, Match
from atout.games import GAMES, get_game
from atout.notation.record import match_from_record
from atout.server import Settings, create_app
from atout.server import app as app_module
from atout.server.messages import TokenBucket
from atout.server.rooms import encode_frame

from .conftest import another_browser

JSON = dict[str, Any]
POSITIONS = {"court-piece": 450, "five-hundred": 450, "bridge": 450, "court-circular": 450}
"""Actions per game: about 1,800 positions in all, each seen by every seat and a spectator."""
AVOID = ("claim", "concede", "open-misere")
"""Actions that show cards on purpose (a claim shows the claimer's hand): not taken."""


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("hidden") / "atout.db"
    settings = Settings(bot_delay=0, deal_pause=0, grace_seconds=3600, tables_per_minute=10**6)
    with pytest.MonkeyPatch.context() as patch:
        # This test plays a seat far faster than a person: no rate limit here.
        patch.setattr(app_module, "TokenBucket", lambda: TokenBucket(rate=1e9, burst=1e9))
        with TestClient(create_app(f"sqlite:///{db}", settings=settings)) as test_client:
            yield test_client


class Table:
    """A table where every seat is a connection of this test, plus a spectator."""

    def __init__(self, client: TestClient, game: str, seed: int) -> None:
        players = GAMES[game].players
        body = {"game": game, "seats": ["human"] * players, "sit": 0, "name": "p0"}
        created = client.post("/api/tables", json=body).json()
        self.id = created["id"]
        self.tokens = [created["token"]]
        for seat in range(1, players):
            joined = another_browser(client).post(
                f"/api/tables/{self.id}/join", json={"name": f"p{seat}"}
            )
            self.tokens.append(joined.json()["token"])
        self.client = client
        self.room = client.app.state.hub.rooms[self.id]  # type: ignore[attr-defined]
        self.rng = random.Random(seed)
        self.viewers: list[int | None] = [*range(players), None]
        self.managers = [client.websocket_connect(created["ws"]) for _ in self.viewers]
        self.sockets = [m.__enter__() for m in self.managers]
        self.latest: list[JSON | None] = [None] * len(self.viewers)
        self.frames: list[tuple[int | None, str]] = []
        self.records: list[tuple[int | None, int, JSON]] = []
        for seat, ws in zip(self.viewers, self.sockets, strict=True):
            ws.send_text(json.dumps({"type": "hello", "token": self.token(seat)}))

    def token(self, seat: int | None) -> str | None:
        return None if seat is None else self.tokens[seat]

    def close(self) -> None:
        for manager in self.managers:
            manager.__exit__(None, None, None)

    def sync(self) -> None:
        """Read every connection up to the room's current version (deals dealt included)."""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            match = self.room.match
            version = self.room.version
            if match is not None and match.needs_deal() and self.room.status == "playing":
                time.sleep(0.001)  # the driver deals the next deal
                continue
            for i, seat in enumerate(self.viewers):
                while (
                    self.latest[i] is None
                    or self.latest[i]["version"] < version  # type: ignore[index]
                    or self.latest[i]["seat"] != seat  # type: ignore[index]
                ):
                    raw = self.sockets[i].receive_text()
                    frame = json.loads(raw)
                    assert frame["type"] == "state", frame
                    self.frames.append((frame["seat"], raw))
                    self.latest[i] = frame
            if self.room.version == version:
                return
        raise AssertionError("the table did not settle")

    def step(self) -> bool:
        """One random action by whoever may act; False once the game is over."""
        self.sync()
        if self.room.status == "over":
            return False
        movers = [i for i, f in enumerate(self.latest) if f and f["view"]["legal"]]
        i = self.rng.choice(movers)
        frame = self.latest[i]
        assert frame is not None
        legal = [a for a in frame["view"]["legal"] if not a.startswith(AVOID)] or frame["view"][
            "legal"
        ]
        action = "pass" if "pass" in legal and self.rng.random() < 0.6 else self.rng.choice(legal)
        self.sockets[i].send_text(
            json.dumps({"type": "action", "action": action, "seq": frame["seq"]})
        )
        seq = frame["seq"]
        deadline = time.monotonic() + 10
        while self.room.next_seq == seq and self.room.version == frame["version"]:
            if time.monotonic() > deadline:
                raise AssertionError(f"{action!r} was not taken: {self.sockets[i].receive_text()}")
            time.sleep(0.0005)
        return True

    def download_records(self) -> None:
        for seat in self.viewers:
            token = self.token(seat)
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            data = self.client.get(f"/api/tables/{self.id}/record", headers=headers).json()
            if not data["complete"]:
                self.records.append((seat, self.room.next_seq, data))

    def readings(self, seat: int | None) -> dict[str, bytes]:
        """Every way ``seat`` can read this table over HTTP, as the bytes answered."""
        token = self.token(seat)
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        base = f"/api/tables/{self.id}"
        paths = [base, f"{base}/record", f"{base}/record?format=pbn", f"{base}/spectate"]
        if seat is not None:
            paths += [f"{base}/view", f"{base}/hint"]
        out = {path: self.client.get(path, headers=headers).content for path in paths}
        # The review and "play it again": refused for the deal in play, the same for a
        # finished one (none hidden).
        deals = len(self.room.match.deals) if self.room.match is not None else 0
        for number in sorted({0, deals - 1} if deals else set()):
            for kind in ("review", "again"):
                path = f"{base}/deals/{number}/{kind}"
                out[path] = self.client.get(path, headers=headers).content
        lobby = [t for t in self.client.get("/api/tables").json() if t["id"] == self.id]
        out["/api/tables"] = json.dumps(lobby).encode()
        record = self.client.get(f"{base}/record", headers=headers).content
        out["/api/replay"] = self.client.post("/api/replay", content=record).content
        return out

    def check_readings_against_a_twin(self, rng: random.Random) -> int:
        """Swap two cards each reader may not know: every reading must answer the same bytes.

        The room's match is replaced by its twin for the time of the second
        reading (every seat is a person with an hour's grace: nothing else
        moves meanwhile). Returns how many readers were compared with a twin.
        """
        self.sync()
        match = self.room.match
        if match is None or match.current.settlement is not None or self.room.status == "over":
            return 0
        positions = Positions(self.room.record())
        deals, seq = len(match.deals), self.room.next_seq
        compared = 0
        for seat in self.viewers:
            secret = secret_cards(positions, positions.at(deals, seq), deals, seat)
            twin = twin_of(positions, positions.at(deals, seq), deals, seat, secret, rng)
            if twin is None:
                continue
            honest = self.readings(seat)
            self.room.match = twin
            try:
                twinned = self.readings(seat)
            finally:
                self.room.match = match
            for path, body in honest.items():
                assert twinned[path] == body, f"{path} tells seat {seat} a hidden card"
            compared += 1
        return compared


@pytest.mark.parametrize("game", list(GAMES))
def test_no_frame_tells_a_seat_more_than_it_may_know(client: TestClient, game: str) -> None:
    rng = random.Random(7)
    taken = twinned = frames = records = readings = 0
    while taken < POSITIONS[game]:  # a game that ends early is followed by another
        table = Table(client, game, seed=sum(map(ord, game)) + taken)
        try:
            while taken < POSITIONS[game] and table.step():
                taken += 1
                if taken % 60 == 30:
                    table.sync()
                    table.download_records()
                if taken % 30 == 15:
                    readings += table.check_readings_against_a_twin(rng)
            table.sync()
        finally:
            table.close()
        positions = Positions(table.room.record())
        twinned += sum(check_frame(positions, seat, raw, rng) for seat, raw in table.frames)
        frames += len(table.frames)
        for seat, seq, record in table.records:
            check_record(positions, seat, seq, record, rng)
        records += len(table.records)
    assert frames >= taken * (GAMES[game].players + 1)
    assert twinned > frames // 6  # many positions in play were compared with a twin
    assert records
    assert readings >= POSITIONS[game] // 60  # the HTTP readings were compared with twins


class Positions:
    """Every position of a record, keyed by (deals dealt, actions taken)."""

    def __init__(self, record: JSON) -> None:
        self.record = record
        self.by_key: dict[tuple[int, int], Match] = {}
        self.deal_start: dict[int, int] = {}
        game = get_game(record["game"])
        match = Match(game, game.parse_rules(record["options"]))
        seq = 0
        for number, deal in enumerate(record["deals"]):
            layout = game.layout_from_json(match.rules, deal)
            match = match.start_deal(layout)
            self.deal_start[number + 1] = seq
            self.by_key[(number + 1, seq)] = match
            for actor, action in deal["actions"]:
                match = match.apply(action, actor)
                seq += 1
                self.by_key[(number + 1, seq)] = match
        self.count = seq

    def at(self, deals: int, seq: int) -> Match:
        return self.by_key[(deals, seq)]


def check_frame(positions: Positions, seat: int | None, raw: str, rng: random.Random) -> bool:
    """Check one frame; True when it was compared with a twin position."""
    frame = json.loads(raw)
    assert encode_frame(frame) == raw  # nothing on the wire beyond the frame itself
    deals = frame["table"]["deal_number"]
    if deals == 0:
        assert frame["view"] is None
        return False
    match = positions.at(deals, frame["seq"])
    assert frame["view"] == match.view(seat)
    if match.current.settlement is not None:
        return False  # a finished deal may show what the game shows after a deal
    secret = secret_cards(positions, match, deals, seat)
    twin = twin_of(positions, match, deals, seat, secret, rng)
    if twin is not None:
        assert encode_frame({**frame, "view": twin.view(seat)}) == raw
    assert not secret & tokens(json.dumps(frame["table"]))
    # The last deal's result is that of a finished deal (its bids may look like cards).
    settled = [(n, d) for n, d in enumerate(match.deals) if d.settlement is not None]
    if frame["last_deal"] is not None:
        number, played = settled[-1]
        assert played.settlement is not None
        assert frame["last_deal"] == {
            "number": number + 1,
            "result": played.state.result(),
            "points": list(played.settlement.points),
        }
    if frame["last_trick"] is not None:
        # A trick played in public: of this deal, or of a finished one.
        public = {tuple(t.cards) for d in match.deals for t in d.state.tricks()}
        assert tuple(frame["last_trick"]["cards"]) in public
    return twin is not None


def check_record(
    positions: Positions, seat: int | None, seq: int, record: JSON, rng: random.Random
) -> None:
    deals = len(record["deals"])
    match = positions.at(deals, seq)
    assert record["view"] == match.view(seat)
    for entry in record["deals"]:
        assert set(entry) <= {"dealer", "hands", "result", "points"}
        hands = entry.get("hands")
        if hands is not None:
            assert [i for i, h in enumerate(hands) if h is not None] == [seat]
    if match.current.settlement is None:
        secret = secret_cards(positions, match, deals, seat)
        twin = twin_of(positions, match, deals, seat, secret, rng)
        if twin is not None:
            assert twin.view(seat) == record["view"]
        assert "hands" not in record["deals"][-1]  # the view says what the seat holds now
        assert not secret & tokens(json.dumps(record["deals"][-1]))


def tokens(text: str) -> set[str]:
    """Every card name in a text (and other words, which never match a card)."""
    return set(text.replace('"', " ").replace(",", " ").replace("[", " ").replace("]", " ").split())


def secret_cards(positions: Positions, match: Match, deals: int, seat: int | None) -> set[str]:
    """Cards of this deal that ``seat`` cannot know at this point."""
    layout = positions.record["deals"][deals - 1]
    deck: set[str] = set()
    for hand in layout["hands"]:
        deck |= set(hand)
    for key in ("kitty", "stock"):
        deck |= set(layout.get(key) or [])
    known = set((layout.get("lead") and [layout["lead"]]) or [])
    for _, action in match.current.actions:
        known |= set(action.split())
    if seat is not None:
        start = positions.deal_start[deals]
        for seq in range(start, start + len(match.current.actions) + 1):
            state = positions.at(deals, seq).state
            known |= set(card_names(state.hand(seat)))  # type: ignore[attr-defined]
    public = match.view(None)
    if public.get("dummy_seat") is not None and (match.state.tricks() or public["trick"]["cards"]):
        known |= set(card_names(match.state.hand(public["dummy_seat"])))  # type: ignore[attr-defined]
    return {c for c in deck - known if c in CARD_BY_NAME}


def twin_of(
    positions: Positions,
    match: Match,
    deals: int,
    seat: int | None,
    secret: set[str],
    rng: random.Random,
) -> Match | None:
    """The same position with two secret cards of one suit swapped (None if none fits)."""
    layout = positions.record["deals"][deals - 1]
    places = [(key, i) for i in range(len(layout["hands"])) for key in ("hands",)]
    places += [(key, -1) for key in ("kitty", "stock") if layout.get(key)]
    where: dict[str, tuple[str, int]] = {}
    for key, i in places:
        for card in layout[key][i] if key == "hands" else layout[key]:
            if card in secret:
                where[card] = (key, i)
    cards = sorted(where)
    rng.shuffle(cards)
    for _ in range(6):
        pairs = [
            (a, b)
            for a in cards[:12]
            for b in cards[:12]
            if a < b and a[-1] == b[-1] and where[a] != where[b]
        ]
        if not pairs:
            return None
        a, b = rng.choice(pairs)
        twin_layout = json.loads(json.dumps(layout).replace(f'"{a}"', '"@"'))
        twin_layout = json.loads(
            json.dumps(twin_layout).replace(f'"{b}"', f'"{a}"').replace('"@"', f'"{b}"')
        )
        game = match.game
        try:
            twin = Match(game, match.rules, match.deals[:-1], match.players, match.extra)
            twin = twin.start_deal(game.layout_from_json(match.rules, twin_layout))
            for actor, action in match.current.actions:
                twin = twin.apply(action, actor)
        except (ActionError, ValueError):
            continue  # the swap changed what was legal (a bower, a void): try another
        return twin
    return None


def test_the_checker_catches_a_leak() -> None:
    """A view that shows a card of another hand fails the twin comparison."""
    game = get_game("court-piece")
    match = Match.new(game, {}, random.Random(3))
    record = {
        "format": "atout-record/1",
        "game": game.id,
        "options": {},
        "deals": [{**match.current.layout.to_json(), "actions": []}],
    }
    positions = Positions(match_from_record(record) and record)
    honest = match.view(0)
    leaky = {**honest, "hand": honest["hand"] + list(record["deals"][0]["hands"][1])}
    rng = random.Random(1)
    secret = secret_cards(positions, match, 1, 0)
    twins = [twin_of(positions, match, 1, 0, secret, rng) for _ in range(20)]
    assert all(t is not None and t.view(0) == honest for t in twins)
    assert any(
        t is not None
        and {**t.view(0), "hand": t.view(0)["hand"] + list(t.current.layout.to_json()["hands"][1])}
        != leaky
        for t in twins
    )
