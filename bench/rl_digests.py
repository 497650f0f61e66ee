"""Digests of every observation and mask of seeded random games, one line per game: run it
on two checkouts and compare the outputs to show a change to an observer left its bytes alone.

For each case (a game, its options, the environment's arguments) and each seed, a
random game through the environment; every step hashes the observation and mask
that ``last()`` gives the agent to act (the loop of ``bench/rl.py``), and on odd
seeds also every other agent's ``observe`` (the looks of a seat not to act, which
take the observer's incremental writes through other paths; in an order drawn
from the seed, so out of turn too). Actions are drawn
from the mask with the seed's ``random.Random``, so equal bytes mean the same
games; where passing is legal (Five Hundred's auction) it is taken seven times in
ten, so auctions end in the lower contracts and games last several deals. Each line
is ``case seed steps digest``; the last one digests them all.

    PYTHONPATH=/path/to/other/src python bench/rl_digests.py --games 300 > other.txt
    python bench/rl_digests.py --games 300 > mine.txt && cmp other.txt mine.txt
"""

from __future__ import annotations

import argparse
import hashlib
import random
from typing import Any

from atout.rl import env

CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("court-circular", {}),
    ("court-circular", {"carroll_resign": True}),
    ("court-circular", {"target": 50, "carroll_resign": True}),
    ("court-circular", {"target": 50, "opponents": {0: "random"}}),
    ("court-circular", {"episode": "deal", "max_deals": 3}),
    ("bridge", {"max_deals": 20}),
    ("bridge", {"scoring": "duplicate", "boards": 8}),
    ("bridge", {"scoring": "duplicate", "boards": 3, "auto_accept_proven_claims": True}),
    ("bridge", {"scoring": "duplicate", "boards": 4, "opponents": {1: "random", 3: "random"}}),
    ("bridge", {"max_deals": 3, "first_dealer": 1, "episode": "deal"}),
    ("five-hundred", {"max_deals": 10}),
    ("five-hundred", {"misere": True, "max_deals": 8}),
    ("five-hundred", {"misere": True, "open_misere_expose": "before_lead", "max_deals": 12}),
    ("five-hundred", {"misere": True, "single_round_bidding": True, "max_deals": 9}),
    ("five-hundred", {"joker_nominate_restricted": False, "misere": True, "max_deals": 11}),
    ("five-hundred", {"misere": True, "misere_defender_trick_points": True, "first_dealer": 2}),
)
PASS_SHARE = 0.7
"""How often a random game passes when it may (Five Hundred: else nearly every auction
ends in a ten bid and few games see a misère or a later deal)."""


def game_digest(e: Any, seed: int, every_agent: bool) -> tuple[int, str]:
    """One random game: steps taken, and the SHA-256 of every array looked at."""
    h = hashlib.sha256()
    rng = random.Random(seed)
    e.reset(seed=seed)
    passing = e.spec.actions.index("pass") if "pass" in e.spec.actions else -1
    steps = 0
    while e.agents:
        obs, reward, terminated, truncated, _ = e.last()
        h.update(obs["observation"].tobytes())
        h.update(obs["action_mask"].tobytes())
        h.update(repr((e.agent_selection, reward, terminated, truncated)).encode())
        if every_agent:
            order = list(e.agents)
            rng.shuffle(order)
            for agent in order:
                other = e.observe(agent)
                h.update(other["observation"].tobytes())
                h.update(other["action_mask"].tobytes())
        if terminated or truncated:
            e.step(None)
            continue
        mask = obs["action_mask"]
        if passing >= 0 and mask[passing] and rng.random() < PASS_SHARE:
            e.step(passing)
        else:
            legal = mask.nonzero()[0]
            e.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    return steps, h.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="seeds per case")
    parser.add_argument("--game", help="only this game id")
    args = parser.parse_args()
    total = hashlib.sha256()
    for number, (game_id, options) in enumerate(CASES):
        if args.game and game_id != args.game:
            continue
        rules = {k: v for k, v in options.items() if k not in ("opponents", "episode")}
        extra = {k: v for k, v in options.items() if k in ("opponents", "episode")}
        e = env(game_id, **extra, **rules)
        steps_all = 0
        for seed in range(args.games):
            steps, digest = game_digest(e, 1000 * number + seed, seed % 2 == 1)
            steps_all += steps
            line = f"{game_id}#{number} {seed} {steps} {digest}"
            total.update(line.encode())
            print(line)
        print(f"# {game_id}#{number} {options}: {args.games} games, {steps_all} steps")
    print(f"total {total.hexdigest()}")


if __name__ == "__main__":
    main()
