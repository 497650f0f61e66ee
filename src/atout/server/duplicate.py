"""Robot duplicate: each finished deal of a table also played by Hard in the person's seat.

At a table of one person against bots with the ``robot_duplicate`` setting
(bridge in duplicate scoring, Court Piece, Five Hundred), each deal, once it
is over, is dealt again at a hidden second table: the same cards, Hard in the
person's seat, the same bots elsewhere (:func:`atout.analysis.again.play_again`,
with the seed "play it again" uses, so both give the same replay). The score
sheet then shows, per deal, the person's result and Hard's, the difference in
the person's side's score (a side's points less the other's) and, in bridge,
the IMPs it is worth; and their totals.

Why off the loop and lazily: Hard's play of a deal takes a second or more of
CPU, so it runs in the analysis worker (:class:`atout.server.replay.ReplayWorkers`)
after the deal ends, never delaying play. Only Hard's line is stored, in
the ``boards`` table (:mod:`atout.server.boards`: each board is played once
over all processes, and storing it leaves the table's version, which the
bots watch, alone); the person's result is read from the record whenever the
sheet is shown. A reload or a restart keeps the boards, and a board a
restart missed is played when the table is next loaded.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from atout.analysis.again import net
from atout.server.boards import drop_board, load_boards, store_board, take_board
from atout.server.declaring import seat_bots
from atout.server.logs import log_event
from atout.server.review import REVIEW_SECONDS, again_in_worker, again_seed, table_bots
from atout.sim.stats import imps

if TYPE_CHECKING:
    from atout.core import PlayedDeal
    from atout.server.rooms import Room
    from atout.server.state import RoomState
    from atout.server.storage import BoardRow

__all__ = ["BOARDS", "board_rows", "duplicate_state", "refresh_boards", "schedule_boards"]

log = logging.getLogger("atout.server")

JSON = dict[str, Any]
BOARDS = "duplicate"
"""Where tables kept their boards before the ``boards`` table (a list in their extras): read
still, never written (:mod:`atout.server.boards` says why)."""
RETRIES = 20
"""Times a board waits for a busy worker (5 s apart) before it is left for the next load."""


def board_rows(rows: Iterable[BoardRow]) -> dict[int, JSON]:
    """The boards as a room keeps them: deal -> ``{"seat", "hard"}`` (played boards only)."""
    return {row.deal: {"seat": row.seat, "hard": row.hard} for row in rows if row.hard is not None}


def duplicate_state(room: RoomState) -> JSON:
    """What the page shows: whether the table is robot duplicate, its boards and totals.

    Only Hard's line is stored; the person's result and the difference are
    worked out here, from the record as it stands now, so a deal whose score
    changed after the board was played (a Court Piece revoke claimed in the
    window after the last card) shows its new score. A deal the record no
    longer holds finished (an undo took its end back) shows no board.
    """
    if not room.extra.get("robot_duplicate"):
        return {"robot_duplicate": False}
    boards = [
        entry
        for deal, board in sorted(_played(room).items())
        if (entry := _entry(room, deal, board["seat"], board["hard"])) is not None
    ]
    out: JSON = {
        "robot_duplicate": True,
        "duplicate": boards,
        "duplicate_total": sum(b["difference"] for b in boards),
    }
    if room.game.id == "bridge":
        out["duplicate_imps"] = sum(b["imps"] for b in boards)
    return out


def _played(room: RoomState) -> dict[int, JSON]:
    """Each board's seat and Hard's line: the rows, and boards stored in ``extra`` before them."""
    people = [s.number for s in room.seats if s.kind == "human"]
    legacy = {
        b["deal"]: {"seat": people[0], "hard": b["hard"]}
        for b in room.extra.get(BOARDS, [])
        if people
    }
    return {**legacy, **room.boards}


def _entry(room: RoomState, deal: int, seat: int, hard: JSON) -> JSON | None:
    """One board of the sheet, kept while the deal and Hard's line are the same objects.

    Why kept: the sheet is part of every frame, and a bridge deal's result takes
    25 us to word, so 16 boards cost 0.4 ms an action; a finished deal's
    :class:`PlayedDeal` is shared by every later match until something (a revoke
    claim, a reload) replaces it, which makes the entry be worked out again.
    """
    match = room.match
    if match is None or deal >= len(match.deals):
        return None
    played = match.deals[deal]
    kept = room.board_entries.get(deal)
    if kept is not None and kept[0] is played and kept[1] is hard:
        return kept[2]
    entry = _worked_out(room.game.id, room.game.sides, deal, played, seat, hard)
    room.board_entries[deal] = (played, hard, entry)
    return entry


def _worked_out(
    game: str, sides: int, deal: int, played: PlayedDeal, seat: int, hard: JSON
) -> JSON | None:
    """Both results, both scores, the difference (bridge: IMPs); ``None`` for a deal in play.

    Only results and scores: the replay's tricks would show hidden cards to
    anyone watching, while the deal's own result is public anyway.
    """
    if played.settlement is None:
        return None
    side = seat % sides
    mine = list(played.settlement.points)
    entry: JSON = {
        "deal": deal,
        "number": deal + 1,
        "mine": {"result": played.state.result(), "points": mine},
        "hard": {"result": hard["result"], "points": hard["points"]},
        # For the person's side: their score less Hard's (positive: a board they did better).
        "difference": net(mine, side) - net(hard["points"], side),
    }
    if game == "bridge":
        entry["imps"] = imps(entry["difference"])
    return entry


def schedule_boards(room: Room) -> None:
    """Start the hidden table's play of every finished deal it has not played yet."""
    match = room.match
    if match is None or not room.extra.get("robot_duplicate"):
        return
    people = [s.number for s in room.seats if s.kind == "human"]
    if len(people) != 1:
        return
    done = set(_played(room))
    for deal, played in enumerate(match.deals):
        key = (room.id, deal)
        if played.settlement is None or deal in done or key in room.hub.duplicating:
            continue
        room.hub.duplicating.add(key)
        room.hub.spawn(_play_board(room, deal, people[0]), f"duplicate-{room.id}-{deal}")


async def refresh_boards(room: Room) -> None:
    """Another process stored a board of ``room``: read the boards again and show them."""
    room.boards = board_rows(await load_boards(room.hub.store, room.id))
    room.broadcast()


async def _play_board(room: Room, deal: int, seat: int) -> None:
    store, holder = room.hub.store, room.hub.cluster.name
    taken = False
    try:
        taken = await take_board(store, room.id, deal, seat, holder)
        if not taken:
            # Played already, or being played by another process, which tells us when done.
            return
        body = await _compute(room, deal, seat)
        if body is None:
            return
        hard = {"result": body["hard"]["result"], "points": body["hard"]["points"]}
        await store_board(store, room.id, deal, hard)
        taken = False
        room.boards = {**room.boards, deal: {"seat": seat, "hard": hard}}
        # Shown to the people here without a new version: nothing a bot reads has changed.
        room.broadcast()
        room.hub.cluster.boards_changed(room)
        log_event("table.duplicate_board", table=room.id, deal=deal, seconds=body["seconds"])
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("table %s: deal %d could not be played at the duplicate table", room.id, deal)
    finally:
        if taken:  # taken but not played: give it back, so the next load plays it
            with contextlib.suppress(Exception):
                await drop_board(store, room.id, deal, holder)
        room.hub.duplicating.discard((room.id, deal))


async def _compute(room: Room, deal: int, seat: int) -> JSON | None:
    record = room.record()
    record["deals"] = record["deals"][: deal + 1]
    partner_contracts = seat_bots(room) is not None  # Hard plays them, as the person did
    args = (record, deal, seat, table_bots(room), again_seed(room, deal), partner_contracts)
    workers = room.hub.workers
    for _ in range(RETRIES):
        if workers is None:  # a hub without the app's worker (tests of the rooms alone)
            status, body = await asyncio.to_thread(again_in_worker, *args)
        else:
            status, body = await workers.call(
                again_in_worker, *args, seconds=REVIEW_SECONDS, what="duplicate board"
            )
        if status == 200:
            return body
        if status != 503:
            log.warning("table %s: duplicate deal %d refused: %s", room.id, deal, body)
            return None
        await asyncio.sleep(5.0)
    return None
