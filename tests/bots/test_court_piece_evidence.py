"""Hard Court Piece's evidence: worlds where others' plays and trump call make sense weigh more."""

from __future__ import annotations

import itertools
import math
import random
from array import array
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.bots.court_piece import greedy, hard, medium, tree
from atout.bots.court_piece.evidence import (
    CALL_FLOOR,
    SURPRISE,
    CallEvidence,
    PlayEvidence,
    StyledEvidence,
    call_likelihood,
    rule_call_likelihood,
    rule_call_likelihood_python,
)
from atout.bots.court_piece.opponents import OpponentModel
from atout.bots.levels import typed
from atout.bots.registry import make_bot
from atout.bots.sampling import World, believable_world, court_piece_sampler, court_piece_world
from atout.cards import SUIT_MASKS, cards_of, mask_of, parse_card, suit_of
from atout.core import Match
from atout.games import get_game
from atout.games.court_piece_view import CourtPieceView

from .court_piece_deals import card_play_views


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


@pytest.mark.skipif(not tree.KERNEL, reason="C kernel not built")
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
    for view in card_play_views(seed, kinds)[::5]:
        evidence = PlayEvidence.from_view(view)
        for _ in range(10):
            hands = list(court_piece_world(view, rng).hands)
            assert evidence.weight(hands) == evidence.weight_python(hands)


@pytest.mark.skipif(not tree.KERNEL, reason="C kernel not built")
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([("random", "medium"), ("easy", "greedy")]))
def test_the_kernel_weighs_panel_players_worlds_as_the_reference_does(
    seed: int, kinds: tuple[str, str]
) -> None:
    """Read as a mixture of styles (:class:`StyledEvidence`), the plays weigh the same with
    the rule replay in C as in Python (``ATOUT_NATIVE=0``), the cache of styles aside."""
    rng = random.Random(seed)
    mixture = {"greedy": 0.2, "medium": 0.2, "cautious": 0.3, "aggressive": 0.2, "uniform": 0.1}
    for view in card_play_views(seed, kinds)[::5]:
        evidence = PlayEvidence.from_view(view)
        seat = int(view["seat"])  # type: ignore[call-overload]
        styled = {(seat + 1) % 4: mixture}  # the other opponent is read as a rule player
        for _ in range(10):
            hands = list(court_piece_world(view, rng).hands)
            native = StyledEvidence(evidence, styled).weight(hands)
            with pytest.MonkeyPatch.context() as patch:
                patch.setenv("ATOUT_NATIVE", "0")
                reference = StyledEvidence(evidence, styled).weight(hands)
            assert native == reference


@pytest.mark.skipif(not tree.KERNEL, reason="C kernel not built")
def test_the_kernel_refuses_plays_it_cannot_read() -> None:
    native = tree.kernel()
    assert native is not None
    hands = array("Q", [0, 1 << 5, 0, 0]).tobytes()
    play = [1, 0, 0, -1, -1, -1, 5, 0, 0]
    assert native.rule_misses(hands, array("q", play).tobytes(), 0) == 0  # forced: explained
    for bad, message in [
        ((hands[:16], array("q", play).tobytes(), 0), "four 64-bit hands"),
        ((hands, array("q", play[:7]).tobytes(), 0), "9 int64 fields"),
        ((hands, array("q", play * 65).tobytes(), 0), "at most 64 plays"),
        ((hands, array("q", play).tobytes(), 4), "trump must be"),
        ((hands, array("q", [4, *play[1:]]).tobytes(), 0), "a seat 0..3"),
        ((hands, array("q", [1, 0, 1, 52, -1, -1, 5, 0, 0]).tobytes(), 0), "a seat 0..3"),
        ((hands, array("q", [1, 1 << 60, 0, -1, -1, -1, 5, 0, 0]).tobytes(), 0), "sets of cards"),
        ((hands, array("q", [*play[:7], 1 << 60, 0]).tobytes(), 0), "sets of cards"),
        ((hands, array("q", [*play[:8], 1 << 16]).tobytes(), 0), "4-bit voids"),
    ]:
        with pytest.raises(ValueError, match=message):
            native.rule_misses(*bad)


Sampler = Callable[[random.Random], World]


def _longest_share(hand: list[int], suit: int) -> float:
    """The plain definition: over every five cards of ``hand``, how often ``suit`` is longest."""
    total = 0.0
    fives = list(itertools.combinations(hand, 5))
    for five in fives:
        counts = [sum(suit_of(c) == s for c in five) for s in range(4)]
        if counts[suit] == max(counts):
            total += 1 / counts.count(counts[suit])
    return total / len(fives)


@settings(max_examples=25, deadline=None)
@given(st.permutations(range(52)))
def test_the_call_likelihood_is_the_share_of_five_card_draws_naming_the_suit(
    deck: list[int],
) -> None:
    hand = deck[:13]
    lengths = [sum(suit_of(c) == s for c in hand) for s in range(4)]
    shares = []
    for suit in range(4):
        others = tuple(sorted(n for s, n in enumerate(lengths) if s != suit))
        shares.append(call_likelihood(lengths[suit], others))
        assert shares[-1] == pytest.approx(_longest_share(hand, suit))
    assert sum(shares) == pytest.approx(1.0)  # some suit is always named


@settings(max_examples=25, deadline=None)
@given(st.permutations(range(52)), st.sampled_from(["greedy", "medium"]))
def test_a_rules_call_likelihood_is_the_share_of_first_fives_it_names_the_suit_from(
    deck: list[int], rule: str
) -> None:
    """Exact, against every five of the thirteen: lengths, honours and the first suit on a tie."""
    hand = deck[:13]
    name = {"greedy": greedy.name_trump, "medium": medium.name_trump}[rule]
    named = [name(list(five)) for five in itertools.combinations(hand, 5)]
    for suit in range(4):
        share = named.count(suit) / len(named)
        assert rule_call_likelihood(mask_of(hand), suit, rule) == pytest.approx(share, abs=1e-12)


@pytest.mark.skipif(not tree.KERNEL, reason="C kernel not built")
@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 51), min_size=5, max_size=20, unique=True),
    st.integers(0, 3),
    st.sampled_from(["greedy", "medium"]),
)
def test_the_kernels_call_likelihood_is_the_references(
    cards: list[int], trump: int, rule: str
) -> None:
    deal = mask_of(cards)
    assert rule_call_likelihood(deal, trump, rule) == pytest.approx(
        rule_call_likelihood_python(deal, trump, rule), abs=1e-12
    )


def test_a_bad_call_question_is_refused_by_the_kernel() -> None:
    native = tree.kernel()
    if native is None:
        pytest.skip("C kernel not built")
    for deal, trump, rule in [(1 << 52, 0, 0), (31, 4, 0), (31, -1, 1), (31, 0, 2)]:
        with pytest.raises(ValueError, match="call_likelihood needs"):
            native.call_likelihood(deal, trump, rule)


def test_medium_names_the_suit_with_the_honours_among_equal_lengths() -> None:
    """What lengths alone cannot say: Medium's call holds the honours more often."""
    honours = _mask("AH", "KH", "QH", "2S", "3S", "4S", "2C", "3C", "4C", "2D", "3D", "4D", "5D")
    small = _mask("4H", "3H", "2H", "AS", "KS", "QS", "2C", "3C", "4C", "2D", "3D", "4D", "5D")
    assert rule_call_likelihood(honours, 1, "medium") > 1.5 * rule_call_likelihood(
        small, 1, "medium"
    )


def _play_view(tricks: list[dict[str, object]], trick: dict[str, object]) -> dict[str, object]:
    return {
        "seat": 0,
        "caller": 1,
        "trump": "H",
        "tricks": tricks,
        "trick": trick,
        "tricks_won": [0, len(tricks)],
    }


def test_the_call_weighs_the_callers_whole_deal_with_the_cards_he_played() -> None:
    # Seat 1 called hearts and has played two hearts: they count towards his length.
    view = _play_view(
        [{"leader": 1, "cards": ["AH", "2H", "3H", "4H"], "winner": 1}],
        {"leader": 1, "cards": ["KH"]},
    )
    call = CallEvidence.from_view(view)
    assert call is not None
    assert cards_of(call.played) and call.played == _mask("AH", "KH")
    now = _mask("QH", "JH", "TH", "9H", "2S", "3S", "4S", "2C", "3C", "4C", "5C")
    assert call.weight([0, now, 0, 0]) == call_likelihood(6, (0, 3, 4))
    # A world giving him no heart left still keeps the floor: a caller may name any suit.
    hearts_gone = _mask("2S", "3S", "4S", "5S", "6S", "2C", "3C", "4C", "5C", "6C", "2D")
    assert call.weight([0, hearts_gone, 0, 0]) == max(CALL_FLOOR, call_likelihood(2, (1, 5, 5)))


def test_a_long_trump_suit_makes_a_world_likelier() -> None:
    call = CallEvidence.from_view(_play_view([], {"leader": 1, "cards": []}))
    assert call is not None
    long_hearts = _mask(
        "AH", "KH", "QH", "JH", "TH", "9H", "2S", "3S", "4S", "2C", "3C", "4C", "5D"
    )
    short_hearts = _mask(
        "AH", "KH", "2S", "3S", "4S", "5S", "2C", "3C", "4C", "5C", "2D", "3D", "4D"
    )
    assert call.weight([0, long_hearts, 0, 0]) > 5 * call.weight([0, short_hearts, 0, 0])


def test_no_call_evidence_for_our_sides_call_or_hidden_tricks() -> None:
    view = _play_view([], {"leader": 1, "cards": []})
    assert CallEvidence.from_view({**view, "seat": 1}) is None  # he knows his own hand
    assert CallEvidence.from_view({**view, "seat": 3}) is None  # partner's call: not greedy's
    assert CallEvidence.from_view({**view, "seat": 2}) is not None  # the other opponent
    courts = {**view, "tricks_won": [1, 0]}
    del courts["tricks"]
    assert CallEvidence.from_view(courts) is None  # old tricks face down: his deal is unknown
    first_trick = {**courts, "tricks_won": [0, 0], "trick": {"leader": 1, "cards": ["AH"]}}
    call = CallEvidence.from_view(first_trick)
    assert call is not None and call.played == _mask("AH")


def test_believable_worlds_give_a_calling_opponent_more_trumps() -> None:
    """Hard's worlds for a defender: the caller's trumps move towards what greedy callers hold."""
    rng = random.Random(11)
    real, drawn_before, drawn_now = [], [], []
    for seed in range(12):
        match = Match.new(get_game("court-piece"), {}, random.Random(seed))
        bots = [make_bot("greedy", "court-piece", seed * 4 + s) for s in range(4)]
        while match.view(match.actor)["phase"] == "trump":
            actor = match.actor
            assert actor is not None
            match = match.apply(bots[actor].choose(match.view(actor)), match.turn)
        caller = match.view(0)["caller"]
        defender = (caller + 1) % 4
        view = match.view(defender)
        trumps = SUIT_MASKS["SHDC".index(view["trump"])]
        held = mask_of(parse_card(c) for c in match.view(caller)["hand"])
        real.append((held & trumps).bit_count())
        sampler = court_piece_sampler(view)
        weight = hard._believability(typed(view, CourtPieceView))
        assert weight is not None

        def draw(
            r: random.Random, sampler: Callable[[random.Random], World] = sampler
        ) -> list[int]:
            return list(sampler(r).hands)

        for _ in range(100):
            drawn_before.append((sampler(rng).hands[caller] & trumps).bit_count())
            world = believable_world(draw, weight, rng, 8)
            drawn_now.append((world[caller] & trumps).bit_count())
    before = sum(drawn_before) / len(drawn_before)
    now = sum(drawn_now) / len(drawn_now)
    assert now > before + 0.4  # about 3.5 trumps before, 4.2 with the call read


def test_the_partners_call_is_read_only_when_asked() -> None:
    view = {**_play_view([], {"leader": 1, "cards": []}), "seat": 3}
    assert CallEvidence.from_view(view) is None  # as before: our side's call is not read
    call = CallEvidence.from_view(view, partner=True)
    assert call is not None and (call.caller, call.trump) == (1, "SHDC".index("H"))
    assert CallEvidence.from_view({**view, "seat": 1}, partner=True) is None  # his own hand


def test_the_partners_call_weighs_worlds_softened_by_its_power(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Hard's worlds for the caller's partner: off by default, ``PARTNER_CALL`` as a power
    (read by Medium's rule, :data:`hard.PARTNER_RULE`, with ``READ_CALL``; by lengths
    without)."""
    view = {**_play_view([], {"leader": 1, "cards": []}), "seat": 3}
    long_hearts = _mask(
        "AH", "KH", "QH", "JH", "TH", "9H", "2S", "3S", "4S", "2C", "3C", "4C", "5D"
    )
    short_hearts = _mask(
        "AH", "KH", "2S", "3S", "4S", "5S", "2C", "3C", "4C", "5C", "2D", "3D", "4D"
    )
    assert hard.PARTNER_CALL == 0.0 and hard._believability(typed(view, CourtPieceView)) is None
    told = CallEvidence.from_view(view, partner=True)
    assert told is not None
    for read, call in ((True, told.read_as(hard.PARTNER_RULE)), (False, told)):
        monkeypatch.setattr(hard, "READ_CALL", read)
        for power in (1.0, 0.5):
            monkeypatch.setattr(hard, "PARTNER_CALL", power)
            weight = hard._believability(typed(view, CourtPieceView))
            assert weight is not None
            for hand in (long_hearts, short_hearts):
                expected = call.weight([0, hand, 0, 0]) ** power
                assert weight([0, hand, 0, 0]) == pytest.approx(expected)
            assert weight([0, long_hearts, 0, 0]) > weight([0, short_hearts, 0, 0])


def test_an_opponents_call_is_read_as_before_whatever_the_partner_setting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = {**_play_view([], {"leader": 1, "cards": []}), "seat": 2}
    call = CallEvidence.from_view(view)
    assert call is not None
    monkeypatch.setattr(hard, "PARTNER_CALL", 0.5)
    weight = hard._believability(typed(view, CourtPieceView))
    assert weight is not None
    hand = _mask("AH", "KH", "2S", "3S", "4S", "5S", "2C", "3C", "4C", "5C", "2D", "3D", "4D")
    assert weight([0, hand, 0, 0]) == call.weight([0, hand, 0, 0])


def _posterior(greedy: float, medium: float, rest: float = 0.0) -> dict[str, float]:
    """A reading putting ``greedy`` and ``medium`` on the rule players, ``rest`` on each other."""
    return {"greedy": greedy, "medium": medium, "cautious": rest, "aggressive": rest} | {
        "uniform": rest
    }


def _model(posteriors: dict[int, dict[str, float]]) -> OpponentModel:
    """A reading of the given seats, each past the plays the styled test waits for."""
    return OpponentModel(
        log_posterior={
            s: {p: math.log(v) for p, v in post.items()} for s, post in posteriors.items()
        },
        plays=dict.fromkeys(posteriors, 100),
    )


@pytest.mark.skipif(not tree.KERNEL, reason="C kernel not built")
@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 10**6),
    st.sampled_from([("greedy", "medium"), ("random", "medium"), ("easy", "greedy")]),
)
def test_the_kernel_splits_the_rules_misses_as_the_reference_does(
    seed: int, kinds: tuple[str, str]
) -> None:
    """``rule_split`` in C gives the masks of the Python replay, and their union (both rules
    miss) is ``rule_misses``."""
    rng = random.Random(seed)
    native = tree.kernel()
    assert native is not None
    for view in card_play_views(seed, kinds)[::3]:
        evidence = PlayEvidence.from_view(view)
        for _ in range(10):
            hands = list(court_piece_world(view, rng).hands)
            greedy, book = evidence.split(hands)
            assert (greedy, book) == evidence.split_python(hands)
            packed = array("Q", hands).tobytes()
            assert greedy & book == native.rule_misses(packed, evidence.packed, evidence.trump)


@pytest.mark.skipif(not tree.KERNEL, reason="C kernel not built")
def test_the_kernel_split_refuses_what_rule_misses_refuses() -> None:
    native = tree.kernel()
    assert native is not None
    hands = array("Q", [0, 1 << 5, 0, 0]).tobytes()
    play = [1, 0, 0, -1, -1, -1, 5, 0, 0]
    assert native.rule_split(hands, array("q", play).tobytes(), 0) == (0, 0)  # forced
    for bad, message in [
        ((hands[:16], array("q", play).tobytes(), 0), "four 64-bit hands"),
        ((hands, array("q", play * 65).tobytes(), 0), "at most 64 plays"),
        ((hands, array("q", play).tobytes(), 4), "trump must be"),
        ((hands, array("q", [4, *play[1:]]).tobytes(), 0), "a seat 0..3"),
    ]:
        with pytest.raises(ValueError, match=message):
            native.rule_split(*bad)


@settings(max_examples=30, deadline=None)
@given(
    st.integers(0, 10**6),
    st.sampled_from([("greedy", "medium"), ("random", "medium"), ("easy", "greedy")]),
    st.floats(0.01, 0.99),
    st.booleans(),
)
def test_rules_told_apart_weigh_every_world_as_the_reference_does(
    seed: int, kinds: tuple[str, str], share: float, styled: bool
) -> None:
    """With greedy and the book told apart (``rules``), the kernel's masks and the set-bit
    loop give the float of the play-by-play reference (and so does the Python fallback)."""
    rng = random.Random(seed)
    for view in card_play_views(seed, kinds)[::5]:
        evidence = PlayEvidence.from_view(view)
        seat = int(view["seat"])  # type: ignore[call-overload]
        left, right = (seat + 1) % 4, (seat + 3) % 4
        rules = {left: _posterior(0.9 * share, 0.9 * (1 - share), 0.025)}
        mixture = {"greedy": 0.1, "medium": 0.3, "cautious": 0.3, "aggressive": 0.2}
        posteriors = {right: mixture | {"uniform": 0.1}} if styled else {}
        if not styled:
            rules[right] = _posterior(1 - share, share)
        for _ in range(10):
            hands = list(court_piece_world(view, rng).hands)
            read = StyledEvidence(evidence, posteriors, rules)
            reference = read.weight_python(hands)
            assert read.weight(hands) == reference
            assert read.weight(hands) == reference  # the styled cache answers the same
            with pytest.MonkeyPatch.context() as patch:
                patch.setenv("ATOUT_NATIVE", "0")
                assert StyledEvidence(evidence, posteriors, rules).weight(hands) == reference


def _split_worlds(evidence: PlayEvidence) -> tuple[list[int], list[int]]:
    """Two worlds for seat 1's lead: in one only greedy leads his card, in the other only the
    book does (found by drawing his hand)."""
    rng = random.Random(5)
    found: dict[tuple[int, int], list[int]] = {}
    deck = [c for c in range(52) if c != evidence.plays[0].card]
    while (1, 0) not in found or (0, 1) not in found:
        hands = [0, mask_of(rng.sample(deck, 6)), 0, 0]
        found.setdefault(evidence.split_python(hands), hands)
    return found[0, 1], found[1, 0]


def test_a_medium_reading_believes_the_books_play_and_a_greedy_reading_greedys() -> None:
    view = {**_view(["7H"], leader=1), "caller": 0}  # our call: only the lead is read
    evidence = PlayEvidence.from_view(view)
    greedy_only, book_only = _split_worlds(evidence)
    assert evidence.weight(greedy_only) == evidence.weight(book_only) == 1.0  # as one: explained
    medium = _posterior(0.02, 0.95, 0.01)
    greedy = _posterior(0.95, 0.02, 0.01)
    for reading, believed, doubted in [
        (medium, book_only, greedy_only),
        (greedy, greedy_only, book_only),
    ]:
        read = StyledEvidence(evidence, {}, {1: reading})
        assert read.weight(believed) > 0.9
        assert read.weight(doubted) < 0.1
        # Hard's worlds, with the reading and READ_EVIDENCE on (off by default): the same.
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(hard, "READ_EVIDENCE", True)
            weight = hard._believability(typed(view, CourtPieceView), _model({1: reading}))
        assert weight is not None
        assert weight(believed) > 10 * weight(doubted)
        # A styled reading's rule components are told apart too.
        styled = StyledEvidence(evidence, {1: reading}, {})
        assert styled.weight(believed) > 10 * styled.weight(doubted)
        assert StyledEvidence(evidence, {1: reading}).weight(doubted) >= 0.97  # as one: g + b


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([("greedy", "medium"), ("random", "medium")]))
def test_without_read_evidence_worlds_weigh_as_before(seed: int, kinds: tuple[str, str]) -> None:
    """``READ_EVIDENCE`` off, or no reading: the rule players are one, weight for weight."""
    rng = random.Random(seed)
    medium = _posterior(0.05, 0.9, 0.0125)
    mixture = {"greedy": 0.1, "medium": 0.2, "cautious": 0.4, "aggressive": 0.2, "uniform": 0.1}
    for view in card_play_views(seed, kinds)[::5]:
        seen = typed(view, CourtPieceView)
        seat = int(view["seat"])  # type: ignore[call-overload]
        left, right = (seat + 1) % 4, (seat + 3) % 4
        evidence = PlayEvidence.from_view(view)
        bare = hard._believability(seen)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(hard, "READ_EVIDENCE", False)
            patch.setattr(hard, "READ_CALL", False)
            rules = hard._believability(seen, _model({left: medium, right: medium}))
            styled = hard._believability(seen, _model({left: medium, right: mixture}))
        if not evidence.plays:
            continue
        assert bare is not None and rules is not None and styled is not None
        as_one = StyledEvidence(evidence, {right: mixture})
        call = hard._call_weight(seen)
        for _ in range(10):
            hands = list(court_piece_world(view, rng).hands)
            called = 1.0 if call is None else call(hands)
            assert bare(hands) == rules(hands) == evidence.weight_python(hands) * called
            assert styled(hands) == as_one.weight_python(hands) * called


def test_hard_reads_a_call_by_the_rule_the_callers_reading_names() -> None:
    """Seat 1 called hearts. Read as Medium, a world where his hearts hold the honours among
    suits of equal length beats one where his spades do; read as greedy, greedy's rule weighs
    it; without a reading (or with ``READ_CALL`` off), lengths alone: a tie."""
    seen = typed(_play_view([], {"leader": 1, "cards": []}), CourtPieceView)
    honours = _mask("AH", "KH", "QH", "2S", "3S", "4S", "2C", "3C", "4C", "2D", "3D", "4D", "5D")
    small = _mask("4H", "3H", "2H", "AS", "KS", "QS", "2C", "3C", "4C", "2D", "3D", "4D", "5D")
    as_medium = hard._call_weight(seen, _model({1: _posterior(1e-9, 1.0, 1e-9)}))
    as_greedy = hard._call_weight(seen, _model({1: _posterior(1.0, 1e-9, 1e-9)}))
    unread = hard._call_weight(seen)
    assert as_medium is not None and as_greedy is not None and unread is not None
    assert as_medium([0, honours, 0, 0]) == pytest.approx(
        rule_call_likelihood(honours, 1, "medium"), rel=1e-3
    )
    assert as_greedy([0, honours, 0, 0]) == pytest.approx(
        rule_call_likelihood(honours, 1, "greedy"), rel=1e-3
    )
    assert as_medium([0, honours, 0, 0]) > 1.5 * as_medium([0, small, 0, 0])
    assert unread([0, honours, 0, 0]) == unread([0, small, 0, 0])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(hard, "READ_CALL", False)
        off = hard._call_weight(seen, _model({1: _posterior(1e-9, 1.0, 1e-9)}))
    assert off is not None and off([0, honours, 0, 0]) == unread([0, honours, 0, 0])


def test_a_call_read_as_a_mixture_weighs_each_rule_by_its_share() -> None:
    """The panel's cautious player calls by Medium's rule, the aggressive one by greedy's,
    anyone names any suit a quarter of the time."""
    call = CallEvidence(caller=1, trump=1, played=0)
    hand = _mask("AH", "KH", "2H", "2S", "3S", "4S", "2C", "3C", "4C", "2D", "3D", "4D", "5D")
    reading = {"greedy": 0.1, "medium": 0.2, "cautious": 0.3, "aggressive": 0.15, "uniform": 0.25}
    mixed = call.read_as(reading).weight([0, hand, 0, 0])
    expected = (
        0.25 * rule_call_likelihood(hand, 1, "greedy")
        + 0.5 * rule_call_likelihood(hand, 1, "medium")
        + 0.25 * 0.25
    )
    assert mixed == pytest.approx(max(CALL_FLOOR, expected))
