"""``atout replay``: the public examples give exactly the published output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from atout.cli import app
from atout.games import GAMES
from tests.conftest import EXAMPLES

RECORDS = sorted(EXAMPLES.glob("*.record.json")) if EXAMPLES.is_dir() else []


def trick_fields(deal: dict) -> list[dict]:  # type: ignore[type-arg]
    return [{k: t[k] for k in ("leader", "cards", "winner")} for t in deal["tricks"]]


@pytest.mark.parametrize("record", RECORDS, ids=[r.name for r in RECORDS])
def test_replay_json_matches_the_published_output(record: Path) -> None:
    data = json.loads(record.read_text())
    if data["game"] not in GAMES:
        pytest.skip(f"{data['game']} is not built yet")
    result = CliRunner().invoke(app, ["replay", str(record), "--json"])
    expected_file = record.with_name(record.name.replace(".record.json", ".replay.json"))
    if not expected_file.exists():
        assert result.exit_code == 2 and result.stdout == ""
        assert len(result.stderr.strip().splitlines()) == 1
        assert "deal 0" in result.stderr and "action 2" in result.stderr
        return
    assert result.exit_code == 0, result.stderr
    got = json.loads(result.stdout)
    expected = json.loads(expected_file.read_text())
    assert [trick_fields(d) for d in got["deals"]] == [d["tricks"] for d in expected["deals"]]
    assert [d["points"] for d in got["deals"]] == [d["points"] for d in expected["deals"]]
    for key in ("game", "totals", "winner", "complete"):
        assert got[key] == expected[key], key


def test_replay_of_a_missing_file_exits_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["replay", str(tmp_path / "none.json"), "--json"])
    assert result.exit_code == 2 and result.stdout == ""


def test_replay_of_bad_json_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = CliRunner().invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2 and "not JSON" in result.stderr


def test_replay_for_people_prints_the_tricks() -> None:
    record = EXAMPLES / "court-piece-simple.record.json"
    if not record.exists():
        pytest.skip("no examples")
    result = CliRunner().invoke(app, ["replay", str(record)])
    assert result.exit_code == 0 and "totals: seats 0 & 2: 0, seats 1 & 3: 3" in result.stdout
