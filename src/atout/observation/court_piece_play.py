"""Court Piece's play phase written into a seat's kept observation, step by step.

This is the per-step half of :meth:`atout.rl.court_piece.CourtPieceSpec.write_state`
(the spec keeps the checks and the deal's restart). It is a module of its
own, outside :mod:`atout.rl` and free of numpy, so that a wheel (``pip install .``)
compiles it with mypyc next to the engine it reads (``setup.py``'s
``HOT_MODULES``) without depending on the ``[rl]`` extra: there the engine's card
play is about three times faster, and this writer, the environment's largest
cost per step, had become most of the gap between an environment step and a
raw engine action (``bench/rl.py``). In the editable install it is the same
Python behind one more call.

Only slots that changed since the seat's last look are written: a card or
two of the hand, the trick's cards, the tricks finished since (simple
variant; the courts variant keeps them face down), the leader, the phase and
turn flags, tricks won and hand sizes.
"""

from __future__ import annotations

from typing import Any

from atout.games.court_piece import CourtPieceState
from atout.observation.slots import CARD_BIT, HAND_SIZES, THIRTEENTHS

__all__ = ["PlaySeen", "PlayWriter"]


class PlaySeen:
    """What the writer last wrote for one seat (slot numbers and the values they hold)."""

    __slots__ = ("deal", "done", "flags", "hand", "leader", "sheet", "sizes", "trick", "won")

    deal: object
    sheet: object
    hand: int
    done: int
    trick: list[int]
    leader: int
    flags: tuple[int, ...]
    won: tuple[int, int]
    sizes: object

    def __init__(self) -> None:
        self.deal = None
        """The deal written (its object: a new deal starts from zeros)."""
        self.sheet = None
        """The score sheet the score slots were written from."""
        self.clear()

    def clear(self) -> None:
        """Nothing of the deal written yet (its slots are zeros, the leader slot 0 set)."""
        self.hand = 0
        self.done = 0
        """Finished tricks already in the ``played`` block."""
        self.trick = []
        """The trick block's slots set to 1."""
        self.leader = 0
        """The trick's leader relative to the seat."""
        self.flags = ()
        """The phase and turn slots set to 1."""
        self.won = (-1, -1)
        """Tricks won (the state's ``tricks_won``) as written."""
        self.sizes = None
        """The hand sizes written (a tuple of :data:`~atout.observation.slots.HAND_SIZES`)."""


class PlayWriter:
    """Writes the play phase of one seat's vector, given the layout's slot numbers."""

    __slots__ = (
        "_courts",
        "_leader_at",
        "_over",
        "_played",
        "_sizes_at",
        "_trick",
        "_turns",
        "_won_at",
    )

    _courts: bool
    _leader_at: int
    _won_at: int
    _sizes_at: int
    _played: list[list[int]]
    _trick: list[list[int]]
    _turns: list[tuple[int, ...]]
    _over: tuple[int, ...]

    def __init__(
        self,
        *,
        courts: bool,
        trick: int,
        played: int,
        phase: int,
        leader: int,
        turn: int,
        won_at: int,
        sizes_at: int,
    ) -> None:
        self._courts = courts
        self._leader_at = leader
        self._won_at = won_at
        self._sizes_at = sizes_at
        self._played = [[played + 52 * ((r + i) & 3) for i in range(4)] for r in range(4)]
        """The played block's first slot for a finished trick's ``i``-th card, by its leader
        relative to the observer (a finished trick has four cards)."""
        self._trick = [[trick + 52 * ((r + i) & 3) for i in range(4)] for r in range(4)]
        """The trick block's first slot for its ``i``-th card, by its leader relative to the
        observer."""
        self._turns = [(phase + 1, turn + r) for r in range(4)]
        """The slots of the play phase and the seat to act (relative)."""
        self._over = (phase + 2,)

    def write(self, state: CourtPieceState, seat: int, seen: PlaySeen, slots: Any) -> None:
        """What changed since ``seen`` into ``slots`` (the hand block starts at slot 0)."""
        hand = state.hand(seat)
        changed = hand ^ seen.hand
        if changed:
            bit = CARD_BIT
            while changed:
                card = changed.bit_length() - 1
                slots[card] = 1.0 if hand & bit[card] else 0.0
                changed ^= bit[card]
            seen.hand = hand
        done = state.completed_tricks
        finished = len(done)
        if finished != seen.done:
            if not self._courts:
                for first, cards, _ in done[seen.done :]:
                    base = self._played[(first - seat) & 3]
                    slots[base[0] + cards[0]] = 1.0
                    slots[base[1] + cards[1]] = 1.0
                    slots[base[2] + cards[2]] = 1.0
                    slots[base[3] + cards[3]] = 1.0
            seen.done = finished
        r = (state.leader - seat) & 3
        trick = state.trick
        if trick or seen.trick:
            for slot in seen.trick:
                slots[slot] = 0.0
            placed: list[int] = []
            base = self._trick[r]
            for i, card in enumerate(trick):
                slot = base[i] + card
                slots[slot] = 1.0
                placed.append(slot)
            seen.trick = placed
        if r != seen.leader:
            slots[self._leader_at + seen.leader] = 0.0
            slots[self._leader_at + r] = 1.0
            seen.leader = r
        turn = state.turn
        flags = self._over if turn is None else self._turns[(turn - seat) & 3]
        if flags is not seen.flags:
            for slot in seen.flags:
                slots[slot] = 0.0
            for slot in flags:
                slots[slot] = 1.0
            seen.flags = flags
        won = state.tricks_won
        if won != seen.won:
            at = self._won_at
            side = seat & 1
            slots[at] = THIRTEENTHS[won[side]]
            slots[at + 1] = THIRTEENTHS[won[1 - side]]
            seen.won = won
        sizes = HAND_SIZES[finished][len(trick)][r]
        if sizes is not seen.sizes:
            at = self._sizes_at
            slots[at], slots[at + 1], slots[at + 2], slots[at + 3] = sizes
            seen.sizes = sizes
