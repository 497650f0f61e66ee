"""Solver benchmark: prints figures, not a test. ``.venv/bin/python bench/solver.py [--quick]``.

"Own search" is the C kernel (``atout.solver._dd``) where it is built, and
the Python search with ``--python`` (or ``ATOUT_NATIVE=0``, or no kernel);
the first line says which one ran.

Same run, same positions:

1. atout's 52-card path (``solve(state)`` on Court Piece states: projection
   + DDS) against calling endplay directly (``Deal`` + ``solve_board``) on
   the same positions; target: overhead <= 10%.
2. our own search against DDS on bridge positions with 5, 8 and 13 cards a
   hand (the ratio; target within 10x at 8 cards); every answer is checked.
3. our own search on 10-card Five Hundred no-trump deals (joker in play):
   the median time of the best value; target <= 50 ms.
4. the Court Circular solver from positions with 3 to 6 cards in the stock
   (every legal action scored): the median time per stock size.

Times are process CPU time (``time.process_time``): the machine is shared,
and wall time measures the neighbours. Own search and DDS alternate
position by position, so a busy spell hurts both; compare the ratios.
``--13`` adds one 13-card position (seconds in the C kernel, minutes in Python).
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from endplay.dds import solve_board
from endplay.types import Card, Deal, Denom, Player, Rank

from atout.cards import JOKER, mask_of
from atout.games import get_game
from atout.games.five_hundred.rules import DECK
from atout.games.five_hundred.state import FiveHundredState
from atout.solver import solve
from atout.solver.dds import dds_solve
from atout.solver.position import Position
from atout.solver.project import project
from atout.solver.search import Searcher, native, solve_moves


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.process_time()
    out = fn()
    return time.process_time() - start, out


def court_piece_states(count: int, rng: random.Random) -> list[Any]:
    game = get_game("court-piece")
    rules = game.parse_rules({})
    states = []
    for _ in range(count):
        state = game.start(rules, game.deal(rules, 0, rng), game.new_tally(rules))
        state = state.apply(f"trump {rng.choice('SHDC')}")
        for _ in range(rng.randrange(12)):
            state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def endplay_deal(state: Any) -> Any:

    proj = project(state)
    pbn = "N:" + " ".join(
        ".".join(
            "".join("23456789TJQKA"[r] for r in range(12, -1, -1) if h >> (13 * s + r) & 1)
            for s in range(4)
        )
        for h in _hands_with_trick(proj)
    )
    deal = Deal(pbn, first=Player(proj.leader), trump=Denom(proj.trump))
    for card in proj.trick:
        deal.play(Card(suit=Denom(card // 13), rank=_rank(card % 13)))
    return deal


def _rank(r: int) -> Any:

    return Rank(1 << (r + 2))


def _hands_with_trick(proj: Any) -> list[int]:
    hands = list(proj.hands)
    seat = proj.leader
    for card in proj.trick:
        hands[seat] |= 1 << card
        seat = (seat + 1) % 4
    return hands


def bench_overhead(count: int) -> None:

    states = court_piece_states(count, random.Random(1))
    deals = [endplay_deal(s) for s in states]
    solve(states[0])  # load DDS
    # One pass each over all positions, so DDS never sees the same deal twice in a row
    # (it would reuse its table across the two calls and flatter the second one).
    ours = theirs = 0.0
    for _ in range(2):
        ours, answers = timed(lambda: [solve(s) for s in states])
        theirs, refs = timed(lambda: [solve_board(d) for d in deals])
    for mine, ref in zip(answers, refs, strict=True):
        assert max(mine.values()) == max(v for _, v in ref)
    print(
        f"52-card path: atout solve {ours / count * 1e3:.2f} ms, endplay solve_board"
        f" {theirs / count * 1e3:.2f} ms per position: overhead {ours / theirs - 1:+.1%}"
    )


def bridge_positions(cards: int, count: int, rng: random.Random) -> list[Position]:
    out = []
    for _ in range(count):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [mask_of(deck[i * cards : (i + 1) * cards]) for i in range(4)]
        out.append(Position(hands, trump=rng.randrange(5) - 1, leader=rng.randrange(4)))
    return out


def bench_own_vs_dds(cards: int, count: int) -> None:
    positions = bridge_positions(cards, count, random.Random(cards))
    # Warm up on another deal: DDS keeps its table for a deal it has just solved.
    spare = bridge_positions(cards, 1, random.Random(1000 + cards))[0]
    dds_solve(spare.hands, spare.trump, spare.leader)
    ours, theirs = [], []
    for pos in positions:
        hands = list(pos.hands)
        t, ref = timed(partial(dds_solve, hands, pos.trump, pos.leader))
        theirs.append(t)
        t, mine = timed(partial(solve_moves, pos))
        ours.append(t)
        assert mine == ref, "own search disagrees with DDS"
    ratio = sum(ours) / sum(theirs)
    median_ratio = statistics.median(a / max(b, 1e-6) for a, b in zip(ours, theirs, strict=True))
    print(
        f"bridge {cards:>2} cards x{count}: own {statistics.median(ours) * 1e3:8.1f} ms median,"
        f" DDS {statistics.median(theirs) * 1e3:6.2f} ms median; ratio of totals {ratio:5.1f}x,"
        f" median ratio {median_ratio:5.1f}x (all {count} agree)"
    )


def bench_five_hundred(count: int) -> None:
    rng = random.Random(500)
    rules = get_game("five-hundred").parse_rules({})
    times: list[float] = []
    fulls: list[float] = []
    for _ in range(count):
        deck = [c for c in range(53) if DECK >> c & 1]
        rng.shuffle(deck)
        if JOKER not in deck[:40]:
            deck.remove(JOKER)
            deck.insert(rng.randrange(40), JOKER)
        hands = tuple(mask_of(deck[i * 10 : (i + 1) * 10]) for i in range(4))
        contractor = rng.randrange(4)
        state = FiveHundredState.from_position(rules, hands, "7NT", contractor, contractor)
        pos = project(state).position()
        t, _ = timed(partial(Searcher(pos).exact, pos.turn & 1))
        times.append(t)
        if len(fulls) < 3:
            t, _ = timed(partial(solve_moves, pos))
            fulls.append(t)
    print(
        f"Five Hundred 10-card no-trump deals x{count}: best value median"
        f" {statistics.median(times) * 1e3:.0f} ms (min {min(times) * 1e3:.0f},"
        f" max {max(times) * 1e3:.0f}); every card scored: median"
        f" {statistics.median(fulls) * 1e3:.0f} ms over {len(fulls)}"
    )


def bench_circular(count: int) -> None:
    from atout.solver.circular import solve_circular  # noqa: PLC0415

    game = get_game("court-circular")
    rules = game.parse_rules({})
    rng = random.Random(6)
    times: dict[int, list[float]] = {size: [] for size in range(3, 7)}
    while any(len(t) < count for t in times.values()):
        state = game.start(rules, game.deal(rules, 0, rng), game.new_tally(rules))
        while not state.is_over() and len(state.stock) > 6:
            state = state.apply(rng.choice(state.legal_actions()))
        found = times.get(len(state.stock))
        if state.is_over() or found is None or len(found) >= count:
            continue
        t, _ = timed(partial(solve_circular, state, max_stock=6, max_nodes=10**7))
        found.append(t)
    print(
        "Court Circular, every action scored, median by cards in the stock: "
        + ", ".join(f"{n}: {statistics.median(t) * 1e3:.0f} ms" for n, t in times.items())
        + f" (x{count} each)"
    )


def main() -> None:
    quick = "--quick" in sys.argv
    if "--python" in sys.argv:
        os.environ["ATOUT_NATIVE"] = "0"
    kernel = native(Position([1, 2, 4, 8], trump=-1, leader=0))
    print("own search:", "C kernel (atout.solver._dd)" if kernel else "Python (search.py)")
    bench_overhead(10 if quick else 30)
    sizes = [(5, 40), (8, 20 if quick else 40)]
    if "--13" in sys.argv:
        sizes.append((13, 1))
    for cards, count in sizes:
        bench_own_vs_dds(cards, count)
    bench_five_hundred(3 if quick else 15)
    bench_circular(3 if quick else 8)


if __name__ == "__main__":
    main()
