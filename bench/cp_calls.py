"""Court Piece trump calls from the first five cards, judged double dummy in the real deal.

Usage: ``python bench/cp_calls.py solve OUT.jsonl [--deals N] [--seed S] [--worlds W]``
then ``python bench/cp_calls.py rates OUT.jsonl``.

Is Hard's call a leak worth fixing? ``solve`` deals ``N`` random deals (seat 0
calls from the first five of his thirteen, and leads), and solves each suit as
trump double dummy in the real deal (the caller's side's tricks) and in ``W``
worlds drawn as Hard draws them (the caller's five kept, the other 47 cards
dealt at random): one line a deal, appended, so a run can be stopped and
resumed with ``--seed``. ``rates`` says how often each way of calling names a
suit that makes seven in the real deal: Medium's rule
(:func:`atout.bots.court_piece.medium.name_trump`); Hard's, the suit that
makes seven in most of ``k`` worlds with Medium's suit ahead on ties (at
effort 6 Hard solves 6 worlds, ``k=6``; in timed play about 12); the most
tricks on average; and a smooth score (each world's tricks through a logistic
around 6.5, so that six and eight tricks count for something). Disjoint
groups of ``k`` worlds are each a call of their own, so ``k=6`` is read 4
times per deal at ``W=24``.

A call's quality is a deal-level question, so it is measured on many deals
with all four hands known, far faster than matches: about 1 s a deal at
``W=24`` (100 solves).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

from atout.bots.court_piece import medium
from atout.solver.dds import dds_solve

SEVEN = 7


def tricks(hands: list[int], suit: int, caller: int) -> int:
    """The caller's side's double-dummy tricks with ``suit`` trump, the caller leading."""
    return max(dds_solve(hands, suit, caller, solutions=1).values())


def solve(out: Path, deals: int, seed: int, worlds: int) -> None:
    """Append one line a deal: the five, the real deal's tricks per suit, each world's."""
    with out.open("a") as stream:
        for number in range(seed, seed + deals):
            rng = random.Random(number)
            deck = list(range(52))
            rng.shuffle(deck)
            hands = [sum(1 << c for c in deck[13 * s : 13 * s + 13]) for s in range(4)]
            five = deck[:5]
            own = sum(1 << c for c in five)
            pool = [c for c in range(52) if not own >> c & 1]
            drawn = []
            for _ in range(worlds):
                rng.shuffle(pool)
                world = [own | sum(1 << c for c in pool[:8])]
                world += [sum(1 << c for c in pool[8 + 13 * i : 21 + 13 * i]) for i in range(3)]
                drawn.append([tricks(world, s, 0) for s in range(4)])
            row = {
                "seed": number,
                "five": five,
                "truth": [tricks(hands, s, 0) for s in range(4)],
                "medium": medium.name_trump(five),
                "worlds": drawn,
            }
            stream.write(json.dumps(row) + "\n")
            stream.flush()


def _pick(scores: list[float], preferred: int) -> int:
    """The best suit, Medium's on a tie."""
    best = max(scores)
    return preferred if scores[preferred] >= best - 1e-9 else scores.index(best)


Score = Callable[[list[list[int]], int], list[float]]


def _scores() -> dict[str, Score]:
    def makes(worlds: list[list[int]], m: int) -> list[float]:
        return [sum(w[s] >= SEVEN for w in worlds) / len(worlds) for s in range(4)]

    def mean(worlds: list[list[int]], m: int) -> list[float]:
        return [sum(w[s] for w in worlds) / len(worlds) for s in range(4)]

    def smooth(worlds: list[list[int]], m: int) -> list[float]:
        return [
            sum(1 / (1 + math.exp(-(w[s] - 6.5) / 0.7)) for w in worlds) / len(worlds)
            for s in range(4)
        ]

    return {"makes (Hard's)": makes, "most tricks": mean, "smooth": smooth}


def rates(rows: list[dict[str, Any]], priors: tuple[float, ...] = (0.05, 0.4, 0.7)) -> list[str]:
    """One line a way of calling: the deals its suit makes seven in the real deal, and its
    difference from Medium's rule deal by deal (mean and standard error, in deals).

    ``priors`` are Hard's ``TRUMP_PRIOR`` (Medium's suit ahead by that much in the mean of
    +1 a world it makes, -1 one it fails): the other scores break ties for Medium's suit.
    """
    makeable = sum(any(t >= SEVEN for t in row["truth"]) for row in rows)
    lines = [f"{len(rows)} deals, some suit makes seven in {makeable}"]
    made = sum(row["truth"][row["medium"]] >= SEVEN for row in rows)
    lines.append(f"{'medium':30} {made:6.1f} ({made / len(rows):.1%})")
    size = min(len(row["worlds"]) for row in rows)
    ways: list[tuple[str, Score, float]] = [
        (f"makes, prior {p}", _scores()["makes (Hard's)"], p / 2) for p in priors
    ]
    ways += [(name, score, 0.0) for name, score in _scores().items() if name != "makes (Hard's)"]
    for k in sorted({6, 12, size} & set(range(1, size + 1))):
        for name, score, prior in ways:
            gains = []
            for row in rows:
                truth, m = row["truth"], row["medium"]
                groups = [row["worlds"][j * k : (j + 1) * k] for j in range(size // k)]
                picks = []
                for group in groups:
                    values = score(group, m)
                    values[m] += prior
                    picks.append(_pick(values, m))
                mean = sum(truth[p] >= SEVEN for p in picks) / len(picks)
                gains.append(mean - (truth[m] >= SEVEN))
            total = made + sum(gains)
            spread = statistics.stdev(gains) * math.sqrt(len(gains))
            lines.append(
                f"{name + f', {k} worlds':30} {total:6.1f} ({total / len(rows):.1%})  "
                f"vs medium {sum(gains):+5.1f} +- {spread:.1f}"
            )
    return lines


def main() -> None:
    """``solve`` or ``rates``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["solve", "rates"])
    parser.add_argument("out", type=Path)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--worlds", type=int, default=24)
    args = parser.parse_args()
    if args.command == "solve":
        solve(args.out, args.deals, args.seed, args.worlds)
    else:
        rows = [json.loads(line) for line in args.out.read_text().splitlines() if line]
        print("\n".join(rates(rows)))


if __name__ == "__main__":
    main()
