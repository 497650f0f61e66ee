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
from atout.observation.court_piece_play import TRUMP_CALLS, CourtPieceObserver, PlaySeen
from atout.observation.slots import THIRTEENTHS
from atout.rl.spec import GameSpec, Layout, Sheet, StateMasker, StateWriter

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


assert HAND == 0  # a card's slot is its index (the observer relies on it)


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
        self._observer = CourtPieceObserver(
            courts=self.courts,
            honour=self.honour,
            target=self.target,
            bits=LAYOUT.bits,
            trick=TRICK,
            played=PLAYED,
            trump=TRUMP,
            phase=PHASE,
            dealer=DEALER,
            caller=CALLER,
            leader=LEADER,
            turn=TURN,
            won_at=LAYOUT.blocks["tricks_won"].offset,
            sizes_at=LAYOUT.blocks["hand_sizes"].offset,
            score_at=LAYOUT.blocks["score"].offset,
        )

    def write_view(
        self, view: CourtPieceView, sheet: Sheet, picks: tuple[int, ...], slots: Any
    ) -> None:
        """Own hand, tricks, trump, seats, tricks won, the score sheet: the seat's typed view,
        and nothing else (the observation's definition), written by the observer whole."""
        me = view.seat
        assert me is not None
        seen = PlaySeen()
        observer = self._observer
        trump = view.trump
        observer.start(
            slots,
            seen,
            me,
            view.dealer,
            view.caller,
            -1 if trump is None else trump,
            observer.score_of(sheet, me),
        )
        sizes = view.hand_sizes
        observer.write(
            slots,
            seen,
            me,
            _PHASE_INDEX[view.phase],
            view.turn,
            view.hand,
            view.trick_leader,
            view.trick,
            view.tricks or (),
            view.tricks_won,
            (
                THIRTEENTHS[sizes[me]],
                THIRTEENTHS[sizes[(me + 1) & 3]],
                THIRTEENTHS[sizes[(me + 2) & 3]],
                THIRTEENTHS[sizes[(me + 3) & 3]],
            ),
        )

    def write_state(self, state: Any, seat: int, sheet: Sheet, slots: Any, kept: bool) -> bool:
        """The play phase by the same observer, from the state's accessors for what the seat
        sees (its hand, the trick, the finished tricks unless face down), only what changed
        since its last look; a new deal, score sheet or an earlier state starts from zeros.
        The trump call and honour mode (where a renege may be taken back) use the view."""
        return self._observer.write_state(state, seat, sheet, slots, kept)

    def mask_state(self, state: Any, picks: tuple[int, ...]) -> int | None:
        """Trump calls (all four), then the cards that follow suit (honour mode: the strings)."""
        return self._observer.mask_state(state, picks)

    def look_calls(self) -> tuple[StateWriter, StateMasker]:
        """The observer's own ``write_state`` and ``mask_state`` (one call less per look)."""
        return self._observer.write_state, self._observer.mask_state


assert CourtPieceSpec.actions.index("trump S") == 52 and TRUMP_CALLS == 0xF << 52
