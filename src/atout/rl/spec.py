"""What the environment needs from a game: a fixed action table and an observer.

A :class:`GameSpec` is the whole per-game part of :mod:`atout.rl`: the list of
action strings that index ``i`` of the discrete action space stands for, the
observation layout (named blocks of a flat ``float32`` vector), and the
game's one *observer*, which writes a seat's vector from what that seat
sees. Every path goes through it: ``write_view(view, sheet, picks, slots)``
writes the whole vector from the seat's typed view
(``State.typed_view(seat)``: card sets and card ints, nothing to parse), the
definition; ``encode`` is that vector as ``(bits, scalars)``; and
``write_state`` runs the same observer on the state's accessors for what the
seat sees (its hand, dummy once faced, the tricks), writing only what
changed since the seat's last look into the array the environment keeps for
it. The mask of a card phase comes from the state's card sets
(``mask_state``). ``tests/rl`` check the arrays against a second encoding
from the JSON view, fixed digests of seeded games, and the masks against
``legal_actions()``.

Cards take the first slots of every action table (index = card index, so
``0`` is ``2S`` and ``51`` is ``AC``; Five Hundred adds the joker at 52); the
game's other actions follow.

>>> layout = Layout()
>>> hand = layout.add("hand", 52, cards=True)
>>> trick = layout.add("trick", 52, seats=4, cards=True)
>>> layout.size, hand, trick
(260, 0, 52)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from atout.cards import CARD_BY_NAME, JOKER
from atout.core import IllegalActionError
from atout.observation.slots import clip

__all__ = [
    "CARD_INDEX",
    "Block",
    "Encoded",
    "GameSpec",
    "Layout",
    "Observation",
    "Sheet",
    "StateMasker",
    "StateWriter",
    "clip",
    "rel",
]

Observation = npt.NDArray[np.float32]
Sheet = Mapping[str, Any]
"""The public score sheet (``Game.tally_view``), JSON-ready."""
Encoded = tuple[int, list[float]]
"""An encoded observation: the 0/1 slots as the bits of an int, then the other numbers."""
StateWriter = Callable[[Any, int, Sheet, Any, bool], bool]
""":meth:`GameSpec.write_state`'s signature: ``(state, seat, sheet, slots, kept)``."""
StateMasker = Callable[[Any, tuple[int, ...]], "int | None"]
""":meth:`GameSpec.mask_state`'s signature: ``(state, picks)``."""

_UINT8 = np.dtype(np.uint8)
_FLOAT32 = np.dtype(np.float32)

CARD_INDEX: dict[str, int] = {**CARD_BY_NAME, "JK": JOKER}
"""Card notation to card index (``JK`` is 52): the action and observation slot of a card."""


@dataclass(frozen=True, slots=True)
class Block:
    """A named part of the observation: ``seats`` sub-blocks of ``width`` slots each.

    Seat sub-blocks are relative to the observer: 0 is the observer, 1 the next
    seat to play after him, and so on.
    """

    name: str
    offset: int
    width: int
    seats: int = 1
    cards: bool = False
    """Whether a slot is a card index (1.0 = that card is there)."""

    @property
    def size(self) -> int:
        """Slots in the block."""
        return self.width * self.seats

    def part(self, obs: Observation, seat: int = 0) -> Observation:
        """The slots of one relative seat (a view into ``obs``)."""
        start = self.offset + seat * self.width
        return obs[start : start + self.width]


@dataclass
class Layout:
    """The blocks of an observation vector, in order; built once per game."""

    blocks: dict[str, Block] = field(default_factory=dict)
    size: int = 0
    bits: int = 0
    """Slots of the 0/1 part, which comes first; the scaled numbers follow it."""

    def add(
        self, name: str, width: int, *, seats: int = 1, cards: bool = False, scalar: bool = False
    ) -> int:
        """Append a block and return its offset.

        0/1 blocks (bit ``offset + i`` of the encoder's int) must all come
        before the ``scalar`` blocks (``scalars[offset - bits + i]``).
        """
        if not scalar and self.size != self.bits:
            raise ValueError(f"0/1 block {name!r} after a scalar block")
        block = Block(name, self.size, width, seats, cards)
        self.blocks[name] = block
        self.size += block.size
        if not scalar:
            self.bits = self.size
        return block.offset

    def describe(self) -> str:
        """A table of the blocks (``offset size name``), for the docs."""
        rows = [f"{b.offset:5d} {b.size:4d}  {b.name}" for b in self.blocks.values()]
        return "\n".join(rows)


def rel(seat: int, observer: int, players: int) -> int:
    """``seat`` relative to ``observer``: 0 is the observer, 1 the next to play after him.

    >>> rel(1, 3, 4), rel(3, 3, 4)
    (2, 0)
    """
    return (seat - observer) % players


class GameSpec:
    """The per-game part of the environment. Subclasses fill the tables and the observer.

    The action table is a tuple of action strings; the mask of a decision is
    the table indexes of ``view["legal"]``. Games whose actions do not fit one
    index (Five Hundred's ``discard C1 C2 C3``) override :meth:`legal_indexes`
    and :meth:`resolve` to split them into several picks.
    """

    game_id: str = ""
    actions: tuple[str, ...] = ()
    layout: Layout
    points_scale: float = 1.0
    """Deal points are divided by this in the ``points`` reward."""
    plain_actions: int = 0
    """For a game that overrides :meth:`resolve`: the indexes below this one are each the
    table's action (``step`` reads them without calling :meth:`resolve_state`)."""
    masks_repeat: bool = True
    """Whether the same mask comes back often enough to keep an array of each one seen twice
    (:class:`~atout.rl.arrays.Masks`); a game whose masks are nearly all new says no."""
    actor_is_turn: bool = False
    """Whether the seat that decides is always the seat to act (no dummy), and nobody once
    the deal is over: the environment then records an action under the seat it selected
    and reads ``actor`` alone after it, without asking the state's ``turn`` and
    ``is_over()``."""
    auction: Any = None
    """The state's phase in which a notation shared by a card and a call names the call
    (bridge's and Five Hundred's auction); ``None`` for a game without calls."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.index: dict[str, int] = {}
        """Action to its index; a card's notation to the card (see :meth:`indexes_of`)."""
        for i, action in enumerate(self.actions):
            self.index.setdefault(action, i)
        calls = {a: i for i, a in enumerate(self.actions)}
        self._call_index: dict[str, int] = calls
        """An auction's actions to their indexes: calls that share a card's notation (bridge's
        and Five Hundred's ``6S``) to the call."""
        self.shared: frozenset[str] = frozenset(a for a, i in calls.items() if self.index[a] != i)
        """Notations at two indexes (a card and a call): :meth:`index_now` says which one is
        meant; the engine, given the text, cannot tell."""
        self._bit: dict[str, int] = {a: 1 << i for a, i in self.index.items()}
        self._call_bit: dict[str, int] = {a: 1 << i for a, i in calls.items()}
        """Action to its mask bit: the tables :meth:`mask_bits` reads legal lists through."""
        self._by_index = type(self).legal_indexes is GameSpec.legal_indexes
        """Whether the mask is the table indexes of the legal actions (no split actions)."""
        self._masks: dict[Any, int] = {}
        self._bit_bytes = (self.layout.bits + 7) // 8
        self._mask_bytes = (len(self.actions) + 7) // 8

    def indexes_of(self, legal: Sequence[str]) -> dict[str, int]:
        """The table that maps ``legal``'s actions to indexes.

        Some calls share a card's notation (``6S`` is a bid and a card in
        bridge and Five Hundred): an auction's list (it starts with ``pass``)
        names calls, any other list names cards.
        """
        return self._call_index if legal and legal[0] == "pass" else self.index

    def index_now(self, action: str, state: Any) -> int:
        """The index ``action`` has in ``state`` (a shared notation: the call in the
        :attr:`auction` phase, the card otherwise). The environment asks it at every step of
        a shared notation (a third of Five Hundred's cards), so the phase is read here."""
        return self._call_index[action] if state.phase is self.auction else self.index[action]

    def legal_indexes(self, legal: Sequence[str], picks: tuple[int, ...]) -> list[int]:
        """The action indexes allowed now (``picks``: indexes chosen so far in a split action)."""
        index = self.indexes_of(legal)
        return [index[a] for a in legal]

    def resolve(self, action: int, legal: Sequence[str], picks: tuple[int, ...]) -> str | None:
        """The action string of index ``action``, or ``None`` for a pick that waits for more.

        Legality is the engine's: an action not allowed now is refused by
        ``apply``; this only maps indexes to strings.
        """
        if not 0 <= action < len(self.actions):
            raise IllegalActionError(f"no action {action} (actions 0..{len(self.actions) - 1})")
        return self.actions[action]

    def write_view(
        self, view: Any, sheet: Sheet, picks: tuple[int, ...], slots: Any
    ) -> None:  # pragma: no cover - every game overrides it
        """Write the whole vector of ``view.seat`` into ``slots`` (a ``float32`` memoryview
        of the layout's size, any content): the definition of the observation.

        Each game's observer writes it, the same code :meth:`write_state` runs on
        the state (reading the state's accessors for what the seat sees instead
        of the view's fields). It reads the typed view (``State.typed_view(seat)``)
        and the public score sheet, nothing else, so it cannot show what the seat
        may not know.
        """
        raise NotImplementedError

    def encode(self, view: Any, sheet: Sheet, picks: tuple[int, ...]) -> Encoded:
        """The typed view of ``view.seat`` (and the public score sheet) as ``(bits, scalars)``:
        :meth:`write_view`'s vector, its 0/1 slots as the bits of an int (bit ``i`` = slot
        ``i``), then the numbers after them."""
        layout = self.layout
        out = np.zeros(layout.size, _FLOAT32)
        self.write_view(view, sheet, picks, out.data)
        width = layout.bits
        raw = np.packbits(out[:width] != 0, None, "little").tobytes()
        return int.from_bytes(raw, "little"), out[width:].tolist()

    def write_state(self, state: Any, seat: int, sheet: Sheet, slots: Any, kept: bool) -> bool:
        """Write the seat's vector straight into ``slots`` (its kept array), where a game can.

        Encoding a whole vector to find the few slots that changed since the
        seat's last look costs more than the step; a game that knows what a
        step changes (a card left the hand, joined the trick) writes only that.
        ``kept``: whether ``slots`` still hold what this method wrote last for
        the seat (else everything is written again). Returns ``False``, having
        written nothing, in the phases it leaves to :meth:`write_view`;
        ``tests/rl`` check the arrays against a reference encoding of the view
        and fixed digests at every step.
        """
        return False

    def write_picked(
        self,
        state: Any,
        seat: int,
        sheet: Sheet,
        slots: Any,
        kept: bool,
        picks: tuple[int, ...],
    ) -> bool:
        """:meth:`write_state` for a look with picks made (a split action half chosen:
        ``picks`` as in :meth:`mask_bits`); ``False`` leaves those looks to
        :meth:`write_view`."""
        return False

    def mask_state(self, state: Any, picks: tuple[int, ...]) -> int | None:
        """The mask bits of the seat to act, from the state's public accessors, or ``None``.

        Building the legal list as strings and looking its bits up costs more
        than reading the card set it comes from, so games give the bits of
        their card phases (cards are the first table indexes) from the state;
        ``None`` leaves a phase to :meth:`mask_bits` of ``legal_actions()``.
        ``tests/rl`` check on random games that both give the same bits.
        ``picks``: as in :meth:`mask_bits` (only split actions have them).
        """
        return None

    def look_calls(self) -> tuple[StateWriter, StateMasker]:
        """What the environment calls at every look: :meth:`write_state` and
        :meth:`mask_state`, or the callables a game's methods forward to (its observer's,
        compiled with the engine in a wheel), which spares a Python call per look; either
        way the same answers."""
        return self.write_state, self.mask_state

    def resolve_state(self, action: int, state: Any, picks: tuple[int, ...]) -> str | None:
        """:meth:`resolve` for ``state`` (a game may read its accessors instead of the legal
        list; ``tests/rl`` check both agree)."""
        return self.resolve(action, state.legal_actions(), picks)

    def vector(self, encoded: Encoded) -> Observation:
        """The observation vector: one ``unpackbits`` for the 0/1 part, one copy for the rest."""
        bits, scalars = encoded
        layout = self.layout
        width = layout.bits
        out = np.empty(layout.size, _FLOAT32)
        raw = np.frombuffer(bits.to_bytes(self._bit_bytes, "little"), _UINT8)
        out[:width] = np.unpackbits(raw, None, None, "little")[:width]
        out[width:] = scalars
        return out

    def mask_bits(self, legal: Sequence[str], picks: tuple[int, ...]) -> int:
        """The action mask of ``legal`` as the bits of an int (cached per legal list)."""
        key = (legal, picks) if picks else legal
        bits = self._masks.get(key)
        if bits is None:
            bits = 0
            if self._by_index:
                bit = self._call_bit if legal and legal[0] == "pass" else self._bit
                for action in legal:
                    bits |= bit[action]
            else:
                for i in self.legal_indexes(legal, picks):
                    bits |= 1 << i
            if len(self._masks) > 100_000:
                self._masks.clear()
            self._masks[key] = bits
        return bits

    def mask(self, legal: Sequence[str], picks: tuple[int, ...]) -> npt.NDArray[np.int8]:
        """The action mask of ``legal``: 1 for the indexes allowed now."""
        bits = self.mask_bits(legal, picks)
        raw = np.frombuffer(bits.to_bytes(self._mask_bytes, "little"), _UINT8)
        return np.unpackbits(raw, None, None, "little")[: len(self.actions)].view(np.int8)
