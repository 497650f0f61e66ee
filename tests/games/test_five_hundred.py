"""Five Hundred: the spec's worked examples, the public example, errors, properties, perft."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.bots.five_hundred.greedy import choose, estimate_tricks
from atout.cards import JOKER, card_name, cards_of, mask_of, parse_card
from atout.core import IllegalActionError, InvalidActionError, Match
from atout.games import get_game
from atout.games.five_hundred import (
    DECK,
    FIVE_HUNDRED,
    FiveHundredRules,
    FiveHundredState,
    FiveHundredTally,
    call_value,
    contract_order,
    game_winner,
    hand_points,
    parse_call,
    strain_of,
)
from atout.notation.record import load_record, match_from_record, match_to_record, replay_summary
from atout.tricks import trick_winner

RULES = FiveHundredRules()
PACK = {card_name(c) for c in cards_of(DECK)}
EXAMPLE = {
    "dealer": 2,
    "hands": [
        ["KH", "QD", "5D", "7S", "9H", "KD", "7H", "6C", "KS", "TS"],
        ["AC", "4D", "9C", "JH", "5S", "JD", "KC", "9D", "AH", "JK"],
        ["AS", "TC", "8C", "JC", "QH", "TH", "8D", "4H", "JS", "5C"],
        ["7D", "6S", "AD", "8S", "QS", "9S", "8H", "6H", "QC", "TD"],
    ],
    "kitty": ["5H", "6D", "7C"],
}


def cards(text: str) -> int:
    return mask_of(parse_card(c) for c in text.split())


def names(mask: int) -> set[str]:
    return {card_name(c) for c in cards_of(mask)}


def position(contract: str, leader: int, *hands: str, contractor: int | None = None, **opts: Any):
    """A play-phase position with the given hands (seat 0 first)."""
    rules = FIVE_HUNDRED.parse_rules(opts)
    who = leader if contractor is None else contractor
    return FiveHundredState.from_position(
        rules, tuple(cards(h) for h in hands), contract, who, leader
    )


def example_state(options: dict[str, Any] | None = None) -> FiveHundredState:
    rules = FIVE_HUNDRED.parse_rules(options or {})
    layout = FIVE_HUNDRED.layout_from_json(rules, EXAMPLE)
    return FIVE_HUNDRED.start(rules, layout, FIVE_HUNDRED.new_tally(rules))


def run(state: FiveHundredState, *actions: str) -> FiveHundredState:
    for action in actions:
        state = state.apply(action)
    return state


# 3.1 and 3.2: the pack and the deal.


def test_pack_has_43_cards() -> None:
    assert DECK.bit_count() == 43
    assert "2H" not in names(DECK) and "3D" not in names(DECK) and "4S" not in names(DECK)
    assert {"4H", "4D", "5S", "5C", "JK"} <= names(DECK)


class _NoShuffle(random.Random):
    def shuffle(self, x: Any) -> None:  # type: ignore[override]
        pass


def test_deal_is_three_kitty_four_three_from_dealers_left() -> None:
    deck = list(cards_of(DECK))
    layout = FIVE_HUNDRED.deal(RULES, 1, _NoShuffle())
    assert layout.hands[2][:3] == tuple(deck[0:3])  # dealer + 1 first
    assert layout.hands[1][:3] == tuple(deck[9:12])  # the dealer last
    assert layout.kitty == tuple(deck[12:15])
    assert layout.hands[2][3:7] == tuple(deck[15:19])
    assert layout.hands[2][7:] == tuple(deck[31:34])
    assert all(len(h) == 10 for h in layout.hands)
    data = layout.to_json()
    assert FIVE_HUNDRED.layout_from_json(RULES, data) == layout


# 3.6 example 1: bid values and their ranking.


def test_bid_values() -> None:
    values = {c: call_value(parse_call(c)) for c in ("6S", "7H", "8NT", "10H", "10NT")}
    assert values == {"6S": 40, "7H": 200, "8NT": 320, "10H": 500, "10NT": 520}
    assert sorted(call_value(c) for c in range(25)) == list(range(40, 521, 20))


def test_bids_rank_by_value_not_tricks() -> None:
    state = run(example_state(), "7NT")
    assert "8S" in state.legal_actions() and "7NT" not in state.legal_actions()
    state = run(example_state(), "6NT")
    assert state.legal_actions()[:2] == ("pass", "7S")
    with pytest.raises(IllegalActionError, match=r"6NT \(120\) does not outrank 7S \(140\)"):
        run(example_state(), "7S", "6NT")


# 3.6 examples 2 to 6: scoring a hand.


@pytest.mark.parametrize(
    ("bid", "tricks", "expected"),
    [
        ("8H", 9, (300, 10)),  # no overtrick bonus
        ("7S", 10, (250, 0)),  # slam, 140 < 250
        ("8S", 10, (250, 0)),  # slam, 240 < 250
        ("8C", 10, (260, 0)),  # 260 >= 250: the value stands
        ("9D", 8, (-380, 20)),
        ("6NT", 5, (-120, 50)),
    ],
)
def test_hand_scoring(bid: str, tricks: int, expected: tuple[int, int]) -> None:
    assert hand_points(RULES, parse_call(bid), 0, (tricks, 10 - tricks)) == expected
    flipped = (expected[1], expected[0])
    assert hand_points(RULES, parse_call(bid), 3, (10 - tricks, tricks)) == flipped


# 3.6 examples 7 to 9 and 12: trick winners, through the engine.


def trick_of(contract: str, *played: str) -> int:
    state = position(contract, 0, *played)
    state = run(state, *played)
    return state.tricks()[0].winner


def test_joker_then_left_bower_win_in_spades() -> None:
    assert trick_of("6S", "9S", "JC", "AS", "JK") == 3
    assert trick_of("6S", "9S", "JC", "AS", "5S") == 1


def test_left_bower_is_a_trump_when_void() -> None:
    assert trick_of("6S", "AC", "KC", "JC", "5S") == 2


def test_left_bower_lead_is_a_trump_lead() -> None:
    assert trick_of("6H", "JD", "AH", "JH", "KD") == 2
    state = position("6H", 0, "JD", "AH 5D", "JH", "KD")
    state = run(state, "JD")
    assert state.legal_actions() == ("AH",)


def test_no_trumps_winners() -> None:
    assert trick_of("6NT", "AS", "KS", "JK", "5S") == 2
    assert trick_of("6NT", "JC", "QC", "TC", "9D") == 1
    state = position("6NT", 0, "JK", "AH 5S", "KH 9S", "4H 6D")
    assert state.legal_actions() == ("JK S", "JK H", "JK D", "JK C")
    state = run(state, "JK H")
    assert state.legal_actions() == ("AH",)
    state = run(state, "AH", "KH", "4H")
    assert state.tricks()[0].cards == ("JK", "AH", "KH", "4H")
    assert state.tricks()[0].winner == 0


def test_trick_order_tables() -> None:
    order = contract_order(strain_of("6S"))
    played = [parse_card(c) for c in ("9S", "JC", "AS", "JK")]
    assert trick_winner(played, order) == 3
    nt = contract_order(strain_of("6NT"))
    assert nt.suit[parse_card("JC")] == 3 and nt.suit[JOKER] == nt.trump


# 3.6 examples 10, 11 and 13: legal plays.


def legal_after_lead(contract: str, lead: str, hand: str) -> set[str]:
    state = run(position(contract, 0, lead, hand, "", ""), lead)
    return set(state.legal_actions())


def test_clubs_led_spades_trump() -> None:
    assert legal_after_lead("6S", "AC", "JC 7C 9D") == {"7C"}
    assert legal_after_lead("6S", "AC", "JC JK 9D") == {"JC", "JK", "9D"}


def test_spades_led_spades_trump() -> None:
    assert legal_after_lead("6S", "AS", "JC JK 9D") == {"JC", "JK"}
    state = run(position("6S", 0, "AS", "JC JK 9D", "", ""), "AS")
    with pytest.raises(IllegalActionError, match="must follow trumps"):
        state.apply("9D")


def test_no_trumps_joker_follows_only_when_void() -> None:
    assert legal_after_lead("6NT", "AH", "JK 6H 9D") == {"6H"}
    assert legal_after_lead("6NT", "AH", "JK 7S 9D") == {"JK", "7S", "9D"}


# 3.6 example 14: the end of the game.


def test_game_end() -> None:
    ns_make = hand_points(RULES, parse_call("7H"), 0, (7, 3))
    assert game_winner(RULES, (420 + ns_make[0], 0 + ns_make[1]), 0) == 0
    ew_fail = hand_points(RULES, parse_call("7S"), 1, (5, 5))
    assert ew_fail == (50, -140)
    assert game_winner(RULES, (50, -400 + ew_fail[1]), 1) == 0
    both = hand_points(RULES, parse_call("8H"), 0, (9, 1))
    scores = (400 + both[0], 490 + both[1])
    assert scores == (700, 500) and game_winner(RULES, scores, 0) == 0
    assert game_winner(RULES, (100, 510), 0) == 1
    cannot = FiveHundredRules(defenders_cannot_win=True)
    assert game_winner(cannot, (100, 510), 0) is None
    assert game_winner(cannot, (100, 510), 1) == 1


def test_settle_through_tally(examples: Path) -> None:
    state = run(example_state(), "pass", "pass", "pass", "pass")
    settled = FIVE_HUNDRED.settle(RULES, FiveHundredTally((480, 20), 3), state)
    assert settled.points == (0, 0) and settled.next_dealer == 3 and not settled.over
    played = load_record(examples / "five-hundred-hand.record.json").state
    settled = FIVE_HUNDRED.settle(RULES, FiveHundredTally((10, 400)), played)
    assert settled.points == (30, 100) and settled.winner == 1 and settled.over


# The public example.


def test_public_example_replays_exactly(examples: Path) -> None:
    match = load_record(examples / "five-hundred-hand.record.json")
    summary = replay_summary(match)
    expected = json.loads((examples / "five-hundred-hand.replay.json").read_text())
    for key in ("game", "totals", "winner", "complete"):
        assert summary[key] == expected[key]
    for got, want in zip(summary["deals"], expected["deals"], strict=True):
        assert got["tricks"] == want["tricks"]
        assert got["points"] == want["points"]
    result = summary["deals"][0]["result"]
    assert result["contract"] == "6H" and result["contractor"] == 1 and result["made"] is True
    assert result["tricks_won"] == [3, 7]


# 3.3 the auction.


def test_continuous_auction_pass_is_final() -> None:
    state = run(example_state(), "6S", "pass", "6C", "pass")  # seats 3, 0, 1, 2
    assert state.turn == 3  # seat 0 and seat 2 have passed
    state = run(state, "6D")
    assert state.turn == 1 and state.contract is None
    state = run(state, "pass")  # three passes after a bid: seat 3 is the contractor
    assert state.phase.name == "KITTY" and state.contract == "6D" and state.contractor == 3
    assert state.turn == 3 and len(state.legal_actions()) == 286


def test_the_kitty_lists_its_discards_only_when_read() -> None:
    """A random player's pick (``len`` and one index) writes one action, the same one a
    tuple would give; the sequence is equal to that tuple, hashed like it and searched
    like it, and written out only when iterated."""
    state = run(example_state(), "6S", "pass", "6C", "pass", "6D", "pass")
    legal = state.legal_actions()
    hand = state.hand(state.turn)
    listed = tuple(
        "discard " + " ".join(card_name(c) for c in trio)
        for trio in itertools.combinations(cards_of(hand), 3)
    )
    assert len(legal) == 286 and legal[0] == listed[0] and legal[-1] == listed[-1]
    for seed in range(20):
        assert random.Random(seed).choice(legal) == random.Random(seed).choice(listed)
    assert getattr(legal, "_actions", ()) is None  # nothing written out yet
    assert "discard 6S 8S TD" in legal and "discard QS 6S 8S" not in legal  # the order
    assert "discard 6S 8S 10D" not in legal and "discard 6S 8S KH" not in legal  # names, held
    assert listed[100] in legal and "discard 5D 7H" not in legal and "pass" not in legal
    assert legal == listed and listed == legal and hash(legal) == hash(listed)
    assert list(legal) == list(listed) and legal[3:5] == listed[3:5]
    assert state.legal_actions() is legal  # the state keeps it
    assert state.apply(legal[7]).discards == cards(legal[7].removeprefix("discard "))


def test_all_pass_throws_in() -> None:
    state = run(example_state(), "pass", "pass", "pass", "pass")
    assert state.is_over() and state.is_thrown_in()
    assert state.result()["thrown_in"] is True and state.points() == (0, 0)


def test_single_round_bidding() -> None:
    state = run(example_state({"single_round_bidding": True}), "6S", "pass", "7H", "pass")
    assert state.contract == "7H" and state.contractor == 1
    state = run(example_state(), "6S", "pass", "7H", "pass")
    assert state.turn == 3 and state.contract is None


def test_calls_are_case_insensitive_and_canonical() -> None:
    state = run(example_state({"misere": True}), "10nt", "PASS")
    assert state.view(None)["auction"] == [[3, "10NT"], [0, "pass"]]
    state = run(example_state({"misere": True}), "Open-Misere")
    assert state.view(None)["auction"] == [[3, "open-misere"]]


def test_misere_needs_option_and_a_seven_bid() -> None:
    with pytest.raises(IllegalActionError, match="option misere"):
        example_state().apply("misere")
    state = example_state({"misere": True})
    assert "misere" not in state.legal_actions() and "open-misere" in state.legal_actions()
    with pytest.raises(IllegalActionError, match="seven or more"):
        run(state, "6NT", "misere")
    legal = run(state, "7S").legal_actions()
    assert legal.index("8S") < legal.index("misere") < legal.index("8C")
    legal = run(state, "10D").legal_actions()
    assert legal == ("pass", "open-misere", "10H", "10NT")


# 3.4 the kitty.


def test_contractor_takes_kitty_and_discards_three() -> None:
    state = run(example_state(), "6D", "pass", "6H", "pass", "pass")
    assert state.hand(1).bit_count() == 13 and state.turn == 1
    legal = state.legal_actions()
    assert len(legal) == 286 and legal[0] == "discard 5S 5H JH"
    assert legal == tuple(sorted(legal, key=lambda a: [parse_card(c) for c in a.split()[1:]]))
    view = state.view(1)
    assert view["kitty"] == ["5H", "6D", "7C"] and len(view["hand"]) == 13
    assert "kitty" not in state.view(3) and "kitty" not in state.view(None)
    after = state.apply("discard kc 9C jh")
    assert after.discards == cards("KC 9C JH") and after.turn == 1
    assert after.view(1)["discards"] == ["JH", "9C", "KC"]
    assert "discards" not in after.view(0)
    with pytest.raises(IllegalActionError, match="not seat 2's turn"):
        state.apply("discard KC 9C JH", seat=2)
    with pytest.raises(IllegalActionError, match="you do not hold QS"):
        state.apply("discard KC 9C QS")
    with pytest.raises(InvalidActionError, match="exactly three different"):
        state.apply("discard KC KC JH")


# 3.5 the joker lead in no-trumps.


def test_joker_lead_names_a_suit() -> None:
    state = position("6NT", 0, "JK 9H", "AH KS", "KH QS", "4H JS")
    with pytest.raises(IllegalActionError, match="name a suit: JK S, JK H, JK D, JK C"):
        state.apply("JK")
    state = run(state, "jk h")
    assert state.view(1)["trick"] == {"leader": 0, "cards": ["JK"], "named_suit": "H"}
    with pytest.raises(IllegalActionError, match="only when led in no-trumps"):
        position("6S", 0, "JK", "AS", "KS", "QS").apply("JK S")


def test_joker_may_not_name_a_shown_void() -> None:
    hands = ("JK AS 5C", "AH KS 6C", "KH QS 7C", "QH JS 8C")
    state = run(position("6NT", 1, *hands), "AH", "KH", "QH", "5C")  # seat 0 shows void in H
    state = run(state, "KS", "QS", "JS", "AS")
    assert state.turn == 0
    assert state.legal_actions() == ("JK S", "JK D", "JK C")
    with pytest.raises(IllegalActionError, match="shown void in hearts"):
        state.apply("JK H")
    free = position("6NT", 1, *hands, joker_nominate_restricted=False)
    free = run(free, "AH", "KH", "QH", "5C", "KS", "QS", "JS", "AS")
    assert "JK H" in free.legal_actions()


# Misère.


def misere_state(expose: str = "after_first_trick", **opts: Any) -> FiveHundredState:
    state = example_state({"misere": True, "open_misere_expose": expose, **opts})
    return run(state, "pass", "pass", "open-misere", "pass")


def test_open_misere_alone_and_exposed_after_first_trick() -> None:
    state = run(misere_state(), "discard AC AH JK")
    contract = state.view(0)["contract"]
    assert contract["bid"] == "open-misere" and contract["sits_out"] == 3
    assert contract["trump"] is None and "exposed" not in state.view(0)
    state = run(state, "4D", "8D", "QD")  # seat 1 leads, seat 2, then seat 0: seat 3 sits out
    trick = state.tricks()[0]
    assert trick.cards == ("4D", "8D", "QD") and trick.winner == 0 and state.turn == 0
    assert state.view(2)["exposed"]["seat"] == 1
    assert set(state.view(2)["exposed"]["hand"]) == names(state.hand(1))


def test_misere_fails_on_first_trick_won() -> None:
    state = run(misere_state(), "discard 4D 5S 6D")
    state = run(state, "JH", "TH", "9H")  # seat 1's JH wins: the misère is lost
    assert state.is_over() and state.made() is False
    assert state.points() == (0, -500)
    state = run(misere_state(misere_defender_trick_points=True), "discard 4D 5S 6D")
    state = run(state, "9D", "8D", "KD", "7H", "JH", "4H")
    assert state.points() == (10, -500)


def test_open_misere_exposed_before_lead() -> None:
    state = run(misere_state("before_lead"), "discard AC AH JK")
    assert state.view(None)["exposed"]["seat"] == 1


# Errors leave the state untouched.


@pytest.mark.parametrize(
    ("actions", "bad", "error", "message"),
    [
        ((), "7X", InvalidActionError, "not a Five Hundred action"),
        ((), "", InvalidActionError, "empty action"),
        ((), "KH", IllegalActionError, "seat 3 is to bid or pass"),
        ((), "discard KC 9C JH", IllegalActionError, "seat 3 is to bid or pass"),
        (("6S",), "6S", IllegalActionError, "does not outrank"),
        (("6S", "pass", "6H", "pass", "pass"), "AC", IllegalActionError, "discard three"),
        (
            ("6S", "pass", "6H", "pass", "pass", "discard KC 9C JH"),
            "pass",
            IllegalActionError,
            "play a card",
        ),
        (
            ("6S", "pass", "6H", "pass", "pass", "discard KC 9C JH"),
            "QS",
            IllegalActionError,
            "you do not hold QS",
        ),
        (
            ("6S", "pass", "6H", "pass", "pass", "discard KC 9C JH", "AC"),
            "QH",
            IllegalActionError,
            "must follow clubs: you hold J♣ 10♣ 8♣ 5♣",
        ),
        (
            ("6S", "pass", "6H", "pass", "pass", "discard KC 9C JH"),
            "2S",
            InvalidActionError,
            "not in the Five Hundred pack",
        ),
        (("pass", "pass", "pass", "pass"), "AC", IllegalActionError, "the deal is over"),
    ],
)
def test_bad_actions(
    actions: tuple[str, ...], bad: str, error: type[Exception], message: str
) -> None:
    state = run(example_state(), *actions)
    before = (state.legal_actions(), [state.view(s) for s in range(4)])
    with pytest.raises(error, match=message):
        state.apply(bad)
    assert (state.legal_actions(), [state.view(s) for s in range(4)]) == before


def test_out_of_turn() -> None:
    with pytest.raises(IllegalActionError, match="not seat 0's turn: seat 3 is to bid"):
        example_state().apply("6S", seat=0)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"misre": True}, "unknown option for five-hundred: misre"),
        ({"misere": "yes"}, "misere must be true or false"),
        ({"first_dealer": 4}, "first_dealer must be a seat"),
        ({"misere": True, "open_misere_expose": "never"}, "open_misere_expose must be"),
        ({"misere_defender_trick_points": True}, "an option of misere"),
    ],
)
def test_bad_options(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        FIVE_HUNDRED.parse_rules(options)


def test_options_round_trip() -> None:
    options = {"misere": True, "single_round_bidding": True, "defenders_cannot_win": True}
    rules = FIVE_HUNDRED.parse_rules(options)
    assert FIVE_HUNDRED.rules_to_json(rules) == options
    assert FIVE_HUNDRED.rules_to_json(FIVE_HUNDRED.parse_rules({"misere": False})) == {}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"kitty": ["5H", "6D"]}, "kitty must list 3"),
        ({"kitty": ["5H", "6D", "2C"]}, "not in the Five Hundred pack: 2C"),
        ({"kitty": ["5H", "6D", "AC"]}, "43 cards, each once"),
        ({"dealer": 5}, "dealer must be a seat"),
        ({"hands": EXAMPLE["hands"][:3]}, "four hands"),
    ],
)
def test_bad_layouts(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        FIVE_HUNDRED.layout_from_json(RULES, {**EXAMPLE, **change})


# Properties over random legal play.

seeds = st.integers(min_value=0, max_value=2**32)
option_sets = st.sampled_from(
    [
        {},
        {"misere": True},
        {"misere": True, "open_misere_expose": "before_lead", "single_round_bidding": True},
        {"defenders_cannot_win": True, "joker_nominate_restricted": False},
    ]
)


def random_match(seed: int, options: dict[str, Any], deals: int = 3) -> Iterator[Match]:
    """Every match state of a random game (stopped after ``deals`` deals)."""
    rng = random.Random(seed)
    match = Match.new(get_game("five-hundred"), options, rng)
    yield match
    while not match.is_over():
        if match.needs_deal():
            if len(match.deals) >= deals:
                return
            match = match.deal_next(rng)
        else:
            legal = match.legal_actions()
            # Mostly pass in the auction, so that contracts are varied and games last.
            passing = legal[0] == "pass" and rng.random() < 0.6
            match = match.apply("pass" if passing else rng.choice(legal))
        yield match


def visible_cards(view: Any) -> set[str]:
    """Card names anywhere in a view except the auction, contract and legal actions."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key not in ("auction", "contract", "legal", "result"):
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str) and value in PACK:
            found.add(value)

    walk(view)
    return found


@settings(max_examples=40, deadline=None)
@given(seeds, option_sets)
def test_cards_conserved_and_views_private(seed: int, options: dict[str, Any]) -> None:
    for match in random_match(seed, options, deals=2):
        state = match.state
        assert isinstance(state, FiveHundredState)
        played = [parse_card(c) for t in state.tricks() for c in t.cards]
        played += [parse_card(c) for c in state.view(None)["trick"]["cards"]]
        assert len(played) == len(set(played))
        held = [state.hand(s) for s in range(4)]
        total = sum(h.bit_count() for h in held) + len(played) + state.discards.bit_count()
        kitty_out = 3 if state.phase.name == "AUCTION" or state.is_thrown_in() else 0
        assert total + kitty_out == 43
        assert (
            mask_of(played)
            | state.discards
            | held[0]
            | held[1]
            | held[2]
            | held[3]
            | (mask_of(state.deal.kitty) if kitty_out else 0)
            == DECK
        )
        public = {card_name(c) for c in played}
        for seat in (None, 0, 1, 2, 3):
            view = state.view(seat)
            allowed = public | (names(held[seat]) if seat is not None else set())
            if seat is not None and seat == state.contractor:
                allowed |= {card_name(c) for c in state.deal.kitty} | names(state.discards)
            if "exposed" in view:
                allowed |= names(held[view["exposed"]["seat"]])
            assert visible_cards(view) <= allowed
            if seat is not None and seat != state.turn:
                assert view["legal"] == []


@settings(max_examples=40, deadline=None)
@given(seeds, option_sets)
def test_a_card_leaves_the_hand_of_the_seat_that_plays_it(
    seed: int, options: dict[str, Any]
) -> None:
    """Every hand read by seat, card by card, across tricks (the state keeps them from the
    seat to act's during the play, a misère partner's passed over): only the player's
    hand loses the card, and ``legal_actions`` lists cards of the hand to act."""
    for match in random_match(seed, options, deals=2):
        state = match.state
        assert isinstance(state, FiveHundredState)
        if state.phase.name != "PLAY" or state.turn is None:
            continue
        seat = state.turn
        held = [state.hand(s) for s in range(4)]
        for action in state.legal_actions():
            assert held[seat] >> parse_card(action.split()[0]) & 1
        action = random.Random(seed).choice(state.legal_actions())
        after = state.apply(action)
        card = parse_card(action.split()[0])
        for s in range(4):
            assert after.hand(s) == (held[s] ^ 1 << card if s == seat else held[s])
        if after.turn is not None and not after.trick:  # a trick closed: its winner leads
            assert after.turn == after.completed_tricks[-1][2] == after.leader
        elif after.turn is not None:
            assert after.turn != seat and after.turn != after.sits_out


@settings(max_examples=60, deadline=None)
@given(seeds, option_sets)
def test_tricks_have_one_winner_and_records_replay(seed: int, options: dict[str, Any]) -> None:
    *_, match = random_match(seed, options)
    for deal in match.deals:
        state = deal.state
        assert isinstance(state, FiveHundredState)
        size = 3 if state.contract in ("misere", "open-misere") else 4
        for trick in state.tricks():
            assert len(trick.cards) == size and trick.winner in range(4)
        if state.is_over() and not state.is_thrown_in():
            assert sum(state.tricks_won) == len(state.tricks())
            assert len(state.tricks()) == 10 or size == 3
    again = match_from_record(json.loads(json.dumps(match_to_record(match))))
    assert replay_summary(again) == replay_summary(match)
    assert again.state.legal_actions() == match.state.legal_actions()


@settings(max_examples=10, deadline=None)
@given(seeds, st.sampled_from([{}, {"misere": True}]))
def test_greedy_bot_always_chooses_a_legal_action(seed: int, options: dict[str, Any]) -> None:
    rng = random.Random(seed)
    match = Match.new(get_game("five-hundred"), options, rng)
    for _ in range(300):
        if match.is_over():
            break
        if match.needs_deal():
            match = match.deal_next(rng)
            continue
        seat = match.turn
        view = match.view(seat)
        action = choose(view, rng) if seat % 2 == 0 else rng.choice(view["legal"])
        assert action in view["legal"]
        match = match.apply(action)


def test_greedy_bot_bids_what_it_holds_and_keeps_trumps() -> None:
    weak = [parse_card(c) for c in ["5S", "6S", "7H", "8H", "5D", "6D", "7C", "8C", "9C", "4H"]]
    view = {
        "phase": "auction",
        "seat": 0,
        "hand": [card_name(c) for c in weak],
        "auction": [],
        "legal": ["pass", *(f"{t}{s}" for t in range(6, 11) for s in ("S", "C", "D", "H", "NT"))],
    }
    assert choose(view, random.Random(0)) == "pass"
    strong = ["JK", "JH", "JD", "AH", "KH", "QH", "9H", "AS", "AC", "KC"]
    assert estimate_tricks([parse_card(c) for c in strong], 3) >= 7
    view["hand"] = strong
    assert choose(view, random.Random(0)) in ("6H", "7H", "8H", "9H")
    kitty = {
        "phase": "kitty",
        "seat": 0,
        "hand": [*strong, "5S", "6D", "7C"],
        "contract": {"bid": "8H", "contractor": 0},
        "legal": ["x"],
    }
    thrown = choose(kitty, random.Random(0)).split()[1:]
    assert not set(thrown) & {"JK", "JH", "JD", "AH", "KH", "QH", "9H", "AS", "AC"}


# Perft: counts of legal play sequences, checked against a slow independent reference.

PERFT = Path(__file__).with_name("perft") / "five_hundred.perft"
ORDER = "456789TJQKA"
COLOUR_PAIR = {"S": "C", "C": "S", "H": "D", "D": "H"}


def read_perft() -> list[tuple[str, dict[str, str], list[tuple[int, int]]]]:
    out: list[tuple[str, dict[str, str], list[tuple[int, int]]]] = []
    for line in PERFT.read_text().splitlines():
        word, _, rest = line.partition(" ")
        if word == "id":
            out.append((rest, {}, []))
        elif word == "perft":
            depth, count = rest.split()
            out[-1][2].append((int(depth), int(count)))
        elif word and not word.startswith("#"):
            out[-1][1][word] = rest
    return out


def engine_position(fields: dict[str, str]) -> FiveHundredState:
    """A perft position: a whole deal with moves, or an ending (``hands`` + ``contract``)."""
    options = {name: True for name in fields.get("options", "").split()}
    rules = FIVE_HUNDRED.parse_rules(options)
    if "contract" in fields:
        contract, contractor, leader = fields["contract"].split()
        state = FiveHundredState.from_position(
            rules,
            tuple(cards(h) for h in fields["hands"].split("/")),
            contract,
            int(contractor),
            int(leader),
        )
    else:
        layout = FIVE_HUNDRED.layout_from_json(
            rules,
            {
                "dealer": int(fields["dealer"]),
                "hands": [h.split() for h in fields["hands"].split("/")],
                "kitty": fields["kitty"].split(),
            },
        )
        state = FIVE_HUNDRED.start(rules, layout, FIVE_HUNDRED.new_tally(rules))
    return run(state, *(m.strip() for m in fields.get("moves", "").split(",") if m.strip()))


def engine_perft(state: FiveHundredState, depth: int) -> int:
    if depth == 0 or state.is_over():
        return 1
    return sum(engine_perft(state.apply(a), depth - 1) for a in state.legal_actions())


class Reference:
    """A deliberately plain Five Hundred: lists of card strings, rules straight from the text."""

    def __init__(self, fields: dict[str, str]) -> None:
        self.hands = [h.split() for h in fields["hands"].split("/")]
        self.restricted = "joker_unrestricted" not in fields.get("options", "")
        self.voids: list[set[str]] = [set(), set(), set(), set()]
        self.trick: list[str] = []
        self.named = ""
        moves = [m.strip() for m in fields.get("moves", "").split(",") if m.strip()]
        if "contract" in fields:
            self.contract, contractor, leader = fields["contract"].split()
            self.contractor, self.leader = int(contractor), int(leader)
        else:
            used = self.bid_out(int(fields["dealer"]), moves)
            self.hands[self.contractor] += fields["kitty"].split()
            for card in moves[used].split()[1:]:  # the discard
                self.hands[self.contractor].remove(card.upper())
            moves = moves[used + 1 :]
        self.strain = "NT" if "misere" in self.contract else self.contract.lstrip("0123456789")
        self.sits_out = (self.contractor + 2) % 4 if "misere" in self.contract else -1
        self.turn = self.leader
        self.done = False
        for move in moves:
            self.play(move)

    def bid_out(self, dealer: int, calls: list[str]) -> int:
        """The continuous auction as written: a pass is final; three passes after a bid end it."""
        passed: set[int] = set()
        seat, high, used = (dealer + 1) % 4, ("", -1), 0
        while not (len(passed) == 3 and high[1] >= 0):
            if calls[used] == "pass":
                passed.add(seat)
            else:
                high = (calls[used], seat)
            used += 1
            seat = (seat + 1) % 4
            while seat in passed:
                seat = (seat + 1) % 4
        self.contract, self.contractor = high
        self.leader = self.contractor
        return used

    def suit(self, card: str) -> str:
        if card == "JK":
            return "T" if self.strain == "NT" else self.strain
        if self.strain != "NT" and card[0] == "J" and card[1] == COLOUR_PAIR[self.strain]:
            return self.strain
        return card[1]

    def led(self) -> str:
        return self.named or self.suit(self.trick[0])

    def legal(self) -> list[str]:
        hand = self.hands[self.turn]
        if self.trick:
            follow = [c for c in hand if self.suit(c) == self.led()]
            return follow or list(hand)
        if self.strain != "NT" or "JK" not in hand:
            return list(hand)
        suits = [s for s in "SHDC" if not (self.restricted and s in self.voids[self.turn])]
        return [c for c in hand if c != "JK"] + [f"JK {s}" for s in suits or "SHDC"]

    def power(self, card: str) -> tuple[int, int]:
        if card == "JK":
            return (2, 99)
        trump = self.strain if self.strain != "NT" else "T"
        if self.suit(card) == trump:
            bower = 50 if card[1] == trump else 40
            return (2, bower if card[0] == "J" else ORDER.index(card[0]))
        return (1, ORDER.index(card[0])) if self.suit(card) == self.led() else (0, 0)

    def next_seat(self, seat: int) -> int:
        seat = (seat + 1) % 4
        return (seat + 1) % 4 if seat == self.sits_out else seat

    def play(self, move: str) -> None:
        card, _, named = move.partition(" ")
        if not self.trick:
            self.named = named
        elif self.suit(card) != self.led():
            self.voids[self.turn].add(self.led())
        self.hands[self.turn].remove(card)
        self.trick.append(card)
        self.turn = self.next_seat(self.turn)
        if len(self.trick) == (3 if self.sits_out >= 0 else 4):
            best = max(range(len(self.trick)), key=lambda i: self.power(self.trick[i]))
            winner = self.leader
            for _ in range(best):
                winner = self.next_seat(winner)
            self.leader = self.turn = winner
            self.trick, self.named = [], ""
            lost = self.sits_out >= 0 and winner == self.contractor
            self.done = lost or not self.hands[winner]

    def perft(self, depth: int) -> int:
        if depth == 0 or self.done:
            return 1
        total = 0
        for move in self.legal():
            saved = (
                [h[:] for h in self.hands],
                [set(v) for v in self.voids],
                self.turn,
                self.leader,
                self.trick[:],
                self.named,
                self.done,
            )
            self.play(move)
            total += self.perft(depth - 1)
            (self.hands, self.voids, self.turn, self.leader, self.trick, self.named, self.done) = (
                saved
            )
        return total


POSITIONS = read_perft()


@pytest.mark.parametrize(("name", "fields", "counts"), POSITIONS, ids=[p[0] for p in POSITIONS])
def test_engine_matches_perft(name: str, fields: dict[str, str], counts: list[Any]) -> None:
    state = engine_position(fields)
    for depth, expected in counts:
        assert engine_perft(state, depth) == expected, f"{name} perft {depth}"


@pytest.mark.parametrize(("name", "fields", "counts"), POSITIONS, ids=[p[0] for p in POSITIONS])
def test_reference_matches_perft(name: str, fields: dict[str, str], counts: list[Any]) -> None:
    for depth, expected in counts:
        if expected <= 30000:
            assert Reference(fields).perft(depth) == expected, f"{name} perft {depth}"
