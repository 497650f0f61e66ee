"""Court Piece in honour mode: claim a revoke that the public play proves.

Every card played was seen by all, so the play itself (the view's
``played``, closed tricks in order, and the trick on the table) can prove a
renege: a player showed out of a suit, then later played a card of it. A bot
claims such a revoke on its turn (seed 003: a renege found later ends the
deal and gives a court to the other side); it never claims on suspicion.
"""

from __future__ import annotations

from typing import Any

from atout.bots.levels import typed
from atout.games.court_piece_view import CourtPieceView, Phase

__all__ = ["proven_revoke"]


def proven_revoke(view: CourtPieceView | Any) -> bool:
    """Whether the play proves a renege by the other side in a trick a claim may name.

    ``view``: what a bot is handed, or Court Piece's typed view (another game's view
    proves nothing)."""
    view = typed(view)
    if not isinstance(view, CourtPieceView):
        return False
    if "claim revoke" not in (view.out_of_turn or ()) or view.seat is None:
        return False
    me = view.seat
    played = view.played or ()
    tricks = [played[i : i + 4] for i in range(0, len(played) - len(played) % 4, 4)]
    leader = view.trick_leader
    table = [((leader + i) % 4, c) for i, c in enumerate(view.trick)]
    # The trick just completed is gathered only at the next lead: not yet claimable.
    claimable = len(tricks) - (1 if not table and view.phase is Phase.PLAY else 0)
    later = [(k, seat, card // 13) for k, t in enumerate(tricks) for seat, card in t]
    later += [(len(tricks), seat, card // 13) for seat, card in table]
    for k, trick in enumerate(tricks[:claimable]):
        led = trick[0][1] // 13
        for seat, card in trick[1:]:
            if seat % 2 == me % 2 or card // 13 == led:
                continue
            if any(j > k and s == seat and suit == led for j, s, suit in later):
                return True
    return False
