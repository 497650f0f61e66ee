"""One position of a record judged: each legal action's double-dummy value (the DD switch)."""

from __future__ import annotations

from typing import Any

from atout.analysis.judge import (
    Limits,
    NotSolvedError,
    in_play,
    minimises,
    position_values,
    unit_of,
)
from atout.core import Match

__all__ = ["position_report"]

JSON = dict[str, Any]


def position_report(match: Match, deal: int, at: int, limits: Limits | None = None) -> JSON:
    """Deal ``deal`` after its first ``at`` actions: whose decision, and each legal action's value.

    ``solved`` is false, with a ``reason``, before the play (bids are not
    solved), once the deal is over, and where the solver does not reach.
    Raises ``ValueError`` for a deal or step the record does not have.
    """
    from atout.solver.analysis import state_after  # noqa: PLC0415 - loads the solver

    state, _ = state_after(match, at, deal)
    out: JSON = {
        "game": match.game.id,
        "deal": deal,
        "at": at,
        "turn": state.turn,
        "actor": getattr(state, "actor", state.turn),
        "unit": unit_of(match.game.id),
    }
    if state.turn is None:
        return {**out, "solved": False, "reason": "the deal is over"}
    if not in_play(state):
        return {**out, "solved": False, "reason": "the play has not begun: bids are not solved"}
    try:
        values = position_values(state, limits or Limits())
    except NotSolvedError as why:
        return {**out, "solved": False, "reason": str(why)}
    best = (min if minimises(state) else max)(values.values())
    return {**out, "solved": True, "values": values, "best": best}
