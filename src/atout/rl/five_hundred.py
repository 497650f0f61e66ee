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

from atout.cards import JOKER, card_name, card_names, cards_of
from atout.core import IllegalActionError
from atout.games.five_hundred import CALL_NAMES, FiveHundredView, Phase
from atout.observation.slots import CARD_BIT, THIRTEENTHS, hand_sizes, write_cards
from atout.rl.spec import CARD_INDEX, Encoded, GameSpec, Layout, PlayedCards, Sheet, clip

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
    """What :meth:`FiveHundredSpec.write_state` last wrote for one seat (cards, slots)."""

    __slots__ = (
        "bidding",
        "calls",
        "deal",
        "done",
        "exposed",
        "exposes",
        "flags",
        "hand",
        "sheet",
        "sizes",
        "skip",
        "trick",
        "won",
    )

    def __init__(self) -> None:
        self.deal: Any = None
        self.sheet: Any = None
        self.bidding = False
        """Whether the slots hold an auction's look (the play writes everything again)."""
        self.calls = 0
        """Auction entries already written (in the auction)."""
        self.hand = 0
        self.skip = -1
        """The seat that sits out (misère), or -1."""
        self.exposes = False
        """Whether the contract is open misère (a hand may be face up)."""
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
        self._played = PlayedCards(PLAYED, W)
        self._seen = [_Seen() for _ in range(4)]
        """Per seat, what :meth:`write_state` last wrote into its kept vector."""
        self._calls: tuple[Any, list[int | None]] = (None, [None, None, None, None])
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
        if not PICK <= action < PICK + W:
            return GameSpec.resolve(self, action, (), picks)  # the table (no legal list read)
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

    # The observation.

    def encode(self, view: FiveHundredView, sheet: Sheet, picks: tuple[int, ...]) -> Encoded:
        """Hand, tricks, kitty and discards (contractor), auction, contract, seats, score: the
        seat's typed view, and nothing else (the observation's definition)."""
        me = view.seat
        assert me is not None
        bits = view.hand << HAND
        contract = view.contract
        skip = -1 if contract is None or contract.sits_out is None else contract.sits_out
        leader = view.trick_leader
        if leader is not None:
            bits |= 1 << LEADER + ((leader - me) & 3)
            who = leader
            for card in view.trick:
                if who == skip:
                    who = (who + 1) & 3
                bits |= 1 << TRICK + W * ((who - me) & 3) + card
                who = (who + 1) & 3
        named = view.named_suit
        if named is not None:
            bits |= 1 << NAMED + named
        done = view.tricks
        if done:
            bits |= self._played.bits(done[0], done, me, skip)
        if contract is not None:
            for card in view.kitty or ():
                bits |= 1 << KITTY + card
            bits |= (view.discards or 0) << DISCARDS
            bits |= 1 << CONTRACT + contract.bid
            bits |= 1 << CONTRACTOR + ((contract.contractor - me) & 3)
            trump = contract.trump
            bits |= 1 << TRUMP + (4 if trump is None else trump)
            if skip >= 0:
                bits |= 1 << SITS_OUT + ((skip - me) & 3)
        for pick in picks:
            bits |= 1 << PICKS + pick - PICK
        exposed = view.exposed
        if exposed is not None:
            bits |= exposed[1] << EXPOSED
        bits |= self._auction_bits(view.auction, me)
        bits |= 1 << PHASE + _PHASE_INDEX[view.phase]
        bits |= 1 << DEALER + ((view.dealer - me) & 3)
        turn = view.turn
        if turn is not None:
            bits |= 1 << TURN + ((turn - me) & 3)
        side = me & 1
        won, sizes = view.tricks_won, view.hand_sizes
        scalars = [won[side] / 10, won[1 - side] / 10]
        scalars += [THIRTEENTHS[sizes[(me + r) & 3]] for r in range(4)]
        return bits, scalars + self._score_scalars(sheet, side)

    def write_state(self, state: Any, seat: int, sheet: Sheet, slots: Any, kept: bool) -> bool:
        """The play straight into the seat's kept slots: only what changed since its last
        look (own cards, an exposed hand, the trick, tricks finished since, leader, turn,
        a named suit, counts); the auction likewise (the calls since), and the end from the
        seat's last look at the same deal's play (the new score). The kitty, and an end seen
        first, use :meth:`encode`."""
        phase = _PHASE_INDEX[state.phase]
        seen = self._seen[seat]
        deal = state.deal
        if phase == _AUCTION:
            self._write_auction(state, seat, sheet, slots, kept, seen)
            return True
        if phase != _PLAY and phase != _OVER:
            return False
        done = state.completed_tricks
        finished = len(done)
        if not kept or seen.deal is not deal or seen.bidding or finished < seen.done:
            if phase == _OVER:  # only from a look at the same deal's play
                return False
            self._rewrite(state, seat, sheet, slots, seen)
            return True
        if seen.sheet is not sheet:  # the deal was scored: the score (its only slots)
            slots[_SCORE_AT], slots[_SCORE_AT + 1] = self._score_scalars(sheet, seat & 1)
            seen.sheet = sheet
        bit = CARD_BIT
        hand = state.hand(seat)
        changed = hand ^ seen.hand
        if changed:  # HAND is 0: a card's slot is its index
            while changed:
                card = changed.bit_length() - 1
                slots[card] = 1.0 if hand & bit[card] else 0.0
                changed ^= bit[card]
            seen.hand = hand
        if seen.exposes:
            shown = state.exposed()
            cards = 0 if shown is None else state.hand(shown)
            changed = cards ^ seen.exposed
            while changed:
                card = changed.bit_length() - 1
                slots[EXPOSED + card] = 1.0 if cards & bit[card] else 0.0
                changed ^= bit[card]
            seen.exposed = cards
        skip = seen.skip
        if finished != seen.done:
            for first, played, _ in done[seen.done :]:
                who = first
                for card in played:
                    if who == skip:
                        who = (who + 1) & 3
                    slots[PLAYED + W * ((who - seat) & 3) + card] = 1.0
                    who = (who + 1) & 3
            seen.done = finished
        leader = state.leader
        trick = state.trick
        if trick or seen.trick:
            for slot in seen.trick:
                slots[slot] = 0.0
            placed = _trick_slots(trick, leader, skip, seat)
            for slot in placed:
                slots[slot] = 1.0
            seen.trick = placed
        flags = _flags(state, seat, phase)
        if flags != seen.flags:
            for slot in seen.flags:
                slots[slot] = 0.0
            for slot in flags:
                slots[slot] = 1.0
            seen.flags = flags
        won = state.tricks_won
        if won is not seen.won:  # one tuple per finished trick
            side = seat & 1
            slots[_WON_AT] = won[side] / 10
            slots[_WON_AT + 1] = won[1 - side] / 10
            seen.won = won
        hand_of = state.hand
        sizes = (
            THIRTEENTHS[hand.bit_count()],
            THIRTEENTHS[hand_of((seat + 1) & 3).bit_count()],
            THIRTEENTHS[hand_of((seat + 2) & 3).bit_count()],
            THIRTEENTHS[hand_of((seat + 3) & 3).bit_count()],
        )
        if sizes != seen.sizes:
            slots[_SIZES_AT], slots[_SIZES_AT + 1], slots[_SIZES_AT + 2], slots[_SIZES_AT + 3] = (
                sizes
            )
            seen.sizes = sizes
        return True

    def _write_auction(
        self, state: Any, me: int, sheet: Sheet, slots: Any, kept: bool, seen: _Seen
    ) -> None:
        """An auction look: from zeros and the deal's few slots on the seat's first look at
        the deal, then the calls made since and the turn."""
        auction = state.auction
        if (
            not kept
            or seen.deal is not state.deal
            or seen.sheet is not sheet
            or not seen.bidding
            or len(auction) < seen.calls
        ):
            slots[:] = _ZEROS
            write_cards(slots, 0, state.hand(me), 0)
            slots[PHASE + _AUCTION] = 1.0
            slots[DEALER + ((state.deal.dealer - me) & 3)] = 1.0
            at = _SIZES_AT
            slots[at], slots[at + 1], slots[at + 2], slots[at + 3] = hand_sizes(state.hand, me)
            slots[_SCORE_AT], slots[_SCORE_AT + 1] = self._score_scalars(sheet, me & 1)
            seen.deal = state.deal
            seen.sheet = sheet
            seen.bidding = True
            seen.calls = 0
            seen.flags = ()
        for who, code in auction[seen.calls :]:
            if code < 0:
                slots[PASSED + ((who - me) & 3)] = 1.0
            else:
                slots[CALLS + 4 * code + ((who - me) & 3)] = 1.0
        seen.calls = len(auction)
        flags = (TURN + ((state.turn - me) & 3),)
        if flags != seen.flags:
            for slot in seen.flags:
                slots[slot] = 0.0
            slots[flags[0]] = 1.0
            seen.flags = flags

    def _rewrite(self, state: Any, seat: int, sheet: Sheet, slots: Any, seen: _Seen) -> None:
        """Every slot from :meth:`encode`, and what :meth:`write_state` compares with."""
        encoded = self.encode(state.typed_view(seat), sheet, ())
        self.write_encoded(slots, encoded)
        scalars = encoded[1]
        skip = state.sits_out
        shown = state.exposed()
        placed = _trick_slots(state.trick, state.leader, -1 if skip is None else skip, seat)
        seen.deal = state.deal
        seen.sheet = sheet
        seen.bidding = False
        seen.hand = state.hand(seat)
        seen.skip = -1 if skip is None else skip
        seen.exposes = state.high_bid == _OPEN_MISERE
        seen.exposed = 0 if shown is None else state.hand(shown)
        seen.done = len(state.completed_tricks)
        seen.trick = placed
        seen.flags = _flags(state, seat, _PLAY)
        seen.won = state.tricks_won
        seen.sizes = tuple(scalars[2:6])

    def _auction_bits(self, auction: tuple[tuple[int, int], ...], me: int) -> int:
        """Calls and passes by who made them (kept while the auction tuple is the same)."""
        key, cached = self._calls
        if key is not auction:
            cached = [None, None, None, None]
            self._calls = (auction, cached)
        bits = cached[me]
        if bits is None:
            bits = 0
            for who, code in auction:
                if code < 0:
                    bits |= 1 << PASSED + ((who - me) & 3)
                else:
                    bits |= 1 << CALLS + 4 * code + ((who - me) & 3)
            cached[me] = bits
        return bits

    def _score_scalars(self, sheet: Sheet, side: int) -> list[float]:
        """The game score of own side, other side (the sheet changes only between deals)."""
        key, parts = self._scores
        if key is not sheet:
            scores = sheet["scores"]
            parts = [[clip(scores[s] / 500), clip(scores[1 - s] / 500)] for s in (0, 1)]
            self._scores = (sheet, parts)
        return parts[side]


def _flags(state: Any, me: int, phase: int) -> tuple[int, ...]:
    """The slots of the phase, leader, turn and a named suit: those that change in the play
    (the end keeps only its phase)."""
    if phase != _PLAY:
        return (PHASE + phase,)
    flags = (PHASE + _PLAY, LEADER + ((state.leader - me) & 3), TURN + ((state.turn - me) & 3))
    named = state.named_suit
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
