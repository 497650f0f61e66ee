"""Court Circular's exact solver against brute force over the rules engine, and in `atout solve`."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from typer.testing import CliRunner

from atout.cli import app
from atout.games import get_game
from atout.notation.record import load_record
from atout.solver import solve
from atout.solver.analysis import state_after
from atout.solver.circular import SolverLimitError, solve_circular

from .circular_brute import brute_force

GAME = get_game("court-circular")


def _near_the_end(seed: int, stock: int, down: int, *, carroll: bool = False) -> Any:
    """A position with at most ``stock`` cards in the stock and ``down`` cards of a trick down."""
    rng = random.Random(seed)
    rules = GAME.parse_rules({"carroll_resign": carroll})
    state = GAME.start(rules, GAME.deal(rules, 0, rng), GAME.new_tally(rules))
    while len(state.stock) > stock or state.phase.value == "lead":
        state = state.apply(rng.choice([a for a in state.legal_actions() if a != "concede"]))
    for _ in range(down):
        state = state.apply(rng.choice([a for a in state.legal_actions() if a != "concede"]))
    return state


@pytest.mark.parametrize(("seed", "carroll"), [(0, False), (1, True)])
def test_two_tricks_from_the_end_againstbrute_force(seed: int, carroll: bool) -> None:
    # Trick 7 with five cards down, then the choice of its Lead, then the last trick:
    # resigning, the Lead choice, the refill and the last trick's clearing all count.
    state = _near_the_end(seed, 3, 5, carroll=carroll)
    assert state.stock and len(state.trick) == 5
    memo: dict[tuple[Any, ...], int] = {}
    assert solve(state) == brute_force(state, memo)
    for action in state.legal_actions()[:3]:
        after = state.apply(action)
        if not after.is_over():
            assert solve(after) == brute_force(after, memo), action


def test_the_whole_tree_of_two_tricks_is_searched() -> None:
    # From the first card of trick 7, against brute force over every rules state (~20k).
    state = _near_the_end(3, 3, 4)
    assert solve(state) == brute_force(state, {})


def test_limits_raise_instead_of_guessing() -> None:
    state = _near_the_end(2, 9, 0)
    with pytest.raises(SolverLimitError, match="9 cards remain"):
        solve_circular(state)
    near = _near_the_end(2, 3, 0)
    with pytest.raises(SolverLimitError, match="positions"):
        solve_circular(near, max_nodes=50)
    assert set(solve_circular(near)) == set(near.legal_actions())


def test_atout_solve_on_a_record(examples: Any) -> None:
    record = examples / "court-circular-game.record.json"
    match = load_record(record)
    at = 51  # the last trick, one card down
    state, _ = state_after(match, at)
    assert not state.stock and len(state.trick) == 1
    result = CliRunner().invoke(app, ["solve", str(record), "--at", str(at), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["values"] == brute_force(state, {})
    # Every card played with five or fewer cards in the stock is checked, and no other.
    actions = match.deals[0].actions
    within = [
        k
        for k, (_, action) in enumerate(actions)
        if action.split()[0] not in ("lead", "concede") and len(state_after(match, k)[0].stock) <= 5
    ]
    full = CliRunner().invoke(app, ["solve", str(record), "--json"])
    assert full.exit_code == 0, full.output
    assert json.loads(full.output)["checked"] == len(within) > 0
    text = CliRunner().invoke(app, ["solve", str(record)])
    assert text.exit_code == 0 and "points" in text.output


def test_line_strength_orders_lines_as_the_rules_do() -> None:
    # The solver compares lines by line_strength; the engine by best_line's key.
    from atout.games.court_circular_lines import best_line, line_strength  # noqa: PLC0415

    rng = random.Random(5)
    for _ in range(3000):
        cards = rng.sample(range(52), 7)
        lead = cards[0]
        a = sum(1 << c for c in cards[1 : 1 + rng.randrange(4)])
        b = sum(1 << c for c in cards[4 : 4 + rng.randrange(4)])
        rules = best_line(a, lead).key > best_line(b, lead).key
        assert (line_strength(a, lead) > line_strength(b, lead)) == rules
