"""Court Circular (Lewis Carroll, 1860): two players, a turned-up Lead and "lines".

The rules are ``rules/court-circular.md`` (seed 000). In a trick the two
players alternately put down three cards each, with no obligation of any
kind; the better *line* (:mod:`atout.games.court_circular_lines`) wins. The
winner then picks the next Lead from the cards put down (``lead QH``), takes
the rest, face up if he was first-hand and face down otherwise, and leads
the next trick while the fixed dealer refills the hands from the stock. A
player may resign a trick (``concede``) within the limits of 1.3, never in
the last trick, the first one begun with an empty stock, whose winner takes
everything left. Won cards score 2 face up or 1 face down, +1 a heart, +1 a
court card; the higher total scores the difference, to 20 or 50 (``target``).

Seats are 0 and 1 and each is its own side. The dealer is fixed for the
whole game; the other player is first-hand at the start of every deal.

>>> import random
>>> from atout.core import Match
>>> m = Match.new(COURT_CIRCULAR, {"target": 20}, random.Random(3))
>>> m.turn == 1 - m.current.layout.dealer, len(m.legal_actions())
(True, 6)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from atout._mypyc import mypyc_attr
from atout.cards import (
    CARD_BY_NAME,
    SUIT_NAMES,
    Card,
    CardSet,
    card_name,
    card_names,
    cards_of,
    format_cards,
    mask_of,
    parse_card,
)
from atout.core import (
    IllegalActionError,
    InvalidActionError,
    Settlement,
    Trick,
)
from atout.games._json import CARD_NAMES
from atout.games.court_circular_lines import (
    CARD_STRENGTH,
    Line,
    best_line,
    card_points,
    side_strength,
)
from atout.games.court_circular_view import CourtCircularView, Phase
from atout.games.options import Option, read_options

__all__ = [
    "CONCEDE",
    "COURT_CIRCULAR",
    "CourtCircular",
    "CourtCircularDeal",
    "CourtCircularRules",
    "CourtCircularState",
    "CourtCircularTally",
    "CourtCircularView",
    "Phase",
    "deal_points",
    "pile_points",
    "resign_refusal",
]

CONCEDE: Final = "concede"
TARGETS = (20, 50)
HAND_SIZE: Final = 6
PER_TRICK: Final = 3
"""Cards each player puts down in a full trick."""
_PLAY: Final = Phase.PLAY
_LEAD: Final = Phase.LEAD
_OVER: Final = Phase.OVER
"""The phases as constants: compared by identity on the hot paths, never looked up on the enum."""
OPTIONS: Final = (
    Option("target", "choice", 20, "points that win the game", choices=TARGETS),
    Option(
        "carroll_resign",
        "bool",
        False,
        "a player may resign as soon as a card of the trick is down",
    ),
)
"""The options (``rules/court-circular.md``): the lobby, the CLI and the API read them here."""


@dataclass(frozen=True, slots=True)
class CourtCircularRules:
    """The options of a game of Court Circular (validated by :meth:`CourtCircular.parse_rules`)."""

    target: int = 20
    """Points that win the game: 20 or 50 (1.9)."""
    carroll_resign: bool = False
    """Carroll's rule VII: resigning needs only some card of the trick down, not one's own (1.3)."""

    @property
    def session_end(self) -> None:
        """The game ends on points, never after a number of deals or minutes."""
        return None


def resign_refusal(own: int, other: int, *, last_trick: bool, carroll: bool) -> str | None:
    """Why a player may not resign now, or ``None`` when he may (the table of 1.3).

    ``own`` and ``other`` count the cards the player and his opponent have put
    down in this trick. A function of its own so that bots reading an
    opponent's earlier moves apply the same rule as the engine.

    >>> resign_refusal(0, 1, last_trick=False, carroll=False)
    'you may resign only after putting down a card of your own in this trick'
    >>> resign_refusal(0, 1, last_trick=False, carroll=True) is None
    True
    """
    if last_trick:
        return "nobody may resign the last trick (the stock is empty)"
    if own >= PER_TRICK or other >= PER_TRICK:
        return "a player has put down his 3 cards: the trick must be played out"
    if carroll:
        if not own + other:
            return "nobody may resign before the first card of the trick is down"
    elif not own:
        return "you may resign only after putting down a card of your own in this trick"
    return None


_CONCEDE_ONLY: Final = (CONCEDE,)
_CONCEDE_AFTER: Final[tuple[tuple[tuple[tuple[str, ...], ...], ...], ...]] = tuple(
    tuple(
        tuple(
            _CONCEDE_ONLY
            if resign_refusal(down // 2, (down + 1) // 2, last_trick=last, carroll=carroll) is None
            else ()
            for down in range(2 * PER_TRICK)
        )
        for carroll in (False, True)
    )
    for last in (False, True)
)
"""``_CONCEDE_AFTER[last_trick][carroll][down]``: ``(concede,)`` when :func:`resign_refusal`
allows the seat to act to resign, ``down`` cards of the trick being down, else ``()``. Cards
alternate from first-hand, so the seat to act has put down ``down // 2`` of them.

The table of 1.3 read once at import, and each trick's row once per trick, so listing
the legal actions (the hottest path) adds one tuple instead of calling the rule.
"""


@dataclass(frozen=True, slots=True)
class CourtCircularDeal:
    """A deal as dealt: two hands of 6 (in the order received), the Lead, the stock (top first)."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    lead: Card
    stock: tuple[Card, ...]

    @property
    def first_hand(self) -> int:
        """Who plays first in the deal's first trick: the non-dealer (1.2)."""
        return 1 - self.dealer

    @property
    def fixes_dealer(self) -> bool:
        """The deal rotates: whoever the rotation names deals it."""
        return False

    def to_json(self) -> dict[str, Any]:
        """The record form (``dealer``, ``hands``, ``lead``, ``stock``)."""
        return {
            "dealer": self.dealer,
            "hands": [[card_name(c) for c in h] for h in self.hands],
            "lead": card_name(self.lead),
            "stock": [card_name(c) for c in self.stock],
        }


@dataclass(frozen=True, slots=True)
class CourtCircularTally:
    """The running score: points per player and deals played."""

    points: tuple[int, int] = (0, 0)
    deals: int = 0


def pile_points(face_up: CardSet, face_down: CardSet) -> int:
    """What a player's won cards score (1.9).

    >>> from atout.cards import mask_of, parse_cards
    >>> up = mask_of(parse_cards(["QH", "7C", "AS"]))
    >>> down = mask_of(parse_cards(["KD", "3H", "9S"]))
    >>> pile_points(up, down)
    13
    """
    return sum(card_points(c, face_up=True) for c in cards_of(face_up)) + sum(
        card_points(c, face_up=False) for c in cards_of(face_down)
    )


def deal_points(totals: tuple[int, int]) -> tuple[int, int]:
    """Who scores what from two pile totals: the higher scores the difference; equal, nobody.

    >>> deal_points((13, 10)), deal_points((7, 7))
    ((3, 0), (0, 0))
    """
    a, b = totals
    return (a - b, 0) if a > b else (0, b - a)


@mypyc_attr(acyclic=True)
class _Trick:
    """What every state of one trick shares (and the choice of the next Lead after it).

    Made when a Lead is chosen (and when the last trick ends); putting down a
    card, most actions, and ending a trick then copy one reference instead of
    eight values. ``done`` holds the tricks finished before this one: a state
    awaiting the next Lead adds its own (see :attr:`CourtCircularState.completed_tricks`).
    It holds the rules, the deal, ints and tuples, never a state: acyclic (see
    :mod:`atout._mypyc`).
    """

    __slots__ = (
        "concede",
        "deal",
        "done",
        "drawn",
        "held",
        "last",
        "lead",
        "leader",
        "piles",
        "refill",
        "rules",
    )

    def __init__(
        self,
        rules: CourtCircularRules,
        deal: CourtCircularDeal,
        lead: Card,
        drawn: int,
        leader: int,
        piles: tuple[tuple[CardSet, CardSet], tuple[CardSet, CardSet]],
        done: tuple[tuple[int, tuple[Card, ...], int], ...],
        held: CardSet,
        refill: tuple[tuple[CardSet, ...], tuple[CardSet, ...], tuple[CardSet, ...]],
    ) -> None:
        self.rules = rules
        self.deal = deal
        self.lead = lead
        self.drawn = drawn
        """How many cards of the stock are drawn."""
        self.leader = leader
        """First-hand of the trick."""
        self.piles = piles
        self.done = done
        self.held = held
        """Both hands as the trick began: what they hold now and what is on the table."""
        self.refill = refill
        """:func:`_refill_masks` of the deal's stock, shared by every trick of the deal."""
        self.last = drawn == len(deal.stock)
        """Whether the trick began with an empty stock (1.8): no resigning, winner takes all.

        The stock only changes between tricks, so "empty now" is "empty when it began"."""
        self.concede: tuple[tuple[str, ...], ...] = _CONCEDE_AFTER[self.last][rules.carroll_resign]
        """``concede[down]``: what the legal actions add to the cards of the seat to act."""


@mypyc_attr(acyclic=True, free_list_len=1)
class CourtCircularState:
    """One deal of Court Circular. Immutable; ``apply`` returns a new state.

    Hands and piles are bitmasks. ``_table`` holds the cards of the current
    trick in the order put down, alternately from its first-hand (the trick's
    ``leader``), so seat of a card is known from its position. Finished tricks
    are kept as ``(leader, cards, winner)`` tuples. What changes only between
    tricks is in one shared :class:`_Trick`. A state never refers to itself, nor
    does anything it holds: acyclic, and compiled one freed state is kept for
    the next (see :mod:`atout._mypyc`).
    """

    __slots__ = ("_legal", "_mine", "_phase", "_table", "_theirs", "_trick", "_turn")

    _trick: _Trick
    _mine: CardSet
    """The hand of the seat to act (``_turn``); ``_theirs`` the other's. A card's play
    then moves two ints, with no tuple of hands to unpack and make."""
    _theirs: CardSet
    _table: tuple[Card, ...]
    _turn: int
    _phase: Phase
    _legal: tuple[str, ...] | None

    def __init__(
        self,
        rules: CourtCircularRules,
        deal: CourtCircularDeal,
        hands: tuple[CardSet, CardSet] = (-1, -1),
        lead: Card = -1,
        drawn: int = 0,
        leader: int = -1,
        table: tuple[Card, ...] = (),
        turn: int = -1,
        phase: Phase = _PLAY,
        piles: tuple[tuple[CardSet, CardSet], tuple[CardSet, CardSet]] = ((0, 0), (0, 0)),
        done: tuple[tuple[int, tuple[Card, ...], int], ...] = (),
    ) -> None:
        """The deal before its first card; the other arguments place a position in mid-deal
        (bots that play on from a view), ``drawn`` counting the stock drawn."""
        if hands[0] < 0:
            hands = (mask_of(deal.hands[0]), mask_of(deal.hands[1]))
            lead = deal.lead
            leader = turn = deal.first_hand
        if phase is _LEAD:  # the trick awaiting its Lead is the last of ``done``; see _Trick
            done = done[:-1]
        held = hands[0] | hands[1] | mask_of(table)
        self._trick = _Trick(
            rules, deal, lead, drawn, leader, piles, done, held, _refill_masks(deal.stock)
        )
        self._mine, self._theirs = (hands[0], hands[1]) if turn == 0 else (hands[1], hands[0])
        self._table = table
        self._turn = turn
        self._phase = phase
        self._legal = None

    # Reading the state.

    @property
    def rules(self) -> CourtCircularRules:
        """The options this deal is played under."""
        return self._trick.rules

    @property
    def deal(self) -> CourtCircularDeal:
        """The deal as dealt."""
        return self._trick.deal

    @property
    def turn(self) -> int | None:
        """The seat to act, or ``None`` once the deal is over."""
        return None if self._phase is _OVER else self._turn

    @property
    def actor(self) -> int | None:
        """The seat that chooses now: always the seat to act in this game."""
        return None if self._phase is _OVER else self._turn

    @property
    def phase(self) -> Phase:
        """Putting down cards, choosing the next Lead, or over."""
        return self._phase

    @property
    def lead(self) -> Card | None:
        """The current Lead (``None`` once the deal is over and everything is collected)."""
        return None if self._phase is _OVER else self._trick.lead

    @property
    def leader(self) -> int:
        """First-hand of the current (or, once over, the last) trick."""
        return self._trick.leader

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards still in the stock, top first."""
        trick = self._trick
        return trick.deal.stock[trick.drawn :]

    @property
    def piles(self) -> tuple[tuple[CardSet, CardSet], tuple[CardSet, CardSet]]:
        """Each player's won cards as ``(face_up, face_down)``."""
        return self._trick.piles

    @property
    def stock_size(self) -> int:
        """How many cards are left in the stock."""
        trick = self._trick
        return len(trick.deal.stock) - trick.drawn

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the current trick in the order put down, alternately from its
        first-hand (:attr:`leader`); the same as :meth:`trick_cards`."""
        return self._table

    @property
    def completed_tricks(self) -> tuple[tuple[int, tuple[Card, ...], int], ...]:
        """The tricks whose winner is known as ``(leader, cards, winner)``, cards in the order
        put down (a trick awaiting its new Lead included).

        The tuple is shared with later states (each trick appends one entry),
        so readers may cache what they derive from it by its length. A state
        awaiting the next Lead makes it anew, the trick just ended at its end.
        """
        trick = self._trick
        if self._phase is _LEAD:  # the trick just ended joins ``done`` with the next Lead
            return trick.done + ((trick.leader, self._table, self._turn),)
        return trick.done

    def _hands(self) -> tuple[CardSet, CardSet]:
        """Seat 0's and seat 1's hands."""
        if self._turn == 0:
            return (self._mine, self._theirs)
        return (self._theirs, self._mine)

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now."""
        first, second = self._hands()
        if seat not in (0, 1):
            raise IndexError(f"no seat {seat} (seats are 0 and 1)")
        return first if seat == 0 else second

    def look(self, seat: int) -> tuple[object, CardSet, CardSet, tuple[Card, ...], int, Phase]:
        """What an observer reads of the state at every look of ``seat`` (0 or 1), in one
        call: ``(trick, hand, other, cards, turn, phase)``.

        ``trick`` is a key, the same object for every state of one trick and of its Lead's
        choice (their :attr:`lead`, :attr:`leader`, :attr:`piles`, :attr:`stock_size`,
        :attr:`deal` and :meth:`is_last_trick` are the same; an observer reads them again
        only when the key changes); ``hand`` and ``other`` are ``seat``'s hand and the
        other player's; ``cards`` is :attr:`trick` (alternately from :attr:`leader`);
        ``turn`` the seat to act (once over, the last trick's winner); ``phase`` is
        :attr:`phase`. A dozen accessor calls cost an environment step more than the
        engine's action does.
        """
        if seat == self._turn:
            return self._trick, self._mine, self._theirs, self._table, seat, self._phase
        return self._trick, self._theirs, self._mine, self._table, self._turn, self._phase

    def table(self, seat: int) -> CardSet:
        """The cards ``seat`` has put down in the current trick (not the Lead)."""
        start = 0 if seat == self._trick.leader else 1
        return mask_of(self._table[start::2])

    def trick_cards(self) -> tuple[Card, ...]:
        """The cards of the current trick in the order put down, from its first-hand."""
        return self._table

    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self._phase is _OVER

    def is_last_trick(self) -> bool:
        """Whether the current trick began with an empty stock (1.8): no resigning, winner takes all

        The stock only changes between tricks, so "empty now" is "empty when it began".
        """
        return self._trick.last

    def line(self, seat: int) -> Line:
        """``seat``'s best line so far with the current Lead (public: the table is face up)."""
        return best_line(self.table(seat), self._trick.lead)

    def pile_points(self) -> tuple[int, int]:
        """What each player's won cards score so far."""
        (u0, d0), (u1, d1) = self._trick.piles
        return (pile_points(u0, d0), pile_points(u1, d1))

    def deal_points(self) -> tuple[int, int]:
        """What each player scores for the deal (only meaningful once it is over)."""
        return deal_points(self.pile_points())

    # Legal actions.

    def legal_actions(self) -> tuple[str, ...]:
        """Cards in canonical order then ``concede`` (when allowed); or ``lead X`` in card order."""
        legal = self._legal
        if legal is None:
            phase = self._phase
            if phase is _PLAY:
                hand = self._mine
                # card_names(hand) written out: no joker in this game, no call.
                legal = (
                    _SPADES[hand & 0x1FFF]
                    + _HEARTS[hand >> 13 & 0x1FFF]
                    + _DIAMONDS[hand >> 26 & 0x1FFF]
                    + _CLUBS[hand >> 39]
                    + self._trick.concede[len(self._table)]
                )
            elif phase is _LEAD:
                legal = tuple([_LEAD_ACTIONS[c] for c in sorted(self._table)])
            else:
                legal = ()
            self._legal = legal
        return legal

    def may_concede(self) -> bool:
        """Whether the seat to act may resign the trick now (``concede`` is legal)."""
        return self._phase is _PLAY and bool(self._trick.concede[len(self._table)])

    def _concede_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not resign now, or ``None`` when he may (the table of 1.3)."""
        down = len(self._table)
        # Cards alternate from first-hand, who has put down the odd one out.
        mine = (down + 1) // 2 if seat == self._trick.leader else down // 2
        return resign_refusal(
            mine,
            len(self._table) - mine,
            last_trick=self._trick.last,
            carroll=self._trick.rules.carroll_resign,
        )

    # Acting.

    def apply(self, action: str, seat: int | None = None) -> CourtCircularState:
        """The state after ``seat`` (default: the seat to act) takes ``action``."""
        try:
            code = _ACTION_CODES[action]
        except KeyError:
            return self._apply_other(action, seat)
        turn = self._turn
        if code >= _LEAD_CODE:  # a Lead chosen, or the trick resigned
            if self._phase is _OVER or (seat is not None and seat != turn):
                self._check_turn(seat)
            if code == _CONCEDE_CODE:
                return self._concede()
            return self._choose_lead(code - _LEAD_CODE)
        if self._phase is not _PLAY or (seat is not None and seat != turn):
            self._check_turn(seat)
            raise IllegalActionError(
                f"choose the next Lead first, e.g. {self.legal_actions()[0]!r}"
            )
        # Putting down a card, the hot path: written here, not called.
        mine = self._mine
        rest = mine ^ 1 << code
        if rest > mine:  # the bit was not set: he does not hold the card
            raise IllegalActionError(f"you do not hold {card_name(code)}")
        table = self._table + _ALONE[code]
        if len(table) < _FULL:  # the other seat acts next: his hand becomes "mine"
            return _Next(self._trick, self._theirs, rest, table, 1 - turn, _PLAY)
        hands = (rest, self._theirs) if turn == 0 else (self._theirs, rest)
        return self._end_trick(hands, table, self._trick_winner(table))

    def _check_turn(self, seat: int | None) -> None:
        if self._phase is _OVER:
            raise IllegalActionError("the deal is over")
        if seat is not None and seat != self._turn:
            raise IllegalActionError(f"not seat {seat}'s turn: seat {self._turn} plays")

    def _apply_other(self, action: str, seat: int | None) -> CourtCircularState:
        words = action.strip().split()
        if not words:
            raise InvalidActionError("empty action")
        verb = words[0].lower()
        if verb == CONCEDE and len(words) == 1:
            self._check_turn(seat)
            return self._concede()
        if verb == "lead" and len(words) == 2:
            card = _parse_card(words[1])
            self._check_turn(seat)
            return self._choose_lead(card)
        if len(words) == 1:
            card = _parse_card(words[0])
            return self.apply(card_name(card), seat)
        raise InvalidActionError(
            f"not a Court Circular action: {action!r} (a card such as QH, concede, or lead QH)"
        )

    def _trick_winner(self, table: tuple[Card, ...]) -> int:
        """The better best line of the full ``table`` wins; without lines the best card does (1.6).

        Compared as :func:`line_strength` integers (:func:`side_strength`, the
        same for three cards): the same order as the lines' keys, without
        building the lines.
        """
        trick = self._trick
        leader, lead = trick.leader, trick.lead
        a, b, c, d, e, f = table
        first, second = side_strength(a, c, e, lead), side_strength(b, d, f, lead)
        return leader if first > second else 1 - leader

    def _concede(self) -> CourtCircularState:
        if self._phase is not _PLAY:
            raise IllegalActionError("there is no trick to resign: choose the next Lead")
        turn = self._turn
        if not self._trick.concede[len(self._table)]:
            raise IllegalActionError(str(self._concede_refusal(turn)))
        return self._end_trick(self._hands(), self._table, 1 - turn)

    def _end_trick(
        self, hands: tuple[CardSet, CardSet], table: tuple[Card, ...], winner: int
    ) -> CourtCircularState:
        """The trick closed with ``hands`` and ``table`` as they end it; in the last one the
        winner takes everything left (1.8). Otherwise the winner's choice of the next Lead
        makes the next :class:`_Trick`: until then the state keeps this one."""
        trick = self._trick
        if not trick.last:
            return _Next(trick, hands[winner], hands[1 - winner], table, winner, _LEAD)
        everything = trick.held | 1 << trick.lead  # the table, the Lead and both hands
        piles = _collect(trick.piles, winner, winner == trick.leader, everything)
        done = trick.done + ((trick.leader, table, winner),)
        return _Next(
            _Trick(
                trick.rules,
                trick.deal,
                trick.lead,
                trick.drawn,
                trick.leader,
                piles,
                done,
                0,
                trick.refill,
            ),
            0,
            0,
            (),
            winner,
            _OVER,
        )

    def _choose_lead(self, card: Card) -> CourtCircularState:
        if self._phase is not _LEAD:
            raise IllegalActionError("the next Lead is chosen by the trick's winner, after it")
        trick = self._trick
        table = self._table
        if card == trick.lead:
            raise IllegalActionError(
                f"{card_name(card)} is the old Lead: choose among {self._table_names()}"
            )
        if card not in table:
            raise IllegalActionError(
                f"{card_name(card)} is not on the table: choose among {self._table_names()}"
            )
        winner = self._turn
        leader = trick.leader
        mine, theirs = self._mine, self._theirs  # the winner's hand, the other's
        # The table is what left the hands in this trick; the winner takes it and the old
        # Lead but the new Lead, face up if he was first-hand (1.7) ...
        taken = (trick.held ^ (mine | theirs) ^ 1 << card) | 1 << trick.lead
        (up0, down0), (up1, down1) = trick.piles
        if winner == 0:
            if winner == leader:
                up0 |= taken
            else:
                down0 |= taken
        elif winner == leader:
            up1 |= taken
        else:
            down1 |= taken
        # ... and the hands are refilled one card at a time from him, skipping a full hand,
        # while the stock lasts: alternately while both are short, then the rest to the one
        # still short. The cards of a stretch of the stock come from the prefix masks of
        # _refill_masks; one new state, no call: this is every trick's last action.
        short_mine, short_theirs = HAND_SIZE - mine.bit_count(), HAND_SIZE - theirs.bit_count()
        drawn = trick.drawn
        end = drawn + short_mine + short_theirs
        size = len(trick.deal.stock)
        if end > size:  # the stock runs out
            end = size
        both = drawn + 2 * (short_mine if short_mine < short_theirs else short_theirs)
        if both > end:
            both = end
        even, odd, every = trick.refill
        # The winner is dealt the cards at the stock positions of ``drawn``'s parity.
        first, second = (even, odd) if drawn & 1 == 0 else (odd, even)
        mine |= first[both] ^ first[drawn]
        theirs |= second[both] ^ second[drawn]
        # The rest to the one still short (none is left when both were as short).
        if short_mine > short_theirs:
            mine |= every[end] ^ every[both]
        else:
            theirs |= every[end] ^ every[both]
        return _Next(
            _Trick(
                trick.rules,
                trick.deal,
                card,
                end,
                winner,
                ((up0, down0), (up1, down1)),
                trick.done + ((leader, table, winner),),
                mine | theirs,
                trick.refill,
            ),
            mine,
            theirs,
            (),
            winner,
            _PLAY,
        )

    def _table_names(self) -> str:
        return " ".join(card_names(mask_of(self._table)))

    # Views and summaries.

    def out_of_turn_actions(self, seat: int | None) -> tuple[str, ...]:
        """Nothing may be done out of turn in this game."""
        return ()

    def tricks(self) -> list[Trick]:
        """The tricks whose winner is known (a trick awaiting its new Lead included), in order."""
        return [
            Trick(leader, tuple(card_name(c) for c in cards), winner)
            for leader, cards, winner in self.completed_tricks
        ]

    def typed_view(self, seat: int | None) -> CourtCircularView:
        """What ``seat`` may know (``None``: a spectator), typed.

        Everything put down is face up, so the table, the Lead and both players'
        lines are public, and so are face-up piles. A face-down pile shows only
        its size: that is what face down means, for its owner too. Hands are
        private; their sizes are public.
        """
        phase = self._phase
        over = phase is _OVER
        table = self._table
        first = mask_of(table[0::2])
        second = mask_of(table[1::2])
        trick = self._trick
        tables = (first, second) if trick.leader == 0 else (second, first)
        lead = trick.lead
        stock = len(trick.deal.stock) - trick.drawn
        hand0, hand1 = self._hands()
        (up0, down0), (up1, down1) = trick.piles
        return CourtCircularView(
            seat,
            phase,
            trick.deal.dealer,
            None if over else self._turn,
            0 if seat is None else (hand0, hand1)[seat],
            (hand0.bit_count(), hand1.bit_count()),
            None if over else lead,
            tables,
            trick.leader,
            table,
            stock,
            ((up0, down0.bit_count()), (up1, down1.bit_count())),
            len(self.completed_tricks),
            self.legal_actions() if seat is not None and seat == self.turn else (),
            trick.rules.carroll_resign,
            self.result() if over else None,
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        """The JSON form of :meth:`typed_view` (the wire, records, the terminal).

        Keys: ``table`` is each seat's cards put down in this trick, ``trick``
        the same cards in the order put down from ``trick.leader`` (first-hand);
        ``lines`` is each seat's best line so far (``None`` before his first
        card); ``piles`` is ``{"face_up": [cards], "face_down": count}`` per
        seat; ``is_last_trick`` says that nobody may resign (empty stock);
        ``phase`` is ``play``, ``lead`` (the winner picks the next Lead) or ``over``;
        ``carroll_resign`` (only when that option is on) says a trick may be resigned
        once any card of it is down.
        """
        return self.typed_view(seat).to_json()

    def result(self) -> dict[str, Any]:
        """Cards won face up and face down, their points, and who scored how much."""
        points = self.deal_points() if self.is_over() else (0, 0)
        scorer = None if points == (0, 0) else (0 if points[0] else 1)
        return {
            "face_up": [u.bit_count() for u, _ in self._trick.piles],
            "face_down": [d.bit_count() for _, d in self._trick.piles],
            "pile_points": list(self.pile_points()),
            "points": list(points),
            "winner": scorer,
        }

    def __repr__(self) -> str:
        hands = " / ".join(format_cards(h) for h in self._hands())
        table = format_cards(mask_of(self._table))
        return (
            f"<CourtCircularState {self._phase.value} turn={self.turn} "
            f"lead={card_name(self._trick.lead)} table={table} {hands}>"
        )


@mypyc_attr(acyclic=True, free_list_len=1)
class _Next(CourtCircularState):
    """A state that ``apply`` makes from its parts (the trick's shared facts among them).

    A subclass only for its constructor: the public one takes every fact of a
    position one by one, and calling it is a good part of an action's cost in
    plain Python. Acyclic, and compiled one freed state is kept for the next, as
    :class:`CourtCircularState`.
    """

    __slots__ = ()

    def __init__(
        self,
        trick: _Trick,
        mine: CardSet,
        theirs: CardSet,
        table: tuple[Card, ...],
        turn: int,
        phase: Phase,
    ) -> None:
        self._trick = trick
        self._mine = mine
        self._theirs = theirs
        self._table = table
        self._turn = turn
        self._phase = phase
        self._legal = None


def _refill_masks(
    stock: tuple[Card, ...],
) -> tuple[tuple[CardSet, ...], tuple[CardSet, ...], tuple[CardSet, ...]]:
    """Prefix masks of the stock: the cards before position ``i`` at even positions, at odd
    positions, and all of them, for ``i`` from 0 to its size.

    A stretch ``i:j`` of the stock (or every other card of it) is then the exclusive or
    of two masks: refilling the hands after a trick takes a few operations, not a loop.

    >>> even, odd, every = _refill_masks((3, 5, 0))
    >>> even, odd, every
    ((0, 8, 8, 9), (0, 0, 32, 32), (0, 8, 40, 41))
    """
    even = [0]
    odd = [0]
    for position, card in enumerate(stock):
        bit = 1 << card
        even.append(even[-1] | bit if position % 2 == 0 else even[-1])
        odd.append(odd[-1] if position % 2 == 0 else odd[-1] | bit)
    return tuple(even), tuple(odd), tuple(e | o for e, o in zip(even, odd, strict=True))


def _collect(
    piles: tuple[tuple[CardSet, CardSet], tuple[CardSet, CardSet]],
    winner: int,
    face_up: bool,
    cards: CardSet,
) -> tuple[tuple[CardSet, CardSet], tuple[CardSet, CardSet]]:
    """``piles`` with ``cards`` added to ``winner``'s, face up or face down."""
    (up0, down0), (up1, down1) = piles
    if winner == 0:
        up0, down0 = (up0 | cards, down0) if face_up else (up0, down0 | cards)
    else:
        up1, down1 = (up1 | cards, down1) if face_up else (up1, down1 | cards)
    return ((up0, down0), (up1, down1))


_SPADES, _HEARTS, _DIAMONDS, _CLUBS = SUIT_NAMES
"""Card names of one suit from its 13 rank bits, for ``legal_actions()``."""
_ALONE: Final[tuple[tuple[Card], ...]] = tuple((card,) for card in range(52))
"""``_ALONE[c]`` is ``(c,)``, made once: a card joins the trick with one new tuple, not two."""
_LEAD_ACTIONS: Final[tuple[str, ...]] = tuple(f"lead {name}" for name in CARD_NAMES[:52])
"""``_LEAD_ACTIONS[c]``: the action that makes card ``c`` the next Lead."""
_FULL: Final = 2 * PER_TRICK
"""Cards in a trick played out."""
_LEAD_CODE: Final = 64
_CONCEDE_CODE: Final = 128
_ACTION_CODES: Final[dict[str, int]] = {
    **CARD_BY_NAME,
    **{action: _LEAD_CODE + c for c, action in enumerate(_LEAD_ACTIONS)},
    CONCEDE: _CONCEDE_CODE,
}
"""Every action as ``legal_actions()`` spells it to one int, the fast path of ``apply``: a
card (also in ``10`` spelling) to itself, ``lead X`` to ``_LEAD_CODE`` + X, ``concede`` to
``_CONCEDE_CODE``: one look-up whatever the action."""


def _parse_card(text: str) -> Card:
    try:
        return parse_card(text)
    except ValueError as error:
        raise InvalidActionError(
            f"{error}; Court Circular actions are a card, concede, or lead QH"
        ) from None


@dataclass(frozen=True)
class CourtCircular:
    """The game object: options, the cut, dealing, scoring."""

    id: str = "court-circular"
    title: str = "Court Circular"
    players: int = 2
    sides: int = 2
    home_seat: int = 0
    option_specs: tuple[Option, ...] = field(default=OPTIONS)

    def parse_rules(self, options: Mapping[str, Any]) -> CourtCircularRules:
        """Validate options (see :class:`CourtCircularRules`)."""
        values = read_options(OPTIONS, options, self.id)
        return CourtCircularRules(values["target"], values["carroll_resign"])

    def rules_to_json(self, rules: CourtCircularRules) -> dict[str, Any]:
        """The options that differ from the defaults."""
        out: dict[str, Any] = {}
        if rules.target != 20:
            out["target"] = rules.target
        if rules.carroll_resign:
            out["carroll_resign"] = True
        return out

    def new_tally(self, rules: CourtCircularRules) -> CourtCircularTally:
        """No points, no deals."""
        return CourtCircularTally()

    def first_dealer(
        self, rules: CourtCircularRules, rng: random.Random, *, host: int | None = None
    ) -> int:
        """Each player draws a card; the lower one (1.4 order) deals for the whole game."""
        cut = rng.sample(range(52), 2)
        return 0 if CARD_STRENGTH[cut[0]] < CARD_STRENGTH[cut[1]] else 1

    def deal(self, rules: CourtCircularRules, dealer: int, rng: random.Random) -> CourtCircularDeal:
        """Shuffle; 6 each one by one, first-hand first; the 13th is the Lead; the rest, stock."""
        deck = list(range(52))
        rng.shuffle(deck)
        first = 1 - dealer
        hands: list[list[Card]] = [[], []]
        for i in range(2 * HAND_SIZE):
            hands[first if i % 2 == 0 else dealer].append(deck[i])
        lead = deck[2 * HAND_SIZE]
        return CourtCircularDeal(dealer, (tuple(hands[0]), tuple(hands[1])), lead, tuple(deck[13:]))

    def layout_from_json(
        self, rules: CourtCircularRules, data: Mapping[str, Any]
    ) -> CourtCircularDeal:
        """Read a record's deal: dealer, two hands of 6, the Lead, the 39-card stock."""
        dealer = data.get("dealer")
        if type(dealer) is not int or dealer not in (0, 1):
            raise ValueError(f"dealer must be seat 0 or 1, not {dealer!r}")
        hands = data.get("hands")
        if not isinstance(hands, list) or len(hands) != 2:
            raise ValueError("hands must be a list of two hands")
        parsed = tuple(
            _read_cards(hand, f"seat {s}'s hand", HAND_SIZE) for s, hand in enumerate(hands)
        )
        lead_text = data.get("lead")
        if not isinstance(lead_text, str):
            raise ValueError('lead must be a card, e.g. "QH"')
        lead = parse_card(lead_text)
        stock = _read_cards(data.get("stock"), "the stock", 52 - 2 * HAND_SIZE - 1)
        every = (*parsed[0], *parsed[1], lead, *stock)
        if 52 in every:
            raise ValueError("Court Circular has no joker")
        if mask_of(every).bit_count() != 52:
            raise ValueError("the hands, the Lead and the stock must hold 52 different cards")
        return CourtCircularDeal(dealer, parsed, lead, stock)

    def start(
        self, rules: CourtCircularRules, layout: Any, tally: CourtCircularTally
    ) -> CourtCircularState:
        """The deal before its first card: the non-dealer is first-hand."""
        return CourtCircularState(rules, layout)

    def settle(
        self,
        rules: CourtCircularRules,
        tally: CourtCircularTally,
        state: Any,
        *,
        time_up: bool = False,
    ) -> Settlement:
        """Score a finished deal; the game ends once a player reaches the target."""
        assert isinstance(state, CourtCircularState)
        return settle_points(rules, tally, state.deal_points(), state.deal.dealer)

    def tally_view(self, rules: CourtCircularRules, tally: CourtCircularTally) -> dict[str, Any]:
        """The score sheet."""
        return {"points": list(tally.points), "target": rules.target, "deals": tally.deals}


def settle_points(
    rules: CourtCircularRules, tally: CourtCircularTally, points: tuple[int, int], dealer: int
) -> Settlement:
    """Add a deal's points to the tally; the same dealer deals again (1.2, 1.9).

    >>> s = settle_points(CourtCircularRules(), CourtCircularTally((18, 4)), (3, 0), 1)
    >>> s.tally.points, s.over, s.winner, s.next_dealer
    ((21, 4), True, 0, 1)
    """
    total = (tally.points[0] + points[0], tally.points[1] + points[1])
    reached = [s for s in (0, 1) if total[s] >= rules.target]
    # Only one player scores in a deal, so at most one can reach the target with it.
    winner = reached[0] if reached else None
    new = CourtCircularTally(total, tally.deals + 1)
    return Settlement(points, new, dealer, winner, winner is not None)


def _read_cards(value: Any, what: str, size: int) -> tuple[Card, ...]:
    if not isinstance(value, list) or len(value) != size:
        raise ValueError(f"{what} must be a list of {size} cards")
    return tuple(parse_card(str(c)) for c in value)


COURT_CIRCULAR = CourtCircular()
