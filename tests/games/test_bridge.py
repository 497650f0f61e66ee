"""Bridge rules: the auction examples of rules/bridge.md, dummy, claims, views, records,
properties, and a differential test against OpenSpiel's bridge."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.bots.bridge.greedy import choose
from atout.cards import card_names, parse_card
from atout.core import IllegalActionError, InvalidActionError, Match
from atout.games import get_game
from atout.games.bridge import BRIDGE, BridgeDeal, BridgeState
from atout.notation.record import match_from_record, match_to_record, replay_summary
from atout.tricks import plain_trick_winner

RULES = BRIDGE.parse_rules({"scoring": "duplicate"})


def _spread() -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(c for c in range(52) if c % 4 == s) for s in range(4))


def _start(dealer: int = 0, board: int | None = 1) -> BridgeState:
    layout = BridgeDeal(dealer, _spread(), board)
    return BRIDGE.start(RULES, layout, BRIDGE.new_tally(RULES))


def _calls(state: BridgeState, calls: str) -> BridgeState:
    for call in calls.split():
        state = state.apply(call)
    return state


# Section 5.2 examples 19-25.


def test_example_19() -> None:
    state = _calls(_start(), "1H X XX 2C X pass pass pass")
    assert state.contract_name == "2CX"
    assert state.declarer == 3
    assert state.turn == 0 and state.phase == "play"


def test_example_20_double_of_partner() -> None:
    state = _calls(_start(), "1S pass")
    assert "X" not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="partner"):
        state.apply("X")


def test_example_21_redouble_of_partner() -> None:
    state = _calls(_start(), "1S X pass")
    assert "XX" not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="partner"):
        state.apply("XX")
    state = _calls(_start(), "1S X pass pass")
    assert "XX" in state.legal_actions()
    state.apply("XX")


def test_example_22_balancing_double() -> None:
    state = _calls(_start(), "1NT pass pass")
    assert state.legal_actions()[:2] == ("pass", "X")
    assert _calls(state, "X pass pass pass").contract_name == "1NTX"


def test_example_23_sufficiency() -> None:
    state = _calls(_start(), "1D 1H")
    with pytest.raises(IllegalActionError, match="insufficient"):
        state.apply("1D")
    state.apply("1S")
    state.apply("2D")


def test_example_24_declarer_first_to_name_strain() -> None:
    state = _calls(_start(), "1C pass 1H pass 2H pass 4H pass pass pass")
    assert (state.contract_name, state.declarer, state.turn) == ("4H", 2, 3)


def test_example_25_passed_out() -> None:
    state = _calls(_start(), "pass pass pass pass")
    assert state.is_over() and state.is_passed_out()
    assert state.result()["passed_out"] and state.result()["score"] == [0, 0]
    rubber = BRIDGE.parse_rules({})
    match = Match(BRIDGE, rubber).start_deal(BridgeDeal(2, _spread()))
    for _ in range(4):
        match = match.apply("pass")
    assert match.next_dealer() == 3 and match.current.settlement is not None
    assert match.current.settlement.points == (0, 0)


def test_canonical_order_and_refusals() -> None:
    state = _calls(_start(), "1NT")
    assert state.legal_actions()[:4] == ("pass", "X", "2C", "2D")
    assert state.legal_actions()[-1] == "7NT"
    assert _start().legal_actions()[:3] == ("pass", "1C", "1D")
    with pytest.raises(InvalidActionError):
        state.apply("8NT")
    with pytest.raises(IllegalActionError, match=r"turn"):
        state.apply("pass", seat=0)
    with pytest.raises(IllegalActionError, match="call"):
        state.apply("AS")
    assert state.apply("p").apply("2n").contract_name is None  # lower case; no contract yet


def test_trick_example() -> None:
    trick = [parse_card(c) for c in ("KS", "AS", "2H", "5H")]
    assert plain_trick_winner(trick, 1) == 3


# Play, dummy and views.


def _in_play() -> BridgeState:
    # N opens 1NT, all pass: declarer N, dummy S, E leads.
    return _calls(_start(), "1NT pass pass pass")


def test_dummy_views_and_declarer_acting_for_dummy() -> None:
    state = _in_play()
    assert state.view(None)["dummy"] is None
    lead = state.legal_actions()[0]
    state = state.apply(lead, seat=1)
    assert state.turn == 2  # dummy's hand to play
    assert state.actor == 0
    spectator = state.view(None)
    assert spectator["hand"] == [] and spectator["dummy"] == state.view(2)["hand"]
    assert state.view(0)["legal"] == list(state.legal_actions())
    assert state.view(2)["legal"] == []
    card = state.legal_actions()[0]
    assert state.apply(card, seat=0).tricks_won == state.apply(card, seat=2).tricks_won
    with pytest.raises(IllegalActionError):
        state.apply(card, seat=1)
    view = state.view(1)
    for key in (
        "game",
        "seat",
        "phase",
        "dealer",
        "turn",
        "hand",
        "dummy",
        "trick",
        "tricks_won",
        "tricks",
        "legal",
        "auction",
        "contract",
        "declarer",
        "vulnerable",
    ):
        assert key in view
    assert view["auction"][0] == [0, "1NT"] and view["contract"] == "1NT"


def test_follow_suit_refusal_names_cards() -> None:
    state = _in_play().apply("3S")  # E leads a spade; S (dummy) holds spades
    off_suit = next(
        c for c in ("3H", "3D", "3C", "4H", "4D", "4C") if state.hand(2) >> parse_card(c) & 1
    )
    with pytest.raises(IllegalActionError, match="must follow spades"):
        state.apply(off_suit)


def test_claims() -> None:
    state = _in_play()
    with pytest.raises(IllegalActionError, match="only declarer"):
        state.apply("claim 7", seat=1)
    with pytest.raises(IllegalActionError, match="remain"):
        state.apply("claim 14", seat=0)
    claimed = state.apply("claim 8", seat=0)
    assert claimed.phase == "claim" and claimed.turn == 1
    assert claimed.legal_actions() == ("accept", "reject")
    faced = list(card_names(claimed.hand(0)))
    assert claimed.view(1)["claim"] == {"by": 0, "tricks": 8, "hand": faced}  # Law 68
    assert claimed.view(None)["dummy"] == list(card_names(claimed.hand(2)))
    rejected = claimed.apply("reject")
    assert rejected.phase == "play" and rejected.turn == 1
    done = claimed.apply("accept").apply("accept", seat=3)
    assert done.is_over() and done.tricks_won == (8, 5)
    assert done.result()["result"] == "+1" and done.result()["score"] == [120, 0]
    auto = BRIDGE.parse_rules({"auto_accept_proven_claims": True})
    state = BRIDGE.start(auto, BridgeDeal(0, _spread()), BRIDGE.new_tally(auto))
    state = _calls(state, "1NT pass pass pass").apply("claim 0", seat=0)
    assert state.is_over() and state.tricks_won == (0, 13)


def test_rules_validation() -> None:
    for bad in (
        {"scoring": "chicago"},
        {"first_dealer": 5},
        {"boards": 3},
        {"colour": 1},
        {"auto_accept_proven_claims": "yes"},
        {"scoring": "duplicate", "first_dealer": 1},
    ):
        with pytest.raises(ValueError):
            BRIDGE.parse_rules(bad)


def _play_randomly(match: Match, rng: random.Random) -> Match:
    while not match.state.is_over():
        legal = match.legal_actions()
        pick = "pass" if "pass" in legal and rng.random() < 0.75 else rng.choice(legal)
        state = match.state
        assert isinstance(state, BridgeState)
        match = match.apply(pick, state.actor)
    return match


def test_records_name_dummy_and_replay() -> None:
    rng = random.Random(11)
    match = Match.new(get_game("bridge"), {"scoring": "duplicate"}, rng)
    match = _play_randomly(match, rng)
    state = match.state
    assert isinstance(state, BridgeState)
    if state.dummy is not None:
        seats = {
            s for s, a in match.current.actions if a in state.deal.to_json()["hands"][state.dummy]
        }
        assert seats <= {state.dummy}
    again = match_from_record(match_to_record(match))
    assert replay_summary(again) == replay_summary(match)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["rubber", "duplicate"]))
def test_random_playouts_offer_only_legal_actions_and_end(seed: int, scoring: str) -> None:
    rng = random.Random(seed)
    rules = BRIDGE.parse_rules({"scoring": scoring})
    dealer = seed % 4 if scoring == "rubber" else 0  # duplicate: board 1 is dealt by N
    state = BRIDGE.start(rules, BRIDGE.deal(rules, dealer, rng), BRIDGE.new_tally(rules))
    steps = 0
    while not state.is_over():
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        if state.phase == "auction":
            pick = "pass" if rng.random() < 0.5 else rng.choice(legal)
        else:
            pick = rng.choice(legal)
        state = state.apply(pick)
        steps += 1
        assert steps < 400
    if not state.is_passed_out():
        assert sum(state.tricks_won) == 13
        assert len(state.tricks()) == 13 or state.result()["claimed"]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(0, 37), max_size=40))
def test_auction_legality_matches_refusals(calls: list[int]) -> None:
    """Every call is either offered and accepted, or refused with a reason; auctions end."""
    state = _start()
    for index in calls:
        if state.phase != "auction":
            break
        from atout.games.bridge.auction import call_name  # noqa: PLC0415

        name = call_name(index)
        if name in state.legal_actions():
            state = state.apply(name)
        else:
            with pytest.raises(IllegalActionError):
                state.apply(name)
    while state.phase == "auction":
        state = state.apply("pass")
    assert state.phase in ("play", "over")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_trick_and_first_namers_read_back_as_played(seed: int) -> None:
    """The packed forms (the trick in progress, the auction's first namers) read back as
    the cards and calls made: each state's ``trick`` is the cards played since the last
    trick closed, and ``first_namers`` the first seat of each side to name each strain."""
    rng = random.Random(seed)
    state = BRIDGE.start(RULES, BRIDGE.deal(RULES, 0, rng), BRIDGE.new_tally(RULES))
    played: list[int] = []
    while not state.is_over():
        assert state.trick == tuple(played)
        action = rng.choice(state.legal_actions())
        if state.phase == "auction":
            state = state.apply(action)
            namers = [-1] * 10
            for i, call in enumerate(state.auction.calls):
                seat = (state.auction.dealer + i) % 4
                if call < 35 and namers[seat % 2 * 5 + call % 5] < 0:
                    namers[seat % 2 * 5 + call % 5] = seat
            assert state.auction.first_namers == tuple(namers)
            continue
        played.append(parse_card(action))
        done = len(state.completed_tricks)
        state = state.apply(action)
        if len(state.completed_tricks) > done:
            assert state.completed_tricks[-1][1] == tuple(played)
            played = []
    assert state.trick == ()


@settings(max_examples=200, deadline=None)
@given(st.permutations(range(52)), st.integers(-1, 3))
def test_unrolled_trick_winner_is_the_plain_one(deck: list[int], trump: int) -> None:
    from atout.games.bridge import _trick_winner  # noqa: PLC0415

    a, b, c, d = deck[:4]
    assert _trick_winner(a, b, c, d, trump) == plain_trick_winner((a, b, c, d), trump)


def test_greedy_bot_plays_whole_boards() -> None:
    rng = random.Random(3)
    match = Match.new(get_game("bridge"), {"scoring": "duplicate", "boards": 12}, rng)
    while not match.is_over():
        if match.needs_deal():
            match = match.deal_next(rng)
            continue
        state = match.state
        assert isinstance(state, BridgeState)
        view = state.view(state.actor)
        action = choose(view, rng)
        assert action in view["legal"]
        match = match.apply(action, state.actor)
    contracts = [d.state.result()["contract"] for d in match.deals]
    assert sum(c is not None for c in contracts) >= 8


# Differential test against OpenSpiel.


def _os_card(action: int) -> int:
    rank, os_suit = divmod(action, 4)  # OpenSpiel: rank * 4 + suit with C D H S = 0 1 2 3
    return (3 - os_suit) * 13 + rank


def test_against_openspiel() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    rng = random.Random(2024)
    boards = {(False, False): 1, (True, False): 5, (False, True): 9, (True, True): 13}
    compared = 0
    for _ in range(200):
        vul = (rng.random() < 0.5, rng.random() < 0.5)
        game = pyspiel.load_game(
            "bridge",
            {"use_double_dummy_result": False, "dealer_vul": vul[0], "non_dealer_vul": vul[1]},
        )
        os_state = game.new_initial_state()
        deck = list(range(52))
        rng.shuffle(deck)
        hands: list[list[int]] = [[], [], [], []]
        for i, action in enumerate(deck):
            os_state.apply_action(action)
            hands[i % 4].append(_os_card(action))
        layout = BridgeDeal(0, tuple(tuple(h) for h in hands), boards[vul])
        ours = BRIDGE.start(RULES, layout, BRIDGE.new_tally(RULES))
        while not os_state.is_terminal():
            legal = os_state.legal_actions()
            if ours.phase == "auction":
                action = 52 if rng.random() < 0.6 else rng.choice(legal)
                call = {52: "pass", 53: "X", 54: "XX"}.get(action)
                if call is None:
                    from atout.games.bridge.auction import call_name  # noqa: PLC0415

                    call = call_name(action - 55)
                names = {_os_call(a) for a in legal}
                assert names == set(ours.legal_actions())
                ours = ours.apply(call)
            else:
                action = rng.choice(legal)
                assert {_os_card(a) for a in legal} == {parse_card(c) for c in ours.legal_actions()}
                ours = ours.apply(_card_name(_os_card(action)))
            os_state.apply_action(action)
        assert ours.is_over()
        returns = os_state.returns()
        ns, ew = ours.points()
        assert ns - ew == returns[0] == -returns[1]
        if not ours.is_passed_out():
            compared += 1
            text = str(os_state)
            seats = ["North", "East", "South", "West"]
            winners = [seats.index(w) for w in re.findall(r"Won by (\w+)\.", text)]
            assert winners == [t.winner for t in ours.tricks()]
            leader = re.search(r"Trick 1\. (\w+):", text)
            assert leader is not None
            assert ours.declarer == (seats.index(leader.group(1)) + 3) % 4
    assert compared > 50, compared


def _os_call(action: int) -> str:
    from atout.games.bridge.auction import call_name  # noqa: PLC0415

    return {52: "pass", 53: "X", 54: "XX"}.get(action) or call_name(action - 55)


def _card_name(card: int) -> str:
    from atout.cards import card_name  # noqa: PLC0415

    return card_name(card)
