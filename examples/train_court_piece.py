"""Train a small Court Piece agent with REINFORCE in numpy, then measure it against bots.

A linear softmax policy over the environment's observation (logits = W @ obs,
illegal actions masked out) plays seats 0 and 2 (one shared policy) against
two bots at seats 1 and 3. Episodes are single deals rewarded +1 / -1 for
the deal won / lost, which gives a learning signal every ~30 steps; the
score is then measured over whole games (first side to 5 points).

    python examples/train_court_piece.py [--deals 5000] [--games 150] [--seed 1]

CPU only, a few minutes. Needs numpy and pettingzoo (``atout.rl``).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import numpy.typing as npt

from atout.rl import env

Vector = npt.NDArray[np.float64]


class LinearPolicy:
    """Softmax over the legal actions of ``W @ obs + b``."""

    def __init__(self, inputs: int, actions: int, rng: np.random.Generator) -> None:
        self.w = np.zeros((actions, inputs))
        self.b = np.zeros(actions)
        self.rng = rng

    def probabilities(self, obs: Vector, mask: npt.NDArray[np.int8]) -> Vector:
        """The policy's distribution over actions (zero where illegal)."""
        logits = self.w @ obs + self.b
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p: Vector = np.exp(logits)
        p /= p.sum()
        return p

    def act(self, obs: Vector, mask: npt.NDArray[np.int8], *, greedy: bool = False) -> int:
        """Sample an action (or take the most likely one)."""
        p = self.probabilities(obs, mask)
        return int(p.argmax()) if greedy else int(self.rng.choice(len(p), p=p))

    def update(self, steps: list[tuple[Vector, Any, int]], advantage: float, lr: float) -> None:
        """REINFORCE: move each taken action's log-probability along the advantage."""
        for obs, mask, action in steps:
            grad = -self.probabilities(obs, mask)
            grad[action] += 1.0
            self.w += lr * advantage * np.outer(grad, obs)
            self.b += lr * advantage * grad


def train(policy: LinearPolicy, deals: int, opponent: str, seed: int, lr: float) -> None:
    """Play ``deals`` one-deal episodes and update after each."""
    e = env("court-piece", opponents={1: opponent, 3: opponent}, episode="deal", reward="win")
    baseline = 0.0
    for episode in range(deals):
        e.reset(seed=seed * 1_000_003 + episode)
        trajectory: dict[str, list[tuple[Vector, Any, int]]] = {a: [] for a in e.agents}
        returns = dict.fromkeys(e.agents, 0.0)
        while e.agents:
            agent = e.agent_selection
            obs, reward, done, truncated, _ = e.last()
            returns[agent] += reward
            if done or truncated:
                e.step(None)
                continue
            x = obs["observation"].astype(np.float64)
            action = policy.act(x, obs["action_mask"])
            trajectory[agent].append((x, obs["action_mask"], action))
            e.step(action)
        for agent, steps in trajectory.items():
            policy.update(steps, returns[agent] - baseline, lr)
        baseline += 0.01 * (returns["seat_0"] - baseline)
        if (episode + 1) % 1000 == 0:
            print(f"  {episode + 1} deals, running win signal {baseline:+.2f}")


def win_rate(policy: LinearPolicy | None, opponent: str, games: int, seed: int) -> float:
    """Share of whole games won by seats 0 and 2 (``policy`` None: uniformly random play)."""
    e = env("court-piece", opponents={1: opponent, 3: opponent})
    rng = np.random.default_rng(seed)
    wins = 0
    for game in range(games):
        e.reset(seed=10_000_000 + seed * 100_000 + game)
        while e.agents:
            obs, _, done, truncated, _ = e.last()
            if done or truncated:
                e.step(None)
                continue
            mask = obs["action_mask"]
            if policy is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action = policy.act(obs["observation"].astype(np.float64), mask, greedy=True)
            e.step(action)
        wins += e.match.winner == 0
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000, help="training deals")
    parser.add_argument("--games", type=int, default=150, help="evaluation games per opponent")
    parser.add_argument("--opponent", default="random", help="bot to train against")
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    probe = env("court-piece")
    size = probe.spec.layout.size
    policy = LinearPolicy(size, len(probe.spec.actions), np.random.default_rng(args.seed))
    started = time.perf_counter()
    print(f"training {args.deals} deals against {args.opponent} ...")
    train(policy, args.deals, args.opponent, args.seed, args.lr)
    print(f"trained in {time.perf_counter() - started:.0f} s")
    for opponent in ("random", "greedy"):
        before = win_rate(None, opponent, args.games, args.seed)
        after = win_rate(policy, opponent, args.games, args.seed)
        print(
            f"vs {opponent:<6}: trained agent wins {after:.0%} of {args.games} games "
            f"(random play: {before:.0%})"
        )


if __name__ == "__main__":
    main()
