"""Court Piece for the environment: 56 actions, a 501-slot observation.

Actions: ``0..51`` play the card of that index, ``52..55`` ``trump S/H/D/C``.
(``honour_mode``'s ``correct 7H`` and ``claim revoke`` are not among the
engine's legal actions, so they are not offered; in honour mode the mask
allows any card held, as the engine does.)

Observation blocks (seats relative to the observer, 0 = self, 1 = next to play):

=============  ======  =====================================================
block          slots   contents
=============  ======  =====================================================
hand           52      own cards (before trump: the caller's first five only)
trick          4 x 52  the current trick's cards, by who played them
played         4 x 52  cards of finished tricks, by who played them (simple
                       variant; courts keep finished tricks face down: zeros)
trump          4       trump suit S H D C, once named
phase          3       trump call, play, over
dealer         4       the dealer
caller         4       the trump caller
leader         4       the current trick's leader
turn           4       the seat to act
tricks_won     2       tricks of own side, other side (/ 13)
hand_sizes     4       cards held per seat (/ 13)
score          4       simple: points own, other (/ target); courts: courts
                       own, other (/ 10, capped), series own, other (/ 7)
=============  ======  =====================================================
"""

from __future__ import annotations

from typing import Any

from atout.cards import card_names
from atout.rl.spec import CARD_INDEX, Encoded, GameSpec, Layout, PlayedCards, View, clip

__all__ = ["CourtPieceSpec"]

_SUITS = {"S": 0, "H": 1, "D": 2, "C": 3}
_PHASES = {"trump": 0, "play": 1, "over": 2}

LAYOUT = Layout()
HAND = LAYOUT.add("hand", 52, cards=True)
TRICK = LAYOUT.add("trick", 52, seats=4, cards=True)
PLAYED = LAYOUT.add("played", 52, seats=4, cards=True)
TRUMP = LAYOUT.add("trump", 4)
PHASE = LAYOUT.add("phase", 3)
DEALER = LAYOUT.add("dealer", 4)
CALLER = LAYOUT.add("caller", 4)
LEADER = LAYOUT.add("leader", 4)
TURN = LAYOUT.add("turn", 4)
LAYOUT.add("tricks_won", 2, scalar=True)
LAYOUT.add("hand_sizes", 4, scalar=True)
LAYOUT.add("score", 4, scalar=True)

_LEADER_BITS = tuple(1 << LEADER + r for r in range(4))
_THIRTEENTHS = tuple(n / 13 for n in range(14))


class CourtPieceSpec(GameSpec):
    """Court Piece, both variants."""

    game_id = "court-piece"
    actions = (*card_names((1 << 52) - 1), "trump S", "trump H", "trump D", "trump C")
    layout = LAYOUT
    points_scale = 1.0

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        self.courts: bool = rules.courts
        self.honour: bool = rules.honour_mode
        self.target: int = rules.target
        self._played = PlayedCards(PLAYED, 52)
        self._fixed: tuple[Any, list[int]] = (None, [])
        self._sheet_part: tuple[Any, list[list[float]]] = (None, [])

    def encode(self, view: View, sheet: View, picks: tuple[int, ...]) -> Encoded:
        """Own hand, tricks, trump, seats, tricks won, the score sheet."""
        me = view["seat"]
        bits = 0
        for name in view["hand"]:
            bits |= 1 << HAND + CARD_INDEX[name]
        trick = view["trick"]
        leader = trick["leader"]
        for i, name in enumerate(trick["cards"]):
            bits |= 1 << TRICK + 52 * ((leader + i - me) & 3) + CARD_INDEX[name]
        for done in view.get("tricks", ()):
            first = done["leader"] - me
            for i, name in enumerate(done["cards"]):
                bits |= 1 << PLAYED + 52 * ((first + i) & 3) + CARD_INDEX[name]
        trump = view["trump"]
        bits |= self._seats(me, view["dealer"], view["caller"], view["turn"], leader)
        if trump is not None:
            bits |= 1 << TRUMP + _SUITS[trump]
        bits |= 1 << PHASE + _PHASES[view["phase"]]
        return bits, self._scalars(me, view["tricks_won"], view["hand_sizes"], sheet)

    def encode_state(
        self, state: Any, seat: int, sheet: View, picks: tuple[int, ...]
    ) -> Encoded | None:
        """The play phase from the state's public accessors (the trump call and honour mode
        use the view): the same vector as :meth:`encode`, ``tests/rl`` check it."""
        trump = state.trump_suit
        if trump < 0 or self.honour:
            return None
        me = seat
        deal = state.deal
        leader = state.leader
        turn = state.turn
        hand = state.hand
        bits = hand(me) | self._fixed_bits(deal, me, trump) | _LEADER_BITS[(leader - me) & 3]
        for card in state.trick:
            bits |= 1 << TRICK + 52 * ((leader - me) & 3) + card
            leader += 1
        if not self.courts:
            bits |= self._played.bits(deal, state.completed_tricks, me)
        if turn is None:
            bits |= 1 << PHASE + 2
        else:
            bits |= 1 << PHASE + 1 | 1 << TURN + ((turn - me) & 3)
        won = state.tricks_won
        side = me & 1
        out = [
            _THIRTEENTHS[won[side]],
            _THIRTEENTHS[won[1 - side]],
            _THIRTEENTHS[hand(me).bit_count()],
            _THIRTEENTHS[hand((me + 1) & 3).bit_count()],
            _THIRTEENTHS[hand((me + 2) & 3).bit_count()],
            _THIRTEENTHS[hand((me + 3) & 3).bit_count()],
        ]
        out += self._sheet_scalars(sheet, me)
        return bits, out

    def _fixed_bits(self, deal: Any, me: int, trump: int) -> int:
        """Dealer, caller and trump: the same for a whole deal once trump is named."""
        key, table = self._fixed
        if key is not deal:
            dealer = deal.dealer
            table = [
                1 << DEALER + ((dealer - m) & 3)
                | 1 << CALLER + ((dealer + 1 - m) & 3)
                | 1 << TRUMP + trump
                for m in range(4)
            ]
            self._fixed = (deal, table)
        return table[me]

    def _sheet_scalars(self, sheet: View, me: int) -> list[float]:
        """The score part of the scalars (the sheet changes only between deals)."""
        key, parts = self._sheet_part
        if key is not sheet:
            parts = [self._scalars(m, (0, 0), (0, 0, 0, 0), sheet)[6:] for m in range(4)]
            self._sheet_part = (sheet, parts)
        return parts[me]

    @staticmethod
    def _seats(me: int, dealer: int, caller: int, turn: int | None, leader: int) -> int:
        bits = 1 << DEALER + ((dealer - me) & 3)
        bits |= 1 << CALLER + ((caller - me) & 3)
        bits |= 1 << LEADER + ((leader - me) & 3)
        if turn is not None:
            bits |= 1 << TURN + ((turn - me) & 3)
        return bits

    def _scalars(self, me: int, won: Any, sizes: Any, sheet: View) -> list[float]:
        side = me & 1
        out = [won[side] / 13, won[1 - side] / 13]
        out += [sizes[(me + r) & 3] / 13 for r in range(4)]
        if self.courts:
            courts, series = sheet["courts"], sheet["series"]
            out += [clip(courts[side] / 10), clip(courts[1 - side] / 10)]
            out += [series[side] / 7, series[1 - side] / 7]
        else:
            points = sheet["points"]
            out += [clip(points[side] / self.target), clip(points[1 - side] / self.target), 0, 0]
        return out
