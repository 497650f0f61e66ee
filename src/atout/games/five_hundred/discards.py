"""The contractor's legal actions in the kitty phase, listed only when read: :class:`Discards`.

With the kitty in hand the contractor may discard any three of his thirteen
cards: 286 ``discard A B C`` actions. A view lists them for the seat to act,
but most readers only ask whether it acts (the environments read the card
set instead), so the view holds this sequence, which writes the list out the
first time it is read. Not compiled with mypyc (``setup.py``'s
``HOT_MODULES``): a native class cannot derive from ``Sequence``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import overload

from atout.cards import CardSet

__all__ = ["Discards"]


class Discards(Sequence[str]):
    """Every discard of three from ``hand``, as ``list_them(hand)`` gives them, on demand."""

    __slots__ = ("_actions", "_hand", "_list_them")

    def __init__(self, hand: CardSet, list_them: Callable[[CardSet], tuple[str, ...]]) -> None:
        self._hand = hand
        self._list_them = list_them
        self._actions: tuple[str, ...] | None = None

    def actions(self) -> tuple[str, ...]:
        """The actions, written out (once)."""
        if self._actions is None:
            self._actions = self._list_them(self._hand)
        return self._actions

    def __len__(self) -> int:
        n = self._hand.bit_count()
        return n * (n - 1) * (n - 2) // 6

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self.actions()[index]

    def __iter__(self) -> Iterator[str]:
        return iter(self.actions())

    def __repr__(self) -> str:
        return f"Discards({len(self)} discards)"
