"""Digests of every Five Hundred observation and mask through the environment, per game.

Run it under two source trees and compare the outputs (byte-identical observations and
masks, step by step, between main's code and a branch's)::

    PYTHONPATH=/path/to/main/src python bench/rl_digests.py 300 > main.txt
    PYTHONPATH=src python bench/rl_digests.py 300 > branch.txt
    cmp main.txt branch.txt

One line per game: its options, steps and the sha256 of every look's bytes. Games cycle
through option sets with misère, open misère exposed before the lead, single-round
bidding and unrestricted joker nominations; the policy passes often in the auction (lower
contracts, games of several deals). A quarter of the steps every agent looks, in a random
order (the looks of seats not to act, and out of turn), besides the agent to act's
``last()``. The last line counts the looks with an open-misère contract, an exposed hand,
a named suit and discard picks.
"""

from __future__ import annotations

import hashlib
import random
import sys
from typing import Any

from atout.rl import env

OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"misere": True},
    {"misere": True, "open_misere_expose": "before_lead"},
    {"misere": True, "single_round_bidding": True},
    {"joker_nominate_restricted": False, "misere": True},
    {"misere": True, "misere_defender_trick_points": True, "first_dealer": 2},
)
PASS = 57
"""The ``pass`` action's index."""


def run(games: int) -> None:
    """Print one digest line per game, then the totals."""
    steps_in_all = looks = 0
    seen = [0, 0, 0, 0]  # open-misère contract, exposed hand, named suit, picks
    for g in range(games):
        options = OPTIONS[g % len(OPTIONS)]
        e = env("five-hundred", **options, max_deals=8 + g % 5)
        rng = random.Random(g * 7919 + 1)
        e.reset(seed=g)
        digest = hashlib.sha256()
        steps = 0
        while e.agents:
            if rng.random() < 0.25:  # everyone looks, in a random order
                order = list(e.agents)
                rng.shuffle(order)
                for agent in order:
                    look = e.observe(agent)
                    digest.update(agent.encode())
                    digest.update(look["observation"].tobytes())
                    digest.update(look["action_mask"].tobytes())
                    looks += 1
            obs, reward, terminated, truncated, _ = e.last()
            digest.update(obs["observation"].tobytes())
            digest.update(obs["action_mask"].tobytes())
            digest.update(repr((reward, terminated, truncated)).encode())
            looks += 1
            if terminated or truncated:
                e.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            if PASS in legal and rng.random() < 0.7:
                choice = PASS
            else:
                choice = int(legal[rng.randrange(len(legal))])
            vector = obs["observation"]
            seen[0] += int(vector[805 + 26] == 1)
            seen[1] += int(vector[636:689].any())
            seen[2] += int(vector[689:693].any())
            seen[3] += int(vector[583:636].any())
            e.step(choice)
            steps += 1
        steps_in_all += steps
        print(g, options, steps, digest.hexdigest())
    print("TOTAL steps", steps_in_all, "looks", looks, "open-misere/exposed/named/picks", seen)


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
