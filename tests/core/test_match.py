"""The generic match: deals, settling, timed sessions, records of time called."""

from __future__ import annotations

import random

import pytest

from atout.cards import CARD_BY_NAME
from atout.core import IllegalActionError, InvalidActionError, Match
from atout.games import GAMES, get_game
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


def _spelled_as_typed(action: str) -> str:
    """``action`` as a person might type it: lower case, ``10`` for a ten, loose spaces."""
    words = []
    for word in action.split():
        if word in CARD_BY_NAME and word[0] == "T":
            word = "10" + word[1]
        words.append(word.lower())
    return "  " + "   ".join(words) + " "


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_any_spelling_of_an_action_is_taken_and_recorded_canonically(game_id: str) -> None:
    rng = random.Random(11)
    match = Match.new(get_game(game_id), {}, rng)
    canonical = match
    while not match.state.is_over():
        action = rng.choice(match.legal_actions())
        typed = _spelled_as_typed(action)
        assert match.read(typed, match.actor) == action
        match, canonical = match.apply(typed), canonical.apply(action)
        assert match.current.actions == canonical.current.actions
    assert match.state.result() == canonical.state.result()


def test_reading_offers_a_seat_only_its_own_actions() -> None:
    match = Match.new(get_game("court-piece"), {}, random.Random(2))
    caller = match.actor
    assert caller is not None and match.legal_actions()[0] == "trump S"
    assert match.read("trump s", caller) == "trump S"
    assert match.read("trump s", (caller + 1) % 4) == "trump s"  # not his to take: as typed
    assert match.read("s", caller) == "s"
    assert match.read("s", caller, abbreviated=True) == "trump S"
    with pytest.raises(InvalidActionError, match="not a card: 's'"):
        match.apply("s")


def test_out_of_turn_actions_are_read_for_the_seat_that_may_take_them() -> None:
    rng = random.Random(3)
    match = Match.new(get_game("court-piece"), {"variant": "courts", "honour_mode": True}, rng)
    while not any(match.out_of_turn(seat) for seat in range(4)):
        match = match.apply(rng.choice(match.legal_actions()))
    seat = next(s for s in range(4) if match.out_of_turn(s))
    offered = match.out_of_turn(seat)
    assert offered == tuple(match.view(seat)["out_of_turn"])
    for action in offered:
        assert match.read(action.lower(), seat) == action
    assert match.read("correct   2x", seat) == "correct   2x"  # nothing offered: as typed


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_apply_reports_the_trick_an_action_closed(game_id: str) -> None:
    rng = random.Random(7)
    match = Match.new(get_game(game_id), {}, rng)
    assert match.closed_trick is None
    closed = 0
    while not match.state.is_over():
        before = len(match.state.tricks())
        match = match.apply(rng.choice(match.legal_actions()))
        tricks = match.state.tricks()
        if len(tricks) > before:
            closed += 1
            assert match.closed_trick == tricks[-1]
        else:
            assert match.closed_trick is None
    assert closed == len(match.state.tricks()) > 0
    if match.needs_deal():  # a new deal starts with no trick just closed
        assert match.deal_next(rng).closed_trick is None


def test_the_actor_is_declarer_when_dummy_plays() -> None:
    rng = random.Random(5)
    match = Match.new(get_game("bridge"), {}, rng)
    for call in ("1NT", "pass", "pass", "pass"):
        match = match.apply(call)
    state = match.state
    declarer = state.declarer
    match = match.apply(match.legal_actions()[0])  # the opening lead: dummy plays next
    assert match.turn == (declarer + 2) % 4 and match.actor == declarer
    assert match.view(declarer)["legal"] == list(match.legal_actions())
    assert match.view(match.turn)["legal"] == []


def test_deciders_name_declarer_for_dummys_cards() -> None:
    """Declarer chooses dummy's cards (recorded under dummy's seat): undo asks who decided."""
    bridge = get_game("bridge")
    match = Match.new(bridge, {}, random.Random(3), dealer=0)
    for call in ("1NT", "pass", "pass", "pass"):  # North declares, South is dummy
        match = match.apply(call)
    match = match.apply(match.legal_actions()[0])  # East leads
    assert match.turn == 2 and match.actor == 0  # dummy's turn, declarer's choice
    match = match.apply(match.legal_actions()[0], 0)
    seats = [seat for seat, _ in match.current.actions]
    assert seats[-1] == 2  # the record names dummy's seat
    assert match.deciders() == (0, 1, 2, 3, 1, 0)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_deciders_replay_the_deal_as_recorded(game_id: str) -> None:
    """Outside bridge's dummy every action is decided by the seat the record names."""
    rng = random.Random(11)
    match = Match.new(get_game(game_id), {}, rng)
    for _ in range(60):
        if match.state.is_over():
            break
        match = match.apply(rng.choice(match.legal_actions()))
        recorded = [seat for seat, _ in match.current.actions]
        deciders = match.deciders()
        assert len(deciders) == len(recorded)
        if game_id != "bridge":
            assert list(deciders) == recorded
