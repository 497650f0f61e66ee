"""Court Circular's exact values by brute force over the rules engine, to check the solver."""

from __future__ import annotations

from typing import Any

__all__ = ["brute_force"]


def _exact(state: Any, memo: dict[tuple[Any, ...], int]) -> int:
    """The mover's further points difference by brute force over rules states."""
    if state.is_over():
        return 0
    key = (
        *(state.hand(s) for s in (0, 1)),
        *(state.table(s) for s in (0, 1)),
        state.lead,
        len(state.stock),
        state.leader,
        state.turn,
        state.phase,
    )
    if key not in memo:
        memo[key] = max(brute_force(state, memo).values())
    return memo[key]


def brute_force(state: Any, memo: dict[tuple[Any, ...], int]) -> dict[str, int]:
    """Each legal action's further points difference for the mover, by brute force.

    ``memo`` maps rules positions to the mover's value; share it between calls
    on positions of the same deal.
    """
    seat = state.turn
    before = state.pile_points()
    out = {}
    for action in state.legal_actions():
        after = state.apply(action)
        now = after.pile_points()
        gained = (now[seat] - before[seat]) - (now[1 - seat] - before[1 - seat])
        rest = _exact(after, memo)
        out[action] = gained + (rest if after.turn in (seat, None) else -rest)
    return out
