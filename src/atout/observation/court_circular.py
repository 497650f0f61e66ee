"""Court Circular's observer: the one writer of a seat's observation vector.

:mod:`atout.rl.court_circular` holds the layout (its table of blocks) and the
action table; everything that writes a vector is here, outside
:mod:`atout.rl` and free of numpy, so that a wheel (``pip install .``)
compiles it with mypyc next to the engine it reads (``setup.py``'s
``HOT_MODULES``), as Court Piece's :mod:`atout.observation.court_piece_play`:
there the engine runs about three times faster, and an observer left in
Python was most of the gap between an environment step and a raw engine
action (``bench/rl.py``). The state path reads the state's typed accessors,
which compiled code calls directly.

:meth:`CourtCircularObserver.write_view` writes a whole vector from the seat's
typed view (the observation's definition); :meth:`~CourtCircularObserver.write_state`
feeds the same :meth:`~CourtCircularObserver._start` (a deal's look from zeros)
and :meth:`~CourtCircularObserver._look` (what changed since the seat's last
look) from the state's accessors for what the seat sees.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from atout.games.court_circular import CourtCircularState, Phase
from atout.games.court_circular_lines import LineKind, line_strength
from atout.games.court_circular_view import CourtCircularView
from atout.observation.slots import CARD_BIT, clip

__all__ = ["SLOTS", "CourtCircularObserver"]

# The layout's slots (atout.rl.court_circular builds the same blocks and checks them).
HAND: Final = 0
LEAD: Final = 52
TABLE: Final = 104
FACE_UP: Final = 208
LINE: Final = 312
PHASE: Final = 320
DEALER: Final = 323
LEADER: Final = 325
TURN: Final = 327
LAST: Final = 329
COUNTS_AT: Final = 330
"""Hand sizes own, other (/ 6), face-down piles own, other, the stock (/ 52)."""
SCORE_AT: Final = 335
SIZE: Final = 337
SLOTS: Final = {
    "hand": HAND,
    "lead": LEAD,
    "table": TABLE,
    "face_up": FACE_UP,
    "line_class": LINE,
    "phase": PHASE,
    "dealer": DEALER,
    "leader": LEADER,
    "turn": TURN,
    "last_trick": LAST,
    "hand_sizes": COUNTS_AT,
    "score": SCORE_AT,
}
"""The first slot of the blocks this module writes by name, for the layout's check."""

CONCEDE_BIT: Final = 1 << 52
"""The mask bit of ``concede`` (action 52); ``lead X`` is action ``53 + X``."""
LEADS: Final = 53

_PLAY: Final = Phase.PLAY
_LEAD: Final = Phase.LEAD
_PHASE_INDEX: Final = {_PLAY: 0, _LEAD: 1, Phase.OVER: 2}
_CLASS_OF_KIND: Final = tuple(LineKind(kind).line_class or 0 for kind in range(len(LineKind)))
"""A line's class (0: none) by its kind's value: ``line_strength(...) >> 9`` read without
building the ``LineKind`` (its ``line_class`` costs as much as the strength itself)."""
_KEPT_LINES: Final = 1 << 16
"""Line classes kept (see ``CourtCircularObserver._lines``) before the table is emptied."""
_ZEROS: Final = memoryview(bytes(4 * SIZE)).cast("f")
"""A whole vector of zeros (a ``float32`` memoryview to assign from)."""


class Seen:
    """What the observer last wrote for one seat."""

    __slots__ = ("counts", "deal", "flags", "hand", "mine", "sheet", "theirs", "up", "up_theirs")

    deal: object
    sheet: object
    hand: int
    mine: int
    theirs: int
    up: int
    up_theirs: int
    flags: tuple[int, ...]
    counts: tuple[int, int, int, int, int] | None

    def __init__(self) -> None:
        self.deal = None
        self.sheet = None
        self.hand = 0
        self.mine = 0
        self.theirs = 0
        """The tables written, own and the other's."""
        self.up = 0
        self.up_theirs = 0
        """The face-up piles written, own and the other's."""
        self.flags = ()
        self.counts = None
        """Hand sizes own and other, face-down piles own and other, the stock (the scalars
        up to the score, which holds for the deal), as whole numbers of cards."""


class CourtCircularObserver:
    """Writes the vectors of one environment's seats (and keeps what it wrote for each)."""

    __slots__ = ("_lines", "_seen", "_target")

    _target: int
    _seen: list[Seen]
    _lines: dict[int, int]

    def __init__(self, target: int) -> None:
        self._target = target
        self._seen = [Seen(), Seen()]
        """Per seat, what :meth:`write_state` last wrote into its kept vector."""
        self._lines = {}
        """Line class by the cards put down and the Lead (``table | lead << 52``): a table
        stays the same while the other player puts cards down, and finding its best line
        costs more than the rest of a look."""

    def write_view(self, view: CourtCircularView, sheet: Mapping[str, Any], slots: Any) -> None:
        """Hand, Lead, table, face-up piles, lines, seats, counts, score: the seat's typed
        view, and nothing else (the observation's definition), written whole."""
        me = view.seat
        assert me is not None
        seen = Seen()
        self._start(slots, seen, me, view.dealer, sheet)
        table, piles, sizes = view.table, view.piles, view.hand_sizes
        self._look(
            slots,
            seen,
            me,
            view.hand,
            view.lead,
            table[me],
            table[1 - me],
            piles[me][0],
            piles[1 - me][0],
            _PHASE_INDEX[view.phase],
            view.trick_leader,
            view.turn,
            (sizes[me], sizes[1 - me], piles[me][1], piles[1 - me][1], view.stock_size),
        )

    def write_state(
        self, state: CourtCircularState, seat: int, sheet: Mapping[str, Any], slots: Any, kept: bool
    ) -> bool:
        """By the same observer, from the state's accessors for what the seat sees, only
        what changed since its last look (``kept``: ``slots`` hold what this wrote last for
        the seat), the end included (no Lead: each agent's last look, which the view
        would cost several steps for, its result computed)."""
        lead = state.lead
        seen = self._seen[seat]
        deal = state.deal
        if not kept or seen.deal is not deal:
            self._start(slots, seen, seat, deal.dealer, sheet)
            seen.deal = deal
            seen.sheet = sheet
        elif seen.sheet is not sheet:  # the deal's end scored: only the score slots change
            points = sheet["points"]
            slots[SCORE_AT] = clip(points[seat] / self._target)
            slots[SCORE_AT + 1] = clip(points[1 - seat] / self._target)
            seen.sheet = sheet
        other = 1 - seat
        hand = state.hand(seat)
        piles = state.piles
        leader = state.leader
        # The trick's cards alternate from its first-hand: the observer's table, the other's.
        trick = state.trick
        bit = CARD_BIT
        first = second = 0
        for card in trick[::2]:
            first |= bit[card]
        for card in trick[1::2]:
            second |= bit[card]
        if leader != seat:
            first, second = second, first
        mine, theirs = piles[seat], piles[other]
        self._look(
            slots,
            seen,
            seat,
            hand,
            lead,
            first,
            second,
            mine[0],
            theirs[0],
            _PHASE_INDEX[state.phase],
            leader,
            state.turn,
            (
                hand.bit_count(),
                state.hand(other).bit_count(),
                mine[1].bit_count(),
                theirs[1].bit_count(),
                state.stock_size,
            ),
        )
        return True

    def mask_state(self, state: CourtCircularState, picks: tuple[int, ...]) -> int | None:
        """Cards held and ``concede`` when allowed; ``lead X`` for the cards put down."""
        phase = state.phase
        if phase is _PLAY:
            turn = state.turn
            assert turn is not None
            hand = state.hand(turn)
            return hand | CONCEDE_BIT if state.may_concede() else hand
        if phase is _LEAD:
            bits = 0
            for card in state.trick:
                bits |= 1 << LEADS + card
            return bits
        return None

    def _start(
        self, slots: Any, seen: Seen, me: int, dealer: int, sheet: Mapping[str, Any]
    ) -> None:
        """A deal's look from zeros: the dealer and the score (they hold for the deal)."""
        slots[:] = _ZEROS
        slots[DEALER + (dealer ^ me)] = 1.0
        points = sheet["points"]
        slots[SCORE_AT] = clip(points[me] / self._target)
        slots[SCORE_AT + 1] = clip(points[1 - me] / self._target)
        seen.hand = 0
        seen.mine = seen.theirs = seen.up = seen.up_theirs = 0
        seen.flags = ()
        seen.counts = None

    def _line_class(self, table: int, lead: int) -> int:
        """The class of the best line of ``table`` (2 or 3 cards put down) with ``lead``
        (0: none), kept."""
        lines = self._lines
        key = table | lead << 52
        kind = lines.get(key, -1)
        if kind < 0:
            kind = _CLASS_OF_KIND[line_strength(table, lead) >> 9]
            if len(lines) >= _KEPT_LINES:
                lines.clear()
            lines[key] = kind
        return kind

    def _look(
        self,
        slots: Any,
        seen: Seen,
        me: int,
        hand: int,
        lead: int | None,
        mine: int,
        theirs: int,
        up: int,
        up_theirs: int,
        phase: int,
        leader: int,
        turn: int | None,
        counts: tuple[int, int, int, int, int],
    ) -> None:
        """What changed since ``seen``: the hand, the cards (own table, the other's, own
        face-up pile, the other's), the flags (Lead, lines, phase, leader, turn, last
        trick) and the ``counts`` (hand sizes own and other, face-down piles own and
        other, stock). One method, flags included: a call costs as much as a flag."""
        bit = CARD_BIT
        changed = hand ^ seen.hand
        if changed:  # HAND is 0: a card's slot is its index
            while changed:
                card = changed.bit_length() - 1
                slots[card] = 1.0 if hand & bit[card] else 0.0
                changed ^= bit[card]
            seen.hand = hand
        # The four card blocks one by one: each fits a machine word (one int of all four, 208
        # bits, made every operation a multi-word one), and a look changes one or two.
        changed = mine ^ seen.mine
        if changed:
            while changed:
                card = changed.bit_length() - 1
                slots[TABLE + card] = 1.0 if mine & bit[card] else 0.0
                changed ^= bit[card]
            seen.mine = mine
        changed = theirs ^ seen.theirs
        if changed:
            while changed:
                card = changed.bit_length() - 1
                slots[TABLE + 52 + card] = 1.0 if theirs & bit[card] else 0.0
                changed ^= bit[card]
            seen.theirs = theirs
        changed = up ^ seen.up
        if changed:
            while changed:
                card = changed.bit_length() - 1
                slots[FACE_UP + card] = 1.0 if up & bit[card] else 0.0
                changed ^= bit[card]
            seen.up = up
        changed = up_theirs ^ seen.up_theirs
        if changed:
            while changed:
                card = changed.bit_length() - 1
                slots[FACE_UP + 52 + card] = 1.0 if up_theirs & bit[card] else 0.0
                changed ^= bit[card]
            seen.up_theirs = up_theirs
        # The flags: the Lead, both lines, the phase, leader, turn and last trick.
        flags: tuple[int, ...]
        if lead is None:  # the end: no Lead, no line
            flags = (LINE, LINE + 4, PHASE + phase, LEADER + (leader ^ me))
            if turn is not None:
                flags = (*flags, TURN + (turn ^ me))
        else:
            # One card (or none) makes no line; a table seen before is in _lines.
            lines = self._lines
            mine_class = theirs_class = 0
            if mine & (mine - 1):
                mine_class = lines.get(mine | lead << 52, -1)
                if mine_class < 0:
                    mine_class = self._line_class(mine, lead)
            if theirs & (theirs - 1):
                theirs_class = lines.get(theirs | lead << 52, -1)
                if theirs_class < 0:
                    theirs_class = self._line_class(theirs, lead)
            if turn is not None:
                flags = (
                    LEAD + lead,
                    LINE + mine_class,
                    LINE + 4 + theirs_class,
                    PHASE + phase,
                    LEADER + (leader ^ me),
                    TURN + (turn ^ me),
                )
            else:
                flags = (
                    LEAD + lead,
                    LINE + mine_class,
                    LINE + 4 + theirs_class,
                    PHASE + phase,
                    LEADER + (leader ^ me),
                )
        if counts[4] == 0:
            flags = (*flags, LAST)
        if flags != seen.flags:
            for slot in seen.flags:
                slots[slot] = 0.0
            for slot in flags:
                slots[slot] = 1.0
            seen.flags = flags
        if counts != seen.counts:
            slots[COUNTS_AT] = counts[0] / 6
            slots[COUNTS_AT + 1] = counts[1] / 6
            slots[COUNTS_AT + 2] = counts[2] / 52
            slots[COUNTS_AT + 3] = counts[3] / 52
            slots[COUNTS_AT + 4] = counts[4] / 52
            seen.counts = counts
