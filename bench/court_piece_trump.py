"""Court Piece trump calls compared: Hard's DDS call against the suit the tree search rates best.

Usage: ``python bench/court_piece_trump.py [--seeds N] [--seed S] [--budget B] [--out FILE]``

For each seed's first deal, the trump caller's view is given to both ways
of calling: Hard's (:func:`atout.bots.court_piece.hard.choose`: DDS says in
how many sampled worlds the caller's side makes seven tricks with each
suit) and ``search_call`` below (the tree search that plays Hard's cards,
run from the opening lead with each suit as trump over the same worlds; the
suit with the best mean value is named). Most of the time both name the
same suit and the deal says nothing about the difference, so only the deals
where they differ are played out, twice, the caller's side played by Hard
and the other by greedy, once with each suit. Printed: how often the calls
differ, the deals each call won that the other lost (the sign test's
discordant pairs), and the points.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Mapping
from typing import Any

from atout.bots.court_piece import hard, tree
from atout.bots.registry import make_bot
from atout.bots.sampling import court_piece_world
from atout.core import Match
from atout.games import get_game

GAME = get_game("court-piece")
WORLDS = 384
"""Worlds the search call draws (the caller's eight unseen cards drawn too)."""


def search_call(view: Mapping[str, Any], rng: random.Random, seconds: float) -> str:
    """The suit whose search from the opening lead has the best mean value."""
    seat = int(view["seat"])
    legal = list(view["legal"])
    worlds = [list(court_piece_world(view, rng).hands) for _ in range(WORLDS)]
    values = {
        action: tree.search(
            worlds,
            seat=seat,
            trump="SHDC".index(action.split()[1]),
            leader=seat,
            trick=[],
            need=7,
            stakes=(-1.0, 1.0),
            seconds=seconds / len(legal),
            seed=rng.getrandbits(64),
            settle=False,
        ).value
        for action in legal
    }
    return max(legal, key=lambda action: values[action])


def play(seed: int, call: str, budget: float) -> int:
    """The caller's side's points minus the other side's in seed's first deal, given the call."""
    match = Match.new(GAME, {}, random.Random(seed))
    caller = match.actor
    assert caller is not None
    ours = caller % 2
    bots = [
        make_bot(
            "hard" if s % 2 == ours else "greedy",
            "court-piece",
            seed * 16 + s,
            budget_seconds=budget,
        )
        for s in range(4)
    ]
    match = match.apply(call, match.turn)
    while not match.needs_deal() and not match.is_over():
        actor = match.actor
        assert actor is not None
        match = match.apply(bots[actor].choose(match.view(actor)), match.turn)
    settlement = match.deals[-1].settlement
    assert settlement is not None
    return settlement.points[ours] - settlement.points[1 - ours]


def main() -> None:
    """Compare the calls seed by seed and print the tally."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--budget", type=float, default=0.4, help="Hard seconds per decision.")
    parser.add_argument("--out", help="Append each seed's calls and results (JSON lines).")
    args = parser.parse_args()
    differ = dds_only = search_only = dds_points = search_points = 0
    for seed in range(args.seed, args.seed + args.seeds):
        match = Match.new(GAME, {}, random.Random(seed))
        assert match.actor is not None
        view = match.view(match.actor)
        by_dds = hard.choose(view, random.Random(seed * 7 + 1), args.budget)
        by_search = search_call(view, random.Random(seed * 7 + 2), 3 * args.budget)
        row: dict[str, Any] = {"seed": seed, "dds": by_dds, "search": by_search}
        if by_dds != by_search:
            differ += 1
            row["dds_points"] = a = play(seed, by_dds, args.budget)
            row["search_points"] = b = play(seed, by_search, args.budget)
            dds_points += a
            search_points += b
            dds_only += a > 0 > b
            search_only += b > 0 > a
        if args.out:
            with open(args.out, "a", encoding="utf-8") as out:
                out.write(json.dumps(row) + "\n")
    print(
        f"{args.seeds} trump calls, {differ} differ; where they differ the DDS call won "
        f"{dds_only} deals the search call lost and lost {search_only} it won; "
        f"points {dds_points} (DDS) vs {search_points} (search)"
    )


if __name__ == "__main__":
    main()
