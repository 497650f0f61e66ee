"""How long "play it again" takes per game: a finished deal replayed by Hard in one seat.

Greedy bots play ``--deals`` first deals of each game from ``--seed``
(``bench/review.py``'s deals); each is then played again
(:func:`atout.analysis.again.compare_lines`) with Hard in seat 0 and
``--bots`` in the other seats, at Hard's replay effort
(:data:`atout.analysis.again.AGAIN_EFFORT`). A first replay per game, untimed,
loads DDS. Prints per game the median, p95 and largest wall time and the
median and p95 CPU time, with the load average before and after. A robot
duplicate table's board costs the same (the same replay).

    .venv/bin/python bench/again.py --deals 20
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from typing import Any

from bench.review import GAMES, _p95, played_deals

from atout.analysis.again import AGAIN_EFFORT, compare_lines
from atout.core import Match


def time_replays(matches: list[Match], bots: str) -> dict[str, Any]:
    names = [bots] * matches[0].game.players
    compare_lines(matches[0], 0, 0, names, seed=0)  # loads DDS, warms the caches
    walls, cpus, differences = [], [], []
    for k, match in enumerate(matches):
        wall, cpu = time.perf_counter(), time.process_time()
        out = compare_lines(match, 0, 0, names, seed=k)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        differences.append(out["difference"])
    return {
        "deals": len(matches),
        "effort": AGAIN_EFFORT.get(matches[0].game.id),
        "median_s": round(statistics.median(walls), 3),
        "p95_s": _p95(walls),
        "max_s": round(max(walls), 3),
        "median_cpu_s": round(statistics.median(cpus), 3),
        "p95_cpu_s": _p95(cpus),
        "mean_difference": round(statistics.mean(differences), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="medium")
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    out: dict[str, Any] = {"load_average_before": os.getloadavg(), "cores": os.cpu_count()}
    for game_id in args.games.split(","):
        out[game_id] = time_replays(played_deals(game_id, args.deals, args.seed), args.bots)
        print(json.dumps({game_id: out[game_id]}), flush=True)
    out["load_average_after"] = os.getloadavg()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
