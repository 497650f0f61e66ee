"""Two runs of the same seeds, deal by deal: what one version won that the other lost.

Usage: ``python bench/paired_deals.py A B`` where A and B are folders written by
``atout sim GAME --records DIR`` (or files written by ``--save``), or
``python bench/paired_deals.py A --save deals.jsonl`` to keep a run's deals small.

A match is first to 5 points, so whole-match figures move slowly: the
matches of two versions differ in only a few of every hundred. But a match's
deals come from its seed alone (``atout.sim.play``), so two runs of the
same seeds meet the same cards deal after deal, for as long as both matches
last (under the courts rules the dealer follows the results, so only deals
with the same caller in both runs are paired). Pairing those deals shows
a change that whole matches cannot: the deals version A won and B lost
against the ones B won and A lost, and the sign test of that split
(``atout.sim.stats.sign_test``). Side 0 is the pair listed first in
``--players`` (flipped back in the swapped games).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from atout.notation.record import load_record
from atout.sim.stats import sign_test

Key = tuple[int, bool, int]
"""A deal: the game's seed, whether its sides were swapped, its number in the match."""


def deals_of_records(folder: Path) -> Iterator[dict[str, Any]]:
    """Each deal of each record in ``folder``: who won it, seen from the listed side 0."""
    for path in sorted(folder.glob("*.json")):
        stem = path.stem.removesuffix("-swapped")
        swapped = stem != path.stem
        seed = int(stem.rsplit("-", 1)[1])
        match = load_record(path)
        for number, deal in enumerate(match.deals):
            result = deal.state.result()
            winner = result.get("winner")
            if isinstance(winner, int) and swapped:
                winner = 1 - winner
            caller = result.get("caller")
            calling = None if caller is None else (caller % 2) ^ int(swapped)
            yield {
                "seed": seed,
                "swapped": swapped,
                "deal": number,
                "winner": winner,
                "caller": caller,
                "calling_side": calling,
            }


def load_deals(source: Path) -> dict[Key, dict[str, Any]]:
    """The deals of a records folder or of a ``--save`` file, by (seed, swapped, deal)."""
    if source.is_dir():
        rows = list(deals_of_records(source))
    else:
        rows = [json.loads(line) for line in source.read_text().splitlines() if line]
    return {(r["seed"], r["swapped"], r["deal"]): r for r in rows}


def compare(a: dict[Key, dict[str, Any]], b: dict[Key, dict[str, Any]]) -> str:
    """The deals both runs played alike: side 0's wins in each, and the discordant split."""
    both = sorted(k for k in set(a) & set(b) if a[k].get("caller") == b[k].get("caller"))
    won_a = sum(a[k]["winner"] == 0 for k in both)
    won_b = sum(b[k]["winner"] == 0 for k in both)
    only_a = sum(a[k]["winner"] == 0 and b[k]["winner"] != 0 for k in both)
    only_b = sum(b[k]["winner"] == 0 and a[k]["winner"] != 0 for k in both)
    lines = [
        f"deals played in both runs: {len(both)} (A {len(a)}, B {len(b)})",
        f"side 0 won: A {won_a} ({won_a / max(1, len(both)):.1%}), "
        f"B {won_b} ({won_b / max(1, len(both)):.1%})",
        f"won in A only: {only_a}, in B only: {only_b}, "
        f"sign test p = {sign_test(only_a, only_b):.3f}",
    ]
    for label, calling in (("side 0 calling", 0), ("side 0 defending", 1)):
        keys = [k for k in both if a[k]["calling_side"] == calling]
        wa = sum(a[k]["winner"] == 0 for k in keys)
        wb = sum(b[k]["winner"] == 0 for k in keys)
        lines.append(f"{label}: {len(keys)} deals, A {wa}, B {wb}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", type=Path, help="records folders or --save files")
    parser.add_argument("--save", type=Path, help="write the first run's deals as JSON lines")
    args = parser.parse_args()
    if args.save:
        rows = load_deals(args.runs[0]).values()
        args.save.parent.mkdir(parents=True, exist_ok=True)
        args.save.write_text("".join(json.dumps(r) + "\n" for r in rows))
        return
    if len(args.runs) != 2:
        parser.error("give two runs to compare (or one with --save)")
    print(compare(load_deals(args.runs[0]), load_deals(args.runs[1])))


if __name__ == "__main__":
    main()
