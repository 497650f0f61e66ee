"""Double-dummy analysis over HTTP: a table's deal reviewed, a record's position valued.

* ``GET /api/tables/{id}/deals/{k}/review?seat=S`` -- the review of finished
  deal ``k`` (from 0) for one seat (:func:`atout.analysis.review_deal`, the
  object ``atout solve RECORD --review S --deal k --json`` prints). While the
  game goes on, only a seated player may ask, and only for their own
  decisions; a deal still in play is never reviewed, so its hands are never
  shown. Once the game is over, anyone may review any seat (the record is
  public then). A person who played their bot partner's contract
  (``declaring.py``) is judged on the cards they chose for it too, with
  ``played_for`` naming declarer's seat (a record alone does not say who chose).
* ``POST /api/analyse?deal=K&at=I`` -- an uploaded record's position valued
  (each legal action's DD value), under the replay upload's limits; without
  ``at``, every play decision of deal ``K`` (the record's costly cards).

Why a worker process: the solvers hold the CPU for up to seconds (and the
pure-Python searches the GIL), so they run in :class:`ReplayWorkers` beside
the event loop, under a time bound, and never delay play at other tables.
Finished deals never change, so their reviews are kept (a few hundred).
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from atout.analysis import ReviewError, judge_deal, position_report, read_seat, review_deal
from atout.analysis.again import compare_lines
from atout.notation.record import RecordError, match_from_record
from atout.server.declaring import seat_bots
from atout.server.inputs import InputError
from atout.server.replay import ReplayWorkers, read_record, run_upload

if TYPE_CHECKING:
    from atout.server.rooms import Room

__all__ = [
    "ANALYSE_SECONDS",
    "REVIEW_SECONDS",
    "ReviewRefusal",
    "Reviews",
    "again_in_worker",
    "again_seed",
    "analyse",
    "analyse_in_worker",
    "review_in_worker",
]

JSON = dict[str, Any]
REVIEW_SECONDS = 30.0
"""The longest a review may take in its worker: a 13-card bridge deal takes about half a
second of CPU, many times that on a machine loaded tenfold."""
ANALYSE_SECONDS = 20.0
"""The longest an uploaded record's analysis may take (every card of a deal: a few seconds)."""
KEPT = 256

REVIEWS_PER_CLIENT = 2
"""Reviews one client address may have computing at once (as uploads): the worker is shared."""
"""Reviews of finished deals kept in memory (they never change)."""


class ReviewRefusal(Exception):
    """A review that may not be given: its HTTP status and message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def review_in_worker(
    record: JSON, deal: int, seat: int, bots: tuple[bool, ...] | None = None
) -> tuple[int, JSON]:
    """In a worker: the review of ``deal`` of the stored ``record`` for ``seat`` (plain data).

    ``bots`` where a person plays their bot partner's contracts (``declaring.py``):
    the cards they chose for it are judged as theirs.
    """
    try:
        return 200, review_deal(match_from_record(record), deal, seat, bots=bots)
    except ReviewError as error:
        return 409, {"error": str(error)}
    except RecordError as error:
        return 500, {"error": f"the table's record does not replay: {error}"}


def again_in_worker(
    record: JSON,
    deal: int,
    seat: int,
    bots: list[str | None],
    seed: int,
    partner_contracts: bool = False,
) -> tuple[int, JSON]:
    """In a worker: ``deal`` of ``record`` played again with Hard in ``seat`` (both lines);
    with ``partner_contracts`` Hard plays seat's bot partner's contracts, as the person did."""
    try:
        match = match_from_record(record)
        return 200, compare_lines(
            match, deal, seat, bots, seed=seed, partner_contracts=partner_contracts
        )
    except ReviewError as error:
        return 409, {"error": str(error)}
    except RecordError as error:
        return 500, {"error": f"the table's record does not replay: {error}"}


def again_seed(room: Room, deal: int) -> int:
    """The bots' seed for deal ``deal`` of ``room`` played again: fixed, so the replay is too.

    Drawn from the table's secret seed through a hash, so it tells nothing of it.
    """
    digest = hashlib.sha256(f"{room.seed}:again:{deal}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


def table_bots(room: Room) -> list[str | None]:
    """Each seat's bot at ``room`` (``None`` for a person's seat)."""
    return [(s.bot or "random") if s.kind == "bot" else None for s in room.seats]


def analyse_in_worker(raw: bytes, deal: int, at: int | None) -> tuple[int, JSON]:
    """In a worker: an uploaded record's position (or, without ``at``, its deal) judged."""
    try:
        match = read_record(raw)
        if not 0 <= deal < len(match.deals):
            return 400, {"error": f"no deal {deal} (the record has {len(match.deals)})"}
        if at is None:
            return 200, judge_deal(match, deal)
        return 200, position_report(match, deal, at)
    except RecordError as error:
        return 422, {"error": str(error), "deal": error.deal, "index": error.index}
    except InputError as error:
        return error.status, {"error": str(error)}
    except ValueError as error:
        return 400, {"error": str(error)}


class Reviews:
    """The reviews of a server: who may see what, the worker that computes, the ones kept."""

    def __init__(self, workers: ReplayWorkers, seconds: float = REVIEW_SECONDS) -> None:
        self.workers = workers
        self.seconds = seconds
        self._kept: OrderedDict[tuple[str, str, int, int], JSON] = OrderedDict()
        self._running: dict[tuple[str, str, int, int], asyncio.Future[tuple[int, JSON]]] = {}
        self._computing: Counter[str] = Counter()

    @staticmethod
    def seat_to_review(room: Room, held: int | None, asked: str | None, deal: int) -> int:
        """The seat whose decisions ``deal`` is reviewed for, or a :class:`ReviewRefusal`.

        ``held`` is the bearer's seat (``None`` without a token), ``asked``
        the ``seat`` query parameter.
        """
        match = room.match
        if match is None:
            raise ReviewRefusal(409, "the game has not started")
        if not 0 <= deal < len(match.deals):
            raise ReviewRefusal(404, f"no deal {deal}: the table has played {len(match.deals)}")
        if match.deals[deal].settlement is None:
            raise ReviewRefusal(409, f"deal {deal} is still in play: finished deals only")
        seat = None
        if asked is not None:
            try:
                seat = read_seat(room.game.id, room.game.players, asked)
            except ValueError as error:
                raise ReviewRefusal(400, str(error)) from None
        if room.status == "over":
            chosen = held if seat is None else seat
            if chosen is None:
                raise ReviewRefusal(400, "name the seat to review: ?seat=")
            return chosen
        if held is None:
            raise ReviewRefusal(
                403, "while the game goes on, a review is for a seated player: send your seat token"
            )
        if seat is not None and seat != held:
            raise ReviewRefusal(
                403, "while the game goes on, you may review your own decisions only"
            )
        return held

    async def review(self, room: Room, deal: int, seat: int, client: str = "") -> tuple[int, JSON]:
        """The review's status and body (computed in a worker, or kept from before).

        The same review asked again while it is computed waits for that one, and one client
        address has at most :data:`REVIEWS_PER_CLIENT` computing: else a flood of reviews
        from one client filled the worker's queue and other people's replays were refused.
        """
        return await self._cached(
            ("review", room.id, deal, seat),
            client,
            lambda: self.workers.call(
                review_in_worker,
                self._record_to(room, deal),
                deal,
                seat,
                seat_bots(room),
                seconds=self.seconds,
                what="review",
            ),
        )

    async def again(self, room: Room, deal: int, seat: int, client: str = "") -> tuple[int, JSON]:
        """Deal ``deal`` played again by Hard in ``seat``'s place, beside the deal as played.

        Under the same rules as a review (one computing per deal and seat, two per
        address, kept once computed, the same worker and time bound).
        """
        return await self._cached(
            ("again", room.id, deal, seat),
            client,
            lambda: self.workers.call(
                again_in_worker,
                self._record_to(room, deal),
                deal,
                seat,
                table_bots(room),
                again_seed(room, deal),
                seat_bots(room) is not None,
                seconds=self.seconds,
                what="replay",
            ),
        )

    @staticmethod
    def _record_to(room: Room, deal: int) -> JSON:
        record = room.record()
        record["deals"] = record["deals"][: deal + 1]  # nothing of a later deal goes out
        return record

    async def _cached(
        self,
        key: tuple[str, str, int, int],
        client: str,
        compute: Callable[[], Awaitable[tuple[int, JSON]]],
    ) -> tuple[int, JSON]:
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return 200, kept
        running = self._running.get(key)
        if running is not None:
            return await asyncio.shield(running)
        if self._computing[client] >= REVIEWS_PER_CLIENT:
            return 429, {"error": f"at most {REVIEWS_PER_CLIENT} reviews at once from one address"}
        future: asyncio.Future[tuple[int, JSON]] = asyncio.get_running_loop().create_future()
        self._running[key] = future
        self._computing[client] += 1
        try:
            answer = await compute()
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved here: waiters see it, nobody is warned of it
            raise
        else:
            future.set_result(answer)
            status, body = answer
            if status == 200:
                self._kept[key] = body
                while len(self._kept) > KEPT:
                    self._kept.popitem(last=False)
            return answer
        finally:
            del self._running[key]
            self._computing[client] -= 1
            if not self._computing[client]:
                del self._computing[client]


def _number(text: str | None, name: str) -> int | None:
    if text is None:
        return None
    if not (text.isascii() and text.isdigit() and len(text) < 7):
        raise InputError(f"{name} must be a number from 0")
    return int(text)


async def analyse(request: Request) -> Response:
    """
    summary: Double-dummy values of a record's position, or of every card of one deal.
    parameters:
      - name: deal
        in: query
        description: The deal, from 0 (default 0).
      - name: at
        in: query
        description: >
          The position after the deal's first `at` actions. Without it, every play decision
          of the deal is judged (its values, the card chosen, its cost, the better cards).
    requestBody:
      description: An atout-record/1 JSON object, or a bridge PBN file as text (at most 2 MB).
    responses:
      200:
        description: >
          With `at`: {"game", "deal", "at", "turn", "actor", "unit", "solved", "values",
          "best"} (values: each legal action's further tricks for the side to play, Court
          Circular points difference; "solved" false with a "reason" before the play, after
          it, or where the exact solver does not reach). Without: {"decisions", "costly"}.
      400:
        description: A bad deal or step.
      413:
        description: The record is too large.
      422:
        description: The engine refuses the record; the message names the deal and action.
      503:
        description: Too many analyses at once, or one overran its time bound.
    """
    try:
        deal = _number(request.query_params.get("deal"), "deal") or 0
        at = _number(request.query_params.get("at"), "at")
    except InputError as error:
        return JSONResponse({"error": str(error)}, status_code=400)
    return await run_upload(
        request, analyse_in_worker, deal, at, seconds=ANALYSE_SECONDS, what="analysis"
    )
