"""Behaviour of the environment: seeds, bots, rewards, episodes, the split discard, errors."""

from __future__ import annotations

import random

import numpy as np
import pytest

from atout.core import IllegalActionError
from atout.rl import env
from atout.rl.five_hundred import PICK
from tests.rl.helpers import play


def _trace(game: str, seed: int, **options: object) -> list[tuple[str, bytes, float]]:
    e = env(game, **options)  # type: ignore[arg-type]
    out = []
    for agent in play(e, seed, max_steps=400):
        obs = e.observe(agent)
        out.append((agent, obs["observation"].tobytes(), e._cumulative_rewards[agent]))
    return out


@pytest.mark.parametrize("game", ["court-piece", "five-hundred", "bridge", "court-circular"])
def test_seeded_reset_is_deterministic(game: str) -> None:
    assert _trace(game, 5) == _trace(game, 5)
    assert _trace(game, 5) != _trace(game, 6)


def test_opponents_are_bots_and_not_agents() -> None:
    e = env("court-piece", opponents={1: "greedy", 3: "greedy"}, target=3)
    acting = {agent for agent in play(e, 1)}
    assert acting <= {"seat_0", "seat_2"}
    assert e.match.is_over()
    assert [s for s, _ in e.match.current.actions if s in (1, 3)]  # the bots did play


def test_bad_opponents_are_refused() -> None:
    with pytest.raises(ValueError, match="no seat"):
        env("court-piece", opponents={4: "random"})
    with pytest.raises(ValueError, match="every seat"):
        env("court-circular", opponents={0: "random", 1: "random"})


def test_points_rewards_follow_the_score_and_the_winner_bonus() -> None:
    e = env("court-piece", target=3)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    e.reset(seed=2)
    rng = np.random.default_rng(2)
    while e.agents:
        obs, reward, done, truncated, _ = e.last()
        totals[e.agent_selection] += reward
        e.step(None if done or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    match = e.match
    diff = match.totals[0] - match.totals[1]
    sign = 1 if match.winner == 0 else -1
    assert totals["seat_0"] == totals["seat_2"] == pytest.approx(diff + sign)
    assert totals["seat_1"] == pytest.approx(-totals["seat_0"])


def test_one_deal_episodes_and_win_rewards() -> None:
    e = env("five-hundred", episode="deal", reward="win")
    for _agent in play(e, 4):
        pass
    assert len(e.match.deals) == 1
    assert e.agents == []


def test_five_hundred_discard_is_three_picks() -> None:
    e = env("five-hundred", opponents={1: "greedy", 2: "greedy", 3: "greedy"})
    for seed in range(40):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while e.agents and not e.match.legal_actions()[0].startswith("discard"):
            obs = e.observe("seat_0")
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(rng.choice(legal)))
        if e.agents:
            break
    else:
        pytest.fail("seat 0 never won an auction")
    before = e.match
    picks: list[int] = []
    for _ in range(3):
        obs = e.observe("seat_0")
        allowed = np.flatnonzero(obs["action_mask"])
        assert all(a >= PICK for a in allowed) and len(allowed) == 13 - len(picks)
        pick = int(allowed[0])
        picks.append(pick)
        assert e.agent_selection == "seat_0"
        e.step(pick)
        if len(picks) < 3:
            assert e.match is before  # nothing reaches the engine before the third pick
            block = e.spec.layout.blocks["picks"]
            assert int(
                e.observe("seat_0")["observation"][block.offset : block.offset + 53].sum()
            ) == len(picks)
    actor, action = e.match.deals[-1].actions[len(before.current.actions)]
    assert actor == 0 and action.startswith("discard ")


def test_an_illegal_index_is_refused_by_the_engine() -> None:
    e = env("court-piece")
    e.reset(seed=1)
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        e.step(illegal)
    with pytest.raises(IllegalActionError):
        e.step(999)


@pytest.mark.parametrize("game", ["bridge", "five-hundred"])
def test_a_notation_shared_by_a_card_and_a_bid_is_refused_at_the_wrong_index(game: str) -> None:
    """``6S`` is a card and a bid: during the play its bid index is illegal, in the auction
    its card index; the engine sees only the text, so the environment must refuse."""
    e = env(game)
    e.reset(seed=3)
    rng = random.Random(3)
    tried = 0
    while e.agents and tried < 40:
        agent = e.agent_selection
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        mask = obs["action_mask"]
        spec = e.spec
        for name in sorted(spec.shared):
            here = spec.index_now(name, e._state)
            twins = [i for i, a in enumerate(spec.actions) if a == name and i != here]
            if mask[here] and twins:
                before = (e.match, e.observe(agent)["observation"].copy(), dict(e.rewards))
                with pytest.raises(IllegalActionError):
                    e.step(twins[0])
                after = (e.match, e.observe(agent)["observation"], dict(e.rewards))
                assert after[0] is before[0] and after[2] == before[2]
                assert (after[1] == before[1]).all()
                tried += 1
        legal = np.flatnonzero(mask)
        e.step(int(legal[rng.randrange(len(legal))]))
    assert tried > 0


def test_unending_games_are_truncated() -> None:
    e = env("court-piece", variant="courts", max_deals=2)
    for _ in play(e, 3):
        pass
    assert len(e.match.deals) == 2
