"""An experiment, not a bot level: Hard Court Piece's card play before the tree search.

Until the tree search (``atout.bots.court_piece.tree``), Hard played
each card by PIMC: believable worlds (the same sampling and play evidence),
each solved double dummy by DDS, a card scored +-1 by whether it still
reaches the target in the world plus :data:`TRICK_WEIGHT` a trick, the best
mean card played. Kept here so that the two can be compared on the same
deals: ``bench/court_piece_deals.py --bots hard,hard-dd``. The trump call is
Hard's own (unchanged).
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

from atout.bots.court_piece import hard, medium
from atout.bots.court_piece.evidence import PlayEvidence
from atout.bots.pimc import pimc
from atout.bots.sampling import believable_world, court_piece_world
from atout.cards import CardSet, mask_of, parse_card
from atout.solver.dds import dds_solve

CANDIDATES = 8
"""Uniform worlds drawn for each world solved; the play evidence picks one of them."""

TRICK_WEIGHT = 0.05
"""A trick's worth next to the +-1 of reaching the target: when the target is out of
reach in a world, the card that keeps most tricks leaves most room for mistakes."""


def choose(view: Mapping[str, Any], rng: random.Random, budget: float, samples: int = 64) -> str:
    """Hard's trump call and shortcuts; each card by PIMC with double dummy."""
    legal = list(view["legal"])
    if len(legal) == 1 or view["phase"] == "trump":
        return hard.choose(view, rng, budget, samples)
    if any(a.startswith(("correct", "claim")) for a in legal):
        return medium.choose(view, rng)
    seat = int(view["seat"])
    trump = "SHDC".index(view["trump"])
    trick = [parse_card(c) for c in view["trick"]["cards"]]
    leader = int(view["trick"]["leader"])
    won = [int(x) for x in view["tricks_won"]]
    need, stakes = hard._need(won, seat % 2, courts=view.get("variant") == "courts")
    by_card = {parse_card(a): a for a in legal}
    fallback = medium.choose(view, rng)
    hand = mask_of(parse_card(c) for c in view["hand"])
    if need > len(view["hand"]) or hard._equivalent(list(by_card), hand | hard._gone(view)):
        return fallback
    evidence = PlayEvidence.from_view(view)
    weight = evidence.weight if evidence.plays else None

    def draw(r: random.Random) -> list[CardSet]:
        return list(court_piece_world(view, r).hands)

    def evaluate(r: random.Random) -> dict[str, float] | None:
        hands = believable_world(draw, weight, r, CANDIDATES)
        scores = dds_solve(hands, trump, leader, trick, solutions=3)
        return {
            a: stakes[scores.get(c, 0) >= need] + TRICK_WEIGHT * scores.get(c, 0)
            for c, a in by_card.items()
        }

    deadline = time.perf_counter() + budget
    return pimc(
        legal,
        evaluate,
        rng,
        deadline=deadline,
        min_samples=2,
        max_samples=2 * samples,
        prior={fallback: 0.005},
    )


class _Player:
    """This card play as an outside bot: ``atout sim --players court_piece_pimc:make,...``."""

    def __init__(self, seed: int | None, budget: float) -> None:
        self.rng = random.Random(seed)
        self.budget = budget

    def choose(self, view: Mapping[str, Any]) -> str:
        return choose(view, self.rng, self.budget)


def make(game: str, seed: int | None = None, budget: float = 0.4) -> _Player:
    """An outside-bot factory (run with ``PYTHONPATH=bench``), for head-to-head matches."""
    if game != "court-piece":
        raise ValueError(f"this bench bot plays court-piece, not {game}")
    return _Player(seed, budget)
