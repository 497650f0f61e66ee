"""Bridge scoring: every worked example of rules/bridge.md, and Law 77 against endplay."""

from __future__ import annotations

import random

import pytest
from endplay.types import Contract, Denom, Penalty, Player, Vul

from atout.core import Match
from atout.games import get_game
from atout.games.bridge import BridgeDeal, BridgeState
from atout.games.bridge.scoring import (
    RubberTally,
    board_dealer,
    board_vulnerability,
    duplicate_score,
    finish_incomplete_rubber,
    honours,
    rubber_deal,
)

C, D, H, S, NT = range(5)

# (example, level, strain, doubled, vulnerable, tricks, score) from section 5.7.
EXAMPLES = [
    (1, 4, S, 0, False, 11, 450),
    (2, 3, NT, 1, True, 7, -500),
    (3, 6, H, 0, True, 12, 1430),
    (4, 1, NT, 2, False, 7, 560),
    (5, 2, H, 1, False, 8, 470),
    (6, 7, NT, 0, True, 13, 2220),
    (7, 3, NT, 0, False, 9, 400),
    (7, 3, NT, 0, False, 10, 430),
    (8, 5, C, 0, False, 11, 400),
    (9, 1, C, 0, False, 8, 90),
    (10, 2, S, 2, True, 9, 1240),
    (11, 4, H, 1, False, 6, -800),
    (11, 4, H, 1, True, 6, -1100),
    (12, 3, D, 0, True, 6, -300),
    (13, 4, S, 2, False, 6, -1600),
    (14, 3, C, 1, False, 9, 470),
    (15, 6, NT, 1, False, 12, 1230),
    (16, 7, C, 2, True, 13, 2660),
    (17, 6, S, 0, True, 13, 1460),
    (18, 1, NT, 0, False, 7, 90),
    (18, 2, NT, 0, True, 8, 120),
]


@pytest.mark.parametrize(
    ("example", "level", "strain", "doubled", "vul", "tricks", "score"), EXAMPLES
)
def test_spec_examples(
    example: int, level: int, strain: int, doubled: int, vul: bool, tricks: int, score: int
) -> None:
    assert duplicate_score(level, strain, doubled, vul, tricks) == score


_DENOM = (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt)
_PENALTY = (Penalty.passed, Penalty.doubled, Penalty.redoubled)


def test_law77_against_endplay_on_random_contracts() -> None:
    rng = random.Random(77)
    checked = 0
    for _ in range(5000):
        level, strain, doubled = rng.randint(1, 7), rng.randrange(5), rng.randrange(3)
        vul, tricks = rng.random() < 0.5, rng.randint(0, 13)
        contract = Contract(
            level=level,
            denom=_DENOM[strain],
            declarer=Player.north,
            penalty=_PENALTY[doubled],
            result=tricks - level - 6,
        )
        expected = contract.score(Vul.ns if vul else Vul.none)
        assert duplicate_score(level, strain, doubled, vul, tricks) == expected, (
            level,
            strain,
            doubled,
            vul,
            tricks,
        )
        checked += 1
    # Every contract/result/vulnerability once, too.
    for level in range(1, 8):
        for strain in range(5):
            for doubled in range(3):
                for vul in (False, True):
                    for tricks in range(14):
                        contract = Contract(
                            level=level,
                            denom=_DENOM[strain],
                            declarer=Player.east,
                            penalty=_PENALTY[doubled],
                            result=tricks - level - 6,
                        )
                        got = duplicate_score(level, strain, doubled, vul, tricks)
                        assert got == contract.score(Vul.ew if vul else Vul.none)
                        checked += 1
    assert checked == 5000 + 7 * 5 * 3 * 2 * 14


def test_law2_table() -> None:
    words = {
        1: "-",
        2: "NS",
        3: "EW",
        4: "All",
        5: "NS",
        6: "EW",
        7: "All",
        8: "-",
        9: "EW",
        10: "All",
        11: "-",
        12: "NS",
        13: "All",
        14: "-",
        15: "NS",
        16: "EW",
    }
    as_pair = {"-": (False, False), "NS": (True, False), "EW": (False, True), "All": (True, True)}
    for board, word in words.items():
        assert board_vulnerability(board) == as_pair[word]
        assert board_vulnerability(board + 16) == as_pair[word]
        assert board_dealer(board) == "NESW".index("NESWNESWNESWNESW"[board - 1])


# The rubber of section 5.5, one deal at a time: (contract, tricks, honours) -> sheet.
def test_rubber_example_sheet() -> None:
    tally = RubberTally()
    steps = [
        ((2, S, 0, 0), 9, None, (90, 0)),
        ((3, NT, 0, 1), 9, None, (0, 100)),
        ((1, NT, 0, 0), 8, None, (70, 0)),
        ((4, H, 1, 1), 9, None, (200, 0)),
        ((2, C, 1, 2), 8, None, (130, 0)),
        ((4, S, 0, 2), 10, (2, 100), (720, 0)),
    ]
    for contract, tricks, honour, points in steps:
        tally, got = rubber_deal(tally, contract, tricks, honour)
        assert got == points
    assert tally.below_total == (300, 100)
    assert tally.above == (910, 0)
    assert tally.games == (2, 1)
    assert tally.totals == (1210, 100)
    assert tally.is_over


def test_rubber_game_draws_the_line_and_vulnerability() -> None:
    tally, _ = rubber_deal(RubberTally(), (2, S, 0, 0), 8, None)
    assert tally.below == (60, 0)
    tally, _ = rubber_deal(tally, (3, NT, 0, 1), 9, None)
    assert tally.below == (0, 0) and tally.games == (0, 1)
    assert tally.vulnerable == (False, True)
    # A second game 2-0 earns 700.
    tally, points = rubber_deal(tally, (4, H, 0, 3), 10, None)
    assert points == (0, 120 + 700) and tally.is_over


def test_incomplete_rubber() -> None:
    tally = RubberTally(below=(0, 60), below_total=(100, 60), games=(1, 0))
    finished, points = finish_incomplete_rubber(tally)
    assert points == (300, 100)
    assert finished.totals == (400, 160)
    assert finish_incomplete_rubber(RubberTally(below=(40, 60)))[1] == (0, 0)


def test_honours() -> None:
    def hands_with(seat: int, cards: list[int]) -> list[int]:
        hands = [0, 0, 0, 0]
        for c in range(52):
            hands[c % 4] |= 1 << c
        for c in cards:
            for s in range(4):
                hands[s] &= ~(1 << c)
            hands[seat] |= 1 << c
        return hands

    spades = [12, 11, 10, 9]
    assert honours(hands_with(2, spades), S) == (2, 100)
    assert honours(hands_with(1, [*spades, 8]), S) == (1, 150)
    assert honours(hands_with(3, [12, 25, 38, 51]), NT) == (3, 150)
    assert honours(hands_with(3, [12, 25, 38, 51]), H) is None


def _claimed_deal(match: Match, calls: list[str], tricks: int) -> Match:
    for call in calls:
        match = match.apply(call)
    state = match.state
    assert isinstance(state, BridgeState) and state.declarer is not None
    match = match.apply(f"claim {tricks}", state.declarer)
    return match.apply("accept").apply("accept")


def _spread_hands() -> tuple[tuple[int, ...], ...]:
    """Card c to seat c % 4: no hand holds four honours of a suit or four aces."""
    return tuple(tuple(c for c in range(52) if c % 4 == s) for s in range(4))


def test_rubber_example_end_to_end() -> None:
    game = get_game("bridge")
    rules = game.parse_rules({})
    match = Match(game, rules)
    spread = _spread_hands()
    south_spades = list(spread)
    # Deal 6: South (seat 2) holds AS KS QS JS; swap with cards of the same count.
    honour = {12, 11, 10, 9}
    give = [c for c in south_spades[2] if c not in honour][:3]
    others = {0: [12], 1: [9], 3: [11]}
    hands6 = [list(h) for h in spread]
    for seat, cards in others.items():
        for card, back in zip(cards, give[: len(cards)], strict=False):
            hands6[seat].remove(card)
            hands6[2].append(card)
            hands6[2].remove(back)
            hands6[seat].append(back)
        give = give[len(cards) :]
    deals = [
        (0, spread, ["2S", "pass", "pass", "pass"], 9),
        (1, spread, ["3NT", "pass", "pass", "pass"], 9),
        (2, spread, ["pass", "pass", "1NT", "pass", "pass", "pass"], 8),
        (3, spread, ["4H", "X", "pass", "pass", "pass"], 9),
        (0, spread, ["2C", "pass", "pass", "X", "pass", "pass", "pass"], 8),
        (1, tuple(tuple(h) for h in hands6), ["pass", "4S", "pass", "pass", "pass"], 10),
    ]
    expected = [(90, 0), (0, 100), (70, 0), (200, 0), (130, 0), (720, 0)]
    for (dealer, hands, calls, tricks), points in zip(deals, expected, strict=True):
        match = (
            match.start_deal(BridgeDeal(dealer, hands))
            if match.deals
            else Match(game, rules).start_deal(BridgeDeal(dealer, hands))
        )
        match = _claimed_deal(match, calls, tricks)
        assert match.current.settlement is not None
        assert match.current.settlement.points == points
    assert match.totals == (1210, 100)
    assert match.is_over() and match.winner == 0
    view = game.tally_view(rules, match.tally)
    assert view["games"] == [2, 1] and view["above"] == [910, 0]


def test_duplicate_points_per_side_and_passed_out() -> None:
    game = get_game("bridge")
    rules = game.parse_rules({"scoring": "duplicate"})
    match = Match(game, rules).start_deal(BridgeDeal(0, _spread_hands(), 1))
    made = _claimed_deal(match, ["pass", "pass", "4S", "pass", "pass", "pass"], 10)
    assert made.current.settlement is not None and made.current.settlement.points == (420, 0)
    down = _claimed_deal(match, ["1NT", "pass", "pass", "pass"], 6)
    assert down.current.settlement is not None and down.current.settlement.points == (0, 50)
    passed = match
    for _ in range(4):
        passed = passed.apply("pass")
    state = passed.state
    assert isinstance(state, BridgeState)
    assert state.result()["passed_out"] and state.result()["score"] == [0, 0]
    assert passed.next_dealer() == 1
