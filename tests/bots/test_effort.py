"""Hard at an effort (samples per decision, no clock): the same decisions on any machine."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from atout.bots.registry import make_bot
from atout.cli import app
from atout.core import Match
from atout.games import get_game

GAMES = ("court-piece", "five-hundred", "bridge", "court-circular")
OPTIONS: dict[str, dict[str, Any]] = {"bridge": {"scoring": "duplicate", "boards": 1}}


def _decisions(game: str, count: int, seed: int = 8) -> list[Mapping[str, Any]]:
    """Views of greedy games where more than one action is legal, every fifth one."""
    spec = get_game(game)
    rng = random.Random(seed)
    movers = [make_bot("greedy", game, seed + i) for i in range(spec.players)]
    views: list[Mapping[str, Any]] = []
    seen = 0
    while len(views) < count:
        match = Match.new(spec, OPTIONS.get(game, {}), rng)
        while not match.is_over() and len(views) < count:
            if match.needs_deal():
                match = match.deal_next(rng)
                continue
            actor = match.actor
            assert actor is not None
            view = match.view(actor)
            if len(view["legal"]) > 1:
                seen += 1
                if seen % 5 == 0:
                    views.append(view)
            match = match.apply(movers[actor].choose(view), match.turn)
    return views


@pytest.mark.parametrize("game", GAMES)
def test_hard_at_an_effort_decides_the_same_on_a_machine_a_hundred_times_slower(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    views = _decisions(game, 6)
    calm = [make_bot("hard", game, seed=i, effort=2).choose(v) for i, v in enumerate(views)]
    clock = itertools.count(start=1000.0, step=5.0)  # each reading 5 s after the last one
    monkeypatch.setattr(time, "perf_counter", lambda: next(clock))
    loaded = [make_bot("hard", game, seed=i, effort=2).choose(v) for i, v in enumerate(views)]
    assert loaded == calm


def test_an_effort_is_work_not_a_budget() -> None:
    bot = make_bot("hard", "bridge", seed=1, effort=5)
    assert bot.samples == 5 and bot.budget_seconds == float("inf")  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="at least 1"):
        make_bot("hard", "bridge", effort=0)
    with pytest.raises(ValueError, match="not both"):
        make_bot("hard", "bridge", effort=4, budget_seconds=0.4)


def test_the_command_refuses_effort_with_budget_and_explains_a_missing_ray(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    args = ["sim", "court-circular", "-n", "1", "--players", "hard,greedy"]
    result = CliRunner().invoke(app, [*args, "--effort", "4", "--budget", "0.1"])
    assert result.exit_code == 2 and "not both" in result.stderr
    monkeypatch.setitem(__import__("sys").modules, "ray", None)  # Ray not installed
    results = tmp_path / "run.jsonl"
    result = CliRunner().invoke(app, [*args, "--cluster", "local", "--results", str(results)])
    assert result.exit_code == 2 and "pip install 'atout[cluster]'" in result.stderr
    assert not results.exists()  # refused before anything was written
