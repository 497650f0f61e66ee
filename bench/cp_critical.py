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

(The positions are found and judged by ``bench/cp_screen.py``'s ``extract``
and asked by its ``screen``, with no salt: one replay for both scripts.)
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from cp_screen import extract, screen  # bench/, beside this script


def main() -> None:
    """One line per critical decision (JSON), then the count kept."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path)
    parser.add_argument("--decisions", type=int, default=100)
    parser.add_argument("--effort", type=int, default=6)
    args = parser.parse_args()
    rows = extract(args.records, args.decisions, per_match=args.decisions)
    cards = screen(rows, args.effort, salt="")
    for row in rows:
        match, deal, index = row["key"].rsplit("/", 2)
        card, kept = cards[row["key"]]
        line = {"match": match, "deal": int(deal), "index": int(index), "card": card, "kept": kept}
        print(json.dumps(line))
    kept = sum(ok for _, ok in cards.values())
    print(f"critical decisions {len(rows)}, kept {kept} ({kept / max(1, len(rows)):.1%})")


if __name__ == "__main__":
    main()
