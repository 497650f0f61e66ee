"""Screen a Court Piece Hard idea on critical decisions, fast: extract them once, replay often.

Usage:
``python bench/cp_screen.py records DIR [--opponent O] [--matches N] [--seed S]``
``python bench/cp_screen.py extract RECORDS OUT.pkl [--decisions N] [--per-match K]``
``python bench/cp_screen.py screen OUT.pkl [--effort E] [--set module.NAME=value]
[--salt S] [--save RESULTS.json]``
``python bench/cp_screen.py compare A.json B.json``
``python bench/cp_screen.py draw-cost OUT.pkl``

The decisions are ``bench/cp_critical.py``'s (side 0 of a ``bench/panel.py
--records`` folder holds a won deal double dummy and some legal card loses
it), from any side 0: Hard's records, or Medium's against an opponent (``run_games``
with ``["medium", opponent] * 2``, seconds a match, where Hard's cost 12 s),
which gives hundreds of positions against the aggressive player as cheaply as
against Medium. ``records`` plays those: ``N`` seeds from ``S`` (default
:data:`SEED`, 37000 on, past ``bench/panel.py``'s 20-40 so that no deal Hard's
match figures are read on is screened), both seatings, Medium against ``O``,
into ``DIR`` (about 8 critical decisions a match against Medium: 150 seeds
give 1,000 and more in minutes). ``extract`` keeps each position with its opponent model
and which cards keep the deal (the double-dummy solve is paid once);
``screen`` asks this checkout's Hard again (effort ``E``, no clock, seeded by
the position and ``--salt``), ``--set`` changing a module constant first
(e.g. ``atout.bots.court_piece.hard.WORLDS_PER_SAMPLE=18``). The same Hard with
another ``--salt`` says how far the count moves by chance (on 150-200
decisions, about 5: ``docs/figures.md``). ``draw-cost`` is the CPU time of
drawing each decision's worlds at effort 6 (36 worlds).
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import pickle
import random
import time
from pathlib import Path
from typing import Any

from atout.analysis.judge import is_play
from atout.bots.court_piece import hard
from atout.bots.court_piece.opponents import OpponentModel
from atout.bots.levels import typed
from atout.games.court_piece_view import CourtPieceView
from atout.notation.record import load_record
from atout.sim.tournament import run_games
from atout.solver import solve
from bots import set_constant  # bench/, beside this script
from cp_losses import TARGET, side_wins

SEED = 38_000
"""``records``' first seed: away from the seeds ``bench/panel.py`` measures Hard on."""


def play_records(folder: Path, opponent: str, matches: int, seed: int) -> str:
    """Medium (side 0) against ``opponent`` over ``matches`` seeds, both seatings, kept in
    ``folder`` for ``extract``; one line of what was played."""
    folder.mkdir(parents=True, exist_ok=True)
    summary = run_games(
        "court-piece",
        {},
        ["medium", opponent] * 2,
        games=matches,
        seed=seed,
        duplicate=True,
        records=folder,
    )
    return f"{summary['games']} matches, medium won {summary['win_rate'][0]:.3f}"


def extract(records: Path, decisions: int, per_match: int) -> list[dict[str, Any]]:
    """The critical decisions of side 0 in each match, in file order."""
    rows: list[dict[str, Any]] = []
    for path in sorted(records.glob("*.json")):
        first = len(rows)
        side = int(path.stem.endswith("-swapped"))
        match = load_record(path)
        models = {s: OpponentModel() for s in (side, side + 2)}
        reading = random.Random(0)
        for number, deal in enumerate(match.deals):
            state = match.game.start(match.rules, deal.layout, deal.tally_before)
            for index, (who, action) in enumerate(deal.actions):
                wanted = len(rows) < decisions and len(rows) - first < per_match
                if who % 2 == side and wanted:
                    view = {**state.view(who), "match": {"deal_number": number + 1}}
                    models[who].observe(view, reading)
                    if is_play(state, action) and len(view["legal"]) > 1:
                        if max(view["tricks_won"]) >= TARGET:
                            break
                        values = solve(state)
                        won = {c: side_wins(state, side, who, v) for c, v in values.items()}
                        if any(won.values()) and not all(won.values()):
                            key = f"{path.stem}/{number}/{index}"
                            model = copy.deepcopy(models[who])
                            rows.append({"key": key, "view": view, "model": model, "won": won})
                state = state.apply(action, who)
    return rows


def screen(rows: list[dict[str, Any]], effort: int, salt: str) -> dict[str, tuple[str, bool]]:
    """This checkout's card at each decision, and whether it keeps the won deal."""
    out = {}
    for row in rows:
        rng = random.Random(row["key"] + salt)
        model = copy.deepcopy(row["model"])
        card = hard.choose(row["view"], rng, math.inf, effort, opponents=model)
        out[row["key"]] = (card, bool(row["won"][card]))
    return out


def draw_cost(rows: list[dict[str, Any]]) -> float:
    """CPU seconds to draw every decision's 36 worlds (effort 6) from its view and model."""
    start = time.process_time()
    for row in rows:
        seen = typed(row["view"], CourtPieceView)
        draw = hard._world_source(seen, random.Random(row["key"]), copy.deepcopy(row["model"]))
        for _ in range(hard.WORLDS_PER_SAMPLE * 6):
            draw()
    return time.process_time() - start


def main() -> None:
    """One command: records, extract, screen, compare or draw-cost."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["records", "extract", "screen", "compare", "draw-cost"])
    parser.add_argument("paths", type=Path, nargs="+")
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--per-match", type=int, default=1000)
    parser.add_argument("--effort", type=int, default=6)
    parser.add_argument("--set", action="append", default=[], dest="assignments")
    parser.add_argument("--salt", default="")
    parser.add_argument("--save", type=Path)
    parser.add_argument("--opponent", default="medium")
    parser.add_argument("--matches", type=int, default=150)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    for assignment in args.assignments:
        set_constant(assignment)
    if args.command == "records":
        print(play_records(args.paths[0], args.opponent, args.matches, args.seed))
    elif args.command == "extract":
        records, out = args.paths
        rows = extract(records, args.decisions, args.per_match)
        out.write_bytes(pickle.dumps(rows))
        print(f"{len(rows)} critical decisions")
    elif args.command == "compare":
        a, b = (json.loads(p.read_text()) for p in args.paths)
        only_a = sum(a[k][1] and not b[k][1] for k in a)
        only_b = sum(b[k][1] and not a[k][1] for k in a)
        same = sum(a[k][0] == b[k][0] for k in a)
        kept_a, kept_b = (sum(v[1] for v in r.values()) for r in (a, b))
        print(
            f"kept {kept_a} vs {kept_b} of {len(a)}: by the first only {only_a}, "
            f"the second only {only_b}; the same card {same}"
        )
    else:
        rows = pickle.loads(args.paths[0].read_bytes())
        if args.command == "draw-cost":
            print(f"{len(rows)} decisions: {draw_cost(rows):.2f} s CPU drawing worlds")
            return
        start = time.process_time()
        results = screen(rows, args.effort, args.salt)
        kept = sum(ok for _, ok in results.values())
        cpu = time.process_time() - start
        print(f"kept {kept} of {len(rows)} ({kept / max(1, len(rows)):.1%}), {cpu:.0f} s CPU")
        if args.save:
            args.save.write_text(json.dumps(results))


if __name__ == "__main__":
    main()
