"""Medium Court Circular: the greedy line-builder with a short look at the end of the trick.

The greedy bot evaluates lines with the engine's :func:`best_line`, resigns
lost tricks and picks the Lead that suits its hand; what it lacks is any
look ahead. The medium level looks a little (``FIELD.md``: "PIMC with few
worlds and heuristic rollouts"): three worlds, each action played out by
the greedy player to the end of the current trick only. :func:`careful`
is the rule-only fallback: it keeps playing a nearly empty trick rather than
resign it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from atout.bots.court_circular import greedy
from atout.cards import parse_card
from atout.games.court_circular_lines import card_points

__all__ = ["careful", "choose"]


def choose(view: Mapping[str, Any], rng: random.Random) -> str:
    """The medium action: three worlds, each action played to the end of the trick."""
    from atout.bots.court_circular import hard as hard  # noqa: PLC0415 - hard imports this module

    # Fixed work, so deterministic; uniform worlds: the opponent's cards are not read.
    return hard.choose(view, rng, float("inf"), samples=3, horizon=0, candidates=1)


def careful(view: Mapping[str, Any], rng: random.Random) -> str:
    """The greedy action, except that a nearly empty trick is played out, not resigned."""
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
