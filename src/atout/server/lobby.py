"""What the lobby lists, and which tables people have left for good.

A table is listed while it is in play, public and not abandoned. A *private*
table (the lobby's default when friends are invited) is reached by its invite
link only: listing it would let strangers take the seats meant for friends.
An *abandoned* table is one every person has left: its bots would go on
playing to nobody, and a newcomer found such tables listed for an hour. A
table in play is *deserted* once the last person who sat there has left: by
the Leave button, or by closing every connection and not coming back within
the table's grace. It leaves the list at once; its bots may finish the deal,
and no new one is dealt while none of its people is connected and nobody
watches, even within the grace (``pacing.people_away``); the sweep
closes it :data:`ABANDONED_SECONDS` after the last person left. A person who
comes back before then finds it where it was.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from atout.bots.registry import BOT_NAMES
from atout.server.friends import TURN_SECONDS
from atout.server.pacing import BOT_SPEEDS

if TYPE_CHECKING:
    from atout.server.rooms import Room
    from atout.server.state import RoomState

__all__ = [
    "ABANDONED_SECONDS",
    "DUPLICATE_GAMES",
    "TABLE_SETTINGS",
    "abandoned_for",
    "closed_state",
    "deserted",
    "duplicate_refusal",
    "is_listed",
    "table_settings",
]

ABANDONED_SECONDS: Final = 600.0
"""Seconds a table may stay with none of its people connected before it is closed."""

TABLE_SETTINGS: Final = (
    "private",
    "pause_deals",
    "bot_speed",
    "turn_seconds",
    "no_hints",
    "bots_declare",
    "robot_duplicate",
    "fill_bot",
)
"""The table's settings kept with its extras (never part of the game record)."""


DUPLICATE_GAMES: Final = ("bridge", "court-piece", "five-hundred")
"""The games a robot duplicate table may be: their deals score per side."""


def duplicate_refusal(game: str, rules: Any, kinds: Sequence[str]) -> str | None:
    """Why a table of ``game`` with seats of ``kinds`` cannot be robot duplicate, or ``None``.

    Robot duplicate (:mod:`atout.server.duplicate`): each deal is also played by Hard in the
    person's seat, so there must be one person, against bots; bridge in duplicate scoring.
    """
    if game not in DUPLICATE_GAMES:
        return "robot duplicate is for bridge, Court Piece and Five Hundred"
    if game == "bridge" and getattr(rules, "scoring", None) != "duplicate":
        return "robot duplicate bridge needs duplicate scoring (scoring=duplicate)"
    if sum(k == "human" for k in kinds) != 1:
        return "robot duplicate is for one person against bots"
    return None


def abandoned_for(room: Room, now: float | None = None) -> float:
    """Seconds since the last person seated at ``room`` left (0 while one is connected).

    Spectators do not count: a table only watched has no player to wait for.
    A table nobody has sat at yet counts from when nobody was connected to it.
    """
    now = time.monotonic() if now is None else now
    people = [s for s in room.seats if s.kind == "human" and s.token_hash is not None]
    if any(room.connected(s.number) for s in people):
        return 0.0
    if not people:
        return room.idle_for(now)
    left = max(max(s.away_since, room.presence.lapsed(s.number)) for s in people)
    return max(0.0, now - left)


def deserted(room: RoomState, now: float | None = None) -> bool:
    """Whether every person who sat at ``room``, in play, has left it.

    Left: gave the seat up (the Leave button), or away past the table's grace
    (a reload or a dropped connection within it is not leaving). Spectators do
    not count. A table that has not started, or that never had a person's
    seat, is not deserted.
    """
    if room.status != "playing" or not any(s.kind == "human" for s in room.seats):
        return False
    people = [s for s in room.seats if s.kind == "human" and s.token_hash is not None]
    if not people:
        return True  # everyone who sat (one did, to start it) gave their seat up
    if any(room.connected(s.number) for s in people):
        return False
    now = time.monotonic() if now is None else now
    left = max(max(s.away_since, room.presence.lapsed(s.number)) for s in people)
    return now - left >= room.grace


def closed_state(room: RoomState) -> dict[str, Any]:
    """What an expired table's page says: after how many minutes without players it closed.

    Why: the newcomer came back to a frozen result and no word of what had
    happened. A table with people's seats closes :data:`ABANDONED_SECONDS`
    after they left (or the server's ``table_ttl``, if shorter); one without,
    after ``table_ttl`` (``Hub.expire_idle``).
    """
    if room.status != "expired":
        return {}
    seconds = room.hub.settings.table_ttl
    if any(s.kind == "human" for s in room.seats):
        seconds = min(seconds, ABANDONED_SECONDS)
    return {"closed_after_minutes": max(1, round(seconds / 60))}


def is_listed(room: Room, now: float | None = None) -> bool:
    """Whether the lobby lists ``room``: public and still wanted by someone."""
    if room.extra.get("private") or deserted(room, now):
        return False
    return abandoned_for(room, now) < ABANDONED_SECONDS


def table_settings(body: dict[str, Any]) -> dict[str, Any]:
    """The table settings a creation body asks for, checked; a ``ValueError`` says what is wrong.

    ``private`` (true or false): reached by its invite link only, never listed.
    ``pause_deals`` (true or false): after each deal the result stays until the
    people ask for the next one (:mod:`atout.server.pacing`). ``bot_speed``:
    ``slow``, ``normal`` or ``fast``. Among friends (:mod:`atout.server.friends`):
    ``turn_seconds`` (a whole number of seconds, or null for no timer) and
    ``hints`` (true or false). At bridge, ``play_side_contracts`` (true or false,
    true by default): a person plays the contracts their bot partner wins
    (:mod:`atout.server.declaring`); false keeps ``bots_declare``.
    ``fill_bot`` (a bot level): the bot that plays the seats nobody holds
    (free, or given up) at the table's pace (the lobby's Bots setting).
    ``robot_duplicate`` (true or false): each deal is
    also played by Hard in the person's seat and the score sheet compares
    (:func:`duplicate_refusal` says where it may not be).
    """
    out: dict[str, Any] = {}
    for flag in ("private", "pause_deals", "robot_duplicate"):
        value = body.get(flag, False)
        if type(value) is not bool:
            raise ValueError(f"{flag} must be true or false")
        if value:
            out[flag] = True
    speed = body.get("bot_speed", "normal")
    if not isinstance(speed, str) or speed not in BOT_SPEEDS:
        raise ValueError("bot_speed must be " + ", ".join(repr(s) for s in BOT_SPEEDS))
    if speed != "normal":
        out["bot_speed"] = speed
    turn = body.get("turn_seconds")
    low, high = TURN_SECONDS
    if turn is not None:
        if type(turn) is not int or not low <= turn <= high:
            raise ValueError(f"turn_seconds must be a whole number from {low} to {high}, or null")
        out["turn_seconds"] = turn
    hints = body.get("hints", True)
    if type(hints) is not bool:
        raise ValueError("hints must be true or false")
    if not hints:
        out["no_hints"] = True
    fill = body.get("fill_bot")
    if fill is not None:
        if not isinstance(fill, str) or fill not in BOT_NAMES:
            raise ValueError("fill_bot must be " + ", ".join(repr(b) for b in BOT_NAMES))
        out["fill_bot"] = fill
    declare = body.get("play_side_contracts", True)
    if type(declare) is not bool:
        raise ValueError("play_side_contracts must be true or false")
    if not declare:
        out["bots_declare"] = True
    return out
