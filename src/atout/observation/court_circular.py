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
feeds the same :meth:`~CourtCircularObserver._start` (a deal's look from zeros),
:meth:`~CourtCircularObserver._trick` (what holds for a trick) and
:meth:`~CourtCircularObserver._look` (what changed since the seat's last look)
from the state's :meth:`~atout.games.court_circular.CourtCircularState.look`
(one call) and, once per trick, its accessors for what the seat sees.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from atout.games.court_circular import CourtCircularState, Phase
from atout.games.court_circular_lines import line_class
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
_OVER: Final = Phase.OVER
_PHASE_SLOT: Final = {_PLAY: PHASE, _LEAD: PHASE + 1, _OVER: PHASE + 2}
_ZEROS: Final = memoryview(bytes(4 * SIZE)).cast("f")
"""A whole vector of zeros (a ``float32`` memoryview to assign from)."""


def _mask(state: CourtCircularState, phase: Phase, hand: int, cards: tuple[int, ...]) -> int | None:
    """The mask of the seat to act: in the play its ``hand`` and ``concede`` when allowed;
    at the Lead's choice ``lead X`` for the trick's ``cards``; ``None`` once over."""
    if phase is _PLAY:
        return hand | CONCEDE_BIT if state.may_concede() else hand
    if phase is _LEAD:
        bits = 0
        for card in cards:
            bits |= 1 << LEADS + card
        return bits
    return None


class Seen:
    """What the observer last wrote for one seat.

    Every count starts at 0 and every card set empty, as the slots of a deal's
    first look (zeros) show them; a flag's slot is -1 while none is written.
    """

    __slots__ = (
        "cards",
        "deal",
        "down",
        "down_theirs",
        "first",
        "flags",
        "hand",
        "lead",
        "lead_slot",
        "leader_slot",
        "line",
        "line_theirs",
        "mine",
        "others",
        "phase",
        "sheet",
        "stock",
        "theirs",
        "trick",
        "turn",
        "up",
        "up_theirs",
    )

    deal: object
    sheet: object
    trick: object
    hand: int
    others: int
    cards: tuple[int, ...] | None
    mine: int
    theirs: int
    first: int
    lead: int
    up: int
    up_theirs: int
    down: int
    down_theirs: int
    stock: int
    lead_slot: int
    leader_slot: int
    line: int
    line_theirs: int
    phase: object
    turn: int
    flags: tuple[int, ...]

    def __init__(self) -> None:
        self.deal = None
        self.sheet = None
        self.clear()

    def clear(self) -> None:
        """Nothing of the deal written yet (its slots are zeros)."""
        self.trick = None
        """The trick key (``CourtCircularState.look``) of the facts written for a trick."""
        self.hand = 0
        self.others = 0
        """The other player's hand size."""
        self.cards = None
        """The trick's cards of the last look (``None``: read them whole)."""
        self.mine = 0
        self.theirs = 0
        """The tables written, own and the other's."""
        self.first = 0
        """0 if the seat is the trick's first-hand (its cards at even places), else 1."""
        self.lead = -1
        """The trick's Lead (-1 once the deal is over)."""
        self.up = 0
        self.up_theirs = 0
        """The face-up piles written, own and the other's."""
        self.down = 0
        self.down_theirs = 0
        self.stock = 0
        """Face-down piles own and other's, the stock, in cards."""
        self.lead_slot = -1
        self.leader_slot = -1
        self.line = -1
        self.line_theirs = -1
        """The slots of the Lead, the first-hand, the two lines' classes."""
        self.phase = None
        self.turn = -1
        self.flags = ()
        """The phase and turn written, and their slots."""


class CourtCircularObserver:
    """Writes the vectors of one environment's seats (and keeps what it wrote for each)."""

    __slots__ = ("_mask", "_masked", "_seen", "_target")

    _target: int
    _seen: list[Seen]
    _masked: object
    _mask: int

    def __init__(self, target: int) -> None:
        self._target = target
        self._seen = [Seen(), Seen()]
        """Per seat, what :meth:`write_state` last wrote into its kept vector."""
        self._masked = None
        self._mask = 0
        """The state whose mask :meth:`write_state` found at the look of the seat to act, and
        the mask: :meth:`mask_state` of the same state, next, returns it."""

    def write_view(self, view: CourtCircularView, sheet: Mapping[str, Any], slots: Any) -> None:
        """Hand, Lead, table, face-up piles, lines, seats, counts, score: the seat's typed
        view, and nothing else (the observation's definition), written whole."""
        me = view.seat
        assert me is not None
        seen = Seen()
        self._start(slots, seen, me, view.dealer, sheet)
        piles, sizes, lead, turn = view.piles, view.hand_sizes, view.lead, view.turn
        self._trick(
            slots,
            seen,
            me,
            -1 if lead is None else lead,
            view.trick_leader,
            piles[me][0],
            piles[1 - me][0],
            piles[me][1],
            piles[1 - me][1],
            view.stock_size,
        )
        self._look(
            slots,
            seen,
            me,
            view.hand,
            sizes[1 - me],
            view.trick,
            -1 if turn is None else turn,
            view.phase,
        )

    def write_state(
        self, state: CourtCircularState, seat: int, sheet: Mapping[str, Any], slots: Any, kept: bool
    ) -> bool:
        """By the same observer, from the state's :meth:`~CourtCircularState.look` (and its
        accessors for what holds for a trick when the trick changed), only what changed
        since the seat's last look (``kept``: ``slots`` hold what this wrote last for the
        seat), the end included (no Lead: each agent's last look, which the view would cost
        several steps for, its result computed)."""
        trick, hand, other, cards, turn, phase = state.look(seat)
        seen = self._seen[seat]
        if trick is not seen.trick or sheet is not seen.sheet or not kept:
            deal = state.deal
            if not kept or seen.deal is not deal:
                self._start(slots, seen, seat, deal.dealer, sheet)
                seen.deal = deal
            elif seen.sheet is not sheet:  # the deal's end scored: only the score slots change
                points = sheet["points"]
                slots[SCORE_AT] = clip(points[seat] / self._target)
                slots[SCORE_AT + 1] = clip(points[1 - seat] / self._target)
            seen.sheet = sheet
            if trick is not seen.trick:
                lead = state.lead
                piles = state.piles
                mine, theirs = piles[seat], piles[1 - seat]
                self._trick(
                    slots,
                    seen,
                    seat,
                    -1 if lead is None else lead,
                    state.leader,
                    mine[0],
                    theirs[0],
                    mine[1].bit_count(),
                    theirs[1].bit_count(),
                    state.stock_size,
                )
                seen.trick = trick
        self._look(slots, seen, seat, hand, other.bit_count(), cards, turn, phase)
        if turn == seat:  # the seat to act: its mask, asked next
            mask = _mask(state, phase, hand, cards)
            self._masked = None if mask is None else state
            self._mask = mask or 0
        return True

    def mask_state(self, state: CourtCircularState, picks: tuple[int, ...]) -> int | None:
        """Cards held and ``concede`` when allowed; ``lead X`` for the cards put down (found
        by the look of the seat to act, when this is its state)."""
        if state is self._masked:
            return self._mask
        phase = state.phase
        if phase is _PLAY:
            turn = state.turn
            assert turn is not None
            return _mask(state, phase, state.hand(turn), ())
        return _mask(state, phase, 0, state.trick)

    def _start(
        self, slots: Any, seen: Seen, me: int, dealer: int, sheet: Mapping[str, Any]
    ) -> None:
        """A deal's look from zeros: the dealer and the score (they hold for the deal)."""
        slots[:] = _ZEROS
        slots[DEALER + (dealer ^ me)] = 1.0
        points = sheet["points"]
        slots[SCORE_AT] = clip(points[me] / self._target)
        slots[SCORE_AT + 1] = clip(points[1 - me] / self._target)
        seen.clear()

    def _trick(
        self,
        slots: Any,
        seen: Seen,
        me: int,
        lead: int,
        leader: int,
        up: int,
        up_theirs: int,
        down: int,
        down_theirs: int,
        stock: int,
    ) -> None:
        """What holds for a trick (and the Lead's choice after it): the Lead (-1 once over),
        first-hand, the piles (face up, and face-down counts), the stock; the table is then
        read whole by :meth:`_look`, from empty tables without lines."""
        bit = CARD_BIT
        slot = -1 if lead < 0 else LEAD + lead
        if slot != seen.lead_slot:
            if seen.lead_slot >= 0:
                slots[seen.lead_slot] = 0.0
            if slot >= 0:
                slots[slot] = 1.0
            seen.lead_slot = slot
        seen.lead = lead
        slot = LEADER + (leader ^ me)
        if slot != seen.leader_slot:
            if seen.leader_slot >= 0:
                slots[seen.leader_slot] = 0.0
            slots[slot] = 1.0
            seen.leader_slot = slot
        seen.first = 0 if leader == me else 1
        changed = up ^ seen.up
        while changed:
            card = changed.bit_length() - 1
            slots[FACE_UP + card] = 1.0 if up & bit[card] else 0.0
            changed ^= bit[card]
        seen.up = up
        changed = up_theirs ^ seen.up_theirs
        while changed:
            card = changed.bit_length() - 1
            slots[FACE_UP + 52 + card] = 1.0 if up_theirs & bit[card] else 0.0
            changed ^= bit[card]
        seen.up_theirs = up_theirs
        if down != seen.down:
            slots[COUNTS_AT + 2] = down / 52
            seen.down = down
        if down_theirs != seen.down_theirs:
            slots[COUNTS_AT + 3] = down_theirs / 52
            seen.down_theirs = down_theirs
        if stock != seen.stock or seen.trick is None:
            slots[COUNTS_AT + 4] = stock / 52
            slots[LAST] = 0.0 if stock else 1.0
            seen.stock = stock
        # The tables from empty, and no line (the Lead may have changed).
        changed = seen.mine
        while changed:
            card = changed.bit_length() - 1
            slots[TABLE + card] = 0.0
            changed ^= bit[card]
        changed = seen.theirs
        while changed:
            card = changed.bit_length() - 1
            slots[TABLE + 52 + card] = 0.0
            changed ^= bit[card]
        seen.mine = seen.theirs = 0
        seen.cards = None
        if seen.line != LINE:
            if seen.line >= 0:
                slots[seen.line] = 0.0
            slots[LINE] = 1.0
            seen.line = LINE
        if seen.line_theirs != LINE + 4:
            if seen.line_theirs >= 0:
                slots[seen.line_theirs] = 0.0
            slots[LINE + 4] = 1.0
            seen.line_theirs = LINE + 4

    def _look(
        self,
        slots: Any,
        seen: Seen,
        me: int,
        hand: int,
        others: int,
        cards: tuple[int, ...],
        turn: int,
        phase: Phase,
    ) -> None:
        """What changed since ``seen`` within a trick: the hand and its size, the other's
        hand size (``others``), the trick's ``cards`` (alternately from first-hand) and the
        lines they make, the phase and the seat to act (``turn``, not shown once over)."""
        bit = CARD_BIT
        changed = hand ^ seen.hand
        if changed:  # HAND is 0: a card's slot is its index
            while changed:
                card = changed.bit_length() - 1
                slots[card] = 1.0 if hand & bit[card] else 0.0
                changed ^= bit[card]
            seen.hand = hand
            slots[COUNTS_AT] = hand.bit_count() / 6
        if others != seen.others:
            slots[COUNTS_AT + 1] = others / 6
            seen.others = others
        if cards is not seen.cards:
            # The two tables (each fits a machine word: one int of both, or of all four card
            # blocks, made every operation a multi-word one); a look changes one or two.
            first = seen.first
            own = cards[first::2]
            other = cards[1 - first :: 2]
            mine = theirs = 0
            for card in own:
                mine |= bit[card]
            for card in other:
                theirs |= bit[card]
            changed = mine ^ seen.mine
            if changed:
                while changed:
                    card = changed.bit_length() - 1
                    slots[TABLE + card] = 1.0 if mine & bit[card] else 0.0
                    changed ^= bit[card]
                seen.mine = mine
                slot = LINE + line_class(own, seen.lead)
                if slot != seen.line:
                    slots[seen.line] = 0.0
                    slots[slot] = 1.0
                    seen.line = slot
            changed = theirs ^ seen.theirs
            if changed:
                while changed:
                    card = changed.bit_length() - 1
                    slots[TABLE + 52 + card] = 1.0 if theirs & bit[card] else 0.0
                    changed ^= bit[card]
                seen.theirs = theirs
                slot = LINE + 4 + line_class(other, seen.lead)
                if slot != seen.line_theirs:
                    slots[seen.line_theirs] = 0.0
                    slots[slot] = 1.0
                    seen.line_theirs = slot
            seen.cards = cards
        if phase is not seen.phase or turn != seen.turn:
            for slot in seen.flags:
                slots[slot] = 0.0
            flags = (
                (_PHASE_SLOT[phase],)
                if phase is _OVER
                else (_PHASE_SLOT[phase], TURN + (turn ^ me))
            )
            for slot in flags:
                slots[slot] = 1.0
            seen.flags = flags
            seen.phase = phase
            seen.turn = turn
