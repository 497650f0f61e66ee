"""One position judged double dummy: each legal action's value, or why there is none.

The review asks the existing solvers (:func:`atout.solver.solve`, DDS through
endplay and the C/Python kernels; Court Circular's exact solver) and never
searches itself. What it adds is the honest "not solved": Court Circular's
solver only reaches the last tricks of a deal, and an early position gets a
reason instead of a guess.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atout.cards import CARD_BY_NAME
from atout.core import State

__all__ = [
    "Limits",
    "NotSolvedError",
    "in_play",
    "is_play",
    "minimises",
    "position_values",
    "unit_of",
]


@dataclass(frozen=True, slots=True)
class Limits:
    """How far Court Circular's exact solver may go (the trick games' solvers have no limit).

    ``max_stock``: the solver starts when at most this many cards remain in
    the stock; ``max_nodes``: the positions one search may visit. Both keep
    a review within seconds; past them a position is "not solved".
    """

    max_stock: int = 5
    max_nodes: int = 300_000


class NotSolvedError(ValueError):
    """The position is out of the solver's reach (the message says why)."""


def unit_of(game: str) -> str:
    """What a value counts: Court Circular scores points, the others count tricks."""
    return "points" if game == "court-circular" else "tricks"


def in_play(state: State) -> bool:
    """Whether the deal is in its play, the part the double-dummy solvers value.

    Bids, trump calls and discards come before it; Court Circular's choice of
    the next Lead belongs to it.
    """
    phase = getattr(state, "phase", None)
    return str(getattr(phase, "name", phase)).lower() in ("play", "lead")


def is_play(state: State, action: str) -> bool:
    """Whether ``action`` at ``state`` is a decision of the play (a card, or a line's choice).

    Claims are not. The phase is asked, not the text alone, because a bid
    can read as a card (``6S``, ``2H``).
    """
    if not in_play(state):
        return False
    return action.split()[0] in CARD_BY_NAME or action == "concede" or action.startswith("lead ")


def minimises(state: State) -> bool:
    """A Five Hundred misère contractor wants the lowest value (1 means the misère is set)."""
    contract = getattr(state, "contract", None)
    return contract in ("misere", "open-misere") and state.turn == getattr(state, "contractor", -1)


def position_values(state: Any, limits: Limits) -> dict[str, int]:
    """Each legal action of the seat to play -> its value, as ``atout solve`` gives it.

    Raises :class:`NotSolvedError` where the solver cannot answer within ``limits``.
    """
    from atout.games.court_circular import CourtCircularState  # noqa: PLC0415
    from atout.solver import solve  # noqa: PLC0415 - loads DDS on first use
    from atout.solver.circular import SolverLimitError, solve_circular  # noqa: PLC0415

    try:
        if isinstance(state, CourtCircularState):
            values = solve_circular(state, max_stock=limits.max_stock, max_nodes=limits.max_nodes)
        else:
            values = solve(state)
    except SolverLimitError as limit:
        raise NotSolvedError(str(limit)) from None
    except ValueError as error:
        raise NotSolvedError(f"the solver has no answer here: {error}") from None
    if not values:
        raise NotSolvedError("no action to judge here")
    return values
