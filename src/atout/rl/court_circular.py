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
from atout.games.court_circular_lines import line_kind
from atout.games.court_circular_view import CourtCircularView
from atout.observation.slots import CARD_BIT
from atout.rl.spec import GameSpec, Layout, Sheet, clip

__all__ = ["CourtCircularSpec"]

_PHASE_INDEX = {Phase.PLAY: 0, Phase.LEAD: 1, Phase.OVER: 2}
_KEPT_LINES = 1 << 16
"""Line classes kept (see ``CourtCircularSpec._lines``) before the table is emptied."""

CONCEDE = 52
"""The action index of ``concede``; ``lead X`` follow from :data:`LEADS`."""
LEADS = 53

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


_BLOCK_BASE = (TABLE, TABLE + 52, FACE_UP, FACE_UP + 52)
_COUNTS_AT = LAYOUT.blocks["hand_sizes"].offset
_SCORE_AT = LAYOUT.blocks["score"].offset
_ZEROS = memoryview(bytes(4 * LAYOUT.size)).cast("f")
"""A whole vector of zeros (a ``float32`` memoryview to assign from)."""
assert HAND == 0


class _Seen:
    """What the observer last wrote for one seat."""

    __slots__ = ("cards", "counts", "deal", "flags", "hand", "sheet", "size")

    def __init__(self) -> None:
        self.deal: Any = None
        self.sheet: Any = None
        self.hand = 0
        self.cards: tuple[int, int, int, int] = (0, 0, 0, 0)
        """Tables and face-up piles (own, other; see ``CourtCircularSpec._placed``)."""
        self.flags: tuple[int, ...] = ()
        self.size = 0.0
        """Own hand size (/ 6)."""
        self.counts: tuple[float, ...] = ()
        """The other's hand size, the face-down piles, the stock (the scalars up to the
        score, which holds for the deal)."""


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

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        self.target: int = rules.target
        self._seen = [_Seen(), _Seen()]
        """Per seat, what :meth:`write_state` last wrote into its kept vector."""
        self._lines: dict[tuple[int, int | None], int] = {}
        """Line class by (cards put down, Lead): a table stays the same while the other
        player puts cards down, and finding its best line costs more than the rest."""

    def write_view(
        self, view: CourtCircularView, sheet: Sheet, picks: tuple[int, ...], slots: Any
    ) -> None:
        """Hand, Lead, table, face-up piles, lines, seats, counts, score: the seat's typed
        view, and nothing else (the observation's definition), written by the observer."""
        me = view.seat
        assert me is not None
        seen = _Seen()
        self._start(slots, seen, me, view.dealer, sheet)
        table, piles, sizes, stock = view.table, view.piles, view.hand_sizes, view.stock_size
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
            stock,
            sizes[me] / 6,
            (sizes[1 - me] / 6, piles[me][1] / 52, piles[1 - me][1] / 52, stock / 52),
        )

    def _line_class(self, table: int, lead: int) -> int:
        """The class of the best line of ``table`` with ``lead`` (0: none), kept. (Lines are
        of 2 or 3 cards put down: one card makes none, its class is 0.)"""
        lines = self._lines
        kind = lines.get((table, lead), -1)
        if kind < 0:
            kind = line_kind(table, lead).line_class or 0
            if len(lines) >= _KEPT_LINES:
                lines.clear()
            lines[(table, lead)] = kind
        return kind

    def write_state(self, state: Any, seat: int, sheet: Sheet, slots: Any, kept: bool) -> bool:
        """By the same observer, from the state's accessors for what the seat sees, only
        what changed since its last look; the end (no Lead) uses the view."""
        lead = state.lead
        if lead is None:
            return False
        seen = self._seen[seat]
        if not kept or seen.deal is not state.deal or seen.sheet is not sheet:
            self._start(slots, seen, seat, state.deal.dealer, sheet)
            seen.deal = state.deal
            seen.sheet = sheet
        hand = state.hand(seat)
        piles = state.piles
        stock = state.stock_size
        self._look(
            slots,
            seen,
            seat,
            hand,
            lead,
            self._placed(state, seat),
            _PHASE_INDEX[state.phase],
            state.leader,
            state.turn,
            stock,
            hand.bit_count() / 6,
            (
                state.hand(1 - seat).bit_count() / 6,
                piles[seat][1].bit_count() / 52,
                piles[1 - seat][1].bit_count() / 52,
                stock / 52,
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
        seen.cards = (0, 0, 0, 0)
        seen.flags = ()
        seen.size = 0.0
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
        stock: int,
        size: float,
        counts: tuple[float, ...],
    ) -> None:
        """What changed since ``seen``: the hand, ``cards`` (own table, the other's, own
        face-up pile, the other's), the flags (Lead, lines, phase, leader, turn, last
        trick), own hand ``size`` and the ``counts`` (the other's hand, face-down piles own
        and other, stock)."""
        bit = CARD_BIT
        changed = hand ^ seen.hand
        if changed:  # HAND is 0: a card's slot is its index
            while changed:
                card = changed.bit_length() - 1
                slots[card] = 1.0 if hand & bit[card] else 0.0
                changed ^= bit[card]
            seen.hand = hand
        old = seen.cards
        if cards != old:
            for block in range(4):  # table own, other; face up own, other
                now = cards[block]
                changed = now ^ old[block]
                base = _BLOCK_BASE[block]
                while changed:
                    card = changed.bit_length() - 1
                    slots[base + card] = 1.0 if now & bit[card] else 0.0
                    changed ^= bit[card]
            seen.cards = cards
        flags = self._flags(me, lead, cards, phase, leader, turn, stock)
        if flags != seen.flags:
            for slot in seen.flags:
                slots[slot] = 0.0
            for slot in flags:
                slots[slot] = 1.0
            seen.flags = flags
        if size != seen.size:
            seen.size = slots[_COUNTS_AT] = size
        if counts != seen.counts:
            slots[_COUNTS_AT + 1], slots[_COUNTS_AT + 2], slots[_COUNTS_AT + 3] = counts[:3]
            slots[_COUNTS_AT + 4] = counts[3]
            seen.counts = counts

    @staticmethod
    def _placed(state: Any, me: int) -> tuple[int, int, int, int]:
        """The observer's table, the other's, the observer's face-up pile, the other's."""
        first = second = 0
        for i, card in enumerate(state.trick):
            if i & 1:
                second |= 1 << card
            else:
                first |= 1 << card
        if state.leader != me:
            first, second = second, first
        piles = state.piles
        return first, second, piles[me][0], piles[1 - me][0]

    def _flags(
        self,
        me: int,
        lead: int | None,
        cards: tuple[int, int, int, int],
        phase: int,
        leader: int,
        turn: int | None,
        stock: int,
    ) -> tuple[int, ...]:
        """The slots of the Lead, both lines, the phase, leader, turn and last trick."""
        if lead is None:  # the end: no Lead, no line
            flags: tuple[int, ...] = (LINE, LINE + 4, PHASE + phase, LEADER + (leader ^ me))
        else:
            mine = self._line_class(cards[0], lead) if cards[0].bit_count() > 1 else 0
            theirs = self._line_class(cards[1], lead) if cards[1].bit_count() > 1 else 0
            flags = (
                LEAD + lead,
                LINE + mine,
                LINE + 4 + theirs,
                PHASE + phase,
                LEADER + (leader ^ me),
            )
        if turn is not None:
            flags = (*flags, TURN + (turn ^ me))
        if stock == 0:
            flags = (*flags, LAST)
        return flags

    def mask_state(self, state: Any, picks: tuple[int, ...]) -> int | None:
        """Cards held and ``concede`` when allowed; ``lead X`` for the cards put down."""
        phase = state.phase
        if phase is Phase.PLAY:
            return int(state.hand(state.turn)) | int(state.may_concede()) << CONCEDE
        if phase is Phase.LEAD:
            bits = 0
            for card in state.trick:
                bits |= 1 << LEADS + card
            return bits
        return None


assert CourtCircularSpec.actions[CONCEDE] == "concede"
assert CourtCircularSpec.actions[LEADS] == "lead 2S"
