"""Five Hundred for the environment: 138 actions, a 1,067-slot observation.

Actions: ``0..51`` play the card of that index and ``52`` the joker (``JK``);
``53..56`` lead the joker in no-trumps naming ``S H D C`` (``JK S`` ..);
``57`` ``pass``; ``58..84`` the calls ``6S 6C 6D 6H 6NT 7S .. 10NT misere
open-misere`` (Avondale order, the engine's ``CALL_NAMES``); ``85..137`` put
card ``c`` (``85 + c``) into the contractor's discard.

The discard is three sequential picks inside the environment, not one index
over every set of three: that would be C(13, 3) = 286 legal sets out of
C(43, 3) = 12,341 slots, a head almost never legal whose slots share nothing
with the card they name. Three picks keep 53 slots that mean "this card",
the picks made so far are in the observation (``picks``), the agent stays
selected until the third, and only then does the engine see ``discard C1
C2 C3``. Which cards may be picked is the engine's: its legal discards
(the cards of the legal sets that contain the picks so far), or, without
reading those 286 strings, ``discardable()`` (any three of its cards are a
legal discard); ``tests/rl`` check that both agree.

Observation blocks (seats relative to the observer; card slots 0..52, 52 the joker):

==============  ======  ====================================================
block           slots   contents
==============  ======  ====================================================
hand            53      own cards (the contractor's include the kitty until
                        the discard)
trick           4 x 53  the current trick's cards by who played them
played          4 x 53  cards of finished tricks by who played them
kitty           53      the kitty (the contractor only)
discards        53      the discards (the contractor only)
picks           53      discard picks made so far
exposed         53      the open-misère hand, once face up
named_suit      4       the suit named by a joker led in no-trumps
calls           27 x 4  the calls made (code x who made it)
passed          4       who has passed
contract        27      the contract (call code)
contractor      4       the contractor
trump           5       trump S H D C, or none (no-trumps, misère)
sits_out        4       the misère contractor's partner
phase           4       auction, kitty, play, over
dealer          4       the dealer
leader          4       the current trick's leader
turn            4       the seat to act
tricks_won      2       tricks of own side, other side (/ 10)
hand_sizes      4       cards held per seat (/ 13)
score           2       the game score of own side, other side (/ 500, within -1..1)
==============  ======  ====================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from atout.cards import JOKER, card_name, card_names, cards_of, mask_of
from atout.core import IllegalActionError
from atout.games.five_hundred import CALL_NAMES, FiveHundredView, Phase
from atout.observation.slots import CARD_BIT, THIRTEENTHS, write_cards
from atout.rl.spec import CARD_INDEX, GameSpec, Layout, Sheet, clip

__all__ = ["FiveHundredSpec"]

W = 53
"""Card slots: the 52 cards and the joker."""
_CALLS = {name: code for code, name in enumerate(CALL_NAMES)}

LAYOUT = Layout()
HAND = LAYOUT.add("hand", W, cards=True)
TRICK = LAYOUT.add("trick", W, seats=4, cards=True)
PLAYED = LAYOUT.add("played", W, seats=4, cards=True)
KITTY = LAYOUT.add("kitty", W, cards=True)
DISCARDS = LAYOUT.add("discards", W, cards=True)
PICKS = LAYOUT.add("picks", W, cards=True)
EXPOSED = LAYOUT.add("exposed", W, cards=True)
NAMED = LAYOUT.add("named_suit", 4)
CALLS = LAYOUT.add("calls", 27 * 4)
PASSED = LAYOUT.add("passed", 4)
CONTRACT = LAYOUT.add("contract", 27)
CONTRACTOR = LAYOUT.add("contractor", 4)
TRUMP = LAYOUT.add("trump", 5)
SITS_OUT = LAYOUT.add("sits_out", 4)
PHASE = LAYOUT.add("phase", 4)
DEALER = LAYOUT.add("dealer", 4)
LEADER = LAYOUT.add("leader", 4)
TURN = LAYOUT.add("turn", 4)
LAYOUT.add("tricks_won", 2, scalar=True)
LAYOUT.add("hand_sizes", 4, scalar=True)
LAYOUT.add("score", 2, scalar=True)

_TRIOS: dict[str, int] = {}
"""``discard C1 C2 C3`` to the bits of its three cards (at most C(53, 3) = 23,426 strings),
so that a kitty phase's 286 legal discards are read without splitting them again."""

PICK = 85
_PLAY = 2
"""``Phase.PLAY``."""
_KITTY = 1
"""``Phase.KITTY``."""
_AUCTION = 0
"""``Phase.AUCTION``."""
_OVER = 3
"""``Phase.OVER``."""
_PHASE_INDEX: dict[Phase, int] = {
    Phase.AUCTION: _AUCTION,
    Phase.KITTY: _KITTY,
    Phase.PLAY: _PLAY,
    Phase.OVER: _OVER,
}
"""A phase's slot in the ``phase`` block (deal order)."""
"""Action index of the first discard pick (card ``c`` is ``PICK + c``)."""


def _actions() -> tuple[str, ...]:
    cards = (*card_names((1 << 52) - 1), "JK")
    joker_leads = tuple(f"JK {s}" for s in "SHDC")
    picks = tuple(f"discard-pick {name}" for name in cards)
    return (*cards, *joker_leads, "pass", *CALL_NAMES, *picks)


_WON_AT = LAYOUT.blocks["tricks_won"].offset
_SIZES_AT = LAYOUT.blocks["hand_sizes"].offset
_OPEN_MISERE = _CALLS["open-misere"]
_SCORE_AT = LAYOUT.blocks["score"].offset
_ZEROS = memoryview(bytes(4 * LAYOUT.size)).cast("f")
"""A whole vector of zeros (a ``float32`` memoryview to assign from)."""
assert HAND == 0


class _Seen:
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

    def __init__(self) -> None:
        self.deal: Any = None
        self.sheet: Any = None
        self.clear()

    def clear(self) -> None:
        """Nothing of the deal written yet (its slots are zeros)."""
        self.calls = 0
        """Auction entries already written."""
        self.contract: tuple[int, ...] = ()
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
        self.trick: list[int] = []
        self.flags: tuple[int, ...] = ()
        self.won: Any = None
        self.sizes: tuple[float, ...] = ()


class FiveHundredSpec(GameSpec):
    """Five Hundred with every option (misère calls are always in the table)."""

    game_id = "five-hundred"
    actions = _actions()
    layout = LAYOUT
    points_scale = 100.0

    def in_auction(self, state: Any) -> bool:
        """The auction phase (``6S`` is then a bid, not the spade six)."""
        return _PHASE_INDEX[state.phase] == _AUCTION

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        self._discards: tuple[Sequence[str], list[int], dict[tuple[int, ...], list[int]]] = (
            (),
            [],
            {},
        )
        self._seen = [_Seen() for _ in range(4)]
        """Per seat, what :meth:`write_state` last wrote into its kept vector."""
        self._kitty_of: tuple[Any, int] = (None, 0)
        self._scores: tuple[Any, list[list[float]]] = (None, [])

    # Discards as three picks.

    def _allowed_picks(self, legal: Sequence[str], picks: tuple[int, ...]) -> list[int]:
        """Cards that complete ``picks`` towards some legal discard (from the engine's list).

        The 286 discards of one kitty phase are one tuple, the same for its
        three picks: it is read once, kept by identity (hashing it per call
        would cost more than the picks).
        """
        kept, trios, allowed = self._discards
        if legal is not kept:
            trios = []
            known = _TRIOS.get
            for action in legal:
                trio = known(action)
                if trio is None:
                    _, a, b, c = action.split()
                    trio = _TRIOS[action] = (
                        1 << CARD_INDEX[a] | 1 << CARD_INDEX[b] | 1 << CARD_INDEX[c]
                    )
                trios.append(trio)
            allowed = {}
            self._discards = (legal, trios, allowed)
        cards = allowed.get(picks)
        if cards is None:
            chosen = 0
            for pick in picks:
                chosen |= 1 << pick - PICK
            found = 0
            for trio in trios:
                if trio & chosen == chosen:
                    found |= trio
            cards = allowed[picks] = list(cards_of(found & ~chosen))
        return cards

    def mask_bits(self, legal: Sequence[str], picks: tuple[int, ...]) -> int:
        """As :meth:`GameSpec.mask_bits`; discards straight from the picks allowed now."""
        if legal and legal[0].startswith("discard "):
            bits = 0
            for card in self._allowed_picks(legal, picks):
                bits |= 1 << PICK + card
            return bits
        return super().mask_bits(legal, picks)

    def mask_state(self, state: Any, picks: tuple[int, ...]) -> int | None:
        """Cards that follow suit (the joker as ``JK``); the discard's picks (any card held
        not picked yet: ``discardable()``); a joker lead at no-trumps and the auction use
        the strings."""
        phase = _PHASE_INDEX[state.phase]
        if phase == _KITTY:
            cards = int(state.discardable())
            for pick in picks:
                cards &= ~(1 << pick - PICK)
            return cards << PICK
        if phase != _PLAY:
            return None
        cards = int(state.playable_cards())
        if cards >> JOKER & 1 and not state.trick and state.trump_suit < 0:
            return None
        return cards

    def legal_indexes(self, legal: Sequence[str], picks: tuple[int, ...]) -> list[int]:
        """The table indexes of ``legal``; discards become the picks allowed now."""
        if legal and legal[0].startswith("discard "):
            return [PICK + c for c in self._allowed_picks(legal, picks)]
        return super().legal_indexes(legal, picks)

    def resolve_state(self, action: int, state: Any, picks: tuple[int, ...]) -> str | None:
        """:meth:`resolve`, the picks checked against ``discardable()`` rather than by reading
        the 286 legal discards."""
        if 0 <= action < PICK:  # the table (no legal list read), the usual step
            return self.actions[action]
        if not PICK <= action < PICK + W:
            return GameSpec.resolve(self, action, (), picks)  # no such index: its error
        if _PHASE_INDEX[state.phase] != _KITTY:
            return self.resolve(action, state.legal_actions(), picks)
        card = action - PICK
        if not state.discardable() >> card & 1 or action in picks:
            raise IllegalActionError(f"{card_name(card)} cannot be picked for the discard")
        if len(picks) < 2:
            return None
        trio = sorted([*(p - PICK for p in picks), card])
        return "discard " + " ".join(card_name(c) for c in trio)

    def resolve(self, action: int, legal: Sequence[str], picks: tuple[int, ...]) -> str | None:
        """Picks wait for the third, which makes the engine's ``discard C1 C2 C3``."""
        if not PICK <= action < PICK + W:
            return super().resolve(action, legal, picks)
        card = action - PICK
        if not legal or not legal[0].startswith("discard "):
            raise IllegalActionError(f"no discard now: {card_name(card)} cannot be put away")
        if card not in self._allowed_picks(legal, picks):
            raise IllegalActionError(f"{card_name(card)} cannot be picked for the discard")
        if len(picks) < 2:
            return None
        trio = sorted([*(p - PICK for p in picks), card])
        return "discard " + " ".join(card_name(c) for c in trio)

    # The observation: one observer, :meth:`_start` (a deal's look from zeros) and
    # :meth:`_look` (what changed since the seat's last look), fed from the typed view
    # (:meth:`write_view`) or from the state's accessors (:meth:`write_state`).

    def write_view(
        self, view: FiveHundredView, sheet: Sheet, picks: tuple[int, ...], slots: Any
    ) -> None:
        """Hand, tricks, kitty and discards (contractor), auction, contract, seats, score: the
        seat's typed view, and nothing else (the observation's definition), written by the
        observer; ``picks``, the discard's picks made so far."""
        me = view.seat
        assert me is not None
        seen = _Seen()
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
            _PHASE_INDEX[view.phase],
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

    def write_state(self, state: Any, seat: int, sheet: Sheet, slots: Any, kept: bool) -> bool:
        """By the same observer, from the state's accessors for what the seat sees (own
        cards, the kitty and discards if contractor, an exposed hand, the calls, the tricks),
        only what changed since its last look. The kitty (the discard's picks) uses the
        view."""
        phase = _PHASE_INDEX[state.phase]
        if phase == _KITTY:
            return False
        seen = self._seen[seat]
        deal = state.deal
        auction = state.auction
        done = state.completed_tricks
        high = state.high_bid
        bidding = phase == _AUCTION
        if (
            not kept
            or seen.deal is not deal
            or seen.sheet is not sheet
            or len(done) < seen.done
            or len(auction) < seen.calls
            or (bidding and seen.contract)  # back in the auction
        ):
            self._start(slots, seen, seat, deal.dealer, sheet)
            seen.deal = deal
            seen.sheet = sheet
        contract = None
        kitty, discards, exposed = seen.kitty, seen.discards, seen.exposed
        if high >= 0 and not bidding:
            if not seen.contract:  # the contract, kitty and discards hold for the deal
                contractor = state.contractor
                trump = state.trump_suit
                sits_out = state.sits_out
                skip = -1 if sits_out is None else sits_out
                contract = (high, contractor, 4 if trump < 0 else trump, skip)
                if seat == contractor:
                    kitty = self._kitty(deal)
                    discards = state.discards
            if high == _OPEN_MISERE:
                shown = state.exposed()
                exposed = 0 if shown is None else state.hand(shown)
        hand = state.hand(seat)
        hand_of = state.hand
        self._look(
            slots,
            seen,
            seat,
            hand,
            kitty,
            discards,
            0,
            exposed,
            auction,
            contract,
            phase,
            state.leader if phase == _PLAY else None,
            state.trick,
            state.named_suit,
            done,
            state.turn,
            state.tricks_won,
            (
                THIRTEENTHS[hand.bit_count()],
                THIRTEENTHS[hand_of((seat + 1) & 3).bit_count()],
                THIRTEENTHS[hand_of((seat + 2) & 3).bit_count()],
                THIRTEENTHS[hand_of((seat + 3) & 3).bit_count()],
            ),
        )
        return True

    def _kitty(self, deal: Any) -> int:
        """The kitty as dealt, as a card set (kept for the deal)."""
        key, cards = self._kitty_of
        if key is not deal:
            cards = mask_of(deal.kitty)
            self._kitty_of = (deal, cards)
        return cards

    def _start(self, slots: Any, seen: _Seen, me: int, dealer: int, sheet: Sheet) -> None:
        """A deal's look from zeros: what holds for the deal (the dealer, the score)."""
        slots[:] = _ZEROS
        slots[DEALER + ((dealer - me) & 3)] = 1.0
        slots[_SCORE_AT], slots[_SCORE_AT + 1] = self._score_scalars(sheet, me & 1)
        seen.clear()

    def _look(
        self,
        slots: Any,
        seen: _Seen,
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
        trick: tuple[int, ...],
        named: int,
        done: Any,
        turn: int | None,
        won: tuple[int, int],
        sizes: tuple[float, ...],
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
            placed = (
                CONTRACT + bid,
                CONTRACTOR + ((contractor - me) & 3),
                TRUMP + trump,
                *(() if skip < 0 else (SITS_OUT + ((skip - me) & 3),)),
            )
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
            placed_trick = [] if leader is None else _trick_slots(trick, leader, skip, me)
            for slot in placed_trick:
                slots[slot] = 1.0
            seen.trick = placed_trick
        if leader is not None and turn is not None and named < 0:  # the play, without a call
            flags: tuple[int, ...] = (
                PHASE + phase,
                LEADER + ((leader - me) & 3),
                TURN + ((turn - me) & 3),
            )
        else:
            flags = _flags(me, phase, leader, turn, named)
        if flags != seen.flags:
            for slot in seen.flags:
                slots[slot] = 0.0
            for slot in flags:
                slots[slot] = 1.0
            seen.flags = flags
        if won is not seen.won:  # one tuple per finished trick
            side = me & 1
            slots[_WON_AT] = won[side] / 10
            slots[_WON_AT + 1] = won[1 - side] / 10
            seen.won = won
        if sizes != seen.sizes:
            slots[_SIZES_AT], slots[_SIZES_AT + 1], slots[_SIZES_AT + 2], slots[_SIZES_AT + 3] = (
                sizes
            )
            seen.sizes = sizes

    def _score_scalars(self, sheet: Sheet, side: int) -> list[float]:
        """The game score of own side, other side (the sheet changes only between deals)."""
        key, parts = self._scores
        if key is not sheet:
            scores = sheet["scores"]
            parts = [[clip(scores[s] / 500), clip(scores[1 - s] / 500)] for s in (0, 1)]
            self._scores = (sheet, parts)
        return parts[side]


def _flags(
    me: int, phase: int, leader: int | None, turn: int | None, named: int
) -> tuple[int, ...]:
    """The slots of the phase, leader, turn and a named suit (-1: none)."""
    if leader is not None and turn is not None:  # the play
        flags: tuple[int, ...] = (
            PHASE + phase,
            LEADER + ((leader - me) & 3),
            TURN + ((turn - me) & 3),
        )
    else:
        flags = (PHASE + phase,)
        if leader is not None:
            flags = (*flags, LEADER + ((leader - me) & 3))
        if turn is not None:
            flags = (*flags, TURN + ((turn - me) & 3))
    return flags if named < 0 else (*flags, NAMED + named)


def _trick_slots(trick: Any, leader: int, skip: int, me: int) -> list[int]:
    """The trick block's slots of ``trick``'s cards, played from ``leader`` on, past the seat
    that sits out (``skip``, or -1), by seat relative to ``me``."""
    placed = []
    who = leader
    for card in trick:
        if who == skip:
            who = (who + 1) & 3
        placed.append(TRICK + W * ((who - me) & 3) + card)
        who = (who + 1) & 3
    return placed


assert JOKER == 52 and len(FiveHundredSpec.actions) == PICK + W
