"""Contract bridge for the environment: 92 actions, a 1,005-slot observation.

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
from atout.games.bridge.auction import call_name
from atout.games.bridge.view import BridgeView, Phase
from atout.observation import bridge as observer
from atout.observation.bridge import BridgeObserver
from atout.rl.spec import GameSpec, Layout, Sheet, StateMasker, StateWriter

__all__ = ["BridgeSpec"]

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

# The observer writes these slots by number (it cannot import this module's numpy).
assert {name: block.offset for name, block in LAYOUT.blocks.items()} == observer.SLOTS
assert LAYOUT.size == observer.SIZE


class BridgeSpec(GameSpec):
    """Bridge, rubber or duplicate.

    Its observer is :class:`~atout.observation.bridge.BridgeObserver` (compiled
    with the engine in a wheel), fed from the typed view by :meth:`write_view`
    and from the state's accessors by :meth:`write_state`.
    """

    game_id = "bridge"
    actions = (*card_names((1 << 52) - 1), *(call_name(i) for i in range(38)), "accept", "reject")
    layout = LAYOUT
    points_scale = 100.0
    auction = Phase.AUCTION  # 2C is then a bid, not the club two

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        self._observer = BridgeObserver()

    def write_view(
        self, view: BridgeView, sheet: Sheet, picks: tuple[int, ...], slots: Any
    ) -> None:
        """Hand, dummy, tricks, the auction, the contract, seats, score: the seat's typed
        view, and nothing else (the observation's definition), written by the observer."""
        self._observer.write_view(view, sheet, slots)

    def write_state(self, state: Any, seat: int, sheet: Sheet, slots: Any, kept: bool) -> bool:
        """By the same observer, from the state's accessors for what the seat sees (own and
        dummy's cards once faced, the calls, the tricks), only what changed since its last
        look. A passed-out deal uses the view."""
        return self._observer.write_state(state, seat, sheet, slots, kept)

    def mask_state(self, state: Any, picks: tuple[int, ...]) -> int | None:
        """Cards that follow suit, or ``accept``/``reject``; auctions use the strings."""
        return self._observer.mask_state(state, picks)

    def look_calls(self) -> tuple[StateWriter, StateMasker]:
        """The observer's own ``write_state`` and ``mask_state`` (one call less per look)."""
        return self._observer.write_state, self._observer.mask_state


assert BridgeSpec.actions[90:] == ("accept", "reject")
assert 3 << BridgeSpec.actions.index("accept") == observer.ANSWERS
