"""Court Circular for the environment: 105 actions, a 388-slot observation.

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
from atout.games.court_circular import Phase
from atout.games.court_circular_lines import best_line
from atout.rl.spec import CARD_INDEX, Encoded, GameSpec, Layout, View, clip

__all__ = ["CourtCircularSpec"]

_PHASES = {"play": 0, "lead": 1, "over": 2}
_PHASE_INDEX = {phase: _PHASES[phase.value] for phase in Phase}
_KEPT_LINES = 1 << 16
"""Line classes kept (see ``CourtCircularSpec._lines``) before the table is emptied."""

CONCEDE = 52
"""The action index of ``concede``; ``lead X`` follow from :data:`LEADS`."""
LEADS = 53

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


class CourtCircularSpec(GameSpec):
    """Court Circular (two players, each his own side)."""

    game_id = "court-circular"
    _cards = card_names((1 << 52) - 1)
    actions = (*_cards, "concede", *(f"lead {name}" for name in _cards))
    layout = LAYOUT
    points_scale = 10.0

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        self.target: int = rules.target
        self._lines: dict[tuple[int, int | None], int] = {}
        """Line class by (cards put down, Lead): a table stays the same while the other
        player puts cards down, and finding its best line costs more than the rest."""

    def encode_state(
        self, state: Any, seat: int, sheet: View, picks: tuple[int, ...]
    ) -> Encoded | None:
        """Every phase from the state's public accessors: the same vector as :meth:`encode`
        (``tests/rl`` check it on random games)."""
        me = seat
        bits = state.hand(me)
        lead = state.lead
        over = lead is None
        if not over:
            bits |= 1 << LEAD + lead
        leader = state.leader
        first = second = 0
        for i, card in enumerate(state.trick):
            if i & 1:
                second |= 1 << card
            else:
                first |= 1 << card
        tables = (first, second) if leader == 0 else (second, first)
        piles = state.piles
        lines = self._lines
        for s in (0, 1):
            other = s ^ me
            table = tables[s]
            bits |= table << TABLE + 52 * other | piles[s][0] << FACE_UP + 52 * other
            kind = 0
            if table and not over:
                key = (table, lead)
                kind = lines.get(key, -1)
                if kind < 0:
                    kind = best_line(table, lead).kind.line_class or 0
                    if len(lines) >= _KEPT_LINES:
                        lines.clear()
                    lines[key] = kind
            bits |= 1 << LINE + 4 * other + kind
        bits |= 1 << PHASE + _PHASE_INDEX[state.phase]
        bits |= 1 << DEALER + (state.deal.dealer ^ me) | 1 << LEADER + (leader ^ me)
        turn = state.turn
        if turn is not None:
            bits |= 1 << TURN + (turn ^ me)
        stock = state.stock_size
        if stock == 0:
            bits |= 1 << LAST
        scalars = [state.hand(me).bit_count() / 6, state.hand(1 - me).bit_count() / 6]
        scalars += [piles[me][1].bit_count() / 52, piles[1 - me][1].bit_count() / 52, stock / 52]
        points = sheet["points"]
        scalars += [clip(points[me] / self.target), clip(points[1 - me] / self.target)]
        return bits, scalars

    def mask_state(self, state: Any) -> int | None:
        """Cards held and ``concede`` when allowed; ``lead X`` for the cards put down."""
        phase = state.phase
        if phase is Phase.PLAY:
            return int(state.hand(state.turn)) | int(state.may_concede()) << CONCEDE
        if phase is Phase.LEAD:
            bits = 0
            for card in state.trick:
                bits |= 1 << LEADS + card
            return bits
        return None

    def encode(self, view: View, sheet: View, picks: tuple[int, ...]) -> Encoded:
        """Hand, Lead, table, face-up piles, lines, seats, counts, score."""
        me = view["seat"]
        bits = 0
        for name in view["hand"]:
            bits |= 1 << HAND + CARD_INDEX[name]
        if view["lead"] is not None:
            bits |= 1 << LEAD + CARD_INDEX[view["lead"]]
        for seat in (0, 1):
            other = seat ^ me
            for name in view["table"][seat]:
                bits |= 1 << TABLE + 52 * other + CARD_INDEX[name]
            for name in view["piles"][seat]["face_up"]:
                bits |= 1 << FACE_UP + 52 * other + CARD_INDEX[name]
            line = view["lines"][seat]
            bits |= 1 << LINE + 4 * other + (0 if line is None else line["class"] or 0)
        bits |= 1 << PHASE + _PHASES[view["phase"]]
        bits |= 1 << DEALER + (view["dealer"] ^ me)
        bits |= 1 << LEADER + (view["trick"]["leader"] ^ me)
        if view["turn"] is not None:
            bits |= 1 << TURN + (view["turn"] ^ me)
        bits |= int(view["is_last_trick"]) << LAST
        sizes, piles, points = view["hand_sizes"], view["piles"], sheet["points"]
        scalars = [sizes[me] / 6, sizes[1 - me] / 6]
        scalars += [piles[me]["face_down"] / 52, piles[1 - me]["face_down"] / 52]
        scalars += [view["stock_size"] / 52]
        scalars += [clip(points[me] / self.target), clip(points[1 - me] / self.target)]
        return bits, scalars


assert CourtCircularSpec.actions[CONCEDE] == "concede"
assert CourtCircularSpec.actions[LEADS] == "lead 2S"
