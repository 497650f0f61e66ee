"""Environment steps per second against the raw engine, random legal actions, every game.

For each game both loops run whole games in the same process, interleaved
over several rounds and timed in CPU time of this process (``time.process_time``,
so other work on a shared machine counts less); the ratio is what to compare:

* raw: ``Match.legal_actions()`` + ``Match.apply()`` with a random choice,
  dealing with ``deal_next`` when a deal ends;
* env: the usual PettingZoo loop, ``env.last()`` (observation and mask of the
  agent to act) then ``env.step()`` with a random index of the mask, every
  seat an agent. The index is drawn with Python's ``random``, as in the raw
  loop: the policy is not the environment's cost (numpy's ``Generator.integers``
  and ``flatnonzero`` alone cost about half a raw Court Piece action).

    python bench/rl.py [--seconds 2] [--rounds 3] [--game court-piece] [--profile]

``--profile`` runs the environment loop of each game once under cProfile
instead and prints where its time goes (the functions by own time).

The target is env >= 50% of raw.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time
from typing import Any

from atout.core import Match
from atout.games import get_game
from atout.rl import SPECS, env

CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("court-piece", {}),
    ("court-piece", {"variant": "courts", "session_end": {"deals": 10}}),
    ("five-hundred", {}),
    ("bridge", {}),
    ("bridge", {"scoring": "duplicate", "boards": 8}),
    ("court-circular", {}),
)


def raw_actions_per_second(game_id: str, options: dict[str, Any], seconds: float) -> float:
    """Random legal actions straight on the engine's ``Match``."""
    game = get_game(game_id)
    rng = random.Random(1)
    choice = rng.choice
    actions = 0
    started = time.process_time()
    deadline = started + seconds
    while time.process_time() < deadline:
        match = Match.new(game, options, rng)
        while not match.is_over() and len(match.deals) <= 200:
            if match.needs_deal():
                match = match.deal_next(rng)
                continue
            match = match.apply(choice(match.legal_actions()), match.turn)
            actions += 1
    return actions / (time.process_time() - started)


def env_steps_per_second(game_id: str, options: dict[str, Any], seconds: float) -> float:
    """Random legal actions through the environment, observing before every step."""
    e = env(game_id, **options)
    rng = random.Random(1)
    randrange = rng.randrange
    steps = 0
    seed = 0
    started = time.process_time()
    deadline = started + seconds
    while time.process_time() < deadline:
        e.reset(seed=seed)
        seed += 1
        while e.agents:
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            e.step(int(legal[randrange(len(legal))]))
            steps += 1
    return steps / (time.process_time() - started)


def profile(game_id: str, options: dict[str, Any], seconds: float) -> None:
    """The environment loop under cProfile: the 15 functions with the most own time."""
    profiler = cProfile.Profile()
    profiler.runcall(env_steps_per_second, game_id, options, seconds)
    print(f"== {game_id} {options or ''}")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", help="only this game id")
    parser.add_argument("--profile", action="store_true", help="profile the env loop instead")
    args = parser.parse_args()
    if args.profile:
        for game_id, options in CASES:
            if not args.game or game_id == args.game:
                profile(game_id, options, args.seconds)
        return
    print(f"{'game':<40} {'raw actions/s':>14} {'env steps/s':>12} {'ratio':>6}")
    for game_id, options in CASES:
        if args.game and game_id != args.game:
            continue
        if game_id not in SPECS:
            print(f"{game_id:<40} no environment yet")
            continue
        raw, stepped = [], []
        for _ in range(args.rounds):
            raw.append(raw_actions_per_second(game_id, options, args.seconds))
            stepped.append(env_steps_per_second(game_id, options, args.seconds))
        ratios = [s / r for s, r in zip(stepped, raw, strict=True)]
        name = game_id + (" " + ",".join(f"{k}={v}" for k, v in options.items()) if options else "")
        print(
            f"{name[:40]:<40} {statistics.median(raw):>14,.0f} {statistics.median(stepped):>12,.0f}"
            f" {statistics.median(ratios):>5.0%}  (rounds: "
            + " ".join(f"{r:.0%}" for r in ratios)
            + ")"
        )


if __name__ == "__main__":
    main()
