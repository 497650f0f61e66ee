"""Analysis of played deals: the double-dummy review of a finished deal for one seat.

:func:`review_deal` judges each card a seat chose against the values the
solvers (:mod:`atout.solver`) give every legal card there, and sums up the
deal: the side's DD result at the start, the contract's makeability, bridge
par and DD table. The web table (``GET /api/tables/{id}/deals/{k}/review``)
and ``atout solve RECORD --review SEAT`` answer with the same object;
:func:`format_review` writes it for people.
"""

from __future__ import annotations

from atout.analysis.judge import Limits, NotSolvedError, position_values
from atout.analysis.review import ReviewError, review_deal
from atout.analysis.text import format_review, read_seat

__all__ = [
    "Limits",
    "NotSolvedError",
    "ReviewError",
    "format_review",
    "position_values",
    "read_seat",
    "review_deal",
]
