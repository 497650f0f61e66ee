"""Hard Court Piece's search for a line that beats rule play (the greedy bot's)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.bots.court_piece import greedy
from atout.bots.court_piece.response import card_reaches, reaches, reaching, rule_play
from atout.cards import CardSet, card_name, mask_of, parse_card
from atout.core import Match
from atout.games import get_game
from atout.solver.dds import dds_solve
from atout.tricks import legal_follow, plain_trick_winner


def _mask(*names: str) -> int:
    return mask_of(parse_card(n) for n in names)


def _cards(mask: CardSet) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def test_rule_play_is_the_greedy_bots_card_in_real_deals() -> None:
    game = get_game("court-piece")
    compared = 0
    for seed in range(40):
        rng = random.Random(seed)
        match = Match.new(game, {}, rng)
        while not match.needs_deal() and not match.is_over():
            view = match.view(match.actor)
            action = greedy.choose(view, rng)
            if view["phase"] == "play":
                hand = mask_of(parse_card(c) for c in view["hand"])
                trick = [parse_card(c) for c in view["trick"]["cards"]]
                played = rule_play(hand, trick, "SHDC".index(view["trump"]))
                assert card_name(played) == action, view
                compared += 1
            # Half the cards at random, so positions greedy would never reach are asked too.
            match = match.apply(
                rng.choice(view["legal"]) if rng.random() < 0.5 else action, match.turn
            )
    assert compared > 1000


def test_rule_play_leads_the_top_of_the_longest_plain_suit() -> None:
    hand = _mask("AS", "KS", "QS", "9H", "8H", "2D")  # spades trump: hearts are the longest plain
    assert card_name(rule_play(hand, [], 0)) == "9H"


def test_rule_play_goes_low_when_partner_wins_and_wins_cheaply_otherwise() -> None:
    hand = _mask("AH", "JH", "3H")
    # Partner led the king, the next opponent played low: partner is winning.
    assert card_name(rule_play(hand, [parse_card("KH"), parse_card("2H")], 0)) == "3H"
    # An opponent's ten is winning: the cheapest card over it.
    assert card_name(rule_play(hand, [parse_card("TH")], 0)) == "JH"


def test_a_known_misplay_is_exploited() -> None:
    # Spades trump; West (seat 1) leads his king of hearts into our ace-queen.
    hands = (_mask("AH", "QH"), _mask("KH", "2C"), _mask("3D", "4D"), _mask("5D", "6D"))
    assert reaches(hands, trump=0, leader=1, trick=(), side=0, need=2)
    # Had West the two small clubs only, nothing can make two tricks for us.
    hands = (_mask("AH", "QH"), _mask("3C", "2C"), _mask("3D", "4D"), _mask("KH", "6D"))
    assert not reaches(hands, trump=0, leader=1, trick=(), side=0, need=2)


def _brute(
    hands: list[CardSet], trump: int, leader: int, trick: list[int], side: int, need: int
) -> bool:
    """The definition: any card of ours at each turn, rule play for theirs, ``need`` tricks."""
    if need <= 0:
        return True
    if not any(hands):
        return False
    seat = (leader + len(trick)) % 4
    legal = legal_follow(hands[seat], trick[0] // 13) if trick else hands[seat]
    ours = seat % 2 == side
    options = _cards(legal) if ours else [rule_play(hands[seat], trick, trump)]
    for card in options:
        rest = list(hands)
        rest[seat] &= ~(1 << card)
        played = [*trick, card]
        if len(played) < 4:
            ok = _brute(rest, trump, leader, played, side, need)
        else:
            winner = (leader + plain_trick_winner(tuple(played), trump)) % 4
            ok = _brute(rest, trump, winner, [], side, need - (winner % 2 == side))
        if ok:
            return True
    return False


def test_a_card_on_the_table_separates_our_cards() -> None:
    # Hearts led by seat 0; seat 1 plays the ten, between seat 3's nine and king. Seat 3
    # must overtake the ten with the king (the nine would lose it): not one and the same card.
    hands = [
        _mask("5H", "6H"),
        _mask("5S", "6S", "TH"),
        _mask("7S", "9S", "8H"),
        _mask("8S", "9H", "KH"),
    ]
    trick = [parse_card("4H")]
    ending = (hands, 0, 0, trick, 1, 2)
    assert _brute(*ending)
    assert reaches(hands, trump=0, leader=0, trick=trick, side=1, need=2)


@st.composite
def _endings(draw: st.DrawFn) -> tuple[list[CardSet], int, int, list[int], int, int]:
    size = draw(st.integers(2, 4))
    deck = draw(st.permutations(range(52)))
    hands = [mask_of(deck[i * size : (i + 1) * size]) for i in range(4)]
    leader = draw(st.integers(0, 3))
    trump = draw(st.integers(0, 3))
    # Up to three cards of the current trick, each a legal card of its player.
    trick: list[int] = []
    for k in range(draw(st.integers(0, 3))):
        seat = (leader + k) % 4
        legal = legal_follow(hands[seat], trick[0] // 13) if trick else hands[seat]
        card = draw(st.sampled_from(_cards(legal)))
        hands[seat] &= ~(1 << card)
        trick.append(card)
    side = (leader + len(trick)) % 2  # the side to play searches
    need = draw(st.integers(1, size))
    return hands, trump, leader, trick, side, need


@settings(max_examples=300, deadline=None)
@given(_endings())
def test_the_search_agrees_with_the_plain_definition(
    ending: tuple[list[CardSet], int, int, list[int], int, int],
) -> None:
    hands, trump, leader, trick, side, need = ending
    expected = _brute(hands, trump, leader, trick, side, need)
    assert reaches(hands, trump=trump, leader=leader, trick=trick, side=side, need=need) == expected


@settings(max_examples=150, deadline=None)
@given(_endings())
def test_a_card_double_dummy_makes_also_beats_rule_play(
    ending: tuple[list[CardSet], int, int, list[int], int, int],
) -> None:
    hands, trump, leader, trick, side, need = ending
    scores = dds_solve(hands, trump, leader, trick, solutions=3)
    made = {c for c, t in scores.items() if t >= need}
    assert made <= reaching(
        hands, list(scores), trump=trump, leader=leader, trick=trick, side=side, need=need
    )


@settings(max_examples=150, deadline=None)
@given(_endings())
def test_one_card_at_a_time_agrees_with_the_search_over_all_cards(
    ending: tuple[list[CardSet], int, int, list[int], int, int],
) -> None:
    hands, trump, leader, trick, side, need = ending
    seat = (leader + len(trick)) % 4
    legal = legal_follow(hands[seat], trick[0] // 13) if trick else hands[seat]
    where = {"trump": trump, "leader": leader, "trick": trick, "side": side, "need": need}
    winning = {c for c in _cards(legal) if card_reaches(hands, c, **where)}
    assert winning == reaching(hands, _cards(legal), **where)
    assert bool(winning) == reaches(hands, **where)


def test_a_capped_search_proves_nothing() -> None:
    rng = random.Random(7)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [mask_of(deck[i * 13 : (i + 1) * 13]) for i in range(4)]
    assert reaches(hands, trump=0, leader=0, trick=(), side=0, need=13, node_limit=50) is None
    assert (
        reaching(
            hands, _cards(hands[0]), trump=0, leader=0, trick=(), side=0, need=13, node_limit=50
        )
        == set()
    )
    top = _cards(hands[0])[-1]
    capped = card_reaches(hands, top, trump=0, leader=0, trick=(), side=0, need=7, node_limit=50)
    assert capped is None  # not known, where reaching() above can only leave the card out
