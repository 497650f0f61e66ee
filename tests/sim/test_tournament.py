"""Tournaments: duplicate play, IMPs, Elo, and user bots that fail without stopping the event."""

from __future__ import annotations

from typing import Any

from atout.sim.stats import elo_ratings, imps
from atout.sim.tournament import run_games, swap_seats


class Broken:
    """A user's bot that fails on its first decision."""

    def choose(self, view: Any) -> str:
        raise RuntimeError("oops")


def broken(game: str, seed: int | None) -> Broken:
    return Broken()


def test_swap_seats() -> None:
    assert swap_seats(["a", "b", "c", "d"]) == ["b", "a", "d", "c"]
    assert swap_seats(["a", "b"]) == ["b", "a"]


def test_duplicate_same_bots_is_even() -> None:
    summary = run_games(
        "bridge", {"scoring": "duplicate"}, ["greedy"] * 4, games=4, seed=1, duplicate=True
    )
    assert summary["games"] == 8
    assert summary["imps_per_board"] == 0  # the same bots on the same cards both ways


def test_duplicate_keeps_listed_sides() -> None:
    summary = run_games(
        "court-piece",
        {"target": 3},
        ["greedy", "random", "greedy", "random"],
        games=6,
        seed=3,
        duplicate=True,
    )
    assert summary["games"] == 12
    assert summary["win_rate"][0] > 0.6  # greedy is side 0 also when it sat at seats 1 and 3


def test_user_bot_failure_is_reported_not_fatal() -> None:
    summary = run_games(
        "court-circular", {}, ["tests.sim.test_tournament:broken", "greedy"], games=2, seed=0
    )
    assert summary["failed_games"] == 2 and summary["games"] == 0
    failure = summary["failures"][0]
    assert failure["seat"] == 0 and "oops" in failure["reason"] and "legal" in failure["view"]


def test_imps_and_elo() -> None:
    assert imps(620) == 12 and imps(-1430) == -16
    ratings = elo_ratings(["a", "b"], [("a", "b", 75.0, 100.0)])
    assert 180 < ratings["a"] - ratings["b"] < 200  # 75% is about +191 Elo
