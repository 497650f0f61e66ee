"""What a Court Piece trump call says about the caller's trumps (prints it; not a test).

Usage: ``python bench/court_piece_call_evidence.py [--deals N] [--seed S]``

The caller names trump from his first five cards. Hard's worlds only ask
that a calling opponent holds two trumps; this measures how much more the
call tells when the caller names the longest suit of his five, as the
greedy player does: the spread of trumps in his thirteen cards, against a
suit drawn at random with the same two-card floor.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from atout.bots.court_piece.greedy import name_trump
from atout.cards import suit_of


def spreads(deals: int, seed: int) -> tuple[Counter[int], Counter[int]]:
    """Trumps in the caller's 13 cards: the suit he names, and a random suit with 2 or more."""
    rng = random.Random(seed)
    named: Counter[int] = Counter()
    floor: Counter[int] = Counter()
    while sum(named.values()) < deals:
        deck = list(range(52))
        rng.shuffle(deck)
        hand = deck[:13]  # the first five dealt are hand[:5]
        trump = name_trump(hand[:5])
        named[sum(suit_of(c) == trump for c in hand)] += 1
        suit = rng.randrange(4)
        length = sum(suit_of(c) == suit for c in hand)
        if length >= 2:
            floor[length] += 1
    return named, floor


def _line(label: str, counts: Counter[int]) -> str:
    total = sum(counts.values())
    mean = sum(k * n for k, n in counts.items()) / total
    five_plus = sum(n for k, n in counts.items() if k >= 5) / total
    shares = " ".join(f"{k}:{counts[k] / total:.3f}" for k in sorted(counts))
    return f"{label:<28} mean {mean:.2f}  5+ {five_plus:.1%}  {shares}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    named, floor = spreads(args.deals, args.seed)
    print(_line("named (longest of five)", named))
    print(_line("random suit, 2 or more", floor))


if __name__ == "__main__":
    main()
