"""Hard Court Piece reads its partner's plays by a model of its own card choice."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.bots.court_piece import hard, partner, tree
from atout.bots.court_piece.partner import PartnerEvidence
from atout.bots.levels import typed
from atout.cards import SUIT_MASKS, cards_of, mask_of, parse_card
from atout.games.court_piece_view import CourtPieceView

from .test_court_piece_evidence import _play_view


def _mask(*names: str) -> int:
    return mask_of(parse_card(n) for n in names)


def _cards(*names: str) -> list[int]:
    return [parse_card(n) for n in names]


@settings(max_examples=200, deadline=None)
@given(
    deck=st.permutations(range(52)),
    size=st.integers(1, 13),
    before=st.integers(0, 3),
    trump=st.integers(0, 3),
)
def test_the_model_is_a_distribution_over_the_legal_cards(
    deck: list[int], size: int, before: int, trump: int
) -> None:
    hand = mask_of(deck[:size])
    trick = deck[size : size + before]
    earlier = [(0, deck[i : i + 4]) for i in range(40, 52, 4)]
    moment = partner.moment_of([*earlier, (1, trick)], (1 + before) % 4, trump)
    assert moment.gone == mask_of(trick) | mask_of(deck[40:])
    cards = partner.legal(hand, trick)
    if trick and hand & SUIT_MASKS[trick[0] // 13]:
        assert all(c // 13 == trick[0] // 13 for c in cards)
    else:
        assert mask_of(cards) == hand
    probabilities = [math.exp(partner.log_probability(c, hand, moment)) for c in cards]
    assert sum(probabilities) == pytest.approx(1.0)
    if len(cards) == 1:
        assert probabilities == [1.0]  # a forced card says nothing


def _view(tricks: list[dict[str, object]], trick: dict[str, object]) -> dict[str, object]:
    """Seat 0's view with spades trump, named by our side (no opponent's call to read)."""
    return {**_play_view(tricks, trick), "caller": 0, "trump": "S"}


def test_the_partners_plays_are_read_from_the_hand_he_held_then() -> None:
    # Seat 2 (the partner) played 4H to trick one and leads KD to trick two.
    view = _view(
        [{"leader": 0, "cards": ["AH", "2H", "4H", "3H"], "winner": 0}],
        {"leader": 2, "cards": ["KD", "5D"]},
    )
    told = PartnerEvidence.from_view(view)
    assert told is not None and told.partner == 2
    first, second = told.plays
    led = 1 << (parse_card("AH") // 13)
    assert first == (
        parse_card("4H"),
        partner.Moment(tuple(_cards("AH", "2H")), 0, _mask("AH", "2H"), 0, 0, led),
        _mask("4H", "KD"),
    )
    assert second == (
        parse_card("KD"),
        partner.Moment((), 0, _mask("AH", "2H", "4H", "3H"), 0, 0, led),
        _mask("KD"),
    )
    now = _mask("QD", "7C", "8C")
    expected = partner.log_probability(
        parse_card("4H"), now | _mask("4H", "KD"), first[1]
    ) + partner.log_probability(parse_card("KD"), now | _mask("KD"), second[1])
    assert told.weight([0, 0, now, 0]) == pytest.approx(math.exp(expected))
    # Only the partner's hand counts, and the answer is kept.
    assert told.weight([_mask("2C"), _mask("3C"), now, 0]) == told.weight([0, 0, now, 0])


def test_a_moment_knows_who_showed_out_and_who_led_what() -> None:
    # Seat 1 led hearts and seat 2 showed out; then seat 3 led a club and seat 0 showed
    # out. Seat 2 (and, to check the other side, seat 1) chooses now.
    tricks = [(1, _cards("KH", "2S", "3H", "4H")), (3, _cards("5C", "6D", "7C"))]
    moment = partner.moment_of([*tricks, (2, [])], 2, 1)  # seat 2 to lead, trump hearts
    spades, hearts, diamonds, clubs = (1 << s for s in range(4))
    assert moment.trick == ()
    assert moment.partner_voids == clubs  # seat 0, seat 2's partner
    assert moment.opponent_voids == 0  # seats 1 and 3 followed
    assert moment.partner_led == 0
    seat_1 = partner.moment_of([*tricks, (2, [])], 1, 1)
    assert seat_1.partner_led == clubs and seat_1.opponent_voids == hearts | clubs
    assert seat_1.gone == _mask("KH", "2S", "3H", "4H", "5C", "6D", "7C")
    assert spades | diamonds not in (moment.partner_voids, moment.opponent_voids)


def test_no_play_of_the_partner_no_evidence() -> None:
    view = _view([], {"leader": 1, "cards": ["5D"]})
    assert PartnerEvidence.from_view(typed(view, CourtPieceView)) is None
    faced_down = {**view, "variant": "courts", "tricks": None}
    assert PartnerEvidence.from_view(typed(faced_down, CourtPieceView)) is None


def test_a_partner_who_follows_under_our_winner_more_likely_played_his_lowest() -> None:
    """Our ace wins the trick; his nine is likelier his lowest heart than one above his two."""
    view = _view([], {"leader": 0, "cards": ["AH", "3H", "9H"]})
    told = PartnerEvidence.from_view(typed(view, CourtPieceView))
    assert told is not None
    rest = _mask("2C", "3C", "4C", "5C", "6C", "2D", "3D", "4D", "5D", "6D", "7D")
    lowest = told.weight([0, 0, rest | _mask("TH"), 0])
    above_his_two = told.weight([0, 0, rest | _mask("2H"), 0])
    assert lowest > above_his_two


def test_hard_reads_the_partner_as_partner_read_says(monkeypatch: pytest.MonkeyPatch) -> None:
    # Our side called; only the partner has played: nothing else to read.
    view = _view([], {"leader": 2, "cards": ["KD"]})
    seen = typed(view, CourtPieceView)
    told = PartnerEvidence.from_view(seen)
    assert told is not None
    monkeypatch.setattr(hard, "PARTNER_READ", 0.0)
    assert hard._believability(seen) is None
    hands = [0, 0, _mask("QD", "2D", "7C"), 0]
    for power in (1.0, 0.5):
        monkeypatch.setattr(hard, "PARTNER_READ", power)
        weight = hard._believability(seen)
        assert weight is not None
        assert weight(hands) == pytest.approx(told.weight(hands) ** power)
    # A partner playing by the convention is read by the model fitted to that play.
    monkeypatch.setattr(hard, "CONVENTION", 0.05)
    by_convention = PartnerEvidence.from_view(seen, 1.0, partner.CONVENTION_WEIGHTS)
    assert by_convention is not None
    weight = hard._believability(seen)
    assert weight is not None
    assert weight(hands) ** 2 == pytest.approx(by_convention.weight(hands))
    assert by_convention.weight(hands) != pytest.approx(told.weight(hands))


def _leading_view(hand: list[str]) -> dict[str, object]:
    """Seat 0 to lead the second trick (spades trump), holding ``hand``."""
    view = _view(
        [{"leader": 1, "cards": ["2H", "KH", "3H", "AH"], "winner": 0}],
        {"leader": 0, "cards": []},
    )
    return {**view, "hand": hand}


def test_the_convention_plays_the_models_card_among_cards_the_search_rates_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = _leading_view(["AS", "7S", "QD", "4D", "9C", "5C", "2C"])
    seen = typed(view, CourtPieceView)
    moment = partner.moment_of(partner.tricks_of(seen), 0, 0)
    assert moment == partner.Moment((), 0, _mask("2H", "KH", "3H", "AH"), 0, 0, 0)
    ranked = sorted(cards_of(seen.hand), key=partner.scores(seen.hand, moment).__getitem__)
    searched, near, rare, far = ranked[0], ranked[1], ranked[-2], ranked[-1]
    root = (
        (searched, 1000, 500.0),  # mean 0.50, tried most: the search's card
        (near, 900, 441.0),  # mean 0.49: within 0.02
        (rare, 200, 110.0),  # mean 0.55, but tried too seldom to trust
        (far, 900, 360.0),  # mean 0.40: worse
    )
    found = tree.Searched(searched, 3000, 0.47, tuple(sorted(root)))
    monkeypatch.setattr(hard, "CONVENTION", 0.02)
    assert (
        hard._by_convention(seen, found)
        == near
        == partner.conventional([searched, near], seen.hand, moment)
    )
    monkeypatch.setattr(hard, "CONVENTION", 0.005)  # the near card is 0.01 behind
    assert hard._by_convention(seen, found) == searched
    monkeypatch.setattr(hard, "CONVENTION", 0.2)  # all but the rare card are near
    assert hard._by_convention(seen, found) == far
    courts = typed({**view, "variant": "courts", "tricks": None}, CourtPieceView)
    assert hard._by_convention(courts, found) == searched  # no old tricks: no moment
