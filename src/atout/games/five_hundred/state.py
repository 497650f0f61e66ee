"""One deal of Five Hundred: auction, kitty, play; views and the deal's result."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any, Final

from atout._mypyc import mypyc_attr
from atout.cards import (
    CARD_BY_NAME,
    JOKER,
    SUIT_NAMES,
    Card,
    CardSet,
    Suit,
    card_name,
    card_names,
    cards_of,
    format_cards,
    mask_of,
    parse_card,
    parse_suit,
    seat_hand,
)
from atout.core import IllegalActionError, InvalidActionError, Trick
from atout.games._json import CARD_NAMES
from atout.games.five_hundred.discards import Discards
from atout.games.five_hundred.rules import (
    CALL_NAMES,
    CALL_RANK,
    CALLS_BY_RANK,
    DECK,
    JOKER_SUIT,
    MISERE,
    NT,
    OPEN_MISERE,
    PASS,
    FiveHundredRules,
    Phase,
    call_value,
    contract_order,
    hand_points,
    parse_call,
)
from atout.games.five_hundred.view import SUITS, FiveHundredContract, FiveHundredView
from atout.tricks import TrickOrder

__all__ = ["FiveHundredDeal", "FiveHundredState"]

_NO_TRUMPS: Final = contract_order(NT)
_AUCTION: Final = Phase.AUCTION
_KITTY: Final = Phase.KITTY
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER


@dataclass(frozen=True, slots=True)
class FiveHundredDeal:
    """A deal as dealt: ``hands[s]`` in the order received, and the kitty."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]

    @property
    def fixes_dealer(self) -> bool:
        """The deal rotates: whoever the rotation names deals it."""
        return False

    def to_json(self) -> dict[str, Any]:
        """The record form (``dealer``, ``hands``, ``kitty``)."""
        return {
            "dealer": self.dealer,
            "hands": [[card_name(c) for c in h] for h in self.hands],
            "kitty": [card_name(c) for c in self.kitty],
        }


@mypyc_attr(acyclic=True)
class _Table:
    """What the states of one deal share: the rules, the deal, the auction and the contract.

    Made at the start of the deal, at each call of the auction, when it ends, at
    the discard and when the deal ends; every state of the play refers to the same
    one, so a card played copies one reference instead of eleven values (the copy
    of every field was most of a card's cost). ``follow``, ``suit``, ``keys``,
    ``next_seat`` and ``size`` spell the contract out for ``apply``: the trick
    order's tables (``keys``: :data:`_TRICK_KEYS`), the seat after each seat in
    playing order (passing over a misère partner) and the cards in a trick. It
    holds the rules, the deal, tuples and ints, never a state: acyclic (see
    :mod:`atout._mypyc`).
    """

    __slots__ = (
        "auction",
        "deal",
        "discards",
        "follow",
        "high",
        "high_seat",
        "keys",
        "leader",
        "next_seat",
        "order",
        "passed",
        "phase",
        "rules",
        "size",
        "skip",
        "suit",
    )

    rules: FiveHundredRules
    deal: FiveHundredDeal
    phase: Phase
    auction: tuple[tuple[int, int], ...]
    passed: int
    """Bit ``seat`` set where a seat has passed."""
    high: int
    """The highest bid's code (the contract's once the auction is over), or -1."""
    high_seat: int
    """Who made it (the contractor), or -1."""
    order: TrickOrder
    skip: int
    """The misère contractor's partner, who never plays, or -1."""
    discards: CardSet
    leader: int
    """Who leads the first trick, -1 before the discard."""
    follow: tuple[CardSet, ...]
    suit: tuple[int, ...]
    keys: tuple[tuple[int, ...], ...]
    next_seat: tuple[int, ...]
    size: int

    def called(
        self,
        phase: Phase,
        auction: tuple[tuple[int, int], ...],
        passed: int,
        high: int,
        high_seat: int,
    ) -> _Table:
        """The table after a call of the auction that does not win it: the auction's fields
        given, the rest copied (no contract yet: the order and what it spells out stay)."""
        table = _Table()
        table.rules = self.rules
        table.deal = self.deal
        table.phase = phase
        table.auction = auction
        table.passed = passed
        table.high = high
        table.high_seat = high_seat
        table.order = self.order
        table.skip = self.skip
        table.discards = self.discards
        table.leader = self.leader
        table.follow = self.follow
        table.suit = self.suit
        table.keys = self.keys
        table.next_seat = self.next_seat
        table.size = self.size
        return table

    def ended(self) -> _Table:
        """This table with the deal over (the last trick played, or misère lost)."""
        return _table(
            self.rules,
            self.deal,
            _OVER,
            self.auction,
            self.passed,
            self.high,
            self.high_seat,
            self.order,
            self.skip,
            self.discards,
            self.leader,
        )


def _table(
    rules: FiveHundredRules,
    deal: FiveHundredDeal,
    phase: Phase,
    auction: tuple[tuple[int, int], ...],
    passed: int,
    high: int,
    high_seat: int,
    order: TrickOrder,
    skip: int,
    discards: CardSet,
    leader: int,
) -> _Table:
    """A table with every field given, those of the contract derived from ``order`` and
    ``skip``. :class:`_Table` has no ``__init__``, as :class:`FiveHundredState` (the class
    call with one ran Python code on every call of the auction; pure, with ``_BIDDABLE``:
    12.9k -> 11.4k instructions a call); :meth:`_Table.called` copies the contract's fields."""
    table = _Table()
    table.rules = rules
    table.deal = deal
    table.phase = phase
    table.auction = auction
    table.passed = passed
    table.high = high
    table.high_seat = high_seat
    table.order = order
    table.skip = skip
    table.discards = discards
    table.leader = leader
    table.follow = order.follow
    table.suit = order.suit
    table.keys = _TRICK_KEYS[order.trump]
    table.next_seat = _NEXT_SEAT[skip + 1]
    table.size = 3 if skip >= 0 else 4
    return table


def _contract_table(
    rules: FiveHundredRules,
    deal: FiveHundredDeal,
    phase: Phase,
    auction: tuple[tuple[int, int], ...],
    passed: int,
    high: int,
    contractor: int,
    leader: int,
) -> _Table:
    """The table once ``high`` is the contract: its strain fixes the trick order, and in
    misère the contractor's partner sits out (no discards yet)."""
    misere = high >= MISERE
    return _table(
        rules,
        deal,
        phase,
        auction,
        passed,
        high,
        contractor,
        contract_order(NT if misere else high % 5),
        (contractor + 2) % 4 if misere else -1,
        0,
        leader,
    )


@mypyc_attr(acyclic=True, free_list_len=1)
class FiveHundredState:
    """One deal of Five Hundred. Immutable; ``apply`` returns a new state.

    Hands are bitmasks. The contractor's hand holds the kitty from the end of
    the auction until the discard. In misère the partner (``sits_out``) keeps
    his cards and never plays, so tricks have three cards. What does not change
    during the play is in one shared :class:`_Table`; a state holds what a card
    changes (and the tricks won and done, which its trick's last card changes).
    A state never refers to itself, nor does anything it holds: acyclic, and
    compiled one freed state is kept for the next (see :mod:`atout._mypyc`).
    Made by :meth:`first`, :meth:`from_position` and ``apply`` (through
    :func:`_state`), never by calling the class.
    """

    __slots__ = (
        "_done",
        "_hands",
        "_led",
        "_legal",
        "_marks",
        "_table",
        "_trick",
        "_turn",
    )

    _table: _Table
    _hands: tuple[CardSet, CardSet, CardSet, CardSet]
    """The hands from the seat to act in the play (``_hands[i]`` is seat ``turn + i``'s, mod
    4: the hot paths read ``_hands[0]`` and shift the tuple on, never pick by seat), by seat
    in the auction, the kitty and once over; :meth:`_by_seat` reads them by seat."""
    _turn: int
    _trick: tuple[Card, ...]
    _led: int
    _done: tuple[tuple[int, tuple[Card, ...], int], ...]
    _marks: int
    """Bit ``4 * seat + suit`` set where a seat has shown void; from bit 16, the tricks
    won by side 0, from bit 20 by side 1 (:data:`_WON`): one int less to copy a card."""
    _legal: Sequence[str] | None

    @staticmethod
    def first(rules: FiveHundredRules, deal: FiveHundredDeal) -> FiveHundredState:
        """The deal before the first call: the seat left of the dealer speaks first."""
        h0, h1, h2, h3 = (mask_of(h) for h in deal.hands)
        return _state(
            _table(rules, deal, _AUCTION, (), 0, PASS, -1, _NO_TRUMPS, -1, 0, -1),
            (h0, h1, h2, h3),
            (deal.dealer + 1) % 4,
            (),
            -1,
            (),
            0,
        )

    @staticmethod
    def from_position(
        rules: FiveHundredRules,
        hands: tuple[CardSet, ...],
        contract: str,
        contractor: int,
        leader: int,
        *,
        voids: int = 0,
    ) -> FiveHundredState:
        """A play-phase position (for analysis, solvers and perft), the auction skipped.

        ``voids`` has bit ``4 * seat + suit`` set where a seat has shown void.
        """
        deal = FiveHundredDeal((contractor + 3) % 4, tuple(tuple(cards_of(h)) for h in hands), ())
        table = _contract_table(rules, deal, _PLAY, (), 0, parse_call(contract), contractor, leader)
        hands4 = _from_seat((hands[0], hands[1], hands[2], hands[3]), leader)
        return _state(table, hands4, leader, (), -1, (), voids)

    # Reading the state.

    @property
    def rules(self) -> FiveHundredRules:
        """The options this deal is played under."""
        return self._table.rules

    @property
    def deal(self) -> FiveHundredDeal:
        """The deal as dealt."""
        return self._table.deal

    @property
    def turn(self) -> int | None:
        """The seat to act, or ``None`` once the deal is over."""
        return _SEAT_OR_NONE[self._turn]

    @property
    def actor(self) -> int | None:
        """The seat that chooses now: always the seat to act in this game."""
        return None if self._turn < 0 else self._turn

    @property
    def phase(self) -> Phase:
        """Auction, kitty (the contractor discards), play, or over."""
        return self._table.phase

    @property
    def contract(self) -> str | None:
        """The contract (``7H``, ``misere``...) once the auction has one."""
        table = self._table
        if table.high < 0 or table.phase is _AUCTION:
            return None
        return CALL_NAMES[table.high]

    @property
    def contractor(self) -> int | None:
        """The contractor's seat once the auction is won."""
        return self._table.high_seat if self.contract is not None else None

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken by side 0 (seats 0, 2) and side 1 (seats 1, 3)."""
        marks = self._marks
        return (marks >> 16 & 15, marks >> 20 & 15)

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, in the order played from its leader."""
        return self._trick

    @property
    def leader(self) -> int:
        """Who led (or leads) the trick in progress (-1 before the play).

        The last trick's winner, else the first trick's leader (the table's).
        """
        done = self._done
        return done[-1][2] if done else self._table.leader

    @property
    def led_suit(self) -> int:
        """The suit led to the trick in progress (a led joker's named suit), or -1."""
        return self._led if self._trick else -1

    @property
    def shown_voids(self) -> int:
        """Bit ``4 * seat + suit`` set where a seat has failed to follow (the joker-lead rule)."""
        return self._marks & 0xFFFF

    @property
    def discards(self) -> CardSet:
        """The contractor's three discards (out of play), once made."""
        return self._table.discards

    @property
    def completed_tricks(self) -> tuple[tuple[int, tuple[Card, ...], int], ...]:
        """The finished tricks as ``(leader, cards, winner)``, cards in the order played.

        In misère a trick has three cards (the contractor's partner sits out).
        The tuple is shared with later states (each trick appends one entry),
        so readers may cache what they derive from it by its length.
        """
        return self._done

    @property
    def auction(self) -> tuple[tuple[int, int], ...]:
        """The calls made, in order, as ``(seat, code)``: code -1 is a pass, else ``CALL_NAMES``."""
        return self._table.auction

    @property
    def high_bid(self) -> int:
        """The code of the highest bid so far (``CALL_NAMES``; the contract's once the auction
        is over), or -1."""
        return self._table.high

    @property
    def trump_suit(self) -> int:
        """The trump suit (0..3, ``cards`` numbering) once there is a contract; -1 at no-trumps,
        in misère and before the auction ends."""
        table = self._table
        trump = table.order.trump
        return -1 if trump == JOKER_SUIT or table.phase is _AUCTION else trump

    @property
    def sits_out(self) -> int | None:
        """The misère contractor's partner, who keeps his cards and never plays."""
        skip = self._table.skip
        return skip if skip >= 0 else None

    @property
    def named_suit(self) -> int:
        """The suit named by a joker led in no-trumps to the trick in progress, or -1."""
        trick = self._trick
        if trick and trick[0] == JOKER and self._table.order.trump == JOKER_SUIT:
            return self._led
        return -1

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now (the contractor's includes the kitty until he discards)."""
        return seat_hand(self._by_seat(), seat)

    def look(
        self, seat: int
    ) -> tuple[
        Phase,
        FiveHundredDeal,
        tuple[tuple[int, int], ...],
        tuple[tuple[int, tuple[Card, ...], int], ...],
        int,
        CardSet,
        tuple[Card, ...],
        int,
        int,
        int,
        int,
        tuple[int, int, int, int],
        CardSet,
    ]:
        """What ``seat`` sees of the deal that changes as it goes, in one call: ``(phase,
        deal, auction, completed_tricks, high_bid, hand(seat), trick, leader, named_suit,
        turn, won, sizes, exposed)``, read from this state's own fields.

        ``leader`` is -1 outside the play, ``turn`` -1 once over; ``won`` the tricks won
        (``tricks_won``) as side 0's plus 16 times side 1's; ``sizes`` the cards
        held by ``seat`` and the three seats after it; ``exposed`` the open-misère hand
        once face up (``exposed()``), else 0. The environment's observer looks at every
        step: one call instead of a dozen accessors (``hand`` alone is five calls deep)
        was most of what a step cost it in pure Python (``bench/rl.py``). What holds for
        the deal once the auction is over (the contract, the kitty, the discards) it reads
        from the accessors, once.
        """
        table = self._table
        phase = table.phase
        turn = self._turn
        hands = self._hands
        trick = self._trick
        done = self._done
        named = -1
        if phase is _PLAY:
            leader = done[-1][2] if done else table.leader
            at = (seat - turn) & 3  # _hands starts at the seat to act
            if trick and trick[0] == JOKER and table.order.trump == JOKER_SUIT:
                named = self._led
        else:
            leader = -1
            at = seat
        if at == 0:  # the hands from the seat's on: a, b, c, d
            a, b, c, d = hands
        elif at == 1:
            d, a, b, c = hands
        elif at == 2:
            c, d, a, b = hands
        else:
            b, c, d, a = hands
        exposed = 0
        if table.high == OPEN_MISERE:
            shown = self.exposed()
            if shown is not None:
                exposed = seat_hand((a, b, c, d), (shown - seat) & 3)
        return (
            phase,
            table.deal,
            table.auction,
            done,
            table.high,
            a,
            trick,
            leader,
            named,
            turn,
            self._marks >> 16,
            (a.bit_count(), b.bit_count(), c.bit_count(), d.bit_count()),
            exposed,
        )

    def _by_seat(self) -> tuple[CardSet, CardSet, CardSet, CardSet]:
        """The hands by seat (``_hands`` starts at the seat to act during the play)."""
        if self._table.phase is _PLAY:
            return _by_seat(self._hands, self._turn)
        return self._hands

    def is_over(self) -> bool:
        """Whether the deal has ended (played out, misère lost, or thrown in)."""
        return self._table.phase is _OVER

    def is_thrown_in(self) -> bool:
        """Whether all four passed, so nobody plays and nobody scores."""
        table = self._table
        return table.phase is _OVER and table.high < 0

    def made(self) -> bool | None:
        """Whether the contract was made (``None`` while playing or when thrown in)."""
        table = self._table
        if table.phase is not _OVER or table.high < 0:
            return None
        taken = self.tricks_won[table.high_seat % 2]
        if table.high >= MISERE:
            return taken == 0
        return taken >= table.high // 5 + 6

    def points(self) -> tuple[int, int]:
        """What each side scores for this deal (zero until it is over)."""
        table = self._table
        if table.phase is not _OVER or table.high < 0:
            return (0, 0)
        return hand_points(table.rules, table.high, table.high_seat, self.tricks_won)

    # Legal actions.

    def legal_actions(self) -> Sequence[str]:
        """The actions of the seat to act, in canonical order.

        Auction: ``pass``, then every call that outranks the highest bid, by rank.
        Kitty: all 286 discards of three, ordered by card index, as a
        :class:`~atout.games.five_hundred.discards.Discards` (equal to their
        tuple; an action is written when read). Play: cards in canonical order;
        a joker lead in no-trumps is ``JK S``/``JK H``/``JK D``/``JK C``.
        """
        legal = self._legal
        if legal is None:
            table = self._table
            phase = table.phase
            if phase is _PLAY:
                hand = self._hands[0]  # the seat to act's
                if self._trick:
                    follow = hand & table.follow[self._led]
                    if follow:  # following suit: a set seen before, named once
                        legal = _FOLLOW_NAMES.get(follow)
                        if legal is None:
                            legal = _FOLLOW_NAMES[follow] = card_names(follow)
                        self._legal = legal
                        return legal
                elif table.order.trump == JOKER_SUIT and hand >> JOKER & 1:
                    legal = self._legal = self._joker_leads(hand)
                    return legal
                # The whole hand (a lead, or void in the led suit): cards.card_names
                # written out, one call less on nearly half the cards.
                low = hand & 0x3FFFFFF
                high = hand >> 26
                names = (
                    _SPADE_NAMES[low & 0x1FFF]
                    + _HEART_NAMES[low >> 13]
                    + _DIAMOND_NAMES[high & 0x1FFF]
                    + _CLUB_NAMES[high >> 13 & 0x1FFF]
                )
                if high >> 26:
                    names += ("JK",)
                legal = names
            elif phase is _AUCTION:
                legal = _AUCTION_ACTIONS[table.rules.misere][table.high + 1]
            elif phase is _KITTY:
                legal = Discards(seat_hand(self._hands, self._turn), _discard_actions)
            else:
                legal = ()
            self._legal = legal
        return legal

    def discardable(self) -> CardSet:
        """The cards the contractor may discard now: any three of them are a legal discard
        (the kitty phase; 0 otherwise)."""
        if self._table.phase is not _KITTY:
            return 0
        return seat_hand(self._hands, self._turn)

    def playable_cards(self) -> CardSet:
        """The cards the seat to act may play now (following suit), 0 outside the play.

        The joker is among them as a card; led at no-trumps, ``legal_actions()``
        offers it as ``JK S`` .. ``JK C`` instead.
        """
        table = self._table
        if table.phase is not _PLAY:
            return 0
        hand = self._hands[0]
        if self._trick:
            return hand & table.follow[self._led] or hand
        return hand

    def _joker_leads(self, hand: CardSet) -> tuple[str, ...]:
        """A no-trumps lead from a hand with the joker: the other cards, then ``JK S``.."""
        letters = "SHDC"
        return card_names(hand ^ 1 << JOKER) + tuple(
            f"JK {letters[s]}" for s in self._nominable(self._turn)
        )

    def _nominable(self, seat: int) -> list[int]:
        """The suits a joker led by ``seat`` may name (all four if he has shown void in all)."""
        restricted = self._table.rules.joker_nominate_restricted
        shown = self._marks >> 4 * seat & 0xF if restricted else 0
        return [s for s in range(4) if not shown >> s & 1] or [0, 1, 2, 3]

    # Acting.

    def apply(self, action: str, seat: int | None = None) -> FiveHundredState:
        """The state after ``seat`` (default: the seat to act) takes ``action``."""
        card = _CARDS.get(action)
        table = self._table
        turn = self._turn
        if card is None or table.phase is not _PLAY or (seat is not None and seat != turn):
            phase = table.phase
            if phase is _AUCTION:
                code = _CALL_BY_NAME.get(action)
                if code is not None:
                    return self._call(code, turn if seat is None else seat)
            elif phase is _KITTY and (seat is None or seat == turn):
                discards = _discard_of(action)
                hand = seat_hand(self._hands, turn)
                if discards and hand & discards == discards:
                    return self._discarded(hand, discards)
            return self._apply_other(action, turn if seat is None else seat)
        # The hot path: a card named canonically, in turn. The hands unpacked (the
        # player's first), shifted on to the next seat's: no boxing when compiled, no
        # call in pure Python, no pick by seat.
        h0, h1, h2, h3 = self._hands
        trick = self._trick
        marks = self._marks
        if trick:
            led = self._led
            legal = h0 & table.follow[led]
            if not legal:  # void in the led suit: anything goes, and it shows
                legal = h0
                marks |= 1 << (4 * turn + led)
        elif card == JOKER and table.order.trump == JOKER_SUIT:
            raise IllegalActionError(self._joker_lead_message())
        else:
            led = table.suit[card]
            legal = h0
        if not legal >> card & 1:
            if not DECK >> card & 1:
                raise InvalidActionError(f"{card_name(card)} is not in the Five Hundred pack")
            raise IllegalActionError(self._refusal(turn, card))
        # What _play does, written here: one call less on every card.
        rest = h0 ^ 1 << card
        trick += _ALONE[card]
        if len(trick) == table.size:
            return self._close_trick(trick, rest, h1, h2, h3, led, marks)
        # What _state does, written here: the card's new state without a call.
        new = FiveHundredState()
        new._table = table
        if table.skip < 0 or table.skip != (turn + 1) % 4:
            new._hands = (h1, h2, h3, rest)
        else:  # the seat after is the misère partner: the one after him plays
            new._hands = (h2, h3, rest, h1)
        new._turn = table.next_seat[turn]
        new._trick = trick
        new._led = led
        new._done = self._done
        new._marks = marks
        new._legal = None
        return new

    def _play(self, card: Card, led: int) -> FiveHundredState:
        """The seat to act plays ``card``, legal (``led``: the trick's led suit, or the one
        it leads).

        The joker led in no-trumps comes here; ``apply`` plays every other card with
        the same steps written out."""
        h0, h1, h2, h3 = self._hands
        table = self._table
        turn = self._turn
        trick = self._trick
        marks = self._marks
        if trick and table.suit[card] != led:
            marks |= 1 << (4 * turn + led)
        rest = h0 ^ 1 << card
        trick += _ALONE[card]
        if len(trick) == table.size:
            return self._close_trick(trick, rest, h1, h2, h3, led, marks)
        hands = (h2, h3, rest, h1) if table.skip == (turn + 1) % 4 else (h1, h2, h3, rest)
        return _state(table, hands, table.next_seat[turn], trick, led, self._done, marks)

    def _close_trick(
        self,
        trick: tuple[Card, ...],
        h0: CardSet,
        h1: CardSet,
        h2: CardSet,
        h3: CardSet,
        led: int,
        marks: int,
    ) -> FiveHundredState:
        """The state after a trick's last card (``h0``..``h3``: the hands from its player's
        on): its winner leads, or the deal is over."""
        table = self._table
        done = self._done
        leader = done[-1][2] if done else table.leader
        # The place in the trick of its highest key, the card that wins it: what
        # tricks.trick_winner does, the keys looked up and the loop written out (no call).
        keys = table.keys[led]
        best = 0
        top = keys[trick[0]]
        key = keys[trick[1]]
        if key > top:
            best, top = 1, key
        key = keys[trick[2]]
        if key > top:
            best, top = 2, key
        if len(trick) == 4 and keys[trick[3]] > top:
            best = 3
        winner = _PLAYING_ORDER[leader][table.skip + 1][best]
        marks += _WON[winner & 1]
        done += ((leader, trick, winner),)
        ahead = (winner - self._turn) % 4  # the hands from the winner's on
        if ahead == 0:
            hands = (h0, h1, h2, h3)
        elif ahead == 1:
            hands = (h1, h2, h3, h0)
        elif ahead == 2:
            hands = (h2, h3, h0, h1)
        else:
            hands = (h3, h0, h1, h2)
        if (table.skip >= 0 and winner == table.high_seat) or not hands[0]:
            return _state(table.ended(), _by_seat(hands, winner), -1, (), led, done, marks)
        # What _state does, written here: one call less on every trick.
        new = FiveHundredState()
        new._table = table
        new._hands = hands
        new._turn = winner
        new._trick = ()
        new._led = led
        new._done = done
        new._marks = marks
        new._legal = None
        return new

    def _refusal(self, seat: int, card: Card) -> str:
        hand = self.hand(seat)
        if not hand >> card & 1:
            return f"you do not hold {card_name(card)}"
        order, led = self._table.order, self._led
        if led == order.trump:
            name = f"trumps ({Suit(led)}, with the bowers and the joker)"
        else:
            name = str(Suit(led))
        held = format_cards(hand & order.follow[led], symbols=True)
        return f"must follow {name}: you hold {held}"

    def _joker_lead_message(self) -> str:
        names = ", ".join(f"JK {'SHDC'[s]}" for s in self._nominable(self._turn))
        return f"leading the joker in no-trumps, name a suit: {names}"

    def _apply_other(self, action: str, seat: int) -> FiveHundredState:
        """Everything but a well-formed card play in turn, with full checks and messages.

        ``6S`` is both a bid and a card: the phase decides which it is.
        """
        words = action.strip().split()
        if not words:
            raise InvalidActionError("empty action")
        verb = words[0].upper()
        if verb == "DISCARD":
            return self._discard([_parse_card(w) for w in words[1:]], seat)
        if len(words) == 2 and verb in ("JK", "JOKER"):
            return self._lead_joker(int(_parse(parse_suit, words[1])), seat)
        code = _maybe(parse_call, action)
        card = _maybe(_parse_card, action) if len(words) == 1 else None
        if code is not None and (self._table.phase is _AUCTION or card is None):
            return self._call(code, seat)
        if card is not None:
            self._check_turn(seat, Phase.PLAY, f"playing {card_name(card)}")
            return self.apply(card_name(card))
        if len(words) == 1 and _maybe(parse_card, action) is not None:
            _parse_card(action)  # a real card, but not one of this pack: say so
        raise InvalidActionError(
            f"not a Five Hundred action: {action!r} (pass, a bid like 7H or 6NT, misere,"
            " open-misere, discard C1 C2 C3, a card like QS, or JK H to lead the joker)"
        )

    def _check_turn(self, seat: int, phase: Phase, doing: str) -> None:
        current = self._table.phase
        if current is _OVER:
            raise IllegalActionError("the deal is over")
        if current != phase:
            raise IllegalActionError(f"{doing} is not possible now: {self._waiting_for()}")
        if seat != self._turn:
            raise IllegalActionError(f"not seat {seat}'s turn: {self._waiting_for()}")

    def _waiting_for(self) -> str:
        what = {
            Phase.AUCTION: "bid or pass",
            Phase.KITTY: "take the kitty and discard three cards",
            Phase.PLAY: "play a card",
        }
        return f"seat {self._turn} is to {what[self._table.phase]}"

    def _lead_joker(self, suit: int, seat: int) -> FiveHundredState:
        self._check_turn(seat, Phase.PLAY, "leading the joker")
        if self._table.order.trump != JOKER_SUIT:
            raise IllegalActionError("the joker names a suit only when led in no-trumps: play JK")
        if self._trick:
            raise IllegalActionError("the joker names a suit only when it leads a trick: play JK")
        if not self._hands[0] >> JOKER & 1:  # the play, in turn: the seat to act's
            raise IllegalActionError("you do not hold JK")
        if suit not in self._nominable(seat):
            raise IllegalActionError(
                f"you have shown void in {Suit(suit)}: {self._joker_lead_message()}"
            )
        return self._play(JOKER, suit)

    def _bid_refusal(self, code: int) -> str | None:
        """Why a bid is not allowed now, or ``None`` (the auction is in progress)."""
        return _bid_refusal(code, self._table.high, self._table.rules.misere)

    def _call(self, code: int, seat: int) -> FiveHundredState:
        table = self._table
        if table.phase is not _AUCTION or seat != self._turn:
            self._check_turn(seat, _AUCTION, "pass" if code < 0 else CALL_NAMES[code])
        rules = table.rules
        high = table.high
        passed = table.passed
        high_seat = table.high_seat
        if code == PASS:
            passed |= 1 << seat
        else:
            if not _BIDDABLE[rules.misere][high + 1] >> code & 1:
                raise IllegalActionError(str(_bid_refusal(code, high, rules.misere)))
            high = code
            high_seat = seat
        auction = table.auction + _CALLED[seat][code + 1]
        single = rules.single_round_bidding
        passes = _PASSES[passed]  # a table: compiled, bit_count() is a Python method call
        ended = len(auction) == 4 if single else passes == 4 or (passes == 3 and high >= 0)
        if ended and high >= 0:
            return self._kitty(auction, passed, high, high_seat)
        turn = -1
        if not ended:
            turn = (seat + 1) % 4
            while passed >> turn & 1 and not single:
                turn = (turn + 1) % 4
        # What _state does, written here: one call less on every call of the auction.
        new = FiveHundredState()
        new._table = table.called(_OVER if ended else _AUCTION, auction, passed, high, high_seat)
        new._hands = self._hands
        new._turn = turn
        new._trick = ()
        new._led = -1
        new._done = ()
        new._marks = 0
        new._legal = None
        return new

    def _kitty(
        self, auction: tuple[tuple[int, int], ...], passed: int, high: int, contractor: int
    ) -> FiveHundredState:
        """The auction is won: the contractor takes the kitty; the strain fixes the order."""
        table = self._table
        new = _contract_table(
            table.rules, table.deal, _KITTY, auction, passed, high, contractor, table.leader
        )
        hands = list(self._hands)
        hands[contractor] |= mask_of(table.deal.kitty)
        return _state(
            new,
            (hands[0], hands[1], hands[2], hands[3]),
            contractor,
            self._trick,
            self._led,
            self._done,
            self._marks,
        )

    def _discard(self, cards: list[Card], seat: int) -> FiveHundredState:
        self._check_turn(seat, Phase.KITTY, "discarding")
        if len(cards) != 3 or len(set(cards)) != 3:
            raise InvalidActionError("discard exactly three different cards: discard C1 C2 C3")
        hand = seat_hand(self._hands, seat)
        missing = [card_name(c) for c in cards if not hand >> c & 1]
        if missing:
            raise IllegalActionError(f"you do not hold {' '.join(missing)}")
        return self._discarded(hand, mask_of(cards))

    def _discarded(self, hand: CardSet, discards: CardSet) -> FiveHundredState:
        """The state after the contractor, to act with ``hand``, discards three of its cards:
        he leads the first trick."""
        table = self._table
        turn = self._turn
        new = _table(
            table.rules,
            table.deal,
            _PLAY,
            table.auction,
            table.passed,
            table.high,
            table.high_seat,
            table.order,
            table.skip,
            discards,
            turn,
        )
        hands = list(self._hands)
        hands[turn] = hand ^ discards
        return _state(
            new,
            _from_seat((hands[0], hands[1], hands[2], hands[3]), turn),
            turn,
            self._trick,
            self._led,
            self._done,
            self._marks,
        )

    # Views and summaries.

    def out_of_turn_actions(self, seat: int | None) -> tuple[str, ...]:
        """Nothing may be done out of turn in this game."""
        return ()

    def tricks(self) -> list[Trick]:
        """The completed tricks, in order (a joker lead is just ``JK``)."""
        return [
            Trick(leader, tuple(card_name(c) for c in cards), winner)
            for leader, cards, winner in self._done
        ]

    def exposed(self) -> int | None:
        """The open-misère contractor whose hand is face up now, if any."""
        table = self._table
        if table.high != OPEN_MISERE or table.phase is _AUCTION or table.phase is _KITTY:
            return None
        if table.rules.open_misere_expose == "before_lead" or self._done:
            return table.high_seat
        return None

    def typed_view(self, seat: int | None) -> FiveHundredView:
        """What ``seat`` may know (``None``: a spectator), typed.

        Own hand only; the kitty and the discards only to the contractor; the
        open-misère hand once exposed. Finished tricks are face up in 500.
        """
        table = self._table
        phase = table.phase
        turn = self._turn
        hands = self._by_seat()
        trick = self._trick
        high = table.high
        contract = None
        kitty = None
        discards = None
        if high >= 0 and phase is not Phase.AUCTION:
            contractor = table.high_seat
            trump = table.order.trump
            contract = FiveHundredContract(
                high,
                contractor,
                call_value(high),
                None if trump == JOKER_SUIT else SUITS[trump],
                table.skip if table.skip >= 0 else None,
            )
            if seat == contractor:
                kitty = table.deal.kitty
                discards = table.discards
        named = None
        if trick and trick[0] == JOKER and table.order.trump == JOKER_SUIT:
            named = SUITS[self._led]
        shown = self.exposed()
        h0, h1, h2, h3 = hands
        return FiveHundredView(
            seat,
            phase,
            table.deal.dealer,
            None if turn < 0 else turn,
            0 if seat is None else hands[seat],
            (h0.bit_count(), h1.bit_count(), h2.bit_count(), h3.bit_count()),
            table.auction,
            contract,
            kitty,
            discards,
            None if shown is None else (shown, hands[shown]),
            self.leader if phase is _PLAY else None,
            trick,
            named,
            self.tricks_won,
            self._done,
            self._legal_for(seat),
            self.result() if phase is Phase.OVER else None,
        )

    def _legal_for(self, seat: int | None) -> Sequence[str]:
        """The view's legal actions: the seat's when it is to act, the kitty's listed on demand."""
        turn = self._turn
        if seat is None or seat != turn or turn < 0:
            return ()
        return self.legal_actions()

    def view(self, seat: int | None) -> dict[str, Any]:
        """The JSON form of :meth:`typed_view` (the wire, records, the terminal)."""
        return self.typed_view(seat).to_json()

    def result(self) -> dict[str, Any]:
        """Contract, contractor, tricks per side, made or set, or thrown in."""
        contract = self.contract
        return {
            "contract": contract,
            "contractor": self.contractor,
            "value": None if contract is None else call_value(self._table.high),
            "tricks_won": list(self.tricks_won),
            "made": self.made(),
            "thrown_in": self.is_thrown_in(),
        }

    def __repr__(self) -> str:
        hands = " / ".join(format_cards(h) for h in self._by_seat())
        phase = self._table.phase.name
        return f"<FiveHundredState {phase} turn={self.turn} won={self.tricks_won} {hands}>"


def _bid_refusal(code: int, high: int, misere: bool) -> str | None:
    """Why bidding ``code`` is not allowed over the highest bid ``high`` (-1: none), or ``None``."""
    if code >= MISERE and not misere:
        return "misère is not played in this game (option misere)"
    if high >= 0 and CALL_RANK[code] <= CALL_RANK[high]:
        return (
            f"{CALL_NAMES[code]} ({call_value(code)}) does not outrank "
            f"{CALL_NAMES[high]} ({call_value(high)}): bid higher or pass"
        )
    if code == MISERE and not 5 <= high < MISERE:
        return "misère may be bid only after a bid of seven or more tricks"
    return None


_CARDS: Final[dict[str, Card]] = CARD_BY_NAME
"""``CARD_BY_NAME`` under a name of this module, read by ``apply`` on every action: measured
in CPython 3.11 (callgrind, fixed hash seed, pure install) it costs about 3% fewer
instructions an action than the imported name, though both compile to the same
specialized instructions; the interpreter's reason was not pinned down."""


def _trick_keys(order: TrickOrder, led: int) -> tuple[int, ...]:
    """What card ``c`` is worth in a trick led in ``led`` (``keys[c]``): a trump 200 and
    up, a card of the led suit 100 and up, by strength; any other card -1 (it never wins)."""
    trump = order.trump
    return tuple(
        200 + strength if suit == trump else 100 + strength if suit == led else -1
        for suit, strength in zip(order.suit, order.strength, strict=True)
    )


_TRICK_KEYS: Final = tuple(
    tuple(_trick_keys(order, led) for led in range(4))
    for order in sorted(map(contract_order, range(5)), key=lambda order: order.trump)
)
"""``_TRICK_KEYS[trump][led]``: :func:`_trick_keys` for every contract (by its order's
trump, 4 for no-trumps) and led suit, made once: ``tricks.trick_winner`` reckons
these keys card by card, a loop that was a third of a trick's last card (``_close_trick``
looks them up)."""


def _from_seat(
    hands: tuple[CardSet, CardSet, CardSet, CardSet], seat: int
) -> tuple[CardSet, CardSet, CardSet, CardSet]:
    """Hands by seat, from ``seat``'s on: ``result[i]`` is seat ``(seat + i) % 4``'s."""
    h0, h1, h2, h3 = hands
    if seat == 0:
        return (h0, h1, h2, h3)
    if seat == 1:
        return (h1, h2, h3, h0)
    if seat == 2:
        return (h2, h3, h0, h1)
    return (h3, h0, h1, h2)


def _by_seat(
    hands: tuple[CardSet, CardSet, CardSet, CardSet], seat: int
) -> tuple[CardSet, CardSet, CardSet, CardSet]:
    """:func:`_from_seat` undone: the hands from ``seat``'s on, by seat again."""
    return _from_seat(hands, -seat % 4)


_WON: Final = (1 << 16, 1 << 20)
"""``_WON[side]``: a trick more for ``side`` in a state's ``_marks``."""


def _state(
    table: _Table,
    hands: tuple[CardSet, CardSet, CardSet, CardSet],
    turn: int,
    trick: tuple[Card, ...],
    led: int,
    done: tuple[tuple[int, tuple[Card, ...], int], ...],
    marks: int,
) -> FiveHundredState:
    """A state with every field given: :meth:`FiveHundredState.first` makes the first,
    ``apply`` the rest.

    :class:`FiveHundredState` has no ``__init__``: the class called without one runs
    no Python code (with one, a call with seven arguments cost as much as the rest of
    a card's play), and its fields are stored here. Compiled, the same native calls."""
    new = FiveHundredState()
    new._table = table
    new._hands = hands
    new._turn = turn
    new._trick = trick
    new._led = led
    new._done = done
    new._marks = marks
    new._legal = None
    return new


_SPADE_NAMES: Final = SUIT_NAMES[0]
"""``cards.SUIT_NAMES`` by suit, for ``legal_actions``' copy of ``cards.card_names``
(``Final``: compiled, a module constant, not a look-up in the module's dict)."""
_HEART_NAMES: Final = SUIT_NAMES[1]
_DIAMOND_NAMES: Final = SUIT_NAMES[2]
_CLUB_NAMES: Final = SUIT_NAMES[3]
_SEAT_OR_NONE: Final[tuple[int | None, ...]] = (0, 1, 2, 3, None)
"""``_SEAT_OR_NONE[turn]``: ``turn``, or ``None`` for -1 (the deal over): what ``turn``
returns, read on every action of a random player, looked up instead of compared."""
_ALONE: Final[tuple[tuple[Card], ...]] = tuple((card,) for card in range(53))
"""``_ALONE[c]`` is ``(c,)``, made once: a card joins the trick with one new tuple, not two."""
_FOLLOW_NAMES: Final[dict[CardSet, tuple[str, ...]]] = {}
"""The names of the cards a seat may follow suit with, by card set, kept as they are met.

Naming a set is most of ``legal_actions()`` in the play, and these sets recur
from deal to deal; there are not many of them (subsets of one effective suit:
at most 8,192 for a trump suit of 13 cards, fewer for the others), so the
dict stays small. Whole hands (a lead, a void) are named each time instead:
they seldom recur, and keeping them would grow the dict without end."""
_PASSES: Final = tuple(passed.bit_count() for passed in range(16))
"""``_PASSES[passed]``: how many seats have passed, from the auction's bits of passed seats."""
_CALLED: Final = tuple(
    tuple(((seat, code),) for code in range(PASS, OPEN_MISERE + 1)) for seat in range(4)
)
"""``_CALLED[seat][code + 1]``: ``((seat, code),)``, what a call adds to the auction, made
once (two tuples less to build on every call)."""
_CALL_BY_NAME: Final[dict[str, int]] = {
    "pass": PASS,
    **{name: c for c, name in enumerate(CALL_NAMES)},
}
"""The canonical names of the calls to their codes: the fast path of ``apply`` in the auction."""


_BIDDABLE: Final = tuple(
    tuple(
        sum(1 << c for c in range(OPEN_MISERE + 1) if _bid_refusal(c, high, misere) is None)
        for high in range(PASS, OPEN_MISERE + 1)
    )
    for misere in (False, True)
)
"""``_BIDDABLE[misere][high + 1]``: bit ``code`` set where :func:`_bid_refusal` allows
bidding ``code`` over ``high``, reckoned once: ``_call`` reads a bit, and asks
:func:`_bid_refusal` only for the message of a refused bid."""


def _auction_actions(high: int, misere: bool) -> tuple[str, ...]:
    """The auction's legal actions over the highest bid ``high``: ``pass``, then bids by rank."""
    bids = [CALL_NAMES[c] for c in CALLS_BY_RANK if _bid_refusal(c, high, misere) is None]
    return ("pass", *bids)


_AUCTION_ACTIONS: Final = tuple(
    tuple(_auction_actions(high, misere) for high in range(PASS, OPEN_MISERE + 1))
    for misere in (False, True)
)
"""``_AUCTION_ACTIONS[misere][high + 1]``: :func:`_auction_actions`, listed once at import."""


def _next_seat(seat: int, skip: int) -> int:
    """The seat after ``seat`` in playing order, passing over a misère partner."""
    seat = (seat + 1) % 4
    return (seat + 1) % 4 if seat == skip else seat


def _playing_order(leader: int, skip: int) -> tuple[int, ...]:
    """The seats from ``leader`` in playing order, passing over ``skip`` (-1: nobody)."""
    seats = [leader]
    while len(seats) < (3 if skip >= 0 else 4):
        seats.append(_next_seat(seats[-1], skip))
    return tuple(seats)


_PLAYING_ORDER: Final = tuple(
    tuple(_playing_order(leader, skip) for skip in range(-1, 4)) for leader in range(4)
)
"""``_PLAYING_ORDER[leader][skip + 1][i]``: who played a trick's ``i``-th card."""
_NEXT_SEAT: Final = tuple(
    tuple(_next_seat(seat, skip) for seat in range(4)) for skip in range(-1, 4)
)
"""``_NEXT_SEAT[skip + 1][seat]``: :func:`_next_seat`, a table for the play's hot path."""


_PACK: Final = tuple(cards_of(DECK))
_PACK_PLACE: Final = tuple(_PACK.index(c) if DECK >> c & 1 else -1 for c in range(53))
"""``_PACK_PLACE[c]``: card ``c``'s place in the pack (0..42), -1 outside it."""
_DISCARD_TABLE: Final[list[tuple[str, ...]]] = []
"""Filled on the first kitty: ``discard A B C`` at ``(a * 43 + b) * 43 + c`` for the places
``a < b < c`` of its cards, so a hand's 286 discards are looked up, not written out."""


@lru_cache(maxsize=64)
def _discard_actions(hand: CardSet) -> tuple[str, ...]:
    """Every discard of three from ``hand``, ordered by card index (the combinations' order)."""
    if hand & ~DECK:  # a card outside the pack: refused when played, listed all the same
        return tuple(map(_discard_name, combinations(cards_of(hand), 3)))
    if not _DISCARD_TABLE:
        names = [""] * 43**3
        for a, b, c in combinations(range(43), 3):
            names[(a * 43 + b) * 43 + c] = _discard_name((_PACK[a], _PACK[b], _PACK[c]))
        _DISCARD_TABLE.append(tuple(names))
    table = _DISCARD_TABLE[0]
    places = [_PACK_PLACE[c] for c in cards_of(hand)]
    size = len(places)
    actions: list[str] = []
    for i in range(size - 2):
        first = places[i] * 43
        for j in range(i + 1, size - 1):
            pair = (first + places[j]) * 43
            for k in range(j + 1, size):
                actions.append(table[pair + places[k]])
    return tuple(actions)


def _discard_name(cards: tuple[Card, ...]) -> str:
    """The action that discards ``cards``."""
    return "discard " + " ".join([CARD_NAMES[c] for c in cards])


def _discard_of(action: str) -> CardSet:
    """The three cards of ``discard A B C`` written canonically, or 0 (the kitty's fast path).

    Anything else, held or not, is 0: :meth:`FiveHundredState._discard` reads it and says why.
    """
    words = action.split(" ")
    if len(words) != 4 or words[0] != "discard":
        return 0
    first, second, third = (
        _CARDS.get(words[1]),
        _CARDS.get(words[2]),
        _CARDS.get(words[3]),
    )
    if first is None or second is None or third is None:
        return 0
    cards = 1 << first | 1 << second | 1 << third
    return cards if cards.bit_count() == 3 else 0


def _parse_card(text: str) -> Card:
    card: Card = _parse(parse_card, text)
    if not DECK >> card & 1:
        raise InvalidActionError(f"{card_name(card)} is not in the Five Hundred pack")
    return card


def _maybe(parser: Any, text: str) -> Any:
    """What ``parser`` makes of ``text``, or ``None`` when it refuses it."""
    try:
        return parser(text)
    except ValueError:
        return None


def _parse(parser: Any, text: str) -> Any:
    try:
        return parser(text)
    except ValueError as error:
        raise InvalidActionError(str(error)) from None
