"""An independent audit of Court Piece against rules/court-piece.md (seeds 001 and 003).

Deals are built by hand so that the outcome follows from the spec alone: each
seat plays the first card of its dealt hand that the follow rule allows, and
the hands are laid out so that this gives a known sequence of trick winners
(written in each layout's docstring). Whole games then go through
``atout-record/1`` records and ``atout replay --json``, as an independent
implementation's records would: points per deal, totals, winner, dealer
rotation (records leave the dealer to the rules after the first deal),
series, sessions, and honour mode's corrections and revoke claims.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.cards import card_name as name
from atout.core import IllegalActionError, Match
from atout.games import get_game
from atout.games.court_piece import COURT_PIECE, CourtPieceState
from atout.notation.record import (
    RecordError,
    match_from_record,
    match_to_record,
    replay_summary,
)


def cards(suit: str, ranks: str) -> list[str]:
    return [r + suit for r in ranks]


def seats(caller: int, by_offset: list[list[str]]) -> list[list[str]]:
    """Hands given from the caller round in playing order, put in seat order."""
    hands: list[list[str]] = [[], [], [], []]
    for offset, hand in enumerate(by_offset):
        hands[(caller + offset) % 4] = hand
    assert sorted(c for h in hands for c in h) == sorted(
        r + s for s in "SHDC" for r in "23456789TJQKA"
    )
    return hands


def caller_sweeps(caller: int) -> list[list[str]]:
    """The caller holds the 13 spades (trump): his side takes every trick it plays."""
    return seats(
        caller,
        [
            cards("S", "AKQJT98765432"),
            cards("H", "23456789TJQKA"),
            cards("D", "23456789TJQKA"),
            cards("C", "23456789TJQKA"),
        ],
    )


def opponents_sweep(caller: int) -> list[list[str]]:
    """The caller's left (next in play) holds the 13 spades: he ruffs the lead and keeps it."""
    return seats(
        caller,
        [
            cards("H", "23456789TJQKA"),
            cards("S", "AKQJT98765432"),
            cards("D", "23456789TJQKA"),
            cards("C", "23456789TJQKA"),
        ],
    )


def caller_side_seven_one(caller: int) -> list[list[str]]:
    """Trick 1: 2H led, AH (next seat) wins. Then the caller ruffs and runs his spades: 7-1."""
    return seats(
        caller,
        [
            ["2H", *cards("S", "3456789TJQKA")],
            ["AH", *cards("D", "23456789TJQK")],
            ["AD", *cards("C", "23456789TJQ"), "2S"],
            [*cards("H", "3456789TJQK"), "KC", "AC"],
        ],
    )


def other_side_seven_one(caller: int) -> list[list[str]]:
    """Trick 1: the caller's AH wins. Then the next seat ruffs and runs his spades: 1-7."""
    return seats(
        caller,
        [
            ["AH", *cards("D", "23456789TJQK")],
            ["2H", *cards("S", "3456789TJQKA")],
            ["AD", *cards("C", "23456789TJQ"), "2S"],
            [*cards("H", "3456789TJQK"), "KC", "AC"],
        ],
    )


def first_legal(state: CourtPieceState, hands: list[list[str]]) -> str:
    """The first card of the seat's dealt hand that follows suit (or any card if void)."""
    seat = state.turn
    assert seat is not None
    held = [c for c in hands[seat] if c in state.view(seat)["hand"]]
    led = state.trick[0] // 13 if state.trick else None
    suit = None if led is None else "SHDC"[led]
    follow = [c for c in held if c[-1] == suit]
    return (follow or held)[0]


def play_out(
    match: Match, hands: list[list[str]], *, stop: int = 52
) -> tuple[Match, list[list[Any]]]:
    """Name spades trump and play the first-legal policy to the end of the deal."""
    state = match.state
    assert isinstance(state, CourtPieceState)
    caller = state.deal.caller
    actions: list[list[Any]] = [[caller, "trump S"]]
    match = match.apply("trump S", caller)
    while not match.state.is_over() and len(actions) <= stop:
        state = match.state
        assert isinstance(state, CourtPieceState) and state.turn is not None
        card = first_legal(state, hands)
        actions.append([state.turn, card])
        match = match.apply(card, state.turn)
    return match, actions


def record_of(options: dict[str, Any], layouts: list[Any], first_dealer: int) -> dict[str, Any]:
    """A record of whole deals: the first names its dealer, later ones leave it to the rules.

    ``layouts`` are functions of the caller; each deal's caller is taken from the
    engine's dealer, and the layout's known outcome is what the tests check.
    """
    game = get_game("court-piece")
    match = Match(game, game.parse_rules(options))
    deals: list[dict[str, Any]] = []
    dealer = first_dealer
    for layout in layouts:
        hands = layout((dealer + 1) % 4)
        deal: dict[str, Any] = {"hands": hands}
        if not deals:
            deal["dealer"] = dealer
        layout_json = {"dealer": dealer, "hands": hands}
        match = match.start_deal(match.game.layout_from_json(match.rules, layout_json))
        match, actions = play_out(match, hands)
        deal["actions"] = actions
        deals.append(deal)
        if match.is_over():
            break
        next_dealer = match.next_dealer()
        assert next_dealer is not None
        dealer = next_dealer
    return {"format": "atout-record/1", "game": "court-piece", "options": options, "deals": deals}


# Section 2: the simple variant (seed 001).


def test_simple_game_examples_8_to_14_through_a_record() -> None:
    """2.5/2.6: 7-1 scores 1, 13-0 (Bavney) 2 in total; the chase at 7-0 is compulsory,
    also for a side that is sure of the target (RESOLVED); 4 + Bavney = 6 wins (example
    13); the deal passes one seat to the left (+1) whoever wins (example 14)."""
    layouts = [
        caller_sweeps,  # dealer 0, caller 1: side 1 Bavney -> 2
        other_side_seven_one,  # dealer 1, caller 2: side 1 wins 7-1 -> 3
        caller_side_seven_one,  # dealer 2, caller 3: side 1 wins 7-1 -> 4
        caller_side_seven_one,  # dealer 3, caller 0: side 0 wins 7-1 -> 1
        caller_sweeps,  # dealer 0, caller 1: side 1 at 4 makes a Bavney -> 6, game over
        caller_sweeps,  # never dealt
    ]
    record = record_of({"target": 5}, layouts, first_dealer=0)
    assert len(record["deals"]) == 5
    summary = replay_summary(match_from_record(record))
    assert [d["points"] for d in summary["deals"]] == [[0, 2], [0, 1], [0, 1], [1, 0], [0, 2]]
    assert [len(d["tricks"]) for d in summary["deals"]] == [13, 8, 8, 8, 13]
    assert [d["result"]["tricks_won"] for d in summary["deals"]] == [
        [0, 13],
        [1, 7],
        [1, 7],
        [7, 1],
        [0, 13],
    ]
    assert summary["totals"] == [1, 6] and summary["winner"] == 1 and summary["complete"]
    match = match_from_record(record)
    assert [d.layout.dealer for d in match.deals] == [0, 1, 2, 3, 0]
    assert [d.state.result()["bavney"] for d in match.deals] == [True, False, False, False, True]


def seven_nil_then_lost(caller: int) -> list[list[str]]:
    """The caller cashes seven top spades (7-0), then leads 2H to the next seat's AH."""
    return seats(
        caller,
        [
            [*cards("S", "AKQJT98"), "2H", *cards("S", "76543")],
            ["AH", *cards("H", "3456789TJQK"), "2D"],
            [*cards("D", "3456789TJQKA"), "2C"],
            [*cards("C", "3456789TJQKA"), "2S"],
        ],
    )


def test_simple_seven_nil_goes_on_then_one_point_at_seven_one() -> None:
    """Example 9: at 7-0 play goes on; the other side's first trick stops it at 7-1: 1."""
    record = record_of({}, [seven_nil_then_lost], first_dealer=0)
    summary = replay_summary(match_from_record(record))
    (deal,) = summary["deals"]
    assert [t["winner"] % 2 for t in deal["tricks"]] == [1] * 7 + [0]
    assert deal["result"]["tricks_won"] == [1, 7] and deal["points"] == [0, 1]
    assert deal["result"]["bavney"] is False


def test_simple_bavney_chase_by_a_side_sure_of_the_target() -> None:
    """RESOLVED 2.5: a side sure of the target during a Bavney chase still plays the deal
    out; the deal's 2 points are recorded, then the game ends."""
    # dealer 3, caller 0: side 0 Bavney (2 of 3); dealer 0, caller 1: seat 2 (side 0) ruffs
    # the lead and takes all 13 (2 more: 4).
    record = record_of({"target": 3}, [caller_sweeps, opponents_sweep], first_dealer=3)
    second = record["deals"][1]
    at_seven = {**second, "actions": second["actions"][: 1 + 7 * 4]}  # trump, 7 tricks
    mid = match_from_record({**record, "deals": [record["deals"][0], at_seven]})
    assert mid.state.result()["tricks_won"] == [7, 0]
    assert mid.state.turn is not None and not mid.is_over()  # the chase goes on
    summary = replay_summary(match_from_record(record))
    assert [d["points"] for d in summary["deals"]] == [[2, 0], [2, 0]]
    assert [len(d["tricks"]) for d in summary["deals"]] == [13, 13]
    assert summary["totals"] == [4, 0] and summary["winner"] == 0 and summary["complete"]


# Section 4: the classic variant with courts (seed 003).


def test_courts_dealer_rule_series_and_courts_through_a_record() -> None:
    """4.4/4.5 and the 4.8-8 trace, plus the one row it leaves out (the dealer's side
    wins with a court: the deal passes to the right, D+1)."""
    layouts = [
        caller_side_seven_one,  # dealer 0, caller 1: B (caller's) wins, no court -> 0
        caller_side_seven_one,  # dealer 0: B again -> 0
        other_side_seven_one,  # dealer 0: A (dealer's) wins, no court -> 1
        caller_sweeps,  # dealer 1, caller 2: A first 7 tricks, court -> 3
        other_side_seven_one,  # dealer 3, caller 0: B (dealer's) wins, no court -> 0
        opponents_sweep,  # dealer 0, caller 1: A (dealer's) first 7, court -> 1
    ]
    options = {"variant": "courts", "session_end": {"deals": 6}}
    record = record_of(options, layouts, first_dealer=0)
    match = match_from_record(record)
    assert [d.layout.dealer for d in match.deals] == [0, 0, 0, 1, 3, 0]
    assert match.next_dealer() == 1
    series = []
    for deal in match.deals:
        assert deal.settlement is not None
        series.append(deal.settlement.tally.series)
    assert series == [(0, 1), (0, 2), (1, 0), (0, 0), (0, 1), (0, 0)]
    summary = replay_summary(match)
    assert [d["points"] for d in summary["deals"]] == [[0, 0]] * 3 + [[1, 0], [0, 0], [1, 0]]
    assert [len(d["tricks"]) for d in summary["deals"]] == [8, 8, 8, 7, 8, 7]
    assert summary["totals"] == [2, 0] and summary["complete"] and summary["winner"] == 0


def test_courts_session_of_deals_ends_in_a_draw_on_equal_courts() -> None:
    options = {"variant": "courts", "session_end": {"deals": 2}}
    # dealer 0, caller 1: side 1 court (dealer + 2 deals next); dealer 2, caller 3: side 0's
    # seat 0 takes the first 7 tricks, a court for the dealer's side (dealer + 1 next).
    record = record_of(options, [caller_sweeps, opponents_sweep], first_dealer=0)
    summary = replay_summary(match_from_record(record))
    assert summary["totals"] == [1, 1] and summary["complete"] and summary["winner"] is None
    assert match_from_record(record).deals[1].layout.dealer == 2


def test_courts_timed_session_finishes_the_current_deal() -> None:
    """4.7: when time is up the current deal is finished, then the session ends; partial
    series count for nothing. The record keeps the deal in which time was called."""
    options = {"variant": "courts", "session_end": {"minutes": 30}}
    record = record_of(options, [caller_side_seven_one, caller_sweeps], first_dealer=0)
    match = match_from_record({**record, "deals": record["deals"][:1]})
    assert match.minutes_limit == 30 and not match.is_over()
    # Time is called during the second deal, after its trump call.
    second = record["deals"][1]
    partial = {
        **record,
        "deals": [record["deals"][0], {**second, "actions": second["actions"][:3]}],
    }
    match = match_from_record(partial).call_time()
    assert not match.is_over()
    for seat, action in second["actions"][3:]:
        match = match.apply(action, seat)
    assert match.is_over() and match.totals == (0, 1) and match.winner == 1
    again = match_from_record(match_to_record(match))
    assert again.is_over() and replay_summary(again) == replay_summary(match)
    # Time up between deals: the session ends at once.
    ended = match_from_record({**record, "deals": record["deals"][:1]}).call_time()
    assert ended.is_over() and ended.winner is None  # no courts: a draw


def test_courts_first_seven_is_a_court_even_at_series_six() -> None:
    """4.8-7: six 7-1 wins, then the first 7 tricks: one court, not two."""
    options = {"variant": "courts"}
    # dealer 0, caller 1 (side 1) wins 7-1 six times (the dealer stays), then sweeps.
    record = record_of(options, [caller_side_seven_one] * 6 + [caller_sweeps], first_dealer=0)
    match = match_from_record(record)
    assert [d.layout.dealer for d in match.deals] == [0] * 7
    assert match.tally.series == (0, 0) and match.totals == (0, 1)
    assert match.next_dealer() == 2  # the caller's side won with a court


def test_courts_seven_series_wins_make_a_court() -> None:
    options = {"variant": "courts"}
    record = record_of(options, [caller_side_seven_one] * 8, first_dealer=0)
    match = match_from_record(record)
    points = [d.settlement.points for d in match.deals if d.settlement is not None]
    assert points == [(0, 0)] * 6 + [(0, 1), (0, 0)]
    assert [d.layout.dealer for d in match.deals] == [0] * 7 + [2]


# 4.6 Honour mode: corrections and revoke claims.

HONOUR = {"variant": "courts", "honour_mode": True}


def renege_layout() -> list[list[str]]:
    """Dealer 3, caller 0 (A) leads AH; seats 1 and 2 hold hearts and may renege.

    After trick 1, A/C hold every trump (spades) and take every trick.
    """
    return [
        ["AH", *cards("S", "23456789TJQK")],
        [*cards("H", "23456"), *cards("D", "23456789")],
        ["8H", "7H", *cards("D", "TJQKA"), *cards("C", "23456"), "AS"],
        [*cards("H", "9TJQK"), *cards("C", "789TJQKA")],
    ]


def honour_match(trick: list[list[Any]] | None = None) -> Match:
    """Trick 1 as given (default: seat 2 reneges with TD and the trick closes)."""
    plays = trick or [[0, "AH"], [1, "2H"], [2, "TD"], [3, "9H"]]
    record = {
        "format": "atout-record/1",
        "game": "court-piece",
        "options": HONOUR,
        "deals": [{"dealer": 3, "hands": renege_layout(), "actions": [[0, "trump S"], *plays]}],
    }
    return match_from_record(record)


def test_honour_mode_corrections() -> None:
    """4.6 [SEED]: a renege may be corrected before the trick is closed, and players who
    played after it may then change their cards; nobody else may change a card."""
    match = honour_match([[0, "AH"], [1, "2D"], [2, "8H"]])  # seat 1 holds hearts
    with pytest.raises(IllegalActionError):
        match.apply("correct 7H", 2)  # 2 played after the renege, which still stands
    with pytest.raises(IllegalActionError):
        match.apply("correct 3D", 1)  # a correction must follow suit
    with pytest.raises(IllegalActionError):
        match.apply("correct KS", 0)  # the lead is no renege
    corrected = match.apply("correct 2H", 1)
    with pytest.raises(IllegalActionError):
        corrected.apply("correct 2C", 2)  # 2 may change, but must still follow
    changed = corrected.apply("correct 7H", 2).apply("9H", 3)
    state = changed.state
    assert isinstance(state, CourtPieceState)
    assert [t.cards for t in state.tricks()] == [("AH", "2H", "7H", "9H")]
    assert "2D" in state.view(1)["hand"] and "8H" in state.view(2)["hand"]
    with pytest.raises(IllegalActionError, match="no revoke"):
        changed.apply("claim revoke", 0)  # a corrected renege is no revoke


def test_renege_found_later_ends_the_deal_and_replaces_its_result() -> None:
    """4.6 and 4.8-9: the offenders (A/C) take the first 7 tricks, a court they would
    score; B/D claim the renege after the deal: B/D +1 court instead, series reset, and
    the dealer's side (B/D, dealer 3) having won with a court, seat 0 deals next."""
    match = honour_match()
    hands = renege_layout()
    # Finish trick 1 (it closes with 0's AH winning), then the first-legal policy.
    while not match.state.is_over():
        state = match.state
        assert isinstance(state, CourtPieceState) and state.turn is not None
        card = first_legal(state, hands)
        match = match.apply(card, state.turn)
    assert match.state.result()["tricks_won"] == [7, 0]
    assert match.current.settlement is not None and match.current.settlement.points == (1, 0)
    with pytest.raises(IllegalActionError):
        match.apply("correct 8H", 2)  # the last trick closed with the deal: too late
    with pytest.raises(IllegalActionError, match="no revoke"):
        match.apply("claim revoke", 0)  # A/C cannot claim their own renege
    claimed = match.apply("claim revoke", 1)
    settlement = claimed.current.settlement
    assert settlement is not None and settlement.points == (0, 1)
    assert claimed.tally.series == (0, 0) and claimed.next_dealer() == 0
    record = match_to_record(claimed)
    assert record["deals"][0]["actions"][-1] == [1, "claim revoke"]
    assert replay_summary(match_from_record(record))["totals"] == [0, 1]
    # Once the next deal has started the claim is gone (RESOLVED: until the next deal).
    nxt = claimed.start_deal(
        claimed.game.layout_from_json(claimed.rules, {"dealer": 0, "hands": caller_sweeps(1)})
    )
    with pytest.raises(IllegalActionError):
        nxt.apply("claim revoke", 1)


def test_renege_claim_mid_deal_ends_it_at_once() -> None:
    match = honour_match()
    hands = renege_layout()
    for _ in range(4 * 2):  # two more tricks ("two tricks later")
        state = match.state
        assert isinstance(state, CourtPieceState) and state.turn is not None
        match = match.apply(first_legal(state, hands), state.turn)
    claimed = match.apply("claim revoke", 3)
    assert claimed.state.is_over() and claimed.state.result()["revoke_claimed_by"] == 1
    assert claimed.current.settlement is not None
    assert claimed.current.settlement.points == (0, 1)


def test_without_honour_mode_a_renege_cannot_be_played() -> None:
    """4.6: by default illegal cards cannot be played; a record with one is exit-2 material."""
    record = {
        "format": "atout-record/1",
        "game": "court-piece",
        "options": {"variant": "courts"},
        "deals": [
            {
                "dealer": 3,
                "hands": renege_layout(),
                "actions": [[0, "trump S"], [0, "AH"], [1, "2H"], [2, "TD"]],
            }
        ],
    }
    with pytest.raises(RecordError, match="deal 0, action 3, 'TD' by seat 2: must follow"):
        match_from_record(record)


# 2.3 / 4.2: views before trump is named.


@pytest.mark.parametrize("variant", ["simple", "courts"])
def test_views_hide_cards_until_trump_is_named(variant: str) -> None:
    record = {
        "format": "atout-record/1",
        "game": "court-piece",
        "options": {"variant": variant},
        "deals": [{"dealer": 2, "hands": caller_sweeps(3), "actions": []}],
    }
    match = match_from_record(record)
    dealt = caller_sweeps(3)
    assert match.state.view(3)["hand"] == dealt[3][:5]  # the caller's first packet only
    for seat in (0, 1, 2, None):
        assert match.state.view(seat)["hand"] == []
    assert all(match.state.view(s)["hand_sizes"] == [0, 0, 0, 0] for s in (0, 1, 2, 3))
    after = match.apply("trump H", 3)
    assert sorted(after.state.view(0)["hand"]) == sorted(dealt[0])
    assert after.state.view(3)["legal"] and not after.state.view(0)["legal"]
    with pytest.raises(IllegalActionError):
        match.apply("trump H", 0)  # only the caller names trump


def test_a_completed_trick_may_be_corrected_until_the_next_lead() -> None:
    """4.6 [SEED] "before the trick is closed": a trick is closed when gathered, that is
    when the next trick is led, so the last player's renege can be corrected too, and a
    correction that changes the trick's winner changes who leads next."""
    last = honour_match([[0, "AH"], [1, "2H"], [2, "8H"], [3, "KC"]])  # 3 holds hearts
    fixed = last.apply("correct 9H", 3)
    state = fixed.state
    assert isinstance(state, CourtPieceState)
    assert [t.cards for t in state.tricks()] == [("AH", "2H", "8H", "9H")]
    assert "KC" in state.view(3)["hand"] and state.turn == 0
    with pytest.raises(IllegalActionError, match="no revoke"):
        fixed.apply("claim revoke", 1)  # corrected: nothing left to claim

    match = honour_match([[0, "AH"], [1, "2H"], [2, "8H"], [3, "9H"]])
    for seat, card in ((0, "2S"), (1, "3D"), (2, "7H"), (3, "TH")):  # 2 holds AS: a renege
        match = match.apply(card, seat)
    assert match.state.turn == 0 and match.state.result()["tricks_won"] == [2, 0]
    with pytest.raises(IllegalActionError):
        match.apply("correct 4D", 1)  # 1 played before the renege
    with pytest.raises(IllegalActionError):
        match.apply("correct JH", 3)  # the renege is not corrected yet
    corrected = match.apply("correct AS", 2)
    assert corrected.state.turn == 2  # AS now wins the trick: seat 2 leads
    assert corrected.state.result()["tricks_won"] == [2, 0]
    changed = corrected.apply("correct JH", 3)  # 3 played after it: may change his card
    assert changed.state.tricks()[-1].cards == ("2S", "3D", "AS", "JH")
    led = changed.apply("7H", 2)
    with pytest.raises(IllegalActionError):
        led.apply("correct QH", 3)  # the trick is closed once the next one is led
    with pytest.raises(IllegalActionError, match="no revoke"):
        match.apply("claim revoke", 1)  # not before the trick is closed: it may be corrected
    uncorrected = match.apply("KS", 0)  # the renege stands: a revoke to claim later
    assert uncorrected.apply("claim revoke", 1).current.settlement is not None


@pytest.mark.parametrize("variant", ["simple", "courts"])
def test_deal_in_packets_of_5_4_4_from_the_caller(variant: str) -> None:
    """2.3 / 4.2: packets of 5, then 4 and 4, each round starting with the caller (the
    seat after the dealer in playing order); ``hands[s][:5]`` is the first packet."""
    rules = COURT_PIECE.parse_rules({"variant": variant})
    layout = COURT_PIECE.deal(rules, 2, random.Random(11))
    deck = list(range(52))
    random.Random(11).shuffle(deck)
    expected: list[list[int]] = [[], [], [], []]
    for size in (5, 4, 4):
        for seat in (3, 0, 1, 2):
            expected[seat] += deck[:size]
            del deck[:size]
    assert [[name(c) for c in h] for h in layout.hands] == [[name(c) for c in h] for h in expected]
