"""Environment steps per second against the raw engine, random legal actions, every game.

For each game the two loops take turns, one whole game each, in the same
process, and each is timed in CPU time of this process (``time.process_time``);
the ratio is what to compare:

* raw: ``Match.legal_actions()`` + ``Match.apply()`` with a random choice,
  dealing with ``deal_next`` when a deal ends;
* env: the usual PettingZoo loop, ``env.last()`` (observation and mask of the
  agent to act) then ``env.step()`` with a random index of the mask, every
  seat an agent. The index is drawn with Python's ``random``, as in the raw
  loop: the policy is not the environment's cost (numpy's ``Generator.integers``
  and ``flatnonzero`` alone cost about half a raw Court Piece action).

Why game by game: this machine's speed drifts by a fifth from one second to the
next (shared virtual cores), and two loops timed in separate rounds of seconds
gave ratios anywhere from 36% to 66% for the same code. Alternating whole games
puts both loops in the same slow and fast moments; the ratio of each second of
the run (printed after it) then stays within a few points.

    python bench/rl.py [--seconds 8] [--game court-piece] [--profile]

``--profile`` runs the environment loop of each game once under cProfile
instead and prints where its time goes (the functions by own time).

The target is env >= 50% of raw.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time
from typing import Any

from atout.core import Game, Match
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


def raw_game(game: Game, options: dict[str, Any], rng: random.Random) -> int:
    """One game of random legal actions straight on the engine's ``Match``; actions taken."""
    choice = rng.choice
    actions = 0
    match = Match.new(game, options, rng)
    while not match.is_over() and len(match.deals) <= 200:
        if match.needs_deal():
            match = match.deal_next(rng)
            continue
        match = match.apply(choice(match.legal_actions()), match.turn)
        actions += 1
    return actions


def env_game(e: Any, seed: int, rng: random.Random) -> int:
    """One game of random legal actions through the environment, observing before every step."""
    randrange = rng.randrange
    steps = 0
    e.reset(seed=seed)
    while e.agents:
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        legal = obs["action_mask"].nonzero()[0]
        e.step(int(legal[randrange(len(legal))]))
        steps += 1
    return steps


class Tally:
    """Actions and CPU seconds of one loop, in total and since the last checkpoint."""

    def __init__(self) -> None:
        self.actions = 0
        self.seconds = 0.0
        self._mark = (0, 0.0)

    def add(self, actions: int, seconds: float) -> None:
        self.actions += actions
        self.seconds += seconds

    def rate(self) -> float:
        return self.actions / self.seconds

    def rate_since_mark(self) -> float:
        actions, seconds = self._mark
        self._mark = (self.actions, self.seconds)
        return (self.actions - actions) / (self.seconds - seconds)


def compare(
    game_id: str, options: dict[str, Any], seconds: float
) -> tuple[Tally, Tally, list[float]]:
    """Alternate one raw game and one environment game until ``seconds`` of CPU are spent."""
    game = get_game(game_id)
    e = env(game_id, **options)
    raw_rng, env_rng = random.Random(1), random.Random(1)
    raw, stepped = Tally(), Tally()
    each_second: list[float] = []
    seed = 0
    next_mark = 1.0
    while raw.seconds + stepped.seconds < seconds:
        started = time.process_time()
        raw.add(raw_game(game, options, raw_rng), time.process_time() - started)
        started = time.process_time()
        stepped.add(env_game(e, seed, env_rng), time.process_time() - started)
        seed += 1
        if raw.seconds + stepped.seconds >= next_mark:
            each_second.append(stepped.rate_since_mark() / raw.rate_since_mark())
            next_mark += 1.0
    return raw, stepped, each_second


def profile(game_id: str, options: dict[str, Any], seconds: float) -> None:
    """The environment loop under cProfile: the 15 functions with the most own time."""
    e = env(game_id, **options)
    rng = random.Random(1)
    profiler = cProfile.Profile()
    profiler.enable()
    started = time.process_time()
    seed = 0
    while time.process_time() - started < seconds:
        env_game(e, seed, rng)
        seed += 1
    profiler.disable()
    print(f"== {game_id} {options or ''}")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=8.0, help="CPU seconds per game, both loops"
    )
    parser.add_argument("--game", help="only this game id")
    parser.add_argument("--profile", action="store_true", help="profile the env loop instead")
    args = parser.parse_args()
    cases = [(g, o) for g, o in CASES if not args.game or g == args.game]
    if args.profile:
        for game_id, options in cases:
            profile(game_id, options, args.seconds)
        return
    print(f"{'game':<40} {'raw actions/s':>14} {'env steps/s':>12} {'ratio':>6}")
    for game_id, options in cases:
        name = game_id + (" " + ",".join(f"{k}={v}" for k, v in options.items()) if options else "")
        if game_id not in SPECS:
            print(f"{name[:40]:<40} no environment yet")
            continue
        raw, stepped, each_second = compare(game_id, options, args.seconds)
        print(
            f"{name[:40]:<40} {raw.rate():>14,.0f} {stepped.rate():>12,.0f}"
            f" {stepped.rate() / raw.rate():>5.0%}  (each second: "
            + " ".join(f"{r:.0%}" for r in each_second)
            + ")"
        )


if __name__ == "__main__":
    main()
