"""Court Circular for the environment: 105 actions, a 337-slot observation.

Actions: ``0..51`` put down the card of that index, ``52`` ``concede`` (resign
the trick), ``53..104`` ``lead X`` (the trick's winner picks the next Lead:
card ``c`` is ``53 + c``).

Observation blocks (seats relative to the observer: 0 = self, 1 = the other player):

=============  ======  =====================================================
block          slots   contents
=============  ======  =====================================================
hand           52      own cards
lead           52      the current Lead
table          2 x 52  the cards each player has put down in this trick
face_up        2 x 52  each player's won cards kept face up
line_class     2 x 4   each player's best line so far: none, class 1, 2, 3
phase          3       play, lead (the winner picks the next Lead), over
dealer         2       the (fixed) dealer
leader         2       first-hand of the trick
turn           2       the player to act
last_trick     1       the stock is empty: no resigning, winner takes all
hand_sizes     2       cards held (/ 6)
face_down      2       face-down won cards per player (/ 52)
stock          1       cards left in the stock (/ 52)
score          2       game points own, other (/ target)
=============  ======  =====================================================
"""

from __future__ import annotations

from typing import Any

from atout.cards import card_names
from atout.games.court_circular_view import CourtCircularView
from atout.observation import court_circular as observer
from atout.observation.court_circular import CourtCircularObserver
from atout.rl.spec import GameSpec, Layout, Sheet, StateMasker, StateWriter

__all__ = ["CourtCircularSpec"]

CONCEDE = 52
"""The action index of ``concede``; ``lead X`` follow from :data:`LEADS`."""
LEADS = observer.LEADS

LAYOUT = Layout()
HAND = LAYOUT.add("hand", 52, cards=True)
LEAD = LAYOUT.add("lead", 52, cards=True)
TABLE = LAYOUT.add("table", 52, seats=2, cards=True)
FACE_UP = LAYOUT.add("face_up", 52, seats=2, cards=True)
LINE = LAYOUT.add("line_class", 4, seats=2)
PHASE = LAYOUT.add("phase", 3)
DEALER = LAYOUT.add("dealer", 2)
LEADER = LAYOUT.add("leader", 2)
TURN = LAYOUT.add("turn", 2)
LAST = LAYOUT.add("last_trick", 1)
LAYOUT.add("hand_sizes", 2, scalar=True)
LAYOUT.add("face_down", 2, scalar=True)
LAYOUT.add("stock", 1, scalar=True)
LAYOUT.add("score", 2, scalar=True)

# The observer writes these slots by number (it cannot import this module's numpy).
assert {name: LAYOUT.blocks[name].offset for name in observer.SLOTS} == observer.SLOTS
assert LAYOUT.size == observer.SIZE


class CourtCircularSpec(GameSpec):
    """Court Circular (two players, each his own side).

    Its observer is :class:`~atout.observation.court_circular.CourtCircularObserver`
    (compiled with the engine in a wheel), fed from the typed view by
    :meth:`write_view` and from the state's accessors by :meth:`write_state`.
    """

    game_id = "court-circular"
    _cards = card_names((1 << 52) - 1)
    actions = (*_cards, "concede", *(f"lead {name}" for name in _cards))
    layout = LAYOUT
    points_scale = 10.0
    masks_repeat = False  # the hand held (and concede): a new mask nearly every step

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        self.target: int = rules.target
        self._observer = CourtCircularObserver(rules.target)

    def write_view(
        self, view: CourtCircularView, sheet: Sheet, picks: tuple[int, ...], slots: Any
    ) -> None:
        """Hand, Lead, table, face-up piles, lines, seats, counts, score: the seat's typed
        view, and nothing else (the observation's definition), written by the observer."""
        self._observer.write_view(view, sheet, slots)

    def write_state(self, state: Any, seat: int, sheet: Sheet, slots: Any, kept: bool) -> bool:
        """By the same observer, from the state's accessors for what the seat sees, only
        what changed since its last look."""
        return self._observer.write_state(state, seat, sheet, slots, kept)

    def mask_state(self, state: Any, picks: tuple[int, ...]) -> int | None:
        """Cards held and ``concede`` when allowed; ``lead X`` for the cards put down."""
        return self._observer.mask_state(state, picks)

    def look_calls(self) -> tuple[StateWriter, StateMasker]:
        """The observer's own ``write_state`` and ``mask_state`` (one call less per look)."""
        return self._observer.write_state, self._observer.mask_state


assert CourtCircularSpec.actions[CONCEDE] == "concede"
assert CourtCircularSpec.actions[LEADS] == "lead 2S"
assert observer.CONCEDE_BIT == 1 << CONCEDE
