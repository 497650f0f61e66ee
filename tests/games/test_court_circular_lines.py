"""Court Circular lines: worked examples 1-14 of rules/court-circular.md 1.10, and the details."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from atout.cards import mask_of, parse_card, parse_cards
from atout.games.court_circular_lines import (
    Line,
    LineKind,
    best_card,
    best_line,
    card_points,
    card_strength,
    describe_line,
    line_class,
    line_kind,
    line_strength,
    line_to_json,
    side_strength,
)

K = LineKind


def line(cards: str, lead: str) -> Line:
    return best_line(mask_of(parse_cards(cards.split())), parse_card(lead))


# (number, Lead, A's cards, A's kind, A's line size, B's cards, B's kind, B's size, winner)
EXAMPLES = [
    (1, "5H", "6H 7H 2C", K.LEAD_SEQUENCE, 3, "KS KD KC", K.TRIO, 3, "A"),
    (2, "9C", "9D 9S 2H", K.LEAD_TRIO, 3, "TC JH QD", K.LEAD_SEQUENCE, 4, "A"),
    (3, "4D", "5C 6S 7H", K.LEAD_SEQUENCE, 4, "2D 3S 5H", K.LEAD_SEQUENCE, 3, "A"),
    (4, "KS", "QH JC 2D", K.LEAD_SEQUENCE, 3, "AD QS 3C", K.NONE, 1, "A"),
    (5, "3H", "9H 4H KS", K.LEAD_SYMPATHY, 3, "QH 2H 8C", K.LEAD_SYMPATHY, 3, "B"),
    (6, "2C", "AS 9D 5C", K.NONE, 1, "4H 8S TD", K.NONE, 1, "B"),
    (7, "2C", "AS 9D 5C", K.NONE, 1, "AD 7S 4C", K.NONE, 1, "B"),
    (8, "2C", "JS QD 5H", K.ETIQUETTE, 2, "5D 5S 9C", K.PAIR, 2, "B"),
    (9, "TC", "3H 4D 5S", K.SEQUENCE, 3, "KH QH TD", K.VALENTINE, 2, "A"),
    (10, "AC", "2D 3S 9H", K.LEAD_SEQUENCE, 3, "KS QD 4H", K.LEAD_SEQUENCE, 3, "B"),
    (11, "8D", "7C 9S 2H", K.NONE, 1, "9H TC 3S", K.LEAD_SEQUENCE, 3, "B"),
    (12, "QC", "KD JS KH", K.LEAD_COURT, 4, "JH TH 9H", K.LEAD_SEQUENCE, 4, "B"),
    (13, "JH", "QH KH 2S", K.LEAD_SEQUENCE, 3, "AH 5H 9H", K.LEAD_SYMPATHY, 4, "A"),
    (14, "6S", "6H 6D 6C", K.LEAD_TRIO, 4, "7S 8S 9S", K.LEAD_SEQUENCE, 4, "A"),
]


@pytest.mark.parametrize(
    ("number", "lead", "a_cards", "a_kind", "a_size", "b_cards", "b_kind", "b_size", "winner"),
    EXAMPLES,
    ids=[f"example-{e[0]}" for e in EXAMPLES],
)
def test_worked_example(
    number: int,
    lead: str,
    a_cards: str,
    a_kind: LineKind,
    a_size: int,
    b_cards: str,
    b_kind: LineKind,
    b_size: int,
    winner: str,
) -> None:
    a, b = line(a_cards, lead), line(b_cards, lead)
    assert (a.kind, len(a.cards)) == (a_kind, a_size)
    assert (b.kind, len(b.cards)) == (b_kind, b_size)
    assert a.key != b.key
    assert (a.beats(b), b.beats(a)) == ((True, False) if winner == "A" else (False, True))


@pytest.mark.parametrize(
    ("cards", "lead", "names"),
    [
        ("6H 7H 2C", "5H", ("5H", "6H", "7H")),  # 1: the sequence, not the sympathy
        ("5C 6S 7H", "4D", ("4D", "5C", "6S", "7H")),  # 3
        ("2D 3S 5H", "4D", ("2D", "3S", "4D")),  # 3: 3-4-5 would put the Lead in the middle
        ("QH JC 2D", "KS", ("JC", "QH", "KS")),  # 4: also a court, which is lower
        ("2D 3S 9H", "AC", ("AC", "2D", "3S")),  # 10: ace low, Lead lowest
        ("KS QD 4H", "AC", ("QD", "KS", "AC")),  # 10: ace high, Lead highest
        ("9H TC 3S", "8D", ("8D", "9H", "TC")),  # 11
        ("JH TH 9H", "QC", ("9H", "TH", "JH", "QC")),  # 12
        ("5D 5S 9C", "2C", ("5D", "5S")),  # 8
        ("KH QH TD", "TC", ("KH", "QH")),  # 9: Valentine above Etiquette
    ],
)
def test_line_cards(cards: str, lead: str, names: tuple[str, ...]) -> None:
    assert line(cards, lead).names() == names


def test_best_own_card_decides_ties_and_ignores_the_lead() -> None:
    # Example 5: both have a Sympathy of 3 with the Lead 3H; B's Q♥ beats A's 9♥.
    a, b = line("9H 4H KS", "3H"), line("QH 2H 8C", "3H")
    assert a.key == (K.LEAD_SYMPATHY, 3, card_strength(parse_card("9H")))
    assert b.key == (K.LEAD_SYMPATHY, 3, card_strength(parse_card("QH")))
    # Example 10: K♠ (B's best own) beats 3♠ although the Lead A♣ is in both lines.
    assert line("KS QD 4H", "AC").key[2] == card_strength(parse_card("KS"))
    assert line("2D 3S 9H", "AC").key[2] == card_strength(parse_card("3S"))


def test_four_beats_three_only_within_a_kind() -> None:
    sequence_of_3 = line("JH QH 2S", "TC")
    sympathy_of_4 = line("AH 5H 9H", "JH")
    assert sequence_of_3.kind is K.LEAD_SEQUENCE and len(sequence_of_3.cards) == 3
    assert sympathy_of_4.kind is K.LEAD_SYMPATHY and len(sympathy_of_4.cards) == 4
    assert sequence_of_3.beats(sympathy_of_4)
    assert line("5C 6S 7H", "4D").beats(line("2D 3S 5H", "4D"))


@pytest.mark.parametrize(
    ("cards", "lead"),
    [
        ("AS 2D 9C", "KH"),  # K-A-2 wraps round: no sequence
        ("QS AD 3C", "KS"),  # Q-K-A has the Lead in the middle
        ("7C 9S 2H", "8D"),  # 7-8-9 has the Lead in the middle
    ],
)
def test_no_wrap_and_lead_at_an_end(cards: str, lead: str) -> None:
    assert line(cards, lead).kind is K.NONE


def test_own_sequences_may_use_the_ace_either_way_but_not_wrap() -> None:
    assert line("AS 2D 3C", "9H").kind is K.SEQUENCE
    assert line("QS KD AC", "9H").kind is K.SEQUENCE
    assert line("KS AD 2C", "9H").kind is K.NONE


def test_class_one_trio_of_four() -> None:
    trio = line("6H 6D 6C", "6S")
    assert trio.kind is K.LEAD_TRIO and len(trio.cards) == 4
    assert trio.beats(line("6H 6D 2C", "6S"))


def test_lines_need_two_own_cards() -> None:
    assert line("5H", "6H").kind is K.NONE
    assert line("5H", "6H").cards == (parse_card("5H"),)
    assert best_line(0, parse_card("6H")).cards == ()
    assert line("5H 7H", "6H").kind is K.LEAD_SYMPATHY  # 5-6-7 would put the Lead in the middle


def test_card_order() -> None:
    order = [
        "AH",
        "KH",
        "QH",
        "JH",
        "TH",
        "9H",
        "8H",
        "7H",
        "6H",
        "5H",
        "4H",
        "3H",
        "2H",
        "AD",
        "AC",
        "AS",
        "KD",
        "KC",
        "KS",
        "QD",
    ]
    strengths = [card_strength(parse_card(c)) for c in order]
    assert strengths == sorted(strengths, reverse=True)
    assert sorted(card_strength(c) for c in range(52)) == list(range(52))
    assert best_card(mask_of(parse_cards(["AS", "2H"]))) == parse_card("2H")
    with pytest.raises(ValueError, match="no cards"):
        best_card(0)


def test_card_points() -> None:
    assert card_points(parse_card("QH"), face_up=True) == 4
    assert card_points(parse_card("KC"), face_up=False) == 2
    assert card_points(parse_card("9S"), face_up=False) == 1
    assert card_points(parse_card("AH"), face_up=False) == 2  # the ace is not a court card
    assert sum(card_points(c, face_up=False) for c in range(52)) == 77
    assert sum(card_points(c, face_up=True) for c in range(52)) == 129


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="Lead"):
        line("5H 6H", "5H")
    with pytest.raises(ValueError, match="at most 3"):
        line("2S 3S 4S 5S", "9H")


def test_descriptions() -> None:
    assert describe_line(line("KD JS KH", "QC")) == "Court Circular (Court of 4 with the Lead)"
    assert describe_line(line("KS KD KC", "5H")) == "Trio"
    assert describe_line(line("AS 9D 5C", "2C")) == "no line (best AS)"
    assert line_to_json(line("9H 4H KS", "3H")) == {
        "kind": "sympathy",
        "class": 1,
        "cards": ["9H", "4H", "3H"],
        "label": "Sympathy of 3 with the Lead",
    }
    assert line_to_json(line("AS 9D 5C", "2C"))["class"] is None


def _key_as_int(found: Line) -> int:
    kind, count, top = found.key
    return 0 if not count else (int(kind) * 8 + count) * 64 + top + 1


@pytest.mark.parametrize("lead", ["AH", "JC", "2S"])
def test_line_strength_is_best_lines_key_for_every_hand(lead: str) -> None:
    # The engine judges tricks by line_strength, which works the best line out kind by
    # kind; best_line tries every subset. Every 0-3 card set against an ace of hearts
    # (runs with the ace at either end, sympathies), a court card and a two.
    lead_card = parse_card(lead)
    others = [c for c in range(52) if c != lead_card]
    for size in range(4):
        for cards in combinations(others, size):
            own = mask_of(cards)
            found = best_line(own, lead_card)
            assert line_strength(own, lead_card) == _key_as_int(found), cards
            assert line_kind(own, lead_card) is found.kind


@pytest.mark.parametrize("lead", ["AH", "KH", "QC", "JD", "3S", "2S", "7D", "TC"])
def test_side_strength_is_line_strength_for_every_three_cards(lead: str) -> None:
    # The engine judges a full trick by side_strength, which reads the kinds of three
    # cards off without a loop and leaves possible Class I lines to line_strength.
    # Leads at both ends of the ranks (sequences with the ace either way), courts and
    # hearts; the cards in both orders of a rotation.
    lead_card = parse_card(lead)
    others = [c for c in range(52) if c != lead_card]
    for a, b, c in combinations(others, 3):
        expected = line_strength(mask_of((a, b, c)), lead_card)
        assert side_strength(a, b, c, lead_card) == expected, (a, b, c)
        assert side_strength(c, a, b, lead_card) == expected, (c, a, b)


def test_line_class_is_the_best_lines_class() -> None:
    """``line_class`` (an observer's tables) against :func:`line_strength`'s kind: every
    ordered pair of own cards with every Lead, and random threes; fewer cards, no line."""

    def want(own: tuple[int, ...], lead: int) -> int:
        return LineKind(line_strength(mask_of(own), lead) >> 9).line_class or 0

    for lead in range(52):
        for a in range(52):
            for b in range(52):
                if len({a, b, lead}) == 3:
                    assert line_class((a, b), lead) == want((a, b), lead), (a, b, lead)
    rng = random.Random(7)
    for _ in range(20_000):
        lead, *own = rng.sample(range(52), 4)
        assert line_class(tuple(own), lead) == want(tuple(own), lead), (own, lead)
        assert line_class(tuple(own[:1]), lead) == line_class((), lead) == 0
