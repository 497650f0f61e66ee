"""Hard Court Piece: PIMC over sampled deals, each solved double dummy by DDS.

A deal is won by the first side to seven tricks (a Bavney, all thirteen,
scores double; in the courts variant seven straight tricks make a court),
so a card's value in one world is first whether it still reaches seven (+1)
or not (-1); in the Bavney chase the question is all thirteen tricks (or,
defending, one). Its trick count (DDS scores every card) adds
:data:`TRICK_WEIGHT` a trick: when the target is out of reach in a world,
the card that keeps most tricks leaves the most room for the opponents'
mistakes (with all four hands known, a pair that plays so against the
greedy bot wins 68.8% of 600 deals, against 66.0% when it plays the rule
card in lost positions: ``bench/court_piece_deals.py``). Ties go to the
medium bot's card.

Worlds are weighted by the opponents' plays (:mod:`.court_piece_evidence`):
each world is one of a few uniform draws, picked in proportion to how well
rule play explains what the opponents did in it.
When every legal card is equivalent (touching ranks of one suit, no card
left out between them) the choice cannot matter and is answered at once.

The trump call is simulated too: for each world (the caller's eight unseen
cards drawn as well), DDS says whether the caller's side makes seven tricks
with each suit as trump, the caller leading; the suit that makes most often
is named.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

from atout.bots.hard.court_piece_evidence import PlayEvidence
from atout.bots.medium import court_piece as medium
from atout.bots.pimc import pimc
from atout.bots.sampling import believable_world, court_piece_world
from atout.cards import CardSet, mask_of, parse_card
from atout.solver.dds import dds_solve

__all__ = ["CANDIDATES", "choose"]

CANDIDATES = 8
"""Uniform worlds drawn for each world used; the play evidence picks one of them."""

TRICK_WEIGHT = 0.05
"""A trick's worth next to the +-1 of reaching the target (0: ask DDS only yes/no)."""


def _need(won: list[int], side: int, *, courts: bool) -> tuple[int, tuple[float, float]]:
    """The further tricks that matter to our side and what (failing, making) them is worth.

    Normally the first to seven wins the deal. In the simple variant's Bavney
    chase (a side at 7-0 plays on), the leading side aims at all thirteen
    and the other at one trick, and the stakes are the Bavney's extra point.
    """
    ours, theirs = won[side], won[1 - side]
    if not courts and theirs == 0 and ours >= 7:
        return 13 - ours, (1.0, 2.0)
    if not courts and ours == 0 and theirs >= 7:
        return 1, (-2.0, -1.0)
    return max(1, 7 - ours), (-1.0, 1.0)


def choose(view: Mapping[str, Any], rng: random.Random, budget: float, samples: int = 64) -> str:
    """The hard action for this view, within ``budget`` seconds (the trump call gets three)."""
    legal = list(view["legal"])
    if len(legal) == 1:
        return str(legal[0])
    if view["phase"] == "trump":
        return _call_trump(view, rng, time.perf_counter() + 3 * budget, max(2, samples // 2))
    if any(a.startswith(("correct", "claim")) for a in legal):
        return medium.choose(view, rng)
    seat = int(view["seat"])
    side = seat % 2
    trump = "SHDC".index(view["trump"])
    trick_view = view["trick"]
    trick = [parse_card(c) for c in trick_view["cards"]]
    leader = int(trick_view["leader"])
    won = [int(x) for x in view["tricks_won"]]
    courts = view.get("variant") == "courts"
    by_card = {parse_card(a): a for a in legal}
    fallback = medium.choose(view, rng)

    need, stakes = _need(won, side, courts=courts)
    if need > len(view["hand"]):
        return fallback  # the deal's result no longer depends on this card
    hand = mask_of(parse_card(c) for c in view["hand"])
    if _equivalent(list(by_card), hand | _gone(view)):
        return fallback
    evidence = PlayEvidence.from_view(view)
    weight = evidence.weight if evidence.plays else None

    def draw(r: random.Random) -> list[CardSet]:
        return list(court_piece_world(view, r).hands)

    def evaluate(r: random.Random) -> dict[str, float] | None:
        hands = believable_world(draw, weight, r, CANDIDATES)
        if not TRICK_WEIGHT:  # a yes/no question per card: can we reach ``need`` tricks?
            scores = dds_solve(hands, trump, leader, trick, target=need, solutions=2)
            made = {by_card[c] for c, t in scores.items() if t >= need and c in by_card}
            return {a: stakes[a in made] for a in legal}
        scores = dds_solve(hands, trump, leader, trick, solutions=3)
        return {
            a: stakes[scores.get(c, 0) >= need] + TRICK_WEIGHT * scores.get(c, 0)
            for c, a in by_card.items()
        }

    prior = {fallback: 0.005}
    deadline = time.perf_counter() + budget
    return pimc(
        legal, evaluate, rng, deadline=deadline, min_samples=2, max_samples=2 * samples, prior=prior
    )


def _gone(view: Mapping[str, Any]) -> CardSet:
    """Every card already played (finished tricks the view shows, and the current one)."""
    names = [c for t in view.get("tricks") or [] for c in t["cards"]]
    names += view["trick"]["cards"]
    return mask_of(parse_card(c) for c in names)


def _equivalent(cards: list[int], known: CardSet) -> bool:
    """Whether the cards are one suit with every card between them in ``known`` (ours or gone).

    Then they win and lose exactly the same tricks, so no sampling is needed.
    (Under the courts rules old tricks are hidden, so only our own cards count.)
    """
    if len({c // 13 for c in cards}) != 1:
        return False
    return all(known >> c & 1 for c in range(min(cards), max(cards) + 1))


def _call_trump(view: Mapping[str, Any], rng: random.Random, deadline: float, samples: int) -> str:
    seat = int(view["seat"])
    legal = list(view["legal"])
    preferred = f"trump {'SHDC'[medium.name_trump([parse_card(c) for c in view['hand']])]}"

    def evaluate(r: random.Random) -> dict[str, float] | None:
        world = court_piece_world(view, r)
        hands = list(world.hands)
        out: dict[str, float] = {}
        for action in legal:
            suit = "SHDC".index(action.split()[1])
            scores = dds_solve(hands, suit, seat, target=7, solutions=1)
            out[action] = 1.0 if scores and max(scores.values()) >= 7 else -1.0
        return out

    return pimc(
        legal,
        evaluate,
        rng,
        deadline=deadline,
        min_samples=2,
        max_samples=2 * samples,
        prior={preferred: 0.05},
    )
