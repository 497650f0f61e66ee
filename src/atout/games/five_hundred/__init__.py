"""Five Hundred (seed 002): 43 cards and a joker, an Avondale auction, a kitty, 500 to win.

The rules are ``rules/five-hundred.md``. In short:

* 43 cards (no 2s, no 3s, no black 4s) plus one joker; ten cards each and a
  kitty of three, dealt 3-kitty-4-3 from the seat left of the dealer.
* A continuous auction (a pass is final) of bids ``6S`` .. ``10NT`` ranked by
  their Avondale value; option ``single_round_bidding``; option ``misere``
  adds misère (250) and open misère (500), played alone at no-trumps.
* The contractor takes the kitty, discards three, leads. In a suit contract the
  joker and both bowers are trumps for every purpose; in no-trumps the joker is
  the only trump, wins any trick, and when led names a suit (``JK H``).
* The bid value if made (250 for a slam bid under 250), minus it if set;
  defenders score 10 a trick; +500 wins, -500 loses.

How cards behave in tricks is one :class:`~atout.tricks.TrickOrder` per
strain (:func:`contract_order`), so the play code has no special cases for
bowers or the joker. In no-trumps the joker is given a fifth suit of its own
(:data:`JOKER_SUIT`), which is the trump suit of that order.

The package: ``rules`` (tables, trick orders, scoring), ``state`` (one deal),
and here the game object (options, dealing, settling deals into the game).

>>> import random
>>> rules = FIVE_HUNDRED.parse_rules({})
>>> state = FIVE_HUNDRED.start(rules, FIVE_HUNDRED.deal(rules, 0, random.Random(1)), None)
>>> state.turn, state.legal_actions()[:3]
(1, ('pass', '6S', '6C'))
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from atout.cards import Card, card_name, cards_of, mask_of, parse_card
from atout.core import Settlement
from atout.games.five_hundred.rules import (
    CALL_NAMES,
    DECK,
    DEFAULT_RULES,
    GAME,
    OPTION_SPECS,
    FiveHundredRules,
    Phase,
    call_value,
    contract_order,
    game_winner,
    hand_points,
    parse_call,
    strain_of,
)
from atout.games.five_hundred.state import FiveHundredDeal, FiveHundredState
from atout.games.five_hundred.view import FiveHundredContract, FiveHundredView
from atout.games.options import Option, read_options

__all__ = [
    "CALL_NAMES",
    "DECK",
    "FIVE_HUNDRED",
    "FiveHundred",
    "FiveHundredContract",
    "FiveHundredDeal",
    "FiveHundredRules",
    "FiveHundredState",
    "FiveHundredTally",
    "FiveHundredView",
    "Phase",
    "call_value",
    "contract_order",
    "game_winner",
    "hand_points",
    "parse_call",
    "strain_of",
]


@dataclass(frozen=True, slots=True)
class FiveHundredTally:
    """The running score of each side, and the number of deals played."""

    scores: tuple[int, int] = (0, 0)
    deals: int = 0


@dataclass(frozen=True)
class FiveHundred:
    """The game object: options, dealing, scoring."""

    id: str = "five-hundred"
    title: str = "Five Hundred"
    players: int = 4
    sides: int = 2
    home_seat: int = 0
    option_specs: tuple[Option, ...] = field(default=OPTION_SPECS)

    def parse_rules(self, options: Mapping[str, Any]) -> FiveHundredRules:
        """Validate options (see :class:`FiveHundredRules`)."""
        return FiveHundredRules(**read_options(OPTION_SPECS, options, self.id))

    def rules_to_json(self, rules: FiveHundredRules) -> dict[str, Any]:
        """The options that differ from the defaults."""
        return {
            name: getattr(rules, name)
            for name in (option.name for option in OPTION_SPECS)
            if getattr(rules, name) != getattr(DEFAULT_RULES, name)
        }

    def new_tally(self, rules: FiveHundredRules) -> FiveHundredTally:
        """Both sides at zero."""
        return FiveHundredTally()

    def first_dealer(
        self, rules: FiveHundredRules, rng: random.Random, *, host: int | None = None
    ) -> int:
        """The option's seat, or one at random (the seed does not say how)."""
        return rng.randrange(4) if rules.first_dealer is None else rules.first_dealer

    def deal(self, rules: FiveHundredRules, dealer: int, rng: random.Random) -> FiveHundredDeal:
        """Shuffle the 43 cards; 3 to each from the dealer's left, 3 to the kitty, 4, then 3."""
        deck = list(cards_of(DECK))
        rng.shuffle(deck)
        hands: list[list[Card]] = [[], [], [], []]
        kitty: list[Card] = []
        seats = [(dealer + 1 + i) % 4 for i in range(4)]
        packets = [(s, 3) for s in seats] + [(-1, 3)] + [(s, n) for n in (4, 3) for s in seats]
        top = 0
        for seat, size in packets:
            (kitty if seat < 0 else hands[seat]).extend(deck[top : top + size])
            top += size
        return FiveHundredDeal(dealer, tuple(tuple(h) for h in hands), tuple(kitty))

    def layout_from_json(self, rules: FiveHundredRules, data: Mapping[str, Any]) -> FiveHundredDeal:
        """Read a record's deal: the dealer, four hands of 10 and a kitty of 3, 43 cards in all."""
        dealer = data.get("dealer")
        if type(dealer) is not int or not 0 <= dealer <= 3:
            raise ValueError(f"dealer must be a seat 0..3, not {dealer!r}")
        hands = data.get("hands")
        if not isinstance(hands, list) or len(hands) != 4:
            raise ValueError("hands must be a list of four hands")
        parsed = []
        for seat, hand in enumerate(hands):
            if not isinstance(hand, list) or len(hand) != 10:
                raise ValueError(f"seat {seat}'s hand must hold 10 cards")
            parsed.append(tuple(parse_card(str(c)) for c in hand))
        kitty = data.get("kitty")
        if not isinstance(kitty, list) or len(kitty) != 3:
            raise ValueError("kitty must list 3 cards")
        widow = tuple(parse_card(str(c)) for c in kitty)
        everything = [c for h in parsed for c in h] + list(widow)
        strays = [card_name(c) for c in everything if not DECK >> c & 1]
        if strays:
            raise ValueError(f"not in the Five Hundred pack: {' '.join(strays)}")
        if mask_of(everything) != DECK:
            raise ValueError("the hands and the kitty must hold the 43 cards, each once")
        return FiveHundredDeal(dealer, tuple(parsed), widow)

    def start(self, rules: FiveHundredRules, layout: Any, tally: Any) -> FiveHundredState:
        """The deal before the first call."""
        return FiveHundredState.first(rules, layout)

    def settle(
        self, rules: FiveHundredRules, tally: FiveHundredTally, state: Any, *, time_up: bool = False
    ) -> Settlement:
        """Score a finished deal; the deal passes left. ``time_up`` ends on the higher score."""
        assert isinstance(state, FiveHundredState)
        points = state.points()
        scores = (tally.scores[0] + points[0], tally.scores[1] + points[1])
        contractor = state.contractor
        winner = (
            None
            if contractor is None
            else game_winner(rules, scores, contractor, made=bool(state.made()))
        )
        over = winner is not None
        if time_up and not over:
            over = True
            winner = None if scores[0] == scores[1] else int(scores[1] > scores[0])
        new = FiveHundredTally(scores, tally.deals + 1)
        return Settlement(points, new, (state.deal.dealer + 1) % 4, winner, over)

    def tally_view(self, rules: FiveHundredRules, tally: FiveHundredTally) -> dict[str, Any]:
        """The score sheet."""
        return {"scores": list(tally.scores), "target": GAME, "deals": tally.deals}


FIVE_HUNDRED = FiveHundred()
