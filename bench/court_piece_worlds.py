"""Court Piece Hard's worlds: how many hidden cards they put in the right hand, and at what cost.

Usage: ``python bench/court_piece_worlds.py [POSITIONS] [--worlds N] [--stride K]``.

At each critical position kept by ``bench/court_piece_decisions.py`` (the
real deal is known there: the position is replayed from its seed), worlds
are drawn the ways Hard could draw them, and each world is scored by the
share of the hidden cards (the cards of the three other hands) it puts in
the hand that really holds them:

* ``uniform``: worlds that keep the voids and the caller's two trumps only;
* ``pick of 8``: the best-explained of eight uniform worlds, picked in
  proportion to the evidence's weight (``believable_world``, Hard before
  the chain);
* ``chain``: :class:`atout.bots.sampling.SwapChain` at Hard's settings,
  with the evidence's surprise factor at 0.2, 0.05 and 0.01.

A world that places more cards right is not by itself a better world (the
weights must also be calibrated), so the figure that decides is Hard's
rate of giving won deals away in ``bench/court_piece_decisions.py``; this
bench shows why the chain can do better there: the pick of eight barely
moves off the uniform when the evidence is sharp.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from pathlib import Path

from atout.bots.court_piece import evidence, hard
from atout.bots.sampling import (
    believable_world,
    court_piece_chain,
    court_piece_sampler,
)
from atout.cards import CardSet, mask_of, parse_card
from court_piece_decisions import positions, replay  # bench/ is the script's folder

DEFAULT = Path(__file__).parent / "results/court-piece-decisions/positions-seed5000-5149.jsonl"
Draw = Callable[[dict[str, object], random.Random, int], list[list[CardSet]]]


def uniform(view: dict[str, object], rng: random.Random, n: int) -> list[list[CardSet]]:
    sampler = court_piece_sampler(view)
    return [list(sampler(rng).hands) for _ in range(n)]


def pick_of_eight(view: dict[str, object], rng: random.Random, n: int) -> list[list[CardSet]]:
    sampler = court_piece_sampler(view)
    weight = hard._believability(view)

    def draw(r: random.Random) -> list[CardSet]:
        return list(sampler(r).hands)

    return [believable_world(draw, weight, rng, 8) for _ in range(n)]


def chain(view: dict[str, object], rng: random.Random, n: int) -> list[list[CardSet]]:
    weight = hard._believability(view)
    if weight is None:
        return uniform(view, rng, n)
    walk = court_piece_chain(view, weight, rng)
    walk.advance(rng, hard.BURN_IN)
    return [walk.advance(rng, hard.SWAPS_PER_WORLD) for _ in range(n)]


def measure(path: Path, draw: Draw, worlds: int, stride: int) -> tuple[float, float]:
    """The share of hidden cards placed right, and the milliseconds a world took."""
    right = total = 0
    seconds = 0.0
    count = 0
    for k, row in enumerate(positions(path)):
        if k % stride:
            continue
        match = replay(row["seed"], row["actions"])
        seat = match.actor
        assert seat is not None
        truth = [mask_of(parse_card(c) for c in match.view(s)["hand"]) for s in range(4)]
        view = dict(match.view(seat))
        rng = random.Random(k)
        start = time.perf_counter()
        drawn = draw(view, rng, worlds)
        seconds += time.perf_counter() - start
        count += len(drawn)
        for hands in drawn:
            for s in range(4):
                if s != seat:
                    right += (hands[s] & truth[s]).bit_count()
                    total += truth[s].bit_count()
    return right / total, 1000 * seconds / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("positions", type=Path, nargs="?", default=DEFAULT)
    parser.add_argument("--worlds", type=int, default=100, help="Worlds drawn per position.")
    parser.add_argument("--stride", type=int, default=1, help="Take every STRIDE-th position.")
    args = parser.parse_args()
    runs: list[tuple[str, Draw, float]] = [
        ("uniform", uniform, 0.2),
        ("pick of 8, surprise 0.2", pick_of_eight, 0.2),
        ("chain, surprise 0.2", chain, 0.2),
        ("pick of 8, surprise 0.05", pick_of_eight, 0.05),
        ("chain, surprise 0.05", chain, 0.05),
        ("pick of 8, surprise 0.01", pick_of_eight, 0.01),
        ("chain, surprise 0.01", chain, 0.01),
    ]
    for name, draw, surprise in runs:
        evidence.SURPRISE = surprise
        share, ms = measure(args.positions, draw, args.worlds, args.stride)
        print(f"{name:26} hidden cards placed right {share:.1%}, {ms:.2f} ms a world", flush=True)


if __name__ == "__main__":
    main()
