"""Five Hundred's observer: the one writer of a seat's observation vector.

:mod:`atout.rl.five_hundred` holds the layout (its table of blocks), the
action table and the discard's three picks; everything that writes a vector
is here, outside :mod:`atout.rl` and free of numpy, so that a wheel (``pip
install .``) compiles it with mypyc next to the engine it reads
(``setup.py``'s ``HOT_MODULES``), as Court Piece's
:mod:`atout.observation.court_piece_play`: there the engine runs about three
times faster, and an observer left in Python was most of the gap between an
environment step and a raw engine action (``bench/rl.py``). The state path
reads the state's typed accessors, which compiled code calls directly.

:meth:`FiveHundredObserver.write_view` writes a whole vector from the seat's
typed view (the observation's definition); :meth:`~FiveHundredObserver.write_state`
feeds the same :meth:`~FiveHundredObserver._start` (a deal's look from zeros)
and :meth:`~FiveHundredObserver._look` (what changed since the seat's last
look) from the state's accessors for what the seat sees.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from atout.cards import JOKER, mask_of
from atout.games.five_hundred.rules import CALL_NAMES, Phase
from atout.games.five_hundred.state import FiveHundredDeal, FiveHundredState
from atout.games.five_hundred.view import FiveHundredView
from atout.observation.slots import CARD_BIT, THIRTEENTHS, clip, write_cards

__all__ = ["SLOTS", "FiveHundredObserver"]

W: Final = 53
"""Card slots: the 52 cards and the joker."""

# The layout's slots (atout.rl.five_hundred builds the same blocks and checks them).
HAND: Final = 0
TRICK: Final = 53
PLAYED: Final = 265
KITTY: Final = 477
DISCARDS: Final = 530
PICKS: Final = 583
EXPOSED: Final = 636
NAMED: Final = 689
CALLS: Final = 693
PASSED: Final = 801
CONTRACT: Final = 805
CONTRACTOR: Final = 832
TRUMP: Final = 836
SITS_OUT: Final = 841
PHASE: Final = 845
DEALER: Final = 849
LEADER: Final = 853
TURN: Final = 857
WON_AT: Final = 861
SIZES_AT: Final = 863
SCORE_AT: Final = 867
SIZE: Final = 869
SLOTS: Final = {
    "hand": HAND,
    "trick": TRICK,
    "played": PLAYED,
    "kitty": KITTY,
    "discards": DISCARDS,
    "picks": PICKS,
    "exposed": EXPOSED,
    "named_suit": NAMED,
    "calls": CALLS,
    "passed": PASSED,
    "contract": CONTRACT,
    "contractor": CONTRACTOR,
    "trump": TRUMP,
    "sits_out": SITS_OUT,
    "phase": PHASE,
    "dealer": DEALER,
    "leader": LEADER,
    "turn": TURN,
    "tricks_won": WON_AT,
    "hand_sizes": SIZES_AT,
    "score": SCORE_AT,
}
"""The first slot of every block by name, for the layout's check."""

PICK: Final = 85
"""Action index of the first discard pick (card ``c`` is ``PICK + c``)."""

_AUCTION: Final = 0
_KITTY: Final = 1
_PLAY: Final = 2
_OVER: Final = 3
PHASE_INDEX: Final = {
    Phase.AUCTION: _AUCTION,
    Phase.KITTY: _KITTY,
    Phase.PLAY: _PLAY,
    Phase.OVER: _OVER,
}
"""A phase's slot in the ``phase`` block (deal order)."""
_OPEN_MISERE: Final = CALL_NAMES.index("open-misere")
_ZEROS: Final = memoryview(bytes(4 * SIZE)).cast("f")
"""A whole vector of zeros (a ``float32`` memoryview to assign from)."""


_SIZES_KEPT: Final = 4096
"""At most this many play positions' hand sizes kept (4 * 4 * 5 * 10 * 4 = 3,200 exist)."""


def _play_key(seat: int, leader: int, skip: int, done: int, played: int) -> int:
    """The play position that fixes every hand's size: the seat looking, the trick's
    leader, the seat sitting out (-1: none), tricks finished, cards in the trick."""
    return (((seat * 4 + leader) * 5 + skip + 1) * 11 + done) * 4 + played


class Seen:
    """What the observer last wrote for one seat (cards, slots)."""

    __slots__ = (
        "calls",
        "contract",
        "deal",
        "discards",
        "done",
        "exposed",
        "flags",
        "hand",
        "kitty",
        "picks",
        "sheet",
        "sizes",
        "skip",
        "trick",
        "won",
    )

    deal: object
    sheet: object
    calls: int
    contract: tuple[int, ...]
    skip: int
    hand: int
    kitty: int
    discards: int
    picks: int
    exposed: int
    done: int
    trick: list[int]
    flags: tuple[int, ...]
    won: object
    sizes: tuple[float, ...]

    def __init__(self) -> None:
        self.deal = None
        self.sheet = None
        self.clear()

    def clear(self) -> None:
        """Nothing of the deal written yet (its slots are zeros)."""
        self.calls = 0
        """Auction entries already written."""
        self.contract = ()
        """The contract's slots set to 1 (none before there is one)."""
        self.skip = -1
        """The seat that sits out (misère), or -1."""
        self.hand = 0
        self.kitty = 0
        self.discards = 0
        self.picks = 0
        self.exposed = 0
        self.done = 0
        """Finished tricks already in the ``played`` block."""
        self.trick = []
        self.flags = ()
        self.won = None
        self.sizes = ()


class FiveHundredObserver:
    """Writes the vectors of one environment's seats (and keeps what it wrote for each)."""

    __slots__ = ("_kitty_of", "_scores", "_seen", "_sizes")

    _seen: list[Seen]
    _kitty_of: tuple[object, int]
    _scores: tuple[object, list[list[float]]]
    _sizes: dict[int, tuple[float, float, float, float]]

    def __init__(self) -> None:
        self._seen = [Seen() for _ in range(4)]
        """Per seat, what :meth:`write_state` last wrote into its kept vector."""
        self._kitty_of = (None, 0)
        """The kitty as a card set, for the deal it was made from."""
        self._scores = (None, [])
        """The score slots of each side for the sheet they were made with."""
        self._sizes = {}
        """Hand sizes (/ 13) by relative seat in the play, by :func:`_play_key`: every
        seat starts the play with 10 cards and loses one a card played, so the sizes
        follow from who looks, who led, who sits out and how far the play is (three
        ``hand`` calls less a look)."""

    def write_view(
        self,
        view: FiveHundredView,
        sheet: Mapping[str, Any],
        picks: tuple[int, ...],
        slots: Any,
    ) -> None:
        """Hand, tricks, kitty and discards (contractor), auction, contract, seats, score: the
        seat's typed view, and nothing else (the observation's definition), written whole;
        ``picks``, the discard's picks made so far (action indexes)."""
        me = view.seat
        assert me is not None
        seen = Seen()
        self._start(slots, seen, me, view.dealer, sheet)
        contract = view.contract
        chosen = 0
        for pick in picks:
            chosen |= 1 << pick - PICK
        exposed = view.exposed
        named = view.named_suit
        sizes = view.hand_sizes
        self._look(
            slots,
            seen,
            me,
            view.hand,
            mask_of(view.kitty or ()),
            view.discards or 0,
            chosen,
            0 if exposed is None else exposed[1],
            view.auction,
            None
            if contract is None
            else (
                contract.bid,
                contract.contractor,
                4 if contract.trump is None else contract.trump,
                -1 if contract.sits_out is None else contract.sits_out,
            ),
            PHASE_INDEX[view.phase],
            view.trick_leader,
            view.trick,
            -1 if named is None else named,
            view.tricks,
            view.turn,
            view.tricks_won,
            (
                THIRTEENTHS[sizes[me]],
                THIRTEENTHS[sizes[(me + 1) & 3]],
                THIRTEENTHS[sizes[(me + 2) & 3]],
                THIRTEENTHS[sizes[(me + 3) & 3]],
            ),
        )

    def write_state(
        self,
        state: FiveHundredState,
        seat: int,
        sheet: Mapping[str, Any],
        slots: Any,
        kept: bool,
        picks: tuple[int, ...] = (),
    ) -> bool:
        """By the same observer, from the state's accessors for what the seat sees (own
        cards, the kitty and discards if contractor, an exposed hand, the calls, the tricks),
        only what changed since its last look (``kept``: ``slots`` hold what this wrote last
        for the seat); ``picks``, the discard's picks made so far (the kitty phase's three
        looks, which the view would write whole)."""
        phase = PHASE_INDEX[state.phase]
        chosen = 0
        for pick in picks:
            chosen |= 1 << pick - PICK
        seen = self._seen[seat]
        deal = state.deal
        auction = state.auction
        done = state.completed_tricks
        high = state.high_bid
        bidding = phase == _AUCTION
        if (
            not kept
            or seen.deal is not deal
            or len(done) < seen.done
            or len(auction) < seen.calls
            or (bidding and bool(seen.contract))  # back in the auction
        ):
            self._start(slots, seen, seat, deal.dealer, sheet)
            seen.deal = deal
            seen.sheet = sheet
        elif seen.sheet is not sheet:  # the deal's end scored: only the score slots change
            own, other = self._score_scalars(sheet, seat & 1)
            slots[SCORE_AT] = own
            slots[SCORE_AT + 1] = other
            seen.sheet = sheet
        contract = None
        kitty, discards, exposed = seen.kitty, seen.discards, seen.exposed
        if high >= 0 and not bidding:
            if not seen.contract:  # the contract, kitty and discards hold for the deal
                contractor = state.contractor
                assert contractor is not None
                trump = state.trump_suit
                sits_out = state.sits_out
                skip = -1 if sits_out is None else sits_out
                contract = (high, contractor, 4 if trump < 0 else trump, skip)
                if seat == contractor:
                    kitty = self._kitty(deal)
                    discards = state.discards
            elif kitty and not discards and phase != _KITTY:  # the contractor, discarded
                discards = state.discards
            if high == _OPEN_MISERE:
                shown = state.exposed()
                exposed = 0 if shown is None else state.hand(shown)
        hand = state.hand(seat)
        trick = state.trick
        if phase == _PLAY:
            leader = state.leader
            skip = seen.skip if contract is None else contract[3]
            key = _play_key(seat, leader, skip, len(done), len(trick))
            sizes = self._sizes.get(key)
            if sizes is None or sizes[0] != THIRTEENTHS[hand.bit_count()]:
                sizes = self._sizes_now(state, seat, hand)
                if len(self._sizes) < _SIZES_KEPT:
                    self._sizes[key] = sizes
        else:
            leader = -1
            sizes = self._sizes_now(state, seat, hand)
        self._look(
            slots,
            seen,
            seat,
            hand,
            kitty,
            discards,
            chosen,
            exposed,
            auction,
            contract,
            phase,
            leader if phase == _PLAY else None,
            trick,
            state.named_suit,
            done,
            state.turn,
            state.tricks_won,
            sizes,
        )
        return True

    def _sizes_now(
        self, state: FiveHundredState, seat: int, hand: int
    ) -> tuple[float, float, float, float]:
        """Hand sizes (/ 13) by relative seat, counted from the hands."""
        return (
            THIRTEENTHS[hand.bit_count()],
            THIRTEENTHS[state.hand((seat + 1) & 3).bit_count()],
            THIRTEENTHS[state.hand((seat + 2) & 3).bit_count()],
            THIRTEENTHS[state.hand((seat + 3) & 3).bit_count()],
        )

    def mask_state(self, state: FiveHundredState, picks: tuple[int, ...]) -> int | None:
        """Cards that follow suit (the joker as ``JK``); the discard's picks (any card held
        not picked yet: ``discardable()``); ``None`` for a joker lead at no-trumps and the
        auction (the engine's strings)."""
        phase = PHASE_INDEX[state.phase]
        if phase == _KITTY:
            cards = state.discardable()
            for pick in picks:
                cards &= ~(1 << pick - PICK)
            return cards << PICK
        if phase != _PLAY:
            return None
        cards = state.playable_cards()
        if cards >> JOKER & 1 and not state.trick and state.trump_suit < 0:
            return None
        return cards

    def _kitty(self, deal: FiveHundredDeal) -> int:
        """The kitty as dealt, as a card set (kept for the deal)."""
        key, cards = self._kitty_of
        if key is not deal:
            cards = mask_of(deal.kitty)
            self._kitty_of = (deal, cards)
        return cards

    def _start(
        self, slots: Any, seen: Seen, me: int, dealer: int, sheet: Mapping[str, Any]
    ) -> None:
        """A deal's look from zeros: what holds for the deal (the dealer, the score)."""
        slots[:] = _ZEROS
        slots[DEALER + ((dealer - me) & 3)] = 1.0
        own, other = self._score_scalars(sheet, me & 1)
        slots[SCORE_AT] = own
        slots[SCORE_AT + 1] = other
        seen.clear()

    def _look(
        self,
        slots: Any,
        seen: Seen,
        me: int,
        hand: int,
        kitty: int,
        discards: int,
        picks: int,
        exposed: int,
        auction: tuple[tuple[int, int], ...],
        contract: tuple[int, int, int, int] | None,
        phase: int,
        leader: int | None,
        trick: Sequence[int],
        named: int,
        done: Sequence[tuple[int, Sequence[int], int]],
        turn: int | None,
        won: tuple[int, int],
        sizes: tuple[float, float, float, float],
    ) -> None:
        """What changed since ``seen``: the card blocks (own hand, the kitty and discards
        the seat sees, the discard's picks, an exposed hand), the calls, the contract
        (``(bid, contractor, trump or 4, the seat that sits out or -1)``; ``None``: none
        yet, or the one written, which holds for the deal), the finished
        tricks, the trick (its ``leader``: ``None`` outside the play), the flags (phase,
        leader, turn, a named suit or -1), tricks won by side, hand sizes (/ 13) by
        relative seat."""
        bit = CARD_BIT
        changed = hand ^ seen.hand
        if changed:  # HAND is 0: a card's slot is its index
            while changed:
                card = changed.bit_length() - 1
                slots[card] = 1.0 if hand & bit[card] else 0.0
                changed ^= bit[card]
            seen.hand = hand
        if kitty != seen.kitty:
            write_cards(slots, KITTY, kitty, seen.kitty)
            seen.kitty = kitty
        if discards != seen.discards:
            write_cards(slots, DISCARDS, discards, seen.discards)
            seen.discards = discards
        if picks != seen.picks:
            write_cards(slots, PICKS, picks, seen.picks)
            seen.picks = picks
        if exposed != seen.exposed:
            write_cards(slots, EXPOSED, exposed, seen.exposed)
            seen.exposed = exposed
        if len(auction) != seen.calls:
            for who, code in auction[seen.calls :]:
                if code < 0:
                    slots[PASSED + ((who - me) & 3)] = 1.0
                else:
                    slots[CALLS + 4 * code + ((who - me) & 3)] = 1.0
            seen.calls = len(auction)
        if contract is not None and not seen.contract:  # it holds for the rest of the deal
            bid, contractor, trump, skip = contract
            placed: tuple[int, ...] = (
                CONTRACT + bid,
                CONTRACTOR + ((contractor - me) & 3),
                TRUMP + trump,
            )
            if skip >= 0:
                placed = (*placed, SITS_OUT + ((skip - me) & 3))
            for slot in placed:
                slots[slot] = 1.0
            seen.contract = placed
            seen.skip = skip
        skip = seen.skip
        finished = len(done)
        if finished != seen.done:
            for first, played, _ in done[seen.done :]:
                who = first
                for card in played:
                    if who == skip:
                        who = (who + 1) & 3
                    slots[PLAYED + W * ((who - me) & 3) + card] = 1.0
                    who = (who + 1) & 3
            seen.done = finished
        if trick or seen.trick:
            for slot in seen.trick:
                slots[slot] = 0.0
            placed_trick: list[int] = []
            if leader is not None:
                who = leader
                for card in trick:
                    if who == skip:
                        who = (who + 1) & 3
                    slot = TRICK + W * ((who - me) & 3) + card
                    slots[slot] = 1.0
                    placed_trick.append(slot)
                    who = (who + 1) & 3
            seen.trick = placed_trick
        flags: tuple[int, ...]
        if leader is not None and turn is not None:  # the play
            flags = (PHASE + phase, LEADER + ((leader - me) & 3), TURN + ((turn - me) & 3))
        else:
            flags = (PHASE + phase,)
            if leader is not None:
                flags = (*flags, LEADER + ((leader - me) & 3))
            if turn is not None:
                flags = (*flags, TURN + ((turn - me) & 3))
        if named >= 0:
            flags = (*flags, NAMED + named)
        if flags != seen.flags:
            for slot in seen.flags:
                slots[slot] = 0.0
            for slot in flags:
                slots[slot] = 1.0
            seen.flags = flags
        if won is not seen.won:  # one tuple per finished trick
            side = me & 1
            slots[WON_AT] = won[side] / 10
            slots[WON_AT + 1] = won[1 - side] / 10
            seen.won = won
        if sizes != seen.sizes:
            slots[SIZES_AT] = sizes[0]
            slots[SIZES_AT + 1] = sizes[1]
            slots[SIZES_AT + 2] = sizes[2]
            slots[SIZES_AT + 3] = sizes[3]
            seen.sizes = sizes

    def _score_scalars(self, sheet: Mapping[str, Any], side: int) -> list[float]:
        """The game score of own side, other side (the sheet changes only between deals)."""
        key, parts = self._scores
        if key is not sheet:
            scores = sheet["scores"]
            parts = [[clip(scores[s] / 500), clip(scores[1 - s] / 500)] for s in (0, 1)]
            self._scores = (sheet, parts)
        return parts[side]
