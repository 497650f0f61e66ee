"""Contract Bridge (seed 004, ``rules/bridge.md``): auction, dummy, claims, rubber or duplicate.

Seats are N, E, S, W = 0, 1, 2, 3; side 0 is North-South. A deal goes through
four phases: the auction (calls ``1C``..``7NT``, ``pass``, ``X``, ``XX``), the
play (cards), an optional claim (``claim N`` by declarer, answered ``accept``
or ``reject`` by each defender, LHO first), and over.

Dummy: while dummy is to play, :attr:`BridgeState.turn` is dummy's seat (the
hand the card comes from, which is also what records store), but the choice
is declarer's: ``apply(card, seat=declarer)`` is accepted, ``view(declarer)``
lists dummy's cards in ``legal`` and ``view(dummy)`` lists none.

Claims: declarer may claim at any moment of the play (the PBN files end
their play that way); ``N`` counts the tricks declarer's side takes from the
tricks not yet completed, so a trick in progress is part of the claim. Claims
are not in ``legal_actions()`` (they would swamp random players); they are in
the view as ``claim``.

>>> import random
>>> rules = BRIDGE.parse_rules({"scoring": "duplicate"})
>>> state = BRIDGE.start(rules, BRIDGE.deal(rules, 0, random.Random(3)), BRIDGE.new_tally(rules))
>>> for call in ("1NT", "pass", "3NT", "pass", "pass", "pass"):
...     state = state.apply(call)
>>> state.contract_name, state.declarer, state.turn
('3NT', 0, 1)
>>> state = state.apply("claim 9", seat=0).apply("accept").apply("accept")
>>> state.result()["score"], state.result()["result"]
([400, 0], '=')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from atout._mypyc import mypyc_attr
from atout.cards import (
    CARD_BY_NAME,
    SUIT_MASKS,
    SUIT_NAMES,
    Card,
    CardSet,
    card_name,
    card_names,
    format_cards,
    mask_of,
    parse_card,
    seat_hand,
)
from atout.core import IllegalActionError, InvalidActionError, Settlement, Trick
from atout.games.bridge.auction import (
    Auction,
    IllegalCall,
    call_name,
    level_of,
    parse_call,
    strain_of,
    strain_trump,
)
from atout.games.bridge.scoring import (
    RubberTally,
    board_dealer,
    board_vulnerability,
    duplicate_score,
    finish_incomplete_rubber,
    honours,
    rubber_deal,
)
from atout.games.bridge.view import BridgeClaim, BridgeView, Phase
from atout.games.options import Option, read_options
from atout.tricks import must_follow_message
from atout.tricks import plain_winner_of_four as _trick_winner

__all__ = [
    "BRIDGE",
    "SEAT_LETTERS",
    "Bridge",
    "BridgeDeal",
    "BridgeRules",
    "BridgeState",
    "BridgeView",
    "ClaimProver",
    "DuplicateTally",
    "Phase",
    "RubberTally",
]

SEAT_LETTERS = "NESW"
SCORINGS = ("rubber", "duplicate")
_RUBBER = (("scoring", "rubber"),)
_DUPLICATE = (("scoring", "duplicate"),)
OPTIONS: Final = (
    Option("scoring", "choice", "rubber", "rubber bridge or duplicate boards", choices=SCORINGS),
    Option(
        "first_dealer",
        "seat",
        None,
        "who deals first",
        high=4,
        seat_names="NESW",
        when=_RUBBER,
        when_words="rubber scoring (in duplicate the board fixes the dealer)",
    ),
    Option(
        "boards",
        "int",
        None,
        "boards the match lasts (none: it plays on)",
        low=1,
        high=100,
        when=_DUPLICATE,
        when_words="duplicate scoring (a rubber ends at two games)",
    ),
    Option("auto_accept_proven_claims", "bool", False, "a claim the solver proves needs no answer"),
)
"""The options (``rules/bridge.md``): the lobby, the CLI and the API read them here.
``claim_prover`` is set in code, never an option."""

AUCTION: Final = 0
PLAY: Final = 1
CLAIM: Final = 2
OVER: Final = 3
_PHASES: Final[tuple[Phase, Phase, Phase, Phase]] = (
    Phase.AUCTION,
    Phase.PLAY,
    Phase.CLAIM,
    Phase.OVER,
)
"""The phases by the state's phase number (``AUCTION``, ``PLAY``, ``CLAIM``, ``OVER``)."""

ClaimProver = Callable[["BridgeState", int], bool]
"""``prover(state, n)``: True when declarer's side surely takes ``n`` of the remaining tricks."""


@dataclass(frozen=True, slots=True)
class BridgeRules:
    """The options of a game of bridge (validated by :meth:`Bridge.parse_rules`)."""

    scoring: str = "rubber"
    """``rubber`` (the seed's "100 below the line for a game") or ``duplicate`` (Law 77)."""
    first_dealer: int | None = None
    """Rubber: the first dealer's seat; ``None`` cuts at random. Duplicate boards fix it."""
    boards: int | None = None
    """Duplicate: the number of boards the match lasts; ``None`` plays on."""
    auto_accept_proven_claims: bool = False
    """Accept a claim at once when :attr:`claim_prover` proves it (the solver's hook)."""
    claim_prover: ClaimProver | None = field(default=None, compare=False, repr=False)
    """Set in code (not an option): how a claim is proven; without one only a
    claim of no further tricks, which cannot harm the defenders, is accepted at once."""

    @property
    def duplicate(self) -> bool:
        """Whether each deal is a board scored on its own."""
        return self.scoring == "duplicate"

    @property
    def session_end(self) -> None:
        """Rubbers and duplicate boards end on the rules' own terms, never on a clock."""
        return None


@dataclass(frozen=True, slots=True)
class BridgeDeal:
    """A deal as dealt. ``board`` (duplicate) fixes dealer and vulnerability by Law 2.

    ``vulnerable`` overrides the vulnerability of a duplicate board whose
    number does not say it (a PBN file that gives Vulnerable but no Board).
    """

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    board: int | None = None
    vulnerable: tuple[bool, bool] | None = None

    @property
    def fixes_dealer(self) -> bool:
        """A numbered board names its own dealer, whatever board came before it."""
        return self.board is not None

    def to_json(self) -> dict[str, Any]:
        """The record form."""
        out: dict[str, Any] = {
            "dealer": self.dealer,
            "hands": [[card_name(c) for c in h] for h in self.hands],
        }
        if self.board is not None:
            out["board"] = self.board
        if self.vulnerable is not None:
            out["vulnerable"] = _vulnerable_word(self.vulnerable)
        return out


@dataclass(frozen=True, slots=True)
class DuplicateTally:
    """Duplicate: running totals per side and the boards played."""

    totals: tuple[int, int] = (0, 0)
    boards: int = 0
    last_board: int = 0


def _vulnerable_word(vul: tuple[bool, bool]) -> str:
    return ("None", "EW", "NS", "All")[vul[0] * 2 + vul[1]]


_VULNERABLE_WORDS = {
    "NONE": (False, False),
    "-": (False, False),
    "LOVE": (False, False),
    "NS": (True, False),
    "EW": (False, True),
    "ALL": (True, True),
    "BOTH": (True, True),
}


def parse_vulnerable(text: str) -> tuple[bool, bool]:
    """``None``/``NS``/``EW``/``All`` (PBN words, also ``Both``, ``-``) to ``(NS, EW)``."""
    vul = _VULNERABLE_WORDS.get(text.strip().upper())
    if vul is None:
        raise ValueError(f"vulnerable must be None, NS, EW or All, not {text!r}")
    return vul


@mypyc_attr(acyclic=True)
class _Table:
    """What every state of one deal shares: the table's facts, and the contract once bid.

    Built at the start of the deal and again when the auction ends; every state
    of the play then refers to the same one, so a card played copies one
    reference instead of nine values. It holds the rules, the deal, the tally
    and ints, never a state: acyclic (see :mod:`atout._mypyc`). The one opening is
    :attr:`BridgeRules.claim_prover`, set in code: a prover that kept states would
    keep them (and itself) alive, as the collector cannot see through these.
    """

    __slots__ = (
        "bid",
        "board",
        "deal",
        "declarer",
        "doubled",
        "rules",
        "tally",
        "trump",
        "vulnerable",
    )

    def __init__(
        self,
        rules: BridgeRules,
        deal: BridgeDeal,
        board: int | None,
        vulnerable: tuple[bool, bool],
        tally: Any,
        declarer: int,
        bid: int,
        doubled: int,
        trump: int,
    ) -> None:
        self.rules = rules
        self.deal = deal
        self.board = board
        self.vulnerable = vulnerable
        self.tally = tally
        self.declarer = declarer
        """Declarer's seat, -1 before the auction ends with a contract."""
        self.bid = bid
        self.doubled = doubled
        self.trump = trump


@dataclass(frozen=True, slots=True)
class _Claim:
    """Declarer's claim while it awaits its answers, and once accepted."""

    tricks: int
    """The further tricks declarer's side takes."""
    resume: int
    """The seat to play should a defender reject it."""
    accepted_by: int
    """The defender who has accepted it, -1 before either has."""


@mypyc_attr(acyclic=True, free_list_len=1)
class BridgeState:
    """One deal of bridge. Immutable; ``apply`` returns a new state.

    Hands are bitmasks; the trick in progress is packed in an int (see
    :func:`_trick_cards`; :attr:`trick` gives its tuple); finished tricks are
    ``(leader, cards, winner)`` tuples. What does not change from move to move
    is in one shared :class:`_Table`. A state never refers to itself, nor does
    anything it holds: acyclic, and compiled one freed state is kept for the
    next (see :mod:`atout._mypyc`).

    It has no ``__init__``: its makers (:meth:`first`, ``apply``) store every slot
    of an empty ``BridgeState()``. In pure Python a class without ``__init__`` is
    built in C, with no Python frame to pass a dozen values through (about 7% of
    a card played); compiled, it is no slower.
    """

    __slots__ = (
        "_auction",
        "_claim",
        "_done",
        "_hands",
        "_leader",
        "_legal",
        "_phase",
        "_table",
        "_trick",
        "_turn",
        "_won",
    )

    _table: _Table
    _hands: tuple[CardSet, CardSet, CardSet, CardSet]
    _auction: Auction
    _phase: int
    _turn: int
    _leader: int
    _trick: int
    _won: tuple[int, int]
    _done: tuple[tuple[int, tuple[Card, ...], int], ...]
    _claim: _Claim | None
    _legal: tuple[str, ...] | None

    @staticmethod
    def first(
        rules: BridgeRules,
        deal: BridgeDeal,
        board: int | None,
        vulnerable: tuple[bool, bool],
        tally: Any,
    ) -> BridgeState:
        """The deal before the first call."""
        h0, h1, h2, h3 = (mask_of(h) for h in deal.hands)
        state = BridgeState()
        state._table = _Table(rules, deal, board, vulnerable, tally, -1, -1, 0, -1)
        state._hands = (h0, h1, h2, h3)
        state._auction = Auction.start(deal.dealer)
        state._phase = AUCTION
        state._turn = deal.dealer
        state._leader = -1
        state._trick = 0
        state._won = (0, 0)
        state._done = ()
        state._claim = None
        state._legal = None
        return state

    def _copy(self) -> BridgeState:
        """A copy for ``apply`` to change before anyone else sees it."""
        new = BridgeState()
        new._table = self._table
        new._hands = self._hands
        new._auction = self._auction
        new._phase = self._phase
        new._turn = self._turn
        new._leader = self._leader
        new._trick = self._trick
        new._won = self._won
        new._done = self._done
        new._claim = self._claim
        new._legal = None
        return new

    # Reading the state.

    @property
    def rules(self) -> BridgeRules:
        """The rules this deal is played under."""
        return self._table.rules

    @property
    def deal(self) -> BridgeDeal:
        """The deal as dealt."""
        return self._table.deal

    @property
    def board(self) -> int | None:
        """The duplicate board's number, ``None`` in rubber."""
        return self._table.board

    @property
    def vulnerable(self) -> tuple[bool, bool]:
        """Whether NS and EW are vulnerable."""
        return self._table.vulnerable

    @property
    def tally(self) -> Any:
        """The score sheet before this deal (a :class:`RubberTally` or :class:`DuplicateTally`)."""
        return self._table.tally

    @property
    def turn(self) -> int | None:
        """The seat to act (dummy's seat when a dummy card is due), or ``None`` once over."""
        return None if self._phase == OVER else self._turn

    @property
    def phase(self) -> Phase:
        """Auction, play, claim (declarer's claim awaits an answer) or over."""
        return _PHASES[self._phase]

    @property
    def auction(self) -> Auction:
        """The auction (over once play has begun)."""
        return self._auction

    @property
    def declarer(self) -> int | None:
        """Declarer's seat, once the auction has ended with a contract."""
        declarer = self._table.declarer
        return None if declarer < 0 else declarer

    @property
    def dummy(self) -> int | None:
        """Dummy's seat (declarer's partner), once there is a contract."""
        declarer = self._table.declarer
        return None if declarer < 0 else (declarer + 2) % 4

    @property
    def contract_name(self) -> str | None:
        """The contract, e.g. ``4SX``, once the auction is over."""
        return self._auction.contract_name() if self._table.declarer >= 0 else None

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken by NS and EW (an accepted claim included)."""
        return self._won

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, in the order played from its leader."""
        return _trick_cards(self._trick)

    @property
    def leader(self) -> int:
        """Who led (or leads) the trick in progress (-1 before the play)."""
        return self._leader

    @property
    def actor(self) -> int | None:
        """The seat that chooses now: declarer when dummy is to play."""
        if self._phase == OVER:
            return None
        declarer = self._table.declarer
        if self._phase == PLAY and self._turn == (declarer + 2) % 4:
            return declarer
        return self._turn

    @property
    def completed_tricks(self) -> tuple[tuple[int, tuple[Card, ...], int], ...]:
        """The finished tricks as ``(leader, cards, winner)``, cards in the order played.

        The tuple is shared with later states (each trick appends one entry),
        so readers may cache what they derive from it by its length.
        """
        return self._done

    @property
    def bid(self) -> int:
        """The contract's bid (call code ``0..34``: ``(level - 1) * 5 + strain``), or -1
        before the auction ends with one."""
        return self._table.bid

    @property
    def doubled(self) -> int:
        """The contract undoubled (0), doubled (1) or redoubled (2)."""
        return self._table.doubled

    @property
    def trump_suit(self) -> int:
        """The trump suit (0..3, ``cards`` numbering) of the contract; -1 at no-trumps and
        before there is a contract."""
        return self._table.trump

    @property
    def claimed_tricks(self) -> int | None:
        """The tricks declarer claims (the claim pending, or accepted), else ``None``."""
        return None if self._claim is None else self._claim.tricks

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now."""
        return seat_hand(self._hands, seat)

    def look(
        self,
    ) -> tuple[
        object,
        int,
        tuple[CardSet, ...],
        int | None,
        int,
        tuple[Card, ...],
        tuple[tuple[int, tuple[Card, ...], int], ...],
        tuple[int, int],
        int | None,
        CardSet,
    ]:
        """What an observer reads of the state at every look, in one call: ``(contract,
        phase, hands, turn, leader, trick, tricks, won, claim, playable)``.

        ``contract`` is a key, the same object for every state of one deal from the end
        of its auction on (their :attr:`deal`, :attr:`auction`, :attr:`bid`,
        :attr:`doubled`, :attr:`declarer` are the same: an observer reads them again only
        when the key changes; every state of the auction has the deal's first key);
        ``phase`` is the index of :attr:`phase` in :class:`Phase` (0 auction .. 3 over);
        ``hands`` are the four hands (the observer shows a seat its own, and dummy's once
        face up); then :attr:`turn`, :attr:`leader`, :attr:`trick`,
        :attr:`completed_tricks`, :attr:`tricks_won`, :attr:`claimed_tricks` and
        :meth:`playable_cards`. A dozen accessor calls cost an environment step more than
        the engine's action does.
        """
        # As a tuple of any length: compiled, indexing it by a seat boxes no tuple of four.
        hands: tuple[CardSet, ...] = self._hands
        phase = self._phase
        turn = self._turn
        packed = self._trick
        # _trick_cards(packed), written out: one call less at every look.
        count = packed & 3
        trick: tuple[Card, ...] = ()
        playable = 0
        if phase == PLAY:
            h0, h1, h2, h3 = hands  # not seat_hand: no call on the hot path
            playable = h0 if turn == 0 else h1 if turn == 1 else h2 if turn == 2 else h3
            if count:
                first = packed >> 2 & 63
                playable = playable & SUIT_MASKS[first // 13] or playable
                if count == 1:
                    trick = (first,)
                elif count == 2:
                    trick = (first, packed >> 8 & 63)
                else:
                    trick = (first, packed >> 8 & 63, packed >> 14 & 63)
        elif count:
            trick = _trick_cards(packed)
        claim = self._claim
        return (
            self._table,
            phase,
            hands,
            None if phase == OVER else turn,
            self._leader,
            trick,
            self._done,
            self._won,
            None if claim is None else claim.tricks,
            playable,
        )

    def is_over(self) -> bool:
        """All 13 tricks played, a claim accepted, or the deal passed out."""
        return self._phase == OVER

    def is_passed_out(self) -> bool:
        """All four passed: no contract, no play."""
        return self._auction.is_passed_out()

    def dummy_shown(self) -> bool:
        """Dummy is face up from the opening lead on."""
        return self._table.declarer >= 0 and (bool(self._done) or self._trick != 0)

    def remaining_tricks(self) -> int:
        """Tricks not yet completed (the one in progress included)."""
        return 13 - len(self._done)

    def declarer_tricks(self) -> int | None:
        """Tricks taken by declarer's side."""
        declarer = self._table.declarer
        return None if declarer < 0 else self._won[declarer % 2]

    # Legal actions.

    def legal_actions(self) -> tuple[str, ...]:
        """Calls (pass, X, XX, bids ascending), cards (suit, then rank), or accept/reject."""
        legal = self._legal
        if legal is None:
            phase = self._phase
            if phase == PLAY:
                turn = self._turn
                h0, h1, h2, h3 = self._hands  # not seat_hand: no call on the hot path
                hand = h0 if turn == 0 else h1 if turn == 1 else h2 if turn == 2 else h3
                trick = self._trick
                if trick:
                    led = (trick >> 2 & 63) // 13
                    legal = SUIT_NAMES[led][hand >> 13 * led & 0x1FFF] or card_names(hand)
                else:
                    legal = card_names(hand)
            elif phase == AUCTION:
                legal = self._auction.legal_call_names()
            elif phase == CLAIM:
                legal = ("accept", "reject")
            else:
                legal = ()
            self._legal = legal
        return legal

    def playable_cards(self) -> CardSet:
        """The cards the hand to play may play now (following suit), 0 outside the play."""
        if self._phase != PLAY:
            return 0
        return self._playable(self._turn)

    def _playable(self, seat: int) -> CardSet:
        hand = seat_hand(self._hands, seat)
        if not self._trick:
            return hand
        return hand & SUIT_MASKS[(self._trick >> 2 & 63) // 13] or hand

    # Acting.
    # Acting.

    def apply(self, action: str, seat: int | None = None) -> BridgeState:
        """The state after ``seat`` (default: the seat to act) takes ``action``.

        For dummy's cards ``seat`` may be dummy's seat or declarer's.
        """
        phase = self._phase
        card = _CARDS.get(action) if phase == PLAY else None
        if card is None:
            if phase == AUCTION and (seat is None or seat == self._turn):
                call = _CALL_BY_NAME.get(action)
                if call is not None:
                    return self._call(call)
            return self._apply_other(action, seat)
        turn = self._turn
        if seat is not None and seat != turn:
            declarer = self._table.declarer
            if not (seat == declarer and turn == (seat + 2) % 4):
                raise IllegalActionError(self._not_your_turn(seat))
        # The hands unpacked, the player's replaced: no boxing when compiled.
        h0, h1, h2, h3 = self._hands
        hand = h0 if turn == 0 else h1 if turn == 1 else h2 if turn == 2 else h3
        rest = hand ^ 1 << card
        trick = self._trick
        count = trick & 3
        # Xoring a card's bit lowers the hand only if the hand holds it; a card off the
        # suit led is refused while the hand holds that suit. (Fewer int operations than
        # computing the playable cards: this is the hot path of every engine loop.)
        if rest > hand:
            raise IllegalActionError(self._refusal(turn, card))
        if count:
            led = (trick >> 2 & 63) // 13
            if card // 13 != led and hand & SUIT_MASKS[led]:
                raise IllegalActionError(self._refusal(turn, card))
        if turn == 0:
            h0 = rest
        elif turn == 1:
            h1 = rest
        elif turn == 2:
            h2 = rest
        else:
            h3 = rest
        new = BridgeState()
        new._table = self._table
        new._hands = (h0, h1, h2, h3)
        new._auction = self._auction
        new._claim = self._claim
        new._legal = None
        if count < 3:
            new._phase = PLAY
            new._turn = (turn + 1) % 4
            new._leader = self._leader
            new._trick = (trick | card << 6 * count + 2) + 1
            new._won = self._won
            new._done = self._done
            return new
        # The fourth card closes the trick: its winner leads; the 13th trick ends the deal.
        first = trick >> 2 & 63
        second = trick >> 8 & 63
        third = trick >> 14 & 63
        full = (first, second, third, card)
        leader = self._leader
        winner = (leader + _trick_winner(first, second, third, card, self._table.trump)) % 4
        ns, ew = self._won
        if winner & 1:
            ew += 1
        else:
            ns += 1
        done = self._done + ((leader, full, winner),)
        new._phase = OVER if len(done) == 13 else PLAY
        new._turn = winner
        new._leader = winner
        new._trick = 0
        new._won = (ns, ew)
        new._done = done
        return new

    def _not_your_turn(self, seat: int) -> str:
        turn = self._turn
        name = SEAT_LETTERS[turn]
        if self._phase == PLAY and turn == (self._table.declarer + 2) % 4:
            return f"not {SEAT_LETTERS[seat]}'s turn: declarer plays from dummy ({name})"
        return f"not {SEAT_LETTERS[seat]}'s turn: {name} is to act"

    def _refusal(self, seat: int, card: Card) -> str:
        hand = seat_hand(self._hands, seat)
        if not hand >> card & 1:
            whose = "dummy does" if seat == (self._table.declarer + 2) % 4 else "you do"
            return f"{whose} not hold {card_name(card)}"
        return must_follow_message(hand, (self._trick >> 2 & 63) // 13)

    def _apply_other(self, action: str, seat: int | None) -> BridgeState:
        phase = self._phase
        if phase == OVER:
            raise IllegalActionError("the deal is over")
        if phase == AUCTION:
            return self._make_call(action, seat)
        words = action.strip().lower().split()
        if not words:
            raise InvalidActionError("empty action")
        if words[0] == "claim":
            return self._make_claim(words, seat)
        if words[0] in ("accept", "reject") and len(words) == 1:
            return self._answer_claim(words[0] == "accept", seat)
        if phase == CLAIM:
            raise IllegalActionError(
                f"declarer has claimed: {SEAT_LETTERS[self._turn]} must accept or reject"
            )
        # A card first: input is case-insensitive, and "2c" or "7s" is a card here, not a
        # late bid (the same letters name a call only while the auction lasts).
        try:
            card = parse_card(action)
        except ValueError:
            if _is_call(action):
                raise IllegalActionError(
                    f"the auction is over: the contract is {self.contract_name}"
                ) from None
            # Not "not a card": in play, declarer may also claim, so say both forms.
            raise InvalidActionError(
                f"unknown action {action.strip()!r}: play a card (rank then suit, e.g. 7S,"
                " 10h) or, as declarer, claim N (the further tricks you take)"
            ) from None
        return self.apply(card_name(card), seat)

    def _make_call(self, action: str, seat: int | None) -> BridgeState:
        try:
            call = parse_call(action)
        except ValueError as error:
            if action.strip().upper() in CARD_BY_NAME:
                raise IllegalActionError("the auction is not over: make a call") from None
            raise InvalidActionError(str(error)) from None
        if seat is not None and seat != self._turn:
            raise IllegalActionError(self._not_your_turn(seat))
        return self._call(call)

    def _call(self, call: int) -> BridgeState:
        """The state after the seat to act makes ``call`` (a call code) in the auction."""
        try:
            auction = self._auction.call(call)
        except IllegalCall as error:
            raise IllegalActionError(str(error)) from None
        table = self._table
        new = self._copy()
        new._auction = auction
        if not auction.is_over():  # the auction goes on: nothing else changes
            new._turn = (self._turn + 1) % 4
            return new
        new._turn = auction.turn
        if auction.is_passed_out():
            new._phase = OVER
        else:
            declarer = auction.declarer()
            assert declarer is not None
            bid = auction.last_bid
            new._table = _Table(
                table.rules,
                table.deal,
                table.board,
                table.vulnerable,
                table.tally,
                declarer,
                bid,
                auction.doubled,
                strain_trump(strain_of(bid)),
            )
            new._phase = PLAY
            new._leader = new._turn = (declarer + 1) % 4
        return new

    def _make_claim(self, words: list[str], seat: int | None) -> BridgeState:
        if len(words) != 2 or not words[1].isdigit():
            raise InvalidActionError("write claim N, N being the further tricks declarer takes")
        if self._phase != PLAY:
            raise IllegalActionError("a claim is already on the table")
        declarer = self._table.declarer
        if seat is None or (seat == (declarer + 2) % 4 and self._turn == seat):
            # Dummy's seat, in dummy's turn, is declarer acting for dummy. (atout's records
            # name declarer for a claim: a claim is not one of dummy's legal actions.)
            seat = self.actor
        if seat != declarer:
            raise IllegalActionError("only declarer may claim")
        count = int(words[1])
        remaining = self.remaining_tricks()
        if count > remaining:
            raise IllegalActionError(f"only {remaining} tricks remain to be played")
        new = self._copy()
        new._claim = _Claim(count, self._turn, -1)
        if self._table.rules.auto_accept_proven_claims and self._claim_is_proven(count):
            new._settle_claim()
            return new
        new._phase = CLAIM
        new._turn = (declarer + 1) % 4
        return new

    def _claim_is_proven(self, count: int) -> bool:
        """The hook for the solver: a claim it proves needs no answer from the defenders."""
        prover = self._table.rules.claim_prover
        if prover is None:
            return count == 0
        return prover(self, count)

    def _answer_claim(self, accept: bool, seat: int | None) -> BridgeState:
        """A defender accepts or rejects the claim; both must accept (Law 69).

        ``turn`` offers the answer to declarer's LHO first, then to his RHO,
        but a seat that is named may answer in either order: records made
        elsewhere need not put LHO's answer first.
        """
        if self._phase != CLAIM:
            raise IllegalActionError("there is no claim to answer")
        declarer = self._table.declarer
        defenders = ((declarer + 1) % 4, (declarer + 3) % 4)
        claim = self._claim
        assert claim is not None
        who = self._turn if seat is None else seat
        if who not in defenders or who == claim.accepted_by:
            raise IllegalActionError(self._not_your_turn(who))
        new = self._copy()
        if not accept:
            new._phase = PLAY
            new._turn = claim.resume
            new._claim = None
        elif claim.accepted_by < 0:
            new._claim = _Claim(claim.tricks, claim.resume, who)
            new._turn = defenders[1] if who == defenders[0] else defenders[0]
        else:
            new._settle_claim()
        return new

    def _settle_claim(self) -> None:
        assert self._claim is not None
        claimed = self._claim.tricks
        side = self._table.declarer % 2
        rest = self.remaining_tricks() - claimed
        won = [self._won[0], self._won[1]]
        won[side] += claimed
        won[1 - side] += rest
        self._won = (won[0], won[1])
        self._phase = OVER

    # Scoring.

    def points(self) -> tuple[int, int]:
        """What NS and EW score for this deal (0-0 until it is over, and when passed out).

        Duplicate: the Law 77 score in the scoring side's column. Rubber:
        everything the deal puts above and below the line, the rubber bonus
        included.
        """
        if self._phase != OVER or self._table.declarer < 0:
            return (0, 0)
        if self._table.rules.duplicate:
            side = self._table.declarer % 2
            score = duplicate_score(
                level_of(self._table.bid),
                strain_of(self._table.bid),
                self._table.doubled,
                self._table.vulnerable[side],
                self._won[side],
            )
            points = [0, 0]
            if score >= 0:
                points[side] = score
            else:
                points[1 - side] = -score
            return (points[0], points[1])
        honour = self._honours()
        won = self._won[self._table.declarer % 2]
        return rubber_deal(self._table.tally, self._rubber_contract(), won, honour)[1]

    def _rubber_contract(self) -> tuple[int, int, int, int] | None:
        if self._table.declarer < 0:
            return None
        table = self._table
        return (level_of(table.bid), strain_of(table.bid), table.doubled, table.declarer)

    def _honours(self) -> tuple[int, int] | None:
        if self._table.declarer < 0:
            return None
        return honours([mask_of(h) for h in self._table.deal.hands], strain_of(self._table.bid))

    # Views and summaries.

    def out_of_turn_actions(self, seat: int | None) -> tuple[str, ...]:
        """Nothing is offered out of turn: a claim and its answers come in turn."""
        return ()

    def tricks(self) -> list[Trick]:
        """The completed tricks, in order."""
        return [
            Trick(leader, tuple(card_name(c) for c in cards), winner)
            for leader, cards, winner in self._done
        ]

    def typed_view(self, seat: int | None) -> BridgeView:
        """What ``seat`` may know (``None``: a spectator, who sees only dummy), typed."""
        phase = self._phase
        declarer = self._table.declarer
        dummy = None if declarer < 0 else (declarer + 2) % 4
        hands = self._hands
        trick = _trick_cards(self._trick)
        # Dummy is faced after the opening lead; a claim faces declarer's hand (Law 68),
        # and dummy's with it should declarer claim before the lead.
        shown = declarer >= 0 and (bool(self._done) or bool(trick) or phase == CLAIM)
        turn = self._turn
        if phase == OVER:
            acting = None
        elif phase == PLAY and turn == dummy:
            acting = declarer
        else:
            acting = turn
        claim = None
        if self._claim is not None:
            faced = hands[declarer] if phase == CLAIM else None
            claim = BridgeClaim(declarer, self._claim.tricks, faced)
        h0, h1, h2, h3 = hands
        return BridgeView(
            seat,
            self._table.rules.scoring,
            _PHASES[phase],
            self._table.deal.dealer,
            self._table.board,
            None if phase == OVER else turn,
            0 if seat is None else hands[seat],
            hands[dummy] if shown and dummy is not None else None,
            dummy,
            (h0.bit_count(), h1.bit_count(), h2.bit_count(), h3.bit_count()),
            self._auction,
            self._auction.contract_name() if declarer >= 0 else None,
            self._table.bid if declarer >= 0 else None,
            self._table.doubled if declarer >= 0 else 0,
            None if declarer < 0 else declarer,
            self._table.vulnerable,
            self._leader if self._leader >= 0 else None,
            trick,
            self._won,
            self._done,
            claim,
            phase == PLAY and seat is not None and seat == declarer,
            self.legal_actions() if seat is not None and seat == acting else (),
            self.result() if phase == OVER else None,
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        """The JSON form of :meth:`typed_view` (the wire, records, the terminal)."""
        return self.typed_view(seat).to_json()

    def result(self) -> dict[str, Any]:
        """Contract, declarer, tricks, ``+1``/``=``/``-2``, score ``[NS, EW]`` (once over)."""
        declarer = self.declarer
        out: dict[str, Any] = {
            "contract": self.contract_name,
            "declarer": None if declarer is None else SEAT_LETTERS[declarer],
            "declarer_seat": declarer,
            "passed_out": self.is_passed_out(),
            "tricks": self.declarer_tricks(),
            "tricks_won": list(self._won),
            "result": None,
            "vulnerable": list(self._table.vulnerable),
            "claimed": self._claim is not None and self._phase == OVER,
            "score": list(self.points()) if self._phase == OVER else None,
        }
        if self._table.board is not None:
            out["board"] = self._table.board
        if declarer is not None and self._phase == OVER:
            over = self._won[declarer % 2] - level_of(self._table.bid) - 6
            out["result"] = "=" if over == 0 else f"{over:+d}"
        return out

    def __repr__(self) -> str:
        hands = " / ".join(format_cards(h) for h in self._hands)
        return f"<BridgeState {self.phase} turn={self.turn} contract={self.contract_name} {hands}>"


def _trick_cards(packed: int) -> tuple[Card, ...]:
    """The cards of a trick in progress from its packed form: the count of cards played
    (0..3) in the low two bits, then each card in six bits, the leader's first.

    An int, not a tuple, so that a card played to a trick allocates nothing for it.

    >>> _trick_cards(0), _trick_cards(1 | 5 << 2), _trick_cards(3 | 5 << 2 | 51 << 8 | 0 << 14)
    ((), (5,), (5, 51, 0))
    """
    count = packed & 3
    if count == 0:
        return ()
    first = packed >> 2 & 63
    if count == 1:
        return (first,)
    if count == 2:
        return (first, packed >> 8 & 63)
    return (first, packed >> 8 & 63, packed >> 14 & 63)


_CALL_BY_NAME: Final[dict[str, int]] = {call_name(c): c for c in range(38)}
"""The canonical names of the calls to their codes: the fast path of ``apply``."""


def _is_call(text: str) -> bool:
    try:
        parse_call(text)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class Bridge:
    """The game object: options, dealing, scoring."""

    id: str = "bridge"
    title: str = "Contract Bridge"
    players: int = 4
    sides: int = 2
    home_seat: int = 2
    """A person sits South by default, as on BBO and in books."""
    option_specs: tuple[Option, ...] = field(default=OPTIONS)

    def parse_rules(self, options: Mapping[str, Any]) -> BridgeRules:
        """Validate options (see :class:`BridgeRules`)."""
        values = read_options(OPTIONS, options, self.id)
        return BridgeRules(
            values["scoring"],
            values["first_dealer"],
            values["boards"],
            values["auto_accept_proven_claims"],
        )

    def rules_to_json(self, rules: BridgeRules) -> dict[str, Any]:
        """The options that differ from the defaults (scoring always stated)."""
        out: dict[str, Any] = {"scoring": rules.scoring}
        if rules.first_dealer is not None:
            out["first_dealer"] = rules.first_dealer
        if rules.boards is not None:
            out["boards"] = rules.boards
        if rules.auto_accept_proven_claims:
            out["auto_accept_proven_claims"] = True
        return out

    def new_tally(self, rules: BridgeRules) -> RubberTally | DuplicateTally:
        """An empty rubber sheet, or no boards played."""
        return DuplicateTally() if rules.duplicate else RubberTally()

    def first_dealer(
        self, rules: BridgeRules, rng: random.Random, *, host: int | None = None
    ) -> int:
        """Duplicate: North deals board 1. Rubber: the option's seat, or a cut."""
        if rules.duplicate:
            return board_dealer(1)
        return rng.randrange(4) if rules.first_dealer is None else rules.first_dealer

    def deal(self, rules: BridgeRules, dealer: int, rng: random.Random) -> BridgeDeal:
        """Shuffle and deal one card at a time, clockwise from the dealer's left."""
        deck = list(range(52))
        rng.shuffle(deck)
        hands: list[list[Card]] = [[], [], [], []]
        for i, card in enumerate(deck):
            hands[(dealer + 1 + i) % 4].append(card)
        return BridgeDeal(dealer, tuple(tuple(h) for h in hands))

    def layout_from_json(self, rules: BridgeRules, data: Mapping[str, Any]) -> BridgeDeal:
        """Read a record's deal: four hands of 13 distinct cards, the dealer, the board."""
        board = data.get("board")
        if board is not None and (type(board) is not int or board < 1):
            raise ValueError(f"board must be a number >= 1, not {board!r}")
        dealer = data.get("dealer")
        if dealer is None and board is not None:
            dealer = board_dealer(board)
        if type(dealer) is not int or not 0 <= dealer <= 3:
            raise ValueError(f"dealer must be a seat 0..3, not {dealer!r}")
        if board is not None and dealer != board_dealer(board):
            raise ValueError(
                f"board {board} is dealt by {SEAT_LETTERS[board_dealer(board)]} (Law 2), "
                f"not {SEAT_LETTERS[dealer]}"
            )
        vul_text = data.get("vulnerable")
        vulnerable: tuple[bool, bool] | None = None
        if (
            isinstance(vul_text, list)
            and len(vul_text) == 2
            and all(type(v) is bool for v in vul_text)
        ):
            vulnerable = (vul_text[0], vul_text[1])  # the views' [NS, EW] form
        elif vul_text is not None:
            vulnerable = parse_vulnerable(str(vul_text))
        if (
            board is not None
            and vulnerable is not None
            and vulnerable != board_vulnerability(board)
        ):
            # Like the dealer, the board number fixes vulnerability (Law 2): a record
            # that says otherwise contradicts itself.
            raise ValueError(
                f"board {board} is {_vulnerable_word(board_vulnerability(board))} "
                f"vulnerable (Law 2), not {_vulnerable_word(vulnerable)}"
            )
        return BridgeDeal(dealer, _parse_hands(data.get("hands")), board, vulnerable)

    def start(self, rules: BridgeRules, layout: Any, tally: Any) -> BridgeState:
        """The deal before the first call, with vulnerability from the board or the rubber."""
        assert isinstance(layout, BridgeDeal)
        if rules.duplicate:
            assert isinstance(tally, DuplicateTally)
            board = layout.board if layout.board is not None else tally.last_board + 1
            fixed = layout.board is not None or layout.vulnerable is not None
            if not fixed and layout.dealer != board_dealer(board):
                raise ValueError(f"board {board} is dealt by {SEAT_LETTERS[board_dealer(board)]}")
            vulnerable = layout.vulnerable or board_vulnerability(board)
            return BridgeState.first(rules, layout, board, vulnerable, tally)
        assert isinstance(tally, RubberTally)
        if layout.vulnerable is not None and layout.vulnerable != tally.vulnerable:
            # In rubber the games won fix vulnerability: a record stating another one
            # was scored by other rules, so it is refused rather than silently rescored.
            raise ValueError(
                f"the rubber makes this deal {_vulnerable_word(tally.vulnerable)} vulnerable, "
                f"not {_vulnerable_word(layout.vulnerable)}"
            )
        return BridgeState.first(rules, layout, None, tally.vulnerable, tally)

    def settle(
        self, rules: BridgeRules, tally: Any, state: Any, *, time_up: bool = False
    ) -> Settlement:
        """Score a finished deal; a rubber ends at two games (or, when time is up, by Law 80)."""
        assert isinstance(state, BridgeState)
        dealer = state.deal.dealer
        if rules.duplicate:
            assert isinstance(tally, DuplicateTally) and state.board is not None
            points = state.points()
            totals = (tally.totals[0] + points[0], tally.totals[1] + points[1])
            new = DuplicateTally(totals, tally.boards + 1, state.board)
            over = time_up or (rules.boards is not None and new.boards >= rules.boards)
            return Settlement(
                points, new, board_dealer(state.board + 1), _leader(totals, over), over
            )
        assert isinstance(tally, RubberTally)
        sheet, points = rubber_deal(
            tally,
            state._rubber_contract(),
            state.declarer_tricks() or 0,
            state._honours(),
        )
        over = sheet.is_over
        if time_up and not over:
            sheet, extra = finish_incomplete_rubber(sheet)
            points = (points[0] + extra[0], points[1] + extra[1])
            over = True
        return Settlement(points, sheet, (dealer + 1) % 4, _leader(sheet.totals, over), over)

    def tally_view(self, rules: BridgeRules, tally: Any) -> dict[str, Any]:
        """The score sheet: above/below the line and games (rubber), or totals (duplicate)."""
        if isinstance(tally, DuplicateTally):
            return {
                "scoring": "duplicate",
                "totals": list(tally.totals),
                "boards": tally.boards,
                "last_board": tally.last_board,
            }
        return {
            "scoring": "rubber",
            "below": list(tally.below),
            "below_total": list(tally.below_total),
            "above": list(tally.above),
            "games": list(tally.games),
            "vulnerable": list(tally.vulnerable),
            "totals": list(tally.totals),
            "deals": tally.deals,
        }


def _leader(totals: tuple[int, int], over: bool) -> int | None:
    if not over or totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def _parse_hands(hands: Any) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(hands, list) or len(hands) != 4:
        raise ValueError("hands must be a list of four hands")
    parsed = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list) or len(hand) != 13:
            raise ValueError(f"{SEAT_LETTERS[seat]}'s hand must hold 13 cards")
        cards = tuple(parse_card(str(c)) for c in hand)
        if 52 in cards:
            raise ValueError("bridge has no joker")
        parsed.append(cards)
    if mask_of(c for h in parsed for c in h).bit_count() != 52:
        raise ValueError("the four hands must hold 52 different cards")
    return tuple(parsed)


BRIDGE = Bridge()

_CARDS: Final[dict[str, Card]] = CARD_BY_NAME
"""``CARD_BY_NAME`` under a name of this module, read by ``apply`` on every action: measured
in CPython 3.11 (callgrind, fixed hash seed, pure install) it costs about 3% fewer
instructions an action than the imported name, though both compile to the same
specialized instructions; the interpreter's reason was not pinned down."""
