"""``atout sim`` and ``atout play``: the command-line contracts."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from atout.cli import app
from atout.notation.record import load_record
from atout.tui.play import play_terminal


def test_sim_json_has_the_contract_fields(tmp_path: Path) -> None:
    args = [
        "sim",
        "court-piece",
        "--games",
        "6",
        "--seed",
        "3",
        "--json",
        "--records",
        str(tmp_path),
    ]
    result = CliRunner().invoke(app, [*args, "--players", "greedy,random,greedy,random"])
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    for key in (
        "game",
        "games",
        "players",
        "wins",
        "draws",
        "win_rate",
        "ci95",
        "points",
        "deals",
        "seconds",
    ):
        assert key in summary
    assert summary["games"] == 6 and sum(summary["wins"]) + summary["draws"] == 6
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 6 and all(load_record(r).is_over() for r in records)


def test_sim_is_deterministic_given_a_seed() -> None:
    args = [
        "sim",
        "court-piece",
        "-n",
        "4",
        "--seed",
        "9",
        "--json",
        "--players",
        "greedy,random,random,greedy",
    ]
    first = json.loads(CliRunner().invoke(app, args).stdout)
    second = json.loads(CliRunner().invoke(app, args).stdout)
    first.pop("seconds"), second.pop("seconds")
    assert first == second


def test_sim_refuses_bad_options_and_players() -> None:
    result = CliRunner().invoke(app, ["sim", "court-piece", "--target", "40"])
    assert result.exit_code == 2 and "target" in result.stderr
    result = CliRunner().invoke(app, ["sim", "court-piece", "--players", "greedy,random"])
    assert result.exit_code == 2 and "4 players" in result.stderr


def test_sim_user_bot_module_callable() -> None:
    players = "tests.cli.user_bots:first_legal,random,random,random"
    result = CliRunner().invoke(
        app, ["sim", "court-piece", "-n", "2", "--json", "--players", players]
    )
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["players"][0] == "tests.cli.user_bots:first_legal"


def test_a_failing_user_bot_is_reported_with_seat_and_view() -> None:
    """A user's bot that raises costs its games, not the tournament: each failure is reported."""
    players = "random,tests.cli.user_bots:broken,random,random"
    result = CliRunner().invoke(
        app, ["sim", "court-piece", "-n", "2", "--json", "--players", players]
    )
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["games"] == 0 and len(summary["failures"]) == 2
    failure = summary["failures"][0]
    assert failure["seat"] == 1 and "my bot has a bug" in failure["reason"]
    assert failure["view"]["seat"] == 1 and len(failure["view"]["hand"]) == 13


def test_terminal_play_answers_bad_input_and_plays_on() -> None:
    typed = iter(["", "zz", "1h", "?", "trump x", *["q"]])
    shown: list[str] = []

    class Console:
        def print(self, *objects: object) -> None:
            shown.append(" ".join(str(o) for o in objects))

    match = play_terminal("court-piece", {}, seed=4, ask=lambda _: next(typed), console=Console())  # type: ignore[arg-type]
    assert not match.is_over() and match.turn == 0
    text = "\n".join(shown)
    assert "not a card" in text or "empty action" in text
    assert "trump S" in text  # the help lists the legal actions


def test_terminal_play_accepts_shortcuts() -> None:
    typed = iter(["h", "q"])
    match = play_terminal("court-piece", {}, seed=2, ask=lambda _: next(typed), console=_Quiet())  # type: ignore[arg-type]
    assert match.state.trump is not None  # type: ignore[attr-defined]
    assert match.current.actions[0] == (0, "trump H")


class _Quiet:
    def print(self, *objects: object) -> None:
        pass


def test_terminal_play_calls_time_on_a_timed_session() -> None:
    options = {"variant": "courts", "session_end": {"minutes": 30}}
    ticks = iter([0.0, 31 * 60.0])  # the start, then a check after the limit
    clock = lambda: next(ticks, 31 * 60.0)  # noqa: E731
    match = play_terminal(
        "court-piece", options, seed=1, ask=lambda _: "q", console=_Quiet(), clock=clock
    )  # type: ignore[arg-type]
    assert match.extra == {"time_up_in_deal": 0}
