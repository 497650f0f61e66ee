"""Rooms: the authority over one table's game (the lila-ws boundary).

A :class:`Room` owns the table's :class:`~atout.core.Match`, an
:class:`asyncio.Lock` and a version counter. Every change goes the same way:
the engine validates it (the room never judges an action itself), the record
is written to the database, and only then is the new state fanned out, each
connection getting its own seat's view through its own outbox
(:class:`Connection`), so a slow reader never holds anyone up.

One driver task per room (:meth:`Room.run`) plays the bots, stands in for
humans who have been away longer than the table's grace period, and deals the
next deal after a short pause. Bots think off the event loop
(``asyncio.to_thread``); when they come back, the move is applied only if the
table has not moved on meanwhile (an undo, a reload).

Nothing here knows a game's rules: seats, turns, legal actions, views, deals
and scores all come from the engine, and the record is the source of truth (a
restarted server replays it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import random
import secrets
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from atout.bots import BOT_NAMES, Bot, GreedyBot, RandomBot, make_bot
from atout.core import ActionError, Game, Match
from atout.games import GAMES, get_game
from atout.notation.record import FORMAT, match_from_record
from atout.server.claims import REVOKE_NOT_PROVEN, claim_refusal, is_revoke_claim
from atout.server.cluster import Cluster, Presence
from atout.server.disclosure import cards_learnt
from atout.server.guards import CreationQuota
from atout.server.leases import Leases, leases_for
from atout.server.pubsub import Broadcast, Subscriber, broadcast_for
from atout.server.replay import frame_explanations
from atout.server.storage import (
    ActionRow,
    SeatRow,
    SeatTaken,
    SeqConflict,
    Store,
    Stored,
    TableRow,
    hash_token,
)
from atout.table import home_seat

__all__ = ["Connection", "Hub", "Room", "RoomError", "Settings", "available_bots"]

log = logging.getLogger("atout.server")

JSON = dict[str, Any]
HINT_BOT = "greedy"
"""The bot whose choice a hint shows (and who stands in for an away human)."""
_ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
_MAX_PENDING = 256
_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def encode_frame(frame: JSON) -> str:
    """The wire text of a frame: compact, one encoding shared by every reader of it."""
    return _ENCODE(frame)


class RoomError(Exception):
    """A request the room refuses; the message is for the player. Nothing changed."""


class QuotaError(RoomError):
    """A new table refused because its client made too many (an HTTP 429)."""


class SeatHeld(RoomError):
    """A second seat of one table refused to the same person (an HTTP 409)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Timings of a server. Tests set the delays to zero."""

    bot_delay: float = 0.7
    """Seconds a bot waits before acting, so people can follow the play."""
    deal_pause: float = 2.5
    """Seconds between the end of a deal and the next deal, to read the result."""
    grace_seconds: float = 30.0
    """Default time an away human keeps the turn before a bot plays for them."""
    bot_budget: float = 10.0
    """Seconds a bot may think; past them a fallback plays (greedy, else random) for it."""
    clock: Callable[[], float] = time.time
    """Wall clock for timed sessions (tests pass a fake one)."""
    revoke_window: float = 10.0
    """Seconds a finished deal stays open before the next one where the rules still allow
    actions on it (Court Piece's honour mode: a revoke claimed until the next deal starts)."""
    table_ttl: float = 3600.0
    """Seconds a table not over may stay with nobody connected before it expires."""
    tables_per_minute: int = 20
    """Tables one client (address) may create in a minute."""
    open_tables: int = 50
    """Tables one client may have in play at once."""

    @classmethod
    def from_env(cls) -> Settings:
        """Timings from ``ATOUT_BOT_DELAY``, ``ATOUT_DEAL_PAUSE``, ``ATOUT_GRACE_SECONDS``...

        ... ``ATOUT_BOT_BUDGET``, ``ATOUT_TABLE_TTL``, ``ATOUT_TABLES_PER_MINUTE`` and
        ``ATOUT_OPEN_TABLES``.
        """
        default = cls()
        return cls(
            bot_delay=float(os.environ.get("ATOUT_BOT_DELAY", default.bot_delay)),
            deal_pause=float(os.environ.get("ATOUT_DEAL_PAUSE", default.deal_pause)),
            grace_seconds=float(os.environ.get("ATOUT_GRACE_SECONDS", default.grace_seconds)),
            bot_budget=float(os.environ.get("ATOUT_BOT_BUDGET", default.bot_budget)),
            table_ttl=float(os.environ.get("ATOUT_TABLE_TTL", default.table_ttl)),
            tables_per_minute=int(
                os.environ.get("ATOUT_TABLES_PER_MINUTE", default.tables_per_minute)
            ),
            open_tables=int(os.environ.get("ATOUT_OPEN_TABLES", default.open_tables)),
        )


def log_event(event: str, level: int = logging.INFO, **fields: Any) -> None:
    """One structured log line (``event`` plus fields; the JSON formatter prints them all)."""
    log.log(level, event, extra={"event": event, **fields})


def available_bots(game_id: str) -> list[str]:
    """The bot names that exist for this game (greedy lands per game, module by module)."""
    names = []
    for name in BOT_NAMES:
        try:
            make_bot(name, game_id, seed=0)
        except Exception:  # a missing or broken bot is just not offered
            continue
        names.append(name)
    return names


ACTIVE = ("waiting", "playing")
"""Statuses of a table still in play; ``over`` and ``expired`` tables have no driver."""
TABLE_ONLY = ("practice",)
"""Table settings kept with the table's extras but not part of the game record."""


def _new_id() -> str:
    return "".join(secrets.choice(_ID_ALPHABET) for _ in range(8))


class Connection:
    """One socket's outbox of encoded frames.

    A state frame replaces any unsent state (the newest state says it all), so
    the outbox stays small. Frames arrive already encoded: a broadcast encodes
    each seat's frame once, however many connections share that seat.
    """

    def __init__(self) -> None:
        self.seat: int | None = None
        self._frames: deque[tuple[str, str]] = deque()
        self._ready = asyncio.Event()
        self.closed = False
        self.close_code = 1013
        """Why the socket closes once ``closed``: 1013 (fell behind) or the server's reason."""

    def close(self, code: int) -> None:
        """Close after the frames already queued (the sender says goodbye with ``code``)."""
        self.closed, self.close_code = True, code
        self._ready.set()

    def push(self, frame: JSON) -> None:
        """Queue a frame; a reader that falls far behind is dropped."""
        self.push_text(str(frame.get("type")), encode_frame(frame))

    def push_text(self, kind: str, text: str) -> None:
        """Queue an encoded frame of type ``kind``."""
        if self.closed:
            return
        if kind == "state" and self._frames:
            self._frames = deque(f for f in self._frames if f[0] != "state")
        if len(self._frames) >= _MAX_PENDING:
            self._frames.clear()
            self.close(1013)
            return
        self._frames.append((kind, text))
        self._ready.set()

    async def next(self) -> str | None:
        """The next frame's text to send (waits for one); ``None`` once closed and empty."""
        while not self._frames:
            if self.closed:
                return None
            self._ready.clear()
            await self._ready.wait()
        return self._frames.popleft()[1]


@dataclass(slots=True)
class Seat:
    """A chair at the table and who is in it now."""

    number: int
    kind: str
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    browser_hash: str | None = None
    """Which browser took the seat (``browsers.py``): one seat a browser."""
    connections: int = 0
    away_since: float = field(default_factory=time.monotonic)

    @property
    def label(self) -> str:
        """The record's player name for this seat."""
        return f"bot:{self.bot}" if self.kind == "bot" else (self.name or "human")

    def row(self, table_id: str) -> SeatRow:
        """The stored form."""
        return SeatRow(
            table_id=table_id,
            seat=self.number,
            kind=self.kind,
            bot=self.bot,
            name=self.name,
            token_hash=self.token_hash,
            browser_hash=self.browser_hash,
        )


class Room:
    """The authority over one table: its match, version, seats and connections."""

    def __init__(self, hub: Hub, stored: Stored) -> None:
        table = stored.table
        self.hub = hub
        self.id = table.id
        self.game: Game = get_game(table.game)
        self.options: JSON = dict(table.options)
        self.seed = table.seed
        self.status = table.status
        self.version = table.version
        self.epoch = table.epoch or 0
        """Undos so far: every append names it, so none builds on a record taken back."""
        self.grace = table.grace_seconds
        self.extra: JSON = dict(table.extra or {})
        self.rematch = table.rematch
        self.seats = [
            Seat(s.seat, s.kind, s.bot, s.name, s.token_hash, s.browser_hash) for s in stored.seats
        ]
        self.match: Match | None = None
        if stored.deals:
            self.match = match_from_record(self._record_from(stored))
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.connections: set[Connection] = set()
        self.last_trick: JSON | None = None
        self.notice: JSON | None = None
        """The last action everyone is told of in words (a revoke corrected or claimed)."""
        self._bots: dict[tuple[int, str], Bot] = {}
        self._views: dict[int | None, JSON] = {}
        self._views_of: Match | None = None
        # Scale-out (cluster.py): the last version announced, people on other processes,
        # whether this process drives the table, this room's channel.
        self.announced = self.version
        self.presence = Presence(hub.cluster.leases.ttl)
        self.presence_sent = 0.0
        self.leased = False
        self.events: Subscriber | None = None
        self.stale = False
        """Changed elsewhere while nobody here watched: reloaded when next needed."""
        # A timed session runs from the start; after a restart, from the table's creation
        # (the start itself is not stored).
        self.started_at: float | None = None
        self.idle_since = time.monotonic()
        """Since when nobody has been connected here (see :meth:`Hub.expire_idle`)."""
        if self.match is not None:
            self.started_at = table.created_at.timestamp() if table.created_at else hub.clock()

    # The record.

    def _record_from(self, stored: Stored) -> JSON:
        actions: dict[int, list[list[Any]]] = {}
        for row in stored.actions:
            actions.setdefault(row.deal, []).append([row.seat, row.action])
        return {
            "format": FORMAT,
            "game": self.game.id,
            "options": self.options,
            "players": [s.label for s in self.seats],
            **self.record_extra,
            "deals": [{**d.layout, "actions": actions.get(d.number, [])} for d in stored.deals],
        }

    def record(self) -> JSON:
        """The full record (options, deals as dealt, actions): the table's source of truth."""
        deals = [] if self.match is None else self.match.deals
        return {
            "format": FORMAT,
            "game": self.game.id,
            "options": self.options,
            "players": [s.label for s in self.seats],
            **self.record_extra,
            "deals": [
                {**d.layout.to_json(), "actions": [[s, a] for s, a in d.actions]} for d in deals
            ],
        }

    @property
    def record_extra(self) -> JSON:
        """The game-level fields of the record (``time_up_in_deal``), not table settings."""
        return {k: v for k, v in self.extra.items() if k not in TABLE_ONLY}

    @property
    def practice(self) -> bool:
        """One person may hold every seat (no hidden-card promise holds then)."""
        return bool(self.extra.get("practice"))

    def public_record(self, seat: int | None) -> JSON:
        """The record with nothing hidden from ``seat``: full only once the game is over.

        While the game goes on, a deal's hidden parts (other hands, kitty,
        hidden actions such as a discard) cannot be told apart generically,
        so each deal gives its dealer, its public result and, once it is
        over, the viewer's own hand as dealt; the deal in progress gives
        nothing but its dealer, and the viewer's view says what the seat
        holds now. Why not the hand as dealt: a hand may be dealt in parts
        (Court Piece shows the caller five cards before trump is named).
        """
        if self.status == "over":
            return {**self.record(), "complete": True}
        deals: list[JSON] = []
        for played in self.match.deals if self.match else ():
            layout = played.layout.to_json()
            hands = layout.get("hands")
            entry: JSON = {"dealer": layout.get("dealer")}
            over = played.settlement is not None
            if over and isinstance(hands, list) and seat is not None:
                entry["hands"] = [h if i == seat else None for i, h in enumerate(hands)]
            if played.settlement is not None:
                entry["result"] = played.state.result()
                entry["points"] = list(played.settlement.points)
            deals.append(entry)
        out: JSON = {**self.record(), "deals": deals, "complete": False, "partial": True}
        if self.match is not None:
            out["view"] = self.view(seat)
        return out

    @property
    def next_seq(self) -> int:
        """The number the next action gets in the record."""
        return 0 if self.match is None else sum(len(d.actions) for d in self.match.deals)

    # What clients see.

    def public(self) -> JSON:
        """The table as everyone may see it (no tokens, no cards)."""
        return {
            "id": self.id,
            "game": self.game.id,
            "title": self.game.title,
            "options": self.options,
            "status": self.status,
            "version": self.version,
            "grace_seconds": self.grace,
            "rematch": self.rematch,
            "deal_number": 0 if self.match is None else len(self.match.deals),
            "seats": [
                {
                    "seat": s.number,
                    "kind": s.kind,
                    "bot": s.bot,
                    "name": s.name,
                    "taken": s.kind == "bot" or s.token_hash is not None,
                    "connected": self.connected(s.number),
                }
                for s in self.seats
            ],
            "undo": self._bots_only_but_one(),
            "practice": self.practice,
        }

    def connected(self, seat: int) -> bool:
        """Someone sits at ``seat``, through this process or another."""
        return self.seats[seat].connections > 0 or self.presence.count(seat) > 0

    def view(self, seat: int | None, match: Match | None = None) -> JSON:
        """``seat``'s view of ``match`` (by default the table's), computed once per state.

        Why: one bot move asked the engine for the same view three times
        (whose turn it is, the bot's choice, the authority check), and each
        broadcast once more per seat. A state never changes and views are
        only read, so they are kept until the table moves on; they are kept
        per seat, so no seat is ever handed another's.
        """
        if match is None:
            match = self.match
        if match is None:
            raise RoomError("the game has not started")
        if match is not self._views_of:
            self._views_of, self._views = match, {}
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = match.view(seat)
        return view

    def _bots_only_but_one(self) -> bool:
        return sum(s.kind == "human" for s in self.seats) == 1

    def frame(self, seat: int | None) -> JSON:
        """The ``state`` frame for a connection at ``seat`` (``None``: a spectator)."""
        view = None if self.match is None else self.view(seat)
        frame: JSON = {
            "type": "state",
            "version": self.version,
            "seat": seat,
            "seq": self.next_seq,
            "table": self.public(),
            "view": view,
            "last_trick": self.last_trick,
            "last_deal": self._last_deal(),
            "notice": self.notice,
            **frame_explanations(view),
        }
        return frame

    def _last_deal(self) -> JSON | None:
        if self.match is None:
            return None
        for number in range(len(self.match.deals) - 1, -1, -1):
            played = self.match.deals[number]
            if played.settlement is not None:
                return {
                    "number": number + 1,
                    "result": played.state.result(),
                    "points": list(played.settlement.points),
                }
        return None

    def broadcast(self) -> None:
        """Send every connection its seat's state (each view computed once per seat)."""
        frames: dict[int | None, str] = {}
        for conn in list(self.connections):
            if conn.seat not in frames:
                frames[conn.seat] = encode_frame(self.frame(conn.seat))
            conn.push_text("state", frames[conn.seat])

    @contextlib.asynccontextmanager
    async def subscribe(self, conn: Connection) -> AsyncIterator[Connection]:
        """Receive this table's states while inside (cleanup cannot be forgotten)."""
        self.connections.add(conn)
        conn.push(self.frame(None))
        try:
            yield conn
        finally:
            self.connections.discard(conn)
            self.detach(conn)
            self.idle_since = time.monotonic()

    # Seats and connections.

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token opens, if any."""
        if not token:
            return None
        hashed = hash_token(token)
        for seat in self.seats:
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, hashed):
                return seat.number
        return None

    def require_seat(self, token: str | None) -> int:
        """The token's seat, or a refusal."""
        seat = self.seat_of(token)
        if seat is None:
            raise RoomError("unknown seat token for this table")
        return seat

    def attach(self, conn: Connection, seat: int) -> None:
        """A connection takes its seat: the human is back, the stand-in steps aside."""
        self.detach(conn)
        conn.seat = seat
        self.seats[seat].connections += 1
        self.hub.cluster.presence(self)
        self.wake.set()
        self.broadcast()

    def detach(self, conn: Connection) -> None:
        """A seated connection leaves; the seat's grace period starts when the last one does."""
        if conn.seat is None:
            return
        seat = self.seats[conn.seat]
        conn.seat = None
        seat.connections = max(0, seat.connections - 1)
        if seat.connections == 0:
            seat.away_since = time.monotonic()
        self.hub.cluster.presence(self)
        self.wake.set()
        self.broadcast()

    async def join(
        self,
        name: str | None,
        seat: int | None = None,
        *,
        token: str | None = None,
        browser: str | None = None,
    ) -> tuple[int, str]:
        """Take an open human seat (the first one unless named); returns it and its token.

        One seat a person: whoever holds a seat here (its ``token``, or the
        ``browser`` that took it) is refused another, :class:`SeatHeld`,
        unless the table is a practice table. The database decides between
        two people sitting down at once on two processes: the loser is
        seated elsewhere if any seat would do, or told.
        """
        async with self.lock:
            new_token = secrets.token_urlsafe(24)
            token_hash = hash_token(new_token)
            browser_hash = hash_token(browser) if browser else None
            for _ in self.seats:
                chair = self._open_seat(seat)
                self._refuse_a_second_seat(token, browser_hash)
                label = name or f"Player {chair.number + 1}"
                try:
                    stored = await self.hub.store.claim_seat(
                        self.id,
                        chair.number,
                        token_hash,
                        label,
                        browser_hash=browser_hash,
                        one_per_browser=not self.practice,
                        version=self.version + 1,
                    )
                except SeatTaken:  # someone (or this browser) sat down through another process
                    await self.reload()
                    self._refuse_a_second_seat(token, browser_hash)
                    if seat is not None:
                        raise RoomError(f"seat {seat} was just taken") from None
                    continue
                self.adopt(stored)
                chair.token_hash, chair.name, chair.browser_hash = token_hash, label, browser_hash
                break
            else:
                raise RoomError("no free seat at this table")
            if self.status == "waiting" and all(
                s.token_hash for s in self.seats if s.kind == "human"
            ):
                await self._start()
            self._changed()
            return chair.number, new_token

    def _refuse_a_second_seat(self, token: str | None, browser_hash: str | None) -> None:
        """:class:`SeatHeld` if the token's holder or this browser already sits here."""
        if self.practice:
            return
        held = self.seat_of(token)
        if held is None and browser_hash is not None:
            held = next((s.number for s in self.seats if s.browser_hash == browser_hash), None)
        if held is not None:
            raise SeatHeld(
                f"you already sit at this table as {self.seats[held].label}: one seat a person"
                " (a friend joins from their own browser with the invite link)"
            )

    def _open_seat(self, seat: int | None) -> Seat:
        if self.status == "over":
            raise RoomError("this game is over")
        if self.status == "expired":
            raise RoomError("this table has expired")
        open_seats = [s for s in self.seats if s.kind == "human" and s.token_hash is None]
        if seat is None:
            if not open_seats:
                raise RoomError("no free seat at this table")
            return open_seats[0]
        if not 0 <= seat < len(self.seats) or self.seats[seat] not in open_seats:
            raise RoomError(f"seat {seat} is not free")
        return self.seats[seat]

    async def leave(self, token: str | None) -> None:
        """Give up a seat: the token stops working and a bot plays until someone joins."""
        async with self.lock:
            chair = self.seats[self.require_seat(token)]
            try:
                stored = await self.hub.store.release_seat(
                    self.id, chair.number, str(chair.token_hash), version=self.version + 1
                )
            except SeatTaken:  # already left, through another process
                await self.reload()
                raise RoomError("you no longer hold this seat") from None
            self.adopt(stored)
            chair.token_hash = None
            chair.name = None
            chair.browser_hash = None
            chair.away_since = time.monotonic()
            for conn in self.connections:
                if conn.seat == chair.number:
                    conn.seat = None
            chair.connections = 0
            self.hub.cluster.presence(self)
            self._changed()

    def adopt(self, stored: int) -> None:
        """Take the version the database gave a write; a jump means another process wrote too."""
        if stored != self.version + 1:
            self.hub.cluster.reload_soon(self)
        self.version = stored

    async def start(self, token: str | None) -> None:
        """Deal the first deal; free human seats are played by bots until someone joins."""
        async with self.lock:
            self.require_seat(token)
            if self.status != "waiting":
                raise RoomError("the game has already started")
            await self._start()
            self._changed()

    async def _start(self) -> None:
        rng = self._rng(0)
        # The host: the first person's seat (the lobby seats the table's creator there).
        host = next((s.number for s in self.seats if s.kind == "human"), None)
        labels = [s.label for s in self.seats]
        match = Match.new(self.game, self.options, rng, host=host, players=labels)
        now = time.monotonic()
        for chair in self.seats:
            chair.away_since = now
        try:
            stored = await self.hub.store.add_deal(
                self.id,
                0,
                match.current.layout.to_json(),
                epoch=self.epoch,
                version=self.version + 1,
                status="playing",
            )
        except SeqConflict:  # another process started the table: take its deal
            await self.reload()
            return
        self.adopt(stored)
        self.status = "playing"
        self.match = match
        self.started_at = self.hub.clock()
        log_event("table.started", table=self.id, game=self.game.id)

    def _rng(self, deal: int) -> random.Random:
        """The deal's shuffle: the operating system's secure randomness, never a seed.

        Why: a deal shuffled from a table seed can be predicted by whoever
        finds the seed (from one hand and the dealer, a 31-bit seed fell to a
        brute force in minutes, and with it every hand of every deal). Each
        deal is stored as dealt before anyone sees it, so a restart or a
        replay needs no seed. Seeded deals stay for ``atout sim`` and tests.
        """
        del deal  # every deal is drawn afresh
        return _SECURE

    def _changed(self, action: JSON | None = None) -> None:
        self.broadcast()
        self.wake.set()
        self.hub.cluster.changed(self, action)

    # Acting.

    async def act(self, seat: int, action: str, seq: int | None = None) -> None:
        """``seat`` takes ``action``: the engine judges, the record is written, then it is sent."""
        async with self.lock:
            if seq is not None and seq != self.next_seq:
                raise RoomError(f"the table has moved on (action {seq}, expected {self.next_seq})")
            await self._apply(seat, action)

    async def _apply(self, seat: int, action: str) -> None:
        match = self.match
        if match is None or self.status == "waiting":
            raise RoomError("the game has not started")
        if self.status not in ACTIVE:
            raise RoomError(f"the game is {self.status}")
        # Authority: a seat acts only when the engine offers it actions (in bridge the
        # engine offers dummy's cards to declarer, never to dummy's own seat), or takes
        # one the engine lists for it out of turn (a revoke corrected or claimed).
        view = self.view(seat, match)
        anytime = tuple(view.get("out_of_turn") or ())
        action = _canonical(action, (*match.legal_actions(), *anytime))
        if not view.get("legal") and action not in anytime:
            raise RoomError("it is not your turn")
        refusal = claim_refusal(match, action)
        if refusal is not None:
            raise RoomError(refusal)
        try:
            new = match.apply(action, seat)
        except ActionError as error:
            # A refused revoke claim must not tell whose card broke which rule.
            raise RoomError(REVOKE_NOT_PROVEN if is_revoke_claim(action) else str(error)) from None
        row = ActionRow(
            table_id=self.id,
            seq=self.next_seq,
            deal=len(match.deals) - 1,
            seat=seat,
            action=action,
        )
        status = "over" if new.is_over() else self.status
        try:
            stored = await self.hub.store.add_action(
                row, epoch=self.epoch, version=self.version + 1, status=status
            )
        except SeqConflict:
            await self.reload()
            raise RoomError("another server took that turn; here is the table again") from None
        except Exception:
            # Write before broadcast: an action that is not stored did not happen.
            log.exception("table %s: the action could not be stored", self.id)
            raise RoomError("the action could not be saved; nothing changed, try again") from None
        if new.current.settlement is not None and match.current.settlement is None:
            log_event("table.deal_over", table=self.id, deal=len(new.deals))
        if status == "over":
            log_event("table.game_over", table=self.id, winner=new.winner)
        self.adopt(stored)
        self.advance(
            new, stored, {"seq": row.seq, "deal": row.deal, "seat": seat, "action": action}
        )

    def advance(self, new: Match, version: int, action: JSON | None = None) -> None:
        """Move to ``new`` at ``version`` (an action taken here or elsewhere), tell everyone."""
        match = self.match
        tricks = new.state.tricks()
        if match is not None and len(tricks) > len(match.state.tricks()):
            self.last_trick = {**tricks[-1].to_json(), "version": version}
        self.match, self.version = new, version
        if action is not None and str(action.get("action", "")).startswith(_NOTICED):
            self.notice = {"seat": action["seat"], "action": action["action"], "version": version}
        if new.is_over():
            self.status = "over"
        self._changed(action)

    async def reload(self) -> None:
        """Rebuild from the database (another writer got there first)."""
        stored = await self.hub.store.load(self.id)
        if stored is None:
            return
        fresh = Room(self.hub, stored)
        self.match, self.version, self.status = fresh.match, fresh.version, fresh.status
        self.epoch = fresh.epoch
        self.rematch, self.extra = fresh.rematch, fresh.extra
        self.started_at = self.started_at or fresh.started_at
        self.announced = max(self.announced, self.version)  # nothing new to tell others
        self.stale = False
        for mine, theirs in zip(self.seats, fresh.seats, strict=True):
            mine.kind, mine.bot, mine.name = theirs.kind, theirs.bot, theirs.name
            mine.token_hash, mine.browser_hash = theirs.token_hash, theirs.browser_hash
        self._changed()

    async def hint(self, seat: int) -> str:
        """What the hint bot would do in ``seat``'s place now."""
        if self.match is None or not self.view(seat).get("legal"):
            raise RoomError("it is not your turn")
        bot = self._bot(seat, HINT_BOT, stand_in=True)
        view = self.view(seat)
        return await asyncio.to_thread(bot.choose, view)

    async def undo(self, seat: int) -> None:
        """Take back ``seat``'s last action of this deal and the bots' actions after it.

        Only at a table where everyone else is a bot: undoing changes what
        other people have seen. Never once another seat has acted since (a
        bot's call or card answers the action: bid, see partner's answer,
        take back, bid again would probe the auction), nor past a card the
        seat has been shown since (``disclosure.py``): an undo must not be a
        way to peek. The record minus those actions is replayed.
        """
        async with self.lock:
            if not self._bots_only_but_one() or self.seats[seat].kind != "human":
                raise RoomError("undo is only for games against bots")
            if self.match is None or self.status != "playing":
                raise RoomError("nothing to undo")
            actions = self.match.current.actions
            mine = [i for i, (actor, _) in enumerate(actions) if actor == seat]
            if not mine:
                raise RoomError("nothing of yours to undo in this deal")
            learnt = cards_learnt(self.match, seat, mine[-1])
            if learnt:
                raise RoomError(
                    "you have seen cards since that action ("
                    + " ".join(sorted(learnt))
                    + "): it can no longer be taken back"
                )
            if any(actor != seat for actor, _ in actions[mine[-1] :]):
                raise RoomError(
                    "another seat has acted since that action: it can no longer be taken back"
                )
            dropped = len(actions) - mine[-1]
            record = self.record()
            record["deals"][-1]["actions"] = record["deals"][-1]["actions"][: mine[-1]]
            first = self.next_seq - dropped
            try:
                stored = await self.hub.store.drop_actions(
                    self.id, first, epoch=self.epoch, version=self.version + 1
                )
            except SeqConflict:  # taken back through another process first
                await self.reload()
                raise RoomError("the table has moved on; look again before undoing") from None
            self.adopt(stored)
            self.epoch += 1
            self.match = match_from_record(record)
            self.last_trick = None
            self._changed()

    # The driver: bots, stand-ins and dealing.

    async def run(self) -> None:
        """Play the bots and deal until the game is over or expires (or the server stops)."""
        while self.status in ACTIVE:
            self.wake.clear()
            try:
                wait = await self.hub.cluster.drive(self, self._step)
            except Exception:
                log.exception("table %s: driver step failed", self.id)
                wait = 1.0
            wait = self._until_time_up(wait)
            if wait is None:
                await self.wake.wait()
            elif wait > 0:
                # asyncio.timeout, not wait_for: in Python 3.11 wait_for may swallow a
                # cancellation that races the wake-up, and the server never stops.
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(wait):
                        await self.wake.wait()
        await self.hub.cluster.release(self)

    def idle_for(self, now: float) -> float:
        """Seconds nobody has been connected to this table, here or elsewhere (0: someone is)."""
        if self.connections or any(self.connected(s.number) for s in self.seats):
            return 0.0
        return now - self.idle_since

    async def expire(self) -> None:
        """Nobody came back: the table stops (its record stays, its seats close)."""
        async with self.lock:
            if self.status not in ACTIVE:
                return
            stored = await self.hub.store.save_table(
                self.id, status="expired", version=self.version + 1
            )
            self.adopt(stored)
            self.status = "expired"
            log_event("table.expired", table=self.id)
            self._changed()

    async def _step(self) -> float | None:
        """Do the next automatic thing; returns how long to wait (``None``: until woken)."""
        match = self.match
        if match is None or self.status != "playing":
            return None
        if self._time_is_up(match):
            await self._call_time(match)
            return 0
        if match.needs_deal():
            await asyncio.sleep(_jittered(self._deal_pause(match)))
            await self._deal_next(match)
            return 0
        seat = self._actor(match)
        if seat is None:
            return None
        bot, wait = self._controller(seat)
        if bot is None:
            return wait
        version = self.version
        # A trick just closed: leave people time to see it before the next lead.
        closed = self.last_trick is not None and self.last_trick["version"] == version
        view = self.view(seat, match)
        self._views.clear()  # not kept through the wait (objects the GC would move to old ages)
        action = await self._paced_action(
            bot, view, self.hub.settings.bot_delay * (2 if closed else 1)
        )
        async with self.lock:
            if self.version == version:
                await self._apply(seat, action)
        return 0

    def _deal_pause(self, match: Match) -> float:
        """The wait before the next deal: longer while someone may still act on the last one."""
        pause = self.hub.settings.deal_pause
        if any(self.view(seat, match).get("out_of_turn") for seat in range(self.game.players)):
            return max(pause, self.hub.settings.revoke_window)
        return pause

    async def _paced_action(self, bot: Bot, view: JSON, delay: float) -> str:
        """The bot's choice, released at a time drawn independently of how long it thought.

        Why: a Hard bot with one legal card answered at once (median 0.79 s
        against 1.27 s with four or more), so a spectator learnt it held a
        singleton. The clock starts at the turn, the bot thinks, and its
        action is released only when a delay drawn from :func:`_release_after`
        has passed, whose lower bound is at least the bot's thinking budget.
        """
        started = time.monotonic()
        action = await self._bot_action(bot, view)
        if delay > 0:
            release = started + _release_after(delay, _thinking_budget(bot, self.hub.settings))
            await asyncio.sleep(max(0.0, release - time.monotonic()))
        return action

    async def _bot_action(self, bot: Bot, view: JSON) -> str:
        """The bot's choice, off the event loop; past its time budget, a fallback's.

        The random and greedy bots answer in microseconds: they play on the
        loop, where a trip to a worker thread would cost more than the choice.
        """
        if isinstance(bot, _INSTANT_BOTS):
            return _choose(bot, view, self.id)
        try:
            # asyncio.timeout, not wait_for: in Python 3.11 wait_for returns an answer that
            # lands with a cancellation and drops the cancellation, and the server never stops.
            async with asyncio.timeout(self.hub.settings.bot_budget):
                return await asyncio.to_thread(_choose, bot, view, self.id)
        except TimeoutError:
            # The thread cannot be stopped; the bot is not asked again at this table, so
            # a bot that always overruns does not pile up threads.
            log_event("bot.overrun", logging.WARNING, table=self.id, seat=view.get("seat"))
            for key, value in list(self._bots.items()):
                if value is bot:
                    self._bots[key] = make_bot(HINT_BOT, self.game.id, seed=self.seed * 8 + key[0])
            return _fallback(view, self.game.id)

    def _time_is_up(self, match: Match) -> bool:
        left = self._time_left(match)
        return left is not None and left <= 0

    def _time_left(self, match: Match) -> float | None:
        """Seconds left in a timed session (``None``: untimed, or time already called)."""
        limit = match.minutes_limit
        if limit is None or self.started_at is None or "time_up_in_deal" in match.extra:
            return None
        return self.started_at + 60 * limit - self.hub.clock()

    def _until_time_up(self, wait: float | None) -> float | None:
        """The driver's wait, cut short so that it wakes when the session's time is up."""
        left = None if self.match is None else self._time_left(self.match)
        if left is None:
            return wait
        return max(0.0, left) if wait is None else min(wait, max(0.0, left))

    async def _call_time(self, match: Match) -> None:
        """Time is up: the current deal is the last; stored as the record's ``time_up_in_deal``."""
        async with self.lock:
            if self.match is not match:
                return
            new = match.call_time()
            extra = {**self.extra, "time_up_in_deal": new.extra["time_up_in_deal"]}
            status = "over" if new.is_over() else self.status
            stored = await self.hub.store.save_table(
                self.id, extra=extra, status=status, version=self.version + 1
            )
            self.extra, self.match, self.status = extra, new, status
            self.adopt(stored)
            log_event("table.time_up", table=self.id, deal=len(new.deals))
            if status == "over":
                log_event("table.game_over", table=self.id, winner=new.winner)
            self._changed()

    async def _deal_next(self, match: Match) -> None:
        async with self.lock:
            if self.match is not match:
                return
            number = len(match.deals)
            new = match.deal_next(self._rng(number))
            try:
                stored = await self.hub.store.add_deal(
                    self.id,
                    number,
                    new.current.layout.to_json(),
                    epoch=self.epoch,
                    version=self.version + 1,
                )
            except SeqConflict:  # another process dealt it (its lease ran out on us)
                await self.reload()
                return
            self.adopt(stored)
            self.match = new
            self._changed()

    def _actor(self, match: Match) -> int | None:
        """Who acts now: the seat to play, or whoever the engine offers actions to."""
        turn = match.turn
        if turn is None or self.view(turn, match).get("legal"):
            return turn
        for seat in range(self.game.players):
            if self.view(seat, match).get("legal"):
                return seat
        return turn

    def _controller(self, seat: int) -> tuple[Bot | None, float | None]:
        """The bot to play ``seat`` now, or how long its human still has."""
        chair = self.seats[seat]
        if chair.kind == "bot":
            return self._bot(seat, chair.bot or "random"), None
        if self.connected(seat):
            return None, None
        away = max(chair.away_since, self.presence.lapsed(seat))
        left = away + self.grace - time.monotonic()
        if left > 0:
            return None, left
        return self._bot(seat, HINT_BOT, stand_in=True), None

    def _bot(self, seat: int, name: str, *, stand_in: bool = False) -> Bot:
        key = (seat, name if not stand_in else f"stand-in:{name}")
        bot = self._bots.get(key)
        if bot is None:
            try:
                bot = make_bot(name, self.game.id, seed=self.seed * 8 + seat)
            except Exception:  # a bot that cannot load is replaced, not fatal
                log.warning("table %s: bot %r unavailable, playing random", self.id, name)
                bot = make_bot("random", self.game.id, seed=self.seed * 8 + seat)
            self._bots[key] = bot
        return bot


_NOTICED = ("correct", "claim revoke")
"""Actions announced to the whole table (the action itself is seen by its seat only)."""
_INSTANT_BOTS = (RandomBot, GreedyBot)
JITTER = 0.25
"""A bot's wait is its delay give or take this fraction, drawn anew at every move."""
_jitter = random.Random()
_SECURE = random.SystemRandom()
"""Deals at a table: ``os.urandom`` behind the engine's ``random.Random`` interface."""


def _jittered(delay: float) -> float:
    """``delay`` give or take :data:`JITTER`: the same mean, but tables drift out of step.

    Why: with a fixed delay, tables whose actions were committed in the same
    group wake together and act together again one delay later, so the tables
    of a server fall into lockstep: under load all bots moved in one burst
    every 0.7 s (hundreds of actions within a few milliseconds), and a
    person's action queued behind the burst (the p99 of about a second). A
    random share of the delay keeps their moves spread over time.
    """
    return delay * _jitter.uniform(1 - JITTER, 1 + JITTER) if delay > 0 else delay


def _thinking_budget(bot: Bot, settings: Settings) -> float:
    """The longest ``bot`` may think on one decision: a Hard bot's budget (3 times it
    for a bid or a trump call), never more than the server's ``bot_budget``; 0 for
    bots that answer in microseconds."""
    budget = getattr(bot, "budget_seconds", 0.0)
    return min(3 * float(budget), settings.bot_budget)


def _release_after(delay: float, thinking: float) -> float:
    """Seconds from a bot's turn to the release of its action.

    Drawn uniformly over ``[low, low + 2 * JITTER * delay]`` where ``low`` is
    the configured ``delay * (1 - JITTER)``, raised to ``thinking`` when that is
    longer: the bot has always finished thinking by then, so the release time
    says nothing about how long it thought (or how many actions it had).
    """
    low = max(delay * (1 - JITTER), thinking)
    return _jitter.uniform(low, low + 2 * JITTER * delay)


def _choose(bot: Bot, view: JSON, table: str = "") -> str:
    """A bot's choice; a bot that fails or answers nonsense is replaced by a fallback."""
    legal = [*(view.get("legal") or []), *(view.get("out_of_turn") or [])]
    try:
        action = bot.choose(view)
    except Exception:  # a broken bot must not stop the table
        log.exception("table %s: bot failed; a fallback plays for it", table)
        return _fallback(view, str(view.get("game", "")))
    if action in legal or not legal:
        return action
    log_event("bot.illegal", logging.WARNING, table=table, seat=view.get("seat"), action=action)
    return _fallback(view, str(view.get("game", "")))


def _fallback(view: JSON, game_id: str) -> str:
    """A legal action for a bot that failed: the greedy bot's, else a random legal one."""
    legal = [str(a) for a in view.get("legal") or []]
    try:
        action = make_bot(HINT_BOT, game_id, seed=0).choose(view)
        if action in legal:
            return action
    except Exception:  # the fallback must not fail in turn
        log.exception("the fallback bot failed too; playing at random")
    return random.choice(legal) if legal else ""


def _canonical(action: str, legal: tuple[str, ...]) -> str:
    """The legal action this text names, case aside (so records stay canonical)."""
    folded = " ".join(action.split()).casefold()
    for candidate in legal:
        if candidate.casefold() == folded:
            return candidate
    return action


class Hub:
    """All rooms of one server process, their driver tasks and the store."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        *,
        broadcast: Broadcast | None = None,
        leases: Leases | None = None,
    ) -> None:
        self.store = store
        self.settings = settings
        self.cluster = Cluster(self, broadcast or broadcast_for(None), leases or leases_for(None))
        self.rooms: dict[str, Room] = {}
        self.quota = CreationQuota(settings.tables_per_minute, settings.open_tables)
        self.creators: dict[str, str] = {}
        """Who created each table this process created (for the open-tables quota)."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._loading = asyncio.Lock()

    def clock(self) -> float:
        """Wall-clock seconds (the settings' clock, faked in tests)."""
        return self.settings.clock()

    async def open(self) -> None:
        """Create the schema and resume every unfinished table from its record."""
        await self.store.create_schema()
        await self.cluster.open()
        for table_id in await self.store.table_ids(unfinished=True):
            try:
                room = await self.get(table_id)
            except Exception:
                log.exception("table %s cannot be resumed from its record", table_id)
                continue
            if room is not None:
                log_event("table.resumed", table=table_id, seq=room.next_seq, status=room.status)
        self._spawn(self.expire_idle(), "expiry")

    def _spawn(self, work: Coroutine[Any, Any, None], name: str) -> None:
        task = asyncio.create_task(work, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def expire_idle(self) -> None:
        """Expire tables nobody has been connected to for the settings' ``table_ttl``.

        Why: every table not over keeps a driver and its memory; tables that
        people abandoned (or a script created) would pile up for ever.
        """
        ttl = self.settings.table_ttl
        while True:
            await asyncio.sleep(min(60.0, ttl / 4))
            now = time.monotonic()
            for room in list(self.rooms.values()):
                if room.status in ACTIVE and room.idle_for(now) >= ttl:
                    try:
                        await room.expire()
                    except Exception:
                        log.exception("table %s could not be expired", room.id)
                        continue
                if room.status == "expired":
                    self.rooms.pop(room.id, None)
            for table in [t for t in self.creators if t not in self.rooms]:
                del self.creators[table]

    def open_tables_of(self, client: str) -> int:
        """Tables ``client`` created that are still in play (on this process)."""
        return sum(
            1
            for table, creator in self.creators.items()
            if creator == client and (r := self.rooms.get(table)) is not None and r.status in ACTIVE
        )

    async def close(self) -> None:
        """Finish the writes under way, stop the drivers, release the database.

        Every room's lock is taken (waiting for a write in progress) and kept,
        so nothing new starts; a driver cancelled meanwhile has written
        nothing, or all of one action.
        """
        async with contextlib.AsyncExitStack() as held:
            for room in list(self.rooms.values()):
                await held.enter_async_context(room.lock)
            await self._stop_drivers()
            await self.cluster.close()
            await self.store.close()
        log_event("server.stopped", tables=len(self.rooms))

    async def _stop_drivers(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def get(self, table_id: str) -> Room | None:
        """The room of a table, replayed from the database on first use."""
        room = self.rooms.get(table_id)
        if room is not None:
            await self.cluster.fresh(room)
            return room
        async with self._loading:
            room = self.rooms.get(table_id)
            if room is None:
                stored = await self.store.load(table_id)
                if stored is None:
                    return None
                room = self._add(Room(self, stored))
        return room

    def _add(self, room: Room) -> Room:
        self.rooms[room.id] = room
        if room.status in ACTIVE:
            self._spawn(room.run(), f"room-{room.id}")
        self.cluster.watch(room)
        return room

    async def create(
        self,
        game_id: str,
        options: JSON,
        seats: list[str],
        *,
        grace_seconds: float | None = None,
        names: list[str | None] | None = None,
        token_hashes: list[str | None] | None = None,
        browser_hashes: list[str | None] | None = None,
        practice: bool = False,
        creator: str | None = None,
    ) -> Room:
        """A new table: validates the game, options and seats, then stores it.

        A ``practice`` table lets one person hold every seat (the page says
        that no card is hidden then); ``creator`` counts against that
        client's quota of open tables.
        """
        try:
            game = get_game(game_id)
            rules = game.parse_rules(options)
        except (ValueError, TypeError) as error:
            raise RoomError(str(error)) from None
        chairs = _parse_seats(game, seats)
        table = TableRow(
            id=_new_id(),
            game=game.id,
            options=game.rules_to_json(rules),
            seed=secrets.randbits(31),
            status="waiting",
            version=0,
            grace_seconds=self.settings.grace_seconds if grace_seconds is None else grace_seconds,
            extra={"practice": True} if practice else {},
        )
        nobody: list[str | None] = [None] * len(chairs)
        for chair, name, hashed, browser in zip(
            chairs,
            names or nobody,
            token_hashes or nobody,
            browser_hashes or nobody,
            strict=True,
        ):
            if chair.kind == "human":
                chair.name, chair.token_hash, chair.browser_hash = name, hashed, browser
        await self.store.create_table(table, [c.row(table.id) for c in chairs])
        stored = await self.store.load(table.id)
        assert stored is not None
        room = self._add(Room(self, stored))
        if creator is not None:
            self.creators[room.id] = creator
        log_event("table.created", table=room.id, game=game.id, seats=[c.label for c in chairs])
        if all(c.token_hash for c in chairs if c.kind == "human"):
            async with room.lock:
                await room._start()
            # The driver may already be waiting (it saw no match yet): wake it to play.
            room.wake.set()
        self.cluster.created(room.id)
        return room

    async def rematch(self, room: Room, token: str | None, client: str) -> Room:
        """The same game again with everyone one seat on; tokens move with their owners.

        Only once the game is over, and the new table counts against
        ``client``'s creation quotas like any other (else rematches would
        make tables without limit).
        """
        room.require_seat(token)
        if room.rematch:
            again = await self.get(room.rematch)
            if again is not None:
                return again
        if room.status != "over":
            raise RoomError("a rematch is offered once the game is over")
        refusal = self.quota.refusal(client, open_tables=self.open_tables_of(client))
        if refusal is not None:
            log_event("table.refused", client=client, reason=refusal)
            raise QuotaError(refusal)
        n = len(room.seats)
        order = [room.seats[(i - 1) % n] for i in range(n)]
        again = await self.create(
            room.game.id,
            room.options,
            [f"bot:{s.bot}" if s.kind == "bot" else "human" for s in order],
            grace_seconds=room.grace,
            names=[s.name for s in order],
            token_hashes=[s.token_hash for s in order],
            browser_hashes=[s.browser_hash for s in order],
            practice=room.practice,
            creator=client,
        )
        self.quota.count(client)
        async with room.lock:
            room.rematch = again.id
            room.adopt(
                await self.store.save_table(room.id, rematch=again.id, version=room.version + 1)
            )
            room._changed()
        return again

    def open_tables(self) -> list[JSON]:
        """Tables still in play, newest first."""
        rooms = [r for r in self.rooms.values() if r.status in ACTIVE]
        return [r.public() for r in reversed(rooms)]


def _parse_seats(game: Game, seats: list[str]) -> list[Seat]:
    if not isinstance(seats, list) or len(seats) != game.players:
        raise RoomError(f"{game.title} needs {game.players} seats")
    bots = available_bots(game.id)
    chairs = []
    for number, spec in enumerate(seats):
        text = str(spec).strip().lower()
        if text == "human":
            chairs.append(Seat(number, "human"))
            continue
        kind, _, name = text.partition(":")
        if kind != "bot" or name not in bots:
            raise RoomError(
                f"seat {number}: {spec!r} is not 'human' or one of "
                + ", ".join(f"bot:{b}" for b in bots)
            )
        chairs.append(Seat(number, "bot", bot=name))
    return chairs


def games_catalogue(describe: Callable[[Game], list[JSON]]) -> list[JSON]:
    """Every registered game with its options and bots, for the lobby."""
    return [
        {
            "id": game.id,
            "title": game.title,
            "players": game.players,
            "sides": game.sides,
            "home_seat": home_seat(game.id),
            "options": describe(game),
            "bots": available_bots(game.id),
        }
        for game in GAMES.values()
    ]
