"""Views are unchanged: every view of seeded random games matches the golden digests."""

from __future__ import annotations

import json

import pytest

from atout.games import get_game
from tests.games.view_golden import CASES, GOLDEN, digest, seeds, states

GOLDEN_DATA: dict[str, list[list[str]]] = json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("case", sorted(CASES))
def test_views_match_the_golden_digests(case: str) -> None:
    game_id, options = CASES[case]
    players = get_game(game_id).players
    expected = GOLDEN_DATA[case]
    assert len(expected) == len(seeds(case))
    for seed, wanted in zip(seeds(case), expected, strict=True):
        got = [digest(s, players) for s in states(game_id, options, seed)]
        assert len(got) == len(wanted), f"{case} seed {seed}: the game took another course"
        for step, (a, b) in enumerate(zip(got, wanted, strict=True)):
            assert a == b, f"{case} seed {seed}: the views of state {step} changed"
