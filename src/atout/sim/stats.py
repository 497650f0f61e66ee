"""Summaries of many games: win rates with confidence intervals, points, IMPs, Elo.

>>> lo, hi = wilson_interval(60, 100)
>>> round(lo, 3), round(hi, 3)
(0.502, 0.691)
>>> imps(420), imps(-50), imps(0)
(9, -2, 0)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from atout.core import Match

if TYPE_CHECKING:
    from atout.sim.tournament import GameResult

__all__ = [
    "elo_ratings",
    "imps",
    "mean_interval",
    "pool_reports",
    "sign_test",
    "summarise",
    "summarise_results",
    "wilson_interval",
]

_IMP_STEPS = (
    20,
    50,
    90,
    130,
    170,
    220,
    270,
    320,
    370,
    430,
    500,
    600,
    750,
    900,
    1100,
    1300,
    1500,
    1750,
    2000,
    2250,
    2500,
    3000,
    3500,
    4000,
)
"""The WBF IMP scale: the point differences at which 1, 2, ... 24 IMPs begin."""


def imps(difference: int) -> int:
    """International Match Points for a score difference (sign kept)."""
    size = abs(difference)
    value = sum(1 for step in _IMP_STEPS if size >= step)
    return value if difference >= 0 else -value


def wilson_interval(successes: float, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); draws count half."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def sign_test(wins: int, losses: int) -> float:
    """Two-sided sign test: how likely a split this uneven is between two equal players.

    ``wins`` and ``losses`` are the discordant pairs (the deals one version won
    and the other lost, each way); ties carry no information and are left out.

    >>> round(sign_test(28, 9), 4), sign_test(5, 5)
    (0.0026, 1.0)
    """
    n = wins + losses
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(wins, losses) + 1)) / 2.0**n
    return min(1.0, 2.0 * tail)


def mean_interval(values: Sequence[float], z: float = 1.959964) -> tuple[float, float, float]:
    """The mean and its normal 95% interval: ``(mean, lo, hi)``."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def _rates(wins: Sequence[int], draws: int, games: int) -> dict[str, Any]:
    """Each side's win rate (draws count half) and its 95% Wilson interval."""
    return {
        "win_rate": [(w + draws / 2) / games if games else 0.0 for w in wins],
        "ci95": [list(wilson_interval(w + draws / 2, games)) for w in wins],
    }


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
    return {
        "games": games,
        "wins": wins,
        "draws": draws,
        **_rates(wins, draws, games),
        "points": points,
        "deals": deals,
        "events": events,
        "seconds": round(seconds, 3),
    }


def summarise_results(
    results: Sequence[GameResult],
    seconds: float,
    *,
    sides: int = 2,
    imps: bool = False,
    duplicate: bool = False,
) -> dict[str, Any]:
    """The ``atout sim --json`` figures for the listed sides, failures set apart.

    Bridge (``imps``): with ``duplicate``, each seed's two tables are compared
    (side 0's score at one table against side 1's on the same cards at the
    other) and the difference turned into IMPs; without it, each deal's score
    difference is taken against a datum of zero.
    """
    ok = [r for r in results if r.failure is None]
    failures = [dict(r.failure) for r in results if r.failure is not None]
    wins = [0] * sides
    points = [0] * sides
    deals = 0
    per_deal: list[list[float]] = [[] for _ in range(sides)]
    events: dict[str, list[int]] = {}
    for r in ok:
        if r.winner is not None:
            wins[r.winner] += 1
        for i, total in enumerate(r.totals):
            points[i] += total
        for pts in r.deal_points:
            deals += 1
            for i, p in enumerate(pts):
                per_deal[i].append(float(p))
        for key, counts in r.events.items():
            tally = events.setdefault(key, [0] * sides)
            for i, c in enumerate(counts):
                tally[i] += c
    games = len(ok)
    draws = games - sum(wins)
    out: dict[str, Any] = {
        "games": games,
        "wins": wins,
        "draws": draws,
        **_rates(wins, draws, games),
        "points": points,
        "points_per_deal": [round(sum(v) / len(v), 3) if v else 0.0 for v in per_deal],
        "deals": deals,
        "events": events,
        "failures": failures[:5],
        "failed_games": len(failures),
        "seconds": round(seconds, 3),
    }
    if imps:
        boards = _board_imps(ok, duplicate)
        mean, lo, hi = mean_interval(boards)
        out["imps_per_board"] = round(mean, 3)
        out["imps_ci95"] = [round(lo, 3), round(hi, 3)]
        out["boards"] = len(boards)
    return out


def _seeds(report: Mapping[str, Any]) -> range:
    """The seeds a report's games were dealt from (each twice when it was duplicate)."""
    played = int(report["games"]) + int(report.get("failed_games", 0))
    per_seed = 2 if report["duplicate"] else 1
    return range(int(report["seed"]), int(report["seed"]) + played // per_seed)


def pool_reports(reports: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Several ``atout sim --json`` reports of one pairing taken as one run.

    A long figure (400 Court Piece matches take hours on two cores) is run as
    batches from different seeds; this adds their wins, draws, points and deals
    up and recomputes the Wilson interval over all of them. Reports of another
    game, other players or another duplicate setting, or whose seeds overlap
    (the same deals counted twice), are refused with a ``ValueError``, since
    their sum would not be one pairing's figure.
    """
    if not reports:
        raise ValueError("no report to pool")
    first = reports[0]
    for report in reports[1:]:
        for key in ("game", "players", "duplicate"):
            if report[key] != first[key]:
                raise ValueError(f"reports differ in {key}: {first[key]!r} and {report[key]!r}")
    spans = sorted((_seeds(r) for r in reports), key=lambda span: span.start)
    for before, after in itertools.pairwise(spans):
        if after.start < before.stop:
            raise ValueError(
                f"seeds {before.start}-{before.stop - 1} and {after.start}-{after.stop - 1} overlap"
            )
    sides = len(first["wins"])
    wins = [sum(int(r["wins"][i]) for r in reports) for i in range(sides)]
    points = [sum(int(r["points"][i]) for r in reports) for i in range(sides)]
    games = sum(int(r["games"]) for r in reports)
    draws = sum(int(r["draws"]) for r in reports)
    deals = sum(int(r["deals"]) for r in reports)
    return {
        "game": first["game"],
        "players": list(first["players"]),
        "duplicate": first["duplicate"],
        "reports": len(reports),
        "seeds": [[span.start, span.stop - 1] for span in spans],
        "games": games,
        "wins": wins,
        "draws": draws,
        **_rates(wins, draws, games),
        "points": points,
        "points_per_deal": [round(p / deals, 3) if deals else 0.0 for p in points],
        "deals": deals,
        "failed_games": sum(int(r.get("failed_games", 0)) for r in reports),
        "seconds": round(sum(float(r["seconds"]) for r in reports), 3),
    }


def _board_imps(results: Sequence[GameResult], duplicate: bool) -> list[float]:
    """Side 0's IMPs on each board (or deal)."""
    if not duplicate:
        return [float(imps(p[0] - p[1])) for r in results for p in r.deal_points]
    tables: dict[int, dict[bool, GameResult]] = {}
    for r in results:
        tables.setdefault(r.seed, {})[r.swapped] = r
    out: list[float] = []
    for pair in tables.values():
        if len(pair) != 2:
            continue
        home, away = pair[False], pair[True]
        for a, b in zip(home.deal_points, away.deal_points, strict=False):
            # Net for side 0: its result at one table plus its result on the same cards at the
            # other, where it sat the other way (both already flipped to the listed sides).
            out.append(float(imps((a[0] - a[1]) + (b[0] - b[1]))))
    return out


def elo_ratings(
    bots: Sequence[str], scores: Sequence[tuple[str, str, float, float]], iterations: int = 2000
) -> dict[str, float]:
    """Elo ratings fitted to round-robin results ``(a, b, a's points, games)``; mean 1500.

    A maximum-likelihood (Bradley-Terry) fit by gradient steps: it uses every
    game at once, so the table does not depend on the order games were played.
    """
    ratings = dict.fromkeys(bots, 1500.0)
    for _ in range(iterations):
        grad = dict.fromkeys(bots, 0.0)
        for a, b, won, games in scores:
            if games <= 0:
                continue
            expected = 1 / (1 + 10 ** ((ratings[b] - ratings[a]) / 400))
            grad[a] += won - expected * games
            grad[b] -= won - expected * games
        total = sum(g for _, _, _, g in scores) or 1.0
        for bot in bots:
            ratings[bot] += 400 * grad[bot] / total
        shift = 1500 - sum(ratings.values()) / len(ratings)
        for bot in bots:
            ratings[bot] = min(4000.0, max(-1000.0, ratings[bot] + shift))
    return {bot: round(r, 1) for bot, r in ratings.items()}
