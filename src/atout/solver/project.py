"""Per-game projection: a rules ``State`` in its play phase -> what the solver searches.

Each game's cards are mapped to *effective* cards, ``suit * 13 + rank`` in
the order they take tricks, so one kernel and DDS serve every follow-suit
game. The only game that needs more than the identity is Five Hundred:

* **Suit contracts.** The joker, the right bower and the left bower are the
  top three trumps, so they become the trump suit's ace, king and queen;
  the trump suit's own cards move down below them (its jack is the right
  bower), and the left bower's suit is one card short. Red suits hold 4..A
  and black 5..A, so a trump suit holds at most 3 + 10 = 13 cards: every
  Five Hundred suit contract is a legal DDS deal with some ranks empty.
* **No-trumps and misère** keep the cards as they are; the joker is the
  kernel's one-card trump suit (``JOKER_SUIT``) and leading it names a suit.
  DDS cannot express that, so those go to our own search, unless the joker
  is out of play (in the discards), when no-trumps is plain no-trumps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from atout.cards import JOKER, Card, CardSet, card_name
from atout.solver.position import JOKER_LEAD, JOKER_SUIT, NO_TRUMP, Position

__all__ = ["Projection", "five_hundred_table", "project"]


@dataclass(frozen=True, slots=True)
class Projection:
    """A trick-play position in effective cards, and how to name its moves in the game's notation.

    Built by :func:`project`; bots that sample deals may build one directly.
    """

    hands: tuple[CardSet, ...]
    trump: int
    """An effective suit 0..3, ``NO_TRUMP``, or ``JOKER_SUIT`` (the Five Hundred no-trump joker)."""
    leader: int
    trick: tuple[Card, ...] = ()
    led: int = -1
    """The suit led to the trick in progress (a led joker's named suit), or -1."""
    skip: int = -1
    misere: bool = False
    """A Five Hundred misère: ``contractor`` must take no trick."""
    contractor: int = -1
    voids: int = 0
    restrict_joker: bool = False
    back: dict[int, Card] = field(default_factory=dict)
    """Effective card -> the game's card, where they differ."""

    @property
    def dds(self) -> bool:
        """Whether DDS can solve this position (four hands, no joker of its own suit)."""
        if self.misere or self.skip >= 0 or self.trump == JOKER_SUIT:
            return False
        return not any(h >> JOKER & 1 for h in self.hands) and JOKER not in self.trick

    @property
    def turn(self) -> int:
        """The seat to play."""
        seat = self.leader
        for _ in self.trick:
            seat = (seat + 1) % 4
            if seat == self.skip:
                seat = (seat + 1) % 4
        return seat

    def position(self) -> Position:
        """A fresh kernel position (the trick in progress replayed onto it)."""
        return Position(
            list(self.hands),
            trump=self.trump,
            leader=self.leader,
            trick=list(self.trick),
            led=self.led if self.trick else None,
            skip=self.skip,
            stop_seat=self.contractor if self.misere else -1,
            voids=self.voids,
            restrict_joker=self.restrict_joker,
        )

    def action(self, move: int) -> str:
        """A kernel move in the game's notation (``QS``, ``JK H``)."""
        if move >= JOKER_LEAD:
            return f"JK {'SHDC'[move - JOKER_LEAD]}"
        return card_name(self.back.get(move, move))


def project(state: Any) -> Projection:
    """The solver's view of a game state in its play phase (``ValueError`` otherwise).

    Court Piece, Bridge and Five Hundred are supported; Court Circular is not
    a follow-suit game and has its own solver (:mod:`atout.solver.circular`).
    """
    from atout.games.bridge import BridgeState  # noqa: PLC0415 - games load on demand
    from atout.games.court_piece import CourtPieceState  # noqa: PLC0415
    from atout.games.five_hundred.state import FiveHundredState  # noqa: PLC0415

    if state.turn is None:
        raise ValueError("the deal is over: nothing to solve")
    if isinstance(state, CourtPieceState):
        return _court_piece(state)
    if isinstance(state, BridgeState):
        return _bridge(state)
    if isinstance(state, FiveHundredState):
        return _five_hundred(state)
    raise ValueError(f"no trick-play projection for {type(state).__name__}")


def _court_piece(state: Any) -> Projection:
    if state.trump is None:
        raise ValueError("trump is not named yet: the play has not begun")
    hands = tuple(state.hand(s) for s in range(4))
    return Projection(hands, int(state.trump), state.leader, tuple(state.trick))


def _bridge(state: Any) -> Projection:
    if state.phase != "play":
        raise ValueError(f"the deal is in its {state.phase} phase: double dummy needs the play")
    contract = state.contract_name
    letter = contract[1]
    trump = NO_TRUMP if letter == "N" else "SHDC".index(letter)
    hands = tuple(state.hand(s) for s in range(4))
    return Projection(hands, trump, state.leader, tuple(state.trick))


def _five_hundred(state: Any) -> Projection:
    from atout.games.five_hundred.rules import (  # noqa: PLC0415
        DECK,
        MISERE,
        NT,
        STRAIN_SUIT,
        Phase,
        parse_call,
    )

    if state.phase != Phase.PLAY:
        raise ValueError(f"the deal is in its {state.phase.name.lower()} phase: nothing to solve")
    code = parse_call(state.contract)
    contractor = state.contractor
    hands = tuple(state.hand(s) for s in range(4))
    trick = tuple(state.trick)
    common: dict[str, Any] = {
        "leader": state.leader,
        "voids": state.shown_voids,
        "restrict_joker": state.rules.joker_nominate_restricted,
    }
    if code >= MISERE or code % 5 == NT:
        misere = code >= MISERE
        in_play = any(h >> JOKER & 1 for h in hands) or JOKER in trick
        return Projection(
            hands,
            JOKER_SUIT if in_play else NO_TRUMP,
            trick=trick,
            led=state.led_suit,
            skip=(contractor + 2) % 4 if misere else -1,
            misere=misere,
            contractor=contractor,
            **common,
        )
    forward = five_hundred_table(code % 5)
    back = {e: c for c, e in enumerate(forward) if e != c and DECK >> c & 1}
    eff_hands = tuple(_map_mask(h, forward) for h in hands)
    eff_trick = tuple(forward[c] for c in trick)
    led = forward[trick[0]] // 13 if trick else -1
    return Projection(
        eff_hands, int(STRAIN_SUIT[code % 5]), trick=eff_trick, led=led, back=back, **common
    )


@cache
def five_hundred_table(strain: int) -> tuple[Card, ...]:
    """``table[card]``: the effective card standing for a Five Hundred card in a suit contract.

    Within each effective suit (the joker and both bowers belong to trumps) the
    cards keep the order the rules give them (``contract_order``) and take the
    suit's top ranks, so the joker, the right bower and the left bower become
    the trump ace, king and queen, the trump suit's own cards step down below
    them, and a suit short of its left bower closes up under its queen. Cards
    not in the pack map to 0. Hard hands these to DDS, Medium and the panel
    play by the book on them, and :func:`project` gives them to the solver.

    >>> from atout.cards import card_name, parse_card
    >>> table = five_hundred_table(3)  # hearts
    >>> [card_name(table[parse_card(c)]) for c in ("JK", "JH", "JD", "AH", "TH", "4H", "AD", "TD")]
    ['AH', 'KH', 'QH', 'JH', '8H', '2H', 'AD', 'JD']
    """
    from atout.games.five_hundred.rules import DECK, contract_order  # noqa: PLC0415

    order = contract_order(strain)
    members = [c for c in range(JOKER + 1) if DECK >> c & 1]
    table = [0] * (JOKER + 1)
    for suit in range(4):
        ranked = sorted(
            (c for c in members if order.suit[c] == suit), key=lambda c: -order.strength[c]
        )
        for i, card in enumerate(ranked):
            table[card] = 13 * suit + 12 - i
    return tuple(table)


def _map_mask(mask: CardSet, forward: Sequence[Card]) -> CardSet:
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << forward[low.bit_length() - 1]
        mask ^= low
    return out
