"""The generic match: deals, settling, timed sessions, records of time called."""

from __future__ import annotations

import random

import pytest

from atout.core import IllegalActionError, Match
from atout.games import get_game
from atout.notation.record import match_from_record, match_to_record


def play_out_deal(match: Match, rng: random.Random) -> Match:
    while not match.state.is_over():
        match = match.apply(rng.choice(match.legal_actions()))
    return match


def test_time_called_ends_a_courts_session_after_the_deal() -> None:
    rng = random.Random(4)
    game = get_game("court-piece")
    match = Match.new(game, {"variant": "courts", "session_end": {"minutes": 20}}, rng)
    assert match.minutes_limit == 20
    match = play_out_deal(match, rng).deal_next(rng)
    match = match.call_time()
    assert not match.is_over()
    match = play_out_deal(match, rng)
    assert match.is_over()
    courts = match.tally.points
    assert match.winner == (None if courts[0] == courts[1] else courts.index(max(courts)))
    again = match_from_record(match_to_record(match))
    assert again.is_over() and again.extra == {"time_up_in_deal": 1}


def test_time_called_between_deals_ends_the_game_at_once() -> None:
    rng = random.Random(5)
    game = get_game("court-piece")
    match = play_out_deal(
        Match.new(game, {"variant": "courts", "session_end": {"minutes": 5}}, rng), rng
    )
    assert match.needs_deal()
    assert match.call_time().is_over()


def test_untimed_games_have_no_limit_and_refuse_deals_after_the_end() -> None:
    rng = random.Random(6)
    match = Match.new(get_game("court-piece"), {"target": 3}, rng)
    assert match.minutes_limit is None
    while not match.is_over():
        match = match.deal_next(rng) if match.needs_deal() else play_out_deal(match, rng)
    with pytest.raises(IllegalActionError, match="over"):
        match.deal_next(rng)
