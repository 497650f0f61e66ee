"""The table's pace: how fast its bots play, and the pause between deals.

A deal's result went by in 2.5 seconds: people who wanted to read it (or
talk it over) could not. At a table with ``pause_deals`` the result stays
until every person connected there presses *Next deal*; at a table of
several people one slow reader does not hold the others for ever: after
:data:`NEXT_DEAL_SECONDS` the next deal comes anyway. Alone against bots,
a person takes all the time they like.

A table whose people are all away (the socket closed, with or without
*Leave table*) deals no new deal until one of them is back, whatever its
pause setting (unless spectators watch it): the newcomer who went back to
the lobby found the stand-in had played their next deals as "You" (and the
robot duplicate boards of them), then the table expired on a frozen result.

``bot_speed`` (``slow``, ``normal``, ``fast``) scales the bots' delay; any
person seated at the table may change it, as at a real table one asks the
others to play faster.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from atout.server.errors import RoomError

if TYPE_CHECKING:
    from atout.core import Match
    from atout.server.state import RoomState as Room

__all__ = [
    "BOT_SPEEDS",
    "NEXT_DEAL_SECONDS",
    "DealPause",
    "bot_delay_factor",
    "deal_hold",
    "pause_state",
    "people_away",
    "press_next",
    "set_bot_speed",
]

BOT_SPEEDS: Final = {"slow": 2.0, "normal": 1.0, "fast": 0.35}
"""Each bot speed and its factor on the server's bot delay."""

NEXT_DEAL_SECONDS: Final = 90.0
"""At a table of several people, how long the result waits for everyone's *Next deal*."""


@dataclass(slots=True)
class DealPause:
    """Who has asked for the next deal since the last one ended (kept in memory only)."""

    deals: int = -1
    """The number of deals played when the pause began (-1: no pause yet)."""
    since: float = 0.0
    ready: set[int] = field(default_factory=set)

    def begin(self, deals: int, now: float) -> None:
        """A new pause (after deal ``deals``); the same pause again changes nothing."""
        if deals != self.deals:
            self.deals, self.since, self.ready = deals, now, set()


def bot_delay_factor(room: Room) -> float:
    """The factor of the table's bot speed on the bots' delay."""
    return BOT_SPEEDS.get(str(room.extra.get("bot_speed", "normal")), 1.0)


def _people(room: Room) -> list[int]:
    """The seats held by people (a bot standing in for one counts as the person)."""
    return [s.number for s in room.seats if s.kind == "human" and s.token_hash is not None]


def people_away(room: Room) -> bool:
    """Whether the table has seats for people, none of them connected, and nobody watching.

    A table of bots only never is; a person who gave their seat up (or never
    sat) is away. A table its people left that spectators still watch plays on
    for them, as before (``lobby.deserted`` unlists it all the same).
    """
    if room.connections or not any(s.kind == "human" for s in room.seats):
        return False
    return not any(room.connected(s) for s in _people(room))


def deal_hold(room: Room, match: Match, now: float | None = None) -> float | None:
    """Seconds the next deal still waits for people (0: deal it; ``None``: until woken).

    No deal while every person is away (:func:`people_away`); otherwise a
    wait only at a table with ``pause_deals``, where people not connected
    are not waited for (their stand-in bot is ready at once).
    """
    if match.is_over():
        return 0.0
    if people_away(room):
        return None
    if not room.extra.get("pause_deals"):
        return 0.0
    now = time.monotonic() if now is None else now
    pause = room.deal_pause
    pause.begin(len(match.deals), now)
    waiting = [s for s in _people(room) if room.connected(s) and s not in pause.ready]
    if not waiting:
        return 0.0
    if len(_people(room)) < 2:
        return None
    return max(0.0, pause.since + NEXT_DEAL_SECONDS - now)


def press_next(room: Room, seat: int) -> None:
    """``seat`` has read the result and asks for the next deal; refused if there is none due."""

    match = room.match
    if match is None or room.status != "playing" or not match.needs_deal():
        raise RoomError("no deal to wait for: the next deal is already here")
    room.deal_pause.begin(len(match.deals), time.monotonic())
    room.deal_pause.ready.add(seat)
    room.wake.set()
    room.broadcast()


def pause_state(room: Room) -> dict[str, object]:
    """What the page shows of the pause: the table's settings and who is ready."""
    match = room.match
    between = match is not None and room.status == "playing" and match.needs_deal()
    # Only this pause's: the last one's Next deal (its ``deals`` one fewer) said "waiting for
    # the others" at the end of every second deal, with no button, until the page was reloaded.
    current = match is not None and room.deal_pause.deals == len(match.deals)
    return {
        "pause_deals": bool(room.extra.get("pause_deals")),
        "bot_speed": str(room.extra.get("bot_speed", "normal")),
        "ready": sorted(room.deal_pause.ready) if between and current else [],
    }


async def set_bot_speed(room: Room, seat: int, speed: object) -> None:
    """A person at the table sets its bot speed (stored with the table, told to everyone)."""

    if not isinstance(speed, str) or speed not in BOT_SPEEDS:
        raise RoomError("speed must be " + ", ".join(repr(s) for s in BOT_SPEEDS))
    if room.seats[seat].kind != "human":
        raise RoomError("only a person at the table may set its bot speed")
    async with room.lock:
        if room.extra.get("bot_speed", "normal") == speed:
            return  # nothing changes: no write, no frame to everyone (a repeated click, a flood)
        extra = {k: v for k, v in room.extra.items() if k != "bot_speed"}
        if speed != "normal":
            extra["bot_speed"] = speed
        stored = await room.hub.store.save_table(room.id, extra=extra, version=room.version + 1)
        room.extra = extra
        room.adopt(stored)
        room._changed()
