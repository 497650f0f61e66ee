"""Five Hundred's observer: the one writer of a seat's observation vector.

:mod:`atout.rl.five_hundred` holds the layout (its table of blocks), the
action table and the discard's three picks; everything that writes a vector
is here, outside :mod:`atout.rl` and free of numpy, so that a wheel (``pip
install .``) compiles it with mypyc next to the engine it reads
(``setup.py``'s ``HOT_MODULES``), as Court Piece's
:mod:`atout.observation.court_piece_play`: there the engine runs about three
times faster, and an observer left in Python was most of the gap between an
environment step and a raw engine action (``bench/rl.py``). The state path
reads the state in one call, ``FiveHundredState.look(seat)`` (a dozen accessors per
look were most of a pure-Python step's observer).

:meth:`FiveHundredObserver.write_view` writes a whole vector from the seat's
typed view (the observation's definition); :meth:`~FiveHundredObserver.write_state`
feeds the same :meth:`~FiveHundredObserver._start` (a deal's look from zeros),
:meth:`~FiveHundredObserver._deal` (what changes before the play: calls,
contract, kitty, discards, picks) and :meth:`~FiveHundredObserver._look` (what
the play changes: cards, trick, flags, counts) from that look tuple; in the
play, once a look of it wrote ``_deal``'s part, a look is ``_look`` alone.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from typing import Any, Final

from atout.cards import JOKER, mask_of
from atout.games.five_hundred.rules import Phase
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
assert SIZES_AT == WON_AT + 2  # one slice writes both (FiveHundredObserver._counts)
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


def _order_slots(block: int, me: int, skip: int, leader: int) -> tuple[tuple[int, ...], ...]:
    """The slots of each card of a trick led by ``leader``, by its place in the trick, in the
    ``block`` (``TRICK`` or ``PLAYED``) of seat ``me``: the seats in playing order, passing
    over ``skip`` (the misère partner, -1: nobody), relative to ``me``; ``[i][card]``."""
    slots = []
    who = leader
    for _ in range(3 if skip >= 0 else 4):
        if who == skip:
            who = (who + 1) & 3
        slots.append(_CARD_SLOTS[block + W * ((who - me) & 3)])
        who = (who + 1) & 3
    return tuple(slots)


_CARD_SLOTS: Final = {
    at: tuple(range(at, at + W))
    for block in (TRICK, PLAYED)
    for at in range(block, block + 4 * W, W)
}
"""The slots of a seat's sub-block of ``trick`` or ``played`` by card, by the sub-block's first
slot (ints made once: past 256, an int computed per card is a new object)."""


def _order_table(block: int) -> tuple[tuple[tuple[tuple[tuple[int, ...], ...], ...], ...], ...]:
    """``[me][skip + 1][leader][i][card]``: :func:`_order_slots` of ``block`` for every seat,
    sitter-out and leader, made once (the seat arithmetic of every card was a tenth of a
    look)."""
    return tuple(
        tuple(
            tuple(_order_slots(block, me, skip, leader) for leader in range(4))
            for skip in range(-1, 4)
        )
        for me in range(4)
    )


_TRICK_AT: Final = _order_table(TRICK)
_PLAYED_AT: Final = _order_table(PLAYED)
_TURN_FLAGS: Final = tuple(
    tuple((PHASE + phase, TURN + turn) for turn in range(4)) for phase in range(4)
)
"""``_TURN_FLAGS[phase][turn]`` (turn relative): the phase and turn flags, made once."""
Looked = tuple[
    Phase,
    object,
    tuple[tuple[int, int], ...],
    Sequence[tuple[int, Sequence[int], int]],
    int,
    int,
    Sequence[int],
    int,
    int,
    int,
    int,
    tuple[int, int, int, int],
    int,
]
"""What :meth:`FiveHundredObserver._look` writes from: ``FiveHundredState.look(seat)``
(``(phase, deal, auction, completed tricks, high bid, hand, trick, leader or -1, named
suit or -1, turn or -1, tricks won, cards held by relative seat, exposed hand or 0)``),
or the same fields of a typed view (no deal)."""
_COUNTS_KEPT: Final = 4096
"""At most this many ``tricks_won`` and ``hand_sizes`` slices kept per side and tricks won
(about two hundred occur in all)."""
_IN_AUCTION: Final = Phase.AUCTION
_IN_KITTY: Final = Phase.KITTY
_IN_PLAY: Final = Phase.PLAY
_ZEROS: Final = memoryview(bytes(4 * SIZE)).cast("f")
"""A whole vector of zeros (a ``float32`` memoryview to assign from)."""


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
        "leading",
        "me",
        "picks",
        "played_at",
        "playing",
        "sheet",
        "sizes",
        "trick",
        "trick_at",
        "tricks_at",
        "won",
    )

    me: int
    deal: object
    sheet: object
    calls: int
    contract: tuple[int, ...]
    played_at: tuple[tuple[tuple[int, ...], ...], ...]
    tricks_at: tuple[tuple[tuple[int, ...], ...], ...]
    hand: int
    kitty: int
    discards: int
    picks: int
    exposed: int
    done: int
    playing: object
    trick: Sequence[int]
    trick_at: tuple[tuple[int, ...], ...]
    leading: int
    flags: tuple[int, ...]
    won: object
    sizes: tuple[int, ...]

    def __init__(self, me: int) -> None:
        self.me = me
        """The seat."""
        self.deal = None
        self.sheet = None
        self.clear()

    def clear(self) -> None:
        """Nothing of the deal written yet (its slots are zeros)."""
        self.calls = 0
        """Auction entries already written."""
        self.contract = ()
        """The contract's slots set to 1 (none before there is one)."""
        self.sits_out(-1)
        self.hand = 0
        self.kitty = 0
        self.discards = 0
        self.picks = 0
        self.exposed = 0
        self.playing = None
        """The auction whose play the last full look wrote (calls, contract, kitty and
        discards: what the play leaves alone; every state of a play shares one auction
        tuple), or ``None``."""
        self.done = 0
        """Finished tricks already in the ``played`` block."""
        self.trick = ()
        """The trick's cards written (at ``trick_at``)."""
        self.trick_at = ()
        self.leading = -1
        """The ``leader`` slot set to 1, or -1."""
        self.flags = ()
        """The other flags' slots set to 1 (phase, turn, named suit)."""
        self.won = None
        self.sizes = ()

    def sits_out(self, skip: int) -> None:
        """The ``played`` and ``trick`` slot tables of the seat when ``skip`` sits out (misère;
        -1: nobody), by leader, then place in the trick and card (read once, not per look)."""
        self.played_at = _PLAYED_AT[self.me][skip + 1]
        self.tricks_at = _TRICK_AT[self.me][skip + 1]


class FiveHundredObserver:
    """Writes the vectors of one environment's seats (and keeps what it wrote for each)."""

    __slots__ = ("_counts", "_kitty_of", "_scores", "_seen")

    _seen: list[Seen]
    _kitty_of: tuple[object, int]
    _scores: tuple[object, list[list[float]]]
    _counts: list[list[dict[tuple[int, int, int, int], Any]]]

    def __init__(self) -> None:
        self._seen = [Seen(me) for me in range(4)]
        """Per seat, what :meth:`write_state` last wrote into its kept vector."""
        self._kitty_of = (None, 0)
        """The kitty as a card set, for the deal it was made from."""
        self._scores = (None, [])
        """The score slots of each side for the sheet they were made with."""
        self._counts = [[{} for _ in range(256)] for _ in range(2)]
        """Per side (a seat's parity) and tricks won (``_look``'s ``won``, below 256), the
        ``tricks_won`` and ``hand_sizes`` slots, next to each other, as a ``float32``
        memoryview by ``sizes``: one slice written, not six slots (in the play they all
        change between a seat's looks); no key tuple made per look."""

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
        seen = Seen(me)
        self._start(slots, seen, me, view.dealer, sheet)
        contract = view.contract
        chosen = 0
        for pick in picks:
            chosen |= 1 << pick - PICK
        exposed = view.exposed
        named = view.named_suit
        sizes = view.hand_sizes
        looked: Looked = (
            view.phase,
            None,
            view.auction,
            view.tricks,
            -1 if contract is None else contract.bid,
            view.hand,
            view.trick,
            -1 if view.trick_leader is None else view.trick_leader,
            -1 if named is None else named,
            -1 if view.turn is None else view.turn,
            view.tricks_won[0] | view.tricks_won[1] << 4,
            (sizes[me], sizes[(me + 1) & 3], sizes[(me + 2) & 3], sizes[(me + 3) & 3]),
            0 if exposed is None else exposed[1],
        )
        self._deal(
            slots,
            seen,
            me,
            view.auction,
            mask_of(view.kitty or ()),
            view.discards or 0,
            chosen,
            None
            if contract is None
            else (
                contract.bid,
                contract.contractor,
                4 if contract.trump is None else contract.trump,
                -1 if contract.sits_out is None else contract.sits_out,
            ),
        )
        self._look(slots, seen, me, looked, PHASE_INDEX[view.phase])

    def write_state(
        self,
        state: FiveHundredState,
        seat: int,
        sheet: Mapping[str, Any],
        slots: Any,
        kept: bool,
        picks: tuple[int, ...] = (),
    ) -> bool:
        """By the same observer, from what the state shows the seat (own cards, the kitty
        and discards if contractor, an exposed hand, the calls, the tricks), only what
        changed since its last look (``kept``: ``slots`` hold what this wrote last for the
        seat); ``picks``, the discard's picks made so far (the kitty phase's three looks,
        which the view would write whole).

        What changes during the deal comes from one call, ``state.look(seat)``; the
        contract, the kitty and the discards from the accessors, once a deal. In the play
        (most looks), once a look of it wrote them, only :meth:`_look`'s part changes."""
        looked = state.look(seat)
        stage, deal, auction, done, high, _, _, _, _, _, _, _, _ = looked
        seen = self._seen[seat]
        if (
            seen.playing is auction  # a look of this play wrote the rest (no restart since)
            and stage is _IN_PLAY  # by identity: a StrEnum's hash is a Python call
            and kept
            and seen.sheet is sheet
            and len(done) >= seen.done
            and not picks
        ):
            self._look(slots, seen, seat, looked, _PLAY)
            return True
        if stage is _IN_PLAY:
            phase = _PLAY
        elif stage is _IN_AUCTION:
            phase = _AUCTION
        elif stage is _IN_KITTY:
            phase = _KITTY
        else:
            phase = _OVER
        chosen = 0
        if picks:
            for pick in picks:
                chosen |= 1 << pick - PICK
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
        kitty, discards = seen.kitty, seen.discards
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
        self._deal(slots, seen, seat, auction, kitty, discards, chosen, contract)
        self._look(slots, seen, seat, looked, phase)
        seen.playing = auction if phase == _PLAY else None
        return True

    def mask_state(self, state: FiveHundredState, picks: tuple[int, ...]) -> int | None:
        """Cards that follow suit (the joker as ``JK``); the discard's picks (any card held
        not picked yet: ``discardable()``); ``None`` for a joker lead at no-trumps and the
        auction (the engine's strings).

        The play's cards first, one call (``playable_cards()`` is 0 outside the play,
        never in it: the seat to act holds a card), before any question about the phase."""
        cards = state.playable_cards()
        if cards:
            if cards >> JOKER & 1 and not state.trick and state.trump_suit < 0:
                return None
            return cards
        cards = state.discardable()  # the kitty's (0 in the auction)
        if not cards:
            return None
        for pick in picks:
            cards &= ~(1 << pick - PICK)
        return cards << PICK

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

    def _deal(
        self,
        slots: Any,
        seen: Seen,
        me: int,
        auction: Sequence[tuple[int, int]],
        kitty: int,
        discards: int,
        picks: int,
        contract: tuple[int, int, int, int] | None,
    ) -> None:
        """What changes only before the play, since ``seen``: the kitty and discards the
        seat sees, the discard's picks, the calls, the contract (``(bid, contractor, trump
        or 4, the seat that sits out or -1)``; ``None``: none yet, or the one written, which
        holds for the deal). Before :meth:`_look`, which reads the seat that sits out."""
        if kitty != seen.kitty:
            write_cards(slots, KITTY, kitty, seen.kitty)
            seen.kitty = kitty
        if discards != seen.discards:
            write_cards(slots, DISCARDS, discards, seen.discards)
            seen.discards = discards
        if picks != seen.picks:
            write_cards(slots, PICKS, picks, seen.picks)
            seen.picks = picks
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
            seen.sits_out(skip)

    def _look(self, slots: Any, seen: Seen, me: int, looked: Looked, phase: int) -> None:
        """What changed since ``seen`` that can change in the play: own hand, an exposed
        hand, the finished tricks, the trick, the flags (phase, leader, turn, a named suit),
        tricks won, cards held by relative seat. ``looked`` is ``FiveHundredState.look``'s
        tuple (the view's fields in the same order: :meth:`write_view`), ``phase`` its
        phase's slot."""
        _, _, _, done, _, hand, trick, leader, named, turn, won, sizes, exposed = looked
        bit = CARD_BIT
        changed = hand ^ seen.hand
        if changed:  # HAND is 0: a card's slot is its index
            if changed & hand:  # cards came (a deal, the kitty)
                while changed:
                    card = changed.bit_length() - 1
                    slots[card] = 1.0 if hand & bit[card] else 0.0
                    changed ^= bit[card]
            else:  # cards played, the usual look
                while changed:
                    card = changed.bit_length() - 1
                    slots[card] = 0.0
                    changed ^= bit[card]
            seen.hand = hand
        if exposed != seen.exposed:
            write_cards(slots, EXPOSED, exposed, seen.exposed)
            seen.exposed = exposed
        finished = len(done)
        if finished != seen.done:
            for first, played, _ in done[seen.done :]:
                at = seen.played_at[first]  # three or four cards, written out
                slots[at[0][played[0]]] = 1.0
                slots[at[1][played[1]]] = 1.0
                slots[at[2][played[2]]] = 1.0
                if len(played) == 4:
                    slots[at[3][played[3]]] = 1.0
            seen.done = finished
        if trick or seen.trick:
            at = seen.trick_at
            for i, card in enumerate(seen.trick):
                slots[at[i][card]] = 0.0
            if leader >= 0:
                trick_at = seen.tricks_at[leader]
                for i, card in enumerate(trick):
                    slots[trick_at[i][card]] = 1.0
                seen.trick_at = trick_at
                seen.trick = trick
            else:
                seen.trick = ()
        leading = LEADER + ((leader - me) & 3) if leader >= 0 else -1
        if leading != seen.leading:  # on its own: the flag a play look mostly moves
            if seen.leading >= 0:
                slots[seen.leading] = 0.0
            if leading >= 0:
                slots[leading] = 1.0
            seen.leading = leading
        flags: tuple[int, ...] = (
            _TURN_FLAGS[phase][(turn - me) & 3] if turn >= 0 else (PHASE + phase,)
        )
        if named >= 0:
            flags = (*flags, NAMED + named)
        if flags != seen.flags:
            for slot in seen.flags:
                slots[slot] = 0.0
            for slot in flags:
                slots[slot] = 1.0
            seen.flags = flags
        if sizes != seen.sizes or won != seen.won:
            kept = self._counts[me & 1][won]
            written = kept.get(sizes)
            if written is None:
                if len(kept) >= _COUNTS_KEPT:
                    kept.clear()
                ours, theirs = (won >> 4, won & 15) if me & 1 else (won & 15, won >> 4)
                written = memoryview(
                    array("f", [ours / 10, theirs / 10, *[THIRTEENTHS[n] for n in sizes]])
                )
                kept[sizes] = written
            slots[WON_AT : SIZES_AT + 4] = written
            seen.won = won
            seen.sizes = sizes

    def _score_scalars(self, sheet: Mapping[str, Any], side: int) -> list[float]:
        """The game score of own side, other side (the sheet changes only between deals)."""
        key, parts = self._scores
        if key is not sheet:
            scores = sheet["scores"]
            parts = [[clip(scores[s] / 500), clip(scores[1 - s] / 500)] for s in (0, 1)]
            self._scores = (sheet, parts)
        return parts[side]
