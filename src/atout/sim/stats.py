"""Summaries of many games: win rates with confidence intervals, points, events.

>>> lo, hi = wilson_interval(60, 100)
>>> round(lo, 3), round(hi, 3)
(0.502, 0.691)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from atout.core import Match

__all__ = ["summarise", "wilson_interval"]


def wilson_interval(successes: float, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); draws count half."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(matches: Sequence[Match], seconds: float, sides: int = 2) -> dict[str, Any]:
    """Wins, draws, win rates with 95% intervals, points, deals and events per side."""
    wins = [0] * sides
    points = [0] * sides
    deals = 0
    events: dict[str, list[int]] = {}
    for match in matches:
        if match.winner is not None:
            wins[match.winner] += 1
        for i, total in enumerate(match.totals):
            points[i] += total
        for deal in match.deals:
            deals += 1
            result = deal.state.result()
            side = result.get("winner")
            for key in ("bavney", "court"):
                if result.get(key) is True and isinstance(side, int):
                    events.setdefault(key, [0] * sides)[side] += 1
    games = len(matches)
    draws = games - sum(wins)
    rates = [(w + draws / 2) / games if games else 0.0 for w in wins]
    return {
        "games": games,
        "wins": wins,
        "draws": draws,
        "win_rate": rates,
        "ci95": [list(wilson_interval(w + draws / 2, games)) for w in wins],
        "points": points,
        "deals": deals,
        "events": events,
        "seconds": round(seconds, 3),
    }
