"""Court Piece in honour mode: claim a revoke that the public play proves.

Every card played was seen by all, so the play itself (the view's
``played``, closed tricks in order, and the trick on the table) can prove a
renege: a player showed out of a suit, then later played a card of it. A bot
claims such a revoke on its turn (seed 003: a renege found later ends the
deal and gives a court to the other side); it never claims on suspicion.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["proven_revoke"]


def proven_revoke(view: Mapping[str, Any]) -> bool:
    """Whether the play proves a renege by the other side in a trick a claim may name."""
    if "claim revoke" not in (view.get("out_of_turn") or ()) or view.get("seat") is None:
        return False
    me = int(view["seat"])
    played: Sequence[Sequence[Any]] = view.get("played") or []
    tricks = [played[i : i + 4] for i in range(0, len(played) - len(played) % 4, 4)]
    current = view.get("trick") or {}
    leader = int(current.get("leader") or 0)
    table = [[(leader + i) % 4, c] for i, c in enumerate(current.get("cards") or [])]
    # The trick just completed is gathered only at the next lead: not yet claimable.
    claimable = len(tricks) - (1 if not table and view.get("phase") == "play" else 0)
    later = [(k, int(seat), str(card)) for k, t in enumerate(tricks) for seat, card in t]
    later += [(len(tricks), int(seat), str(card)) for seat, card in table]
    for k, trick in enumerate(tricks[:claimable]):
        led = str(trick[0][1])[-1]
        for seat, card in trick[1:]:
            seat = int(seat)
            if seat % 2 == me % 2 or str(card)[-1] == led:
                continue
            if any(j > k and s == seat and c[-1] == led for j, s, c in later):
                return True
    return False
