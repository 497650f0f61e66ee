"""Court Circular for the environment: 105 actions, a 388-slot observation.

Actions: ``0..51`` put down the card of that index, ``52`` ``concede`` (resign
the trick), ``53..104`` ``lead X`` (the trick's winner picks the next Lead:
card ``c`` is ``53 + c``).

Observation blocks (seats relative to the observer: 0 = self, 1 = the other player):

=============  ======  =====================================================
block          slots   contents
=============  ======  =====================================================
hand           52      own cards
lead           52      the current Lead
table          2 x 52  the cards each player has put down in this trick
face_up        2 x 52  each player's won cards kept face up
line_class     2 x 4   each player's best line so far: none, class 1, 2, 3
phase          3       play, lead (the winner picks the next Lead), over
dealer         2       the (fixed) dealer
leader         2       first-hand of the trick
turn           2       the player to act
last_trick     1       the stock is empty: no resigning, winner takes all
hand_sizes     2       cards held (/ 6)
face_down      2       face-down won cards per player (/ 52)
stock          1       cards left in the stock (/ 52)
score          2       game points own, other (/ target)
=============  ======  =====================================================
"""

from __future__ import annotations

from typing import Any

from atout.cards import card_names
from atout.games.court_circular import Phase
from atout.games.court_circular_lines import LineKind, line_strength
from atout.games.court_circular_view import CourtCircularView
from atout.observation.slots import CARD_BIT
from atout.rl.spec import GameSpec, Layout, Sheet, clip

__all__ = ["CourtCircularSpec"]

_PLAY, _LEAD = Phase.PLAY, Phase.LEAD
"""Read once: an enum member's attribute access costs a property call."""
_PHASE_INDEX = {_PLAY: 0, _LEAD: 1, Phase.OVER: 2}
_CLASS_OF_KIND = tuple(LineKind(kind).line_class or 0 for kind in range(len(LineKind)))
"""A line's class (0: none) by its kind's value: ``line_strength(...) >> 9`` read without
building the ``LineKind`` (its ``line_class`` costs as much as the strength itself)."""
_KEPT_LINES = 1 << 16
"""Line classes kept (see ``CourtCircularSpec._lines``) before the table is emptied."""

CONCEDE = 52
"""The action index of ``concede``; ``lead X`` follow from :data:`LEADS`."""
LEADS = 53
_CONCEDE_BIT = 1 << CONCEDE

LAYOUT = Layout()
HAND = LAYOUT.add("hand", 52, cards=True)
LEAD = LAYOUT.add("lead", 52, cards=True)
TABLE = LAYOUT.add("table", 52, seats=2, cards=True)
FACE_UP = LAYOUT.add("face_up", 52, seats=2, cards=True)
LINE = LAYOUT.add("line_class", 4, seats=2)
PHASE = LAYOUT.add("phase", 3)
DEALER = LAYOUT.add("dealer", 2)
LEADER = LAYOUT.add("leader", 2)
TURN = LAYOUT.add("turn", 2)
LAST = LAYOUT.add("last_trick", 1)
LAYOUT.add("hand_sizes", 2, scalar=True)
LAYOUT.add("face_down", 2, scalar=True)
LAYOUT.add("stock", 1, scalar=True)
LAYOUT.add("score", 2, scalar=True)


_PLACED_BIT = [1 << i for i in range(4 * 52)]
"""The bits of :meth:`CourtCircularSpec._look`'s ``placed``: the table and face-up blocks
follow each other from ``TABLE``, own then the other's, so one int holds all four."""
assert FACE_UP == TABLE + 2 * 52
_COUNTS_AT = LAYOUT.blocks["hand_sizes"].offset
_SCORE_AT = LAYOUT.blocks["score"].offset
_ZEROS = memoryview(bytes(4 * LAYOUT.size)).cast("f")
"""A whole vector of zeros (a ``float32`` memoryview to assign from)."""
assert HAND == 0


class _Seen:
    """What the observer last wrote for one seat."""

    __slots__ = ("counts", "deal", "flags", "hand", "placed", "sheet")

    def __init__(self) -> None:
        self.deal: Any = None
        self.sheet: Any = None
        self.hand = 0
        self.placed = 0
        """Tables and face-up piles, own then the other's, 52 bits each (from ``TABLE``)."""
        self.flags: tuple[int, ...] = ()
        self.counts: tuple[int, ...] = ()
        """Hand sizes own and other, face-down piles own and other, the stock (the scalars
        up to the score, which holds for the deal), as whole numbers of cards."""


class CourtCircularSpec(GameSpec):
    """Court Circular (two players, each his own side).

    Its observer is :meth:`_start` (a deal's look from zeros) and :meth:`_look`
    (what changed since the seat's last look), fed from the typed view by
    :meth:`write_view` and from the state's accessors by :meth:`write_state`.
    """

    game_id = "court-circular"
    _cards = card_names((1 << 52) - 1)
    actions = (*_cards, "concede", *(f"lead {name}" for name in _cards))
    layout = LAYOUT
    points_scale = 10.0
    masks_repeat = False  # the hand held (and concede): a new mask nearly every step

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        self.target: int = rules.target
        self._seen = [_Seen(), _Seen()]
        """Per seat, what :meth:`write_state` last wrote into its kept vector."""
        self._lines: dict[int, int] = {}
        """Line class by the cards put down and the Lead (``table | lead << 52``): a table
        stays the same while the other player puts cards down, and finding its best line
        costs more than the rest of a look."""

    def write_view(
        self, view: CourtCircularView, sheet: Sheet, picks: tuple[int, ...], slots: Any
    ) -> None:
        """Hand, Lead, table, face-up piles, lines, seats, counts, score: the seat's typed
        view, and nothing else (the observation's definition), written by the observer."""
        me = view.seat
        assert me is not None
        seen = _Seen()
        self._start(slots, seen, me, view.dealer, sheet)
        table, piles, sizes = view.table, view.piles, view.hand_sizes
        self._look(
            slots,
            seen,
            me,
            view.hand,
            view.lead,
            (table[me], table[1 - me], piles[me][0], piles[1 - me][0]),
            _PHASE_INDEX[view.phase],
            view.trick_leader,
            view.turn,
            (sizes[me], sizes[1 - me], piles[me][1], piles[1 - me][1], view.stock_size),
        )

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

    def write_state(self, state: Any, seat: int, sheet: Sheet, slots: Any, kept: bool) -> bool:
        """By the same observer, from the state's accessors for what the seat sees, only
        what changed since its last look; the end (no Lead) uses the view."""
        lead = state.lead
        if lead is None:
            return False
        seen = self._seen[seat]
        deal = state.deal
        if not kept or seen.deal is not deal or seen.sheet is not sheet:
            self._start(slots, seen, seat, deal.dealer, sheet)
            seen.deal = deal
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
        self._look(
            slots,
            seen,
            seat,
            hand,
            lead,
            (first, second, piles[seat][0], piles[other][0]),
            _PHASE_INDEX[state.phase],
            leader,
            state.turn,
            (
                hand.bit_count(),
                state.hand(other).bit_count(),
                piles[seat][1].bit_count(),
                piles[other][1].bit_count(),
                state.stock_size,
            ),
        )
        return True

    def _start(self, slots: Any, seen: _Seen, me: int, dealer: int, sheet: Sheet) -> None:
        """A deal's look from zeros: the dealer and the score (they hold for the deal)."""
        slots[:] = _ZEROS
        slots[DEALER + (dealer ^ me)] = 1.0
        points = sheet["points"]
        slots[_SCORE_AT] = clip(points[me] / self.target)
        slots[_SCORE_AT + 1] = clip(points[1 - me] / self.target)
        seen.hand = 0
        seen.placed = 0
        seen.flags = ()
        seen.counts = ()

    def _look(
        self,
        slots: Any,
        seen: _Seen,
        me: int,
        hand: int,
        lead: int | None,
        cards: tuple[int, int, int, int],
        phase: int,
        leader: int,
        turn: int | None,
        counts: tuple[int, int, int, int, int],
    ) -> None:
        """What changed since ``seen``: the hand, ``cards`` (own table, the other's, own
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
        mine, theirs, up, up_theirs = cards
        placed = mine | theirs << 52 | up << 104 | up_theirs << 156
        changed = placed ^ seen.placed
        if changed:  # the four blocks in one int: one loop over the slots that changed
            bit = _PLACED_BIT
            while changed:
                i = changed.bit_length() - 1
                slots[TABLE + i] = 1.0 if placed & bit[i] else 0.0
                changed ^= bit[i]
            seen.placed = placed
        # The flags: the Lead, both lines, the phase, leader, turn and last trick.
        if lead is None:  # the end: no Lead, no line
            flags: tuple[int, ...] = (LINE, LINE + 4, PHASE + phase, LEADER + (leader ^ me))
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
            if turn is not None:  # the usual look: one tuple, the turn in it (not added below)
                flags = (
                    LEAD + lead,
                    LINE + mine_class,
                    LINE + 4 + theirs_class,
                    PHASE + phase,
                    LEADER + (leader ^ me),
                    TURN + (turn ^ me),
                )
                turn = None
            else:
                flags = (
                    LEAD + lead,
                    LINE + mine_class,
                    LINE + 4 + theirs_class,
                    PHASE + phase,
                    LEADER + (leader ^ me),
                )
        if turn is not None:
            flags = (*flags, TURN + (turn ^ me))
        if counts[4] == 0:
            flags = (*flags, LAST)
        if flags != seen.flags:
            for slot in seen.flags:
                slots[slot] = 0.0
            for slot in flags:
                slots[slot] = 1.0
            seen.flags = flags
        if counts != seen.counts:
            slots[_COUNTS_AT] = counts[0] / 6
            slots[_COUNTS_AT + 1] = counts[1] / 6
            slots[_COUNTS_AT + 2] = counts[2] / 52
            slots[_COUNTS_AT + 3] = counts[3] / 52
            slots[_COUNTS_AT + 4] = counts[4] / 52
            seen.counts = counts

    def mask_state(self, state: Any, picks: tuple[int, ...]) -> int | None:
        """Cards held and ``concede`` when allowed; ``lead X`` for the cards put down."""
        phase = state.phase
        if phase is _PLAY:
            hand: int = state.hand(state.turn)
            return hand | _CONCEDE_BIT if state.may_concede() else hand
        if phase is _LEAD:
            bits = 0
            for card in state.trick:
                bits |= 1 << LEADS + card
            return bits
        return None


assert CourtCircularSpec.actions[CONCEDE] == "concede"
assert CourtCircularSpec.actions[LEADS] == "lead 2S"
