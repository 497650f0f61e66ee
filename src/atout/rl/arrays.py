"""Observation vectors and action masks as numpy arrays, at the cost of one copy each.

Building a ``float32`` vector from an encoder's bits takes several numpy
calls per step (bytes, unpack, allocate, fill), and in the environment's
loop each costs about as much as the bit work around it. Here each seat
keeps its last vector, and a new observation changes only the slots whose
bits differ from that seat's previous one (a few per step: a card leaves a
hand, joins a trick, the turn moves), written through a ``memoryview`` (plain
C stores, no numpy call); a mask seen twice is kept as an array of its own,
others are written into the seat's own array as vectors are. Callers always
get a copy: the arrays kept here are never handed out, so a caller may keep
or change what it gets.

The result is checked equal to :meth:`GameSpec.vector` and
:meth:`GameSpec.mask` by ``tests/rl``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from atout.observation.masks import MaskArrays
from atout.rl.spec import Encoded, GameSpec, Observation

__all__ = ["Masks", "Vectors"]

Mask = npt.NDArray[np.int8]

_FEW = 64
"""Changed bits up to which slots are written one by one; past it (a seat's first look at
a new deal) one ``unpackbits`` of the whole 0/1 part costs less. Measured in the step
loop, where numpy calls cost more than in isolation: writing even 24 slots one by one
beat unpacking."""
_UINT8 = np.dtype(np.uint8)


_BIT = [1 << i for i in range(2048)]
"""``1 << i`` made once: clearing a bit of a wide int by a shift costs an allocation more."""


class Vectors:
    """One kept observation vector per seat, updated from the bits that changed."""

    __slots__ = ("_arrays", "_bits", "_by_state", "_bytes", "_scalars", "_slots", "_width")

    def __init__(self, spec: GameSpec, seats: int) -> None:
        layout = spec.layout
        if layout.bits > len(_BIT):
            raise ValueError(f"{layout.bits} 0/1 slots: at most {len(_BIT)}")
        self._width = layout.bits
        self._bytes = (layout.bits + 7) // 8
        self._arrays = [np.zeros(layout.size, np.float32) for _ in range(seats)]
        self._slots: list[Any] = [a.data for a in self._arrays]
        self._bits: list[int | None] = [0] * seats
        """Per seat, the bits its array holds; ``None`` once a game wrote it directly
        (:meth:`wrote`; or its ``by_state`` flag is set)."""
        self._by_state = [False] * seats
        """Per seat, whether :meth:`GameSpec.write_state` wrote its slots last (what it
        kept of them holds)."""
        self._scalars: list[list[float]] = [[0.0] * (layout.size - layout.bits)] * seats

    def direct(self, seat: int) -> tuple[Any, bool]:
        """The seat's kept slots (a ``float32`` memoryview), for a game to write straight into
        (:meth:`GameSpec.write_state`, :meth:`GameSpec.write_view`), and whether
        ``write_state`` wrote them last."""
        return self._slots[seat], self._by_state[seat]

    def by_state(self, spec: GameSpec, state: Any, seat: int, sheet: Any) -> Observation | None:
        """:meth:`GameSpec.write_state` into the seat's kept slots, and a copy of its array;
        ``None`` when the game left this state to :meth:`GameSpec.write_view` (nothing
        written). :meth:`direct` and :meth:`wrote` in one call: the environment's usual look."""
        if not spec.write_state(state, seat, sheet, self._slots[seat], self._by_state[seat]):
            return None
        self._by_state[seat] = True
        return self._arrays[seat].copy()

    def kept(self) -> tuple[list[Observation], list[Any], list[bool]]:
        """The kept arrays, their slots and the ``by_state`` flags, by seat (the lists
        themselves, updated in place): :meth:`by_state` inlined by the environment's look,
        which sets a seat's flag after ``write_state`` wrote its slots."""
        return self._arrays, self._slots, self._by_state

    def wrote(self, seat: int, *, by_state: bool = True) -> Observation:
        """Note that the game wrote the seat's slots (``by_state``: by ``write_state``, else
        by ``write_view``); a copy of its array."""
        self._bits[seat] = None
        self._by_state[seat] = by_state
        return self._arrays[seat].copy()

    def vector(self, seat: int, encoded: Encoded) -> Observation:
        """A new array equal to ``spec.vector(encoded)``."""
        bits, scalars = encoded
        slots = self._slots[seat]
        old = self._bits[seat]
        if old is None or self._by_state[seat]:  # written by the game: every slot again
            self._scalars[seat] = [math.nan] * len(scalars)
            old = None
        if old is None or (bits ^ old).bit_count() > _FEW:
            width = self._width
            raw = np.frombuffer(bits.to_bytes(self._bytes, "little"), _UINT8)
            self._arrays[seat][:width] = np.unpackbits(raw, None, None, "little")[:width]
            self._bits[seat] = bits
            self._by_state[seat] = False
        elif bits != old:
            bit = _BIT
            added = bits & ~old
            while added:
                i = added.bit_length() - 1
                slots[i] = 1.0
                added ^= bit[i]
            removed = old & ~bits
            while removed:
                i = removed.bit_length() - 1
                slots[i] = 0.0
                removed ^= bit[i]
            self._bits[seat] = bits
        kept = self._scalars[seat]
        if scalars != kept:
            at = self._width
            for value, was in zip(scalars, kept, strict=True):
                if value != was:
                    slots[at] = value
                at += 1
            self._scalars[seat] = scalars  # encoders hand out new lists, never changed later
        return self._arrays[seat].copy()


class Masks:
    """Action masks: a kept array per mask seen twice, else each seat's own, copied out.

    Masks repeat (following suit offers a subset of one suit, an auction a
    run of calls, and those come back from deal to deal), so a mask seen a
    second time is kept and a copy of it (one numpy call) is the usual cost.
    Others rarely repeat (a lead offers the whole hand, Court Circular any
    card held): those are written into the seat's own array, only the slots
    that changed since its last one, as :class:`Vectors` does. Kept arrays are
    never handed out; the tables are emptied at
    :data:`~atout.observation.masks.KEPT_MASKS` masks. A game whose
    masks hardly ever repeat (``GameSpec.masks_repeat``: Court Circular offers the hand
    and a few cards drawn) keeps none: remembering them would cost at every step and
    never pay back.
    """

    __slots__ = ("of_bits",)

    def __init__(self, spec: GameSpec, seats: int) -> None:
        size = len(spec.actions)
        arrays = [np.zeros(size, np.int8) for _ in range(seats)]
        self.of_bits: Callable[[int, int], Mask] = MaskArrays(arrays, spec.masks_repeat).of_bits
        """A new array equal to ``spec.mask`` of the mask whose bits are ``bits`` (bit ``i`` =
        action ``i``: :meth:`GameSpec.mask_bits` or :meth:`GameSpec.mask_state`), as
        ``of_bits(seat, bits)``: :class:`~atout.observation.masks.MaskArrays`'s own method
        (compiled in a wheel), not a Python method that would forward to it."""
