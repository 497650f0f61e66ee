"""Court Piece: the worked examples of rules/court-piece.md, legality, views, errors."""

from __future__ import annotations

import pytest

from atout.cards import card_name, parse_card
from atout.core import IllegalActionError, InvalidActionError
from atout.games.court_piece import COURT_PIECE, CourtPieceState, CourtPieceTally
from atout.tricks import plain_trick_winner
from tests.games.cp_helpers import deal_from, play_tricks, random_deal, start

SUITS = "SHDC"


def winner_of(cards: str, trump: str) -> str:
    trick = tuple(parse_card(c) for c in cards.split())
    return card_name(trick[plain_trick_winner(trick, SUITS.index(trump))])


# Trick winners (2.6 examples 1-5, 4.8 examples 1-2).


@pytest.mark.parametrize(
    ("trump", "cards", "winner"),
    [
        ("H", "AS TS 4S 7S", "AS"),  # 1: no trump played
        ("H", "KD QD 2H AD", "2H"),  # 2: any trump beats every other suit
        ("C", "TD 3C AD QC", "QC"),  # 3: highest trump
        ("S", "5H AC KD 2H", "5H"),  # 4: off-suit cards never win
        ("S", "9S AS 2H TS", "AS"),  # 5: trump led
        ("S", "KH AH 3S 8H", "3S"),  # 4.8-1: the small trump wins
        ("S", "KH AH 3S 2C", "3S"),  # 4.8-2: over-trumping is not compulsory
    ],
)
def test_trick_winner_examples(trump: str, cards: str, winner: str) -> None:
    assert winner_of(cards, trump) == winner


HANDS = [
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
]


def test_void_player_may_play_anything() -> None:
    """2.6-6: Q♣ led and no club: any card, a low discard included; trumping optional."""
    hands = [
        "QC AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
        "2S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
        "2H AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D",
        "2D AC KC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    ]
    state = start(deal_from(hands, dealer=3), "H").apply("QC")
    assert state.turn == 1
    assert set(state.legal_actions()) == {
        "2S", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH",
    }  # fmt: skip


def test_must_follow_with_a_clear_message() -> None:
    """2.6-7: ♥ led, holding 8♥ Q♠ 2♣: only 8♥; anything else is refused, saying why."""
    hands = [
        "AH KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "8H QC 2C AD KD QD JD TD 9D 8D 7D 6D 5D",
        "KH QH JH TH 9H 7H 6H 5H 4H 3H 2H 4D 3D",
        "AS AC KC JC TC 9C 8C 7C 6C 5C 4C 3C 2D",
    ]
    state = start(deal_from(hands, dealer=3), "S").apply("AH")
    assert state.legal_actions() == ("8H",)
    with pytest.raises(IllegalActionError, match="must follow hearts: you hold 8♥"):
        state.apply("QC")
    with pytest.raises(IllegalActionError, match="you do not hold AS"):
        state.apply("AS")


def test_trump_call_sees_five_cards_and_leads() -> None:
    deal = random_deal(1, dealer=2)
    state = CourtPieceState(COURT_PIECE.parse_rules({}), deal)
    assert state.turn == 3
    assert state.legal_actions() == ("trump S", "trump H", "trump D", "trump C")
    assert state.view(3)["hand"] == [card_name(c) for c in deal.hands[3][:5]]
    assert all(state.view(s)["hand"] == [] for s in (0, 1, 2))
    after = state.apply("trump h")
    assert after.trump is not None and after.turn == 3
    assert len(after.view(0)["hand"]) == 13


# Deal results (2.6 examples 8-13).


def _simple_after(sides: list[int], seed_range: range = range(40)) -> CourtPieceState:
    for seed in seed_range:
        try:
            return play_tricks(start(random_deal(seed), "S"), sides)
        except LookupError:
            continue
    raise AssertionError("no deal found for this trick sequence")


def test_seven_three_stops_the_deal() -> None:
    """8: A wins its 7th trick while B has 3 -> the deal stops, A +1."""
    state = _simple_after([0, 1, 0, 1, 0, 1, 0, 0, 0, 0])
    assert state.is_over() and state.tricks_won == (7, 3)
    settlement = COURT_PIECE.settle(state.rules, CourtPieceTally(), state)
    assert settlement.points == (1, 0)


def test_seven_nil_goes_on_then_stops_at_seven_one() -> None:
    """9: 7-0 continues (compulsory Bavney chase); B's trick 8 stops it at 7-1, A +1."""
    state = _simple_after([0] * 7)
    assert not state.is_over() and state.turn is not None
    state = play_tricks(state, [1])
    assert state.is_over() and state.tricks_won == (7, 1)
    assert COURT_PIECE.settle(state.rules, CourtPieceTally(), state).points == (1, 0)


def test_bavney_scores_two() -> None:
    """10: all 13 tricks -> Bavney, 2 points (not 1 + 2)."""
    state = start(deal_from(HANDS, dealer=3), "S")
    while not state.is_over():
        state = state.apply(state.legal_actions()[-1])
    assert state.tricks_won == (13, 0) and state.is_bavney()
    settlement = COURT_PIECE.settle(state.rules, CourtPieceTally(), state)
    assert settlement.points == (2, 0)
    assert state.result()["bavney"] is True


def test_ten_one_is_one_point() -> None:
    """11: A wins tricks 1-10, B wins trick 11 -> 10-1, A +1."""
    state = _simple_after([0] * 10 + [1])
    assert state.is_over() and state.tricks_won == (10, 1)
    assert COURT_PIECE.settle(state.rules, CourtPieceTally(), state).points == (1, 0)


def test_seven_six_at_trick_thirteen() -> None:
    """12: alternating tricks, A wins trick 13 -> 7-6, A +1."""
    state = _simple_after([0, 1] * 6 + [0])
    assert state.is_over() and state.tricks_won == (7, 6)


def test_target_reached_wins_the_game() -> None:
    """13: A at 4 (target 5) makes 7-2 -> 5, A wins; a Bavney from 4 gives 6, still a win."""
    rules = COURT_PIECE.parse_rules({})
    plain = _simple_after([0, 0, 1, 0, 1, 0, 0, 0, 0])
    settlement = COURT_PIECE.settle(rules, CourtPieceTally((4, 3)), plain)
    assert settlement.tally.points == (5, 3) and settlement.over and settlement.winner == 0
    bavney = start(deal_from(HANDS, dealer=3), "S")
    while not bavney.is_over():
        bavney = bavney.apply(bavney.legal_actions()[-1])
    settlement = COURT_PIECE.settle(rules, CourtPieceTally((4, 0)), bavney)
    assert settlement.tally.points == (6, 0) and settlement.winner == 0


def test_dealer_passes_left_every_deal() -> None:
    """14: dealer South -> West -> North: one seat on each deal, whoever wins."""
    for dealer in range(4):
        state = start(random_deal(5, dealer=dealer), "H")
        while not state.is_over():
            state = state.apply(state.legal_actions()[0])
        settlement = COURT_PIECE.settle(state.rules, CourtPieceTally(), state)
        assert settlement.next_dealer == (dealer + 1) % 4


# Options.


@pytest.mark.parametrize(
    "options",
    [
        {"target": 2},
        {"target": 16},
        {"target": "5"},
        {"variant": "hokm"},
        {"colour": "red"},
        {"variant": "simple", "honour_mode": True},
        {"variant": "courts", "session_end": {"hours": 1}},
        {"variant": "courts", "session_end": {"deals": 0}},
        {"first_dealer": 4},
    ],
)
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        COURT_PIECE.parse_rules(options)


def test_good_options_round_trip() -> None:
    for options in (
        {"target": 15},
        {"variant": "courts", "session_end": {"minutes": 30}, "honour_mode": True},
    ):
        rules = COURT_PIECE.parse_rules(options)
        assert COURT_PIECE.parse_rules(COURT_PIECE.rules_to_json(rules)) == rules


# Bad actions leave the state as it was.


@pytest.mark.parametrize(
    ("action", "seat", "error"),
    [
        ("1H", None, InvalidActionError),
        ("trump X", None, InvalidActionError),
        ("", None, InvalidActionError),
        ("AS", None, IllegalActionError),  # trump not named yet
        ("trump S", 2, IllegalActionError),  # not the caller
        ("correct 2S", 1, IllegalActionError),  # no honour mode
    ],
)
def test_bad_actions_change_nothing(action: str, seat: int | None, error: type) -> None:
    state = CourtPieceState(COURT_PIECE.parse_rules({}), random_deal(3, dealer=0))
    before = (repr(state), state.legal_actions(), state.view(1))
    with pytest.raises(error):
        state.apply(action, seat)
    assert (repr(state), state.legal_actions(), state.view(1)) == before


def test_out_of_turn_card_is_refused() -> None:
    state = start(random_deal(3, dealer=0), "D")
    card = state.view(2)["hand"][0]
    with pytest.raises(IllegalActionError, match="not seat 2's turn: seat 1 plays"):
        state.apply(card, 2)
