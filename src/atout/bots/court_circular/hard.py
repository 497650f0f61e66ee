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

The opponent is read over the match (:mod:`.opponents`, one model per Hard
bot, shown every view it gets). Once the reading has settled on someone
else (:func:`_settled`: eight moves read, less than half his posterior
on greedy and medium, another component at :data:`SETTLED` or more), his
cards weigh worlds by the whole mixture (:class:`~.evidence.StyledEvidence`)
and the rollouts play his likeliest style for him if it is cautious or
aggressive (greedy otherwise: medium mostly plays greedy's move, and
anyone's is not worth simulating).
Until then Hard plays exactly as it did before the model.

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
from atout.bots.court_circular.evidence import STYLED_BELOW, StyledEvidence, TrickEvidence
from atout.bots.court_circular.opponents import OpponentModel
from atout.bots.court_circular.panel import style_move
from atout.bots.court_circular.policies import RULE
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

__all__ = ["careful", "choose", "rollout_style"]

CONCEDE = "concede"

_RULES = COURT_CIRCULAR.parse_rules({})
_CARROLL_RULES = COURT_CIRCULAR.parse_rules({"carroll_resign": True})
"""The rules rollouts play by: who may resign when is the one rule option that changes play."""

HORIZON = 2
"""Tricks played out after the current one (``docs/figures.md`` has the measurements)."""

CANDIDATES = 8
"""Uniform worlds drawn for each world played out; the opponent's cards pick one of them."""


SETTLED = 0.7
"""The posterior a style other than greedy and medium needs before Hard reads him by it."""

SETTLE_AFTER = 8
"""Moves read (over the match) before the reading may settle: one first card of a trick
can weigh 8 to 1 for the aggressive player in uniform worlds, also when a greedy one
played it (bench seed 37026)."""

STYLES = ("cautious", "aggressive")
"""The styles the rollouts play for an opponent who reads as one (else greedy)."""


def _policy(state: Any, style: str | None = None) -> str:
    """The greedy player's choice, read straight from a full state (no view to build);
    ``style`` (cautious or aggressive) puts down the panel's card instead."""
    turn = state.turn
    hand = state.hand(turn)
    if state.phase is Phase.LEAD:
        return greedy._choose_lead(state.legal_actions(), hand)
    if style is None:
        card = greedy.play_or_resign(
            state.table(turn),
            state.table(1 - turn),
            hand,
            state.lead,
            may_resign=state.may_concede(),
        )
    else:
        card = style_move(
            style,  # type: ignore[arg-type]
            state.table(turn),
            state.table(1 - turn),
            hand,
            state.lead,
            may_resign=state.may_concede(),
        )
    return CONCEDE if card is None else card_name(card)


def _rollout(state: Any, seat: int, horizon: int, style: str | None = None) -> float:
    """Greedy play by both sides until ``horizon`` more tricks have closed; our point lead.

    ``style``: the opponent plays that panel style instead of greedy.
    """
    limit = len(state.tricks()) + horizon + 1
    while not state.is_over() and len(state.tricks()) < limit:
        state = state.apply(_policy(state, style if state.turn != seat else None))
    points = state.pile_points()
    return float(points[seat] - points[1 - seat])


def _believability(
    view: CourtCircularView, opponents: OpponentModel | None = None
) -> Callable[[World], float] | None:
    """How well a world explains the opponent's cards in this trick (``None``: nothing to read).

    Greedy's move reads them unless ``opponents`` says he is mostly someone
    else (:data:`~.evidence.STYLED_BELOW`): then his posterior mixture does.
    """
    if view.phase is not Phase.PLAY:
        return None
    evidence = TrickEvidence.from_view(view)
    if not evidence.plays:
        return None
    assert view.seat is not None
    other = 1 - view.seat
    weigh = evidence.weight
    if opponents is not None and _settled(opponents):
        weigh = StyledEvidence(evidence, opponents.posterior()).weight
    return lambda world: weigh(world.hands[other])


def _settled(opponents: OpponentModel) -> bool:
    """Whether the reading says, with some confidence, that he is not greedy or medium.

    At least :data:`SETTLE_AFTER` moves read, less than :data:`~.evidence.STYLED_BELOW`
    on them, and one other component at :data:`SETTLED` or more: the first moves of a
    match can tip an unsure posterior (a greedy player's first card read as aggressive
    in the worlds drawn), and Hard should not leave greedy's reading on a guess.
    """
    if opponents.moves_read < SETTLE_AFTER:
        return False
    posterior = opponents.posterior()
    if sum(posterior[p] for p in RULE) >= STYLED_BELOW:
        return False
    return max(v for p, v in posterior.items() if p not in RULE) >= SETTLED


def rollout_style(opponents: OpponentModel | None) -> str | None:
    """The style the rollouts play for the opponent: his likeliest, if a panel style and
    the reading has settled on it (:func:`_settled`)."""
    if opponents is None or not _settled(opponents):
        return None
    likeliest = opponents.likeliest()
    return likeliest if likeliest in STYLES else None


def choose(
    view: View,
    rng: random.Random,
    budget: float,
    samples: int = 64,
    horizon: int = HORIZON,
    candidates: int = CANDIDATES,
    *,
    opponents: OpponentModel | None = None,
) -> str:
    """The hard action for this view, within ``budget`` seconds.

    ``horizon`` and ``candidates`` (1: uniform worlds, the opponent's cards
    unread) are there for the medium level, which looks less far. The search
    starts from :func:`careful`'s action. ``opponents`` is what this bot has
    learnt of the opponent over the match (it reads the view first); without
    it he is read as greedy.
    """
    seen = typed(view, CourtCircularView)
    spent = 0.0
    if opponents is not None:
        opponents.observe(view)
        spent = opponents.take_spent()  # reading this view's moves is part of the decision
    legal = list(seen.legal)
    if len(legal) == 1:
        return str(legal[0])
    seat = seen.seat
    assert seat is not None
    rules = _CARROLL_RULES if seen.carroll_resign else _RULES
    fallback = careful(seen, rng)
    # One world: nothing to weigh.
    weight = _believability(seen, opponents) if candidates > 1 else None
    style = rollout_style(opponents)

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
            out[action] = _rollout(state, seat, horizon, style)
        return out or None

    deadline = time.perf_counter() + budget - spent
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
