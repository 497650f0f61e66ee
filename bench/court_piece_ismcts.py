"""An experiment, not a bot level: Court Piece card play by ISMCTS against greedy opponents.

Hard solves sampled worlds double dummy, which treats the opponents as
perfect. The greedy bot is a known, fixed function of its hand and the
trick, and a pair that sees all four hands and searches against its actual
replies wins 83% of deals, against 64% for double-dummy play
(``bench/court_piece_deals.py``, ``oracle-br``). Searching against greedy
inside each sampled world did not carry that over: the lines it finds need
exact card places (strategy fusion, ``docs/bots.md``).

This is the information-set answer: single-observer ISMCTS. One tree is
shared by every world. Each iteration takes the next believable world (the
same sampling and play evidence as Hard), walks down the tree choosing our
side's cards by UCB1 among those that world makes legal (availability
counts), lets each opponent play greedy's card in that world, adds one node
and plays on with greedy's rule for all four seats until a side has the
tricks it needs. The card at the root tried most often is played. Our side
never sees a card the world does not show it in the tree's statistics, so a
line is only preferred if it wins across the worlds.

Measured against greedy (seeds 200-274, 150 deals, 0.4 s a decision, with
the experiment this module was tidied from: the same search and settings,
its random draws in another order): 65.3% of deals, Hard 67.3% on the same
deals; within noise, and not a gain. ``docs/bots.md`` gives the variants
tried. Run it with ``bench/court_piece_deals.py --bots ismcts``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from atout.bots.greedy.court_piece import choose_card as greedy_card
from atout.bots.hard import court_piece as hard
from atout.bots.hard.court_piece_evidence import PlayEvidence
from atout.bots.medium import court_piece as medium
from atout.bots.sampling import believable_world, court_piece_world
from atout.cards import Card, CardSet, cards_of, mask_of, parse_card
from atout.tricks import legal_follow, plain_trick_winner

EXPLORATION = 1.0
"""UCB1's constant; the values are the deal's stakes, -1 and +1 in most positions."""

WORLDS = 48
"""Believable worlds drawn per decision (at most a quarter of the budget), used in turn."""


class _Node:
    """Our side's statistics for one card after one history (opponents' nodes keep none)."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Card, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 1


def _legal(hand: CardSet, trick: Sequence[Card]) -> list[Card]:
    return list(cards_of(legal_follow(hand, trick[0] // 13) if trick else hand))


def search(
    worlds: Sequence[Sequence[CardSet]],
    *,
    seat: int,
    trump: int,
    leader: int,
    trick: Sequence[Card],
    need: int,
    stakes: tuple[float, float],
    deadline: float,
    rng: random.Random,
) -> Card:
    """The card for ``seat`` that reaches ``need`` more tricks most often across ``worlds``."""
    side = seat % 2
    their_need = worlds[0][seat].bit_count() - need + 1  # tricks that leave us short
    root = _Node()
    iteration = 0
    while iteration < 2 * len(worlds) or time.perf_counter() < deadline:
        hands = list(worlds[iteration % len(worlds)])
        iteration += 1
        played, lead = list(trick), leader
        ours = theirs = 0
        node, path, expanded = root, [], False
        while True:
            player = (lead + len(played)) % 4
            cards = _legal(hands[player], played)
            if player % 2 != side or expanded:
                card = greedy_card(cards, played, trump)
                if not expanded:
                    node = node.children.setdefault(card, _Node())
            else:
                card, expanded = _select(node, cards, rng)
                node = node.children[card]
                path.append(node)
            hands[player] &= ~(1 << card)
            played.append(card)
            if len(played) < 4:
                continue
            winner = (lead + plain_trick_winner(played, trump)) % 4
            ours += winner % 2 == side
            theirs += winner % 2 != side
            if ours >= need or theirs >= their_need:
                break
            played, lead = [], winner
        value = stakes[ours >= need]
        for visited in path:
            visited.visits += 1
            visited.total += value
    return max(root.children.items(), key=lambda item: item[1].visits)[0]


def _select(node: _Node, cards: list[Card], rng: random.Random) -> tuple[Card, bool]:
    """A card not tried here yet (then the tree grows), else the best by UCB1 with availability."""
    untried = [c for c in cards if c not in node.children]
    for card in cards:
        if card in node.children:
            node.children[card].available += 1
    if untried:
        card = rng.choice(untried)
        node.children[card] = _Node()
        return card, True

    def ucb(card: Card) -> float:
        child = node.children[card]
        mean = child.total / child.visits
        return mean + EXPLORATION * math.sqrt(math.log(child.available) / child.visits)

    return max(cards, key=ucb), False


def choose(view: Mapping[str, Any], rng: random.Random, budget: float) -> str:
    """Hard's trump call and shortcuts; the card itself by :func:`search`."""
    legal = list(view["legal"])
    if len(legal) == 1 or view["phase"] == "trump":
        return hard.choose(view, rng, budget)
    if any(a.startswith(("correct", "claim")) for a in legal):
        return medium.choose(view, rng)
    seat = int(view["seat"])
    won = [int(x) for x in view["tricks_won"]]
    need, stakes = hard._need(won, seat % 2, courts=view.get("variant") == "courts")
    by_card = {parse_card(a): a for a in legal}
    hand = mask_of(parse_card(c) for c in view["hand"])
    if need > len(view["hand"]) or hard._equivalent(list(by_card), hand | hard._gone(view)):
        return medium.choose(view, rng)
    evidence = PlayEvidence.from_view(view)
    weight = evidence.weight if evidence.plays else None

    def draw(r: random.Random) -> list[CardSet]:
        return list(court_piece_world(view, r).hands)

    start = time.perf_counter()
    worlds: list[list[CardSet]] = []
    while len(worlds) < WORLDS and (len(worlds) < 8 or time.perf_counter() < start + budget / 4):
        worlds.append(believable_world(draw, weight, rng, hard.CANDIDATES))
    card = search(
        worlds,
        seat=seat,
        trump="SHDC".index(view["trump"]),
        leader=int(view["trick"]["leader"]),
        trick=[parse_card(c) for c in view["trick"]["cards"]],
        need=need,
        stakes=stakes,
        deadline=start + budget,
        rng=rng,
    )
    return by_card[card]
