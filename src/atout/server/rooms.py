"""Rooms: the authority over one table's game (the lila-ws boundary).

A :class:`Room` owns the table's :class:`~atout.core.Match`, an
:class:`asyncio.Lock` and a version counter. Every change goes the same way:
the engine validates it (the room never judges an action itself), the record
is written to the database, and only then is the new state fanned out, each
connection getting its own seat's view through its own outbox
(``connections.py``), so a slow reader never holds anyone up.

This module keeps what changes a table (act, advance, undo, reload, start)
and the :class:`Hub` of all rooms; a room's other jobs are parts of their
own: ``frames.py`` (what each reader sees), ``seats.py`` (who sits where:
tokens, browsers, joining and leaving, connections), ``driver.py`` (one task
per room plays the bots, stands in for the away, deals, keeps time).

Nothing here knows a game's rules: seats, turns, legal actions, views, deals
and scores all come from the engine, and the record is the source of truth (a
restarted server replays it).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import secrets
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from atout.bots import Bot
from atout.core import ActionError, Game, Match
from atout.games import GAMES, get_game
from atout.notation.record import FORMAT, match_from_record
from atout.server.claims import REVOKE_NOT_PROVEN, claim_refusal, is_revoke_claim
from atout.server.cluster import Cluster, Presence
from atout.server.connections import Connection, encode_frame
from atout.server.declaring import decider
from atout.server.driver import ACTIVE, HINT_BOT, Driver
from atout.server.duplicate import board_rows, refresh_boards, schedule_boards
from atout.server.errors import QuotaError, RoomError, SeatHeld
from atout.server.frames import TABLE_ONLY, Frames
from atout.server.guards import CreationQuota, SocketCount
from atout.server.leases import Leases, leases_for
from atout.server.lobby import (
    ABANDONED_SECONDS,
    TABLE_SETTINGS,
    abandoned_for,
    duplicate_refusal,
    is_listed,
)
from atout.server.logs import log_event
from atout.server.pacing import DealPause
from atout.server.pubsub import Broadcast, Subscriber, broadcast_for
from atout.server.replay import ReplayWorkers
from atout.server.seats import Seat, Seating, available_bots, parse_seats
from atout.server.storage import ActionRow, SeqConflict, Store, Stored, TableRow

__all__ = [
    "ACTIVE",
    "HINT_BOT",
    "TABLE_ONLY",
    "Connection",
    "Hub",
    "QuotaError",
    "Room",
    "RoomError",
    "SeatHeld",
    "Settings",
    "available_bots",
    "encode_frame",
    "games_catalogue",
    "log_event",
]

log = logging.getLogger("atout.server")

JSON = dict[str, Any]
_ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


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
    request_rate: float = 10.0
    """Costly requests a second a seat may make on average (hint, undo, next deal, bot speed,
    over HTTP and all its connections): far above a person's clicks or a client bot's turns
    at the table's pace, far below a script's loop."""
    request_burst: int = 30
    """Costly requests a seat may make at once, above the rate."""
    sockets_per_client: int = 100
    """WebSocket connections one client (address) may hold open at once, over all tables:
    a household's tabs and a club's spectators behind one address fit, a flood does not."""

    @classmethod
    def from_env(cls) -> Settings:
        """Timings from ``ATOUT_BOT_DELAY``, ``ATOUT_DEAL_PAUSE``, ``ATOUT_GRACE_SECONDS``...

        ... ``ATOUT_BOT_BUDGET``, ``ATOUT_TABLE_TTL``, ``ATOUT_TABLES_PER_MINUTE``,
        ``ATOUT_OPEN_TABLES``, ``ATOUT_SOCKETS_PER_CLIENT``.
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
            sockets_per_client=int(
                os.environ.get("ATOUT_SOCKETS_PER_CLIENT", default.sockets_per_client)
            ),
        )


def _new_id() -> str:
    return "".join(secrets.choice(_ID_ALPHABET) for _ in range(8))


class Room(Frames, Seating, Driver):
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
        self.boards: dict[int, JSON] = board_rows(stored.boards)
        """Robot duplicate boards played so far (``duplicate.py``): deal -> seat, Hard's line."""
        self.board_entries: dict[int, tuple[Any, Any, JSON | None]] = {}
        """The score sheet's rows as last worked out, with the deal and line they came from."""
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
        self.deal_pause = DealPause()
        """Who asked for the next deal since the last one ended (``pacing.py``)."""
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

    async def _start(self, layout: JSON | None = None) -> None:
        """Deal the first deal (``layout``: these cards, a finished deal played again)."""
        rng = self._rng(0)
        # The host: the first person's seat (the lobby seats the table's creator there).
        host = next((s.number for s in self.seats if s.kind == "human"), None)
        labels = [s.label for s in self.seats]
        if layout is None:
            match = Match.new(self.game, self.options, rng, host=host, players=labels)
        else:
            match = Match(self.game, self.game.parse_rules(self.options), players=tuple(labels))
            match = match.start_deal(self.game.layout_from_json(match.rules, layout))
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
        # Views depend on the seats too (a person playing a bot partner's contract).
        self._views_of = None
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
        # Authority: a seat acts only when it is the match's actor (in bridge declarer
        # plays dummy's cards, never dummy's own seat), or takes an action the engine
        # lists for it out of turn (a revoke corrected or claimed). A person who plays
        # their bot partner's contract acts as declarer (``declaring.py``).
        actor = match.actor
        if actor is not None and seat != actor and decider(self, actor) == seat:
            seat = actor
        action = match.read(action, seat)
        if seat != match.actor and action not in match.out_of_turn(seat):
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
        if new.current.settlement is not None:
            schedule_boards(self)

    def advance(self, new: Match, version: int, action: JSON | None = None) -> None:
        """Move to ``new`` at ``version`` (an action taken here or elsewhere), tell everyone."""
        if new.closed_trick is not None:
            self.last_trick = {**new.closed_trick.to_json(), "version": version}
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
        self.rematch, self.extra, self.boards = fresh.rematch, fresh.extra, fresh.boards
        self.board_entries = {}
        self.started_at = self.started_at or fresh.started_at
        self.announced = max(self.announced, self.version)  # nothing new to tell others
        self.stale = False
        for mine, theirs in zip(self.seats, fresh.seats, strict=True):
            mine.kind, mine.bot, mine.name = theirs.kind, theirs.bot, theirs.name
            mine.token_hash, mine.browser_hash = theirs.token_hash, theirs.browser_hash
        self._changed()

    async def apply_remote(self, event: JSON) -> None:
        """An event on this table's channel from another process (``cluster.py``).

        Presence counts people connected elsewhere; a change is applied in
        memory when it is exactly the next action, else the room reloads from
        its record; ``reload`` and ``resync`` reload when behind.
        """
        kind = event.get("type")
        if kind == "presence":
            self.heard_presence(event)
        elif kind == "reload":
            async with self.lock:
                await self.reload()
        elif kind == "resync":
            if await self.hub.store.version(self.id) != self.version:
                async with self.lock:
                    await self.reload()
            elif self.extra.get("robot_duplicate") and not self.hub.cluster.broadcast.alone:
                # A board stored elsewhere leaves the version alone: its message may have
                # come before we listened.
                await refresh_boards(self)
        elif kind == "changed" and event.get("origin") != self.hub.cluster.name:
            await self._catch_up(event)
        elif kind == "boards" and event.get("origin") != self.hub.cluster.name:
            await refresh_boards(self)

    async def reload_if_stale(self) -> None:
        """Reload if the table changed elsewhere while nobody here watched it."""
        if self.stale:
            async with self.lock:
                if self.stale:
                    await self.reload()

    async def _catch_up(self, event: JSON) -> None:
        """Come to the event's version: apply its action if it fits, else reload.

        A room nobody here watches and whose bots another process plays does
        no work: it is marked stale and reloaded when next asked for.
        """
        version = event.get("version")
        if not isinstance(version, int) or version <= self.version:
            return
        if not self.connections and not self.leased:
            self.stale = True
            return
        async with self.lock:
            if version <= self.version:
                return
            if not self._apply_published(event, version):
                await self.reload()

    def _apply_published(self, event: JSON, version: int) -> bool:
        """Apply the published action when it is exactly the next thing; ``False`` otherwise."""
        action, match = event.get("action"), self.match
        if version != self.version + 1 or not isinstance(action, dict) or match is None:
            return False
        if self.status != "playing" or action.get("seq") != self.next_seq:
            return False
        if action.get("deal") != len(match.deals) - 1:
            return False
        try:
            new = match.apply(str(action["action"]), int(action["seat"]))
        except (ActionError, KeyError, TypeError, ValueError):
            return False
        self.announced = version
        self.advance(new, version)
        return True

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
            if not self._undoes(seat):
                raise RoomError("undo is only for games against bots")
            point, refusal = self._undo_point(seat)
            if point is None or self.match is None:
                raise RoomError(refusal or "nothing to undo")
            actions = self.match.current.actions
            dropped = len(actions) - point
            record = self.record()
            record["deals"][-1]["actions"] = record["deals"][-1]["actions"][:point]
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


_NOTICED = ("correct", "claim revoke", "reject")
"""Actions announced to the whole table (the action itself is seen by its seat only)."""
_SECURE = random.SystemRandom()
"""Deals at a table: ``os.urandom`` behind the engine's ``random.Random`` interface."""


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
        self.sockets = SocketCount(settings.sockets_per_client)
        self.creators: dict[str, str] = {}
        """Who created each table this process created (for the open-tables quota)."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._loading = asyncio.Lock()
        self.workers: ReplayWorkers | None = None
        """The analysis worker (the app's), where robot duplicate boards are played."""
        self.duplicating: set[tuple[str, int]] = set()
        """The (table, deal) boards the hidden duplicate tables are playing now."""

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

    def spawn(self, work: Coroutine[Any, Any, None], name: str) -> None:
        """Run ``work`` beside the rooms (stopped with the hub)."""
        self._spawn(work, name)

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
                if room.status in ACTIVE and (
                    room.idle_for(now) >= ttl or abandoned_for(room, now) >= ABANDONED_SECONDS
                ):
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
        schedule_boards(room)
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
        table_settings: JSON | None = None,
        layout: JSON | None = None,
        again_of: JSON | None = None,
    ) -> Room:
        """A new table: validates the game, options and seats, then stores it.

        A ``practice`` table lets one person hold every seat (the page says
        that no card is hidden then); ``creator`` counts against that
        client's quota of open tables; ``table_settings`` are the checked
        settings of :func:`atout.server.lobby.table_settings` (a private table).
        ``layout`` deals the first deal as given (a finished deal played again,
        ``again_of`` naming it: ``{"table", "deal"}``).
        """
        try:
            game = get_game(game_id)
            rules = game.parse_rules(options)
        except (ValueError, TypeError) as error:
            raise RoomError(str(error)) from None
        chairs = parse_seats(game, seats)
        settings = table_settings or {}
        if settings.get("robot_duplicate"):
            refusal = duplicate_refusal(game.id, rules, [c.kind for c in chairs])
            if refusal is not None:
                raise RoomError(refusal)
        table = TableRow(
            id=_new_id(),
            game=game.id,
            options=game.rules_to_json(rules),
            seed=secrets.randbits(31),
            status="waiting",
            version=0,
            grace_seconds=self.settings.grace_seconds if grace_seconds is None else grace_seconds,
            extra={
                **({"practice": True} if practice else {}),
                **settings,
                **({"again_of": again_of} if again_of is not None else {}),
            },
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
                await room._start(layout)
            # The driver may already be waiting (it saw no match yet): wake it to play.
            room.wake.set()
        self.cluster.created(room.id)
        return room

    async def rematch(self, room: Room, token: str | None, client: str) -> Room:
        """The same game again, everyone in the same seat; tokens move with their owners.

        The same seats keep partners together and the score sheet's columns
        the same way round (moving everyone one seat on swapped the sides'
        columns at two-player tables and confused who had won what).

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
        order = list(room.seats)
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
            table_settings={k: v for k, v in room.extra.items() if k in TABLE_SETTINGS},
        )
        self.quota.count(client)
        async with room.lock:
            room.rematch = again.id
            room.adopt(
                await self.store.save_table(room.id, rematch=again.id, version=room.version + 1)
            )
            room._changed()
        return again

    async def replay_deal(self, room: Room, seat: int, deal: int, client: str) -> Room:
        """A new table where ``seat``'s person plays finished deal ``deal`` of ``room`` again.

        The same cards, dealer and board, every seat as it was (the same bots), the
        person's token and browser opening their seat there; the score starts afresh and
        the game goes on after that deal. Only at a table of one person against bots (the
        others' seats cannot be filled for them), and counted like any new table.
        """
        match = room.match
        if match is None or not 0 <= deal < len(match.deals):
            raise RoomError(f"no deal {deal} at this table")
        if match.deals[deal].settlement is None:
            raise RoomError(f"deal {deal} is still in play: finished deals only")
        if not room._bots_only_but_one():
            raise RoomError("a deal is played again against bots only: this table has other people")
        refusal = self.quota.refusal(client, open_tables=self.open_tables_of(client))
        if refusal is not None:
            log_event("table.refused", client=client, reason=refusal)
            raise QuotaError(refusal)
        order = list(room.seats)
        mine = order[seat]
        again = await self.create(
            room.game.id,
            room.options,
            [f"bot:{s.bot}" if s.kind == "bot" else "human" for s in order],
            grace_seconds=room.grace,
            names=[mine.name if s is mine else None for s in order],
            token_hashes=[mine.token_hash if s is mine else None for s in order],
            browser_hashes=[mine.browser_hash if s is mine else None for s in order],
            creator=client,
            table_settings={k: v for k, v in room.extra.items() if k in TABLE_SETTINGS},
            layout=match.deals[deal].layout.to_json(),
            again_of={"table": room.id, "deal": deal},
        )
        self.quota.count(client)
        return again

    def open_tables(self) -> list[JSON]:
        """Public tables still in play and still wanted by someone, newest first."""
        now = time.monotonic()
        rooms = [r for r in self.rooms.values() if r.status in ACTIVE and is_listed(r, now)]
        return [r.public() for r in reversed(rooms)]


def games_catalogue(describe: Callable[[Game], list[JSON]]) -> list[JSON]:
    """Every registered game with its options and bots, for the lobby."""
    return [
        {
            "id": game.id,
            "title": game.title,
            "players": game.players,
            "sides": game.sides,
            "home_seat": game.home_seat,
            "options": describe(game),
            "bots": available_bots(game.id),
        }
        for game in GAMES.values()
    ]
