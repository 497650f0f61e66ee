"""How much Hard's trump call loses to sampling noise.

Usage: ``python bench/court_piece_call_noise.py [--seeds N] [--seed S] [--worlds W]``

Hard names trump from at most 64 sampled worlds (DDS: does the caller's side
make seven tricks with each suit?) within three times its 0.4 s budget. For
each seed's first deal this compares that call, made twice with different
random numbers, with a reference: the suit that makes most often over ``W``
worlds (768 by default). Printed per seed: both calls, the reference suit and
each suit's make rate; then how often the call is the reference's and the mean
make rate the call gives away. That mean bounds what more worlds for the call
could gain.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Mapping
from typing import Any

from atout.bots.court_piece import hard
from atout.bots.sampling import court_piece_sampler
from atout.core import Match
from atout.games import get_game
from atout.solver.dds import dds_solve

GAME = get_game("court-piece")


def make_rates(view: Mapping[str, Any], rng: random.Random, worlds: int) -> dict[str, float]:
    """Each legal call's share of ``worlds`` sampled worlds where the caller's side makes 7."""
    seat = int(view["seat"])
    sampler = court_piece_sampler(view)
    made = dict.fromkeys(view["legal"], 0)
    for _ in range(worlds):
        hands = list(sampler(rng).hands)
        for action in made:
            scores = dds_solve(hands, "SHDC".index(action.split()[1]), seat, target=7, solutions=1)
            made[action] += bool(scores and max(scores.values()) >= 7)
    return {action: count / worlds for action, count in made.items()}


def main() -> None:
    """Compare the calls seed by seed and print the tally."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--worlds", type=int, default=768, help="Worlds of the reference.")
    parser.add_argument("--budget", type=float, default=0.4, help="Hard seconds per decision.")
    args = parser.parse_args()
    as_reference = repeated = 0
    given_away = 0.0
    for seed in range(args.seed, args.seed + args.seeds):
        match = Match.new(GAME, {}, random.Random(seed))
        assert match.actor is not None
        view = match.view(match.actor)
        started = time.perf_counter()
        call = hard.choose(view, random.Random(seed * 7 + 1), args.budget)
        seconds = time.perf_counter() - started
        again = hard.choose(view, random.Random(seed * 7 + 2), args.budget)
        rates = make_rates(view, random.Random(seed), args.worlds)
        best = max(rates, key=lambda action: rates[action])
        as_reference += call == best
        repeated += call == again
        given_away += rates[best] - rates[call]
        shown = " ".join(f"{a.split()[1]}={r:.3f}" for a, r in rates.items())
        print(f"{seed} {call} / {again} reference {best} ({shown}) {seconds:.2f}s", flush=True)
    print(
        f"{args.seeds} calls: {as_reference} name the reference's suit, {repeated} the same "
        f"suit again; mean make rate given away {given_away / args.seeds:.4f}"
    )


if __name__ == "__main__":
    main()
