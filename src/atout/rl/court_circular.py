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
from atout.rl.spec import Encoded, GameSpec, Layout, Sheet, clip

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
assert HAND == 0


class _Seen:
    """What :meth:`CourtCircularSpec.write_state` last wrote for one seat."""

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
    """Court Circular (two players, each his own side)."""

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

    def encode(self, view: CourtCircularView, sheet: Sheet, picks: tuple[int, ...]) -> Encoded:
        """Hand, Lead, table, face-up piles, lines, seats, counts, score: the seat's typed
        view, and nothing else (the observation's definition)."""
        me = view.seat
        assert me is not None
        bits = view.hand  # HAND is 0: a card's slot is its index
        lead = view.lead
        if lead is not None:
            bits |= 1 << LEAD + lead
        piles = view.piles
        for s in (0, 1):
            other = s ^ me
            table = view.table[s]
            bits |= table << TABLE + 52 * other | piles[s][0] << FACE_UP + 52 * other
            kind = 0
            if table and lead is not None:
                kind = self._line_class(table, lead)
            bits |= 1 << LINE + 4 * other + kind
        bits |= 1 << PHASE + _PHASE_INDEX[view.phase]
        bits |= 1 << DEALER + (view.dealer ^ me) | 1 << LEADER + (view.trick_leader ^ me)
        turn = view.turn
        if turn is not None:
            bits |= 1 << TURN + (turn ^ me)
        stock = view.stock_size
        if stock == 0:
            bits |= 1 << LAST
        sizes = view.hand_sizes
        scalars = [sizes[me] / 6, sizes[1 - me] / 6]
        scalars += [piles[me][1] / 52, piles[1 - me][1] / 52, stock / 52]
        points = sheet["points"]
        scalars += [clip(points[me] / self.target), clip(points[1 - me] / self.target)]
        return bits, scalars

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
        """Straight into the seat's kept slots, only what changed since its last look (hands,
        tables, face-up piles, lines, seats, counts); the end uses :meth:`encode`."""
        lead = state.lead
        if lead is None:
            return False
        seen = self._seen[seat]
        if not kept or seen.deal is not state.deal or seen.sheet is not sheet:
            self._rewrite(state, seat, sheet, slots, seen)
            return True
        bit = CARD_BIT
        hand = state.hand(seat)
        changed = hand ^ seen.hand
        if changed:  # HAND is 0: a card's slot is its index
            while changed:
                card = changed.bit_length() - 1
                slots[card] = 1.0 if hand & bit[card] else 0.0
                changed ^= bit[card]
            seen.hand = hand
        cards = self._placed(state, seat)
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
        flags = self._flags(state, seat, lead, cards)
        if flags != seen.flags:
            for slot in seen.flags:
                slots[slot] = 0.0
            for slot in flags:
                slots[slot] = 1.0
            seen.flags = flags
        piles = state.piles
        counts = (
            state.hand(1 - seat).bit_count() / 6,
            piles[seat][1].bit_count() / 52,
            piles[1 - seat][1].bit_count() / 52,
            state.stock_size / 52,
        )
        if hand.bit_count() / 6 != seen.size:
            seen.size = slots[_COUNTS_AT] = hand.bit_count() / 6
        if counts != seen.counts:
            slots[_COUNTS_AT + 1], slots[_COUNTS_AT + 2], slots[_COUNTS_AT + 3] = counts[:3]
            slots[_COUNTS_AT + 4] = counts[3]
            seen.counts = counts
        return True

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
        self, state: Any, me: int, lead: int, cards: tuple[int, int, int, int]
    ) -> tuple[int, ...]:
        """The slots of the Lead, both lines, the phase, leader, turn and last trick."""
        mine = self._line_class(cards[0], lead) if cards[0].bit_count() > 1 else 0
        theirs = self._line_class(cards[1], lead) if cards[1].bit_count() > 1 else 0
        flags: tuple[int, ...] = (
            LEAD + lead,
            LINE + mine,
            LINE + 4 + theirs,
            PHASE + _PHASE_INDEX[state.phase],
            LEADER + (state.leader ^ me),
        )
        turn = state.turn
        if turn is not None:
            flags = (*flags, TURN + (turn ^ me))
        if state.stock_size == 0:
            flags = (*flags, LAST)
        return flags

    def _rewrite(self, state: Any, seat: int, sheet: Sheet, slots: Any, seen: _Seen) -> None:
        """Every slot from :meth:`encode`, and what :meth:`write_state` compares with."""
        encoded = self.encode(state.typed_view(seat), sheet, ())
        self.write_encoded(slots, encoded)
        scalars = encoded[1]
        cards = self._placed(state, seat)
        seen.deal = state.deal
        seen.sheet = sheet
        seen.hand = state.hand(seat)
        seen.cards = cards
        seen.flags = self._flags(state, seat, state.lead, cards)
        seen.size = scalars[0]
        seen.counts = tuple(scalars[1:5])

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
