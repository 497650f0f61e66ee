"""Card plays per second: atout's Court Piece engine vs OpenSpiel's bridge play phase.

Both run random legal card play through their public Python API in the same
process, in short interleaved rounds, timed in CPU time of this process (so
other work on the machine counts less); the median ratio is the figure.

    python bench/engine.py [--seconds 3] [--rounds 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from atout.games.court_piece import COURT_PIECE


def atout_plays_per_second(seconds: float, seed: int = 1) -> float:
    """Random Court Piece deals: trump named, then random legal cards to the end of the deal."""
    rules = COURT_PIECE.parse_rules({})
    rng = random.Random(seed)
    choice = rng.choice
    plays = 0
    spent = 0.0
    deadline = time.process_time() + seconds
    while time.process_time() < deadline:
        layout = COURT_PIECE.deal(rules, rng.randrange(4), rng)
        state = COURT_PIECE.start(rules, layout, COURT_PIECE.new_tally(rules))
        state = state.apply(choice(state.legal_actions()))
        started = time.process_time()
        while state.turn is not None:
            state = state.apply(choice(state.legal_actions()))
            plays += 1
        spent += time.process_time() - started
    return plays / spent


def openspiel_plays_per_second(seconds: float, seed: int = 1) -> float | None:
    """OpenSpiel's bridge play phase (1C by the dealer, three passes), random legal cards."""
    try:
        import pyspiel  # noqa: PLC0415 - optional benchmark dependency
    except ImportError:
        return None
    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")
    rng = random.Random(seed)
    choice = rng.choice
    plays = 0
    spent = 0.0
    deadline = time.process_time() + seconds
    while time.process_time() < deadline:
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(choice([a for a, _ in state.chance_outcomes()]))
        for call in (55, 52, 52, 52):  # 1C, pass, pass, pass
            state.apply_action(call)
        started = time.process_time()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            plays += 1
        spent += time.process_time() - started
    return plays / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="per round and engine")
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    ours, theirs = [], []
    for _ in range(args.rounds):
        ours.append(atout_plays_per_second(args.seconds))
        other = openspiel_plays_per_second(args.seconds)
        if other is not None:
            theirs.append(other)
    print(f"atout court-piece: {statistics.median(ours):,.0f} card plays/s")
    if theirs:
        print(f"OpenSpiel bridge:  {statistics.median(theirs):,.0f} card plays/s")
        ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
        print(
            f"ratio atout/OpenSpiel: {statistics.median(ratios):.2f}x (rounds: "
            + ", ".join(f"{r:.2f}" for r in ratios)
            + ")"
        )
    else:
        print("OpenSpiel not installed (pip install open-spiel): no ratio")


if __name__ == "__main__":
    main()
