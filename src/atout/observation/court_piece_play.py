"""Court Piece's observer: the one writer of a seat's observation vector.

Every path of :mod:`atout.rl.court_piece` goes through
:class:`CourtPieceObserver`: a whole vector from a typed view (``encode``,
the trump call, honour mode) and, in the play, only what changed since the
seat's last look, from the state's public accessors (``write_state``). The
two paths differ only in where they read the seat's hand, trick and tricks
(the view's fields, or the state's accessors for that seat); what goes in
which slot is written once, here, so the two cannot drift apart.

It is a module of its own, outside :mod:`atout.rl` and free of numpy, so that
a wheel (``pip install .``) compiles it with mypyc next to the engine it
reads (``setup.py``'s ``HOT_MODULES``) without depending on the ``[rl]``
extra: there the engine's card play is about three times faster, and this
writer, the environment's largest cost per step, had become most of the gap
between an environment step and a raw engine action (``bench/rl.py``). In
the editable install it is the same Python behind one more call.

Only slots that changed since the seat's last look are written: a card or
two of the hand, the trick's cards, the tricks finished since (simple
variant; the courts variant keeps them face down), the leader, the phase and
turn flags, tricks won and hand sizes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from atout.games.court_piece import CourtPieceState
from atout.observation.slots import CARD_BIT, HAND_SIZES, THIRTEENTHS, clip

__all__ = ["CourtPieceObserver", "PlaySeen"]

Trick = tuple[int, Sequence[int], int]
"""A finished trick as ``(leader, cards, winner)``."""

TRUMP_CALLS: Final = 0xF << 52
"""The mask of the trump call: ``trump S`` .. ``trump C`` (actions 52..55)."""


class PlaySeen:
    """What the observer last wrote for one seat (slot numbers and the values they hold)."""

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
        """Tricks won (own side first as the state gives them: by side 0, 1) as written."""
        self.sizes = None
        """The hand sizes written (a tuple of floats, by seat relative to the observer)."""


class CourtPieceObserver:
    """Writes one seat's vector, given the layout's slot numbers (the blocks of
    :mod:`atout.rl.court_piece`; the hand block starts at slot 0)."""

    __slots__ = (
        "_bits",
        "_caller_at",
        "_courts",
        "_dealer_at",
        "_flags",
        "_honour",
        "_leader_at",
        "_played",
        "_score",
        "_score_at",
        "_seen",
        "_sizes_at",
        "_target",
        "_trick",
        "_trump_at",
        "_won_at",
        "_zeros",
    )

    _bits: int
    _dealer_at: int
    _caller_at: int
    _trump_at: int
    _leader_at: int
    _won_at: int
    _sizes_at: int
    _score_at: int
    _played: list[list[int]]
    _trick: list[list[int]]
    _flags: list[list[tuple[int, ...]]]
    _zeros: memoryview[float]
    _courts: bool
    _honour: bool
    _target: int
    _seen: list[PlaySeen]
    _score: tuple[object, list[list[float]]]

    def __init__(
        self,
        *,
        courts: bool,
        honour: bool,
        target: int,
        bits: int,
        trick: int,
        played: int,
        trump: int,
        phase: int,
        dealer: int,
        caller: int,
        leader: int,
        turn: int,
        won_at: int,
        sizes_at: int,
        score_at: int,
    ) -> None:
        self._courts = courts
        self._honour = honour
        self._target = target
        self._seen = [PlaySeen() for _ in range(4)]
        """Per seat, what :meth:`write_state` last wrote into its kept vector."""
        self._score = (None, [])
        """The score slots of each side for the sheet they were made with (it changes only
        between deals)."""
        self._bits = bits
        self._zeros = memoryview(bytes(4 * bits)).cast("f")
        """The 0/1 part of a vector, all zeros (a ``float32`` memoryview to assign from)."""
        self._dealer_at = dealer
        self._caller_at = caller
        self._trump_at = trump
        self._leader_at = leader
        self._won_at = won_at
        self._sizes_at = sizes_at
        self._score_at = score_at
        self._played = [[played + 52 * ((r + i) & 3) for i in range(4)] for r in range(4)]
        """The played block's first slot for a finished trick's ``i``-th card, by its leader
        relative to the observer (a finished trick has four cards)."""
        self._trick = [[trick + 52 * ((r + i) & 3) for i in range(4)] for r in range(4)]
        """The trick block's first slot for its ``i``-th card, by its leader relative to the
        observer."""
        self._flags = [[(phase + p, turn + r) for r in range(4)] + [(phase + p,)] for p in range(3)]
        """The slots set by the phase (trump call, play, over) and the seat to act (relative;
        index 4: nobody), made once so that a look compares them by identity."""

    def write_state(
        self, state: CourtPieceState, seat: int, sheet: Mapping[str, Any], slots: Any, kept: bool
    ) -> bool:
        """The play phase, from the state's accessors for what the seat sees (its hand, the
        trick, the finished tricks unless face down), only what changed since its last look
        (``kept``: ``slots`` hold what this wrote last for the seat); a new deal, score sheet
        or an earlier state starts from zeros. ``False``, nothing written, for the trump
        call and honour mode (where a renege may be taken back): the view's."""
        trump = state.trump_suit
        if self._honour or trump < 0:
            return False
        seen = self._seen[seat]
        done = state.completed_tricks
        finished = len(done)
        deal = state.deal
        if not kept or seen.deal is not deal or seen.sheet is not sheet or finished < seen.done:
            dealer = deal.dealer
            self.start(
                slots, seen, seat, dealer, (dealer + 1) & 3, trump, self.score_of(sheet, seat)
            )
            seen.deal = deal
            seen.sheet = sheet
        trick = state.trick
        leader = state.leader
        turn = state.turn
        self.write(
            slots,
            seen,
            seat,
            2 if turn is None else 1,
            turn,
            state.hand(seat),
            leader,
            trick,
            () if self._courts else done,
            state.tricks_won,
            HAND_SIZES[finished][len(trick)][(leader - seat) & 3],
        )
        return True

    def mask_state(self, state: CourtPieceState, picks: tuple[int, ...]) -> int | None:
        """Trump calls (all four), then the cards that follow suit; ``None`` in honour mode
        (the engine's strings) and once over."""
        if self._honour or state.is_over():
            return None
        if state.trump_suit < 0:
            return TRUMP_CALLS
        return state.lawful_cards()

    def score_of(self, sheet: Mapping[str, Any], me: int) -> list[float]:
        """The score slots of ``me``'s side: simple, points own, other (/ target, capped);
        courts, courts own, other (/ 10, capped), series own, other (/ 7). Made once per
        sheet (it changes only between deals)."""
        key, score = self._score
        if key is not sheet:
            score = [self._score_side(sheet, 0), self._score_side(sheet, 1)]
            self._score = (sheet, score)
        return score[me & 1]

    def _score_side(self, sheet: Mapping[str, Any], side: int) -> list[float]:
        if self._courts:
            courts, series = sheet["courts"], sheet["series"]
            return [
                clip(courts[side] / 10),
                clip(courts[1 - side] / 10),
                series[side] / 7,
                series[1 - side] / 7,
            ]
        points = sheet["points"]
        return [clip(points[side] / self._target), clip(points[1 - side] / self._target), 0.0, 0.0]

    def start(
        self,
        slots: Any,
        seen: PlaySeen,
        me: int,
        dealer: int,
        caller: int,
        trump: int,
        score: Sequence[float],
    ) -> None:
        """A deal's look from zeros: what holds for the whole deal (dealer, caller, trump
        once named, ``trump`` < 0 before, the score); :meth:`write` adds the rest against
        the emptied ``seen``."""
        slots[: self._bits] = self._zeros
        slots[self._dealer_at + ((dealer - me) & 3)] = 1.0
        slots[self._caller_at + ((caller - me) & 3)] = 1.0
        if trump >= 0:
            slots[self._trump_at + trump] = 1.0
        slots[self._leader_at] = 1.0  # seen.leader is 0
        at = self._score_at
        slots[at], slots[at + 1], slots[at + 2], slots[at + 3] = score
        seen.clear()

    def write(
        self,
        slots: Any,
        seen: PlaySeen,
        me: int,
        phase: int,
        turn: int | None,
        hand: int,
        leader: int,
        trick: Sequence[int],
        done: Sequence[Trick],
        won: tuple[int, int],
        sizes: tuple[float, ...],
    ) -> None:
        """What changed since ``seen`` into ``slots``, from what seat ``me`` sees: its
        ``hand``, the trick ``leader`` and ``trick``, the finished tricks face up
        (``done``: none under the courts rules), tricks won by side, the hand sizes
        (/ 13) by relative seat, the ``phase`` (0 trump call, 1 play, 2 over) and ``turn``."""
        changed = hand ^ seen.hand
        if changed:
            bit = CARD_BIT
            while changed:
                card = changed.bit_length() - 1
                slots[card] = 1.0 if hand & bit[card] else 0.0
                changed ^= bit[card]
            seen.hand = hand
        finished = len(done)
        if finished != seen.done:
            for first, cards, _ in done[seen.done :]:
                base = self._played[(first - me) & 3]
                slots[base[0] + cards[0]] = 1.0
                slots[base[1] + cards[1]] = 1.0
                slots[base[2] + cards[2]] = 1.0
                slots[base[3] + cards[3]] = 1.0
            seen.done = finished
        r = (leader - me) & 3
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
        flags = self._flags[phase][4 if turn is None else (turn - me) & 3]
        if flags is not seen.flags:
            for slot in seen.flags:
                slots[slot] = 0.0
            for slot in flags:
                slots[slot] = 1.0
            seen.flags = flags
        if won != seen.won:
            at = self._won_at
            side = me & 1
            slots[at] = THIRTEENTHS[won[side]]
            slots[at + 1] = THIRTEENTHS[won[1 - side]]
            seen.won = won
        if sizes is not seen.sizes:
            at = self._sizes_at
            slots[at], slots[at + 1], slots[at + 2], slots[at + 3] = sizes
            seen.sizes = sizes
