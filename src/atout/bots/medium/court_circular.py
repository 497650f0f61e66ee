"""Medium Court Circular: the greedy line-builder, which already plays the rules' own judgement.

The greedy bot evaluates lines with the engine's :func:`best_line`, resigns
lost tricks and picks the Lead that suits its hand; what it lacks is any
look ahead, which the Hard bot adds by simulation. The medium level adds
one habit of careful players: it does not resign a trick whose table holds
little (resigning gives the opponent the table *face up* when he led),
only one that would cost more if played out.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from atout.bots.greedy import court_circular as greedy
from atout.cards import parse_card
from atout.games.court_circular_lines import card_points

__all__ = ["choose"]


def choose(view: Mapping[str, Any], rng: random.Random) -> str:
    """The medium action for this view."""
    action = greedy.choose(view, rng)
    if action != "concede":
        return action
    # Resigning saves the cards still in hand from the opponent's pile; with one card left to
    # play it saves at most that card, so play it unless the table is already lost anyway.
    seat = int(view["seat"])
    mine = len(view["table"][seat])
    if mine >= 2:
        table = [parse_card(c) for side in view["table"] for c in side]
        at_stake = sum(card_points(c, face_up=True) for c in table)
        if at_stake <= 6:
            plays = [a for a in view["legal"] if a != "concede"]
            if plays:
                return str(min(plays, key=lambda a: card_points(parse_card(a), face_up=True)))
    return action
