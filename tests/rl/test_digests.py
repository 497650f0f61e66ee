"""Fixed expectations: digests of every observation and mask of seeded random games.

The arrays of each test case (``helpers.CASES``) at every step of four seeded
random games, every agent, hashed together. The digests were recorded from
the environment before its encoders became one observer per game (commit
e8b82e7: ``encode``, ``write_state`` and the kept arrays written separately),
so they hold the observer to the same bytes, slot for slot. A change that
moves what the engine deals or plays changes them too: record them again
(``digest(case)``) only for a change meant to alter the arrays or the games.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from tests.rl.helpers import CASES, IDS, make, play

DIGESTS = {
    "court-piece-target": (3404, "cc17e9c556a12fe7"),
    "court-piece-variant-session_end": (2160, "5d35b2e5d3e9336f"),
    "court-piece-variant-honour_mode-session_end": (1440, "80de85b26ad7f427"),
    "five-hundred": (988, "7b821f7eca4c0faa"),
    "five-hundred-misere-open_misere_expose": (792, "e5909d5fad4d13b1"),
    "five-hundred-single_round_bidding": (1316, "76c87d5b9c65d86d"),
    "bridge-max_deals": (3948, "6b61d796d0ba26b2"),
    "bridge-scoring-boards": (2968, "2aa9b5022f16544d"),
    "court-circular": (840, "b208f0873d6915da"),
    "court-circular-carroll_resign-target": (980, "ffba7b99751894b3"),
    "five-hundred-misere-misere_defender_trick_points-joker_nominate_restricted-"
    "defenders_cannot_win-first_dealer": (792, "d8ce959a315277d3"),
    "bridge-max_deals-auto_accept_proven_claims-first_dealer": (2968, "14e1a362dd3683e9"),
}


def digest(case: tuple[str, dict[str, Any]]) -> tuple[int, str]:
    """Observations made, and the first 16 hex digits of the SHA-256 of their bytes."""
    game, options = case
    e = make(game, options)
    h = hashlib.sha256()
    made = 0
    for seed in (0, 1, 2, 3):
        for _ in play(e, seed, max_steps=400):
            for agent in e.agents:
                obs = e.observe(agent)
                h.update(obs["observation"].tobytes())
                h.update(obs["action_mask"].tobytes())
                made += 1
    return made, h.hexdigest()[:16]


@pytest.mark.parametrize(("case", "ident"), list(zip(CASES, IDS, strict=True)), ids=IDS)
def test_observations_are_the_recorded_bytes(case: tuple[str, dict[str, Any]], ident: str) -> None:
    assert digest(case) == DIGESTS[ident]
