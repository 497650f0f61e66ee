"""Action masks written from their bits into kept arrays: the part of
:class:`atout.rl.arrays.Masks` that needs no numpy.

The environment asks for a mask at every step; writing the slots whose bits
changed since a seat's last mask is a Python loop that, left in
:mod:`atout.rl`, cost a compiled wheel (``pip install .``) as much as a fifth
of a raw engine action (``bench/rl.py``). Here it is compiled with the engine
(``setup.py``'s ``HOT_MODULES``); the arrays themselves are made by
:class:`~atout.rl.arrays.Masks` and only handled here as objects (their
``data`` memoryview written, their ``copy()`` called), so this module imports
no numpy.
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["MaskArrays"]

KEPT_MASKS: Final = 1 << 15
"""Masks kept (each an array of the action count's bytes), and masks seen once remembered."""
_BIT: Final = [1 << i for i in range(2048)]
"""``1 << i`` made once: clearing a bit of a wide int by a shift costs an allocation more."""


class MaskArrays:
    """A kept array per mask seen twice, else each seat's own array, copied out (see
    :class:`atout.rl.arrays.Masks`)."""

    __slots__ = ("_arrays", "_bits", "_keep", "_kept", "_once", "_slots")

    _arrays: list[Any]
    _slots: list[Any]
    _bits: list[int]
    _kept: dict[int, Any]
    _once: set[int]
    _keep: bool

    def __init__(self, arrays: list[Any], keep: bool) -> None:
        """``arrays``: one zeroed ``int8`` array per seat, as long as the action table;
        ``keep``: whether masks repeat enough to keep an array of each one seen twice."""
        self._arrays = arrays
        self._slots = [array.data for array in arrays]
        self._bits = [0] * len(arrays)
        self._kept = {}
        self._once = set()
        """Masks seen once (kept when seen again)."""
        self._keep = keep

    def of_bits(self, seat: int, bits: int) -> Any:
        """A new array of the mask whose bits are ``bits`` (bit ``i`` = action ``i``)."""
        kept = self._kept.get(bits)
        if kept is not None:
            return kept.copy()
        old = self._bits[seat]
        if bits != old:
            slots = self._slots[seat]
            bit = _BIT
            added = bits & ~old
            while added:
                i = added.bit_length() - 1
                slots[i] = 1
                added ^= bit[i]
            removed = old & ~bits
            while removed:
                i = removed.bit_length() - 1
                slots[i] = 0
                removed ^= bit[i]
            self._bits[seat] = bits
        array = self._arrays[seat]
        if not self._keep:
            return array.copy()
        once = self._once
        if bits in once:
            if len(self._kept) >= KEPT_MASKS:
                self._kept.clear()
            self._kept[bits] = array.copy()
            once.discard(bits)
        else:
            if len(once) >= KEPT_MASKS:
                once.clear()
            once.add(bits)
        return array.copy()
