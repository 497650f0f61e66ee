"""Hard Court Piece on the critical decisions of recorded matches: does its card keep a won deal?

Usage: ``python bench/cp_critical.py RECORDS [--decisions N] [--effort E]``

A *critical* decision (``bench/cp_losses.py``'s reading): Hard's side holds a
won deal double dummy, and some legal card would lose it. Each match of a
``bench/panel.py --records`` folder (side 0 Hard) is replayed; Hard's
opponent model reads the opponents' plays as the match goes (the views of
Hard's own turns, as in play); at each critical decision the Hard of this
checkout chooses again (effort ``E``, no clock, seeded by the position) and
the card is judged double dummy. Two checkouts run on the same records
answer the same positions: the count of decisions each keeps, and those kept
by one only.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from pathlib import Path

from atout.analysis.judge import is_play
from atout.bots.court_piece import hard
from atout.bots.court_piece.opponents import OpponentModel
from atout.notation.record import load_record
from atout.solver import solve
from cp_losses import TARGET, side_wins


def main() -> None:
    """One line per critical decision (JSON), then the count kept."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path)
    parser.add_argument("--decisions", type=int, default=100)
    parser.add_argument("--effort", type=int, default=6)
    args = parser.parse_args()
    kept = asked = 0
    for path in sorted(args.records.glob("*.json")):
        swapped = path.stem.endswith("-swapped")
        side = int(swapped)
        match = load_record(path)
        models = {s: OpponentModel() for s in (side, side + 2)}
        reading = random.Random(0)
        for number, deal in enumerate(match.deals):
            state = match.game.start(match.rules, deal.layout, deal.tally_before)
            for index, (who, action) in enumerate(deal.actions):
                if who % 2 == side and asked < args.decisions:
                    view = {**state.view(who), "match": {"deal_number": number + 1}}
                    models[who].observe(view, reading)
                    if is_play(state, action) and len(view["legal"]) > 1:
                        if max(view["tricks_won"]) >= TARGET:
                            break
                        values = solve(state)
                        won = [side_wins(state, side, who, v) for v in values.values()]
                        if any(won) and not all(won):
                            rng = random.Random(f"{path.stem}/{number}/{index}")
                            model = models[who]
                            card = hard.choose(view, rng, math.inf, args.effort, opponents=model)
                            ok = side_wins(state, side, who, values[card])
                            asked += 1
                            kept += ok
                            row = {"match": path.stem, "deal": number, "index": index}
                            print(json.dumps({**row, "card": card, "kept": ok}), flush=True)
                state = state.apply(action, who)
    print(f"critical decisions {asked}, kept {kept} ({kept / max(1, asked):.1%})")


if __name__ == "__main__":
    main()
