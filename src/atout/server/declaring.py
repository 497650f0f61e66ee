"""At bridge against bots, the person plays their side's contracts (as at BBO's robot tables).

Who decides for a seat is :mod:`atout.declaring`'s (the terminal, undo and
the review ask it too); this module adds what only a table knows. A table
setting, on by default: ``"play_side_contracts": false`` at creation (kept as
``bots_declare`` in the table's extras) leaves the bot to declare. Only a
seated person plays (a seat nobody holds does not). Between two people who
are partners nothing changes (declarer is a person). While the person is
away past the table's grace, the bot plays its contract (``driver.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from atout import declaring

if TYPE_CHECKING:
    from atout.core import Match
    from atout.server.state import RoomState as Room

__all__ = ["SETTING", "decider", "deciders", "plays_for", "seat_bots", "shown_to"]

JSON = dict[str, Any]

SETTING: Final = "bots_declare"
"""The table's extra when it is off: a bot partner declares its own contracts."""


def seat_bots(room: Room) -> tuple[bool, ...] | None:
    """Which seats a bot plays, for :mod:`atout.declaring`; ``None`` where nobody plays
    a bot's contract (the setting off, or not bridge)."""
    if room.extra.get(SETTING) or room.game.id != "bridge":
        return None
    return tuple(chair.kind == "bot" for chair in room.seats)


def plays_for(room: Room, seat: int, match: Match | None = None) -> int | None:
    """The bot declarer whose contract the person at ``seat`` plays now, else ``None``."""
    bots = seat_bots(room)
    if bots is None or room.seats[seat].token_hash is None:
        return None
    return declaring.plays_for(room.view(None, match), seat, bots)


def decider(room: Room, actor: int) -> int | None:
    """The seat of the person who decides for ``actor`` (a bot declarer), else ``None``."""
    bots = seat_bots(room)
    if bots is None or not bots[actor]:
        return None
    person = declaring.person_for(room.view(None), actor, bots)
    return person if person is not None and room.seats[person].token_hash is not None else None


def deciders(room: Room, match: Match) -> tuple[int, ...]:
    """Who decided each action of ``match``'s current deal at this table (undo asks)."""
    bots = seat_bots(room)
    if bots is None:
        return match.deciders()
    # A person chose cards for a bot declarer only in a deal where one plays its contract now
    # (a contract's play does not hand back): else spare the replay (the frame asks each move).
    public = match.view(None)
    if all(declaring.plays_for(public, s, bots) is None for s in range(len(bots))):
        return match.deciders()
    return declaring.deciders(match, bots)


def shown_to(room: Room, seat: int) -> Callable[[Match], JSON] | None:
    """What the person at ``seat`` is shown of any position of the table's game (undo's
    check of the cards seen since asks it): with a bot partner's hand while they play it;
    ``None`` where that is the seat's own view (the check then replays states, faster)."""
    bots = seat_bots(room)
    if bots is None or room.seats[seat].token_hash is None:
        return None
    return lambda match: declaring.person_view(match, seat, bots)
