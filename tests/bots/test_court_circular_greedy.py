"""The greedy Court Circular player's sums in integers choose exactly what its lines chose."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.bots.court_circular import greedy
from atout.cards import CardSet, cards_of, mask_of
from atout.games.court_circular_lines import CARD_STRENGTH, best_line


def _by_lines(mine: CardSet, hand: CardSet, lead: int) -> tuple[tuple[int, int, int], CardSet]:
    """The greedy plan worked out with :class:`Line` objects (as the player did before)."""
    room = min(greedy.PER_TRICK - mine.bit_count(), hand.bit_count())
    best: tuple[tuple[int, int, int], int] | None = None
    found = (best_line(mine, lead).key, 0)
    for combo in combinations(cards_of(hand), room):
        line = best_line(mine | mask_of(combo), lead)
        score = (line.key, -sum(CARD_STRENGTH[c] for c in combo))
        if best is None or score > best:
            best, found = score, (line.key, mask_of(combo))
    return found


@settings(max_examples=300, deadline=None)
@given(cards=st.lists(st.integers(0, 51), min_size=3, max_size=12, unique=True), data=st.data())
def test_the_integer_plan_is_the_line_plan(cards: list[int], data: st.DataObject) -> None:
    lead, rest = cards[0], cards[1:]
    on_table = data.draw(st.integers(0, min(2, len(rest) - 1)))
    mine, hand = mask_of(rest[:on_table]), mask_of(rest[on_table:])
    key, plan = _by_lines(mine, hand, lead)
    strength, fast_plan = greedy.reachable_strength(mine, hand, lead)
    assert fast_plan == plan
    line, line_plan = greedy.best_reachable(mine, hand, lead)
    assert (line.key, line_plan) == (key, plan)
    # Resigning compares the same way too: the opponent's line against the best reachable.
    theirs = mask_of(data.draw(st.lists(st.sampled_from(rest), max_size=3, unique=True)))
    assert greedy.play_or_resign(mine, theirs & ~mine & ~hand, hand, lead, may_resign=True) == (
        None
        if best_line(theirs & ~mine & ~hand, lead).key > key
        else min(cards_of(plan), key=CARD_STRENGTH.__getitem__)
    )
    assert strength > 0
