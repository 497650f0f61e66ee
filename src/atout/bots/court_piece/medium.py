"""Medium Court Piece: the book's card play (:mod:`atout.bots.book`) and a sound trump call.

* Naming trump: the suit with the most length and honours among the first
  five (an ace-king counts like an extra card), since the caller's side
  needs trump control to reach seven tricks.
* Playing: cash winners, draw trumps when long in them, second hand low,
  third hand high, keep partner's winners, ruff only what is not ours,
  discard from weak suits; voids shown by the others are remembered from
  the trick history in the view.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from atout.bots.book import choose_card
from atout.bots.revokes import proven_revoke
from atout.bots.sampling import shown_voids
from atout.cards import card_name, mask_of, parse_card

__all__ = ["choose", "name_trump"]


def choose(view: Mapping[str, Any], rng: random.Random) -> str:
    """The medium action for this view."""
    legal: Sequence[str] = view["legal"]
    if not legal:
        raise ValueError("no legal action in this view")
    if proven_revoke(view):
        return "claim revoke"
    if view["phase"] == "trump":
        return f"trump {'SHDC'[name_trump([parse_card(c) for c in view['hand']])]}"
    cards = [parse_card(c) for c in legal if not c.startswith(("correct", "claim"))]
    if not cards:
        return legal[0]
    hand = mask_of(parse_card(c) for c in view["hand"])
    trick_view = view["trick"]
    trick = [parse_card(c) for c in trick_view["cards"]]
    if trick:  # honour mode lets any card be played: still follow suit
        same = [c for c in cards if c // 13 == trick[0] // 13]
        cards = same or cards
    done = [
        (int(t["leader"]), [parse_card(c) for c in t["cards"]], None)
        for t in view.get("tricks", [])
    ]
    played = mask_of(c for _, cs, _ in done for c in cs) | mask_of(trick)
    if trick:
        done.append((int(trick_view["leader"]), trick, None))
    voids = shown_voids(done, 4, lambda c: c // 13)
    card = choose_card(
        hand=hand,
        legal=cards,
        trick=trick,
        seat=int(view["seat"]),
        leader=int(trick_view["leader"]),
        trump="SHDC".index(view["trump"]),
        played=played,
        voids=voids,
    )
    return card_name(card)


def name_trump(first_five: Sequence[int]) -> int:
    """The suit to name: length first, then honours (A, K, Q, J) and their rank sum."""

    def strength(suit: int) -> tuple[float, int]:
        ranks = sorted((c % 13 for c in first_five if c // 13 == suit), reverse=True)
        honours = sum(1 for r in ranks if r >= 9)
        tops = 0.5 if ranks[:2] == [12, 11] else 0.0
        return (len(ranks) + 0.3 * honours + tops, sum(ranks))

    return max(range(4), key=strength)
