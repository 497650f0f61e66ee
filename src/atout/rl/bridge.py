"""Contract bridge for the environment: 92 actions, a 1,020-slot observation.

Actions: ``0..51`` play the card of that index (declarer also chooses dummy's
cards: the agent selected is ``Match.actor``); ``52..86`` the bids ``1C 1D 1H
1S 1NT 2C .. 7NT``; ``87`` ``pass``, ``88`` ``X``, ``89`` ``XX`` (the
engine's call codes, shifted by 52); ``90`` ``accept`` and ``91`` ``reject``
(a defender answering a claim). Declarer's ``claim N`` is not offered: the
engine keeps claims out of ``legal_actions()`` (they would swamp random
play), so an agent plays every card; a bot opponent's claim is answered with
``accept`` / ``reject``.

Observation blocks (seats relative to the observer, 0 = self, 1 = LHO, 2 = partner):

===========  ======  =======================================================
block        slots   contents
===========  ======  =======================================================
hand         52      own cards
dummy        52      dummy's cards, once face up
trick        4 x 52  the current trick's cards, by who played them
played       4 x 52  cards of finished tricks, by who played them
bids         35 x 4  each bid (1C .. 7NT) x who made it
doubles      35 x 4  who doubled each bid
redoubles    35 x 4  who redoubled each bid
passes       4       who passed before the first bid
level        7       the contract's level, once the auction is over
strain       5       its strain C D H S NT
doubled      3       undoubled, doubled, redoubled
declarer     4       declarer
vulnerable   2       own side, other side
phase        4       auction, play, claim, over
dealer       4       the dealer
leader       4       the current trick's leader
turn         4       whose hand is to act (dummy's when declarer plays it)
claim        14      a pending claim of N tricks
tricks_won   2       tricks of own side, other side (/ 13)
hand_sizes   4       cards held per seat (/ 13)
score        4       rubber: below the line own, other (/ 100, within 0..1),
                     games own, other (/ 2); duplicate: totals own, other
                     (/ 2000, within -1..1)
===========  ======  =======================================================
"""

from __future__ import annotations

from typing import Any

from atout.cards import card_names
from atout.games.bridge.auction import DOUBLE, PASS, REDOUBLE, call_name
from atout.games.bridge.view import BridgeView
from atout.observation.slots import CARD_BIT, HAND_SIZES, THIRTEENTHS, hand_sizes, write_cards
from atout.rl.spec import Encoded, GameSpec, Layout, PlayedCards, Sheet, clip

__all__ = ["BridgeSpec"]

_PHASES = {"auction": 0, "play": 1, "claim": 2, "over": 3}

LAYOUT = Layout()
HAND = LAYOUT.add("hand", 52, cards=True)
DUMMY = LAYOUT.add("dummy", 52, cards=True)
TRICK = LAYOUT.add("trick", 52, seats=4, cards=True)
PLAYED = LAYOUT.add("played", 52, seats=4, cards=True)
BIDS = LAYOUT.add("bids", 35 * 4)
DOUBLES = LAYOUT.add("doubles", 35 * 4)
REDOUBLES = LAYOUT.add("redoubles", 35 * 4)
PASSES = LAYOUT.add("passes", 4)
LEVEL = LAYOUT.add("level", 7)
STRAIN = LAYOUT.add("strain", 5)
DOUBLED = LAYOUT.add("doubled", 3)
DECLARER = LAYOUT.add("declarer", 4)
VULNERABLE = LAYOUT.add("vulnerable", 2)
PHASE = LAYOUT.add("phase", 4)
DEALER = LAYOUT.add("dealer", 4)
LEADER = LAYOUT.add("leader", 4)
TURN = LAYOUT.add("turn", 4)
CLAIM = LAYOUT.add("claim", 14)
LAYOUT.add("tricks_won", 2, scalar=True)
LAYOUT.add("hand_sizes", 4, scalar=True)
LAYOUT.add("score", 4, scalar=True)

_ANSWERS = 3 << 90
"""The mask of a claim's answer: ``accept`` and ``reject`` (actions 90, 91)."""


_WON_AT = LAYOUT.blocks["tricks_won"].offset
_SIZES_AT = LAYOUT.blocks["hand_sizes"].offset
_SCORE_AT = LAYOUT.blocks["score"].offset
_ZEROS = memoryview(bytes(4 * LAYOUT.size)).cast("f")
"""A whole vector of zeros (a ``float32`` memoryview to assign from)."""
_TRICK_BASE = [[TRICK + 52 * ((r + i) & 3) for i in range(4)] for r in range(4)]
"""The trick block's first slot for its ``i``-th card, by the leader relative to the observer."""
assert HAND == 0


class _Seen:
    """What :meth:`BridgeSpec.write_state` last wrote for one seat (cards, slot numbers)."""

    __slots__ = (
        "bidding",
        "call_slots",
        "calls",
        "deal",
        "dealer",
        "done",
        "dummy",
        "flags",
        "hand",
        "last",
        "leader",
        "sheet",
        "sizes",
        "trick",
        "won",
    )

    def __init__(self) -> None:
        self.deal: Any = None
        self.sheet: Any = None
        self.bidding = False
        """Whether the slots hold an auction's look (the play writes everything again)."""
        self.dealer = 0
        self.calls = 0
        """Calls already written (in the auction)."""
        self.last = -1
        """The last bid among them, or -1."""
        self.call_slots: list[int] = []
        self.hand = 0
        self.dummy = 0
        self.done = 0
        """Finished tricks already in the ``played`` block."""
        self.trick: list[int] = []
        self.leader = 0
        """The trick's leader relative to the seat."""
        self.flags: tuple[int, ...] = ()
        self.won: Any = None
        self.sizes: Any = None


class BridgeSpec(GameSpec):
    """Bridge, rubber or duplicate."""

    game_id = "bridge"
    actions = (*card_names((1 << 52) - 1), *(call_name(i) for i in range(38)), "accept", "reject")
    layout = LAYOUT
    points_scale = 100.0

    def in_auction(self, state: Any) -> bool:
        """The auction phase (``2C`` is then a bid, not the club two)."""
        return bool(state.phase == "auction")

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        self._played = PlayedCards(PLAYED, 52)
        self._calls: tuple[Any, list[int | None]] = (None, [None, None, None, None])
        self._scores: tuple[Any, list[list[float]]] = (None, [])
        self._seen = [_Seen() for _ in range(4)]
        """Per seat, what :meth:`write_state` last wrote into its kept vector."""

    def encode(self, view: BridgeView, sheet: Sheet, picks: tuple[int, ...]) -> Encoded:
        """Hand, dummy, tricks, the auction, the contract, seats, score: the seat's typed
        view, and nothing else (the observation's definition)."""
        me = view.seat
        assert me is not None
        bits = view.hand  # HAND is 0: a card's slot is its index
        dummy = view.dummy
        if dummy is not None:
            bits |= dummy << DUMMY
        leader = view.trick_leader
        if leader is not None:
            bits |= 1 << LEADER + ((leader - me) & 3)
            for card in view.trick:
                bits |= 1 << TRICK + 52 * ((leader - me) & 3) + card
                leader += 1
        done = view.tricks
        if done:
            bits |= self._played.bits(done[0], done, me)
        bits |= self._auction_bits(view.auction, me)
        declarer = view.declarer
        bid = view.bid
        if declarer is not None and bid is not None:
            bits |= 1 << LEVEL + bid // 5 | 1 << STRAIN + bid % 5
            bits |= 1 << DOUBLED + view.doubled | 1 << DECLARER + ((declarer - me) & 3)
        vulnerable = view.vulnerable
        side = me & 1
        bits |= vulnerable[side] << VULNERABLE | vulnerable[1 - side] << VULNERABLE + 1
        bits |= 1 << PHASE + _PHASES[view.phase]
        bits |= 1 << DEALER + ((view.dealer - me) & 3)
        turn = view.turn
        if turn is not None:
            bits |= 1 << TURN + ((turn - me) & 3)
        claim = view.claim
        if claim is not None:
            bits |= 1 << CLAIM + claim.tricks
        won, sizes = view.tricks_won, view.hand_sizes
        scalars = [won[side] / 13, won[1 - side] / 13]
        scalars += [THIRTEENTHS[sizes[(me + r) & 3]] for r in range(4)]
        return bits, scalars + self._score_scalars(sheet, side)

    def write_state(self, state: Any, seat: int, sheet: Sheet, slots: Any, kept: bool) -> bool:
        """The play straight into the seat's kept slots: only what changed since its last
        look (own and dummy's cards, the trick, tricks finished since, leader, phase, turn,
        claim, counts). The auction (and a passed-out deal) use :meth:`encode`."""
        leader = state.leader
        seen = self._seen[seat]
        deal = state.deal
        if leader < 0:
            if state.phase != "auction":  # passed out
                return False
            calls = state.auction.calls
            if not kept or seen.deal is not deal or seen.sheet is not sheet or not seen.bidding:
                self._rewrite(state, seat, sheet, slots, seen)
            elif len(calls) != seen.calls:
                self._write_calls(calls, seat, slots, seen)
            flags: tuple[int, ...] = (PHASE, TURN + ((state.turn - seat) & 3))
            if flags != seen.flags:
                for slot in seen.flags:
                    slots[slot] = 0.0
                for slot in flags:
                    slots[slot] = 1.0
                seen.flags = flags
            return True
        done = state.completed_tricks
        finished = len(done)
        if not kept or seen.deal is not deal or seen.sheet is not sheet or finished < seen.done:
            self._rewrite(state, seat, sheet, slots, seen)
            return True
        if seen.bidding:
            self._start_play(state, seat, slots, seen)
        bit = CARD_BIT
        hand = state.hand(seat)
        changed = hand ^ seen.hand
        if changed:  # HAND is 0: a card's slot is its index
            while changed:
                card = changed.bit_length() - 1
                slots[card] = 1.0 if hand & bit[card] else 0.0
                changed ^= bit[card]
            seen.hand = hand
        shown = state.hand(state.dummy) if state.dummy_shown() else 0
        changed = shown ^ seen.dummy
        if changed:
            while changed:
                card = changed.bit_length() - 1
                slots[DUMMY + card] = 1.0 if shown & bit[card] else 0.0
                changed ^= bit[card]
            seen.dummy = shown
        if finished != seen.done:
            for first, cards, _ in done[seen.done :]:
                r = first - seat
                for card in cards:
                    slots[PLAYED + 52 * (r & 3) + card] = 1.0
                    r += 1
            seen.done = finished
        r = (leader - seat) & 3
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
        flags = self._flags(state, seat)
        if flags != seen.flags:
            for slot in seen.flags:
                slots[slot] = 0.0
            for slot in flags:
                slots[slot] = 1.0
            seen.flags = flags
        won = state.tricks_won
        if won is not seen.won:  # one tuple per finished trick (or accepted claim)
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

    def _restart_auction(self, state: Any, me: int, sheet: Sheet, slots: Any, seen: _Seen) -> None:
        """An auction from zeros: the hand, the calls, what holds for the deal; the flags
        are left to :meth:`write_state` (``seen.flags`` empty)."""
        slots[:] = _ZEROS
        write_cards(slots, 0, seen.hand, 0)
        side = me & 1
        vulnerable = state.vulnerable
        if vulnerable[side]:
            slots[VULNERABLE] = 1.0
        if vulnerable[1 - side]:
            slots[VULNERABLE + 1] = 1.0
        slots[DEALER + ((state.deal.dealer - me) & 3)] = 1.0
        at = _SIZES_AT
        slots[at], slots[at + 1], slots[at + 2], slots[at + 3] = hand_sizes(state.hand, me)
        at = _SCORE_AT
        for value in self._score_scalars(sheet, side):
            slots[at] = value
            at += 1
        auction = state.auction
        seen.dealer = auction.dealer
        seen.calls, seen.last, seen.call_slots = 0, -1, []
        self._write_calls(auction.calls, me, slots, seen)
        seen.flags = ()
        seen.done = 0  # no trick yet: the play starts from this look (see _start_play)

    def _start_play(self, state: Any, me: int, slots: Any, seen: _Seen) -> None:
        """From the seat's last look at the auction to the play: the last calls, the
        contract; the rest as an empty play (the hand is the one written)."""
        calls = state.auction.calls
        if len(calls) != seen.calls:
            self._write_calls(calls, me, slots, seen)
        for slot in seen.flags:
            slots[slot] = 0.0
        bid = state.bid
        slots[LEVEL + bid // 5] = 1.0
        slots[STRAIN + bid % 5] = 1.0
        slots[DOUBLED + state.doubled] = 1.0
        slots[DECLARER + ((state.declarer - me) & 3)] = 1.0
        slots[LEADER] = 1.0  # seen.leader is 0
        seen.bidding = False
        seen.flags = ()
        seen.dummy = 0
        seen.done = 0
        seen.trick = []
        seen.leader = 0
        seen.won = None
        seen.sizes = None

    @staticmethod
    def _write_calls(calls: tuple[int, ...], me: int, slots: Any, seen: _Seen) -> None:
        """The calls made since the seat's last look (placed as :meth:`_auction_bits`
        places them); fewer calls than last time (another auction of the deal) writes them all
        again."""
        if len(calls) < seen.calls:
            for slot in seen.call_slots:
                slots[slot] = 0.0
            seen.calls, seen.last, seen.call_slots = 0, -1, []
        last = seen.last
        who = (seen.dealer + seen.calls - me) & 3
        placed = seen.call_slots
        for call in calls[seen.calls :]:
            if call == PASS:
                slot = PASSES + who if last < 0 else -1
            elif call == DOUBLE:
                slot = DOUBLES + 4 * last + who
            elif call == REDOUBLE:
                slot = REDOUBLES + 4 * last + who
            else:
                last = call
                slot = BIDS + 4 * call + who
            if slot >= 0:
                slots[slot] = 1.0
                placed.append(slot)
            who = (who + 1) & 3
        seen.calls = len(calls)
        seen.last = last

    @staticmethod
    def _flags(state: Any, me: int) -> tuple[int, ...]:
        """The slots of the phase, the turn and a claim (those that change in the play)."""
        turn = state.turn
        claim = state.claimed_tricks
        phase = PHASE + _PHASES[state.phase]
        if claim is None:
            return (phase,) if turn is None else (phase, TURN + ((turn - me) & 3))
        if turn is None:
            return (phase, CLAIM + claim)
        return (phase, TURN + ((turn - me) & 3), CLAIM + claim)

    def _rewrite(self, state: Any, seat: int, sheet: Sheet, slots: Any, seen: _Seen) -> None:
        """Every slot, and what :meth:`write_state` compares with next."""
        seen.deal = state.deal
        seen.sheet = sheet
        seen.hand = state.hand(seat)
        leader = state.leader
        seen.bidding = leader < 0
        if seen.bidding:
            self._restart_auction(state, seat, sheet, slots, seen)
            return
        view = state.typed_view(seat)
        self.write_encoded(slots, self.encode(view, sheet, ()))
        r = (leader - seat) & 3
        seen.dummy = view.dummy or 0
        seen.done = len(state.completed_tricks)
        seen.trick = [_TRICK_BASE[r][i] + card for i, card in enumerate(state.trick)]
        seen.leader = r
        seen.flags = self._flags(state, seat)
        seen.won = state.tricks_won
        seen.sizes = None

    def mask_state(self, state: Any, picks: tuple[int, ...]) -> int | None:
        """Cards that follow suit, or ``accept``/``reject``; auctions use the strings."""
        phase = state.phase
        if phase == "play":
            return int(state.playable_cards())
        if phase == "claim":
            return _ANSWERS
        return None

    def _auction_bits(self, auction: Any, me: int) -> int:
        """Bids, doubles and redoubles by who made them (kept while the auction is the same)."""
        key, cached = self._calls
        if key is not auction:
            cached = [None, None, None, None]
            self._calls = (auction, cached)
        bits = cached[me]
        if bits is None:
            bits = 0
            last = -1
            who = (auction.dealer - me) & 3
            for call in auction.calls:
                if call == PASS:
                    if last < 0:
                        bits |= 1 << PASSES + who
                elif call == DOUBLE:
                    bits |= 1 << DOUBLES + 4 * last + who
                elif call == REDOUBLE:
                    bits |= 1 << REDOUBLES + 4 * last + who
                else:
                    last = call
                    bits |= 1 << BIDS + 4 * call + who
                who = (who + 1) & 3
            cached[me] = bits
        return bits

    def _score_scalars(self, sheet: Sheet, side: int) -> list[float]:
        """The score part of the scalars (the sheet changes only between deals)."""
        key, parts = self._scores
        if key is not sheet:
            parts = [_score(sheet, 0), _score(sheet, 1)]
            self._scores = (sheet, parts)
        return parts[side]


def _score(sheet: Sheet, side: int) -> list[float]:
    if sheet["scoring"] == "duplicate":
        totals = sheet["totals"]
        return [clip(totals[side] / 2000), clip(totals[1 - side] / 2000), 0.0, 0.0]
    below, games = sheet["below"], sheet["games"]
    return [
        clip(below[side] / 100),
        clip(below[1 - side] / 100),
        games[side] / 2,
        games[1 - side] / 2,
    ]


assert BridgeSpec.actions[90:] == ("accept", "reject")
