"""Reading the opponent's cards in a Court Circular trick: worlds that explain them weigh more."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.bots.court_circular import greedy
from atout.bots.court_circular.evidence import SURPRISE, TrickEvidence
from atout.bots.sampling import court_circular_world
from atout.cards import mask_of, parse_card
from atout.games.court_circular import COURT_CIRCULAR


def _mask(*names: str) -> int:
    return mask_of(parse_card(n) for n in names)


def _view(cards: list[str], leader: int, lead: str = "9C", **extra: object) -> dict[str, object]:
    return {
        "game": "court-circular",
        "phase": "play",
        "seat": 0,
        "lead": lead,
        "stock_size": 10,
        "is_last_trick": False,
        "trick": {"leader": leader, "cards": cards},
        **extra,
    }


def test_only_the_opponents_cards_are_read_with_what_was_down_before_each() -> None:
    evidence = TrickEvidence.from_view(_view(["KS", "2S", "KD", "7C"], leader=0))
    assert [p.card for p in evidence.plays] == [parse_card("2S"), parse_card("7C")]
    second = evidence.plays[1]
    assert (second.own, second.ours) == (_mask("2S"), _mask("KS", "KD"))
    assert second.since == _mask("7C")


def test_a_first_card_that_is_not_the_cheapest_of_the_best_plan_costs_the_world() -> None:
    # We lead KS; the opponent answers 7D, with 9C the Lead. With 8H, 7D makes the sequence
    # 7-8-9 with the Lead, and the third card of the plan is the cheapest one left.
    evidence = TrickEvidence.from_view(_view(["KS", "7D"], leader=0))
    assert evidence.weight(_mask("8H", "QS", "KC", "AD", "AS")) == 1.0  # QS third: 7D first
    assert evidence.weight(_mask("2S", "8H", "QS", "KC", "AD")) == SURPRISE  # 2S would go first


def test_playing_on_where_greedy_resigns_costs_the_world() -> None:
    # We put down KS and KD (a pair of kings); the opponent answered 2S, then 7C.
    evidence = TrickEvidence.from_view(_view(["KS", "2S", "KD", "7C"], leader=0))
    # With 8H, 7C-8H make the sequence 7-8-9 with the Lead: it beats the kings.
    assert evidence.weight(_mask("8H", "QS", "KC", "AD")) == 1.0
    # With 7D the best is a pair of sevens, beaten by the kings: greedy would have resigned
    # (had it played on, 7C is the card it would have put down).
    beaten = _mask("7D", "5C", "QS", "KC")
    assert evidence.weight(beaten) == SURPRISE
    # On the last trick nobody may resign: then 7C is just what greedy plays.
    last = TrickEvidence.from_view(
        _view(["KS", "2S", "KD", "7C"], leader=0, stock_size=0, is_last_trick=True)
    )
    assert last.weight(beaten) == 1.0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), carroll=st.booleans())
def test_the_real_hand_of_a_greedy_opponent_explains_every_card(seed: int, carroll: bool) -> None:
    rules = COURT_CIRCULAR.parse_rules({"carroll_resign": carroll})
    rng = random.Random(seed)
    state = COURT_CIRCULAR.start(rules, COURT_CIRCULAR.deal(rules, 0, rng), None)
    uniform_explained = uniform_tried = 0
    while not state.is_over():
        seat = state.turn
        view = state.view(seat)
        if view["phase"] == "play":
            evidence = TrickEvidence.from_view(view)
            if evidence.plays:
                assert evidence.weight(state.hand(1 - seat)) == 1.0
                for _ in range(4):
                    world = court_circular_world(view, rng)
                    uniform_explained += evidence.weight(world.hands[1 - seat]) == 1.0
                    uniform_tried += 1
        state = state.apply(greedy.choose(view, rng))
    # The evidence tells worlds apart: many uniform worlds do not explain the cards.
    assert uniform_explained < uniform_tried
