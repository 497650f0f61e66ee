"""Hard against the panel (and Medium, and greedy): match win rates with 95% intervals.

Usage: ``python bench/panel.py [--matches N] [--games court-piece,...]
[--opponents cautious,aggressive,medium,greedy] [--effort N] [--workers W] [--records DIR]
[--decisions D] [--set module.NAME=value] [--seed S]``

Each pairing plays ``N`` seeds twice (duplicate: the same deals with the sides
swapped), Hard at an effort in work units (samples per decision, no clock:
the same games on any machine and load; the default per game is the effort
that matched the 0.4 s budget on the development machine, ``docs/tournaments.md``).
Court Piece, Five Hundred and Court Circular print the share of matches Hard
won, bridge the IMPs per board over duplicate boards, each with its 95% interval.
``--records DIR`` keeps every match (``DIR/<game>-<opponent>/``) for
``bench/paired_deals.py``. ``--decisions D`` also times Hard's decisions at the
default time budget against each opponent (median and 95th percentile; target
median <= 0.5 s, p95 <= 2 s). Goals (issue 37): Court Piece >= 86% against every
panel player and >= 80% against Medium; Five Hundred and Court Circular >= 75%
against Medium; bridge >= +1.5 IMPs/board against Medium.

The full figures: ``python bench/panel.py --matches 200 --workers 2`` (hours here).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from atout.bots import DEFAULT_BUDGET
from atout.games import get_game
from atout.sim.tournament import run_games
from bots import (  # bench/bots.py, beside this script
    hard_decision_seconds,
    set_constant,
    time_summary,
)

GAMES = ("court-piece", "five-hundred", "bridge", "court-circular")
OPTIONS: dict[str, dict[str, Any]] = {"bridge": {"scoring": "duplicate", "boards": 1}}
EFFORT = {"court-piece": 6, "five-hundred": 60, "bridge": 34, "court-circular": 55}
"""Samples per decision that cost what the 0.4 s budget did here (``docs/tournaments.md``)."""
OPPONENTS = ("cautious", "aggressive", "medium", "greedy")
SEED = 37_000
"""Every pairing's first seed: all of them meet the same deals (``bench/cp_ceiling.py`` too)."""


def _lineup(game: str, a: str, b: str) -> list[str]:
    return [a, b] * (get_game(game).players // 2)


def strength(
    game: str,
    opponent: str,
    matches: int,
    effort: int,
    workers: int,
    records: Path | None,
    player: str = "hard",
    seed: int = SEED,
) -> str:
    """One line: Hard (or ``player``, a bot name) against ``opponent`` over ``matches``
    duplicated seeds."""
    folder = None if records is None else records / f"{game}-{opponent}"
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    summary = run_games(
        game,
        OPTIONS.get(game, {}),
        _lineup(game, player, opponent),
        games=matches,
        seed=seed,
        workers=workers,
        duplicate=True,
        effort=effort,
        records=folder,
    )
    lo, hi = summary["ci95"][0]
    name = player.rpartition(":")[2]  # a module:callable bot by its callable
    line = (
        f"{game:15} {name} vs {opponent:<10} effort {effort:3}  matches {summary['games']:4}  "
        f"won {summary['win_rate'][0]:.3f} [{lo:.3f}, {hi:.3f}]  "
        f"points/deal {summary['points_per_deal'][0]:.2f} vs {summary['points_per_deal'][1]:.2f}"
    )
    if "imps_per_board" in summary:
        ilo, ihi = summary["imps_ci95"]
        line += f"  IMPs/board {summary['imps_per_board']:+.2f} [{ilo:+.2f}, {ihi:+.2f}]"
    return line + f"  ({summary['seconds']:.0f} s)"


def decision_times(game: str, opponent: str, decisions: int) -> str:
    """Hard's wall-clock time per decision with a choice, at the default budget."""
    times = hard_decision_seconds(game, opponent, decisions, DEFAULT_BUDGET)
    return f"{game:15} hard vs {opponent:<10} budget {DEFAULT_BUDGET} s, {time_summary(times)}"


def main() -> None:
    """Print each pairing's line as it comes."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=200, help="Seeds per pairing (x2 matches).")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--opponents", default=",".join(OPPONENTS))
    parser.add_argument(
        "--effort", type=int, help="Hard's samples per decision (default: per game)."
    )
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--records", type=Path, help="Keep each match's record here.")
    parser.add_argument("--decisions", type=int, default=0, help="Also time this many decisions.")
    parser.add_argument("--set", action="append", default=[], dest="assignments")
    parser.add_argument(
        "--seed", type=int, default=SEED, help="The first seed (fresh deals: another block)."
    )
    args = parser.parse_args()
    for assignment in args.assignments:
        set_constant(assignment)
    for game in args.games.split(","):
        effort = args.effort or EFFORT[game]
        for opponent in args.opponents.split(","):
            line = strength(
                game, opponent, args.matches, effort, args.workers, args.records, seed=args.seed
            )
            print(line, flush=True)
            if args.decisions:
                print(decision_times(game, opponent, args.decisions), flush=True)


if __name__ == "__main__":
    main()
