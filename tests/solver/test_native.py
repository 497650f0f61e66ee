"""The C kernel (``atout.solver._dd``) against the Python search it replaces, and against DDS.

Both searches answer the same questions on the same positions; the Python
search (``ATOUT_NATIVE=0``) is the reference. Skipped where the kernel was
not built, except on CI, where a missing kernel fails.
"""

from __future__ import annotations

import importlib
import os
import random
import threading

import pytest

from atout.solver.dds import dds_solve
from atout.solver.position import Position
from atout.solver.project import project
from atout.solver.search import MisereSearcher, Searcher, misere_is_set, native, solve_moves

from .test_games import five_hundred, random_plays
from .test_search import joker_position, random_position

BUILT = native(Position([1, 2, 4, 8], trump=-1, leader=0))

needs_kernel = pytest.mark.skipif(not BUILT, reason="C kernel not built (no C compiler)")


def test_ci_runs_the_kernel() -> None:
    """On CI (a clean clone, scripts/test) the kernel must be built and chosen."""
    if os.environ.get("CI") != "true":
        pytest.skip("only CI insists on the kernel")
    assert os.environ.get("ATOUT_NATIVE") != "0"
    assert BUILT, "atout.solver._dd is not importable: scripts/test must build it"


def both(pos: Position, monkeypatch: pytest.MonkeyPatch) -> tuple[dict[int, int], dict[int, int]]:
    """``solve_moves`` by the kernel, then by the Python search."""
    searcher = Searcher(pos)
    assert searcher.is_native
    ours = solve_moves(pos, searcher)
    with monkeypatch.context() as m:
        m.setenv("ATOUT_NATIVE", "0")
        reference = Searcher(pos)
        assert not reference.is_native
        theirs = solve_moves(pos, reference)
    return ours, theirs


@needs_kernel
def test_kernel_equals_python_on_bridge_mid_trick(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(606)
    for n in range(240):
        pos = random_position(3 + n % 4, rng)
        snapshot = (list(pos.hands), list(pos.trick))
        ours, theirs = both(pos, monkeypatch)
        assert ours == theirs, (n, pos.hands, pos.trick, pos.trump)
        assert (list(pos.hands), list(pos.trick)) == snapshot


@needs_kernel
@pytest.mark.parametrize("restrict", [True, False])
def test_kernel_equals_python_on_joker_no_trumps(
    restrict: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(f"joker {restrict}")
    tried = 0
    while tried < 80:
        pos = joker_position(3 + tried % 3, rng)
        if pos.over:
            continue
        pos.restrict_joker = restrict
        tried += 1
        ours, theirs = both(pos, monkeypatch)
        assert ours == theirs, (pos.hands, pos.trick, pos.voids, pos.leader)


@needs_kernel
def test_kernel_probes_equal_python_probes(monkeypatch: pytest.MonkeyPatch) -> None:
    """``reaches`` for both sides and every target, from one searcher (its table reused)."""
    rng = random.Random(77)
    for n in range(60):
        pos = joker_position(4, rng) if n % 3 == 0 else random_position(4 + n % 2, rng)
        if pos.over:
            continue
        left = pos.tricks_left()
        kernel = Searcher(pos)
        with monkeypatch.context() as m:
            m.setenv("ATOUT_NATIVE", "0")
            reference = Searcher(pos)
        for side in (0, 1):
            for need in range(left + 2):
                assert kernel.reaches(side, need) == reference.reaches(side, need), (n, side)
            assert kernel.exact(side) == reference.exact(side)


@needs_kernel
@pytest.mark.parametrize("contract", ["7S", "8H", "7NT"])
def test_kernel_on_five_hundred_projections(contract: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Five Hundred suit contracts (joker and bowers on top of trumps) and no-trumps (the joker)."""
    rng = random.Random(contract)
    for _ in range(25):
        state = random_plays(five_hundred(contract, 4 + rng.randrange(2), rng), 3, rng)
        proj = project(state)
        pos = proj.position()
        if pos.over:
            continue
        ours, theirs = both(pos, monkeypatch)
        assert ours == theirs
        if proj.dds:
            assert ours == dds_solve(proj.hands, proj.trump, proj.leader, proj.trick)


@needs_kernel
def test_kernel_agrees_with_dds() -> None:
    rng = random.Random(52)
    for n in range(200):
        pos = random_position(3 + n % 5, rng)
        hands, trick = list(pos.hands), list(pos.trick)
        assert Searcher(pos).is_native
        assert solve_moves(pos) == dds_solve(hands, pos.trump, pos.leader, trick), (n, hands)


def test_trick_counts_with_three_hands_or_a_stop_seat_stay_in_python() -> None:
    pos = Position([1, 2, 4, 8], trump=-1, leader=0, skip=2)
    assert not Searcher(pos).is_native
    pos = Position([1, 2, 4, 8], trump=-1, leader=0, stop_seat=1)
    assert not Searcher(pos).is_native


def misere_both(pos: Position) -> tuple[list[bool], list[bool]]:
    """Every legal move's misère answer, by the kernel and by the Python search."""
    kernel = MisereSearcher(pos)
    assert kernel.is_native
    ours, theirs = [], []
    table: dict[tuple[int, ...], bool] = {}
    for move in pos.legal_moves():
        pos.play(move)
        ours.append(kernel.is_set())
        theirs.append(pos.leader == pos.stop_seat if pos.over else misere_is_set(pos, table))
        pos.undo()
    return ours, theirs


@needs_kernel
def test_kernel_misere_equals_python() -> None:
    """Five Hundred misère (partner sits out, the joker in play), and a four-hand stop seat."""
    rng = random.Random(13)
    tried = 0
    while tried < 60:
        state = random_plays(five_hundred("misere", 4 + rng.randrange(3), rng), 4, rng)
        if state.turn is None:
            continue
        pos = project(state).position()
        tried += 1
        pos.restrict_joker = bool(tried % 2)
        ours, theirs = misere_both(pos)
        assert ours == theirs, (pos.hands, pos.trick, pos.leader, pos.skip, pos.stop_seat)
    for _ in range(60):
        pos = random_position(3 + rng.randrange(3), rng)
        pos.stop_seat = rng.randrange(4)
        if pos.over or pos.trick:
            continue
        ours, theirs = misere_both(pos)
        assert ours == theirs, (pos.hands, pos.leader, pos.stop_seat)


@needs_kernel
def test_kernel_refuses_malformed_questions() -> None:
    """Bad arguments raise instead of reading out of bounds (the kernel trusts what it checks)."""
    _dd = importlib.import_module("atout.solver._dd")
    with pytest.raises(RuntimeError):
        _dd.Search.__new__(_dd.Search).reaches((1, 2, 4, 8), 0, 1, 0, 0, -1, -1, -1, 0, 0)
    kernel = _dd.Search(-1)
    with pytest.raises(ValueError):
        kernel.reaches((1, 2, 4, 8), 0, 1, 0, 1, 7, -1, 0, 1, 0)  # led suit 7
    with pytest.raises(ValueError):
        kernel.reaches((1, 2, 4), 0, 1, 0, 0, -1, -1, -1, 0, 0)  # three hands
    with pytest.raises(ValueError):
        kernel.reaches((1 << 52, 2, 4, 8), 0, 1, 0, 0, -1, -1, -1, 0, 0)  # joker, not no-trumps
    assert kernel.reaches((1, 2, 4, 8), 1, 1, 0, 0, -1, -1, -1, 0, 0)  # the five of spades wins


@needs_kernel
def test_kernel_refuses_positions_that_are_not_deals() -> None:
    """The search assumes a real deal (it reads every hand's last card, shifts by the best key):
    cards held twice, uneven hands, a best key or seat not of the trick, wide ints all raise."""
    _dd = importlib.import_module("atout.solver._dd")
    kernel = _dd.Search(-1)
    hands = (0b11, 0b1100, 0b110000, 0b11000000)  # two spades each, north leads, no-trumps
    assert kernel.reaches(hands, 1, 2, 0, 0, -1, -1, -1, 0, 0)  # west holds the top spades
    bad_boundaries = [
        ((0b11, 0b110, 0b110000, 0b11000000), 0),  # the three of spades held twice
        ((0b111, 0b1100, 0b110000, 0b11000000), 0),  # north has a card more
        ((0b11, 0b1100, 0b110000, 0), 0),  # west has no cards
        (hands, 1 << 16),  # voids beyond four seats' four suits
        (hands, -1),
    ]
    for bad, voids in bad_boundaries:
        with pytest.raises(ValueError):
            kernel.reaches(bad, 0, 1, 0, 0, -1, -1, -1, 0, voids)
        with pytest.raises(ValueError):
            kernel.known(bad, 0, voids)
    # North led the two of spades (card 0): east to play, north's key 0 the best.
    after_lead = (0b10, 0b1100, 0b110000, 0b11000000)
    assert not kernel.reaches(after_lead, 0, 1, 1, 1, 0, 0, 0, 1, 0)
    bad_tricks = [
        (0b10, 0b1100, 0b110000, 0b11000001),  # the led card still in a hand
        (0b10, 0b1100, 0b110000, 0b1000000),  # west a card short
    ]
    for bad in bad_tricks:
        with pytest.raises(ValueError):
            kernel.reaches(bad, 0, 1, 1, 1, 0, 0, 0, 1, 0)
    for best, best_seat in [(5, 0), (100, 0), (10_000, 0), (-1, 0), (0, 1), (0, 2)]:
        with pytest.raises(ValueError):  # not the led card's key, or not its seat
            kernel.reaches(after_lead, 0, 1, 1, 1, 0, best, best_seat, 1, 0)
    with pytest.raises(ValueError):  # tmask empty though a card was played
        kernel.reaches(after_lead, 0, 1, 1, 1, 0, 0, 0, 0, 0)
    with pytest.raises(ValueError):  # a card in the trick mask at a trick boundary
        kernel.reaches(hands, 0, 1, 0, 0, -1, -1, -1, 1 << 40, 0)
    for wide in [(1 << 64) + 1, -1]:  # neither may wrap to a card set
        with pytest.raises(OverflowError):
            kernel.reaches(after_lead, 0, 1, 1, 1, 0, 0, 0, wide, 0)
    with pytest.raises(ValueError):
        kernel.reaches(after_lead, 0, 1, 1, 1, 0, 0, 0, 1 | 1 << 53, 0)
    with pytest.raises(TypeError):
        kernel.reaches((0b11, 0b1100, 0b110000, "west"), 0, 1, 0, 0, -1, -1, -1, 0, 0)
    with pytest.raises(ValueError):  # the seat that sits out cannot be on turn
        kernel.misere(hands, 2, 0, 2, 0, -1, -1, -1, 0, 0)
    with pytest.raises(ValueError):  # with a seat out, a trick holds three cards
        kernel.misere(hands, 2, 0, 0, 3, 0, 0, 1, 0b111, 0)


@needs_kernel
def test_kernel_searches_without_the_gil() -> None:
    """A probe runs without the GIL (the server's event loop keeps serving while a bot thinks):
    meanwhile the same Search refuses every other question instead of sharing its tables."""
    _dd = importlib.import_module("atout.solver._dd")
    rng = random.Random(5)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[i * 13 : (i + 1) * 13]) for i in range(4)]
    kernel = _dd.Search(-1)
    answers: list[bool] = []
    thinker = threading.Thread(
        target=lambda: answers.extend(
            kernel.reaches(hands, 0, need, 0, 0, -1, -1, -1, 0, 0) for need in range(1, 14)
        )
    )
    refused = set()
    thinker.start()
    while thinker.is_alive() and len(refused) < 3:
        for name, ask in [
            ("nodes", lambda: kernel.nodes),
            ("known", lambda: kernel.known(hands, 0, 0)),
            ("init", lambda: kernel.__init__(-1)),
        ]:
            try:
                ask()
            except RuntimeError:
                refused.add(name)
    thinker.join()
    assert refused == {"nodes", "known", "init"}
    serial = _dd.Search(-1)
    assert answers == [serial.reaches(hands, 0, n, 0, 0, -1, -1, -1, 0, 0) for n in range(1, 14)]


@needs_kernel
def test_kernel_answers_the_same_from_threads_at_once() -> None:
    """Searches in two threads at once (each with its own pattern cache) answer as one by one."""
    rng = random.Random(31)
    positions = [random_position(7, rng) for _ in range(24)]
    serial = [solve_moves(pos, Searcher(pos)) for pos in positions]
    results: dict[int, dict[int, int]] = {}

    def solve(indexes: range) -> None:
        for i in indexes:
            results[i] = solve_moves(positions[i], Searcher(positions[i]))

    threads = [threading.Thread(target=solve, args=(range(k, 24, 2),)) for k in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [results[i] for i in range(24)] == serial
