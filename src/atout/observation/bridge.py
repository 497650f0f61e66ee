"""Bridge's observer: the one writer of a seat's observation vector.

:mod:`atout.rl.bridge` holds the layout (its table of blocks) and the action
table; everything that writes a vector is here, outside :mod:`atout.rl` and
free of numpy, so that a wheel (``pip install .``) compiles it with mypyc next
to the engine it reads (``setup.py``'s ``HOT_MODULES``), as Court Piece's
:mod:`atout.observation.court_piece_play`: there the engine runs about three
times faster, and an observer left in Python was most of the gap between an
environment step and a raw engine action (``bench/rl.py``). The state path
reads the state's typed accessors, which compiled code calls directly.

:meth:`BridgeObserver.write_view` writes a whole vector from the seat's typed
view (the observation's definition) through :meth:`~BridgeObserver._start` (a
deal's look from zeros), :meth:`~BridgeObserver._bidding` (the calls and the
contract) and :meth:`~BridgeObserver._look` (the rest: what changed since the
seat's last look); :meth:`~BridgeObserver.write_state` feeds the same
``_start`` and ``_bidding`` from the state's
:meth:`~atout.games.bridge.BridgeState.look` (one call a look) and, in the
auction or once a contract is made, its accessors, and writes the rest itself
(``_look``'s body, spelled out: its call of a dozen arguments was a good part
of a look). ``tests/rl`` check both paths against a second encoder of the JSON
view, and ``bench/rl_digests.py`` against another checkout's bytes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from atout.games.bridge import BridgeState
from atout.games.bridge.auction import DOUBLE, PASS, REDOUBLE
from atout.games.bridge.view import BridgeView, Phase
from atout.observation.slots import CARD_BIT, HAND_SIZES, THIRTEENTHS, clip

__all__ = ["SLOTS", "BridgeObserver"]

# The layout's slots (atout.rl.bridge builds the same blocks and checks them).
HAND: Final = 0
DUMMY: Final = 52
TRICK: Final = 104
PLAYED: Final = 312
BIDS: Final = 520
DOUBLES: Final = 660
REDOUBLES: Final = 800
PASSES: Final = 940
LEVEL: Final = 944
STRAIN: Final = 951
DOUBLED: Final = 956
DECLARER: Final = 959
VULNERABLE: Final = 963
PHASE: Final = 965
DEALER: Final = 969
LEADER: Final = 973
TURN: Final = 977
CLAIM: Final = 981
WON_AT: Final = 995
SIZES_AT: Final = 997
SCORE_AT: Final = 1001
SIZE: Final = 1005
SLOTS: Final = {
    "hand": HAND,
    "dummy": DUMMY,
    "trick": TRICK,
    "played": PLAYED,
    "bids": BIDS,
    "doubles": DOUBLES,
    "redoubles": REDOUBLES,
    "passes": PASSES,
    "level": LEVEL,
    "strain": STRAIN,
    "doubled": DOUBLED,
    "declarer": DECLARER,
    "vulnerable": VULNERABLE,
    "phase": PHASE,
    "dealer": DEALER,
    "leader": LEADER,
    "turn": TURN,
    "claim": CLAIM,
    "tricks_won": WON_AT,
    "hand_sizes": SIZES_AT,
    "score": SCORE_AT,
}
"""The first slot of every block by name, for the layout's check."""

ANSWERS: Final = 3 << 90
"""The mask of a claim's answer: ``accept`` and ``reject`` (actions 90, 91)."""

_AUCTION: Final = Phase.AUCTION
_PLAY: Final = Phase.PLAY
_CLAIM: Final = Phase.CLAIM
_PHASE_INDEX: Final = {_AUCTION: 0, _PLAY: 1, _CLAIM: 2, Phase.OVER: 3}
"""A phase's index, as ``BridgeState.look`` gives it."""
_ZEROS: Final = memoryview(bytes(4 * SIZE)).cast("f")
"""A whole vector of zeros (a ``float32`` memoryview to assign from)."""
_TRICK_BASE: Final = [[TRICK + 52 * ((r + i) & 3) for i in range(4)] for r in range(4)]
"""The trick block's first slot for its ``i``-th card, by the leader relative to the observer."""
_PLAYED_BASE: Final = [[PLAYED + 52 * ((r + i) & 3) for i in range(4)] for r in range(4)]
"""The played block's first slot for a finished trick's ``i``-th card, by its leader relative
to the observer."""
_FULL_HANDS: Final = HAND_SIZES[0][0][0]
"""Every hand of thirteen (the auction's hand sizes)."""


class Seen:
    """What the observer last wrote for one seat (cards, slot numbers)."""

    __slots__ = (
        "bid",
        "call_slots",
        "calls",
        "claim",
        "contract",
        "deal",
        "dealer",
        "declarer",
        "done",
        "dummy",
        "flags",
        "hand",
        "last",
        "leader",
        "phase",
        "sheet",
        "sizes",
        "trick",
        "turn",
        "won",
    )

    deal: object
    sheet: object
    contract: object
    dealer: int
    calls: int
    last: int
    call_slots: list[int]
    bid: int
    declarer: int
    hand: int
    dummy: int
    done: int
    trick: list[int]
    leader: int
    flags: tuple[int, ...]
    phase: int
    turn: int | None
    claim: int | None
    won: tuple[int, int] | None
    sizes: object

    def __init__(self) -> None:
        self.deal = None
        self.sheet = None
        self.clear(0)

    def clear(self, dealer: int) -> None:
        """Nothing of the deal written yet (its slots are zeros)."""
        self.contract = None
        """The contract's key (``BridgeState.look``) once the calls and contract are written
        (a look with the same key reads neither again)."""
        self.dealer = dealer
        """The auction's dealer (who made each call)."""
        self.calls = 0
        """Calls already written."""
        self.last = -1
        """The last bid among them, or -1."""
        self.call_slots = []
        self.bid = -1
        self.declarer = -1
        """The contract written (its bid) and declarer, or -1."""
        self.hand = 0
        self.dummy = 0
        self.done = 0
        """Finished tricks already in the ``played`` block."""
        self.trick = []
        self.leader = -1
        """The trick's leader relative to the seat, or -1 (none written)."""
        self.flags = ()
        self.phase = -1
        self.turn = None
        self.claim = None
        """The flags' slots, and the phase, turn and claim they were written for (-1: none)."""
        self.won = None
        self.sizes = None


class BridgeObserver:
    """Writes the vectors of one environment's seats (and keeps what it wrote for each)."""

    __slots__ = ("_mask", "_masked", "_scores", "_seen")

    _seen: list[Seen]
    _scores: tuple[object, list[list[float]]]
    _masked: object
    _mask: int

    def __init__(self) -> None:
        self._seen = [Seen() for _ in range(4)]
        """Per seat, what :meth:`write_state` last wrote into its kept vector."""
        self._scores = (None, [])
        """The score slots of each side for the sheet they were made with."""
        self._masked = None
        self._mask = 0
        """The state whose mask :meth:`write_state` found in its look, and the mask:
        :meth:`mask_state` of the same state, next, returns it."""

    def write_view(self, view: BridgeView, sheet: Mapping[str, Any], slots: Any) -> None:
        """Hand, dummy, tricks, the auction, the contract, seats, score: the seat's typed
        view, and nothing else (the observation's definition), written whole."""
        me = view.seat
        assert me is not None
        seen = Seen()
        auction = view.auction
        self._start(slots, seen, me, view.dealer, auction.dealer, view.vulnerable, sheet)
        claim = view.claim
        sizes = view.hand_sizes
        declarer = view.declarer
        bid = view.bid
        self._bidding(
            slots,
            seen,
            me,
            auction.calls,
            -1 if declarer is None or bid is None else bid,
            view.doubled,
            -1 if declarer is None else declarer,
        )
        leader = view.trick_leader
        self._look(
            slots,
            seen,
            me,
            view.hand,
            view.dummy or 0,
            _PHASE_INDEX[view.phase],
            -1 if leader is None else leader,
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

    def write_state(
        self, state: BridgeState, seat: int, sheet: Mapping[str, Any], slots: Any, kept: bool
    ) -> bool:
        """By the same observer, from the state's :meth:`~BridgeState.look` (own and
        dummy's cards once faced, the tricks; the calls and contract from its accessors, in
        the auction and once when the contract is made), only what changed since its last
        look (``kept``: ``slots`` hold what this wrote last for the seat). ``False``,
        nothing written, for a passed-out deal (the view's)."""
        contract, phase, hands, turn, leader, trick, done, won, claim, playable = state.look()
        if phase == 1:  # the mask of the seat to act, asked next
            self._masked = state
            self._mask = playable
        elif phase == 2:
            self._masked = state
            self._mask = ANSWERS
        elif leader < 0 and phase:  # passed out
            return False
        seen = self._seen[seat]
        finished = len(done)
        if (
            contract is not seen.contract
            or sheet is not seen.sheet
            or not kept
            or finished < seen.done
        ):
            deal = state.deal
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
            if leader >= 0:
                found = state.declarer
                self._bidding(
                    slots,
                    seen,
                    seat,
                    state.auction.calls,
                    state.bid,
                    state.doubled,
                    -1 if found is None else found,
                )
            seen.contract = contract
        hand = hands[seat]
        dummy = 0
        sizes: tuple[float, ...]
        if leader < 0:  # the auction: the calls made since the last look
            calls = state.auction.calls
            if len(calls) != seen.calls:
                _write_calls(calls, seat, slots, seen)
            sizes = _FULL_HANDS
        else:
            if finished or trick or phase == 2:  # dummy is face up from the opening lead on
                dummy = hands[(seen.declarer + 2) & 3]
            sizes = HAND_SIZES[finished][len(trick)][(leader - seat) & 3]
        self._look(
            slots, seen, seat, hand, dummy, phase, leader, trick, done, turn, claim, won, sizes
        )
        return True

    def mask_state(self, state: BridgeState, picks: tuple[int, ...]) -> int | None:
        """Cards that follow suit, or ``accept``/``reject``; auctions use the strings (the
        state's last look found them, when this is its state)."""
        if state is self._masked:
            return self._mask
        phase = state.phase
        if phase is _PLAY:
            return state.playable_cards()
        if phase is _CLAIM:
            return ANSWERS
        return None

    def _start(
        self,
        slots: Any,
        seen: Seen,
        me: int,
        dealer: int,
        calls_from: int,
        vulnerable: tuple[bool, bool],
        sheet: Mapping[str, Any],
    ) -> None:
        """A deal's look from zeros: what holds for the deal (vulnerability, dealer, score)."""
        slots[:] = _ZEROS
        side = me & 1
        if vulnerable[side]:
            slots[VULNERABLE] = 1.0
        if vulnerable[1 - side]:
            slots[VULNERABLE + 1] = 1.0
        slots[DEALER + ((dealer - me) & 3)] = 1.0
        at = SCORE_AT
        for value in self._score_scalars(sheet, side):
            slots[at] = value
            at += 1
        seen.clear(calls_from)

    def _bidding(
        self,
        slots: Any,
        seen: Seen,
        me: int,
        calls: tuple[int, ...],
        bid: int,
        doubled: int,
        declarer: int,
    ) -> None:
        """The calls made since ``seen``, and the contract (``bid`` -1 until there is one)."""
        if len(calls) != seen.calls:
            _write_calls(calls, me, slots, seen)
        if bid != seen.bid:  # the contract, once (an earlier auction starts again)
            slots[LEVEL + bid // 5] = 1.0
            slots[STRAIN + bid % 5] = 1.0
            slots[DOUBLED + doubled] = 1.0
            slots[DECLARER + ((declarer - me) & 3)] = 1.0
            seen.bid = bid
            seen.declarer = declarer

    def _look(
        self,
        slots: Any,
        seen: Seen,
        me: int,
        hand: int,
        dummy: int,
        phase: int,
        leader: int,
        trick: Sequence[int],
        done: Sequence[tuple[int, Sequence[int], int]],
        turn: int | None,
        claim: int | None,
        won: tuple[int, int],
        sizes: tuple[float, ...],
    ) -> None:
        """What changed since ``seen`` but the calls: own and dummy's cards (0 until faced),
        the finished tricks, the trick and its leader (-1 in the auction), the phase, turn
        and a claim's tricks, tricks won by side and the hand sizes (/ 13) by relative
        seat."""
        bit = CARD_BIT
        changed = hand ^ seen.hand
        if changed:  # HAND is 0: a card's slot is its index
            if changed & (changed - 1):
                while changed:
                    card = changed.bit_length() - 1
                    slots[card] = 1.0 if hand & bit[card] else 0.0
                    changed ^= bit[card]
            else:  # one card, the usual look in the play: no loop
                slots[changed.bit_length() - 1] = 1.0 if hand & changed else 0.0
            seen.hand = hand
        changed = dummy ^ seen.dummy
        if changed:
            if changed & (changed - 1):
                while changed:
                    card = changed.bit_length() - 1
                    slots[DUMMY + card] = 1.0 if dummy & bit[card] else 0.0
                    changed ^= bit[card]
            else:
                slots[DUMMY + changed.bit_length() - 1] = 1.0 if dummy & changed else 0.0
            seen.dummy = dummy
        finished = len(done)
        same_trick = finished == seen.done
        if not same_trick:
            for first, cards, _ in done[seen.done :]:
                base = _PLAYED_BASE[(first - me) & 3]
                if len(cards) == 4:  # always, in the play (a claim adds no trick)
                    slots[base[0] + cards[0]] = 1.0
                    slots[base[1] + cards[1]] = 1.0
                    slots[base[2] + cards[2]] = 1.0
                    slots[base[3] + cards[3]] = 1.0
                    continue
                for i, card in enumerate(cards):
                    slots[base[i] + card] = 1.0
            seen.done = finished
        if leader >= 0:
            r = (leader - me) & 3
            placed = seen.trick
            if same_trick and r == seen.leader and len(placed) <= len(trick):
                # The same trick as last look, grown: only its new cards.
                base = _TRICK_BASE[r]
                for i in range(len(placed), len(trick)):
                    slot = base[i] + trick[i]
                    slots[slot] = 1.0
                    placed.append(slot)
            elif trick or placed:
                for slot in placed:
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
        if phase != seen.phase or turn != seen.turn or claim != seen.claim:
            flags: tuple[int, ...]
            if claim is None and turn is not None:  # the usual flags, without a call
                flags = (PHASE + phase, TURN + ((turn - me) & 3))
            else:
                flags = _flags(me, phase, turn, claim)
            for slot in seen.flags:
                slots[slot] = 0.0
            for slot in flags:
                slots[slot] = 1.0
            seen.flags = flags
            seen.phase, seen.turn, seen.claim = phase, turn, claim
        if won is not seen.won:  # one tuple per finished trick (or accepted claim)
            side = me & 1
            slots[WON_AT] = THIRTEENTHS[won[side]]
            slots[WON_AT + 1] = THIRTEENTHS[won[1 - side]]
            seen.won = won
        if sizes is not seen.sizes:
            slots[SIZES_AT] = sizes[0]
            slots[SIZES_AT + 1] = sizes[1]
            slots[SIZES_AT + 2] = sizes[2]
            slots[SIZES_AT + 3] = sizes[3]
            seen.sizes = sizes

    def _score_scalars(self, sheet: Mapping[str, Any], side: int) -> list[float]:
        """The score part of the scalars (the sheet changes only between deals)."""
        key, parts = self._scores
        if key is not sheet:
            parts = [_score(sheet, 0), _score(sheet, 1)]
            self._scores = (sheet, parts)
        return parts[side]


def _write_calls(calls: tuple[int, ...], me: int, slots: Any, seen: Seen) -> None:
    """The calls made since the seat's last look: bids, doubles and redoubles by who made
    them, passes before the first bid; fewer calls than last time (another auction of the
    deal) writes them all again."""
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


def _flags(me: int, phase: int, turn: int | None, claim: int | None) -> tuple[int, ...]:
    """The slots of the phase, the turn and a claim (those that change within a deal)."""
    at = PHASE + phase
    if claim is None:
        return (at,) if turn is None else (at, TURN + ((turn - me) & 3))
    if turn is None:
        return (at, CLAIM + claim)
    return (at, TURN + ((turn - me) & 3), CLAIM + claim)


def _score(sheet: Mapping[str, Any], side: int) -> list[float]:
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
