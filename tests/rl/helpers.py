"""Shared helpers for the environment tests: the cases, random play, decoding."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from atout.rl import AtoutEnv, env

CASES: list[tuple[str, dict[str, Any]]] = [
    ("court-piece", {"target": 3}),
    ("court-piece", {"variant": "courts", "session_end": {"deals": 3}}),
    ("court-piece", {"variant": "courts", "honour_mode": True, "session_end": {"deals": 2}}),
    ("five-hundred", {}),
    ("five-hundred", {"misere": True, "open_misere_expose": "before_lead"}),
    ("five-hundred", {"single_round_bidding": True}),
    ("bridge", {"max_deals": 4}),
    ("bridge", {"scoring": "duplicate", "boards": 3}),
    ("court-circular", {}),
    ("court-circular", {"carroll_resign": True, "target": 50}),
    (
        "five-hundred",
        {
            "misere": True,
            "misere_defender_trick_points": True,
            "joker_nominate_restricted": False,
            "defenders_cannot_win": True,
            "first_dealer": 2,
        },
    ),
    ("bridge", {"max_deals": 3, "auto_accept_proven_claims": True, "first_dealer": 1}),
]
"""Every game and every rule option at least once (the last two: the options no other case
sets)."""
IDS = [g + ("-" + "-".join(f"{k}" for k in o) if o else "") for g, o in CASES]


def play(e: AtoutEnv, seed: int, max_steps: int = 3000) -> Iterator[str]:
    """Random legal play; yields each agent before it acts (so tests can look at the env)."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while e.agents and steps < max_steps:
        agent = e.agent_selection
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        yield agent
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
        steps += 1


def cards_in(e: AtoutEnv, obs: np.ndarray[Any, Any], block: str) -> list[set[int]]:
    """The cards a card block shows, one set per relative seat."""
    spec_block = e.spec.layout.blocks[block]
    return [
        {int(c) for c in np.flatnonzero(spec_block.part(obs, s))} for s in range(spec_block.seats)
    ]


def make(game: str, options: dict[str, Any]) -> AtoutEnv:
    """The env of a test case."""
    return env(game, **options)
