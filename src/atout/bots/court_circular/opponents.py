"""How the Court Circular opponent plays, read from his choices over a match.

As in :mod:`atout.bots.court_piece.opponents`, an :class:`OpponentModel`
holds a posterior over :data:`~.policies.POLICIES` (greedy, medium, the panel's
cautious and aggressive players, anyone) and updates it with every choice the
opponent is seen to make: each card he puts down in a trick, and his
resignation (seen when we then pick the Lead from a trick left unfinished).
In a few worlds drawn uniformly from the view, each policy is asked what it
would have done from the hand he held then (his hand in the world plus his
cards put down since); a policy that names his move gets likelihood
``1 - NOISE`` plus its share of the noise, the others ``NOISE / n`` (``n``:
his cards then, and resigning when he could), the uniform player ``1 / n``.
The posterior carries over from deal to deal of the match. The bookkeeping
(prior, log posterior, noise, floor, moves read once) is the generic
:class:`atout.bots.reading.Tally`, with one reading, the opponent's
(:data:`OPPONENT`); this module says which moves a view shows, draws the worlds
and asks each policy for its move.

What is not read: his choice of the next Lead (every policy but medium and
anyone picks greedy's Lead, and the hand he chose it from, the trick's
cards gone and the refill not yet drawn, is no longer in any view), and his
last card of a trick he wins as second hand (we are not shown the table again).

Only the view is read, and the worlds are drawn from the model's own random
stream, not Hard's: reading the opponent must not move Hard's own draws, so
that against a greedy player Hard plays exactly as it did before the model.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from atout.bots.court_circular.policies import (
    POLICIES,
    Point,
    Policy,
    cheap_move,
    medium_move,
)
from atout.bots.levels import View, sheet_of, typed
from atout.bots.reading import FLOOR, NOISE, PRIOR, Tally, log_prior, mixed_likelihood
from atout.bots.sampling import court_circular_world
from atout.cards import mask_of
from atout.games.court_circular import resign_refusal
from atout.games.court_circular_view import CourtCircularView, Phase

__all__ = ["FLOOR", "NOISE", "OPPONENT", "PRIOR", "OpponentModel", "points_of"]

OPPONENT = 0
"""The one reading the model's :class:`~atout.bots.reading.Tally` holds: the opponent's
(whichever seat he sits in)."""

WORLDS_PER_UPDATE = 64
"""Uniform worlds a new move is judged in (its likelihood under each policy is their mean).

Many, because a move often depends on the whole hidden hand (the first card of a trick
is the cheapest card of the best plan of six): in a dozen worlds greedy's move was
often named in none, and a greedy player read as anyone."""

MEDIUM_WORLDS = 4
"""Of those, the worlds medium is asked in: its move is a small search, a hundred times
greedy's cost, and a few worlds tell it apart (it mostly agrees with greedy)."""


@dataclass
class OpponentModel:
    """A posterior over :data:`POLICIES` for the opponent, updated from the views Hard sees."""

    seed: int = 0
    medium: Callable[[View, random.Random], str] | None = None
    """The medium player's choice (:func:`atout.bots.court_circular.medium.choose`, given by
    whoever builds the model: medium is Hard's search, which reads this model); without it
    medium is read as greedy."""
    reading: Tally[Point, list[int]] = field(
        default_factory=lambda: Tally(log_posterior={OPPONENT: log_prior()})
    )
    """The opponent's reading (under :data:`OPPONENT`), and the moves already read."""
    spent: float = 0.0
    """Seconds spent reading since Hard last asked (:meth:`take_spent`)."""
    rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    @property
    def moves_read(self) -> int:
        """The opponent's moves that said something (not forced), over the match."""
        return self.reading.plays.get(OPPONENT, 0)

    def posterior(self) -> dict[Policy, float]:
        """The probability of each policy (the prior before any move)."""
        return self.reading.posterior(OPPONENT)

    def rule_mass(self) -> float:
        """How much of the posterior is on greedy and medium (whom today's evidence reads)."""
        return self.reading.rule_mass(OPPONENT)

    def likeliest(self) -> Policy:
        """The policy the opponent most likely plays."""
        return self.reading.likeliest(OPPONENT)

    def take_spent(self) -> float:
        """The seconds spent reading since the last call: Hard takes them off its budget."""
        spent, self.spent = self.spent, 0.0
        return spent

    def observe(self, view: View, rng: random.Random | None = None) -> None:
        """Read every move of the opponent's in the view not read before.

        ``rng`` (Hard's) is accepted for the learners' signature and not used:
        the model draws its worlds from its own stream.
        """
        del rng
        started = time.perf_counter()
        try:
            self._observe(view)
        finally:
            self.spent += time.perf_counter() - started

    def _observe(self, view: View) -> None:
        seen = typed(view, CourtCircularView)
        if seen.seat is None or seen.lead is None or seen.phase is Phase.OVER:
            return
        deal = int(sheet_of(view).get("deal_number", 0))
        trick = seen.tricks_played - (1 if seen.phase is Phase.LEAD else 0)
        points = [((trick, p.position), OPPONENT, p) for p in points_of(seen)]
        other = 1 - seen.seat

        def worlds() -> list[int]:
            return [
                court_circular_world(seen, self.rng).hands[other] for _ in range(WORLDS_PER_UPDATE)
            ]

        self.reading.read(deal, points, worlds, lambda p, hands: self._likelihood(seen, p, hands))

    def _likelihood(
        self, view: CourtCircularView, point: Point, worlds: list[int]
    ) -> dict[Policy, float] | None:
        """Each policy's chance of the move at ``point``, the mean over ``worlds``
        (``None``: a forced move, which says nothing).

        Medium is asked in the first :data:`MEDIUM_WORLDS` worlds only, and read
        as greedy corrected by how often the two disagree there (a control
        variate): a few worlds of its own would make its estimate so noisy that
        a medium player would read as greedy.
        """
        lead = view.lead
        assert lead is not None
        hits = dict.fromkeys(POLICIES[:-1], 0.0)
        spread = 0.0
        disagree = 0.0
        for k, hand in enumerate(worlds):
            held = hand | point.since
            n = held.bit_count() + point.may_resign
            if n <= 1:
                return None
            spread += 1.0 / n
            for policy in ("greedy", "cautious", "aggressive"):
                move = cheap_move(
                    policy, point.own, point.ours, held, lead, may_resign=point.may_resign
                )
                hit = move == point.move
                hits[policy] += hit
                if policy == "greedy" and k < MEDIUM_WORLDS and self.medium is not None:
                    move = medium_move(view, point, held, self.rng, self.medium)
                    disagree += (move == point.move) - hit
        count = len(worlds)
        hits = {p: v / count for p, v in hits.items()}
        hits["medium"] = min(1.0, max(0.0, hits["greedy"] + disagree / min(MEDIUM_WORLDS, count)))
        return mixed_likelihood(hits, spread / count)


def points_of(view: CourtCircularView) -> list[Point]:
    """The opponent's choices the view shows, in order: his cards in this trick and, when we
    pick the Lead from a trick left unfinished, his resignation."""
    seat = view.seat
    assert seat is not None
    other = 1 - seat
    leader = view.trick_leader
    cards = list(view.trick)
    points = []
    for i in range(len(cards) + 1):
        if (leader + i) % 2 != other:
            continue
        before = cards[:i]
        own = mask_of(c for j, c in enumerate(before) if (leader + j) % 2 == other)
        ours = mask_of(c for j, c in enumerate(before) if (leader + j) % 2 == seat)
        after = cards[i:]
        since = mask_of(c for j, c in enumerate(after, i) if (leader + j) % 2 == other)
        ours_since = sum(1 for j in range(i, len(cards)) if (leader + j) % 2 == seat)
        may_resign = (
            resign_refusal(
                own.bit_count(),
                ours.bit_count(),
                last_trick=view.is_last_trick,
                carroll=view.carroll_resign,
            )
            is None
        )
        if i < len(cards):
            points.append(Point(i, own, ours, since, ours_since, cards[i], may_resign))
        elif _resigned(view) and may_resign:
            points.append(Point(i, own, ours, 0, 0, None, True))
    return points


def _resigned(view: CourtCircularView) -> bool:
    """Whether the opponent resigned this trick: we pick the Lead of a trick left unfinished."""
    if view.phase is not Phase.LEAD or view.turn != view.seat:
        return False
    return len(view.trick) < 6
