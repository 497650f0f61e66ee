"""The contractor's legal actions in the kitty phase, written only when read: :class:`Discards`.

With the kitty in hand the contractor may discard any three of his thirteen
cards: 286 ``discard A B C`` actions. Most readers take one of them (a random
player: ``len`` and one index) or only ask whether the seat acts (the
environments read the card set instead), so ``legal_actions()`` and the view
hold this sequence: its length is counted, one action is written when it is
indexed, and the whole list only when it is iterated (or compared, hashed,
sliced). Writing the 286 strings was most of a random deal's kitty, the
costliest action of the deal. Not compiled with mypyc (``setup.py``'s
``HOT_MODULES``): a native class cannot derive from ``Sequence``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from typing import Final, overload

from atout.cards import CARD_BY_NAME, CardSet, card_names

__all__ = ["Discards"]

_TRIPLES: Final[dict[int, tuple[tuple[int, int, int], ...]]] = {}
"""``_TRIPLES[n]``: the places ``(a, b, c)`` of every discard from ``n`` cards, in the
combinations' order (the order of the list), made on the first kitty of that size."""


def _triples(size: int) -> tuple[tuple[int, int, int], ...]:
    triples = _TRIPLES.get(size)
    if triples is None:
        triples = _TRIPLES[size] = tuple(combinations(range(size), 3))
    return triples


class Discards(Sequence[str]):
    """Every discard of three from ``hand``, in the order ``list_them(hand)`` lists them.

    ``list_them`` writes the whole list (once, when it is iterated); an index
    writes its one action here, the same string. Equal to the tuple it stands
    for (and hashed like it), as the tuple it replaces was.
    """

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
        if self._actions is not None or type(index) is not int:
            return self.actions()[index]
        names = card_names(self._hand)  # the hand's cards by index: the combinations' order
        a, b, c = (_TRIPLES.get(len(names)) or _triples(len(names)))[index]
        return f"discard {names[a]} {names[b]} {names[c]}"

    def __contains__(self, action: object) -> bool:
        if self._actions is not None or not isinstance(action, str):
            return action in self.actions()
        words = action.split(" ")
        if len(words) != 4 or words[0] != "discard":
            return False
        held = 0
        last = -1
        for word in words[1:]:
            card = CARD_BY_NAME.get(word)
            if card is None or card <= last or not self._hand >> card & 1:
                return False
            held |= 1 << card
            last = card
        # Held, in order: listed exactly when written canonically (not ``10H`` for ``TH``).
        return action == "discard " + " ".join(card_names(held))

    def __iter__(self) -> Iterator[str]:
        return iter(self.actions())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Discards):
            return self.actions() == other.actions()
        if isinstance(other, tuple):
            return self.actions() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.actions())

    def __repr__(self) -> str:
        return f"Discards({len(self)} discards)"
