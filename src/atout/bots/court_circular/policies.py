"""What each style a Court Circular opponent may play would do: the policies Hard reads him by.

The mixture's components (:data:`POLICIES`, those of every game's reading:
:mod:`atout.bots.reading`) are the levels' players (greedy, medium), the
panel's two styles and anyone at all (uniform). A *point* is one moment the
opponent was seen to choose (a card put down or a resignation), with what he
knew then: his cards and ours already on the table, the Lead, whether he
could resign. :mod:`.opponents` learns which policy the opponent plays;
:mod:`.evidence` weighs worlds by it; :mod:`.hard` plays the likeliest one
for him in its rollouts.

Medium is not greedy in play: it plays greedy's move on about 83% of its
decisions that offer a choice (6 matches against greedy: 174 of 208), the rest
being mostly resignations its short look judges otherwise. It is kept apart
in the model (its move is asked of :mod:`.medium` itself, from the view the
opponent had), but where a policy's move is needed thousands of times a
decision (weighing worlds, rollouts) it is read as greedy, which it mostly is.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from atout.bots.court_circular import greedy, panel
from atout.bots.levels import View
from atout.bots.reading import POLICIES, RULE, Policy
from atout.cards import CARD_BY_NAME, Card, CardSet, card_name, cards_of
from atout.games.court_circular_view import CourtCircularView, Phase

__all__ = ["POLICIES", "RULE", "Point", "Policy", "cheap_move", "medium_move"]

CONCEDE = "concede"


@dataclass(frozen=True, slots=True)
class Point:
    """One choice the opponent made in this trick, with what he knew then."""

    position: int
    """How many cards of the trick were down before it."""
    own: CardSet
    """His cards already down in the trick."""
    ours: CardSet
    """Our cards already down."""
    since: CardSet
    """His cards put down from this point on: back in his hand then."""
    ours_since: int
    """How many of our cards were put down from this point on (our hand size then)."""
    move: Card | None
    """The card he put down, or ``None``: he resigned."""
    may_resign: bool


def cheap_move(
    policy: Policy, own: CardSet, ours: CardSet, held: CardSet, lead: Card, *, may_resign: bool
) -> Card | None:
    """The move of a rule policy (greedy, cautious, aggressive; medium read as greedy)."""
    if policy in ("cautious", "aggressive"):
        return panel.style_move(policy, own, ours, held, lead, may_resign=may_resign)  # type: ignore[arg-type]
    return greedy.play_or_resign(own, ours, held, lead, may_resign=may_resign)


def medium_move(
    view: CourtCircularView,
    point: Point,
    held: CardSet,
    rng: random.Random,
    medium: Callable[[View, random.Random], str],
) -> Card | None:
    """The medium player's move at ``point`` holding ``held``, from the view he had then.

    The opponent's view is ours with the seats turned round: the table as it
    was at that point, his hand, and the hand sizes then; everything else
    (the Lead, the stock, the piles) does not change within a trick.
    ``medium`` is the medium player's choice, passed in: medium is Hard's own
    search, which reads these policies, so this module cannot import it.
    """
    seat = view.seat
    assert seat is not None
    other = 1 - seat
    tables = [0, 0]
    tables[seat], tables[other] = point.ours, point.own
    sizes = [0, 0]
    sizes[seat] = view.hand_sizes[seat] + point.ours_since
    sizes[other] = held.bit_count()
    legal = tuple(card_name(c) for c in cards_of(held)) + ((CONCEDE,) if point.may_resign else ())
    # Built field by field, not with dataclasses.replace: the view class is compiled by mypyc.
    theirs = CourtCircularView(
        seat=other,
        phase=Phase.PLAY,
        dealer=view.dealer,
        turn=other,
        hand=held,
        hand_sizes=(sizes[0], sizes[1]),
        lead=view.lead,
        table=(tables[0], tables[1]),
        trick_leader=view.trick_leader,
        trick=view.trick[: point.position],
        stock_size=view.stock_size,
        piles=view.piles,
        tricks_played=view.tricks_played - (1 if view.phase is Phase.LEAD else 0),
        legal=legal,
        carroll_resign=view.carroll_resign,
        result=None,
    )
    action = medium(theirs, rng)
    return None if action == CONCEDE else CARD_BY_NAME[action]
