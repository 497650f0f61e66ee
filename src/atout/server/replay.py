"""Replays for the browser, PBN downloads, and the public meaning of bridge calls.

``POST /api/replay`` takes a record (an ``atout-record/1`` JSON object, or a
bridge PBN file as text), has the engine replay it (a record the rules refuse
is a 422 naming the deal and action) and answers one deal's frames: for each
action index, the spectator's view of the state after it plus every seat's
hand (a finished game hides nothing). The page steps through them; it judges
nothing itself, and neither does this module.

Bridge explanations come from :func:`atout.bots.bridge.bidding.explain` given
the auction only (the caller's seat and the calls before), never a hand, so
they tell what anyone at the table may know.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import TYPE_CHECKING, Any, Protocol, cast

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response

from atout.bots.bridge.bidding import explain
from atout.cards import CardSet, card_names
from atout.core import Match
from atout.notation.pbn import match_from_pbn, match_to_pbn
from atout.notation.record import RecordError, match_from_record
from atout.server.inputs import InputError, load_json

if TYPE_CHECKING:
    from atout.server.rooms import Room

__all__ = [
    "MAX_RECORD_BYTES",
    "ReplayWorkers",
    "call_explanations",
    "deal_frames",
    "frame_explanations",
    "hint_why",
    "pbn_download",
    "read_record",
    "replay",
    "replay_frames",
    "run_upload",
    "with_explanations",
]

JSON = dict[str, Any]
MAX_RECORD_BYTES = 2_000_000
"""The largest record the replay endpoint reads (a 300-board PBN file is about 300 kB)."""


class _Hands(Protocol):
    """The public accessor every game's state has: the cards a seat holds now."""

    def hand(self, seat: int) -> CardSet: ...


# Explanations of bridge calls (public information only).


def call_explanations(auction: Sequence[Sequence[Any]]) -> list[str]:
    """One short meaning per call of ``auction`` ([seat, call] pairs), from the calls before it."""
    calls: list[tuple[int, str]] = [(int(seat), str(call)) for seat, call in auction]
    dealer = calls[0][0] if calls else 0  # the dealer makes the first call
    return [
        explain({"seat": seat, "dealer": dealer, "auction": calls[:i]}, call)
        for i, (seat, call) in enumerate(calls)
    ]


def with_explanations(view: JSON) -> JSON:
    """A bridge view with ``explanations`` (one per call of its auction); other views as given."""
    return {**view, **frame_explanations(view)}


def frame_explanations(view: JSON | None) -> JSON:
    """``{"explanations": [...]}`` for a bridge view with an auction, else ``{}``.

    A state frame carries them beside the view, which stays exactly the engine's.
    """
    if view is None or view.get("game") != "bridge" or not view.get("auction"):
        return {}
    return {"explanations": call_explanations(view["auction"])}


def hint_why(match: Match | None, seat: int, action: str) -> str | None:
    """Why the hinted bridge call (its meaning, from the seat's own view); ``None`` otherwise."""
    if match is None or match.game.id != "bridge":
        return None
    view = match.view(seat)
    if view.get("phase") != "auction" or action not in view.get("legal", ()):
        return None
    return explain(view, action)


# Frames.


def read_record(raw: bytes) -> Match:
    """The match a record describes: JSON (``atout-record/1``) or bridge PBN text.

    Raises :class:`RecordError` (with the deal and action) when the engine refuses it.
    """
    text = raw.decode("utf-8", errors="replace").lstrip("\ufeff")
    if not text.lstrip().startswith("{"):
        match: Match = match_from_pbn(text)
        return match
    try:
        data = load_json(text)
    except InputError as error:
        raise RecordError(f"not JSON: {error}") from None
    return match_from_record(data)


def _frame(step: Match, last: tuple[int, str] | None, index: int) -> JSON:
    view = with_explanations(step.view(None))
    view["match"] = {k: v for k, v in view["match"].items() if k != "history"}
    state = cast(_Hands, step.state)
    hands = [list(card_names(state.hand(seat))) for seat in range(step.game.players)]
    return {
        "index": index,
        "action": None if last is None else list(last),
        "view": view,
        "hands": hands,
    }


def deal_frames(match: Match, number: int) -> list[JSON]:
    """Deal ``number`` replayed: its start, then the state after each of its actions."""
    played = match.deals[number]
    step = Match(match.game, match.rules, match.deals[:number], match.players, match.extra)
    step = step.start_deal(played.layout)
    frames = [_frame(step, None, 0)]
    for index, (seat, action) in enumerate(played.actions, start=1):
        step = step.apply(action, seat)
        frames.append(_frame(step, (seat, action), index))
    return frames


def _deal_summary(match: Match, number: int) -> JSON:
    played = match.deals[number]
    return {
        "number": number + 1,
        "dealer": played.layout.dealer,
        "actions": len(played.actions),
        "result": played.state.result() if played.settlement is not None else None,
        "points": list(played.settlement.points) if played.settlement is not None else None,
    }


def replay_frames(match: Match, number: int) -> JSON:
    """The whole answer of ``/api/replay`` for deal ``number`` of ``match``."""
    return {
        "game": match.game.id,
        "title": match.game.title,
        "players": match.game.players,
        "sides": match.game.sides,
        "names": list(match.players) if match.players else None,
        "complete": match.is_over(),
        "totals": list(match.totals),
        "winner": match.winner,
        "deals": [_deal_summary(match, i) for i in range(len(match.deals))],
        "deal": number,
        "frames": deal_frames(match, number),
    }


def _replay_sync(raw: bytes, deal: int | None) -> JSON:
    match = read_record(raw)
    if not match.deals:
        raise RecordError("the record has no deal")
    number = 0 if deal is None else deal
    if not 0 <= number < len(match.deals):
        raise RecordError(f"no deal {number} (the record has {len(match.deals)})")
    return replay_frames(match, number)


def replay_in_worker(raw: bytes, deal: int | None) -> tuple[int, JSON]:
    """The status and body of a replay, computed in a worker process (plain data only)."""
    try:
        return 200, _replay_sync(raw, deal)
    except RecordError as error:
        return 422, {"error": str(error), "deal": error.deal, "index": error.index}
    except InputError as error:
        return error.status, {"error": str(error)}


def _follow_parent(parent: int) -> None:
    """In a worker: exit when the server process is gone (a crash, a test run that ended).

    Why: a worker blocks waiting for work and would otherwise outlive a
    server that could not stop it, for ever.
    """

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="follow-parent", daemon=True).start()


REPLAY_SECONDS = 20.0
"""The longest a replay may take; past it the worker is stopped and the answer is a 503."""
REPLAY_QUEUE = 16
"""Replays waiting for a worker at most; more at once are a 503 (try again)."""


class ReplayWorkers:
    """Replays of uploaded records run in worker processes, each under a time bound.

    Why a process: a large record takes the engine a second or more, and 16
    of them in threads shared the GIL with the event loop (``/health`` took
    1.5 to 4.2 s). A worker process runs beside the loop, can be stopped
    when it overruns (a thread cannot), and at most :data:`REPLAY_QUEUE`
    uploads wait for it. The double-dummy analyses (``server/review.py``)
    run in the same workers, each under its own bound.
    """

    def __init__(
        self, workers: int = 1, seconds: float = REPLAY_SECONDS, queue: int = REPLAY_QUEUE
    ) -> None:
        self.workers, self.seconds, self.queue = workers, seconds, queue
        self._pool: ProcessPoolExecutor | None = None
        self._slots = asyncio.Semaphore(workers)
        self._waiting = 0

    def warm(self) -> None:
        """Start the worker now, in the background, so the first replay does not wait for it.

        A worker is a fresh interpreter that imports the engine (a few
        seconds on a busy machine); the pages call this when served, so the
        worker is ready by the time someone opens a file.
        """
        if self._pool is None:
            self._executor().submit(int)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=get_context("spawn"),
                initializer=_follow_parent,
                initargs=(os.getpid(),),
            )
        return self._pool

    async def run(self, raw: bytes, deal: int | None) -> tuple[int, JSON]:
        """The replay's status and body; 503 when too many wait or it runs past the bound."""
        return await self.call(replay_in_worker, raw, deal)

    async def call(
        self,
        job: Callable[..., tuple[int, JSON]],
        *args: Any,
        seconds: float | None = None,
        what: str = "replay",
    ) -> tuple[int, JSON]:
        """``job(*args)`` (plain data in and out) in a worker: its status and body, or a 503.

        A 503 when too many jobs wait or it runs past ``seconds`` (default the
        pool's bound). The time bound starts when a worker takes the job, not
        while it waits its turn: stopping an overrunning worker must not cost
        a job that was merely queued behind it.
        """
        if self._waiting >= self.workers + self.queue:
            return 503, {"error": f"too many {what}s at once: try again in a moment"}
        bound = self.seconds if seconds is None else seconds
        self._waiting += 1
        try:
            async with self._slots:
                pool = self._executor()
                loop = asyncio.get_running_loop()
                try:
                    # A fresh worker first starts and imports the engine (seconds on a busy
                    # machine): that is not the job's time, so the clock starts after it.
                    await loop.run_in_executor(pool, int)
                    running = loop.run_in_executor(pool, job, *args)
                    async with asyncio.timeout(bound):
                        return await running
                except TimeoutError:
                    self._stop(pool)
                    return 503, {"error": f"the {what} took longer than {bound:g} s: stopped"}
                except BrokenProcessPool:
                    self._stop(pool)
                    return 503, {"error": f"the {what} worker stopped: try again"}
        finally:
            self._waiting -= 1

    def _stop(self, pool: ProcessPoolExecutor) -> None:
        """Kill an overrunning pool's processes; the next replay starts a fresh one."""
        if self._pool is pool:
            self._pool = None
        for process in list(getattr(pool, "_processes", {}).values()):
            process.kill()
        pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (at server shutdown)."""
        if self._pool is not None:
            self._stop(self._pool)


UPLOADS = 16
"""Uploads read or replayed at once, at most (each holds up to 2 MB while it is read)."""
UPLOADS_PER_CLIENT = 2
"""Uploads one client address may have in flight: one client cannot take every slot or
fill the replay queue."""
UPLOAD_SECONDS = 30.0
"""The longest a client may take to send an upload's body (2 MB at 70 KB/s)."""


@dataclass(slots=True)
class UploadSlots:
    """Slots for uploads in flight, taken BEFORE the body is read, held until the answer.

    Why before: a body is buffered as it arrives, so 500 clients each sending
    2 MB slowly held 1.1 GB. A slot bounds what uploads can hold
    (:data:`UPLOADS` × 2 MB) and each client's share of it; a body is read
    within :data:`UPLOAD_SECONDS` or the upload is a 408.
    """

    total: int = UPLOADS
    per_client: int = UPLOADS_PER_CLIENT
    seconds: float = UPLOAD_SECONDS
    _held: Counter[str] = field(default_factory=Counter)

    def refusal(self, client: str) -> tuple[int, str] | None:
        """Why ``client`` may not upload now (status and message), else ``None``."""
        if self._held.total() >= self.total:
            return 503, "too many uploads at once: try again in a moment"
        if self._held[client] >= self.per_client:
            return 429, f"at most {self.per_client} uploads at once from one address"
        return None

    @contextlib.contextmanager
    def held(self, client: str) -> Iterator[None]:
        """Hold one of ``client``'s slots (after :meth:`refusal` said yes)."""
        self._held[client] += 1
        try:
            yield
        finally:
            self._held[client] -= 1
            if not self._held[client]:
                del self._held[client]


async def replay(request: Request) -> Response:
    """
    summary: Replay a record, one deal at a time.
    parameters:
      - name: deal
        in: query
        description: The deal to draw, from 0 (default 0).
    requestBody:
      description: An atout-record/1 JSON object, or a bridge PBN file as text (at most 2 MB).
    responses:
      200:
        description: >
          The game's deals (result, points), totals, and the frames of one deal: for each
          action index, the spectator's view after it and every seat's hand.
      400:
        description: A bad deal number.
      413:
        description: The record is too large.
      422:
        description: The engine refuses the record; the message names the deal and action.
      503:
        description: Too many replays at once, or the replay overran its time bound.
    """
    deal_text = request.query_params.get("deal")
    if deal_text is not None and not (
        deal_text.isascii() and deal_text.isdigit() and len(deal_text) < 7
    ):
        return JSONResponse({"error": "deal must be a deal number from 0"}, status_code=400)
    deal = None if deal_text is None else int(deal_text)
    return await run_upload(request, replay_in_worker, deal)


async def run_upload(
    request: Request,
    job: Callable[..., tuple[int, JSON]],
    *args: Any,
    seconds: float | None = None,
    what: str = "replay",
) -> Response:
    """An uploaded record read under the upload limits, then ``job(raw, *args)`` in a worker.

    The limits: an upload slot taken before the body is read, the body within
    :data:`UPLOAD_SECONDS` and :data:`MAX_RECORD_BYTES`.
    """
    slots: UploadSlots = request.app.state.uploads
    client = request.client.host if request.client else "unknown"
    refusal = slots.refusal(client)
    if refusal is not None:
        status, message = refusal
        return JSONResponse({"error": message}, status_code=status)
    with slots.held(client):
        try:
            async with asyncio.timeout(slots.seconds):
                raw = await request.body()
        except TimeoutError:
            error = f"the body took longer than {slots.seconds:g} s to arrive"
            return JSONResponse({"error": error}, status_code=408, headers={"Connection": "close"})
        if len(raw) > MAX_RECORD_BYTES:
            return JSONResponse({"error": "the record is too large"}, status_code=413)
        workers: ReplayWorkers = request.app.state.replays
        status, body = await workers.call(job, raw, *args, seconds=seconds, what=what)
    return JSONResponse(body, status_code=status)


# PBN download of a finished bridge table.


def pbn_download(room: Room) -> Response:
    """A finished bridge table's record as PBN (hands are only all known once it is over)."""
    if room.game.id != "bridge" or room.match is None:
        return JSONResponse({"error": "PBN is for bridge tables"}, status_code=400)
    if room.status != "over":
        return JSONResponse({"error": "PBN is offered once the game is over"}, status_code=409)
    return PlainTextResponse(
        match_to_pbn(room.match),
        media_type="application/x-pbn",
        headers={"Content-Disposition": f'attachment; filename="atout-{room.id}.pbn"'},
    )
