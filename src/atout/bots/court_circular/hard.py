"""Hard Court Circular: PIMC with short greedy rollouts.

There are no suits to follow and no tricks to count, so a double-dummy
search does not apply; instead each world (the opponent's hand, the stock
order and the face-down piles drawn from the view) is played forward from
every legal action by the greedy player on both sides, to the end of the
current trick and ``horizon`` tricks more, and the action's value is the
difference in won-card points then (the deal scores that difference). This
decides the concessions and the choice of the next Lead by simulation too.
Worlds are weighted by the opponent's cards in the current trick
(:mod:`.evidence`).

Two tricks past the current one measured best against greedy (77% of 100
games, where one trick won 64% and three 65%); to the end of the deal was
far weaker (34% where one trick won 67%): greedy play over a whole deal is a
noisy judge, and each world costs more of the budget (``docs/figures.md``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from atout.bots.court_circular import greedy
from atout.bots.court_circular.evidence import TrickEvidence
from atout.bots.levels import View, typed
from atout.bots.pimc import pimc
from atout.bots.sampling import (
    World,
    believable_world,
    court_circular_state,
    court_circular_world,
)
from atout.cards import CARD_BY_NAME, card_name, cards_of
from atout.games.court_circular import COURT_CIRCULAR, Phase
from atout.games.court_circular_lines import card_points
from atout.games.court_circular_view import CourtCircularView

__all__ = ["careful", "choose"]

CONCEDE = "concede"

_RULES = COURT_CIRCULAR.parse_rules({})
_CARROLL_RULES = COURT_CIRCULAR.parse_rules({"carroll_resign": True})
"""The rules rollouts play by: who may resign when is the one rule option that changes play."""

HORIZON = 2
"""Tricks played out after the current one (``docs/figures.md`` has the measurements)."""

CANDIDATES = 8
"""Uniform worlds drawn for each world played out; the opponent's cards pick one of them."""


def _policy(state: Any) -> str:
    """The greedy player's choice, read straight from a full state (no view to build)."""
    turn = state.turn
    hand = state.hand(turn)
    if state.phase is Phase.LEAD:
        return greedy._choose_lead(state.legal_actions(), hand)
    card = greedy.play_or_resign(
        state.table(turn),
        state.table(1 - turn),
        hand,
        state.lead,
        may_resign=state.may_concede(),
    )
    return CONCEDE if card is None else card_name(card)


def _rollout(state: Any, seat: int, horizon: int) -> float:
    """Greedy play by both sides until ``horizon`` more tricks have closed; our point lead."""
    limit = len(state.tricks()) + horizon + 1
    while not state.is_over() and len(state.tricks()) < limit:
        state = state.apply(_policy(state))
    points = state.pile_points()
    return float(points[seat] - points[1 - seat])


def _believability(view: CourtCircularView) -> Callable[[World], float] | None:
    """How well a world explains the opponent's cards in this trick (``None``: nothing to read)."""
    if view.phase is not Phase.PLAY:
        return None
    evidence = TrickEvidence.from_view(view)
    if not evidence.plays:
        return None
    assert view.seat is not None
    other = 1 - view.seat
    return lambda world: evidence.weight(world.hands[other])


def choose(
    view: View,
    rng: random.Random,
    budget: float,
    samples: int = 64,
    horizon: int = HORIZON,
    candidates: int = CANDIDATES,
) -> str:
    """The hard action for this view, within ``budget`` seconds.

    ``horizon`` and ``candidates`` (1: uniform worlds, the opponent's cards
    unread) are there for the medium level, which looks less far. The search
    starts from :func:`careful`'s action.
    """
    seen = typed(view, CourtCircularView)
    legal = list(seen.legal)
    if len(legal) == 1:
        return str(legal[0])
    seat = seen.seat
    assert seat is not None
    rules = _CARROLL_RULES if seen.carroll_resign else _RULES
    fallback = careful(seen, rng)
    weight = _believability(seen) if candidates > 1 else None  # one world: nothing to weigh

    def draw(r: random.Random) -> World:
        return court_circular_world(seen, r)

    def evaluate(r: random.Random) -> dict[str, float] | None:
        world = believable_world(draw, weight, r, candidates)
        base = court_circular_state(seen, world, rules)
        out: dict[str, float] = {}
        for action in legal:
            try:
                state = base.apply(action)
            except ValueError:
                continue
            out[action] = _rollout(state, seat, horizon)
        return out or None

    deadline = time.perf_counter() + budget
    return pimc(
        legal,
        evaluate,
        rng,
        deadline=deadline,
        min_samples=2,
        max_samples=samples,
        prior={fallback: 0.25},
    )


def careful(view: View, rng: random.Random) -> str:
    """The greedy action, except that a nearly empty trick is played out, not resigned."""
    seen = typed(view, CourtCircularView)
    action = greedy.choose(seen, rng)
    if action != "concede":
        return action
    # Resigning saves the cards still in hand from the opponent's pile; with one card left to
    # play it saves at most that card, so play it unless the table is already lost anyway.
    seat = seen.seat
    assert seat is not None
    mine = seen.table[seat].bit_count()
    if mine >= 2:
        table = cards_of(seen.table[0] | seen.table[1])
        at_stake = sum(card_points(c, face_up=True) for c in table)
        if at_stake <= 6:
            plays = [a for a in seen.legal if a != "concede"]
            if plays:
                by_name = CARD_BY_NAME
                return str(min(plays, key=lambda a: card_points(by_name[a], face_up=True)))
    return action
