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
after the deal ends, never delaying play; the boards are stored with the
table (its ``extra``), so a reload or a restart keeps them, and a board a
restart missed is played when the table is next loaded.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from atout.server.logs import log_event
from atout.server.review import REVIEW_SECONDS, again_in_worker, again_seed, table_bots
from atout.sim.stats import imps

if TYPE_CHECKING:
    from atout.server.rooms import Room
    from atout.server.state import RoomState

__all__ = ["BOARDS", "duplicate_state", "schedule_boards"]

log = logging.getLogger("atout.server")

JSON = dict[str, Any]
BOARDS = "duplicate"
"""The key of the played boards in a table's extras: a list, one entry per finished deal."""
RETRIES = 20
"""Times a board waits for a busy worker (5 s apart) before it is left for the next load."""


def duplicate_state(room: RoomState) -> JSON:
    """What the page shows: whether the table is robot duplicate, its boards and totals."""
    if not room.extra.get("robot_duplicate"):
        return {"robot_duplicate": False}
    boards = sorted(room.extra.get(BOARDS, []), key=lambda b: b["deal"])
    out: JSON = {
        "robot_duplicate": True,
        "duplicate": boards,
        "duplicate_total": sum(b["difference"] for b in boards),
    }
    if room.game.id == "bridge":
        out["duplicate_imps"] = sum(b["imps"] for b in boards)
    return out


def board_entry(game: str, deal: int, body: JSON) -> JSON:
    """The stored board: both results, both scores, the difference (and, in bridge, IMPs).

    Only results and scores: the replay's tricks would show hidden cards to
    anyone watching, while the deal's own result is public anyway.
    """
    entry: JSON = {
        "deal": deal,
        "number": deal + 1,
        "mine": {"result": body["mine"]["result"], "points": body["mine"]["points"]},
        "hard": {"result": body["hard"]["result"], "points": body["hard"]["points"]},
        # For the person's side: Hard's score less theirs, so a positive figure is a
        # board Hard did better on; the sheet says it the other way round (person - Hard).
        "difference": -int(body["difference"]),
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
    done = {b["deal"] for b in room.extra.get(BOARDS, [])}
    for deal, played in enumerate(match.deals):
        key = (room.id, deal)
        if played.settlement is None or deal in done or key in room.hub.duplicating:
            continue
        room.hub.duplicating.add(key)
        room.hub.spawn(_play_board(room, deal, people[0]), f"duplicate-{room.id}-{deal}")


async def _play_board(room: Room, deal: int, seat: int) -> None:
    try:
        body = await _compute(room, deal, seat)
        if body is None:
            return
        async with room.lock:
            boards = [b for b in room.extra.get(BOARDS, []) if b["deal"] != deal]
            boards.append(board_entry(room.game.id, deal, body))
            extra = {**room.extra, BOARDS: sorted(boards, key=lambda b: b["deal"])}
            stored = await room.hub.store.save_table(room.id, extra=extra, version=room.version + 1)
            room.extra = extra
            room.adopt(stored)
            room._changed()
        log_event("table.duplicate_board", table=room.id, deal=deal, seconds=body["seconds"])
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("table %s: deal %d could not be played at the duplicate table", room.id, deal)
    finally:
        room.hub.duplicating.discard((room.id, deal))


async def _compute(room: Room, deal: int, seat: int) -> JSON | None:
    record = room.record()
    record["deals"] = record["deals"][: deal + 1]
    args = (record, deal, seat, table_bots(room), again_seed(room, deal))
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
