"""Tables of several people: the bot standing in for one away, a turn timer, hints off.

Against bots a person takes all the time they like and may ask for hints;
among friends one slow player holds up three others, and a hint is help the
others did not get. So a table may set ``turn_seconds`` (a bot plays the
move of a person who lets the time run out) and ``hints: false``; both
apply only while two or more people hold seats, so a table whose friends
did not come plays like any table against bots.
"""

from __future__ import annotations

import time
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from atout.server.errors import RoomError

if TYPE_CHECKING:
    from atout.server.state import RoomState as Room

__all__ = [
    "TURN_SECONDS",
    "friends_state",
    "people",
    "require_hints",
    "stands_in",
    "turn_left",
]

TURN_SECONDS: Final = (10, 600)
"""The range of a turn timer, in seconds."""


@dataclass(slots=True)
class _TurnClock:
    key: tuple[int, int] = (-1, -1)
    """The table's version and the seat whose turn began then."""
    since: float = 0.0


_clocks: weakref.WeakKeyDictionary[Room, _TurnClock] = weakref.WeakKeyDictionary()


def people(room: Room) -> list[int]:
    """The seats people hold (a bot standing in for one still counts as the person's)."""
    return [s.number for s in room.seats if s.kind == "human" and s.token_hash is not None]


def _among_friends(room: Room) -> bool:
    return len(people(room)) >= 2


def turn_left(room: Room, seat: int, now: float | None = None) -> float | None:
    """Seconds left to ``seat``'s person before a bot plays their move (``None``: no timer)."""
    limit = room.extra.get("turn_seconds")
    if not limit or not _among_friends(room) or room.seats[seat].kind != "human":
        return None
    now = time.monotonic() if now is None else now
    clock = _clocks.setdefault(room, _TurnClock())
    # Keyed on the move, not the table's version: a setting changed (the bot speed, say) bumps
    # the version, and would restart the clock of a player who stalls by changing it.
    if clock.key != (room.next_seq, seat):
        clock.key, clock.since = (room.next_seq, seat), now
    return float(clock.since + limit - now)


def stands_in(room: Room, seat: int, now: float | None = None) -> bool:
    """Whether a bot plays for ``seat``'s person now: they are away past the table's grace."""
    chair = room.seats[seat]
    if room.status != "playing" or chair.kind != "human" or chair.token_hash is None:
        return False
    if room.connected(seat):
        return False
    now = time.monotonic() if now is None else now
    away = max(chair.away_since, room.presence.lapsed(seat))
    return bool(away + room.grace <= now)


def require_hints(room: Room) -> None:
    """Refuse a hint at a table of people that turned hints off."""

    if room.extra.get("no_hints") and _among_friends(room):
        raise RoomError("hints are off at this table")


def friends_state(room: Room) -> dict[str, Any]:
    """What the page shows: the turn timer (seconds, or ``None``) and whether hints are on."""
    friends = _among_friends(room)
    return {
        "turn_seconds": room.extra.get("turn_seconds") if friends else None,
        "hints": not (room.extra.get("no_hints") and friends),
    }
