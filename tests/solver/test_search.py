"""Our own search against DDS on random bridge positions, and against brute force."""

from __future__ import annotations

import random

from atout.solver.dds import dds_solve
from atout.solver.position import Position, perft
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
