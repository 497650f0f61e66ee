"""The states' public read-only accessors agree with their views, on seeded random games.

Encoders and bots read these accessors instead of building views (or reading
private fields), so they must say exactly what the views say.
"""

from __future__ import annotations

from typing import Any

import pytest

from atout.cards import card_name, card_names
from atout.games.bridge.auction import call_name
from atout.games.bridge.view import Phase
from atout.games.five_hundred import CALL_NAMES
from tests.games.view_golden import CASES, states


def _tricks(state: Any) -> list[dict[str, Any]]:
    return [
        {"leader": leader, "cards": [card_name(c) for c in cards], "winner": winner}
        for leader, cards, winner in state.completed_tricks
    ]


def _check_court_piece(state: Any) -> None:
    view = state.view(None)
    assert state.phase == view["phase"]
    assert (None if state.trump_suit < 0 else "SHDC"[state.trump_suit]) == view["trump"]
    assert [card_name(c) for c in state.trick] == view["trick"]["cards"]
    assert state.leader == view["trick"]["leader"]
    if "tricks" in view:
        assert _tricks(state) == view["tricks"]
    assert len(state.completed_tricks) == sum(state.tricks_won)


def _check_five_hundred(state: Any) -> None:
    view = state.view(None)
    assert state.phase.name.lower() == view["phase"]
    assert _tricks(state) == view["tricks"]
    auction = [[s, "pass" if c < 0 else CALL_NAMES[c]] for s, c in state.auction]
    assert auction == view["auction"]
    contract = view["contract"]
    if contract is None:
        assert state.contractor is None
    else:
        assert CALL_NAMES[state.high_bid] == contract["bid"] == state.contract
        trump = state.trump_suit
        assert (None if trump < 0 else "SHDC"[trump]) == contract["trump"]
        assert state.sits_out == contract["sits_out"]
    named = state.named_suit
    assert (None if named < 0 else "SHDC"[named]) == view["trick"]["named_suit"]
    assert [card_name(c) for c in state.trick] == view["trick"]["cards"]


def _check_bridge(state: Any) -> None:
    view = state.view(None)
    assert _tricks(state) == view["tricks"]
    assert [card_name(c) for c in state.trick] == view["trick"]["cards"]
    if view["contract"] is None:
        assert state.bid == -1 and state.trump_suit == -1
    else:
        assert call_name(state.bid) + "X" * state.doubled == view["contract"]
        strain = state.bid % 5
        assert state.trump_suit == (-1 if strain == 4 else 3 - strain)
    claim = view["claim"]
    assert state.claimed_tricks == (None if claim is None else claim["tricks"])


def _check_court_circular(state: Any) -> None:
    view = state.view(None)
    assert state.stock_size == view["stock_size"]
    assert state.trick == state.trick_cards()
    assert [card_name(c) for c in state.trick] == view["trick"]["cards"]
    assert len(state.completed_tricks) == view["tricks_played"]
    assert _tricks(state) == [t.to_json() for t in state.tricks()]
    for seat in (0, 1):
        assert list(card_names(state.table(seat))) == view["table"][seat]


CHECKS = {
    "court-piece": _check_court_piece,
    "five-hundred": _check_five_hundred,
    "bridge": _check_bridge,
    "court-circular": _check_court_circular,
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_accessors_agree_with_views(case: str) -> None:
    game_id, options = CASES[case]
    check = CHECKS[game_id]
    for seed in (0, 1):
        for state in states(game_id, options, seed):
            check(state)
            if game_id == "court-piece" and state.phase == "trump":
                continue  # before trump the view shows the caller's first five only
            for seat in range(4 if game_id != "court-circular" else 2):
                assert list(card_names(state.hand(seat))) == state.view(seat)["hand"]


@pytest.mark.parametrize("case", sorted(c for c in CASES if CASES[c][0] == "five-hundred"))
def test_five_hundred_look_agrees_with_the_accessors_and_the_view(case: str) -> None:
    """``FiveHundredState.look(seat)`` (the environment's one read per step) says what the
    accessors and the seat's typed view say, field by field, at every state of every seat."""
    game_id, options = CASES[case]
    exposed = 0
    for seed in (0, 1, 2):
        for state in states(game_id, options, seed):
            for seat in range(4):
                (
                    phase,
                    deal,
                    auction,
                    done,
                    high,
                    hand,
                    trick,
                    leader,
                    named,
                    turn,
                    won,
                    sizes,
                    shown,
                ) = state.look(seat)
                view = state.typed_view(seat)
                assert phase is state.phase is view.phase
                assert deal is state.deal
                assert auction == state.auction == view.auction
                assert done is state.completed_tricks
                assert high == state.high_bid
                assert hand == state.hand(seat) == view.hand
                assert trick == state.trick == view.trick
                assert leader == (-1 if view.trick_leader is None else view.trick_leader)
                assert named == state.named_suit
                assert turn == (-1 if state.turn is None else state.turn)
                assert (won & 15, won >> 4) == state.tricks_won == view.tricks_won
                counts = view.hand_sizes
                assert sizes == tuple(counts[(seat + r) % 4] for r in range(4))
                assert shown == (0 if view.exposed is None else view.exposed[1])
                exposed += bool(shown)
    assert exposed or "misere" not in case


def _bridge_look(state: Any, seat: int) -> tuple[Any, ...]:
    contract, phase, hands, turn, leader, trick, done, won, claim, playable = state.look()
    assert phase == list(Phase).index(state.phase)
    assert hands == tuple(state.hand(s) for s in range(4))
    assert (turn, leader, trick, done, won, claim, playable) == (
        state.turn,
        state.leader,
        state.trick,
        state.completed_tricks,
        state.tricks_won,
        state.claimed_tricks,
        state.playable_cards(),
    )
    # The facts a key stands for: an observer reads them again only when it changes.
    facts = (state.deal, state.auction.calls) if state.declarer is not None else None
    return contract, facts


def _court_circular_look(state: Any, seat: int) -> tuple[Any, ...]:
    trick, hand, other, cards, turn, phase = state.look(seat)
    assert (hand, other, cards, phase) == (
        state.hand(seat),
        state.hand(1 - seat),
        state.trick,
        state.phase,
    )
    if not state.is_over():
        assert turn == state.turn
    facts = (state.lead, state.leader, state.piles, state.stock_size, state.deal)
    return trick, facts


@pytest.mark.parametrize(
    "case", [c for c in sorted(CASES) if CASES[c][0] in ("bridge", "court-circular")]
)
def test_look_is_the_accessors(case: str) -> None:
    """``look`` (an observer's one call a look) says what the accessors say, and its key
    changes whenever what it stands for does (states of one key share those facts)."""
    game_id, options = CASES[case]
    look = _bridge_look if game_id == "bridge" else _court_circular_look
    facts_of: dict[int, tuple[Any, Any]] = {}
    keys = 0
    for seed in (0, 1):
        for state in states(game_id, options, seed):
            for seat in range(4 if game_id == "bridge" else 2):
                key, facts = look(state, seat)
                if facts is None:
                    continue
                known = facts_of.setdefault(id(key), (key, facts))
                assert known[0] is key and known[1] == facts
                keys += known[1] is facts
    assert keys >= 4
