"""Which Hard effort (samples per decision, no clock) costs what the 0.4 s budget costs here.

Usage: ``python bench/effort.py [--games court-piece,...] [--decisions 40] [--efforts 2,4,8]``

For each game, the positions where a Hard bot would decide are collected
from medium-against-greedy games (the seats medium plays, only where more
than one action is legal; every third such position, to spread them over
the deal). On each position Hard decides once with the default budget
(:data:`atout.bots.DEFAULT_BUDGET`) and once at each effort, interleaved so
that the load on the machine weighs on all alike (after one untimed decision
at the lowest effort, so that no setting pays for the position's first call,
and in an order that turns from one position to the next). It prints the mean and
median wall-clock seconds per decision, and the effort whose mean matches
the budget's (interpolated between the two efforts around it): the effort
that does the work the budget does on this machine, at this load.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import random
import statistics
import time
from collections.abc import Mapping
from typing import Any

from atout.bots import DEFAULT_BUDGET
from atout.bots.registry import make_bot
from atout.core import Match
from atout.games import get_game

GAMES = ("court-piece", "five-hundred", "bridge", "court-circular")
OPTIONS: dict[str, dict[str, Any]] = {"bridge": {"scoring": "duplicate", "boards": 1}}
EFFORTS: dict[str, tuple[int, ...]] = {
    "court-piece": (4, 8, 16, 32),
    "five-hundred": (16, 32, 64, 128),
    "bridge": (16, 32, 64, 128),
    "court-circular": (2, 4, 8, 16),
}


def positions(game: str, count: int, seed: int = 2024) -> list[Mapping[str, Any]]:
    """Views where a Hard bot at seats 0 and 2 (0 in two-player games) would decide."""
    spec = get_game(game)
    rng = random.Random(seed)
    names = ["medium", "greedy"] * (spec.players // 2)
    movers = [make_bot(n, game, seed + i) for i, n in enumerate(names)]
    views: list[Mapping[str, Any]] = []
    seen = 0
    while len(views) < count:
        match = Match.new(spec, OPTIONS.get(game, {}), rng)
        while not match.is_over() and len(views) < count:
            if match.needs_deal():
                match = match.deal_next(rng)
                continue
            actor = match.actor
            assert actor is not None
            view = match.view(actor)
            if names[actor] == "medium" and len(view["legal"]) > 1:
                seen += 1
                if seen % 3 == 0:
                    views.append(view)
            match = match.apply(movers[actor].choose(view), match.turn)
    return views


def _seconds(bot: Any, view: Mapping[str, Any]) -> float:
    start = time.perf_counter()
    bot.choose(view)
    return time.perf_counter() - start


def measure(game: str, decisions: int, efforts: tuple[int, ...]) -> dict[str, list[float]]:
    """Seconds per decision with the budget and at each effort, on the same positions."""
    settings: list[tuple[str, dict[str, Any]]] = [("budget", {})]
    settings += [(str(e), {"effort": e}) for e in efforts]
    times: dict[str, list[float]] = {label: [] for label, _ in settings}
    for i, view in enumerate(positions(game, decisions)):
        make_bot("hard", game, i, effort=min(efforts)).choose(view)
        turn = i % len(settings)
        for label, setting in settings[turn:] + settings[:turn]:
            times[label].append(_seconds(make_bot("hard", game, i, **setting), view))
    return times


def matching_effort(times: Mapping[str, list[float]], efforts: tuple[int, ...]) -> float | None:
    """The effort whose mean time equals the budget's (log-linear between the two around it)."""
    target = statistics.mean(times["budget"])
    points = [(e, statistics.mean(times[str(e)])) for e in efforts]
    for (e0, t0), (e1, t1) in itertools.pairwise(points):
        if t0 <= target <= t1 and t1 > t0:
            share = (target - t0) / (t1 - t0)
            return math.exp(math.log(e0) + share * (math.log(e1) - math.log(e0)))
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--efforts", default="", help="efforts to try (default: per game)")
    args = parser.parse_args()
    print(f"budget {DEFAULT_BUDGET} s; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()}")
    for game in args.games.split(","):
        efforts = tuple(int(e) for e in args.efforts.split(",")) if args.efforts else EFFORTS[game]
        times = measure(game, args.decisions, efforts)
        cells = [
            f"{label} {statistics.mean(ts):.3f}/{statistics.median(ts):.3f}"
            for label, ts in times.items()
        ]
        match = matching_effort(times, efforts)
        found = f"{match:.0f}" if match is not None else "outside the efforts tried"
        print(f"{game:15} s/decision mean/median: {'  '.join(cells)}  -> effort {found}")


if __name__ == "__main__":
    main()
