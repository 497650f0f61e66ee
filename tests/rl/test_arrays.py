"""The kept arrays (observation vectors and masks updated from what changed) against a
reference encoding of the JSON view and the legal list, and the match record
the environment writes lazily against the one ``Match.apply`` gives."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.core import Match
from atout.rl import AtoutEnv, env
from atout.rl.arrays import Masks, Vectors
from tests.rl.helpers import CASES, IDS, make, play
from tests.rl.json_encoders import encode_json


def expected(e: AtoutEnv, agent: str) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The observation of ``agent`` by a reference: the second encoding, from the JSON view
    (not the game's observer), and the legal list."""
    seat = int(agent[5:])
    state: Any = e.match.state
    picks = e._picks if agent == e.agent_selection else ()
    sheet = e._score_sheet(e.match)
    view = state.view(seat)
    done = e.terminations[agent] or e.truncations[agent]
    legal = state.legal_actions() if view["legal"] and not done else ()
    return e.spec.vector(encode_json(e.spec, view, sheet, picks)), e.spec.mask(legal, picks)


@settings(max_examples=12, deadline=None)
@given(case=st.sampled_from(CASES), seed=st.integers(0, 10_000))
def test_observations_equal_the_definitions(case: tuple[str, dict[str, Any]], seed: int) -> None:
    """Every agent at every step: kept arrays are reused across games, so one env plays two."""
    game, options = case
    e = make(game, options)
    for episode in (seed, seed + 1):
        for _ in play(e, episode, max_steps=250):
            for agent in e.agents:
                obs = e.observe(agent)
                vector, mask = expected(e, agent)
                np.testing.assert_array_equal(obs["observation"], vector)
                np.testing.assert_array_equal(obs["action_mask"], mask)
                assert obs["observation"].dtype == np.float32
                assert obs["action_mask"].dtype == np.int8


@pytest.mark.parametrize(("game", "options"), CASES[::3], ids=IDS[::3])
def test_callers_get_their_own_arrays(game: str, options: dict[str, Any]) -> None:
    """Changing what observe returned changes nothing the environment keeps."""
    e = make(game, options)
    for step, _ in enumerate(play(e, 3, max_steps=120)):
        agent = e.agent_selection
        first = e.observe(agent)
        kept = first["observation"].copy(), first["action_mask"].copy()
        first["observation"][:] = 0.5
        first["action_mask"][:] = 1
        again = e.observe(agent)
        np.testing.assert_array_equal(again["observation"], kept[0])
        np.testing.assert_array_equal(again["action_mask"], kept[1])
        if step % 7 == 0:  # arrays kept across steps are not shared either
            assert not np.shares_memory(again["observation"], first["observation"])


def test_kept_arrays_follow_any_bits() -> None:
    """Vectors and masks equal the definitions for arbitrary bit patterns, in any order."""
    e = make("bridge", {})
    spec = e.spec
    vectors, masks = Vectors(spec, 2), Masks(spec, 2)
    rng = np.random.default_rng(5)
    width, scalars = spec.layout.bits, spec.layout.size - spec.layout.bits
    legal_sets = [tuple(a for a in spec.actions if rng.random() < p) for p in (0.0, 0.1, 0.5, 1.0)]
    last = [0, 0]
    for _ in range(300):
        seat = int(rng.integers(2))
        if rng.random() < 0.5:  # a few slots changed (written one by one), or many (unpacked)
            bits = last[seat]
            for slot in rng.integers(0, width, int(rng.integers(0, 30))):
                bits ^= 1 << int(slot)
        else:
            bits = int.from_bytes(rng.bytes((width + 7) // 8), "little") & ((1 << width) - 1)
            bits &= int.from_bytes(rng.bytes((width + 7) // 8), "little")
        last[seat] = bits
        values = [float(v) for v in rng.uniform(-1, 1, scalars).astype(np.float32)]
        np.testing.assert_array_equal(
            vectors.vector(seat, (bits, values)), spec.vector((bits, values))
        )
        legal = legal_sets[int(rng.integers(len(legal_sets)))]
        got = masks.of_bits(seat, spec.mask_bits(legal, ()) if legal else 0)
        np.testing.assert_array_equal(got, spec.mask(legal, ()))


BOTS = [("court-piece", {"opponents": {1: "greedy"}}), ("bridge", {"opponents": {0: "random"}})]


@pytest.mark.parametrize(("game", "options"), CASES + BOTS, ids=IDS + ["cp-bot", "bridge-bot"])
def test_record_is_what_match_apply_gives(game: str, options: dict[str, Any]) -> None:
    """Each deal of the environment's record, replayed action by action with ``Match.apply``."""
    e = env(game, **options)
    for _ in play(e, 11, max_steps=700):
        pass
    record = e.match
    replay = Match(record.game, record.rules, players=record.players, extra=record.extra)
    for deal in record.deals:
        replay = replay.start_deal(deal.layout)
        for seat, action in deal.actions:
            assert replay.turn == seat
            replay = replay.apply(action)
        ours = replay.deals[-1]
        assert ours.actions == deal.actions
        assert ours.settlement == deal.settlement
        assert repr(ours.state) == repr(deal.state)
    assert len(replay.deals) == len(record.deals) > 0


@pytest.mark.parametrize(("game", "options"), CASES, ids=IDS)
def test_last_observations_equal_the_definitions(game: str, options: dict[str, Any]) -> None:
    """The observations at the end of an episode (a deal here), which ``play`` skips."""
    e = env(game, episode="deal", **options)
    ended = 0
    for seed in range(6):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while not e.terminations[e.agent_selection] and not e.truncations[e.agent_selection]:
            obs = e.observe(e.agent_selection)
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        for agent in e.agents:
            obs = e.observe(agent)
            vector, mask = expected(e, agent)
            np.testing.assert_array_equal(obs["observation"], vector)
            np.testing.assert_array_equal(obs["action_mask"], mask)
            ended += 1
    assert ended >= 6
