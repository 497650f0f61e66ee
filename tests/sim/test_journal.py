"""Results streamed to a JSONL file as matches finish, and runs resumed from it."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from atout.sim.journal import JournalError
from atout.sim.tournament import run_elo, run_games

LINEUP = ["greedy", "random", "medium", "random"]


class Interrupt(KeyboardInterrupt):
    """Ctrl-C, pressed from the progress callback once ``after`` matches are done."""


def _interrupting(after: int) -> Any:
    def progress(done: int, total: int) -> None:
        if done >= after:
            raise Interrupt

    return progress


def _keys(path: Path) -> Counter[str]:
    lines = path.read_text().splitlines()
    return Counter(json.loads(line)["key"] for line in lines[1:])


def _without_seconds(report: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in report.items() if k != "seconds"}


def test_results_stream_and_an_interrupted_run_resumes_without_double_counting(
    tmp_path: Path,
) -> None:
    whole = run_games("court-piece", {"target": 3}, LINEUP, games=6, seed=4, duplicate=True)
    path = tmp_path / "run.jsonl"
    with pytest.raises(Interrupt):
        run_games(
            "court-piece",
            {"target": 3},
            LINEUP,
            games=6,
            seed=4,
            duplicate=True,
            results=path,
            progress=_interrupting(5),
        )
    assert sum(_keys(path).values()) == 5  # on disk as they finished
    played: list[int] = []
    resumed = run_games(
        "court-piece",
        {"target": 3},
        LINEUP,
        games=6,
        seed=4,
        duplicate=True,
        results=path,
        resume=True,
        progress=lambda done, total: played.append(done),
    )
    assert played[0] == 5 and played[-1] == 12  # started from the five already done
    keys = _keys(path)
    assert len(keys) == 12 and set(keys.values()) == {1}
    assert _without_seconds(resumed) == _without_seconds(whole)


def test_a_run_stopped_before_its_first_match_may_start_afresh(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with pytest.raises(Interrupt):
        run_games(
            "court-circular",
            {},
            ["greedy", "random"],
            games=2,
            seed=1,
            results=path,
            progress=_interrupting(0),
        )
    assert len(path.read_text().splitlines()) == 1  # the header alone
    report = run_games("court-circular", {}, ["greedy", "random"], games=2, seed=1, results=path)
    assert report["games"] == 2 and len(_keys(path)) == 2


def test_a_line_cut_short_by_a_crash_is_played_again(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    whole = run_games("court-circular", {}, ["greedy", "random"], games=4, seed=1, results=path)
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:-1]) + lines[-1][:20])  # the last write cut mid-line
    resumed = run_games(
        "court-circular", {}, ["greedy", "random"], games=4, seed=1, results=path, resume=True
    )
    assert _without_seconds(resumed) == _without_seconds(whole)
    assert set(_keys(path).values()) == {1} and len(_keys(path)) == 4


def test_a_last_line_whole_but_for_its_newline_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    whole = run_games("court-circular", {}, ["greedy", "random"], games=3, seed=1, results=path)
    path.write_text(path.read_text().rstrip("\n"))  # the crash came before the newline
    resumed = run_games(
        "court-circular", {}, ["greedy", "random"], games=4, seed=1, results=path, resume=True
    )
    assert resumed["games"] == 4 and _keys(path)["greedy,random|3|"] == 1
    assert set(_keys(path).values()) == {1} and len(_keys(path)) == 4
    assert whole["games"] == 3


def test_resume_refuses_another_runs_file_and_a_file_is_never_overwritten(
    tmp_path: Path,
) -> None:
    path = tmp_path / "run.jsonl"
    run_games("court-circular", {}, ["greedy", "random"], games=2, seed=1, results=path)
    before = path.read_text()
    with pytest.raises(JournalError, match="another run"):
        run_games(
            "court-circular",
            {"target": 50},
            ["greedy", "random"],
            games=2,
            seed=1,
            results=path,
            resume=True,
        )
    with pytest.raises(JournalError, match="--resume"):
        run_games("court-circular", {}, ["greedy", "random"], games=2, seed=1, results=path)
    assert path.read_text() == before
    (tmp_path / "other.txt").write_text("hello\n")
    with pytest.raises(JournalError, match="header"):
        run_games(
            "court-circular",
            {},
            ["greedy", "random"],
            games=2,
            seed=1,
            results=tmp_path / "other.txt",
            resume=True,
        )


def test_an_elo_round_robin_resumes_each_pairing(tmp_path: Path) -> None:
    bots = ["greedy", "random", "medium"]
    whole = run_elo("court-circular", {}, bots, games=2, seed=3)
    path = tmp_path / "elo.jsonl"
    with pytest.raises(Interrupt):
        run_elo(
            "court-circular", {}, bots, games=2, seed=3, results=path, progress=_interrupting(4)
        )
    resumed = run_elo("court-circular", {}, bots, games=2, seed=3, results=path, resume=True)
    assert resumed["elo"] == whole["elo"] and resumed["pairs"] == whole["pairs"]
    keys = _keys(path)
    assert len(keys) == 3 * 2 * 2 and set(keys.values()) == {1}
