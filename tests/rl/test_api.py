"""PettingZoo's own conformance test for every game and variant, with and without bots."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from pettingzoo.test import api_test  # type: ignore[import-untyped]

from atout.rl import env
from tests.rl.helpers import CASES, IDS, make


@pytest.mark.parametrize(("game", "options"), CASES, ids=IDS)
def test_api(game: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # dict observations: PettingZoo's advice, not failures
        api_test(make(game, options), num_cycles=300)


@pytest.mark.parametrize(
    ("game", "opponents"),
    [
        ("court-piece", {1: "greedy", 3: "greedy"}),
        ("five-hundred", {1: "greedy", 3: "random"}),
        ("bridge", {1: "greedy", 3: "greedy"}),
        ("court-circular", {1: "greedy"}),
    ],
)
def test_api_with_bots(game: str, opponents: dict[int, str]) -> None:
    e = env(game, opponents=opponents, max_deals=3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(e, num_cycles=300)
    seats = {int(agent[5:]) for agent in e.possible_agents}
    assert seats == set(range(e.game.players)) - set(opponents)
