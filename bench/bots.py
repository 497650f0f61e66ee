"""Bot strength and speed figures (prints them; not a test).

Usage: ``python bench/bots.py [--matches N] [--workers W] [--budget S] [--games court-piece,...]``
or ``python bench/bots.py --pool REPORT.json ...`` to pool saved ``atout sim --json`` reports.

For each game: Hard against greedy (duplicate: the same deals with the
sides swapped), the ladder easy < medium < hard (each level against the one
below), and Hard's decision times (median, 95th percentile). Court Piece,
Five Hundred and Court Circular report match win rates with 95% Wilson
intervals; bridge reports IMPs per board with a 95% interval over duplicate
boards. Targets (``FIELD.md``): Court Piece >= 86%, Five Hundred >= 70%,
Court Circular >= 70%, bridge >= +1.5 IMPs/board; Hard median <= 0.5 s,
p95 <= 2 s.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import random
import statistics
import time
from typing import Any

from atout.bots.registry import make_bot
from atout.core import Match
from atout.games import get_game
from atout.sim.stats import pool_reports
from atout.sim.tournament import run_games

GAMES = ("court-piece", "five-hundred", "bridge", "court-circular")
OPTIONS: dict[str, dict[str, Any]] = {"bridge": {"scoring": "duplicate", "boards": 1}}


def _lineup(game: str, a: str, b: str) -> list[str]:
    return [a, b] * (get_game(game).players // 2)


def strength(game: str, a: str, b: str, matches: int, workers: int, budget: float) -> str:
    """One line: ``a`` against ``b`` over ``matches`` duplicated seeds."""
    summary = run_games(
        game,
        OPTIONS.get(game, {}),
        _lineup(game, a, b),
        games=matches,
        seed=10_000,
        workers=workers,
        duplicate=True,
        budget_seconds=budget,
    )
    lo, hi = summary["ci95"][0]
    line = (
        f"{game:15} {a:>6} vs {b:<6} games {summary['games']:4}  "
        f"win {summary['win_rate'][0]:.3f} [{lo:.3f}, {hi:.3f}]  "
        f"points/deal {summary['points_per_deal'][0]:.2f} vs {summary['points_per_deal'][1]:.2f}"
    )
    if "imps_per_board" in summary:
        ilo, ihi = summary["imps_ci95"]
        line += f"  IMPs/board {summary['imps_per_board']:+.2f} [{ilo:+.2f}, {ihi:+.2f}]"
    return line + f"  ({summary['seconds']:.0f} s)"


def pool(paths: list[str]) -> str:
    """One line: the listed ``atout sim --json`` reports taken as one run.

    Long figures (400 Court Piece matches take hours here) are run as batches
    of different seeds, each batch's report saved under ``bench/out/`` (not
    kept in git; ``docs/figures.md`` keeps the figures);
    :func:`atout.sim.stats.pool_reports` adds them up and refuses reports of
    different pairings or overlapping seeds.
    """
    reports = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            reports.append(json.load(handle))
    pooled = pool_reports(reports)
    lo, hi = pooled["ci95"][0]
    seeds = ", ".join(f"{a}-{b}" for a, b in pooled["seeds"])
    return (
        f"{pooled['reports']} reports (seeds {seeds}), games {pooled['games']}  "
        f"win {pooled['win_rate'][0]:.3f} [{lo:.3f}, {hi:.3f}]  "
        f"deals {pooled['deals']}  points/deal {pooled['points_per_deal'][0]:.2f} vs "
        f"{pooled['points_per_deal'][1]:.2f}  ({pooled['seconds'] / 60:.0f} min)"
    )


def hard_decision_seconds(game: str, opponent: str, decisions: int, budget: float) -> list[float]:
    """Hard's seconds for each decision that had a choice, against ``opponent``, sorted."""
    spec = get_game(game)
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        rng = random.Random(seed)
        match = Match.new(spec, OPTIONS.get(game, {}), rng)
        bots = [
            make_bot(n, game, seed * 8 + i, budget_seconds=budget)
            for i, n in enumerate(_lineup(game, "hard", opponent))
        ]
        while not match.is_over() and len(times) < decisions:
            if match.needs_deal():
                match = match.deal_next(rng)
                continue
            actor = match.actor
            assert actor is not None
            view = match.view(actor)
            started = time.perf_counter()
            action = bots[actor].choose(view)
            if actor % 2 == 0 and len(view["legal"]) > 1:
                times.append(time.perf_counter() - started)
            match = match.apply(action, match.turn)
        seed += 1
    return sorted(times)


def time_summary(times: list[float]) -> str:
    """Median, p95 and max of sorted decision times."""
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return (
        f"{len(times)} decisions: median {statistics.median(times):.3f} s, "
        f"p95 {p95:.3f} s, max {times[-1]:.3f} s"
    )


def decision_times(game: str, decisions: int, budget: float) -> str:
    """Hard's time per decision (all decisions with a choice), against greedy."""
    times = hard_decision_seconds(game, "greedy", decisions, budget)
    return f"{game:15} hard decision time over {time_summary(times)}"


def set_constant(assignment: str) -> None:
    """``module.NAME=value``: set a module constant (a Python literal) before playing, so one
    checkout plays both versions of an idea (``--set`` of ``panel.py`` and ``cp_screen.py``)."""
    name, value = assignment.split("=", 1)
    module, attribute = name.rsplit(".", 1)
    setattr(importlib.import_module(module), attribute, ast.literal_eval(value))


def main() -> None:
    """Run the figures named on the command line and print them as they come."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=400, help="Seeds per pairing (x2 games).")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--budget", type=float, default=0.4, help="Hard seconds per decision.")
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--skip-ladder", action="store_true")
    parser.add_argument("--pool", nargs="+", metavar="REPORT", help="Pool saved sim reports.")
    args = parser.parse_args()
    if args.pool:
        try:
            print(pool(args.pool))
        except (OSError, ValueError, KeyError, IndexError, TypeError) as error:
            parser.error(f"--pool: not a set of `atout sim --json` reports ({error!r})")
        return
    for game in args.games.split(","):
        print(strength(game, "hard", "greedy", args.matches, args.workers, args.budget), flush=True)
        if not args.skip_ladder:
            for a, b in (("medium", "easy"), ("hard", "medium")):
                print(strength(game, a, b, args.matches, args.workers, args.budget), flush=True)
        print(decision_times(game, args.decisions, args.budget), flush=True)


if __name__ == "__main__":
    main()
