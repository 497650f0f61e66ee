"""Court Piece Hard, one decision at a time: how often it gives away a won deal.

Usage:
``python bench/court_piece_decisions.py collect --seeds N --seed S --out POSITIONS``,
``python bench/court_piece_decisions.py score POSITIONS --name NAME [variant options] --out
ANSWERS`` and ``python bench/court_piece_decisions.py compare ANSWERS...``.

Whole matches and whole deals measure Hard too slowly to tell a change of
one point of deals from noise (two runs of Hard on the same deals differ in
about one deal in six). This bench asks a sharper question on fixed
positions. ``collect`` plays each seed's first deal, Hard (at 0.1 s) against
greedy from both sides, and at each of Hard's card decisions works out, for
every legal card, whether its side still wins the deal against greedy's
actual replies if it could see every card from then on (double dummy first,
then the one-sided search of :mod:`atout.bots.court_piece.response`).
A position is kept when some cards still win and some do not (every card's
answer known): the *critical* decisions, where a card can give the deal away.

``score`` asks a Hard variant (thinking time, worlds, the chain's swaps, evidence, exploration)
for its card at every kept position and records whether that card still
wins. ``compare`` prints each variant's rate of giving a won deal away, with
a 95% interval, and for each pair of variants the positions one got right
and the other wrong (a sign test): the same positions for every variant,
so a difference of a point or two shows in a few hundred positions.

What it measures, and what not: the all-seeing answer credits a card with
lines a player who does not see the cards may not find, so the rate is not
the share of deals Hard loses, and a card that only looks wrong here may be
the right play for a player who sees what Hard sees. Two variants that make
the same kind of play differ only by how often they pick the card that in
fact wins, which is what more or better worlds should change.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from atout.bots.court_piece import evidence, hard, tree
from atout.bots.court_piece.hard import _need
from atout.bots.court_piece.response import card_reaches
from atout.bots.registry import make_bot
from atout.cards import mask_of, parse_card
from atout.core import Match
from atout.games import get_game
from atout.sim.stats import sign_test, wilson_interval
from atout.solver.dds import dds_solve

GAME = get_game("court-piece")
NODES = 400_000
"""The one-sided search's cap per card: a card not settled within it drops the position."""


def replay(seed: int, actions: list[str]) -> Match:
    """Seed's first deal after ``actions`` (the deal's cards come from the seed alone)."""
    match = Match.new(GAME, {}, random.Random(seed))
    for action in actions:
        match = match.apply(action, match.turn)
    return match


def card_values(match: Match) -> dict[str, bool] | None:
    """For each legal card of the seat to play: does its side still win, seeing every card?

    ``None`` when the deal no longer depends on the card's side reaching seven
    (the Bavney chase) or when some card's answer is not found in :data:`NODES`.
    """
    seat = match.actor
    assert seat is not None
    view = match.view(seat)
    won = [int(x) for x in view["tricks_won"]]
    if max(won) >= 7:
        return None
    need, _ = _need(won, seat % 2, courts=False)
    hands = [mask_of(parse_card(c) for c in match.view(s)["hand"]) for s in range(4)]
    trick = [parse_card(c) for c in view["trick"]["cards"]]
    trump = "SHDC".index(view["trump"])
    leader = int(view["trick"]["leader"])
    tricks = dds_solve(hands, trump, leader, trick, solutions=3)
    values: dict[str, bool] = {}
    for action in view["legal"]:
        card = parse_card(action)
        if tricks.get(card, -1) >= need:
            values[action] = True
            continue
        answer = card_reaches(
            hands,
            card,
            trump=trump,
            leader=leader,
            trick=trick,
            side=seat % 2,
            need=need,
            node_limit=NODES,
        )
        if answer is None:
            return None
        values[action] = answer
    return values


def collect(seeds: range, out: Path) -> None:
    """Play each seed's first deal from both sides and keep Hard's critical decisions."""
    kept = 0
    for seed in seeds:
        for side in (0, 1):
            match = Match.new(GAME, {}, random.Random(seed))
            assert match.actor is not None
            role = "calling" if match.actor % 2 == side else "defending"
            bots = [
                make_bot(
                    "hard" if s % 2 == side else "greedy",
                    "court-piece",
                    seed * 16 + s,
                    budget_seconds=0.1,
                )
                for s in range(4)
            ]
            actions: list[str] = []
            while not match.needs_deal() and not match.is_over():
                actor = match.actor
                assert actor is not None
                view = match.view(actor)
                if actor % 2 == side and view["phase"] != "trump" and len(view["legal"]) > 1:
                    values = card_values(match)
                    if values is not None and len(set(values.values())) == 2:
                        row = {
                            "seed": seed,
                            "side": side,
                            "role": role,
                            "actions": actions,
                            "cards": len(view["hand"]),
                            "values": values,
                        }
                        with out.open("a") as f:
                            f.write(json.dumps(row) + "\n")
                        kept += 1
                action = bots[actor].choose(view)
                actions = [*actions, action]
                match = match.apply(action, match.turn)
        print(f"seed {seed}: {kept} critical positions so far", flush=True)


def variant(args: argparse.Namespace) -> None:
    """Set Hard's knobs for this run (module constants the search reads at each decision)."""
    hard.SWAPS_PER_WORLD = args.swaps
    hard.BURN_IN = args.burn_in
    evidence.SURPRISE = args.surprise
    hard.tree = _Tree(args.exploration)  # type: ignore[assignment]


class _Tree:
    """:mod:`atout.bots.court_piece.tree` with another exploration constant."""

    def __init__(self, exploration: float) -> None:
        self.search = functools.partial(tree.search, exploration=exploration)


def positions(path: Path) -> Iterator[dict[str, Any]]:
    with path.open() as f:
        for line in f:
            yield json.loads(line)


def score(args: argparse.Namespace) -> None:
    """Ask the variant at every position and record whether its card still wins."""
    variant(args)
    for k, row in enumerate(positions(args.positions)):
        if k % args.stride != args.offset:
            continue
        match = replay(row["seed"], row["actions"])
        assert match.actor is not None
        view = match.view(match.actor)
        rng = random.Random(zlib.crc32(f"{args.name} {k}".encode()))
        start = time.perf_counter()
        card = hard.choose(view, rng, args.budget, args.samples)
        seconds = time.perf_counter() - start
        answer = {
            "name": args.name,
            "position": k,
            "role": row["role"],
            "cards": row["cards"],
            "card": card,
            "wins": row["values"][card],
            "seconds": round(seconds, 3),
        }
        with args.out.open("a") as f:
            f.write(json.dumps(answer) + "\n")


def compare(paths: list[Path]) -> None:
    """Each variant's rate of giving a won deal away, and each pair on common positions."""
    runs: dict[str, dict[int, dict[str, Any]]] = {}
    for path in paths:
        for row in positions(path):
            runs.setdefault(row["name"], {})[row["position"]] = row
    for name, rows in runs.items():
        lost = sum(not r["wins"] for r in rows.values())
        lo, hi = wilson_interval(lost, len(rows))
        split = {
            role: (
                sum(not r["wins"] for r in rows.values() if r["role"] == role),
                sum(r["role"] == role for r in rows.values()),
            )
            for role in ("calling", "defending")
        }
        roles = ", ".join(f"{role} {a}/{n}" for role, (a, n) in split.items())
        times = sorted(r["seconds"] for r in rows.values())
        print(
            f"{name:16} {len(rows):5} positions, won deal given away {lost / len(rows):.3f} "
            f"[{lo:.3f}, {hi:.3f}] ({roles}); median {times[len(times) // 2]:.2f} s"
        )
    names = list(runs)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            common = runs[a].keys() & runs[b].keys()
            a_only = sum(runs[a][k]["wins"] and not runs[b][k]["wins"] for k in common)
            b_only = sum(runs[b][k]["wins"] and not runs[a][k]["wins"] for k in common)
            print(
                f"{a} vs {b}: {len(common)} common positions, {a} right where {b} wrong "
                f"{a_only}, the other way {b_only} (p = {sign_test(a_only, b_only):.3f})"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    gather = commands.add_parser("collect", help="Find Hard's critical decisions.")
    gather.add_argument("--seeds", type=int, default=50)
    gather.add_argument("--seed", type=int, default=5000)
    gather.add_argument("--out", type=Path, required=True)
    ask = commands.add_parser("score", help="Ask a Hard variant at every position.")
    ask.add_argument("positions", type=Path)
    ask.add_argument("--name", required=True)
    ask.add_argument("--out", type=Path, required=True)
    ask.add_argument("--budget", type=float, default=0.4)
    ask.add_argument("--samples", type=int, default=64, help="6 worlds each (384).")
    ask.add_argument("--swaps", type=int, default=hard.SWAPS_PER_WORLD, help="Between worlds.")
    ask.add_argument("--burn-in", type=int, default=hard.BURN_IN)
    ask.add_argument("--surprise", type=float, default=evidence.SURPRISE)
    ask.add_argument("--exploration", type=float, default=tree.EXPLORATION)
    ask.add_argument("--stride", type=int, default=1, help="Take every STRIDE-th position ...")
    ask.add_argument("--offset", type=int, default=0, help="... starting at this one.")
    report = commands.add_parser("compare", help="Print the rates and the pairs.")
    report.add_argument("answers", type=Path, nargs="+")
    args = parser.parse_args()
    if args.command == "collect":
        collect(range(args.seed, args.seed + args.seeds), args.out)
    elif args.command == "score":
        score(args)
    else:
        compare(args.answers)


if __name__ == "__main__":
    main()
