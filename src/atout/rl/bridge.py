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
from atout.observation.slots import CARD_BIT, HAND_SIZES, THIRTEENTHS
from atout.rl.spec import GameSpec, Layout, Sheet, clip

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
    """What the observer last wrote for one seat (cards, slot numbers)."""

    __slots__ = (
        "auction",
        "bid",
        "call_slots",
        "calls",
        "deal",
        "dealer",
        "declarer",
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
        self.clear(0)

    def clear(self, dealer: int) -> None:
        """Nothing of the deal written yet (its slots are zeros)."""
        self.dealer = dealer
        """The auction's dealer (who made each call)."""
        self.calls = 0
        """Calls already written."""
        self.last = -1
        """The last bid among them, or -1."""
        self.call_slots: list[int] = []
        self.bid = -1
        """The contract written (its bid), or -1."""
        self.auction: tuple[int, ...] = ()
        self.declarer = -1
        """The auction's calls and declarer when the contract was written (they hold for the
        rest of the deal: a look in the play need not read them again)."""
        self.hand = 0
        self.dummy = 0
        self.done = 0
        """Finished tricks already in the ``played`` block."""
        self.trick: list[int] = []
        self.leader = -1
        """The trick's leader relative to the seat, or -1 (none written)."""
        self.flags: tuple[int, ...] = ()
        self.won: Any = None
        self.sizes: Any = None


_FULL_HANDS = HAND_SIZES[0][0][0]
"""Every hand of thirteen (the auction's hand sizes)."""


class BridgeSpec(GameSpec):
    """Bridge, rubber or duplicate.

    Its observer is :meth:`_start` (a deal's look from zeros) and :meth:`_look`
    (what changed since the seat's last look), fed from the typed view by
    :meth:`write_view` and from the state's accessors by :meth:`write_state`.
    """

    game_id = "bridge"
    actions = (*card_names((1 << 52) - 1), *(call_name(i) for i in range(38)), "accept", "reject")
    layout = LAYOUT
    points_scale = 100.0

    def in_auction(self, state: Any) -> bool:
        """The auction phase (``2C`` is then a bid, not the club two)."""
        return bool(state.phase == "auction")

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        self._scores: tuple[Any, list[list[float]]] = (None, [])
        self._seen = [_Seen() for _ in range(4)]
        """Per seat, what :meth:`write_state` last wrote into its kept vector."""

    def write_view(
        self, view: BridgeView, sheet: Sheet, picks: tuple[int, ...], slots: Any
    ) -> None:
        """Hand, dummy, tricks, the auction, the contract, seats, score: the seat's typed
        view, and nothing else (the observation's definition), written by the observer."""
        me = view.seat
        assert me is not None
        seen = _Seen()
        auction = view.auction
        self._start(slots, seen, me, view.dealer, auction.dealer, view.vulnerable, sheet)
        claim = view.claim
        sizes = view.hand_sizes
        declarer = view.declarer
        bid = view.bid
        self._look(
            slots,
            seen,
            me,
            view.hand,
            view.dummy or 0,
            auction.calls,
            -1 if declarer is None or bid is None else bid,
            view.doubled,
            -1 if declarer is None else declarer,
            _PHASES[view.phase],
            view.trick_leader,
            view.trick,
            view.tricks,
            view.turn,
            None if claim is None else claim.tricks,
            view.tricks_won,
            (
                THIRTEENTHS[sizes[me]],
                THIRTEENTHS[sizes[(me + 1) & 3]],
                THIRTEENTHS[sizes[(me + 2) & 3]],
                THIRTEENTHS[sizes[(me + 3) & 3]],
            ),
        )

    def write_state(self, state: Any, seat: int, sheet: Sheet, slots: Any, kept: bool) -> bool:
        """By the same observer, from the state's accessors for what the seat sees (own and
        dummy's cards once faced, the calls, the tricks), only what changed since its last
        look. A passed-out deal uses the view."""
        leader = state.leader
        phase = state.phase
        if leader < 0 and phase != "auction":  # passed out
            return False
        seen = self._seen[seat]
        deal = state.deal
        done = state.completed_tricks
        finished = len(done)
        if (
            not kept
            or seen.deal is not deal
            or seen.sheet is not sheet
            or finished < seen.done
            or (leader < 0 and seen.bid >= 0)  # back in the auction
        ):
            self._start(
                slots, seen, seat, deal.dealer, state.auction.dealer, state.vulnerable, sheet
            )
            seen.deal = deal
            seen.sheet = sheet
        trick = state.trick
        if leader < 0:
            self._look(
                slots,
                seen,
                seat,
                state.hand(seat),
                0,
                state.auction.calls,
                -1,
                0,
                -1,
                0,
                None,
                trick,
                done,
                state.turn,
                None,
                state.tricks_won,
                _FULL_HANDS,
            )
            return True
        claim = state.claimed_tricks
        if seen.bid >= 0:  # the contract is written and holds for the deal (else _start)
            calls, bid, doubled, declarer = seen.auction, seen.bid, 0, seen.declarer
        else:
            calls, bid, doubled, declarer = (
                state.auction.calls,
                state.bid,
                state.doubled,
                state.declarer,
            )
            seen.auction, seen.declarer = calls, declarer
        shown = declarer is not None and (finished > 0 or bool(trick) or phase == "claim")
        self._look(
            slots,
            seen,
            seat,
            state.hand(seat),
            state.hand((declarer + 2) & 3) if shown else 0,
            calls,
            bid,
            doubled,
            declarer,
            _PHASES[phase],
            leader,
            trick,
            done,
            state.turn,
            claim,
            state.tricks_won,
            HAND_SIZES[finished][len(trick)][(leader - seat) & 3],
        )
        return True

    def _start(
        self,
        slots: Any,
        seen: _Seen,
        me: int,
        dealer: int,
        calls_from: int,
        vulnerable: tuple[bool, bool],
        sheet: Sheet,
    ) -> None:
        """A deal's look from zeros: what holds for the deal (vulnerability, dealer, score)."""
        slots[:] = _ZEROS
        side = me & 1
        if vulnerable[side]:
            slots[VULNERABLE] = 1.0
        if vulnerable[1 - side]:
            slots[VULNERABLE + 1] = 1.0
        slots[DEALER + ((dealer - me) & 3)] = 1.0
        at = _SCORE_AT
        for value in self._score_scalars(sheet, side):
            slots[at] = value
            at += 1
        seen.clear(calls_from)

    def _look(
        self,
        slots: Any,
        seen: _Seen,
        me: int,
        hand: int,
        dummy: int,
        calls: tuple[int, ...],
        bid: int,
        doubled: int,
        declarer: int,
        phase: int,
        leader: int | None,
        trick: tuple[int, ...],
        done: Any,
        turn: int | None,
        claim: int | None,
        won: tuple[int, int],
        sizes: tuple[float, ...],
    ) -> None:
        """What changed since ``seen``: own and dummy's cards (0 until faced), the calls,
        the contract (``bid`` -1 until there is one), the finished tricks, the trick and its
        leader (``None`` in the auction), the phase, turn and a claim's tricks, tricks won
        by side and the hand sizes (/ 13) by relative seat."""
        bit = CARD_BIT
        changed = hand ^ seen.hand
        if changed:  # HAND is 0: a card's slot is its index
            while changed:
                card = changed.bit_length() - 1
                slots[card] = 1.0 if hand & bit[card] else 0.0
                changed ^= bit[card]
            seen.hand = hand
        changed = dummy ^ seen.dummy
        if changed:
            while changed:
                card = changed.bit_length() - 1
                slots[DUMMY + card] = 1.0 if dummy & bit[card] else 0.0
                changed ^= bit[card]
            seen.dummy = dummy
        if len(calls) != seen.calls:
            self._write_calls(calls, me, slots, seen)
        if bid != seen.bid:  # the contract, once (an earlier auction starts again)
            slots[LEVEL + bid // 5] = 1.0
            slots[STRAIN + bid % 5] = 1.0
            slots[DOUBLED + doubled] = 1.0
            slots[DECLARER + ((declarer - me) & 3)] = 1.0
            seen.bid = bid
        finished = len(done)
        if finished != seen.done:
            for first, cards, _ in done[seen.done :]:
                r = first - me
                for card in cards:
                    slots[PLAYED + 52 * (r & 3) + card] = 1.0
                    r += 1
            seen.done = finished
        if leader is not None:
            r = (leader - me) & 3
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
                if seen.leader >= 0:
                    slots[LEADER + seen.leader] = 0.0
                slots[LEADER + r] = 1.0
                seen.leader = r
        if claim is None and turn is not None:  # the usual flags, without a call
            flags: tuple[int, ...] = (PHASE + phase, TURN + ((turn - me) & 3))
        else:
            flags = _flags(me, phase, turn, claim)
        if flags != seen.flags:
            for slot in seen.flags:
                slots[slot] = 0.0
            for slot in flags:
                slots[slot] = 1.0
            seen.flags = flags
        if won is not seen.won:  # one tuple per finished trick (or accepted claim)
            side = me & 1
            slots[_WON_AT] = THIRTEENTHS[won[side]]
            slots[_WON_AT + 1] = THIRTEENTHS[won[1 - side]]
            seen.won = won
        if sizes is not seen.sizes:
            slots[_SIZES_AT], slots[_SIZES_AT + 1], slots[_SIZES_AT + 2], slots[_SIZES_AT + 3] = (
                sizes
            )
            seen.sizes = sizes

    @staticmethod
    def _write_calls(calls: tuple[int, ...], me: int, slots: Any, seen: _Seen) -> None:
        """The calls made since the seat's last look: bids, doubles and redoubles by who
        made them, passes before the first bid; fewer calls than last time (another
        auction of the deal) writes them all again."""
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

    def mask_state(self, state: Any, picks: tuple[int, ...]) -> int | None:
        """Cards that follow suit, or ``accept``/``reject``; auctions use the strings."""
        phase = state.phase
        if phase == "play":
            return int(state.playable_cards())
        if phase == "claim":
            return _ANSWERS
        return None

    def _score_scalars(self, sheet: Sheet, side: int) -> list[float]:
        """The score part of the scalars (the sheet changes only between deals)."""
        key, parts = self._scores
        if key is not sheet:
            parts = [_score(sheet, 0), _score(sheet, 1)]
            self._scores = (sheet, parts)
        return parts[side]


def _flags(me: int, phase: int, turn: int | None, claim: int | None) -> tuple[int, ...]:
    """The slots of the phase, the turn and a claim (those that change within a deal)."""
    at = PHASE + phase
    if claim is None:
        return (at,) if turn is None else (at, TURN + ((turn - me) & 3))
    if turn is None:
        return (at, CLAIM + claim)
    return (at, TURN + ((turn - me) & 3), CLAIM + claim)


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
