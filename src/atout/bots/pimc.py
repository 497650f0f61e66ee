"""Perfect-information Monte Carlo (PIMC): sample worlds, score each action in each, average.

The loop is shared by every Hard bot. It is *anytime*: it keeps sampling
until ``max_samples`` or the deadline (after at least ``min_samples``), so a
decision never overruns its budget by more than one world's evaluation, and
it returns the best average so far.

>>> import random
>>> pimc(["a", "b"], lambda rng: {"a": rng.random(), "b": 2.0}, random.Random(1), deadline=1e18)
'b'
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence

__all__ = ["Deadline", "pimc"]


class Deadline:
    """A point in time after which a bot stops sampling (``time.perf_counter`` seconds)."""

    __slots__ = ("at",)

    def __init__(self, budget_seconds: float) -> None:
        self.at = time.perf_counter() + budget_seconds

    def passed(self) -> bool:
        """Whether the budget is spent."""
        return time.perf_counter() >= self.at

    def left(self) -> float:
        """Seconds still available (never negative)."""
        return max(0.0, self.at - time.perf_counter())


def pimc(
    actions: Sequence[str],
    evaluate: Callable[[random.Random], Mapping[str, float] | None],
    rng: random.Random,
    *,
    deadline: float,
    min_samples: int = 2,
    max_samples: int = 64,
    prior: Mapping[str, float] | None = None,
) -> str:
    """The action with the best mean value over sampled worlds.

    ``evaluate(rng)`` draws one world and returns each action's value in it
    (``None``, or an exception, when the world could not be solved: it is
    skipped, since a bot at a table must answer even if one world is odd). ``prior``
    breaks ties and small differences (a rule-based preference, tiny values).
    Ties left over go to the first action in ``actions`` (canonical order),
    so the choice is deterministic given the rng.
    """
    totals = dict.fromkeys(actions, 0.0)
    counts = dict.fromkeys(actions, 0)
    samples = 0
    attempts = 0
    started = time.perf_counter()
    while samples < max_samples and attempts < max_samples * 2:
        now = time.perf_counter()
        # Stop when the next world, at the average cost so far, would end past the deadline.
        per_world = (now - started) / attempts if attempts else 0.0
        if samples >= min_samples and now + per_world >= deadline:
            break
        attempts += 1
        try:
            values = evaluate(rng)
        except Exception:
            values = None
        if not values:
            continue
        samples += 1
        for action, value in values.items():
            if action in totals:
                totals[action] += value
                counts[action] += 1
    prior = prior or {}

    def score(action: str) -> float:
        n = counts[action]
        mean = totals[action] / n if n else float("-inf")
        return mean + prior.get(action, 0.0)

    return max(actions, key=score)
