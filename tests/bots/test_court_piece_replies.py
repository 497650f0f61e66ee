"""Hard Court Piece's model of replies: each opponent answered by the policy he has shown.

The kernel's styles against :func:`atout.bots.styles.choose_card` and its book player
against :func:`atout.bots.book.choose_card`, the kernel against the
Python reference with every policy, rule players answered by greedy or the book as their
reading says (exactly the old search with ``READ_RULES`` off), and a search that finds what
beats a style's actual replies.
"""

from __future__ import annotations

import math
import random
from typing import Any, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.bots.book import choose_card as book_card
from atout.bots.court_piece import hard, tree
from atout.bots.court_piece.evidence import STYLED_BELOW
from atout.bots.court_piece.opponents import MIN_PLAYS, OpponentModel
from atout.bots.court_piece.policies import POLICIES
from atout.bots.registry import make_bot
from atout.bots.styles import STYLES, choose_card
from atout.cards import CardSet, mask_of
from atout.core import Match
from atout.games import get_game
from atout.tricks import legal_follow, plain_trick_winner
from tests.bots.test_court_piece_tree import Position, _cards, _positions

needs_kernel = pytest.mark.skipif(not tree.KERNEL, reason="C kernel not built (no C compiler)")


@st.composite
def _style_positions(draw: st.DrawFn) -> dict[str, Any]:
    """A seat to play with its hand, the trick before it, cards gone and voids shown."""
    deck = draw(st.permutations(range(52)))
    size = draw(st.integers(1, 13))
    hand = mask_of(deck[:size])
    trick = list(deck[size : size + draw(st.integers(0, 3))])
    rest = deck[size + len(trick) :]
    gone = mask_of(trick) | mask_of(c for c in rest if draw(st.booleans()))
    legal = legal_follow(hand, trick[0] // 13) if trick else hand
    voids = [draw(st.integers(0, 15)) for _ in range(4)]
    return {
        "hand": hand,
        "legal": legal,
        "trick": trick,
        "seat": draw(st.integers(0, 3)),
        "trump": draw(st.integers(0, 3)),
        "gone": gone,
        "voids": voids,
    }


@needs_kernel
@settings(max_examples=600, deadline=None)
@given(_style_positions(), st.sampled_from(STYLES))
def test_the_kernels_styles_play_the_panels_cards(position: dict[str, Any], style: str) -> None:
    """Decision for decision, cautious and aggressive in C are atout.bots.styles."""
    p = position
    expected = choose_card(
        style,  # type: ignore[arg-type]
        hand=p["hand"],
        legal=_cards(p["legal"]),
        trick=p["trick"],
        seat=p["seat"],
        trump=p["trump"],
        played=p["gone"],
        voids=[{s for s in range(4) if v >> s & 1} for v in p["voids"]],
    )
    code = tree.POLICY_CODES[style]
    packed = sum(v << 4 * s for s, v in enumerate(p["voids"]))
    args = (p["hand"], p["legal"], p["trick"], p["seat"], p["trump"], p["gone"])
    assert tree._kernel.reply(code, *args, packed) == expected
    rng = tree._XorShift(1)
    assert tree.reply(code, *args, p["voids"], rng) == expected


@needs_kernel
@settings(max_examples=600, deadline=None)
@given(_style_positions())
def test_the_kernels_book_player_plays_mediums_cards(position: dict[str, Any]) -> None:
    """Decision for decision, the book in C is atout.bots.book (Medium's card play)."""
    p = position
    expected = book_card(
        hand=p["hand"],
        legal=_cards(p["legal"]),
        trick=p["trick"],
        seat=p["seat"],
        leader=(p["seat"] - len(p["trick"])) % 4,
        trump=p["trump"],
        played=p["gone"],
        voids=[{s for s in range(4) if v >> s & 1} for v in p["voids"]],
    )
    code = tree.BOOK
    packed = sum(v << 4 * s for s, v in enumerate(p["voids"]))
    args = (p["hand"], p["legal"], p["trick"], p["seat"], p["trump"], p["gone"])
    assert tree._kernel.reply(code, *args, packed) == expected
    assert tree.reply(code, *args, p["voids"], tree._XorShift(1)) == expected


@st.composite
def _replies(draw: st.DrawFn, worlds: int) -> list[list[int]]:
    return [[draw(st.integers(0, 4)) for _ in range(4)] for _ in range(worlds)]


@needs_kernel
@settings(max_examples=200, deadline=None)
@given(_positions(), st.integers(1, 3 * tree.SETTLE_EVERY), st.booleans(), st.data())
def test_the_kernel_and_the_reference_reply_alike(
    position: Position, iterations: int, settle: bool, data: st.DataObject
) -> None:
    """With every reply policy (uniform's random cards included), the kernel and the Python
    reference choose the same card after the same iterations, to the same value."""
    worlds, question = position
    replies = data.draw(_replies(len(worlds)))
    voids = data.draw(st.lists(st.integers(0, 15), min_size=4, max_size=4))
    loose = 0 if data.draw(st.booleans()) else None  # the courts rules: no old trick known
    asked = {**question, "policies": replies, "voids": voids, "gone": loose}
    kernel = tree.search(worlds, **asked, max_iterations=iterations, settle=settle)
    reference = tree.search_python(worlds, **asked, max_iterations=iterations, settle=settle)
    assert kernel == reference


@needs_kernel
@settings(max_examples=100, deadline=None)
@given(_positions(), st.integers(1, 2 * tree.SETTLE_EVERY), st.data())
def test_greedy_replies_are_the_old_search(
    position: Position, iterations: int, data: st.DataObject
) -> None:
    """Every opponent greedy (or read as a rule player: no policies) is the search as it was:
    the same card, iterations and value whatever the cards gone and voids say."""
    worlds, question = position
    old = tree.search(worlds, **question, max_iterations=iterations)
    voids = data.draw(st.lists(st.integers(0, 15), min_size=4, max_size=4))
    greedy = [[0, 0, 0, 0] for _ in worlds]
    for search in (tree.search, tree.search_python):
        new = search(worlds, **question, max_iterations=iterations, policies=greedy, voids=voids)
        assert new == old


class _State(NamedTuple):
    hands: tuple[CardSet, ...]
    trick: tuple[int, ...]
    leader: int
    need: int
    their_need: int
    gone: CardSet
    voids: tuple[int, ...]


def _play(state: _State, card: int, trump: int, side: int) -> _State | bool:
    """The position after ``card``, or whether our side made it once the deal is decided."""
    seat = (state.leader + len(state.trick)) % 4
    hands = list(state.hands)
    hands[seat] &= ~(1 << card)
    voids = list(state.voids)
    if state.trick and card // 13 != state.trick[0] // 13:
        voids[seat] |= 1 << state.trick[0] // 13
    played = (*state.trick, card)
    need, their_need, leader = state.need, state.their_need, state.leader
    if len(played) == 4:
        winner = (leader + plain_trick_winner(played, trump)) % 4
        need -= winner % 2 == side
        their_need -= winner % 2 != side
        if need == 0 or their_need == 0:
            return need == 0
        played, leader = (), winner
    gone = state.gone | 1 << card
    return _State(tuple(hands), played, leader, need, their_need, gone, tuple(voids))


def _makes(state: _State | bool, trump: int, side: int, replies: list[int]) -> bool:
    """Whether our side (choosing every card of its own) makes it, the opponents replying by
    their (here deterministic) policy with the cards gone and voids the search tracks."""
    if isinstance(state, bool):
        return state
    seat = (state.leader + len(state.trick)) % 4
    held = state.hands[seat]
    legal = legal_follow(held, state.trick[0] // 13) if state.trick else held
    if seat % 2 == side:
        options = _cards(legal)
    else:
        rng = tree._XorShift(1)
        gone, voids = state.gone, list(state.voids)
        card = tree.reply(replies[seat], held, legal, state.trick, seat, trump, gone, voids, rng)
        options = [card]
    return any(_makes(_play(state, c, trump, side), trump, side, replies) for c in options)


@needs_kernel
@settings(max_examples=150, deadline=None)
@given(_positions(most_worlds=1, largest=4), st.sampled_from(["cautious", "aggressive"]))
def test_with_every_card_known_it_finds_a_line_that_beats_a_style(
    position: Position, style: str
) -> None:
    """One world, both opponents playing a panel style: the tree is a search against that
    style's replies, so it must find a winning line wherever one exists."""
    worlds, question = position
    hands = worlds[0]
    seat, trick, trump = question["seat"], question["trick"], question["trump"]
    replies = [tree.POLICY_CODES[style]] * 4
    legal = legal_follow(hands[seat], trick[0] // 13) if trick else hands[seat]
    gone = ((1 << 52) - 1) & ~(hands[0] | hands[1] | hands[2] | hands[3])
    need = question["need"]
    their_need = hands[seat].bit_count() - need + 1
    start = _State(tuple(hands), tuple(trick), question["leader"], need, their_need, gone, (0,) * 4)
    side = seat % 2
    winning = {
        c for c in _cards(legal) if _makes(_play(start, c, trump, side), trump, side, replies)
    }
    card = tree.search(worlds, **question, max_iterations=20_000, policies=[replies]).card
    assert card in _cards(legal)
    if winning:
        assert card in winning


def _model(posteriors: dict[int, dict[str, float]], plays: int = MIN_PLAYS) -> OpponentModel:
    model = OpponentModel()
    for seat, posterior in posteriors.items():
        model.log_posterior[seat] = {p: math.log(posterior[p]) for p in POLICIES}
        model.plays[seat] = plays
    return model


def test_an_opponent_reads_as_a_rule_player_until_his_cards_have_said_enough() -> None:
    """A rule player's first cards, judged in uniform worlds, often fit a cautious player
    better: until MIN_PLAYS plays said something he is answered by the rules alone."""
    cautious = {"greedy": 0.1, "medium": 0.05, "cautious": 0.7, "aggressive": 0.05, "uniform": 0.1}
    early = _model({1: cautious, 3: cautious}, plays=MIN_PLAYS - 1)
    assert early.rule_mass(1) == 1.0
    rows = hard._replies(0, random.Random(2), 200, early)
    assert rows is not None and {row[1] for row in rows} == {0, tree.BOOK}
    later = _model({1: cautious, 3: cautious})
    assert later.rule_mass(1) < STYLED_BELOW
    rows = hard._replies(0, random.Random(2), 200, later)
    assert rows is not None and 1 in {row[1] for row in rows}  # cautious


def test_without_read_rules_the_early_reading_is_answered_greedily(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cautious = {"greedy": 0.1, "medium": 0.05, "cautious": 0.7, "aggressive": 0.05, "uniform": 0.1}
    monkeypatch.setattr(hard, "READ_RULES", False)
    early = _model({1: cautious, 3: cautious}, plays=MIN_PLAYS - 1)
    assert hard._replies(0, random.Random(2), 10, early) is None
    assert hard._replies(0, random.Random(2), 10, _model({1: cautious, 3: cautious})) is not None


def test_rule_players_are_answered_greedily_with_no_random_number_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With READ_RULES off, the search as it was before opponents were read."""
    monkeypatch.setattr(hard, "READ_RULES", False)
    rule = {"greedy": 0.5, "medium": 0.3, "cautious": 0.1, "aggressive": 0.05, "uniform": 0.05}
    model = _model({1: rule, 3: rule})
    assert model.rule_mass(1) >= STYLED_BELOW
    rng = random.Random(4)
    state = rng.getstate()
    assert hard._replies(0, rng, 50, model) is None
    assert hard._replies(0, rng, 50, None) is None
    assert rng.getstate() == state  # the search's seed is drawn as before: the same cards


def test_a_panel_player_is_answered_by_his_posterior_in_each_world() -> None:
    cautious = {"greedy": 0.1, "medium": 0.05, "cautious": 0.7, "aggressive": 0.05, "uniform": 0.1}
    rule = {"greedy": 0.9, "medium": 0.05, "cautious": 0.02, "aggressive": 0.02, "uniform": 0.01}
    model = _model({1: cautious, 3: rule})
    rows = hard._replies(0, random.Random(2), 2000, model)
    assert rows is not None and len(rows) == 2000
    assert all(row[0] == row[2] == 0 for row in rows)  # our side
    share = {code: sum(row[1] == code for row in rows) / 2000 for code in range(5)}
    assert share[1] == pytest.approx(0.7, abs=0.04)  # cautious
    assert share[0] == pytest.approx(0.1, abs=0.03)  # greedy
    assert share[tree.BOOK] == pytest.approx(0.05, abs=0.02)  # the book
    assert share[3] == pytest.approx(0.1, abs=0.03)  # anyone
    ruled = sum(row[3] == tree.BOOK for row in rows) / 2000  # the rule player: 0.05 of 0.95
    assert ruled == pytest.approx(0.053, abs=0.02)
    assert all(row[3] in (0, tree.BOOK) for row in rows)


def test_rule_players_answered_by_the_book_when_rule_reply_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cautious = {"greedy": 0.1, "medium": 0.05, "cautious": 0.7, "aggressive": 0.05, "uniform": 0.1}
    rule = {"greedy": 0.9, "medium": 0.05, "cautious": 0.02, "aggressive": 0.02, "uniform": 0.01}
    monkeypatch.setattr(hard, "RULE_REPLY", tree.BOOK)
    monkeypatch.setattr(hard, "READ_RULES", False)
    rows = hard._replies(2, random.Random(2), 30, _model({1: rule, 3: rule}))
    assert rows == [[0, tree.BOOK, 0, tree.BOOK]] * 30  # our side's entries are not read
    assert hard._replies(2, random.Random(2), 3, None) == [[0, tree.BOOK, 0, tree.BOOK]] * 3
    mixed = hard._replies(0, random.Random(2), 500, _model({1: cautious, 3: rule}))
    assert mixed is not None and all(row[3] == tree.BOOK for row in mixed)
    assert sum(row[1] == 1 for row in mixed) / 500 == pytest.approx(0.7, abs=0.06)


def test_read_rules_answers_each_rule_player_by_the_rule_his_reading_favours(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Medium opponent's worlds get the book's replies in proportion to his reading,
    a greedy one's greedy replies; a styled opponent's medium share is the book's too."""
    book = {"greedy": 0.2, "medium": 0.6, "cautious": 0.1, "aggressive": 0.05, "uniform": 0.05}
    greedy = {"greedy": 0.9, "medium": 0.02, "cautious": 0.04, "aggressive": 0.02, "uniform": 0.02}
    rows = hard._replies(0, random.Random(2), 4000, _model({1: book, 3: greedy}))
    assert rows is not None and len(rows) == 4000
    assert all(row[0] == row[2] == 0 for row in rows)  # our side's entries
    assert {row[1] for row in rows} | {row[3] for row in rows} == {0, tree.BOOK}
    assert sum(row[1] == tree.BOOK for row in rows) / 4000 == pytest.approx(0.75, abs=0.03)
    assert sum(row[3] == tree.BOOK for row in rows) / 4000 == pytest.approx(0.022, abs=0.01)
    first_cards = _model({}).posterior(1)  # the prior: greedy 0.3, the book 0.2
    early = hard._replies(2, random.Random(3), 4000, _model({}))
    assert early is not None
    share = first_cards["medium"] / (first_cards["greedy"] + first_cards["medium"])
    assert sum(row[1] == tree.BOOK for row in early) / 4000 == pytest.approx(share, abs=0.03)
    cautious = {"greedy": 0.1, "medium": 0.2, "cautious": 0.6, "aggressive": 0.05, "uniform": 0.05}
    styled = hard._replies(0, random.Random(4), 4000, _model({1: cautious, 3: greedy}))
    assert styled is not None
    assert sum(row[1] == tree.BOOK for row in styled) / 4000 == pytest.approx(0.2, abs=0.03)
    assert sum(row[1] == 1 for row in styled) / 4000 == pytest.approx(0.6, abs=0.03)
    assert hard._replies(0, random.Random(2), 3, None) is None  # no reading: greedy as before


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"policies": [[0, 0, 0]]}, "policies must give 4 codes"),
        ({"policies": [[0, 5, 0, 0]]}, "policies must give 4 codes"),
        ({"policies": []}, "policies must give 4 codes"),
        ({"gone": 1 << 52}, "gone must be"),
        ({"voids": [0, 16, 0, 0]}, "voids must be"),
        ({"voids": [0, 0, 0]}, "voids must be"),
    ],
)
def test_replies_that_do_not_fit_are_refused(change: dict[str, Any], message: str) -> None:
    hands = [1 << 0 | 1 << 1, 1 << 14 | 1 << 15, 1 << 27 | 1 << 28, 1 << 40 | 1 << 41]
    question: dict[str, Any] = {"seat": 0, "trump": 0, "leader": 0, "trick": [], "need": 1}
    with pytest.raises(ValueError, match=message):
        tree.search([hands], **question, stakes=(-1.0, 1.0), seconds=0.0, seed=1, **change)


class _ReadAsRulePlayers(OpponentModel):
    """A reading already made: both opponents greedy or by the book (no card read more)."""

    def observe(self, view: Any, rng: random.Random) -> None:
        return None

    def posterior(self, seat: int) -> dict[str, float]:
        return {"greedy": 0.8, "medium": 0.1, "cautious": 0.04, "aggressive": 0.04, "uniform": 0.02}


OLD_CARDS = {
    ("greedy", 5): (
        "trump S QH 4H 2H KH TH 7H 5H AH AD 7D 2D 3D KC AC 2C 8C QD 6D JD 4D 3H 8H 7S 4C "
        "3C 5C 7C QC 6C JC 9C TC 5S 2S 8S 9S KS TS 3S 9H JS QS 5D TD AS 8D 6H 4S trump C "
        "AS 5S 9S 3S KD AD 5D 3D AH 9H 2H 7H TS 4S 6H KS AC 9C 8C 2C 2S 6S QS 4C KH 5C 3H "
        "4H 6C QC 2D 6D TD 4D 7D QD JC KC 7S 8H TH 5H JH 3C 7C 8S JS JD"
    ),
    ("cautious", 6): (
        "trump C AS 9S 2S 5S KS QS 7S 4S 6S 3S JS 8S AD 7D 2D 8D KD 9D 3D 4D AH 5H 6H 2H "
        "KH 3H 5D JH 4H 7H TS 9H trump D 3C 4C QC AC 2S JS 3S 4S 8C 5C JC 9C 6C 2H 5D TD "
        "6H 8S 5H AH KS 5S AS 6S TC 7S 3H QD QS 4D 9S 4H 9D 7D JD AD 7H 2D JH QH 2C TS 6D "
        "8H"
    ),
}
"""Hard's actions (samples 1, no clock) in a match's first two deals, as the search played
them before it read opponents (commit 5ad00fc, with no reading of the opponents)."""


@pytest.mark.parametrize(("opponent", "seed"), list(OLD_CARDS))
def test_opponents_read_as_rule_players_get_the_old_cards(
    opponent: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With READ_RULES off (rule players answered by greedy), READ_EVIDENCE off (their
    plays explained by either rule) and READ_CALL off (a call read by lengths), the cards
    of 5ad00fc."""
    monkeypatch.setattr(hard, "READ_RULES", False)
    monkeypatch.setattr(hard, "READ_EVIDENCE", False)
    monkeypatch.setattr(hard, "READ_CALL", False)
    rng = random.Random(seed)
    match = Match.new(get_game("court-piece"), {}, rng)
    model = _ReadAsRulePlayers()
    rngs = {0: random.Random(seed + 1), 2: random.Random(seed + 2)}
    others = {s: make_bot(opponent, "court-piece", s) for s in (1, 3)}
    actions: list[str] = []
    deals = 0
    while not match.is_over():
        if match.needs_deal():
            deals += 1
            if deals > 1:
                break
            match = match.deal_next(rng)
            continue
        actor = match.actor
        assert actor is not None
        view = match.view(actor)
        if actor % 2 == 0:
            action = hard.choose(view, rngs[actor], math.inf, 1, opponents=model)
        else:
            action = others[actor].choose(view)
        actions.append(action)
        match = match.apply(action, match.turn)
    assert " ".join(actions) == OLD_CARDS[(opponent, seed)]
