"""Actions per second of every atout engine against OpenSpiel's bridge, in CPU time.

Every loop plays random legal actions through the engine's public Python API
(``legal_actions()``, ``apply()``; OpenSpiel's ``legal_actions()``,
``apply_action()``), one whole deal at a time, in the same process; dealing is
not timed (OpenSpiel's 52 chance moves, atout's ``deal`` and ``start``: a
batch of deals is dealt, then played on one reading of the clock). The
loops take turns in short rounds, each timed in CPU time of this process, each
atout loop right after an OpenSpiel loop, so a slow moment of this shared
machine falls on both alike; a ratio is the median over the rounds of atout's
rate over OpenSpiel's just before it (the quartiles say how much it wanders).

The work:

* ``bridge deal``: a random auction (uniform over the legal calls) to its end,
  then random card play to the end of the deal, against OpenSpiel's bridge
  doing the same;
* ``bridge play``: card play alone after ``1NT pass pass pass`` (dealer
  declares), against OpenSpiel's bridge after the same calls;
* Court Piece (both variants: trump, then the cards), Five Hundred (bidding,
  the kitty's discard, play) and Court Circular (cards, leads, resignations):
  whole deals, each beside OpenSpiel's whole bridge deal (the first line's
  work) as the common yardstick.

    python bench/engine.py [--seconds 0.05] [--rounds 60] [--only bridge-play] [--floor]

``--floor`` adds two stub engines that know no rules, run by the same loop:
the ceiling any engine behind this API can reach in this interpreter. ``floor
bare``: ``apply`` makes a one-field state; ``floor copy``: it copies a
19-field state as an immutable engine once did (Five Hundred's had 19 fields;
the engines' states now copy 6 to 11, what changes only between tricks or
deals shared in one object); both list the same eight actions, kept on the state.

Run it in the environment to measure: ``./scripts/start`` installs the wheel
users get (mypyc-compiled engines where the machine can build them, as
``bench/compiled.sh`` does); ``./scripts/test`` makes an editable, pure-Python
install (``.venv``): the figures of a machine without a compiler.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import atout
from atout.games import get_game

Loop = Callable[[float, random.Random], tuple[int, float]]
"""Play for about ``seconds`` of CPU; the actions taken and the CPU seconds they took."""

BATCH = 20
"""Deals dealt before each timed stretch, so the clock is read once per 20 deals."""
OPENSPIEL_1NT = 59
OPENSPIEL_PASS = 52


def atout_loop(game_id: str, options: dict[str, Any], calls: tuple[str, ...] = ()) -> Loop:
    """Whole deals of ``game_id`` (after ``calls``, untimed) with random legal actions."""
    game = get_game(game_id)
    rules = game.parse_rules(options)
    tally = game.new_tally(rules)

    def start(rng: random.Random) -> Any:
        state = game.start(rules, game.deal(rules, rng.randrange(game.players), rng), tally)
        for call in calls:
            state = state.apply(call)
        return state

    return random_play(start)


def random_play(start: Callable[[random.Random], Any]) -> Loop:
    """Random legal actions through the public API from the states ``start`` makes (untimed),
    to each deal's end: the one loop every atout engine and the floor's stubs are timed in."""

    def run(seconds: float, rng: random.Random) -> tuple[int, float]:
        choice = rng.choice
        actions = 0
        spent = 0.0
        while spent < seconds:
            batch = [start(rng) for _ in range(BATCH)]
            started = time.process_time()
            for state in batch:
                while state.turn is not None:
                    state = state.apply(choice(state.legal_actions()))
                    actions += 1
            spent += time.process_time() - started
        return actions, spent

    return run


def openspiel_loop(play_only: bool) -> Loop | None:
    """OpenSpiel's bridge: a random auction then play, or play after 1NT by the dealer."""
    try:
        import pyspiel  # noqa: PLC0415 - optional benchmark dependency
    except ImportError:
        return None
    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")

    def start(rng: random.Random) -> Any:
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        if play_only:
            for call in (OPENSPIEL_1NT, OPENSPIEL_PASS, OPENSPIEL_PASS, OPENSPIEL_PASS):
                state.apply_action(call)
        return state

    def run(seconds: float, rng: random.Random) -> tuple[int, float]:
        choice = rng.choice
        actions = 0
        spent = 0.0
        while spent < seconds:
            batch = [start(rng) for _ in range(BATCH)]
            started = time.process_time()
            for state in batch:
                while not state.is_terminal():
                    state.apply_action(choice(state.legal_actions()))
                    actions += 1
            spent += time.process_time() - started
        return actions, spent

    return run


class _Stub:
    """A state with no rules: ``moves`` actions to play, each from the same eight."""

    __slots__ = ("_legal", "moves")
    ACTIONS = tuple(f"a{i}" for i in range(8))

    def __init__(self, moves: int) -> None:
        self.moves = moves
        self._legal: tuple[str, ...] | None = None

    @property
    def turn(self) -> int | None:
        return 0 if self.moves else None

    def legal_actions(self) -> tuple[str, ...]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self.ACTIONS
        return legal

    def apply(self, action: str) -> _Stub:
        return _Stub(self.moves - 1)


FIELDS = tuple(f"f{i}" for i in range(17))


class _CopyStub(_Stub):
    """:class:`_Stub` whose ``apply`` copies 17 more fields, as the engines' constructors do:
    positional arguments, one attribute each (no ``super()``, no ``*args``)."""

    __slots__ = FIELDS

    def __init__(
        self,
        moves: int,
        f0: int = 0,
        f1: int = 0,
        f2: int = 0,
        f3: int = 0,
        f4: int = 0,
        f5: int = 0,
        f6: int = 0,
        f7: int = 0,
        f8: int = 0,
        f9: int = 0,
        f10: int = 0,
        f11: int = 0,
        f12: int = 0,
        f13: int = 0,
        f14: int = 0,
        f15: int = 0,
        f16: int = 0,
    ) -> None:
        self.moves = moves
        self._legal = None
        self.f0 = f0
        self.f1 = f1
        self.f2 = f2
        self.f3 = f3
        self.f4 = f4
        self.f5 = f5
        self.f6 = f6
        self.f7 = f7
        self.f8 = f8
        self.f9 = f9
        self.f10 = f10
        self.f11 = f11
        self.f12 = f12
        self.f13 = f13
        self.f14 = f14
        self.f15 = f15
        self.f16 = f16

    def apply(self, action: str) -> _CopyStub:
        return _CopyStub(
            self.moves - 1,
            self.f0,
            self.f1,
            self.f2,
            self.f3,
            self.f4,
            self.f5,
            self.f6,
            self.f7,
            self.f8,
            self.f9,
            self.f10,
            self.f11,
            self.f12,
            self.f13,
            self.f14,
            self.f15,
            self.f16,
        )


def stub_loop(stub: type[_Stub], moves: int = 48) -> Loop:
    """:func:`atout_loop`'s loop over deals of ``moves`` actions of a rule-less stub."""
    return random_play(lambda rng: stub(moves))


FLOOR: tuple[tuple[str, Loop, str], ...] = (
    ("floor bare", stub_loop(_Stub), "deal"),
    ("floor copy", stub_loop(_CopyStub), "deal"),
)
"""The stubs of ``--floor``: what the loop and an immutable state cost without rules."""

# (name, atout loop, yardstick: "deal" or "play" for OpenSpiel's matching work)
CASES: tuple[tuple[str, Loop, str], ...] = (
    ("bridge deal", atout_loop("bridge", {}), "deal"),
    ("bridge play", atout_loop("bridge", {}, ("1NT", "pass", "pass", "pass")), "play"),
    ("court-piece simple", atout_loop("court-piece", {}), "deal"),
    ("court-piece courts", atout_loop("court-piece", {"variant": "courts"}), "deal"),
    ("five-hundred", atout_loop("five-hundred", {}), "deal"),
    ("court-circular", atout_loop("court-circular", {}), "deal"),
)

GOALS = {"bridge deal": 1.5, "bridge play": 1.5}
"""The ratio each line must reach compiled; every other line 1.0, and 0.5 in pure Python."""


def compiled_modules() -> list[str]:
    """The atout modules this interpreter loaded from compiled extensions."""
    return sorted(
        name
        for name, module in sys.modules.items()
        if name.startswith("atout") and (getattr(module, "__file__", "") or "").endswith(".so")
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.05, help="per loop and round")
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--only", help="run only the cases whose name contains this")
    parser.add_argument("--floor", action="store_true", help="also the rule-less stub engines")
    args = parser.parse_args()
    every = CASES + FLOOR if args.floor else CASES
    cases = [case for case in every if args.only is None or args.only in case[0].replace(" ", "-")]
    yardsticks = {"deal": openspiel_loop(False), "play": openspiel_loop(True)}
    rng = random.Random(1)
    rates: dict[str, list[float]] = {}
    ratios: dict[str, list[float]] = {name: [] for name, _, _ in cases}
    for _ in range(args.rounds):
        for name, loop, kind in cases:
            # OpenSpiel right before each atout loop: both in the same moment of the machine.
            yardstick = yardsticks[kind]
            if yardstick is not None:
                actions, spent = yardstick(args.seconds, rng)
                theirs = actions / spent
                rates.setdefault(f"OpenSpiel bridge {kind}", []).append(theirs)
            actions, spent = loop(args.seconds, rng)
            rates.setdefault(name, []).append(actions / spent)
            if yardstick is not None:
                ratios[name].append(actions / spent / theirs)
    compiled = compiled_modules()
    print(f"atout {atout.__file__}")
    print(f"compiled: {', '.join(compiled) if compiled else 'none (pure Python)'}")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average {load}; medians of {args.rounds} rounds (quartiles of the ratio)")
    for name, values in rates.items():
        line = f"{name:<24} {statistics.median(values):>12,.0f} actions/s"
        if ratios.get(name):
            kind = next(k for n, _, k in cases if n == name)
            goal = GOALS.get(name, 1.0) if compiled else 0.5
            low, ratio, high = statistics.quantiles(ratios[name], n=4)
            line += f"  {ratio:5.2f}x OpenSpiel bridge {kind} ({low:.2f}-{high:.2f}"
            if name.startswith("floor"):
                line += "; no rules: the ceiling)"
            else:
                line += f"; goal {goal}x {'met' if ratio >= goal else 'NOT met'})"
        print(line)
    if yardsticks["deal"] is None:
        print("OpenSpiel not installed (pip install open-spiel): no ratios")


if __name__ == "__main__":
    main()
