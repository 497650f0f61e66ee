"""Claims that cannot be used as an oracle.

A rejected bridge claim tells declarer something (the defenders would not
concede: one of them holds a trick declarer did not count); claimed again and
again within one trick, with a different number each time, it would read the
defenders' hands. So a declarer whose claim was rejected may claim again only
once another trick has been played: one claim per trick.

A refused Court Piece ``claim revoke`` says only that no revoke is proven, in
the same words whatever the reason, never which seat played what.
"""

from __future__ import annotations

from atout.core import Match

__all__ = ["REVOKE_NOT_PROVEN", "claim_refusal", "is_revoke_claim"]

REVOKE_NOT_PROVEN = "no revoke is proven: the deal goes on"


def is_revoke_claim(action: str) -> bool:
    """``claim revoke`` (any case and spacing)."""
    return action.lower().split() == ["claim", "revoke"]


def claim_refusal(match: Match, action: str) -> str | None:
    """Why a bridge ``claim N`` may not be made now (``None``: it may)."""
    words = action.lower().split()
    if match.game.id != "bridge" or not words or words[0] != "claim":
        return None
    actions = match.current.actions
    rejected = [i for i, (_, act) in enumerate(actions) if act.lower() == "reject"]
    if not rejected:
        return None
    if _tricks_after(match, len(actions)) > _tricks_after(match, rejected[-1] + 1):
        return None
    return "your last claim was rejected: claim again once another trick has been played"


def _tricks_after(match: Match, count: int) -> int:
    """Tricks completed in the current deal after its first ``count`` actions."""
    played = match.current
    step = Match(match.game, match.rules, match.deals[:-1], match.players, match.extra)
    step = step.start_deal(played.layout)
    for actor, action in played.actions[:count]:
        step = step.apply(action, actor)
    won = getattr(step.state, "tricks_won", (0, 0))
    return int(sum(won))
