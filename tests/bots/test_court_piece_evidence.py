"""Play evidence for Hard Court Piece: worlds where the opponents' plays make sense weigh more."""

from __future__ import annotations

import random
from array import array

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.bots import make_bot
from atout.bots.hard import court_piece as hard
from atout.bots.hard import court_piece_tree
from atout.bots.hard.court_piece_evidence import SURPRISE, PlayEvidence
from atout.bots.sampling import believable_world, court_piece_world
from atout.cards import mask_of, parse_card
from atout.core import Match
from atout.games import get_game


def _mask(*names: str) -> int:
    return mask_of(parse_card(n) for n in names)


def _view(trick: list[str], leader: int, seat: int = 0) -> dict[str, object]:
    return {"seat": seat, "trump": "S", "trick": {"leader": leader, "cards": trick}, "tricks": []}


def test_only_opponents_plays_are_evidence() -> None:
    # Seat 2 (partner) leads, seat 3 (opponent) follows: only seat 3's play is kept.
    evidence = PlayEvidence.from_view(_view(["5H", "2H"], leader=2))
    assert [p.seat for p in evidence.plays] == [3]


def test_a_play_rule_play_would_not_make_costs_the_world() -> None:
    # Seat 1 led the king of hearts: rule play leads the ace from ace-king.
    evidence = PlayEvidence.from_view(_view(["KH"], leader=1))
    assert evidence.weight([0, _mask("AH", "2H", "3C"), 0, 0]) == SURPRISE
    assert evidence.weight([0, _mask("QH", "2H", "3C"), 0, 0]) == 1.0


def test_a_forced_play_says_nothing() -> None:
    # Seat 3 followed the led heart with his only heart: any world explains it.
    evidence = PlayEvidence.from_view(_view(["5H", "2H"], leader=2))
    assert evidence.weight([0, 0, 0, _mask("AC", "KC")]) == 1.0


def test_believable_worlds_prefer_explained_plays() -> None:
    evidence = PlayEvidence.from_view(_view(["KH"], leader=1))
    worlds = [[0, _mask("AH", "2H"), 0, 0], [0, _mask("QH", "2H"), 0, 0]]
    rng = random.Random(3)

    def draw(r: random.Random) -> list[int]:
        return worlds[r.randrange(2)]

    picks = [believable_world(draw, evidence.weight, rng, 8) for _ in range(400)]
    explained = sum(p == worlds[1] for p in picks)
    assert explained > 300  # uniform draws would give ~200; the evidence gives ~330


def test_equivalent_cards_are_answered_without_search() -> None:
    # Holding 9H and 10H with nothing between them: equivalent. 9H and JH with 10H out: not.
    assert hard._equivalent([parse_card("9H"), parse_card("TH")], _mask("9H", "TH"))
    assert not hard._equivalent([parse_card("9H"), parse_card("JH")], _mask("9H", "JH"))
    gone = _mask("TH")
    assert hard._equivalent([parse_card("9H"), parse_card("JH")], _mask("9H", "JH") | gone)
    assert not hard._equivalent([parse_card("9H"), parse_card("9C")], _mask("9H", "9C"))


def _views_in_a_deal(seed: int, kinds: tuple[str, str]) -> list[dict[str, object]]:
    """Every card-play view of one deal, the sides played by bots of the two ``kinds``."""
    match = Match.new(get_game("court-piece"), {}, random.Random(seed))
    bots = [make_bot(kinds[s % 2], "court-piece", seed * 4 + s) for s in range(4)]
    views = []
    while not match.needs_deal() and not match.is_over():
        actor = match.actor
        assert actor is not None
        view = match.view(actor)
        if view["phase"] == "play":
            views.append(dict(view))
        match = match.apply(bots[actor].choose(view), match.turn)
    return views


@pytest.mark.skipif(not court_piece_tree.KERNEL, reason="C kernel not built")
@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 10**6),
    st.sampled_from([("greedy", "greedy"), ("random", "medium"), ("easy", "greedy")]),
)
def test_the_kernel_weighs_every_world_as_the_reference_does(
    seed: int, kinds: tuple[str, str]
) -> None:
    """The greedy replay in C and the one in Python agree, whoever made the plays."""
    rng = random.Random(seed)
    for view in _views_in_a_deal(seed, kinds)[::5]:
        evidence = PlayEvidence.from_view(view)
        for _ in range(10):
            hands = list(court_piece_world(view, rng).hands)
            assert evidence.weight(hands) == evidence.weight_python(hands)


@pytest.mark.skipif(not court_piece_tree.KERNEL, reason="C kernel not built")
def test_the_kernel_refuses_plays_it_cannot_read() -> None:
    native = court_piece_tree.kernel()
    assert native is not None
    hands = array("Q", [0, 1 << 5, 0, 0]).tobytes()
    play = [1, 0, 0, -1, -1, -1, 5]
    assert native.greedy_misses(hands, array("q", play).tobytes(), 0) == 0  # forced: explained
    for bad, message in [
        ((hands[:16], array("q", play).tobytes(), 0), "four 64-bit hands"),
        ((hands, array("q", play[:6]).tobytes(), 0), "7 int64 fields"),
        ((hands, array("q", play * 65).tobytes(), 0), "at most 64 plays"),
        ((hands, array("q", play).tobytes(), 4), "trump must be"),
        ((hands, array("q", [4, *play[1:]]).tobytes(), 0), "a seat 0..3"),
        ((hands, array("q", [1, 0, 1, 52, -1, -1, 5]).tobytes(), 0), "a seat 0..3"),
        ((hands, array("q", [1, 1 << 60, 0, -1, -1, -1, 5]).tobytes(), 0), "a set of cards"),
    ]:
        with pytest.raises(ValueError, match=message):
            native.greedy_misses(*bad)
