"""Hard Court Piece's tree search: the C kernel against the Python reference, and what it finds."""

from __future__ import annotations

import math
import os
import random
import time
from array import array
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.bots.court_piece import tree
from atout.bots.court_piece.response import reaching
from atout.cards import CardSet, mask_of, parse_card
from atout.tricks import legal_follow

needs_kernel = pytest.mark.skipif(not tree.KERNEL, reason="C kernel not built (no C compiler)")

Position = tuple[list[list[CardSet]], dict[str, Any]]


def _cards(mask: CardSet) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


@st.composite
def _positions(draw: st.DrawFn, *, most_worlds: int = 6, largest: int = 13) -> Position:
    """A position and a few worlds for the seat to play: its hand fixed, the others redealt."""
    size = draw(st.integers(1, largest))
    deck = draw(st.permutations(range(52)))
    hands = [mask_of(deck[i * size : (i + 1) * size]) for i in range(4)]
    leader = draw(st.integers(0, 3))
    trump = draw(st.integers(0, 3))
    trick: list[int] = []
    for k in range(draw(st.integers(0, 3))):
        seat = (leader + k) % 4
        legal = legal_follow(hands[seat], trick[0] // 13) if trick else hands[seat]
        card = draw(st.sampled_from(_cards(legal)))
        hands[seat] &= ~(1 << card)
        trick.append(card)
    seat = (leader + len(trick)) % 4
    hidden = [c for s in range(4) if s != seat for c in _cards(hands[s])]
    rng = draw(st.randoms(use_true_random=False))
    worlds = []
    for _ in range(draw(st.integers(1, most_worlds))):
        rng.shuffle(hidden)
        world, start = [], 0
        for s in range(4):
            if s == seat:
                world.append(hands[seat])
                continue
            count = hands[s].bit_count()
            world.append(mask_of(hidden[start : start + count]))
            start += count
        worlds.append(world)
    question = {
        "seat": seat,
        "trump": trump,
        "leader": leader,
        "trick": trick,
        "need": draw(st.integers(1, size)),
        "stakes": (-1.0, 1.0),
        "seconds": math.inf,
        "seed": draw(st.integers(0, 2**64 - 1)),
    }
    return worlds, question


def test_ci_runs_the_kernel() -> None:
    """On CI (a clean clone, scripts/test) the tree search's kernel must be built."""
    if os.environ.get("CI") != "true":
        pytest.skip("only CI insists on the kernel")
    assert tree.KERNEL, "atout.bots.court_piece._tree is not importable"


@needs_kernel
@settings(max_examples=200, deadline=None)
@given(_positions(), st.integers(1, 3 * tree.SETTLE_EVERY), st.booleans())
def test_the_kernel_and_the_reference_choose_alike(
    position: Position, iterations: int, settle: bool
) -> None:
    """Card for card, iteration for iteration and value for value: the same random numbers,
    tie-breaks and settled stops."""
    worlds, question = position
    kernel = tree.search(worlds, **question, max_iterations=iterations, settle=settle)
    reference = tree.search_python(worlds, **question, max_iterations=iterations, settle=settle)
    assert kernel == reference
    assert kernel.iterations == iterations if not settle else kernel.iterations <= iterations
    assert -1.0 <= kernel.value <= 1.0
    # Each iteration tries one root card: the root's statistics account for every one, and
    # the card played is the one tried most (the lowest among equals).
    cards = [card for card, _, _ in kernel.root]
    assert cards == sorted(set(cards))
    assert sum(visits for _, visits, _ in kernel.root) == kernel.iterations
    assert kernel.card == min(kernel.root, key=lambda entry: (-entry[1], entry[0]))[0]
    assert all(-visits <= total <= visits for _, visits, total in kernel.root)


@needs_kernel
@settings(max_examples=100, deadline=None)
@given(_positions(), st.integers(tree.SETTLE_EVERY, 6 * tree.SETTLE_EVERY))
def test_a_settled_search_plays_the_card_the_full_search_plays(
    position: Position, iterations: int
) -> None:
    """Stopping once the card cannot change must never change it."""
    worlds, question = position
    full = tree.search(worlds, **question, max_iterations=iterations, settle=False)
    settled = tree.search(worlds, **question, max_iterations=iterations)
    assert settled.card == full.card
    assert settled.iterations <= full.iterations == iterations


@needs_kernel
@settings(max_examples=150, deadline=None)
@given(_positions(most_worlds=1, largest=4))
def test_with_every_card_known_it_finds_a_line_that_beats_rule_play(position: Position) -> None:
    """One world: the tree is a search against greedy's replies, so it must find what
    the exact search against them (``response.reaching``) proves."""
    worlds, question = position
    hands = worlds[0]
    seat, trick = question["seat"], question["trick"]
    legal = legal_follow(hands[seat], trick[0] // 13) if trick else hands[seat]
    winning = reaching(
        hands,
        _cards(legal),
        trump=question["trump"],
        leader=question["leader"],
        trick=trick,
        side=seat % 2,
        need=question["need"],
    )
    card = tree.search(worlds, **question, max_iterations=20_000).card
    assert card in _cards(legal)
    if winning:
        assert card in winning


def test_a_card_that_wins_in_every_world_is_played() -> None:
    # Spades trump and none left; we lead with the ace of hearts and the two of clubs and
    # need one of the last two tricks. The ace wins it wherever the other cards lie; the
    # two first hands the lead over, and the ace must then follow or be thrown away.
    ours = mask_of(parse_card(c) for c in ("AH", "2C"))
    rng = random.Random(5)
    rest = [c for c in range(13, 52) if not ours >> c & 1]
    worlds = []
    for _ in range(20):
        rng.shuffle(rest)
        worlds.append([ours, mask_of(rest[0:2]), mask_of(rest[2:4]), mask_of(rest[4:6])])
    question: dict[str, Any] = {"seat": 0, "trump": 0, "leader": 0, "trick": [], "need": 1}
    for search in (tree.search, tree.search_python):
        found = search(
            worlds, **question, stakes=(-1.0, 1.0), seconds=math.inf, seed=1, max_iterations=5000
        )
        assert found.card == parse_card("AH"), search
        assert 0.9 < found.value < 1.0  # the ace always makes it; the two is tried now and then
        # Once the ace leads by more than the iterations left, the search stops.
        assert found.iterations < 5000, search


def test_the_search_ends_at_its_deadline() -> None:
    rng = random.Random(3)
    deck = list(range(52))
    rng.shuffle(deck)
    worlds = [[mask_of(deck[13 * s : 13 * s + 13]) for s in range(4)]] * 30
    started = time.perf_counter()
    card, iterations, *_ = tree.search(
        worlds,
        seat=0,
        trump=1,
        leader=0,
        trick=[],
        need=7,
        stakes=(-1.0, 1.0),
        seconds=0.05,
        seed=2,
        settle=False,
    )
    assert time.perf_counter() - started < 1.0
    assert iterations >= 2 * len(worlds)  # every world at least twice, whatever the clock says
    assert worlds[0][0] >> card & 1


def _good() -> Position:
    hands = [
        mask_of(parse_card(c) for c in ("AS", "2H")),
        mask_of(parse_card(c) for c in ("KS",)),
        mask_of(parse_card(c) for c in ("QS",)),
        mask_of(parse_card(c) for c in ("JS",)),
    ]
    question = {
        "seat": 0,
        "trump": 0,
        "leader": 1,
        "trick": [parse_card("3H"), parse_card("4H"), parse_card("5H")],
        "need": 1,
        "stakes": (-1.0, 1.0),
        "seconds": 0.0,
        "seed": 1,
    }
    return [hands], question


def test_a_good_question_is_answered() -> None:
    worlds, question = _good()
    assert tree.search(worlds, **question).card == parse_card("2H")  # it must follow hearts


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seat": 4}, "seat, leader and trump"),
        ({"trump": -1}, "seat, leader and trump"),
        ({"leader": 2}, "the trick must hold"),
        ({"trick": [1, 2, 3, 4]}, "the trick must hold"),
        ({"need": 0}, "need must be 1..2"),
        ({"need": 3}, "need must be 1..2"),
        ({"seconds": math.inf}, "finite unless max_iterations"),
        ({"seconds": -1.0}, "seconds must be >= 0"),
        ({"max_iterations": -5}, "max_iterations must be >= 0"),
        ({"worlds": []}, "no world"),
        ({"worlds": [[3, 4, 8]]}, "hands must hold"),
        ({"worlds": [[0b111, 1 << 20, 1 << 30, 1 << 40]]}, "hands must hold"),
        ({"worlds": [[0b11, 1 << 1, 1 << 30, 1 << 40]]}, "two places"),
        ({"worlds": [[0b11, 1 << parse_card("3H"), 1 << 30, 1 << 40]]}, "two places"),
        ({"worlds": [[0b11, 1 << 52, 1 << 30, 1 << 40]]}, "not a card"),
    ],
)
def test_a_question_that_is_no_position_is_refused(change: dict[str, Any], message: str) -> None:
    worlds, question = _good()
    question.update(change)
    worlds = question.pop("worlds", worlds)
    with pytest.raises(ValueError, match=message):
        tree.search(worlds, **question)


@needs_kernel
def test_the_kernel_refuses_what_would_take_it_outside_its_arrays() -> None:
    kernel = tree._kernel
    hands = array("Q", [3, 4, 8, 16]).tobytes()
    args = (hands, 0, 0, 0, (), 1, -1.0, 1.0, 1.0, 0.0, 1, 0, 1, True)

    def ask(**change: object) -> None:
        order = ["worlds", "seat", "trump", "leader", "trick", "need"]
        values = list(args)
        for key, value in change.items():
            values[order.index(key)] = value
        kernel.search(*values)

    ask()  # the unchanged question is fine
    for change in (
        {"worlds": hands[:-1]},
        {"worlds": b""},
        {"seat": 9},
        {"trick": (1, 2, 3, 4)},
        {"trick": (99,), "leader": 3},
        {"need": 5},
        {"worlds": array("Q", [1 << 60, 4, 8, 16]).tobytes()},
    ):
        with pytest.raises(ValueError):
            ask(**change)
