"""Where a Court Piece side loses its deals, judged double dummy: the call, the cards, or luck.

Usage: ``python bench/cp_losses.py RECORDS [--other RECORDS]``

``RECORDS`` is a folder of ``bench/panel.py --records`` (or ``bench/cp_ceiling.py
--records``) matches, side 0 the listed player (Hard). Every deal side 0
lost is replayed with all hands known (:func:`atout.solver.solve` before each
card) and put in one bin:

* ``call``: side 0 named trump, double dummy its suit does not make seven
  tricks (the caller leading), another suit would, and no later card changed that;
* ``never``: side 0 could not reach its target double dummy from the first
  card, and no opponent's card ever let it (the cards beat it);
* ``gave``: at some card side 0 held a won deal double dummy and its card lost
  it (the first such card is counted by its place in the trick: lead, 2nd, 3rd,
  4th hand, and by trick).

Also printed: for all deals, how often each side's trump call makes double
dummy when some suit would. ``--other`` pairs the lost deals with another run of
the same seeds (``bench/paired_deals.py``'s pairing: same seed, sides, deal
number and caller), e.g. the omniscient pair's, and says how many of them it won.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path
from typing import Any

from atout.analysis.judge import is_play
from atout.core import Match
from atout.notation.record import load_record
from atout.solver import solve
from atout.solver.dds import dds_solve
from paired_deals import load_deals  # bench/, beside this script

TARGET = 7


def _won(state: Any, side: int) -> int:
    return int(state.view(None)["tricks_won"][side])


def side_wins(state: Any, side: int, mover: int, value: int) -> bool:
    """Whether ``side`` reaches seven when the mover's side takes ``value`` further tricks."""
    left = 13 - len(state.tricks())
    further = value if mover % 2 == side else left - value
    return _won(state, side) + further >= TARGET


def _makes(hands: list[int], suit: int, caller: int) -> bool:
    return max(dds_solve(hands, suit, caller, solutions=1).values()) >= TARGET


def trace(match: Match, number: int, side: int) -> dict[str, Any]:
    """One deal from ``side``'s seat: its trump call judged, and its first card that lost it."""
    played = match.deals[number]
    state = match.game.start(match.rules, played.layout, played.tally_before)
    hands = [sum(1 << c for c in hand) for hand in played.layout.hands]
    out: dict[str, Any] = {"start": None, "gave": None, "gifts": 0}
    for who, action in played.actions:
        if action.startswith("trump "):
            suit = "SHDC".index(action.split()[1])
            out["caller"] = who % 2
            out["makes"] = _makes(hands, suit, who)
            out["could"] = any(_makes(hands, s, who) for s in range(4))
        elif is_play(state, action):
            if max(state.view(None)["tricks_won"]) >= TARGET:
                break
            values = solve(state)
            best = max(values.values())  # the mover plays his best
            before = side_wins(state, side, who, best)
            after = side_wins(state, side, who, values[action])
            if out["start"] is None:
                out["start"] = before
            if before and not after and out["gave"] is None:
                out["gave"] = (len(state.tricks()) + 1, len(state.view(None)["trick"]["cards"]) + 1)
            out["gifts"] += int(after and not before)
        state = state.apply(action, who)
    return out


def bin_of(deal: dict[str, Any], side: int) -> str:
    """The loss's bin (module doc)."""
    if deal["gave"] is not None:
        return "gave"
    if deal.get("caller") == side and not deal["makes"] and deal["could"]:
        return "call"
    return "never"


def main() -> None:
    """Print the bins of the deals side 0 lost, and the calls of every deal."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path)
    parser.add_argument("--other", type=Path, help="another run of the same seeds")
    args = parser.parse_args()
    other = load_deals(args.other) if args.other else {}
    bins: Counter[str] = Counter()
    places: Counter[str] = Counter()
    calls: Counter[tuple[str, str]] = Counter()
    other_won: Counter[str] = Counter()
    lost = 0
    for path in sorted(args.records.glob("*.json")):
        swapped = path.stem.endswith("-swapped")
        seed = int(path.stem.removesuffix("-swapped").rsplit("-", 1)[1])
        side = int(swapped)  # the listed side 0 sits at seats 1 and 3 when swapped
        match = load_record(path)
        for number, deal in enumerate(match.deals):
            traced = trace(match, number, side)
            who = "ours" if traced.get("caller") == side else "theirs"
            if traced.get("could"):
                calls[(who, "makes" if traced["makes"] else "fails")] += 1
            if deal.state.result().get("winner") == side:
                continue
            lost += 1
            kind = bin_of(traced, side)
            bins[kind] += 1
            if kind == "gave":
                trick, place = traced["gave"]
                period = "1-3" if trick <= 3 else "4-7" if trick <= 7 else "8+"
                places[f"hand {place}, trick {period}"] += 1
            twin = other.get((seed, swapped, number))
            caller = deal.state.result().get("caller")
            if twin is not None and twin.get("caller") == caller:
                other_won[kind] += int(twin["winner"] == 0)
                other_won[kind + " paired"] += 1
    print(f"deals lost by side 0: {lost}")
    for kind, count in bins.most_common():
        paired = other_won[kind + " paired"]
        also = f", the other run won {other_won[kind]} of {paired} paired" if args.other else ""
        print(f"  {kind:6} {count:4} ({count / max(1, lost):.0%}){also}")
    for place, count in sorted(places.items()):
        print(f"    gave at {place}: {count}")
    for who in ("ours", "theirs"):
        made, failed = calls[(who, "makes")], calls[(who, "fails")]
        total = max(1, made + failed)
        print(
            f"trump calls by {who} side (where some suit makes DD): "
            f"{made}/{made + failed} make ({made / total:.0%})"
        )


if __name__ == "__main__":
    main()
