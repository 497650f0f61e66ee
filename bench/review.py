"""How long the double-dummy review of a finished deal takes, per game (the goal: median <= 2 s).

Greedy bots play ``--deals`` first deals of each game from ``--seed``; each
finished deal is then reviewed (:func:`atout.analysis.review_deal`) for one
seat: in bridge declarer, whose review is the largest (declarer's and
dummy's 26 cards, positions of 13 cards a hand included, plus the DD table
and par); elsewhere seat 0. A first review per game, untimed, loads DDS.
Prints per game the median, p95 and largest wall time and the median and
p95 CPU time of the process (less sensitive to other work on the machine,
DDS's threads included), with the load average before and after.

    .venv/bin/python bench/review.py --deals 50
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from typing import Any

from atout.analysis import review_deal
from atout.bots.registry import make_bot
from atout.core import Match
from atout.games import get_game

GAMES = ("bridge", "court-piece", "five-hundred", "court-circular")


def played_deals(game_id: str, count: int, seed: int) -> list[Match]:
    """``count`` matches whose first deal greedy bots played to its end, with a card played."""
    game = get_game(game_id)
    found: list[Match] = []
    attempt = 0
    while len(found) < count:
        attempt += 1
        rng = random.Random(seed * 100_000 + attempt)
        match = Match.new(game, {}, rng)
        bots = [make_bot("greedy", game_id, attempt * 8 + i) for i in range(game.players)]
        while match.deals[0].settlement is None:
            seat, actor = match.turn, match.actor
            assert seat is not None and actor is not None
            match = match.apply(bots[actor].choose(match.view(actor)), seat)
        if match.deals[0].state.tricks():
            found.append(match)
    return found


def reviewed_seat(match: Match) -> int:
    declarer = getattr(match.deals[0].state, "declarer", None)
    return declarer if isinstance(declarer, int) else 0


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return round(ordered[round(0.95 * (len(ordered) - 1))], 3)


def time_reviews(matches: list[Match]) -> dict[str, Any]:
    review_deal(matches[0], 0, reviewed_seat(matches[0]))  # loads DDS, warms the caches
    walls, cpus, judged, unsolved = [], [], 0, 0
    for match in matches:
        wall, cpu = time.perf_counter(), time.process_time()
        review = review_deal(match, 0, reviewed_seat(match))
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        judged += review["judged"]
        unsolved += review["not_solved"]
    return {
        "deals": len(matches),
        "median_s": round(statistics.median(walls), 3),
        "p95_s": _p95(walls),
        "max_s": round(max(walls), 3),
        "median_cpu_s": round(statistics.median(cpus), 3),
        "p95_cpu_s": _p95(cpus),
        "decisions_judged": judged,
        "decisions_not_solved": unsolved,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    out: dict[str, Any] = {"load_average_before": os.getloadavg(), "cores": os.cpu_count()}
    for game_id in args.games.split(","):
        out[game_id] = time_reviews(played_deals(game_id, args.deals, args.seed))
        print(json.dumps({game_id: out[game_id]}), flush=True)
    out["load_average_after"] = os.getloadavg()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
