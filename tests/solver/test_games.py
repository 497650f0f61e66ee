"""The solver against the rules engines: perft, projections, Five Hundred, claims, CLI."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from typer.testing import CliRunner

from atout.cards import JOKER, mask_of
from atout.cli import app
from atout.games import get_game
from atout.games.five_hundred.rules import DECK
from atout.games.five_hundred.state import FiveHundredState
from atout.solver import claim_is_proven, solve
from atout.solver.dds import dds_solve
from atout.solver.position import perft
from atout.solver.project import project
from atout.solver.search import solve_moves

from .circular_brute import brute_force


def rules_perft(state: Any, depth: int) -> int:
    if depth == 0 or state.turn is None:
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(rules_perft(state.apply(a), depth - 1) for a in actions)


def rules_tricks(state: Any, side: int) -> int:
    """Brute force over rules states: ``side``'s further tricks with best play by all."""
    if state.turn is None:
        return 0
    values = []
    for action in state.legal_actions():
        after = state.apply(action)
        gained = after.tricks_won[side] - state.tricks_won[side]
        values.append(gained + rules_tricks(after, side))
    return max(values) if state.turn % 2 == side else min(values)


def rules_values(state: Any) -> dict[str, int]:
    side = state.turn % 2
    out = {}
    for action in state.legal_actions():
        after = state.apply(action)
        out[action] = after.tricks_won[side] - state.tricks_won[side] + rules_tricks(after, side)
    return out


def five_hundred(contract: str, cards: int, rng: random.Random) -> FiveHundredState:
    """A Five Hundred play position with ``cards`` per hand (the joker in play for NT)."""
    rules = get_game("five-hundred").parse_rules({"misere": True})
    deck = [c for c in range(53) if DECK >> c & 1]
    rng.shuffle(deck)
    if contract == "7NT" and JOKER not in deck[: 4 * cards]:
        deck.remove(JOKER)
        deck.insert(rng.randrange(4 * cards), JOKER)
    hands = tuple(mask_of(deck[i * cards : (i + 1) * cards]) for i in range(4))
    contractor = rng.randrange(4)
    leader = rng.choice([s for s in range(4) if contract != "misere" or s != (contractor + 2) % 4])
    return FiveHundredState.from_position(rules, hands, contract, contractor, leader)


def random_plays(state: Any, count: int, rng: random.Random) -> Any:
    for _ in range(count):
        if state.turn is None:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_kernel_perft_equals_rules_perft() -> None:
    rng = random.Random(1)
    states = []
    cp = get_game("court-piece")
    rules = cp.parse_rules({})
    for _ in range(2):
        s = cp.start(rules, cp.deal(rules, 0, rng), cp.new_tally(rules)).apply("trump D")
        states.append(random_plays(s, rng.randrange(8), rng))
    bridge = get_game("bridge")
    rules = bridge.parse_rules({"scoring": "duplicate"})
    s = bridge.start(rules, bridge.deal(rules, 0, rng), bridge.new_tally(rules))
    for call in ("1S", "pass", "pass", "pass"):
        s = s.apply(call)
    states.append(random_plays(s, 6, rng))
    for contract in ("7NT", "7H", "6C", "misere"):
        states.append(random_plays(five_hundred(contract, 10, rng), rng.randrange(6), rng))
    for state in states:
        pos = project(state).position()
        for depth in (1, 2, 3, 4):
            assert perft(pos, depth) == rules_perft(state, depth), (state, depth)


@pytest.mark.parametrize("contract", ["7S", "7C", "7D", "7H"])
def test_five_hundred_suit_mapping_onto_dds(contract: str) -> None:
    """DDS on the mapped deal == our search on it == brute force over the rules states."""
    rng = random.Random(contract)
    for _ in range(12):
        state = random_plays(five_hundred(contract, 3, rng), rng.randrange(3), rng)
        proj = project(state)
        assert proj.dds
        expected = rules_values(state)
        assert solve(state) == expected
        ours = solve_moves(proj.position())
        assert {proj.action(m): v for m, v in ours.items()} == expected
        theirs = dds_solve(proj.hands, proj.trump, proj.leader, proj.trick)
        assert {proj.action(c): v for c, v in theirs.items()} == expected


def test_five_hundred_no_trumps_with_the_joker() -> None:
    rng = random.Random(5)
    for _ in range(25):
        state = random_plays(five_hundred("7NT", 3, rng), rng.randrange(3), rng)
        assert not project(state).dds
        assert solve(state) == rules_values(state)


def test_five_hundred_misere() -> None:
    def is_set(state: Any) -> bool:
        if state.turn is None:
            return state.made() is False
        outcomes = [is_set(state.apply(a)) for a in state.legal_actions()]
        return all(outcomes) if state.turn == state.contractor else any(outcomes)

    rng = random.Random(9)
    for _ in range(25):
        state = random_plays(five_hundred("misere", 3, rng), rng.randrange(2), rng)
        expected = {a: int(is_set(state.apply(a))) for a in state.legal_actions()}
        assert solve(state) == expected


def test_court_circular_last_tricks_against_brute_force() -> None:
    game = get_game("court-circular")
    rules = game.parse_rules({})

    rng = random.Random(4)
    for _ in range(4):
        state = game.start(rules, game.deal(rules, 0, rng), game.new_tally(rules))
        while state.stock or state.phase.value == "lead":
            state = state.apply(rng.choice([a for a in state.legal_actions() if a != "concede"]))
        state = random_plays(state, rng.randrange(3), rng)
        assert solve(state) == brute_force(state, {})


def test_bridge_claims_are_accepted_when_proven() -> None:
    bridge = get_game("bridge")
    rules = bridge.parse_rules({"scoring": "duplicate", "auto_accept_proven_claims": True})
    rules = dataclasses.replace(rules, claim_prover=claim_is_proven)
    rng = random.Random(8)
    state = bridge.start(rules, bridge.deal(rules, 0, rng), bridge.new_tally(rules))
    for call in ("3NT", "pass", "pass", "pass"):
        state = state.apply(call)
    state = random_plays(state, 22, rng)  # mid-trick, five or six tricks done
    declarer = state.declarer
    values = solve(state)
    best = max(values.values()) if state.turn % 2 == declarer % 2 else None
    if best is None:
        best = state.remaining_tricks() - max(values.values())
    assert claim_is_proven(state, best)
    assert not claim_is_proven(state, best + 1)
    accepted = state.apply(f"claim {best}", seat=declarer)
    assert accepted.is_over()
    if best < state.remaining_tricks():
        assert accepted.tricks_won[declarer % 2] == state.tricks_won[declarer % 2] + best
        refused = state.apply(f"claim {best + 1}", seat=declarer)
        assert refused.phase == "claim"


def test_cli_solve_json(examples: Any) -> None:

    record = examples / "court-piece-simple.record.json"
    result = CliRunner().invoke(app, ["solve", str(record), "--at", "1", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert set(report["dd_table"]) == {"C", "D", "H", "S"}
    assert report["values"] and all(0 <= v <= 13 for v in report["values"].values())
    text = CliRunner().invoke(app, ["solve", str(record)])
    assert text.exit_code == 0 and "lost" in text.output
