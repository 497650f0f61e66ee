"""Court Piece, classic rules: courts, series, the dealer rule, sessions, honour mode (4.4-4.8)."""

from __future__ import annotations

import pytest

from atout.cards import card_name, cards_of
from atout.core import IllegalActionError
from atout.games.court_piece import COURT_PIECE, CourtPieceState, CourtPieceTally
from tests.games.cp_helpers import play_tricks, random_deal, start

COURTS = {"variant": "courts"}


def finished(dealer: int, winner_side: int, *, first_seven: bool) -> CourtPieceState:
    """A finished courts deal won by ``winner_side``, by the first 7 tricks or 7-1."""
    sides = [winner_side] * 7 if first_seven else [1 - winner_side] + [winner_side] * 7
    for seed in range(60):
        try:
            return play_tricks(start(random_deal(seed, dealer), "S", **COURTS), sides)
        except LookupError:
            continue
    raise AssertionError("no deal found")


def settle(tally: CourtPieceTally, state: CourtPieceState, *, time_up: bool = False):  # type: ignore[no-untyped-def]
    return COURT_PIECE.settle(state.rules, tally, state, time_up=time_up)


def test_deal_stops_at_seven_without_bavney() -> None:
    state = finished(0, 0, first_seven=True)
    assert state.tricks_won == (7, 0) and state.is_over()


def test_first_seven_tricks_is_a_court() -> None:
    """4.8-3: A/C wins the first 7 tricks -> +1 court, both series reset."""
    s = settle(CourtPieceTally((0, 0), (3, 0)), finished(0, 0, first_seven=True))
    assert s.points == (1, 0) and s.tally.points == (1, 0) and s.tally.series == (0, 0)


def test_seven_one_is_a_series_win_not_a_court() -> None:
    """4.8-4 and 4.8-5: a 7-x win breaks the other series and adds one to the winner's."""
    s = settle(CourtPieceTally((0, 0), (0, 3)), finished(0, 0, first_seven=False))
    assert s.points == (0, 0) and s.tally.series == (1, 0)


def test_seven_deals_in_a_row_is_a_court_and_moves_the_deal() -> None:
    """4.8-6: B/D, the caller's side with dealer 0, wins 7 deals: court at the 7th; dealer 2."""
    tally = CourtPieceTally()
    dealer = 0
    for deal in range(7):
        s = settle(tally, finished(dealer, 1, first_seven=False))
        tally, previous, dealer = s.tally, dealer, s.next_dealer
        if deal < 6:
            assert dealer == 0 and s.points == (0, 0) and tally.series == (0, deal + 1)
    assert s.points == (0, 1) and tally.points == (0, 1) and tally.series == (0, 0)
    assert previous == 0 and dealer == 2


def test_first_seven_at_series_six_is_one_court() -> None:
    """4.8-7: series 6 and a first-7 win: one court only, series reset."""
    s = settle(CourtPieceTally((0, 0), (6, 0)), finished(1, 0, first_seven=True))
    assert s.tally.points == (1, 0) and s.tally.series == (0, 0)


def test_dealer_rotation_trace() -> None:
    """4.8-8: the five-deal trace of dealers, series and courts."""
    rows = [  # dealer, winning side, first seven?, series after, next dealer
        (0, 1, False, (0, 1), 0),
        (0, 1, False, (0, 2), 0),
        (0, 0, False, (1, 0), 1),
        (1, 0, True, (0, 0), 3),
        (3, 1, False, (0, 1), 0),
    ]
    tally = CourtPieceTally()
    for dealer, side, first_seven, series, next_dealer in rows:
        s = settle(tally, finished(dealer, side, first_seven=first_seven))
        tally = s.tally
        assert (tally.series, s.next_dealer) == (series, next_dealer)
    assert tally.points == (1, 0)


def test_session_of_deals_ends_with_most_courts() -> None:
    rules = COURT_PIECE.parse_rules({**COURTS, "session_end": {"deals": 2}})
    first = finished(1, 0, first_seven=True)
    s1 = COURT_PIECE.settle(rules, CourtPieceTally(), first)
    assert not s1.over
    s2 = COURT_PIECE.settle(rules, s1.tally, finished(3, 1, first_seven=False))
    assert s2.over and s2.winner == 0
    draw = COURT_PIECE.settle(
        rules, CourtPieceTally(), finished(0, 1, first_seven=False), time_up=True
    )
    assert draw.over and draw.winner is None


# Honour mode (4.6 and 4.8-9).

HONOUR = {"variant": "courts", "honour_mode": True}


def reneging_state() -> tuple[CourtPieceState, int]:
    """An honour-mode state where the second player of the first trick holds the led suit."""
    for seed in range(50):
        state = start(random_deal(seed, dealer=3), "S", **HONOUR)
        lead = state.legal_actions()[0]
        after = state.apply(lead)
        hand = after.view(1)["hand"]
        off = [c for c in hand if c[1] != lead[1]]
        if any(c[1] == lead[1] for c in hand) and off:
            return after, hand.index(off[0])
    raise AssertionError("no deal found")


def test_honour_mode_accepts_a_renege_and_its_correction() -> None:
    state, _ = reneging_state()
    led = state.view(0)["trick"]["cards"][0][1]
    hand = state.view(1)["hand"]
    renege = next(c for c in hand if c[1] != led)
    follow = next(c for c in hand if c[1] == led)
    after = state.apply(renege)
    assert renege in after.view(1)["trick"]["cards"]
    corrected = after.apply(f"correct {follow}", 1)
    assert corrected.view(1)["trick"]["cards"][1] == follow
    assert renege in corrected.view(1)["hand"]
    with pytest.raises(IllegalActionError):
        corrected.apply(f"correct {renege}", 1)


def test_revoke_claim_gives_a_court_to_the_other_side() -> None:
    """4.8-9: a renege found later ends the deal; the other side gets a court."""
    state, _ = reneging_state()
    led = state.view(0)["trick"]["cards"][0][1]
    renege = next(c for c in state.view(1)["hand"] if c[1] != led)
    state = state.apply(renege)
    while state.view(0)["trick"]["cards"]:
        state = state.apply(_lawful(state))
    with pytest.raises(IllegalActionError, match="no revoke"):
        state.apply("claim revoke", 2)  # the trick may still be corrected until the next lead
    state = state.apply(_lawful(state))  # the next lead closes it: the renege stands
    with pytest.raises(IllegalActionError, match="no revoke"):
        state.apply("claim revoke", 1)  # one's own side's renege cannot be claimed
    claimed = state.apply("claim revoke", 2)
    assert claimed.is_over() and claimed.result()["winner"] == 0 and claimed.is_court()
    s = COURT_PIECE.settle(claimed.rules, CourtPieceTally((0, 0), (0, 4)), claimed)
    assert s.tally.points == (1, 0) and s.tally.series == (0, 0)
    assert s.next_dealer == 1  # the caller's side (seat 0) won with a court: dealer + 2


def _lawful(state: CourtPieceState) -> str:
    return card_name(next(cards_of(state.lawful_cards())))


def test_claim_without_renege_is_refused() -> None:
    state = start(random_deal(2, dealer=0), "H", **HONOUR)
    with pytest.raises(IllegalActionError):
        state.apply("claim revoke", 0)
