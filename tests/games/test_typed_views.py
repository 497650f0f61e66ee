"""Typed views: what each game's ``typed_view(seat)`` holds, and that it shows no hidden card.

``State.view(seat)`` is the JSON form of ``typed_view(seat)`` (the golden
digests of ``test_view_golden.py`` keep its bytes); these tests check the typed
side itself: the phase is the game's ``Phase`` enum, card fields are card sets
and card ints that agree with the state, the JSON form is a new object each
time, the view cannot be changed, and no card field holds a card that the
seat may not see, in every phase the random games of ``view_golden`` reach
(honour mode's corrections and revoke claims, bridge claims, misère).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.cards import CardSet, card_names, mask_of
from atout.games import bridge, court_circular, court_piece, five_hundred, view_from_json
from atout.games.bridge import BridgeView
from atout.games.court_circular import CourtCircularView
from atout.games.court_piece import CourtPieceView
from atout.games.five_hundred import FiveHundredView
from atout.games.five_hundred.discards import Discards
from tests.games.view_golden import CASES, states

PHASES: dict[str, type] = {
    "court-piece": court_piece.Phase,
    "five-hundred": five_hundred.Phase,
    "bridge": bridge.Phase,
    "court-circular": court_circular.Phase,
}


def _tricks_cards(tricks: Any) -> CardSet:
    return mask_of(c for _, cards, _ in tricks or () for c in cards)


def visible(view: Any) -> CardSet:
    """Every card a typed view holds, whatever the field."""
    cards = view.hand | mask_of(view.trick) | _tricks_cards(getattr(view, "tricks", None))
    if isinstance(view, CourtPieceView):
        cards |= mask_of(view.first_five) | mask_of(c for _, c in view.played or ())
    elif isinstance(view, FiveHundredView):
        cards |= mask_of(view.kitty or ()) | (view.discards or 0)
        cards |= view.exposed[1] if view.exposed else 0
    elif isinstance(view, BridgeView):
        cards |= view.dummy or 0
        cards |= view.claim.hand or 0 if view.claim else 0
    else:
        assert isinstance(view, CourtCircularView)
        cards |= view.table[0] | view.table[1] | (0 if view.lead is None else 1 << view.lead)
        cards |= view.piles[0][0] | view.piles[1][0]
        cards |= mask_of(c for line in view.lines if line for c in line.cards)
    return cards


def allowed(state: Any, seat: int | None) -> CardSet:
    """The cards ``seat`` may know now, from the full state and the rules."""
    own = 0 if seat is None else state.hand(seat)
    if isinstance(state, court_circular.CourtCircularState):
        (up0, _), (up1, _) = state.piles
        lead = state.lead
        return own | mask_of(state.trick) | up0 | up1 | (0 if lead is None else 1 << lead)
    played = _tricks_cards(state.completed_tricks) | mask_of(state.trick)
    if isinstance(state, court_piece.CourtPieceState):
        if state.phase == "trump":
            caller = state.deal.caller
            return mask_of(state.deal.hands[caller][:5]) if seat == caller else 0
        return own | played
    if isinstance(state, five_hundred.FiveHundredState):
        if seat is not None and seat == state.contractor:
            own |= mask_of(state.deal.kitty) | state.discards
        shown = state.exposed()
        return own | played | (0 if shown is None else state.hand(shown))
    assert isinstance(state, bridge.BridgeState)
    declarer = state.declarer
    if declarer is not None and (state.completed_tricks or state.trick or state.phase == "claim"):
        own |= state.hand(state.dummy)
    if state.phase == "claim":
        own |= state.hand(declarer)
    return own | played


CASE_NAMES = sorted(CASES)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(CASE_NAMES), st.integers(0, 2**16))
def test_no_typed_view_holds_a_hidden_card(case: str, seed: int) -> None:
    game_id, options = CASES[case]
    for state in states(game_id, options, seed):
        players = 2 if game_id == "court-circular" else 4
        for seat in (None, *range(players)):
            view = state.typed_view(seat)
            leaked = visible(view) & ~allowed(state, seat)
            assert not leaked, (case, seat, card_names(leaked))


@pytest.mark.parametrize("case", CASE_NAMES)
def test_typed_fields_agree_with_the_state_and_the_json(case: str) -> None:
    game_id, options = CASES[case]
    phase_type = PHASES[game_id]
    players = 2 if game_id == "court-circular" else 4
    for state in states(game_id, options, 0):
        for seat in (None, *range(players)):
            view = state.typed_view(seat)
            data = state.view(seat)
            assert type(view.phase) is phase_type and view.phase is state.phase
            assert view.phase.value == data["phase"]
            assert view.turn == state.turn == data["turn"]
            assert list(view.legal) == data["legal"]
            assert view.trick == tuple(state.trick)
            if seat is None:
                assert view.hand == 0
            elif view.phase != "trump":  # Court Piece's caller sees five cards before trump
                assert view.hand == state.hand(seat)
                assert data["hand"] == list(card_names(view.hand))
            assert (view.result is None) == (not state.is_over())


def test_the_json_form_is_new_each_time_and_the_view_frozen() -> None:
    game_id, options = CASES["bridge"]
    over = next(s for s in states(game_id, options, 1) if s.is_over())
    view = over.typed_view(0)
    first = view.to_json()
    first["result"]["tricks_won"].append(99)
    first["hand"].append("AS")
    assert view.to_json() == over.view(0) and 99 not in view.to_json()["result"]["tricks_won"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = 0  # type: ignore[misc]


def test_every_game_has_one_phase_shape() -> None:
    """A ``StrEnum`` whose values are the views' words, so that ``phase == "play"`` holds."""
    for phase_type in PHASES.values():
        assert all(isinstance(p, str) and p == p.value == p.name.lower() for p in phase_type)
    assert five_hundred.Phase.KITTY == "kitty" and bridge.Phase.CLAIM == "claim"


def test_the_kitty_discards_are_written_out_only_when_read() -> None:
    calls: list[int] = []

    def list_them(hand: CardSet) -> tuple[str, ...]:
        calls.append(hand)
        return five_hundred.state._discard_actions(hand)

    game_id, options = CASES["five-hundred"]
    kitty = next(s for s in states(game_id, options, 0) if s.phase == "kitty")
    view = kitty.typed_view(kitty.turn)
    assert isinstance(view.legal, Discards)
    lazy = Discards(kitty.hand(kitty.turn), list_them)
    assert len(lazy) == 286 and lazy and not calls
    assert list(lazy) == list(view.legal) == list(kitty.legal_actions()) and len(calls) == 1
    assert lazy[0] == kitty.legal_actions()[0] and len(calls) == 1
    assert kitty.view(kitty.turn)["legal"] == list(kitty.legal_actions())


def _same_view(back: Any, view: Any) -> bool:
    """Equal typed views (bridge's auction compared by its calls, Five Hundred's lazy
    discards by the actions they list)."""
    if isinstance(view, BridgeView):
        return back.auction.calls == view.auction.calls and back == dataclasses.replace(
            view, auction=back.auction
        )
    if isinstance(view, FiveHundredView):
        return bool(back == dataclasses.replace(view, legal=tuple(view.legal)))
    return bool(back == view)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(CASE_NAMES), st.integers(0, 2**16))
def test_a_json_view_reads_back_into_the_typed_view_it_was_written_from(
    case: str, seed: int
) -> None:
    """``view_from_json`` (how a bot handed the JSON view reads it) undoes ``to_json``."""
    game_id, options = CASES[case]
    players = 2 if game_id == "court-circular" else 4
    for state in states(game_id, options, seed):
        for seat in (None, *range(players)):
            view = state.typed_view(seat)
            back = view_from_json(view.to_json())
            assert _same_view(back, view), (case, seat)
            assert back.to_json() == view.to_json()


def test_a_view_of_no_game_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="not a view of a game: game is 'chess'"):
        view_from_json({"game": "chess", "phase": "play"})
    with pytest.raises(ValueError, match="not a card: 'ZZ'"):
        view_from_json({"game": "court-piece", "phase": "play", "hand": ["ZZ"]})
