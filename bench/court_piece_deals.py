"""Court Piece deal by deal: each bot pair against greedy on the same deals, and a ceiling.

Usage: ``python bench/court_piece_deals.py [--deals N] [--seed S] [--budget B] [--bots ...]
[--out FILE]``

A match (first side to 5 points) is mostly luck of the cards, so match win
rates need hundreds of matches to compare bots. Deals are cheaper to read:
every seed's first deal is played twice, the bot pair at seats 0 and 2 and
then at 1 and 3, against two greedy bots, and every bot meets the same
deals. Printed per bot: deals won with a 95% Wilson interval, as trump
caller's side and as defenders, how many deals it won that another bot
lost, and the match win rate those deal results imply (a Markov chain over
the deal points, to 5).

``oracle`` is not a fair bot: it sees all four hands and plays, in the real
deal, the card that double dummy says still reaches its side's target (the
medium card when several or none do), with the medium trump call. It
shows how much of the deal is decided by the cards: what a pair that knew
everything would score against greedy with this approach. ``oracle+``
plays, when no card reaches the target, the card that keeps most tricks
(what Hard's trick weight aims at) instead of the medium card. ``oracle-br``
knows the greedy bot's policy as well: where double dummy finds no card
that reaches the target, it searches for a line that beats greedy's actual
replies (:mod:`atout.bots.court_piece.response`) and plays it.
``--out bench/out/FILE.jsonl`` appends every deal's result (``bench/out/`` is
not kept in git), so runs can be pooled and paired.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from atout.bots.court_piece import medium
from atout.bots.court_piece.hard import _need
from atout.bots.court_piece.response import reaching
from atout.bots.registry import make_bot
from atout.cards import mask_of, parse_card
from atout.core import Match
from atout.games import get_game
from atout.sim.stats import wilson_interval
from atout.solver.dds import dds_solve

GAME = get_game("court-piece")
RESPONSE_NODES = 200_000
"""``oracle-br``'s search cap per decision (a few tenths of a second at most)."""
Chooser = Callable[[Match, Mapping[str, Any]], str]


def _oracle(seed: int, *, most_tricks: bool, response: bool = False) -> Chooser:
    rng = random.Random(seed)

    def choose(match: Match, view: Mapping[str, Any]) -> str:
        hands = [mask_of(parse_card(c) for c in match.view(s)["hand"]) for s in range(4)]
        return oracle_action(
            view, hands, medium.choose(view, rng), most_tricks=most_tricks, response=response
        )

    return choose


def oracle_action(
    view: Mapping[str, Any],
    hands: list[int],
    fallback: str,
    *,
    most_tricks: bool,
    response: bool = False,
) -> str:
    """The oracle's card with all four ``hands`` (card masks) known: see the module doc.

    ``fallback`` is the card played when double dummy does not choose (the trump
    call, a single legal card, several cards that reach the target, or none when
    not ``most_tricks``). Also ``bench/cp_ceiling.py``'s card play in whole matches.
    """
    legal = list(view["legal"])
    if view["phase"] == "trump" or len(legal) == 1:
        return fallback
    courts = view.get("variant") == "courts"
    need, _ = _need(list(view["tricks_won"]), int(view["seat"]) % 2, courts=courts)
    if need > len(view["hand"]):
        return fallback
    trick = [parse_card(c) for c in view["trick"]["cards"]]
    trump = "SHDC".index(view["trump"])
    leader = int(view["trick"]["leader"])
    scores = dds_solve(hands, trump, leader, trick, solutions=3)
    tricks = {a: scores.get(parse_card(a), -1) for a in legal}
    best = max(tricks.values())
    if best < need and response:
        order = sorted(tricks, key=lambda a: -tricks[a])
        side = int(view["seat"]) % 2
        cards = [parse_card(a) for a in order]
        found = reaching(
            hands,
            cards,
            trump=trump,
            leader=leader,
            trick=trick,
            side=side,
            need=need,
            node_limit=RESPONSE_NODES,
        )
        beating = [a for a in order if parse_card(a) in found]
        if beating:
            return fallback if fallback in beating else beating[0]
    if best < need and not most_tricks:
        return fallback
    good = [a for a in legal if tricks[a] >= min(need, best)]
    return fallback if fallback in good else good[0]


def _bot(name: str, seed: int, budget: float) -> Chooser:
    if name.startswith("oracle"):
        return _oracle(seed, most_tricks=name == "oracle+", response=name == "oracle-br")
    bot = make_bot(name, "court-piece", seed, budget_seconds=budget)
    return lambda match, view: bot.choose(view)


def play_deal(name: str, seed: int, swapped: bool, budget: float) -> tuple[int, bool]:
    """The bot side's points minus greedy's in seed's first deal, and whether it called trump."""
    rng = random.Random(seed)
    match = Match.new(GAME, {}, rng)
    ours = 1 if swapped else 0
    players = [
        _bot(name, seed * 16 + s, budget) if s % 2 == ours else _bot("greedy", seed * 16 + s, 0)
        for s in range(4)
    ]
    while not match.needs_deal() and not match.is_over():
        actor = match.actor
        assert actor is not None
        match = match.apply(players[actor](match, match.view(actor)), match.turn)
    settlement = match.deals[-1].settlement
    assert settlement is not None
    caller = (match.deals[-1].layout.dealer + 1) % 4
    return settlement.points[ours] - settlement.points[1 - ours], caller % 2 == ours


def match_win_rate(points: list[int], target: int = 5) -> float:
    """The chance of reaching ``target`` first when deals score like ``points`` (ours > 0)."""
    share = {p: points.count(p) / len(points) for p in set(points)}

    @functools.cache
    def win(a: int, b: int) -> float:
        if a >= target or b >= target:
            return float(a >= target)
        return sum(q * (win(a + p, b) if p > 0 else win(a, b - p)) for p, q in share.items())

    return win(0, 0)


def main() -> None:
    """Play the deals for every bot and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=100, help="Seeds (each played twice).")
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--budget", type=float, default=0.4, help="Hard seconds per decision.")
    parser.add_argument("--bots", default="medium,hard,oracle,oracle+")
    parser.add_argument("--out", help="Append each deal's result here (JSON lines), to pool runs.")
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.deals)
    won: dict[str, set[tuple[int, bool]]] = {}
    for name in args.bots.split(","):
        results = {(s, w): play_deal(name, s, w, args.budget) for s in seeds for w in (False, True)}
        if args.out:
            Path(args.out).parent.mkdir(parents=True, exist_ok=True)
            with open(args.out, "a") as out:
                for (s, w), (p, c) in results.items():
                    row = {"bot": name, "seed": s, "swapped": w, "points": p, "caller": c}
                    out.write(json.dumps(row) + "\n")
        won[name] = {k for k, (p, _) in results.items() if p > 0}
        n = len(results)
        lo, hi = wilson_interval(len(won[name]), n)
        split = [
            sum(p > 0 for p, c in results.values() if c == caller)
            / max(1, sum(c == caller for _, c in results.values()))
            for caller in (True, False)
        ]
        points = [p for p, _ in results.values()]
        others = ", ".join(
            f"{len(won[name] - won[o])}:{len(won[o] - won[name])} vs {o}" for o in won if o != name
        )
        print(
            f"{name:7} deals {n}  won {len(won[name]) / n:.3f} [{lo:.3f}, {hi:.3f}]  "
            f"as caller {split[0]:.3f}, defending {split[1]:.3f}  "
            f"implied match win {match_win_rate(points):.3f}  {others}",
            flush=True,
        )


if __name__ == "__main__":
    main()
