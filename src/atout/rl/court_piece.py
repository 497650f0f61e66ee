"""Court Piece for the environment: 56 actions, a 501-slot observation.

Actions: ``0..51`` play the card of that index, ``52..55`` ``trump S/H/D/C``.
(``honour_mode``'s ``correct 7H`` and ``claim revoke`` are not among the
engine's legal actions, so they are not offered; in honour mode the mask
allows any card held, as the engine does.)

Observation blocks (seats relative to the observer, 0 = self, 1 = next to play):

=============  ======  =====================================================
block          slots   contents
=============  ======  =====================================================
hand           52      own cards (before trump: the caller's first five only)
trick          4 x 52  the current trick's cards, by who played them
played         4 x 52  cards of finished tricks, by who played them (simple
                       variant; courts keep finished tricks face down: zeros)
trump          4       trump suit S H D C, once named
phase          3       trump call, play, over
dealer         4       the dealer
caller         4       the trump caller
leader         4       the current trick's leader
turn           4       the seat to act
tricks_won     2       tricks of own side, other side (/ 13)
hand_sizes     4       cards held per seat (/ 13)
score          4       simple: points own, other (/ target); courts: courts
                       own, other (/ 10, capped), series own, other (/ 7)
=============  ======  =====================================================
"""

from __future__ import annotations

from typing import Any

from atout.cards import card_names
from atout.rl.slots import CARD_BIT, HAND_SIZES, THIRTEENTHS
from atout.rl.spec import CARD_INDEX, Encoded, GameSpec, Layout, View, clip

__all__ = ["CourtPieceSpec"]

_SUITS = {"S": 0, "H": 1, "D": 2, "C": 3}
_PHASES = {"trump": 0, "play": 1, "over": 2}

LAYOUT = Layout()
HAND = LAYOUT.add("hand", 52, cards=True)
TRICK = LAYOUT.add("trick", 52, seats=4, cards=True)
PLAYED = LAYOUT.add("played", 52, seats=4, cards=True)
TRUMP = LAYOUT.add("trump", 4)
PHASE = LAYOUT.add("phase", 3)
DEALER = LAYOUT.add("dealer", 4)
CALLER = LAYOUT.add("caller", 4)
LEADER = LAYOUT.add("leader", 4)
TURN = LAYOUT.add("turn", 4)
LAYOUT.add("tricks_won", 2, scalar=True)
LAYOUT.add("hand_sizes", 4, scalar=True)
LAYOUT.add("score", 4, scalar=True)

_TRUMP_CALLS = 0xF << 52
"""The mask of the trump call: ``trump S`` .. ``trump C`` (actions 52..55)."""


_TURN_FLAGS = tuple((PHASE + 1, TURN + r) for r in range(4))
"""The slots of the play phase and the seat to act (relative)."""
_OVER_FLAGS = (PHASE + 2,)
assert HAND == 0
_WON_AT = LAYOUT.blocks["tricks_won"].offset
_SIZES_AT = LAYOUT.blocks["hand_sizes"].offset
_PLAYED_BASE = [[PLAYED + 52 * ((r + i) & 3) for i in range(4)] for r in range(4)]
"""The played block's first slot for a finished trick's ``i``-th card, by its leader relative
to the observer (a finished trick has four cards)."""
_TRICK_BASE = [[TRICK + 52 * ((r + i) & 3) for i in range(4)] for r in range(4)]
"""The trick block's first slot for its ``i``-th card, by the leader relative to the observer."""
_SCORE_AT = LAYOUT.blocks["score"].offset
_ZEROS = memoryview(bytes(4 * LAYOUT.bits)).cast("f")
"""The 0/1 part of a vector, all zeros (a ``float32`` memoryview to assign from)."""


class _Seen:
    """What :meth:`CourtPieceSpec.write_state` last wrote for one seat (slot numbers)."""

    __slots__ = ("deal", "done", "flags", "hand", "leader", "sheet", "sizes", "trick", "won")

    def __init__(self) -> None:
        self.deal: Any = None
        self.sheet: Any = None
        self.hand = 0
        self.done = 0
        """Finished tricks already in the ``played`` block."""
        self.trick: list[int] = []
        self.leader = 0
        """The trick's leader relative to the seat."""
        self.flags: tuple[int, ...] = ()
        self.won: Any = None
        """The state's ``tricks_won`` tuple written."""
        self.sizes: Any = None
        """The hand sizes written (a tuple of :data:`~atout.rl.slots.HAND_SIZES`)."""


class CourtPieceSpec(GameSpec):
    """Court Piece, both variants."""

    game_id = "court-piece"
    actions = (*card_names((1 << 52) - 1), "trump S", "trump H", "trump D", "trump C")
    layout = LAYOUT
    points_scale = 1.0

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        self.courts: bool = rules.courts
        self.honour: bool = rules.honour_mode
        self.target: int = rules.target
        self._seen = [_Seen() for _ in range(4)]
        """Per seat, what :meth:`write_state` last wrote into its kept vector."""
        self._score: tuple[Any, list[list[float]]] = (None, [])
        """The score scalars of each side for the sheet they were made with (it changes only
        between deals)."""

    def encode(self, view: View, sheet: View, picks: tuple[int, ...]) -> Encoded:
        """Own hand, tricks, trump, seats, tricks won, the score sheet."""
        me = view["seat"]
        bits = 0
        for name in view["hand"]:
            bits |= 1 << HAND + CARD_INDEX[name]
        trick = view["trick"]
        leader = trick["leader"]
        for i, name in enumerate(trick["cards"]):
            bits |= 1 << TRICK + 52 * ((leader + i - me) & 3) + CARD_INDEX[name]
        for done in view.get("tricks", ()):
            first = done["leader"] - me
            for i, name in enumerate(done["cards"]):
                bits |= 1 << PLAYED + 52 * ((first + i) & 3) + CARD_INDEX[name]
        trump = view["trump"]
        bits |= self._seats(me, view["dealer"], view["caller"], view["turn"], leader)
        if trump is not None:
            bits |= 1 << TRUMP + _SUITS[trump]
        bits |= 1 << PHASE + _PHASES[view["phase"]]
        return bits, self._scalars(me, view["tricks_won"], view["hand_sizes"], sheet)

    def write_state(self, state: Any, seat: int, sheet: View, slots: Any, kept: bool) -> bool:
        """The play phase straight into the seat's kept slots: only what changed since its
        last look (a card or two of the hand, the trick, the tricks finished since, the
        leader, the turn, the counts), from the state's public accessors."""
        if self.honour:
            return False
        trump = state.trump_suit
        if trump < 0:
            return False
        seen = self._seen[seat]
        deal = state.deal
        done = state.completed_tricks
        finished = len(done)
        if not kept or seen.deal is not deal or seen.sheet is not sheet or finished < seen.done:
            self._restart(seat, deal, trump, sheet, slots, seen)
        hand = state.hand(seat)
        changed = hand ^ seen.hand
        if changed:  # HAND is 0: a card's slot is its index
            bit = CARD_BIT
            while changed:
                card = changed.bit_length() - 1
                slots[card] = 1.0 if hand & bit[card] else 0.0
                changed ^= bit[card]
            seen.hand = hand
        if finished != seen.done:
            if not self.courts:
                for first, cards, _ in done[seen.done :]:
                    base = _PLAYED_BASE[(first - seat) & 3]
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
            placed = []
            base = _TRICK_BASE[r]
            for i, card in enumerate(trick):
                slot = base[i] + card
                slots[slot] = 1.0
                placed.append(slot)
            seen.trick = placed
        if r != seen.leader:
            slots[LEADER + seen.leader] = 0.0
            slots[LEADER + r] = 1.0
            seen.leader = r
        turn = state.turn
        flags = _OVER_FLAGS if turn is None else _TURN_FLAGS[(turn - seat) & 3]
        if flags is not seen.flags:
            for slot in seen.flags:
                slots[slot] = 0.0
            for slot in flags:
                slots[slot] = 1.0
            seen.flags = flags
        won = state.tricks_won
        if won is not seen.won:  # one tuple per finished trick
            side = seat & 1
            slots[_WON_AT] = THIRTEENTHS[won[side]]
            slots[_WON_AT + 1] = THIRTEENTHS[won[1 - side]]
            seen.won = won
        sizes = HAND_SIZES[finished][len(trick)][r]
        if sizes is not seen.sizes:
            slots[_SIZES_AT], slots[_SIZES_AT + 1], slots[_SIZES_AT + 2], slots[_SIZES_AT + 3] = (
                sizes
            )
            seen.sizes = sizes
        return True

    def _restart(
        self, me: int, deal: Any, trump: int, sheet: View, slots: Any, seen: _Seen
    ) -> None:
        """Zeros, then what holds for the whole deal (dealer, caller, trump, score); the rest
        is written by :meth:`write_state` against an empty ``seen``."""
        slots[: LAYOUT.bits] = _ZEROS
        dealer = deal.dealer
        slots[DEALER + ((dealer - me) & 3)] = 1.0
        slots[CALLER + ((dealer + 1 - me) & 3)] = 1.0
        slots[TRUMP + trump] = 1.0
        slots[LEADER] = 1.0  # seen.leader is 0
        key, score = self._score
        if key is not sheet:
            score = [self._scalars(s, (0, 0), (0, 0, 0, 0), sheet)[6:] for s in (0, 1)]
            self._score = (sheet, score)
        slots[_SCORE_AT], slots[_SCORE_AT + 1], slots[_SCORE_AT + 2], slots[_SCORE_AT + 3] = score[
            me & 1
        ]
        seen.deal = deal
        seen.sheet = sheet
        seen.hand = 0
        seen.done = 0
        seen.trick = []
        seen.leader = 0
        seen.flags = ()
        seen.won = None
        seen.sizes = None

    def mask_state(self, state: Any, picks: tuple[int, ...]) -> int | None:
        """Trump calls (all four), then the cards that follow suit (honour mode: the strings)."""
        if self.honour or state.is_over():
            return None
        if state.trump_suit < 0:
            return _TRUMP_CALLS
        cards: int = state.lawful_cards()
        return cards

    @staticmethod
    def _seats(me: int, dealer: int, caller: int, turn: int | None, leader: int) -> int:
        bits = 1 << DEALER + ((dealer - me) & 3)
        bits |= 1 << CALLER + ((caller - me) & 3)
        bits |= 1 << LEADER + ((leader - me) & 3)
        if turn is not None:
            bits |= 1 << TURN + ((turn - me) & 3)
        return bits

    def _scalars(self, me: int, won: Any, sizes: Any, sheet: View) -> list[float]:
        side = me & 1
        out = [won[side] / 13, won[1 - side] / 13]
        out += [sizes[(me + r) & 3] / 13 for r in range(4)]
        if self.courts:
            courts, series = sheet["courts"], sheet["series"]
            out += [clip(courts[side] / 10), clip(courts[1 - side] / 10)]
            out += [series[side] / 7, series[1 - side] / 7]
        else:
            points = sheet["points"]
            out += [clip(points[side] / self.target), clip(points[1 - side] / self.target), 0, 0]
        return out
