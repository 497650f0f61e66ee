"""Pooling saved tournament reports: the sum of batches, and refusal of batches that differ."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from atout.sim.stats import pool_reports, sign_test, wilson_interval
from atout.sim.tournament import run_games


def _report(seed: int, wins: tuple[int, int], **changes: Any) -> dict[str, Any]:
    games = sum(wins)
    report: dict[str, Any] = {
        "game": "court-piece",
        "players": ["hard", "greedy", "hard", "greedy"],
        "seed": seed,
        "duplicate": True,
        "games": games,
        "wins": list(wins),
        "draws": 0,
        "points": [5 * wins[0] + 2 * wins[1], 5 * wins[1] + 2 * wins[0]],
        "deals": 7 * games,
        "failed_games": 0,
        "seconds": 60.0,
    }
    return report | changes


def test_pool_adds_batches_and_recomputes_the_interval() -> None:
    pooled = pool_reports([_report(100, (85, 15)), _report(150, (88, 12))])
    assert pooled["games"] == 200
    assert pooled["wins"] == [173, 27]
    assert pooled["win_rate"][0] == pytest.approx(173 / 200)
    assert pooled["ci95"][0] == list(wilson_interval(173, 200))
    assert pooled["seeds"] == [[100, 149], [150, 199]]
    assert pooled["deals"] == 1400
    assert pooled["points_per_deal"][0] == round(pooled["points"][0] / 1400, 3)
    assert pooled["seconds"] == 120.0


def test_pool_of_real_runs_equals_one_run_over_their_seeds() -> None:
    players = ["greedy", "random", "greedy", "random"]
    one = run_games("court-piece", {"target": 3}, players, games=4, seed=7, duplicate=True)
    halves = [
        run_games("court-piece", {"target": 3}, players, games=2, seed=s, duplicate=True)
        for s in (7, 9)
    ]
    pooled = pool_reports(halves)
    for key in ("games", "wins", "draws", "points", "deals", "ci95"):
        assert pooled[key] == one[key], key


@pytest.mark.parametrize(
    "other",
    [
        {"game": "five-hundred"},
        {"players": ["medium", "greedy", "medium", "greedy"]},
        {"duplicate": False},
    ],
)
def test_pool_refuses_another_pairing(other: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="differ"):
        pool_reports([_report(100, (85, 15)), _report(150, (80, 20), **other)])


def test_pool_refuses_overlapping_seeds() -> None:
    # A duplicate report of 100 games from seed 100 dealt seeds 100-149; 140 deals some again.
    with pytest.raises(ValueError, match="overlap"):
        pool_reports([_report(100, (85, 15)), _report(140, (80, 20))])
    # Failed games were dealt too: 98 good and 2 failed games still cover seeds 100-149.
    with pytest.raises(ValueError, match="overlap"):
        pool_reports([_report(100, (84, 14), failed_games=2), _report(149, (80, 20))])


def test_pool_refuses_nothing() -> None:
    with pytest.raises(ValueError, match="no report"):
        pool_reports([])


@given(st.integers(0, 60), st.integers(0, 60))
def test_the_sign_test_is_symmetric_and_falls_as_the_split_grows(wins: int, losses: int) -> None:
    p = sign_test(wins, losses)
    assert 0.0 < p <= 1.0
    assert p == sign_test(losses, wins)
    if wins >= losses:
        assert sign_test(wins + 1, losses) <= p


def test_the_sign_test_is_the_binomial_tail() -> None:
    # 9 of 10 discordant deals one way: twice the tail C(10,0) + C(10,1) over 2**10.
    assert sign_test(9, 1) == 2 * 11 / 1024
    assert sign_test(0, 0) == 1.0
