"""``atout play`` starts and plays under every game, variant and documented option value.

Options come from the games' own declarations, so an option added later is
tried too. The person's moves are typed blindly (a pass, a trump, every card
in turn): the terminal refuses the illegal ones and asks again, so a few real
actions are taken before ``q``.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from typer.testing import CliRunner

from atout.cli import app
from atout.games import GAMES
from atout.games.options import Option

CARDS = [rank + suit for suit in "SHDC" for rank in "23456789TJQKA"]
TYPED = ["s", "pass", *CARDS, *CARDS, "q"]


def _values(option: Option) -> list[Any]:
    """Each value worth trying: every choice, both ends of a range, the other boolean."""
    if option.kind == "bool":
        return [not option.default]
    if option.kind == "choice":
        return [c for c in option.choices if c != option.default]
    if option.kind == "seat":
        return [0, 3]
    if option.kind == "int":
        return [option.low, option.high]
    if option.kind == "session":
        return [{"deals": 2}, {"minutes": 5}]
    raise AssertionError(option.kind)


def _cases() -> list[Any]:
    cases = []
    for game in GAMES.values():
        cases.append(pytest.param(game.id, {}, id=f"{game.id}-defaults"))
        for option in game.option_specs:
            for value in _values(option):
                options = {**dict(option.when), option.name: value}
                label = "-".join(f"{k}={json.dumps(v)}" for k, v in options.items())
                cases.append(pytest.param(game.id, options, id=f"{game.id}-{label}"))
    return cases


def _play(game: str, options: dict[str, Any], seed: int = 5) -> Any:
    args = ["play", game, "--seed", str(seed)]
    for key, value in options.items():
        args += ["-o", f"{key}={json.dumps(value)}"]
    return CliRunner().invoke(app, args, input="\n".join(TYPED) + "\n")


@pytest.mark.parametrize(("game", "options"), _cases())
def test_play_starts_and_takes_actions_under_every_option(
    game: str, options: dict[str, Any]
) -> None:
    result = _play(game, options)
    assert result.exception is None, result.output
    assert result.exit_code == 0
    assert "game left unfinished" in result.output
    # The person acted: a prompt answered with no refusal is followed by the table drawn anew.
    accepted = result.output.count("q to quit) > ╭")
    assert accepted >= 2, result.output[-2000:]


def _first_dealer(output: str) -> str:
    found = re.search(r"dealer: (seat \d|[NESW])", output)
    assert found, output[:2000]
    return found[1]


def test_play_obeys_first_dealer() -> None:
    for seat in range(4):
        result = _play("court-piece", {"first_dealer": seat})
        assert _first_dealer(result.output) == f"seat {seat}"


def test_simple_court_piece_is_dealt_first_by_the_seat_on_the_persons_right() -> None:
    """Seed 001: the seat on your right deals first, so you name the first trump."""
    for seed in range(6):
        output = _play("court-piece", {}, seed).output
        assert _first_dealer(output) == "seat 3"
        assert "turn: seat 0 (you)" in output


@pytest.mark.parametrize("game", ["court-piece", "court-circular"])
def test_classic_court_piece_and_court_circular_draw_the_first_dealer(game: str) -> None:
    options = {"variant": "courts"} if game == "court-piece" else {}
    dealers = set()
    for seed in range(12):
        output = _play(game, options, seed).output
        dealers.add(re.search(r"dealer: (seat \d)", output)[1])  # type: ignore[index]
    assert len(dealers) >= 2


def test_a_classic_session_ends_after_16_deals_by_default() -> None:
    """Seed 003: the session's length is fixed; ``atout sim`` with the courts rules returns."""
    players = "greedy,random,greedy,random"
    args = ["sim", "court-piece", "--variant", "courts", "-n", "3", "--json", "--players", players]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["deals"] == 3 * 16


def test_a_bad_session_length_is_refused_in_words() -> None:
    result = CliRunner().invoke(
        app, ["play", "court-piece", "-o", "variant=courts", "-o", "session_end={deals:4}"]
    )
    assert result.exit_code == 2
    assert "session_end must be a number of deals or of minutes" in result.stderr
    assert "JSON" not in result.stderr and "Expecting" not in result.stderr
