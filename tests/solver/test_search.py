"""Our own search against DDS on random bridge positions, and against brute force."""

from __future__ import annotations

import random

from atout.cards import JOKER
from atout.solver.dds import dds_solve
from atout.solver.position import JOKER_SUIT, Position, perft
from atout.solver.search import Searcher, quick_tricks, solve_moves


def random_position(cards: int, rng: random.Random) -> Position:
    """A random ending with ``cards`` per hand, any strain, 0-3 cards already in the trick."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[i * cards : (i + 1) * cards]) for i in range(4)]
    pos = Position(hands, trump=rng.randrange(5) - 1, leader=rng.randrange(4))
    for _ in range(rng.randrange(4)):
        pos.play(rng.choice(pos.legal_moves()))
    return pos


def brute_force(pos: Position, side: int) -> int:
    """Plain minimax over every legal move: the reference for tiny endings."""
    if pos.over or not any(pos.hands):
        return 0
    values = []
    for move in pos.legal_moves():
        before = pos.won[side]
        pos.play(move)
        values.append(pos.won[side] - before + brute_force(pos, side))
        pos.undo()
    return max(values) if pos.turn & 1 == side else min(values)


def test_own_search_agrees_with_dds_on_hundreds_of_positions() -> None:
    rng = random.Random(2024)
    for n in range(300):
        pos = random_position(2 + n % 4, rng)
        hands, trick = list(pos.hands), list(pos.trick)
        ours = solve_moves(pos)
        assert ours == dds_solve(hands, pos.trump, pos.leader, trick), (n, hands, trick)
        assert pos.hands == hands and pos.trick == trick  # the search undid everything


def test_own_search_agrees_with_brute_force() -> None:
    rng = random.Random(7)
    for _ in range(60):
        pos = random_position(3, rng)
        side = pos.turn & 1
        assert Searcher(pos).exact(side) == brute_force(pos, side)


def test_quick_tricks_never_exceed_the_value() -> None:
    rng = random.Random(11)
    for n in range(150):
        pos = random_position(3 + n % 2 * (n % 5 == 1), rng)
        while pos.trick:
            pos.play(pos.legal_moves()[0])
        assert quick_tricks(pos) <= brute_force(pos, pos.leader & 1)


def test_make_undo_round_trip() -> None:
    rng = random.Random(3)
    pos = random_position(5, rng)
    snapshot = (list(pos.hands), list(pos.trick), list(pos.won), pos.turn, pos.leader, pos.led)
    assert perft(pos, 6) > 0
    assert (list(pos.hands), list(pos.trick), list(pos.won), pos.turn, pos.leader, pos.led) == (
        snapshot
    )


def memo_minimax(pos: Position, side: int, memo: dict[tuple[int, ...], int]) -> int:
    """Plain minimax with an exact memo at trick boundaries: the reference for 4-6 card endings."""
    if pos.over or not any(pos.hands):
        return 0
    key: tuple[int, ...] | None = None
    if not pos.trick:
        key = (*pos.key(), pos.voids)
        if key in memo:
            return memo[key]
    values = []
    for move in pos.legal_moves():
        before = pos.won[side]
        pos.play(move)
        values.append(pos.won[side] - before + memo_minimax(pos, side, memo))
        pos.undo()
    value = max(values) if pos.turn & 1 == side else min(values)
    if key is not None:
        memo[key] = value
    return value


def joker_position(cards: int, rng: random.Random) -> Position:
    """A Five Hundred no-trump ending, the joker in play (a one-card trump suit), mid-trick."""
    deck = [c for c in range(52) if c % 13 >= 2] + [JOKER]
    rng.shuffle(deck)
    if JOKER not in deck[: 4 * cards]:
        deck[rng.randrange(4 * cards)] = JOKER
    hands = [sum(1 << c for c in deck[i * cards : (i + 1) * cards]) for i in range(4)]
    pos = Position(hands, trump=JOKER_SUIT, leader=rng.randrange(4), restrict_joker=True)
    for _ in range(rng.randrange(4 * cards - 3)):
        if pos.over:
            break
        pos.play(rng.choice(pos.legal_moves()))
    return pos


def test_own_search_agrees_with_dds_on_larger_endings_mid_trick() -> None:
    rng = random.Random(66)
    for n in range(40):
        pos = random_position(6 + n % 2, rng)
        hands, trick = list(pos.hands), list(pos.trick)
        assert solve_moves(pos) == dds_solve(hands, pos.trump, pos.leader, trick), (n, hands)


def test_exact_from_any_guess_and_both_sides() -> None:
    rng = random.Random(12)
    for _ in range(30):
        pos = random_position(4, rng)
        left = pos.tricks_left()
        side = pos.turn & 1
        value = brute_force(pos, side)
        searcher = Searcher(pos)
        for guess in range(left + 1):
            assert searcher.exact(side, guess) == value
        assert Searcher(pos).exact(1 - side) == left - value
        assert searcher.reaches(side, value) and not searcher.reaches(side, value + 1)
        assert searcher.reaches(1 - side, left - value)
        assert not searcher.reaches(1 - side, left - value + 1)


def test_joker_no_trumps_against_minimax() -> None:
    """Five Hundred no-trumps: the joker wins any trick; led, it names a suit (not a shown void)."""
    rng = random.Random(500)
    for n in range(60):
        pos = joker_position(3 + n % 2, rng)
        if pos.over:
            continue
        side = pos.turn & 1
        expected = {}
        for move in pos.legal_moves():
            before = pos.won[side]
            pos.play(move)
            expected[move] = pos.won[side] - before + memo_minimax(pos, side, {})
            pos.undo()
        snapshot = (list(pos.hands), list(pos.trick), pos.voids)
        assert solve_moves(pos) == expected, (n, pos.hands, pos.trick, pos.voids)
        assert (list(pos.hands), list(pos.trick), pos.voids) == snapshot


def test_quick_tricks_are_sure_in_every_strain() -> None:
    rng = random.Random(31)
    for n in range(200):
        pos = joker_position(3, rng) if n % 4 == 0 else random_position(3 + n % 2, rng)
        while pos.trick and not pos.over:
            pos.play(pos.legal_moves()[0])
        if pos.over:
            continue
        assert quick_tricks(pos) <= memo_minimax(pos, pos.leader & 1, {}), n


def test_three_hands_and_a_stop_seat_against_brute_force() -> None:
    """A seat that sits out, and a deal that stops at one seat's first trick (misère's shape)."""
    rng = random.Random(21)
    for n in range(60):
        cards = 3 + n % 2
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[i * cards : (i + 1) * cards]) for i in range(4)]
        skip = rng.randrange(4)
        leader = (skip + 1 + rng.randrange(3)) % 4
        stop = (skip + 2) % 4 if n % 3 == 0 else -1
        pos = Position(hands, trump=rng.randrange(5) - 1, leader=leader, skip=skip, stop_seat=stop)
        for _ in range(rng.randrange(3)):
            pos.play(rng.choice(pos.legal_moves()))
        for side in (0, 1):
            assert Searcher(pos).exact(side) == brute_force(pos, side), (n, side)


def test_merged_runs_do_not_widen_table_entries() -> None:
    """A 9-trick joker no-trump position where a run of equal cards straddled the relevant ranks.

    Every card of the run was searched as one; the table entry then matched
    positions where the run's cards were no longer equal, and 36 and 38 came
    out one trick short when the other cards were searched first.
    """
    hands = [52781658933520, 74827993978368, 6764195569762400, 1829933107118080]
    pos = Position(hands, trump=JOKER_SUIT, leader=2, trick=[3], restrict_joker=True)
    values = solve_moves(pos)
    assert values == {20: 5, 22: 5, 23: 5, 31: 5, 36: 6, 38: 6, 47: 5, 49: 5, 50: 5}
    pos.play(36)
    assert Searcher(pos).exact(1) == 6
