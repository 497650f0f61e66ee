"""Tables and writes shared by the games' direct observation writers (``write_state``).

A game's :meth:`~atout.rl.spec.GameSpec.write_state` updates only the slots
that changed since the seat's last look. What every game needs is here once:
card bits, counts out of thirteen, the hand sizes of a 13-card deal, a hand's
cards written from zeros. The per-step moves themselves (a card or two of the
hand, the trick's slots, the turn flags) stay spelled out inside each
game's writer (``write_state``; Court Piece's ``court_piece_play``): as calls
into this module they measured 3 to 5 points slower on ``bench/rl.py``'s
Court Piece ratio.
"""

from __future__ import annotations

from typing import Any, Final

from atout.cards import CardSet

__all__ = [
    "CARD_BIT",
    "HAND_SIZES",
    "THIRTEENTHS",
    "clip",
    "write_cards",
]

CARD_BIT: Final = [1 << c for c in range(53)]
"""``1 << card`` for every card and the joker (a list index is cheaper than a shift here)."""
THIRTEENTHS: Final = tuple(n / 13 for n in range(14))
"""Counts out of thirteen (tricks won, cards held), as written."""
HAND_SIZES: Final = [
    [
        [
            tuple(THIRTEENTHS[13 - done - (((s - r) & 3) < played)] for s in range(4))
            for r in range(4)
        ]
        for played in range(4)
    ]
    for done in range(14)
]
"""Cards held (/ 13) by seat relative to the observer in a 13-card deal of four seats, by
finished tricks, cards in the current trick and its leader relative to the observer: every
seat holds 13 less one per finished trick, and one less again if it has played to the
current trick (relative seat ``s`` has iff ``(s - leader) % 4 < cards``)."""


def write_cards(slots: Any, offset: int, cards: CardSet, old: CardSet) -> None:
    """Slot ``offset + card`` of each card that differs between ``old`` and ``cards``: 1.0 if
    ``cards`` holds it now, else 0.0."""
    changed = cards ^ old
    bit = CARD_BIT
    while changed:
        card = changed.bit_length() - 1
        slots[offset + card] = 1.0 if cards & bit[card] else 0.0
        changed ^= bit[card]


def clip(value: float) -> float:
    """A scaled score kept inside the observation space's ``[-1, 1]``."""
    return -1.0 if value < -1.0 else 1.0 if value > 1.0 else value
