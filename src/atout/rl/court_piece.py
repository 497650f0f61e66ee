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
from atout.games.court_piece_view import CourtPieceView, Phase
from atout.observation.court_piece_play import PlaySeen, PlayWriter
from atout.rl.spec import Encoded, GameSpec, Layout, Sheet, clip

__all__ = ["CourtPieceSpec"]

_PHASE_INDEX = {Phase.TRUMP: 0, Phase.PLAY: 1, Phase.OVER: 2}

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

_TRUMP_CALLS = 0xF << 52
"""The mask of the trump call: ``trump S`` .. ``trump C`` (actions 52..55)."""

assert HAND == 0  # a card's slot is its index (the writer relies on it)
_SCORE_AT = LAYOUT.blocks["score"].offset
_ZEROS = memoryview(bytes(4 * LAYOUT.bits)).cast("f")
"""The 0/1 part of a vector, all zeros (a ``float32`` memoryview to assign from)."""


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
        self._seen = [PlaySeen() for _ in range(4)]
        """Per seat, what :meth:`write_state` last wrote into its kept vector."""
        self._writer = PlayWriter(
            courts=self.courts,
            trick=TRICK,
            played=PLAYED,
            phase=PHASE,
            leader=LEADER,
            turn=TURN,
            won_at=LAYOUT.blocks["tricks_won"].offset,
            sizes_at=LAYOUT.blocks["hand_sizes"].offset,
        )
        self._score: tuple[Any, list[list[float]]] = (None, [])
        """The score scalars of each side for the sheet they were made with (it changes only
        between deals)."""

    def encode(self, view: CourtPieceView, sheet: Sheet, picks: tuple[int, ...]) -> Encoded:
        """Own hand, tricks, trump, seats, tricks won, the score sheet: the seat's typed view,
        and nothing else (the observation's definition)."""
        me = view.seat
        assert me is not None
        bits = view.hand  # HAND is 0: a card's slot is its index
        leader = view.trick_leader
        for i, card in enumerate(view.trick):
            bits |= 1 << TRICK + 52 * ((leader + i - me) & 3) + card
        for first, cards, _ in view.tricks or ():
            for i, card in enumerate(cards):
                bits |= 1 << PLAYED + 52 * ((first + i - me) & 3) + card
        trump = view.trump
        bits |= self._seats(me, view.dealer, view.caller, view.turn, leader)
        if trump is not None:
            bits |= 1 << TRUMP + trump
        bits |= 1 << PHASE + _PHASE_INDEX[view.phase]
        return bits, self._scalars(me, view.tricks_won, view.hand_sizes, sheet)

    def write_state(self, state: Any, seat: int, sheet: Sheet, slots: Any, kept: bool) -> bool:
        """The play phase straight into the seat's kept slots: only what changed since its
        last look (:class:`~atout.observation.court_piece_play.PlayWriter`), from the state's public
        accessors; a new deal, score sheet or an earlier state starts from zeros."""
        if self.honour or state.trump_suit < 0:
            return False
        seen = self._seen[seat]
        if (
            not kept
            or seen.deal is not state.deal
            or seen.sheet is not sheet
            or len(state.completed_tricks) < seen.done
        ):
            self._restart(seat, state, sheet, slots, seen)
        self._writer.write(state, seat, seen, slots)
        return True

    def _restart(self, me: int, state: Any, sheet: Sheet, slots: Any, seen: PlaySeen) -> None:
        """Zeros, then what holds for the whole deal (dealer, caller, trump, score); the rest
        is written by the :class:`PlayWriter` against an empty ``seen``."""
        slots[: LAYOUT.bits] = _ZEROS
        deal = state.deal
        dealer = deal.dealer
        slots[DEALER + ((dealer - me) & 3)] = 1.0
        slots[CALLER + ((dealer + 1 - me) & 3)] = 1.0
        slots[TRUMP + state.trump_suit] = 1.0
        slots[LEADER] = 1.0  # seen.leader is 0
        key, score = self._score
        if key is not sheet:
            score = [self._scalars(s, (0, 0), (0, 0, 0, 0), sheet)[6:] for s in (0, 1)]
            self._score = (sheet, score)
        slots[_SCORE_AT], slots[_SCORE_AT + 1], slots[_SCORE_AT + 2], slots[_SCORE_AT + 3] = score[
            me & 1
        ]
        seen.deal = deal
        seen.sheet = sheet
        seen.clear()

    def mask_state(self, state: Any, picks: tuple[int, ...]) -> int | None:
        """Trump calls (all four), then the cards that follow suit (honour mode: the strings)."""
        if self.honour or state.is_over():
            return None
        if state.trump_suit < 0:
            return _TRUMP_CALLS
        cards: int = state.lawful_cards()
        return cards

    @staticmethod
    def _seats(me: int, dealer: int, caller: int, turn: int | None, leader: int) -> int:
        bits = 1 << DEALER + ((dealer - me) & 3)
        bits |= 1 << CALLER + ((caller - me) & 3)
        bits |= 1 << LEADER + ((leader - me) & 3)
        if turn is not None:
            bits |= 1 << TURN + ((turn - me) & 3)
        return bits

    def _scalars(self, me: int, won: Any, sizes: Any, sheet: Sheet) -> list[float]:
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
