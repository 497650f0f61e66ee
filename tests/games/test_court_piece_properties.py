"""Property tests over random legal Court Piece play: conservation, winners, ends, replay, views."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.cards import FULL_DECK, mask_of, parse_card
from atout.core import Match
from atout.games import get_game
from atout.notation.record import match_from_record, match_to_record, replay_summary

seeds = st.integers(min_value=0, max_value=2**32)
variants = st.sampled_from([{"target": 3}, {"variant": "courts", "session_end": {"deals": 3}}])


def random_match(seed: int, options: dict[str, object]) -> Match:
    rng = random.Random(seed)
    match = Match.new(get_game("court-piece"), options, rng)
    while not match.is_over():
        if match.needs_deal():
            match = match.deal_next(rng)
        else:
            match = match.apply(rng.choice(match.legal_actions()))
    return match


@settings(max_examples=40, deadline=None)
@given(seeds, variants)
def test_cards_conserved_and_one_winner_per_trick(seed: int, options: dict[str, object]) -> None:
    match = random_match(seed, options)
    for deal in match.deals:
        state = deal.state
        played = [parse_card(c) for t in state.tricks() for c in t.cards]
        in_hands = 0
        for seat in range(4):
            in_hands |= state.hand(seat)
        assert len(played) == len(set(played))
        assert mask_of(played) & in_hands == 0
        assert mask_of(played) | in_hands == FULL_DECK
        won = [0, 0]
        for trick in state.tricks():
            assert len(trick.cards) == 4 and 0 <= trick.winner < 4
            won[trick.winner % 2] += 1
        assert tuple(won) == state.tricks_won


@settings(max_examples=40, deadline=None)
@given(seeds, variants)
def test_deal_ends_as_the_rules_say(seed: int, options: dict[str, object]) -> None:
    match = random_match(seed, options)
    courts = options.get("variant") == "courts"
    for deal in match.deals:
        high, low = sorted(deal.state.tricks_won, reverse=True)
        if courts:
            assert high == 7
        else:
            assert (high >= 7 and low == 1) or (high == 7 and low >= 1) or high == 13
            if low == 1 and high > 7:
                assert deal.state.tricks()[-1].winner % 2 != deal.state.winning_side()


@settings(max_examples=30, deadline=None)
@given(seeds, variants)
def test_replay_of_the_record_gives_the_same_game(seed: int, options: dict[str, object]) -> None:
    match = random_match(seed, options)
    again = match_from_record(match_to_record(match))
    assert replay_summary(again) == replay_summary(match)
    assert again.winner == match.winner and again.totals == match.totals


@settings(max_examples=30, deadline=None)
@given(seeds, st.sampled_from([{}, {"variant": "courts", "session_end": {"deals": 1}}]))
def test_no_view_shows_a_hidden_card(seed: int, options: dict[str, object]) -> None:
    rng = random.Random(seed)
    match = Match.new(get_game("court-piece"), options, rng)
    while not match.state.is_over():
        state = match.state
        for seat in (0, 1, 2, 3, None):
            view = match.view(seat)
            visible = set(view["hand"]) | set(view["trick"]["cards"])
            for trick in view.get("tricks", []):
                visible |= set(trick["cards"])
            own = 0 if seat is None else state.hand(seat)  # type: ignore[attr-defined]
            played = {c for t in state.tricks() for c in t.cards}  # type: ignore[attr-defined]
            played |= set(view["trick"]["cards"])
            for name in visible:
                assert name in played or (own >> parse_card(name)) & 1, (seat, name)
            if view["phase"] == "trump":
                assert view["hand"] == [] or (seat == view["caller"] and len(view["hand"]) == 5)
        match = match.apply(rng.choice(match.legal_actions()))
