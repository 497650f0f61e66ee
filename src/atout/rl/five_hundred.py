"""Five Hundred for the environment: 138 actions, an 869-slot observation.

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
from atout.observation import five_hundred as observer
from atout.observation.five_hundred import PHASE_INDEX, FiveHundredObserver
from atout.rl.spec import CARD_INDEX, GameSpec, Layout, Sheet, StateMasker, StateWriter

__all__ = ["FiveHundredSpec"]

W = observer.W
"""Card slots: the 52 cards and the joker."""

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

PICK = observer.PICK
"""Action index of the first discard pick (card ``c`` is ``PICK + c``)."""
_KITTY = PHASE_INDEX[Phase.KITTY]


def _actions() -> tuple[str, ...]:
    cards = (*card_names((1 << 52) - 1), "JK")
    joker_leads = tuple(f"JK {s}" for s in "SHDC")
    picks = tuple(f"discard-pick {name}" for name in cards)
    return (*cards, *joker_leads, "pass", *CALL_NAMES, *picks)


# The observer writes these slots by number (it cannot import this module's numpy).
assert {name: block.offset for name, block in LAYOUT.blocks.items()} == observer.SLOTS
assert LAYOUT.size == observer.SIZE


class FiveHundredSpec(GameSpec):
    """Five Hundred with every option (misère calls are always in the table)."""

    game_id = "five-hundred"
    actions = _actions()
    layout = LAYOUT
    points_scale = 100.0
    plain_actions = PICK  # cards, joker leads and calls: the table; picks wait for three
    actor_is_turn = True
    auction = Phase.AUCTION  # 6S is then a bid, not the spade six

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        self._discards: tuple[Sequence[str], list[int], dict[tuple[int, ...], list[int]]] = (
            (),
            [],
            {},
        )
        self._observer = FiveHundredObserver()

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
        return self._observer.mask_state(state, picks)

    def look_calls(self) -> tuple[StateWriter, StateMasker]:
        """The observer's own ``write_state`` and ``mask_state`` (one call less per look)."""
        return self._observer.write_state, self._observer.mask_state

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
        if PHASE_INDEX[state.phase] != _KITTY:
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

    # The observation: one observer (compiled with the engine in a wheel), fed from the
    # typed view (:meth:`write_view`) or from the state's accessors (:meth:`write_state`).

    def write_view(
        self, view: FiveHundredView, sheet: Sheet, picks: tuple[int, ...], slots: Any
    ) -> None:
        """Hand, tricks, kitty and discards (contractor), auction, contract, seats, score: the
        seat's typed view, and nothing else (the observation's definition), written by the
        observer; ``picks``, the discard's picks made so far."""
        self._observer.write_view(view, sheet, picks, slots)

    def write_state(self, state: Any, seat: int, sheet: Sheet, slots: Any, kept: bool) -> bool:
        """By the same observer, from what the state shows the seat (own cards, the kitty and
        discards if contractor, an exposed hand, the calls, the tricks: one
        ``FiveHundredState.look`` call a look), only what changed since its last look."""
        return self._observer.write_state(state, seat, sheet, slots, kept)

    def write_picked(
        self,
        state: Any,
        seat: int,
        sheet: Sheet,
        slots: Any,
        kept: bool,
        picks: tuple[int, ...],
    ) -> bool:
        """:meth:`write_state` with the discard's picks made so far (the kitty phase)."""
        return self._observer.write_state(state, seat, sheet, slots, kept, picks)


assert JOKER == 52 and len(FiveHundredSpec.actions) == PICK + W
