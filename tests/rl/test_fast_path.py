"""Each game's observer (from the typed views, and from the states) against a second
encoder over the JSON views, and the state masks against ``legal_actions()``.

Every seat at every step of random games, so neither a cache of the encoders
nor a direct write can show what the view (the definition of what a seat may
know) does not.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from atout.core import IllegalActionError
from atout.rl.arrays import Vectors
from atout.rl.spec import CARD_INDEX
from tests.rl.helpers import CASES, IDS, make, play
from tests.rl.json_encoders import encode_json


@pytest.mark.parametrize(("game", "options"), CASES, ids=IDS)
def test_typed_encoder_equals_the_json_encoder(game: str, options: dict[str, Any]) -> None:
    e = make(game, options)
    spec = e.spec
    compared = 0
    for seed in range(3):
        for actor in play(e, seed, max_steps=500):
            state = e.match.state
            sheet = e._score_sheet(e.match)
            for agent in e.agents:
                seat = int(agent[5:])
                picks = e._picks if agent == actor else ()
                typed = spec.encode(state.typed_view(seat), sheet, picks)
                json = encode_json(spec, state.view(seat), sheet, picks)
                np.testing.assert_array_equal(spec.vector(typed), spec.vector(json))
                compared += 1
    assert compared > 200


@pytest.mark.parametrize(("game", "options"), CASES, ids=IDS)
def test_typed_encoder_in_any_order(game: str, options: dict[str, Any]) -> None:
    """States of one game visited out of order, as a search or a replay would, still give
    the JSON view's vector (nothing the observer keeps for ``write_state`` leaks into a
    view's whole write)."""
    e = make(game, options)
    spec = e.spec
    states: list[tuple[Any, Any]] = []
    for _ in play(e, 4, max_steps=300):
        if not e._picks:
            states.append((e.match.state, e._score_sheet(e.match)))
    rng = np.random.default_rng(4)
    compared = 0
    for i in rng.permutation(len(states))[:150]:
        state, sheet = states[int(i)]
        for seat in range(e.game.players):
            typed = spec.encode(state.typed_view(seat), sheet, ())
            json = encode_json(spec, state.view(seat), sheet, ())
            np.testing.assert_array_equal(spec.vector(typed), spec.vector(json))
            compared += 1
    assert compared > 100


@pytest.mark.parametrize(("game", "options"), CASES, ids=IDS)
def test_mask_from_state_equals_legal_actions(game: str, options: dict[str, Any]) -> None:
    """Where a game reads the mask from the state, it is the bits of ``legal_actions()``."""
    e = make(game, options)
    spec = e.spec
    compared = 0
    for seed in range(3):
        for _ in play(e, seed, max_steps=500):
            state = e.match.state
            bits = spec.mask_state(state, e._picks)
            if bits is not None:
                assert bits == spec.mask_bits(state.legal_actions(), e._picks)
                compared += 1
            if e._picks or (game == "five-hundred" and state.phase == "kitty"):
                for index in range(len(spec.actions)):  # the discard's picks resolve alike
                    want = _outcome(spec.resolve, index, state.legal_actions(), e._picks)
                    got = _outcome(spec.resolve_state, index, state, e._picks)
                    assert got == want, (index, e._picks)
    if not options.get("honour_mode"):
        assert compared > 100


@pytest.mark.parametrize(("game", "options"), CASES[3:8], ids=IDS[3:8])
def test_cards_are_card_indexes_outside_auctions(game: str, options: dict[str, Any]) -> None:
    """Bids that share a card's notation (``6S``) are calls only in the auction: a card play's
    mask sets the card's index (0..51, the joker 52), as documented."""
    e = make(game, options)
    spec = e.spec
    plays = 0
    for _ in play(e, 1, max_steps=400):
        legal = e.match.state.legal_actions()
        if not legal or legal[0] == "pass" or legal[0].startswith("discard "):
            continue
        indexes = spec.legal_indexes(legal, ())
        for action, index in zip(legal, indexes, strict=True):
            if action in CARD_INDEX:
                assert index == CARD_INDEX[action]
                plays += 1
    assert plays > 100


@pytest.mark.parametrize(("game", "options"), CASES, ids=IDS)
def test_direct_writes_in_any_order(game: str, options: dict[str, Any]) -> None:
    """The observer keeps what it wrote last per seat (``write_state``): states visited out
    of order, mixed with whole writes from the view into the same arrays, still give the
    view's vector."""
    e = make(game, options)
    spec = e.spec
    states: list[tuple[Any, Any]] = []
    for _ in play(e, 5, max_steps=300):
        if not e._picks:
            states.append((e.match.state, e._score_sheet(e.match)))
    vectors = Vectors(spec, e.game.players)
    rng = np.random.default_rng(6)
    order = [*range(len(states)), *rng.permutation(len(states))[:150]]
    for step, i in enumerate(order):
        state, sheet = states[int(i)]
        for seat in range(e.game.players):
            slots, kept = vectors.direct(seat)
            if step % 5 != 4 and spec.write_state(state, seat, sheet, slots, kept):
                got = vectors.wrote(seat)
            else:  # the environment's path from the view: the whole vector, same arrays
                slots, _ = vectors.direct(seat)
                spec.write_view(state.typed_view(seat), sheet, (), slots)
                got = vectors.wrote(seat, by_state=False)
            want = spec.vector(encode_json(spec, state.view(seat), sheet, ()))
            np.testing.assert_array_equal(got, want)


def _outcome(resolve: Any, index: int, source: Any, picks: tuple[int, ...]) -> str:
    """What ``resolve`` makes of ``index``: the action, ``wait`` for a pick, or ``illegal``."""
    try:
        action = resolve(index, source, picks)
    except IllegalActionError:
        return "illegal"
    return "wait" if action is None else str(action)


@pytest.mark.parametrize("game", ["five-hundred", "court-circular"])
def test_kitty_and_end_looks_are_written_from_the_state(game: str) -> None:
    """Five Hundred's discard picks (``write_picked``) and each game's end, once the deal
    is scored (a new sheet: the score slots rewritten in the kept arrays), are written
    from the state, not left to the view, and give the JSON view's vector."""
    e = make(game, {})
    spec = type(e.spec)(e.spec.rules)  # its own notes of what it wrote (not the env's)
    vectors = Vectors(spec, e.game.players)
    picked = ended = 0
    for seed in range(4):
        for actor in play(e, seed):
            state, sheet = e.match.state, e._score_sheet(e.match)
            seat, picks = int(actor[5:]), e._picks
            slots, kept = vectors.direct(seat)
            if picks:
                assert spec.write_picked(state, seat, sheet, slots, kept, picks)
                picked += 1
            else:
                assert spec.write_state(state, seat, sheet, slots, kept)
            want = spec.vector(encode_json(spec, state.view(seat), sheet, picks))
            np.testing.assert_array_equal(vectors.wrote(seat), want)
        state, sheet = e.match.state, e._score_sheet(e.match)
        assert state.is_over()
        for seat in range(e.game.players):
            slots, kept = vectors.direct(seat)
            assert spec.write_state(state, seat, sheet, slots, kept)
            want = spec.vector(encode_json(spec, state.view(seat), sheet, ()))
            np.testing.assert_array_equal(vectors.wrote(seat), want)
            ended += 1
    assert ended and (picked or game != "five-hundred")


@pytest.mark.parametrize(("game", "options"), CASES[6:10], ids=IDS[6:10])
def test_mask_found_by_a_look_is_that_states_only(game: str, options: dict[str, Any]) -> None:
    """Bridge's and Court Circular's looks find the mask of the seat to act for the mask asked
    next: a mask asked of another state (out of order, or no look before it) is that
    state's, the bits of its ``legal_actions()``."""
    e = make(game, options)
    spec = type(e.spec)(e.spec.rules)  # its own notes of what it wrote (not the env's)
    states: list[tuple[Any, Any]] = []
    for _ in play(e, 7, max_steps=300):
        states.append((e.match.state, e._score_sheet(e.match)))
    vectors = Vectors(spec, e.game.players)
    rng = np.random.default_rng(8)
    compared = 0
    for i, j in zip(rng.permutation(len(states)), rng.permutation(len(states)), strict=True):
        looked, sheet = states[int(i)]
        asked = states[int(j)][0]
        for seat in range(e.game.players):
            slots, kept = vectors.direct(seat)
            if spec.write_state(looked, seat, sheet, slots, kept):
                vectors.wrote(seat)
            for state in (asked, looked):
                bits = spec.mask_state(state, ())
                if bits is not None:
                    assert bits == spec.mask_bits(state.legal_actions(), ())
                    compared += 1
    assert compared > 100
