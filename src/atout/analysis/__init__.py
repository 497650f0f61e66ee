"""Analysis of played deals: the double-dummy review of a finished deal for one seat.

:func:`review_deal` judges each card a seat chose against the values the
solvers (:mod:`atout.solver`) give every legal card there, and sums up the
deal: the side's DD result at the start, the contract's makeability, bridge
par and DD table. The web table (``GET /api/tables/{id}/deals/{k}/review``)
and ``atout solve RECORD --review SEAT`` answer with the same object;
:func:`format_review` writes it for people. :func:`judge_deal` judges every
seat's play of a record's deal and :func:`position_report` one position (the
replay page's DD switch, ``POST /api/analyse``).
"""

from __future__ import annotations

from atout.analysis.judge import Limits, NotSolvedError, position_values
from atout.analysis.position import position_report
from atout.analysis.review import ReviewError, judge_deal, review_deal
from atout.analysis.text import format_review, read_seat

__all__ = [
    "Limits",
    "NotSolvedError",
    "ReviewError",
    "format_review",
    "judge_deal",
    "position_report",
    "position_values",
    "read_seat",
    "review_deal",
]
