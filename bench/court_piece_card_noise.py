"""How settled is Hard's Court Piece card? The same position asked twice.

Usage: ``python bench/court_piece_card_noise.py [--seeds N] [--seed S] [--budget B]
[--samples K]``

Each seed's first deal is played by Hard (at 0.1 s, to reach positions
quickly) against greedy, the Hard side calling in even seeds' deals and
defending in odd ones (by seed and caller). At each of Hard's early card
decisions (nine cards or more in hand, more than one legal card), Hard is
asked twice with different random numbers at ``--budget`` seconds and
``--samples`` (6 worlds each, 384 by default). Printed: each position's
two cards, then how often they agree. Two searches that agree often have
settled on a card; where they disagree, the card depends on the worlds or
the iterations the search happened to get. Compare budgets and world counts
on the same seeds to see which one settles it.
"""

from __future__ import annotations

import argparse
import random

from atout.bots.court_piece import hard
from atout.bots.registry import make_bot
from atout.core import Match
from atout.games import get_game

GAME = get_game("court-piece")


def main() -> None:
    """Ask Hard twice at each early decision and print the agreement."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=25)
    parser.add_argument("--seed", type=int, default=3000)
    parser.add_argument("--budget", type=float, default=0.4, help="Hard seconds per decision.")
    parser.add_argument("--samples", type=int, default=64, help="Hard's samples (6 worlds each).")
    args = parser.parse_args()
    asked = agreed = 0
    for seed in range(args.seed, args.seed + args.seeds):
        match = Match.new(GAME, {}, random.Random(seed))
        assert match.actor is not None
        caller_side = match.actor % 2
        side = (match.actor + seed) % 2
        bots = [
            make_bot(
                "hard" if s % 2 == side else "greedy",
                "court-piece",
                seed * 16 + s,
                budget_seconds=0.1,
            )
            for s in range(4)
        ]
        while not match.needs_deal() and not match.is_over():
            actor = match.actor
            assert actor is not None
            view = match.view(actor)
            early = view["phase"] != "trump" and len(view["hand"]) >= 9
            if actor % 2 == side and early and len(view["legal"]) > 1:
                first, second = (
                    hard.choose(view, random.Random(seed * 100 + k), args.budget, args.samples)
                    for k in (1, 2)
                )
                asked += 1
                agreed += first == second
                role = "calling" if side == caller_side else "defending"
                print(f"{seed} {role} {len(view['hand'])} cards: {first} / {second}", flush=True)
            match = match.apply(bots[actor].choose(view), match.turn)
    print(f"{asked} decisions, the same card both times in {agreed} ({agreed / asked:.0%})")


if __name__ == "__main__":
    main()
