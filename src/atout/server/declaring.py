"""At bridge against bots, the person plays their side's contracts (as at BBO's robot tables).

When a person's bot partner wins the auction, the rules make the person
dummy, who only watches. People at a robot table expect to play the hand,
so the table hands the bot declarer's decisions to the person: once dummy is
faced (after the opening lead), the person's view shows declarer's hand and
declarer's legal actions, and the person chooses declarer's cards and
dummy's, and may claim. The game is unchanged: the engine still has the bot's
seat as declarer and the record names declarer's (or dummy's) seat for each
card, as the rules say; only who decides for that seat changes. The bots see
what they saw before (the opponents learn nothing new), and the person sees
declarer's hand only from the moment they are to play it.

A table setting, on by default: ``"play_side_contracts": false`` at creation
(kept as ``bots_declare`` in the table's extras) leaves the bot to declare.
Between two people who are partners nothing changes (declarer is a person).
While the person is away past the table's grace, the bot plays its contract.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from atout.core import Match
    from atout.server.state import RoomState as Room

__all__ = ["SETTING", "decider", "plays_for", "with_declarers_hand"]

JSON = dict[str, Any]

SETTING: Final = "bots_declare"
"""The table's extra when it is off: a bot partner declares its own contracts."""

_PLAY: Final = ("play", "claim")


def plays_for(room: Room, seat: int, match: Match | None = None) -> int | None:
    """The bot declarer whose contract the person at ``seat`` plays now, else ``None``.

    Only once dummy is faced: before the opening lead declarer has nothing to
    decide, and the person must not see their partner's hand early.
    """
    if room.extra.get(SETTING) or room.game.id != "bridge":
        return None
    chair = room.seats[seat]
    if chair.kind != "human" or chair.token_hash is None:
        return None
    public = room.view(None, match)
    declarer = public.get("declarer")
    if not isinstance(declarer, int) or public.get("dummy_seat") != seat:
        return None
    if public.get("phase") not in _PLAY or public.get("dummy") is None:
        return None
    return declarer if room.seats[declarer].kind == "bot" else None


def decider(room: Room, actor: int) -> int | None:
    """The seat of the person who decides for ``actor`` (a bot declarer), else ``None``."""
    if room.seats[actor].kind != "bot" or room.game.id != "bridge":
        return None
    for seat in range(len(room.seats)):
        if seat != actor and plays_for(room, seat) == actor:
            return seat
    return None


def with_declarers_hand(view: JSON, declarers: JSON) -> JSON:
    """The person's view (dummy's seat) with what they need to play declarer's side.

    ``plays_for`` gives declarer's seat and hand; ``legal`` and ``can_claim``
    are declarer's, whose choices (its own cards, dummy's, a claim) the
    person makes. Everything else stays the engine's view of the person's seat.
    """
    return {
        **view,
        "legal": list(declarers.get("legal") or []),
        "can_claim": bool(declarers.get("can_claim")),
        "plays_for": {"seat": declarers.get("seat"), "hand": list(declarers.get("hand") or [])},
    }
