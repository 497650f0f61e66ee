"""The ASGI app: the lobby's JSON API, one WebSocket per table, the static client.

Routes only: the rooms (``rooms.py``) hold the games, the engine judges every
action, the store keeps the records. A seat token is sent as
``Authorization: Bearer <token>`` over HTTP and in the ``hello`` message over
the WebSocket (never in a URL, where logs and browser history would keep it).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
from sqlalchemy import text
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.schemas import SchemaGenerator
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from atout.server.browsers import BrowserId, browser_of
from atout.server.friends import require_hints
from atout.server.guards import (
    BodyLimit,
    SameOrigin,
    SecurityHeaders,
    allowed_origins,
)
from atout.server.guides import guided
from atout.server.inputs import InputError, clean_name, load_json
from atout.server.leases import leases_for
from atout.server.lobby import table_settings
from atout.server.messages import (
    CLOSE_FLOODING,
    MAX_STRIKES,
    Act,
    AskHint,
    ClientMessage,
    Hello,
    Ping,
    TokenBucket,
    Undo,
    Unexpected,
    error_frame,
    parse_client_message,
)
from atout.server.options import describe_options
from atout.server.pacing import press_next, set_bot_speed
from atout.server.pubsub import broadcast_for, redis_url
from atout.server.replay import (
    MAX_RECORD_BYTES,
    UPLOAD_SECONDS,
    ReplayWorkers,
    UploadSlots,
    hint_why,
    pbn_download,
    replay,
)
from atout.server.review import ReviewRefusal, Reviews, analyse
from atout.server.rooms import (
    Connection,
    Hub,
    QuotaError,
    Room,
    RoomError,
    SeatHeld,
    Settings,
    games_catalogue,
    log_event,
)
from atout.server.sqlite import checkpoint_wal, open_store, sqlite_file

__all__ = ["create_app"]

log = logging.getLogger("atout.server")

WEB = Path(__file__).resolve().parent.parent / "web"

schemas = SchemaGenerator(
    {"openapi": "3.0.0", "info": {"title": "atout web table", "version": "1"}}
)

Handler = Callable[[Request], Awaitable[Response]]


def _hub(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    """The JSON object of a request (bounded in size by ``BodyLimit``, in depth and time here)."""
    try:
        async with asyncio.timeout(UPLOAD_SECONDS):
            raw = await request.body()
    except TimeoutError:
        raise InputError(f"the body took longer than {UPLOAD_SECONDS:g} s to arrive", 408) from None
    if not raw:
        return {}
    try:
        data = load_json(raw)
    except InputError as refusal:
        message = "the request body is not JSON" if str(refusal) == "not JSON" else str(refusal)
        raise InputError(message, refusal.status) from None
    if not isinstance(data, dict):
        raise RoomError("the request body must be a JSON object")
    return data


def _refusals(handler: Handler) -> Handler:
    """Turn a room's refusal into a 400 with its message (or a 404 for a missing table)."""

    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except _NotFound as missing:
            return _error(str(missing), 404)
        except InputError as refusal:
            return _error(str(refusal), refusal.status)
        except QuotaError as refusal:
            return _error(str(refusal), 429)
        except SeatHeld as refusal:
            return _error(str(refusal), 409)
        except RoomError as error:
            return _error(str(error))

    wrapped.__doc__ = handler.__doc__
    wrapped.__name__ = handler.__name__
    return wrapped


class _NotFound(Exception):
    pass


async def _room(request: Request) -> Room:
    room = await _hub(request).get(request.path_params["table_id"])
    if room is None:
        raise _NotFound("no such table")
    return room


def _summary(request: Request, room: Room) -> dict[str, Any]:
    base = str(request.base_url).rstrip("/")
    return {
        **room.public(),
        "invite": f"{base}/t/{room.id}",
        "ws": f"/ws/tables/{room.id}",
    }


# Endpoints.


async def health(request: Request) -> Response:
    """
    responses:
      200:
        description: '{"status": "ok", "database": "ok", "tables": n, "playing": n}'
      503:
        description: >
          The database cannot be reached or cannot be written (the tables in memory are still
          counted).
    """
    hub = _hub(request)
    try:
        async with hub.store.engine.connect() as conn:
            await conn.execute(text("SELECT 1"))
        database = "ok"
    except Exception as error:  # any failure to reach the database is "unhealthy"
        database = f"unreachable: {type(error).__name__}"
    if database == "ok":
        database = await _writable(hub)
    rooms = list(hub.rooms.values())
    body = {
        "status": "ok" if database == "ok" else "degraded",
        "database": database,
        "tables": len(rooms),
        "playing": sum(r.status == "playing" for r in rooms),
        "connections": sum(len(r.connections) for r in rooms),
    }
    return JSONResponse(body, status_code=200 if database == "ok" else 503)


async def _writable(hub: Hub) -> str:
    """``ok`` if the database accepts a write now, else why not.

    The probe is an update that matches no row, rolled back: the database
    still takes its write lock and refuses it when it cannot write (a
    read-only file or replica), and nothing is ever changed.
    """
    try:
        async with hub.store.engine.connect() as conn, conn.begin() as transaction:
            await conn.execute(text("UPDATE tables SET version = version WHERE id = ''"))
            await transaction.rollback()
    except Exception as error:  # any refusal to write is "unhealthy"
        return f"not writable: {type(error).__name__}"
    return "ok"


async def list_games(request: Request) -> Response:
    """
    responses:
      200:
        description: Every game with its options (type, default, range or choices) and bots.
    """
    return JSONResponse(games_catalogue(describe_options))


@_refusals
async def list_tables(request: Request) -> Response:
    """
    responses:
      200:
        description: Tables not over, newest first, with their free seats.
    """
    return JSONResponse(_hub(request).open_tables())


@_refusals
async def create_table(request: Request) -> Response:
    """
    requestBody:
      description: >
        {"game": "court-piece", "options": {...}, "seats": ["human", "bot:greedy", ...],
        "sit": 0, "name": "Ana", "grace_seconds": 30, "private": true, "pause_deals": true,
        "bot_speed": "fast", "turn_seconds": 60, "hints": false,
        "play_side_contracts": true}. With "sit", the creator takes that seat and gets its
        token; a private table is not listed (its invite link opens it). At bridge, a
        person plays the contracts their bot partner wins unless "play_side_contracts"
        is false.
    responses:
      201:
        description: The table (and the creator's seat and token when "sit" was given).
      400:
        description: The body is not a JSON object.
      422:
        description: Unknown game, bad option or bad seat (the message says which and why).
    """
    body = await _body(request)
    name = clean_name(body.get("name"))  # refused before anything is created
    hub = _hub(request)
    client = _client(request)
    refusal = hub.quota.refusal(client, open_tables=hub.open_tables_of(client))
    if refusal is not None:
        log_event("table.refused", logging.INFO, client=client, reason=refusal)
        return _error(refusal, 429)
    try:
        room = await _create(request, body, client)
    except RoomError as error:
        return _error(str(error), 422)
    hub.quota.count(client)
    out = _summary(request, room)
    sit = body.get("sit")
    if sit is not None:
        seat, token = await room.join(
            name, sit if type(sit) is int else None, browser=browser_of(request.scope)
        )
        out = {**_summary(request, room), "seat": seat, "token": token}
    return JSONResponse(out, status_code=201)


def _client(request: Request) -> str:
    """Who asks, for quotas: the peer's address (uvicorn takes it from a trusted proxy)."""
    return request.client.host if request.client else "unknown"


async def _create(request: Request, body: dict[str, Any], client: str) -> Room:
    """Validate the new table's description (refusals are 422s) and create it."""
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise RoomError("options must be a JSON object")
    grace = body.get("grace_seconds")
    if grace is not None and (not isinstance(grace, int | float) or not 0 <= grace <= 3600):
        raise RoomError("grace_seconds must be a number from 0 to 3600")
    seats = body.get("seats")
    if not isinstance(seats, list):
        raise RoomError("seats must be a list such as ['human', 'bot:random', ...]")
    sit = body.get("sit")
    if sit is not None and type(sit) is not int:
        raise RoomError("sit must be a seat number")
    game = body.get("game")
    if not isinstance(game, str):
        raise RoomError("game must be a game id such as 'court-piece'")
    practice = body.get("practice", False)
    if type(practice) is not bool:
        raise RoomError("practice must be true or false")
    try:
        settings = table_settings(body)
    except ValueError as error:
        raise RoomError(str(error)) from None
    return await _hub(request).create(
        game,
        options,
        seats,
        grace_seconds=None if grace is None else float(grace),
        practice=practice,
        creator=client,
        table_settings=settings,
    )


@_refusals
async def get_table(request: Request) -> Response:
    """
    responses:
      200:
        description: One table (public information and its invite link).
      404:
        description: No such table.
    """
    return JSONResponse(_summary(request, await _room(request)))


@_refusals
async def join_table(request: Request) -> Response:
    """
    requestBody:
      description: '{"seat": 2, "name": "Bo"} (seat optional: the first free one).'
    responses:
      200:
        description: '{"seat": n, "token": secret}; keep the token to act and to come back.'
      400:
        description: No such free seat.
      409:
        description: >
          The bearer, or this browser (its id cookie), already holds a seat at this table
          (allowed only at a practice table, where one person plays every hand).
    """
    room = await _room(request)
    body = await _body(request)
    seat = body.get("seat")
    if seat is not None and type(seat) is not int:
        raise RoomError("seat must be a seat number")
    name = clean_name(body.get("name"))
    number, token = await room.join(
        name, seat, token=_token(request), browser=browser_of(request.scope)
    )
    return JSONResponse({**_summary(request, room), "seat": number, "token": token})


@_refusals
async def spectate(request: Request) -> Response:
    """
    responses:
      200:
        description: The public state of the table (no hands) and its WebSocket address.
    """
    room = await _room(request)
    return JSONResponse({**room.frame(None), "ws": f"/ws/tables/{room.id}"})


@_refusals
async def table_view(request: Request) -> Response:
    """
    responses:
      200:
        description: The state frame for the bearer's seat (or a spectator's without a token).
    """
    room = await _room(request)
    token = _token(request)
    seat = room.require_seat(token) if token else None
    return JSONResponse(room.frame(seat))


@_refusals
async def leave_table(request: Request) -> Response:
    """
    responses:
      200:
        description: The seat is free again; its token no longer works.
    """
    room = await _room(request)
    await room.leave(_token(request))
    return JSONResponse(_summary(request, room))


@_refusals
async def start_table(request: Request) -> Response:
    """
    responses:
      200:
        description: The first deal is dealt; free human seats are played by bots meanwhile.
    """
    room = await _room(request)
    await room.start(_token(request))
    return JSONResponse(_summary(request, room))


@_refusals
async def rematch_table(request: Request) -> Response:
    """
    responses:
      200:
        description: >
          A new table with the same game and options, everyone in the same seat; each
          player's token opens their seat there.
      400:
        description: The game is not over yet.
      429:
        description: The client made too many tables (a rematch counts as one).
    """
    room = await _room(request)
    again = await _hub(request).rematch(room, _token(request), _client(request))
    return JSONResponse(_summary(request, again))


@_refusals
async def record(request: Request) -> Response:
    """
    responses:
      200:
        description: >
          The game record (atout-record/1): complete once the game is over; while it goes on,
          only what the bearer's seat (or a spectator) may know. ?format=pbn: a finished
          bridge table as PBN.
    """
    room = await _room(request)
    if request.query_params.get("format") == "pbn":
        return pbn_download(room)
    token = _token(request)
    seat = room.require_seat(token) if token else None
    data = room.public_record(seat)
    return JSONResponse(
        data,
        headers={"Content-Disposition": f'attachment; filename="atout-{room.id}.json"'},
    )


@_refusals
async def deal_review(request: Request) -> Response:
    """
    summary: The double-dummy review of a finished deal for one seat.
    parameters:
      - name: seat
        in: query
        description: >
          The seat whose decisions are judged (0..n-1, or N E S W in bridge). While the game
          goes on it can only be the bearer's own seat (the default); once it is over, any.
    responses:
      200:
        description: >
          The review (as `atout solve RECORD --review SEAT --deal K --json`): the deal as
          dealt ("layout"), its "actions", "tricks" and the hands after each action ("steps");
          for each play decision of the seat, each legal action's double-dummy "values", the
          "value" of the one chosen, the "best", its "cost" and the "better" actions (or
          "solved" false with a "reason" where the solver does not reach); the side's DD
          result at the "start"; the "contract" and whether it makes double dummy (bridge,
          Five Hundred); bridge "dd_table" and "par". A person who played their bot
          partner's contract is judged on its cards too ("played_for": declarer's seat).
      400:
        description: A bad seat.
      403:
        description: While the game goes on, no seat token, or another seat than the bearer's.
      404:
        description: No such table or deal.
      409:
        description: The deal is still in play (or the game has not started).
      429:
        description: This address already has two reviews computing.
      503:
        description: Too many analyses at once, or the review overran its time bound.
    """
    return await _analysed(request, "review")


async def _analysed(request: Request, kind: str) -> Response:
    """A finished deal's review or replay by Hard, under one guard: finished deals, own seat
    while the game goes on, the analysis worker's bounds (``server/review.py``)."""
    room = await _room(request)
    token = _token(request)
    held = room.require_seat(token) if token else None
    deal = int(request.path_params["deal"])
    reviews: Reviews = request.app.state.reviews
    try:
        seat = reviews.seat_to_review(room, held, request.query_params.get("seat"), deal)
    except ReviewRefusal as refusal:
        return _error(str(refusal), refusal.status)
    analyse = reviews.review if kind == "review" else reviews.again
    status, body = await analyse(room, deal, seat, _client(request))
    return JSONResponse(body, status_code=status)


@_refusals
async def deal_again(request: Request) -> Response:
    """
    summary: A finished deal played again from the start by Hard in one seat's place.
    parameters:
      - name: seat
        in: query
        description: >
          The seat Hard takes (0..n-1, or N E S W in bridge): while the game goes on, the
          bearer's own seat only (the default); once it is over, any.
    responses:
      200:
        description: >
          The deal as played ("mine") and as replayed ("hard"): each line's "actions",
          "tricks", "result" and "points"; "tricks" pairs them trick by trick ({"mine",
          "hard"}); "difference" is Hard's score for the seat's side less the player's (a
          side's points less the other's); "bots" the seats' players in the replay; "seconds"
          the CPU time it took. The other seats keep their bots (a person's seat is played by
          greedy), and they sample hidden cards, so their choices may differ from the deal as
          played; the same deal asked again gives the same replay.
      400:
        description: A bad seat.
      403:
        description: While the game goes on, no seat token, or another seat than the bearer's.
      404:
        description: No such table or deal.
      409:
        description: The deal is still in play (or the game has not started).
      429:
        description: This address already has two reviews computing.
      503:
        description: Too many analyses at once, or the replay overran its time bound.
    """
    return await _analysed(request, "again")


@_refusals
async def replay_deal(request: Request) -> Response:
    """
    summary: A new table where the bearer plays a finished deal again (same cards, same bots).
    responses:
      200:
        description: >
          The new table: the deal's cards, dealer and board as dealt, every seat as it was
          (the same bots), the bearer's token opening their seat there. The score starts
          afresh; after that deal the game goes on with new deals.
      400:
        description: >
          The table has other people at it (a deal is replayed against bots only), or no
          seat token.
      404:
        description: No such table or deal.
      409:
        description: The deal is still in play (or the game has not started).
      429:
        description: The client made too many tables (a replay counts as one).
    """
    room = await _room(request)
    held = room.require_seat(_token(request))
    deal = int(request.path_params["deal"])
    try:
        Reviews.seat_to_review(room, held, None, deal)
    except ReviewRefusal as refusal:
        return _error(str(refusal), refusal.status)
    again = await _hub(request).replay_deal(room, held, deal, _client(request))
    return JSONResponse(_summary(request, again))


@_refusals
async def hint(request: Request) -> Response:
    """
    responses:
      200:
        description: '{"action": ...}: what the greedy bot would do in your seat now.'
      429:
        description: Too many requests from this seat (10 a second, bursts of 30); nothing changed.
    """
    room = await _room(request)
    seat = room.require_seat_request(_token(request))
    require_hints(room)
    action = await room.hint(seat)
    return JSONResponse({"action": action, "why": hint_why(room.match, seat, action)})


@_refusals
async def undo(request: Request) -> Response:
    """
    responses:
      200:
        description: Your last action of this deal and the bots' replies are taken back.
      429:
        description: Too many requests from this seat (10 a second, bursts of 30); nothing changed.
    """
    room = await _room(request)
    await room.undo(room.require_seat_request(_token(request)))
    return JSONResponse(room.frame(room.require_seat(_token(request))))


@_refusals
async def next_deal(request: Request) -> Response:
    """
    responses:
      200:
        description: >
          The bearer has read the deal's result: at a table with "pause_deals", the next deal
          comes once every person connected there has asked for it.
      400:
        description: No deal is due (the next one is already dealt, or the game is over).
      429:
        description: Too many requests from this seat (10 a second, bursts of 30); nothing changed.
    """
    room = await _room(request)
    press_next(room, room.require_seat_request(_token(request)))
    return JSONResponse(_summary(request, room))


@_refusals
async def bot_speed(request: Request) -> Response:
    """
    requestBody:
      description: '{"speed": "slow"}: "slow", "normal" or "fast".'
    responses:
      200:
        description: The table, its bots now playing at that speed.
      400:
        description: Not a speed, or the bearer holds no seat here.
      429:
        description: Too many requests from this seat (10 a second, bursts of 30); nothing changed.
    """
    room = await _room(request)
    seat = room.require_seat_request(_token(request))
    body = await _body(request)
    await set_bot_speed(room, seat, body.get("speed"))
    return JSONResponse(_summary(request, room))


async def openapi(request: Request) -> Response:
    """The OpenAPI description of this API."""
    return JSONResponse(schemas.get_schema(routes=request.app.routes))


async def index(request: Request) -> Response:
    """The browser client (the lobby and, under /t/<id>, a table)."""
    request.app.state.replays.warm()  # the page may ask for a replay soon
    return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})


# The WebSocket.


async def table_socket(websocket: WebSocket) -> None:
    """One connection: a receiver and a sender in a task group, so either end stops both."""
    hub = _hub(websocket)
    room = await hub.get(websocket.path_params["table_id"])
    await websocket.accept()
    if room is None:
        await websocket.send_json(error_frame("no such table"))
        await websocket.close(code=4404)
        return
    client = websocket.client.host if websocket.client else "unknown"
    if not hub.sockets.enter(client):
        limit = hub.sockets.limit
        await websocket.send_json(error_frame(f"too many connections: at most {limit} at once"))
        await websocket.close(code=CLOSE_FLOODING)
        return
    try:
        async with room.subscribe(Connection()) as conn, anyio.create_task_group() as tasks:
            tasks.start_soon(_sender, websocket, conn, tasks.cancel_scope)
            await _receiver(websocket, room, conn)
            if not conn.closed:
                tasks.cancel_scope.cancel()
    finally:
        hub.sockets.leave(client)


async def _sender(websocket: WebSocket, conn: Connection, scope: anyio.CancelScope) -> None:
    """Send the outbox in order; once the room closes the connection, say why and close."""
    try:
        while (text := await conn.next()) is not None:
            await websocket.send_text(text)
        await websocket.close(code=conn.close_code)
    except (WebSocketDisconnect, RuntimeError, OSError):
        pass
    scope.cancel()


async def _receiver(websocket: WebSocket, room: Room, conn: Connection) -> None:
    """Read, limit, parse, handle; a refusal is an error frame and the connection lives on."""
    bucket = TokenBucket()
    refusals = RefusalLog(room.id)
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            if not bucket.take():
                if bucket.strikes >= MAX_STRIKES:
                    refusals.note(conn.seat, "flooding: connection closed")
                    conn.push(error_frame("too many messages: closing this connection"))
                    conn.close(CLOSE_FLOODING)
                    return
                if bucket.strikes == 1:
                    refusals.note(conn.seat, "rate limit")
                conn.push(error_frame("too many messages: slow down (this one was ignored)"))
                continue
            parsed = parse_client_message(message.get("text") or message.get("bytes"))
            try:
                await _handle(room, conn, parsed)
            except RoomError as error:
                refusals.note(conn.seat, str(error), parsed)
                conn.push(error_frame(str(error)))
    finally:
        refusals.flush(conn.seat)


class RefusalLog:
    """The refusals of one connection, logged without letting a client flood the log.

    The first refusal of a window of :data:`SUMMARY_SECONDS` is logged in
    full (``message.refused``: the reason, the message type, the action cut
    to 32 characters); the rest of the window are counted by reason and
    logged as one ``message.refused.summary`` line when the window ends or
    the connection closes.
    """

    def __init__(self, table: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.table, self.clock = table, clock
        self.window_start: float | None = None
        self.held: Counter[str] = Counter()

    def note(self, seat: int | None, reason: str, message: Any = None) -> None:
        """One refusal: logged now, or counted for the summary."""
        now = self.clock()
        if self.window_start is not None and now - self.window_start >= SUMMARY_SECONDS:
            self.flush(seat)
        if self.window_start is None:
            self.window_start = now
            action = message.action[:32] if isinstance(message, Act) else None
            kind = type(message).__name__.lower() if message is not None else None
            log_event(
                "message.refused",
                logging.INFO,
                table=self.table,
                seat=seat,
                reason=reason[:200],
                message_type=kind,
                action=action,
            )
            return
        self.held[reason[:80]] += 1

    def flush(self, seat: int | None) -> None:
        """Log what was counted since the last full line, and start a new window."""
        if self.held:
            log_event(
                "message.refused.summary",
                logging.INFO,
                table=self.table,
                seat=seat,
                refused=sum(self.held.values()),
                reasons=dict(self.held.most_common(5)),
            )
        self.window_start, self.held = None, Counter()


SUMMARY_SECONDS = 60.0
"""A connection's refusals are logged one in full, then as a count, per this many seconds."""


async def _handle(room: Room, conn: Connection, message: ClientMessage) -> None:
    match message:
        case Hello(token=token):
            if token is None:
                conn.push(room.frame(conn.seat))
                return
            room.attach(conn, room.require_seat(token))
        case Act(action=action, seq=seq):
            if conn.seat is None:
                raise RoomError("spectators cannot play; join a seat first")
            await room.act(conn.seat, action, seq)
        case AskHint():
            if conn.seat is None:
                raise RoomError("spectators get no hints")
            require_hints(room)
            room.charge(conn.seat)
            action = await room.hint(conn.seat)
            conn.push(
                {"type": "hint", "action": action, "why": hint_why(room.match, conn.seat, action)}
            )
        case Undo():
            if conn.seat is None:
                raise RoomError("spectators cannot undo")
            room.charge(conn.seat)
            await room.undo(conn.seat)
        case Ping():
            conn.push({"type": "pong"})
        case Unexpected(reason=reason):
            raise RoomError(reason)


# The app.


def routes() -> list[BaseRoute]:
    """The HTTP routes, the WebSocket and the static files."""
    table = "/api/tables/{table_id}"
    return [
        Route("/", index, include_in_schema=False),
        Route("/t/{table_id}", index, include_in_schema=False),
        Route("/replay", index, include_in_schema=False),
        Route("/rules/{game}", index, include_in_schema=False),
        Route("/learn/{game}", index, include_in_schema=False),
        Route("/api/guides/{game}", guided),
        Route("/api/replay", replay, methods=["POST"]),
        Route("/health", health),
        Route("/openapi.json", openapi, include_in_schema=False),
        Route("/api/games", list_games),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route(table, get_table),
        Route(f"{table}/join", join_table, methods=["POST"]),
        Route(f"{table}/spectate", spectate),
        Route(f"{table}/view", table_view),
        Route(f"{table}/leave", leave_table, methods=["POST"]),
        Route(f"{table}/start", start_table, methods=["POST"]),
        Route(f"{table}/rematch", rematch_table, methods=["POST"]),
        Route(f"{table}/record", record),
        Route(f"{table}/deals/{{deal:int}}/review", deal_review),
        Route(f"{table}/deals/{{deal:int}}/again", deal_again),
        Route(f"{table}/deals/{{deal:int}}/replay", replay_deal, methods=["POST"]),
        Route("/api/analyse", analyse, methods=["POST"]),
        Route(f"{table}/hint", hint),
        Route(f"{table}/undo", undo, methods=["POST"]),
        Route(f"{table}/next", next_deal, methods=["POST"]),
        Route(f"{table}/speed", bot_speed, methods=["POST"]),
        WebSocketRoute("/ws/tables/{table_id}", table_socket),
        Mount("/static", StaticFiles(directory=WEB), name="static"),
    ]


def create_app(
    database_url: str | None = None,
    *,
    settings: Settings | None = None,
    redis: str | None = None,
    origins: str | None = None,
) -> Starlette:
    """The web table. ``database_url`` defaults to ``ATOUT_DATABASE_URL``, then ``./atout.db``.

    ``redis`` (default ``ATOUT_REDIS_URL``) links this process to the others
    serving the same database (``docs/deploy.md``); without it, one process.
    ``origins`` (default ``ATOUT_ALLOWED_ORIGINS``, comma-separated) are the
    sites besides this one whose pages may post and open WebSockets here.

    Unfinished tables are replayed from their records at start-up and their
    bots resume play.
    """
    store = open_store(database_url)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        shared = redis_url(redis)
        hub = Hub(
            store,
            settings or Settings.from_env(),
            broadcast=broadcast_for(shared),
            leases=leases_for(shared),
        )
        app.state.hub = hub
        hub.workers = app.state.replays
        await hub.open()
        path = sqlite_file(store.url)
        checkpoints = asyncio.create_task(checkpoint_wal(path)) if path else None
        try:
            yield
        finally:
            if checkpoints is not None:
                checkpoints.cancel()
            app.state.replays.close()
            await hub.close()

    app = Starlette(routes=routes(), lifespan=lifespan)
    app.state.database_url = store.url
    app.state.replays = ReplayWorkers()
    app.state.uploads = UploadSlots()
    app.state.reviews = Reviews(app.state.replays)
    uploads = ("/api/replay", "/api/analyse")
    app.add_middleware(SameOrigin, origins=allowed_origins(origins), raw_bodies=uploads)
    app.add_middleware(BodyLimit, limits=dict.fromkeys(uploads, MAX_RECORD_BYTES))
    app.add_middleware(BrowserId)
    app.add_middleware(SecurityHeaders)
    return app
