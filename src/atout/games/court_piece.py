"""Court Piece (Rang): trump named from five cards, first side to seven tricks.

Two rule sets (``rules/court-piece.md``):

* ``variant="simple"`` (seed 001): a deal stops at a side's 7th trick, except
  the compulsory Bavney chase at 7-0 (all 13 tricks score 2); first side to
  ``target`` points (3..15, default 5) wins; the deal passes on every deal.
* ``variant="courts"`` (seed 003): a deal stops at 7 tricks; the first seven
  tricks of a deal make a court, and so do seven deal wins in a row; any court
  resets both series; the dealer rule of section 4.5; a session ends after a
  number of deals or minutes (``session_end``); ``honour_mode`` lets illegal
  cards be played, corrected before the trick closes (``correct 7H``) or
  claimed later (``claim revoke``).

Seats are numbered in playing order (clockwise in the simple variant,
anticlockwise in the classic one), so the caller is always ``dealer + 1``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from atout.cards import (
    CARD_BY_NAME,
    SUIT_MASKS,
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
from atout.core import (
    IllegalActionError,
    InvalidActionError,
    Settlement,
    Trick,
)
from atout.games.court_piece_view import SUITS, CourtPieceView, Phase
from atout.games.options import Option, read_options
from atout.tricks import must_follow_message, plain_winner_of_four

__all__ = [
    "COURT_PIECE",
    "CourtPiece",
    "CourtPieceDeal",
    "CourtPieceRules",
    "CourtPieceState",
    "CourtPieceView",
    "Phase",
]

TRUMP_ACTIONS: Final = ("trump S", "trump H", "trump D", "trump C")
VARIANTS = ("simple", "courts")
_COURTS = (("variant", "courts"),)
_SIMPLE = (("variant", "simple"),)
OPTIONS: Final = (
    Option(
        "variant",
        "choice",
        "simple",
        "the rules: seed 001's simple game or seed 003's courts",
        choices=VARIANTS,
    ),
    Option(
        "target",
        "int",
        5,
        "points that win the game",
        low=3,
        high=15,
        when=_SIMPLE,
        when_words="the simple variant (courts use session_end)",
    ),
    Option("first_dealer", "seat", None, "who deals first", high=4),
    Option(
        "session_end",
        "session",
        {"deals": 16},
        "the session's length",
        when=_COURTS,
        when_words="the courts variant",
        off=None,
    ),
    Option(
        "honour_mode",
        "bool",
        False,
        "illegal cards may be played, then corrected or claimed",
        when=_COURTS,
        when_words="the courts variant",
    ),
)
"""The options (``rules/court-piece.md``): the lobby, the CLI and the API read them here."""


@dataclass(frozen=True, slots=True)
class CourtPieceRules:
    """The options of a game of Court Piece (validated by :meth:`CourtPiece.parse_rules`)."""

    variant: str = "simple"
    """``simple`` (seed 001) or ``courts`` (seed 003)."""
    target: int = 5
    """Simple variant: points that win the game, 3..15."""
    first_dealer: int | None = None
    """The first dealer's seat; ``None`` draws it at random."""
    session_end: tuple[str, int] | None = None
    """Courts variant: ``("deals", N)`` or ``("minutes", M)`` (16 deals unless set, 4.7);
    ``None`` under the simple rules, which end at the target."""
    honour_mode: bool = False
    """Courts variant: illegal cards may be played; corrections and revoke claims."""

    @property
    def courts(self) -> bool:
        """Whether these are the classic rules with courts."""
        return self.variant == "courts"


@dataclass(frozen=True, slots=True)
class CourtPieceDeal:
    """A deal as dealt: ``hands[s]`` in the order received (the first five are the first packet)."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]

    @property
    def caller(self) -> int:
        """The trump caller: the seat after the dealer in playing order."""
        return (self.dealer + 1) % 4

    @property
    def fixes_dealer(self) -> bool:
        """The deal rotates: whoever the rotation names deals it."""
        return False

    def to_json(self) -> dict[str, Any]:
        """The record form."""
        return {"dealer": self.dealer, "hands": [[card_name(c) for c in h] for h in self.hands]}


@dataclass(frozen=True, slots=True)
class CourtPieceTally:
    """The running score: points (simple) or courts and series (courts)."""

    points: tuple[int, int] = (0, 0)
    series: tuple[int, int] = (0, 0)
    deals: int = 0


@dataclass(frozen=True, slots=True)
class _Honour:
    """Honour-mode bookkeeping: reneges of the current trick and of closed tricks."""

    open_reneges: tuple[int, ...] = ()
    """Positions in the current trick whose card was a renege."""
    corrected_at: int = -1
    """The earliest position in the current trick whose renege was corrected."""
    closed_reneges: tuple[int, ...] = ()
    """Seats that reneged in a closed trick."""
    claim: int | None = None
    """The side whose revoke claim ended the deal."""
    last_reneges: tuple[int, ...] = ()
    """``open_reneges`` of the trick just closed, while it may still be corrected."""
    last_corrected_at: int = -1
    """``corrected_at`` of the trick just closed."""


_NO_HONOUR: Final = _Honour()
_PHASES: Final[tuple[Phase, Phase, Phase]] = (Phase.OVER, Phase.TRUMP, Phase.PLAY)
"""The phases by a small index (over, trump, play), read without an enum call."""
_DEFAULT_SESSION: Final = ("deals", 16)
"""A courts session's length when the table sets none (4.7)."""


class CourtPieceState:
    """One deal of Court Piece. Immutable; ``apply`` returns a new state.

    The four hands are card-set ints in a fixed-size tuple (four unboxed fields
    when compiled with mypyc), so playing a card is one xor and a new state
    copies a handful of values; the current trick is a tuple of cards from its
    leader; finished tricks are kept as ``(leader, cards, winner)`` tuples.
    """

    __slots__ = (
        "_done",
        "_hands",
        "_honour",
        "_leader",
        "_legal",
        "_trick",
        "_trump",
        "_turn",
        "_won",
        "deal",
        "rules",
    )

    rules: CourtPieceRules
    deal: CourtPieceDeal
    _hands: tuple[int, int, int, int]
    _trump: int
    _turn: int
    _leader: int
    _trick: tuple[Card, ...]
    _won: tuple[int, int]
    _done: tuple[tuple[int, tuple[Card, ...], int], ...]
    _honour: _Honour
    _legal: tuple[str, ...] | None

    def __init__(
        self, rules: CourtPieceRules | None = None, deal: CourtPieceDeal | None = None
    ) -> None:
        """The deal before trump is named.

        Without arguments, an empty state whose maker (``apply`` and the like)
        stores every slot: in pure Python that spares passing ten values through
        this frame, a few percent of a card played (the tests build a deal's first
        state with both arguments, so the class keeps an ``__init__``).
        """
        if rules is None or deal is None:
            return
        self.rules = rules
        self.deal = deal
        h0, h1, h2, h3 = (mask_of(h) for h in deal.hands)
        self._hands = (h0, h1, h2, h3)
        self._trump = -1
        self._turn = self._leader = deal.caller
        self._trick = ()
        self._won = (0, 0)
        self._done = ()
        self._honour = _NO_HONOUR
        self._legal = None

    def _copy(self) -> CourtPieceState:
        new = CourtPieceState()
        new.rules = self.rules
        new.deal = self.deal
        new._hands = self._hands
        new._trump = self._trump
        new._turn = self._turn
        new._leader = self._leader
        new._trick = self._trick
        new._won = self._won
        new._done = self._done
        new._honour = self._honour
        new._legal = None
        return new

    # Reading the state.

    @property
    def turn(self) -> int | None:
        """The seat to act, or ``None`` once the deal is over."""
        return None if self._turn < 0 else self._turn

    @property
    def actor(self) -> int | None:
        """The seat that chooses now: always the seat to act in this game."""
        return None if self._turn < 0 else self._turn

    @property
    def trump(self) -> Suit | None:
        """The trump suit, once named."""
        return None if self._trump < 0 else Suit(self._trump)

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken by side 0 (seats 0, 2) and side 1 (seats 1, 3)."""
        return self._won

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, in the order played from its leader."""
        return self._trick

    @property
    def leader(self) -> int:
        """Who led (or leads) the trick in progress."""
        return self._leader

    @property
    def trump_suit(self) -> int:
        """The trump suit as an int (0..3, ``cards`` numbering), or -1 before it is named."""
        return self._trump

    @property
    def phase(self) -> Phase:
        """Trump (the caller names trump), play or over (the view's ``phase``)."""
        return _PHASES[0 if self._turn < 0 else (1 if self._trump < 0 else 2)]

    @property
    def completed_tricks(self) -> tuple[tuple[int, tuple[Card, ...], int], ...]:
        """The finished tricks as ``(leader, cards, winner)``, cards in the order played.

        The tuple is shared with later states (each trick appends one entry), so
        readers may cache what they derive from it by its length. Under the
        courts rules finished tricks are face down: views do not show them.
        """
        return self._done

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now (all 13 from the start; views reveal them in stages)."""
        return seat_hand(self._hands, seat)

    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self._turn < 0

    def winning_side(self) -> int | None:
        """The side that won the deal (a revoke claim's side where one ended it)."""
        if self._honour.claim is not None:
            return self._honour.claim
        a, b = self._won
        if max(a, b) < 7:
            return None
        return 0 if a > b else 1

    def is_court(self) -> bool:
        """Courts variant: the deal gave a court by itself (first seven tricks, or a revoke)."""
        side = self.winning_side()
        return side is not None and (self._honour.claim is not None or self._won[1 - side] == 0)

    def is_bavney(self) -> bool:
        """Simple variant: one side took all thirteen tricks."""
        return 13 in self._won

    # Legal actions.

    def legal_actions(self) -> tuple[str, ...]:
        """Trump calls (♠ ♥ ♦ ♣), then cards in canonical order (suit, then rank)."""
        legal = self._legal
        if legal is None:
            turn = self._turn
            if turn < 0:
                legal = ()
            elif self._trump < 0:
                legal = TRUMP_ACTIONS
            else:
                h0, h1, h2, h3 = self._hands  # not seat_hand: no call on the hot path
                hand = h0 if turn == 0 else h1 if turn == 1 else h2 if turn == 2 else h3
                trick = self._trick
                if trick and not self.rules.honour_mode:
                    led = trick[0] // 13
                    legal = SUIT_NAMES[led][hand >> 13 * led & 0x1FFF] or card_names(hand)
                else:
                    legal = card_names(hand)
            self._legal = legal
        return legal

    def lawful_cards(self) -> CardSet:
        """The cards that follow suit correctly: what an honest player picks from in honour mode."""
        hand = self.hand(self._turn)
        if not self._trick:
            return hand
        return hand & SUIT_MASKS[self._trick[0] // 13] or hand

    # Acting.

    def apply(self, action: str, seat: int | None = None) -> CourtPieceState:
        """The state after ``seat`` (default: the seat to act) takes ``action``."""
        card = _CARDS.get(action)
        turn = self._turn
        if card is None or self._trump < 0 or (seat is not None and seat != turn):
            return self._apply_other(action, turn if seat is None else seat)
        if turn < 0:
            raise IllegalActionError("the deal is over")
        # The hands unpacked, the player's replaced: no boxing when compiled.
        h0, h1, h2, h3 = self._hands
        hand = h0 if turn == 0 else h1 if turn == 1 else h2 if turn == 2 else h3
        rest = hand ^ 1 << card
        # Xoring a card's bit lowers the hand only if the hand holds it; a card off the
        # suit led is refused while the hand holds that suit (honour mode takes it). Fewer
        # int operations than computing the playable cards: the hot path of every loop.
        if rest > hand:
            raise IllegalActionError(self._refusal(turn, card))
        trick = self._trick
        honour = self._honour
        if trick:
            led = trick[0] // 13
            if card // 13 != led and hand & SUIT_MASKS[led]:
                if not self.rules.honour_mode:
                    raise IllegalActionError(self._refusal(turn, card))
                honour = self._note_renege(len(trick))
        if turn == 0:
            h0 = rest
        elif turn == 1:
            h1 = rest
        elif turn == 2:
            h2 = rest
        else:
            h3 = rest
        hands = (h0, h1, h2, h3)
        if len(trick) == 3:
            return self._close_trick(trick + (card,), hands, honour)
        new = CourtPieceState()
        new.rules = self.rules
        new.deal = self.deal
        new._hands = hands
        new._trump = self._trump
        new._turn = (turn + 1) % 4
        new._leader = self._leader
        new._trick = trick + (card,)
        new._won = self._won
        new._done = self._done
        new._honour = honour
        new._legal = None
        return new

    def _refusal(self, seat: int, card: Card) -> str:
        hand = self.hand(seat)
        if not hand >> card & 1:
            return f"you do not hold {card_name(card)}"
        return must_follow_message(hand, self._trick[0] // 13)

    def _close_trick(
        self, trick: tuple[Card, ...], hands: tuple[int, int, int, int], honour: _Honour
    ) -> CourtPieceState:
        """The state after the fourth card: the trick's winner, the count, the deal's end."""
        leader = self._leader
        first, second, third, fourth = trick
        winner = (leader + plain_winner_of_four(first, second, third, fourth, self._trump)) % 4
        a, b = self._won
        if winner & 1:
            b += 1
        else:
            a += 1
        # Simple rules stop at 7 unless the other side has none (the Bavney chase).
        high, low = (a, b) if a > b else (b, a)
        ends = (high >= 7 and (self.rules.courts or low >= 1)) or high == 13
        if self.rules.honour_mode:
            reneged = tuple((leader + p) % 4 for p in honour.open_reneges)
            honour = _Honour(
                closed_reneges=honour.closed_reneges + reneged,
                last_reneges=honour.open_reneges,
                last_corrected_at=honour.corrected_at,
            )
        new = CourtPieceState()
        new.rules = self.rules
        new.deal = self.deal
        new._hands = hands
        new._trump = self._trump
        new._turn = -1 if ends else winner
        new._leader = winner
        new._trick = ()
        new._won = (a, b)
        new._done = self._done + ((leader, trick, winner),)
        new._honour = honour
        new._legal = None
        return new

    def _apply_other(self, action: str, seat: int) -> CourtPieceState:
        words = action.strip().split()
        if not words:
            raise InvalidActionError("empty action")
        verb = words[0].lower()
        if verb == "trump":
            return self._name_trump(words, seat)
        if verb == "correct" and len(words) == 2:
            return self._correct(_parse_card(words[1]), seat)
        if verb == "claim" and len(words) == 2 and words[1].lower() == "revoke":
            return self._claim_revoke(seat)
        card = _parse_card(action)
        if self._turn < 0:
            raise IllegalActionError("the deal is over")
        if seat != self._turn:
            raise IllegalActionError(f"not seat {seat}'s turn: seat {self._turn} plays")
        if self._trump < 0:
            raise IllegalActionError(f"seat {self._turn} must name trump first ({_trump_list()})")
        return self.apply(card_name(card))

    def _name_trump(self, words: list[str], seat: int) -> CourtPieceState:
        if len(words) != 2:
            raise InvalidActionError(f"name one suit: {_trump_list()}")
        suit = _parse(parse_suit, words[1])
        if self._trump >= 0:
            raise IllegalActionError(f"trump is already named ({Suit(self._trump)})")
        if seat != self._turn:
            raise IllegalActionError(f"seat {self._turn} names trump, not seat {seat}")
        new = self._copy()
        new._trump = int(suit)
        return new

    # Honour mode.

    def _note_renege(self, position: int) -> _Honour:
        """Honour mode: the card at ``position`` in the trick is a renege."""
        honour = self._honour
        return _Honour((*honour.open_reneges, position), honour.corrected_at, honour.closed_reneges)

    def _correct(self, card: Card, seat: int) -> CourtPieceState:
        """Change a card of the trick in progress, or of the trick just completed.

        Seed 003: a renege "may be corrected before the trick is closed, and
        players who have already played after it may then change their cards".
        The engine completes a trick with its fourth card, but the trick is
        closed (gathered) only when the next one is led: until that lead, its
        cards may still be corrected, so a renege by the last player to a trick
        can be put right too, and the trick's winner and the count are worked
        out again. The trick that ends the deal stays open to a correction until
        the next deal starts (or a revoke claim replaces the result): the deal is
        then scored again, and play resumes if the corrected trick no longer ends it.
        """
        if not self.rules.honour_mode:
            raise IllegalActionError("corrections exist only in honour_mode")
        if not self._trick and self._done and (self._turn >= 0 or self._honour.claim is None):
            # The trick just completed, the deal's last one included: until the next
            # lead (or the next deal) it is not gathered, so it may still be corrected.
            return self._correct_last_trick(card, seat)
        position = (seat - self._leader) % 4
        if self._turn < 0 or position >= len(self._trick) or position == 0:
            raise IllegalActionError(f"seat {seat} has no card to correct in this trick")
        honour = self._honour
        may_change = position in honour.open_reneges or 0 <= honour.corrected_at < position
        if not may_change:
            raise IllegalActionError(
                "only a renege, or a card played after a corrected renege, may be changed"
            )
        old = self._trick[position]
        hand = self.hand(seat) | 1 << old
        self._check_correction(hand, old, card)
        new = self._copy()
        changed = list(self._hands)
        changed[seat] = hand ^ 1 << card
        new._hands = (changed[0], changed[1], changed[2], changed[3])
        new._trick = (*self._trick[:position], card, *self._trick[position + 1 :])
        open_reneges = tuple(p for p in honour.open_reneges if p != position)
        corrected = position if position in honour.open_reneges else honour.corrected_at
        if 0 <= honour.corrected_at < corrected:
            corrected = honour.corrected_at
        new._honour = _Honour(open_reneges, corrected, honour.closed_reneges)
        return new

    def _check_correction(self, hand: CardSet, old: Card, card: Card) -> None:
        led = self._trick[0] // 13 if self._trick else self._done[-1][1][0] // 13
        if not (hand >> card & 1) or card == old:
            raise IllegalActionError(f"you cannot change {card_name(old)} for {card_name(card)}")
        if hand & SUIT_MASKS[led] and card // 13 != led:
            raise IllegalActionError(must_follow_message(hand, led))

    def _correct_last_trick(self, card: Card, seat: int) -> CourtPieceState:
        """A correction to the completed trick before the next lead: the trick is played again."""
        leader, trick, winner = self._done[-1]
        position = (seat - leader) % 4
        honour = self._honour
        may_change = position in honour.last_reneges or 0 <= honour.last_corrected_at < position
        if position == 0 or not may_change:
            raise IllegalActionError(
                "only a renege, or a card played after a corrected renege, may be changed"
            )
        old = trick[position]
        hand = seat_hand(self._hands, seat) | 1 << old
        self._check_correction(hand, old, card)
        changed = list(self._hands)
        changed[seat] = hand ^ 1 << card
        hands = (changed[0], changed[1], changed[2], changed[3])
        a, b = self._won
        won = (a, b - 1) if winner & 1 else (a - 1, b)
        reneged = len(honour.last_reneges)
        closed = honour.closed_reneges[: len(honour.closed_reneges) - reneged]
        open_reneges = tuple(p for p in honour.last_reneges if p != position)
        corrected = position if position in honour.last_reneges else honour.last_corrected_at
        if 0 <= honour.last_corrected_at < corrected:
            corrected = honour.last_corrected_at
        before = self._copy()
        before._hands = hands
        before._turn = (leader + 3) % 4
        before._leader = leader
        before._trick = trick[:3]
        before._won = won
        before._done = self._done[:-1]
        before._honour = _Honour(open_reneges, corrected, closed)
        new_trick = (*trick[:position], card, *trick[position + 1 :])
        return before._close_trick(new_trick, hands, before._honour)

    def _claim_revoke(self, seat: int) -> CourtPieceState:
        if not self.rules.honour_mode:
            raise IllegalActionError("revoke claims exist only in honour_mode")
        if self._honour.claim is not None:
            raise IllegalActionError("a revoke claim already ended this deal")
        closed = self._honour.closed_reneges
        if not self._trick and self._turn >= 0:
            # The trick just completed is not closed until the next lead: its reneges
            # may still be corrected, so they cannot be claimed yet.
            closed = closed[: len(closed) - len(self._honour.last_reneges)]
        if not any(r % 2 != seat % 2 for r in closed):
            raise IllegalActionError("no revoke by the other side in a closed trick to claim")
        new = self._copy()
        new._turn = -1
        new._trick = ()
        new._honour = _Honour(closed_reneges=self._honour.closed_reneges, claim=seat % 2)
        return new

    # Views and summaries.

    def tricks(self) -> list[Trick]:
        """The completed tricks, in order."""
        return [
            Trick(leader, tuple(card_name(c) for c in cards), winner)
            for leader, cards, winner in self._done
        ]

    def typed_view(self, seat: int | None) -> CourtPieceView:
        """What ``seat`` may know (``None``: a spectator), typed.

        Before trump is named only the caller sees cards, and only his first
        five. Under the courts rules finished tricks are kept face down, so
        the view gives the count per side, not their cards.
        """
        deal = self.deal
        caller = (deal.dealer + 1) % 4
        trump = self._trump
        turn = self._turn
        first_five: tuple[Card, ...] = ()
        hand: CardSet = 0
        if seat is None:
            pass
        elif trump < 0:
            if seat == caller:
                first_five = deal.hands[caller][:5]
                hand = mask_of(first_five)
        else:
            hand = seat_hand(self._hands, seat)
        h0, h1, h2, h3 = self._hands
        honour = self.rules.honour_mode
        return CourtPieceView(
            seat,
            self.rules.variant,
            deal.dealer,
            caller,
            _PHASES[0 if turn < 0 else (1 if trump < 0 else 2)],
            None if trump < 0 else SUITS[trump],
            None if turn < 0 else turn,
            hand,
            first_five,
            (
                (h0.bit_count(), h1.bit_count(), h2.bit_count(), h3.bit_count())
                if trump >= 0
                else (0, 0, 0, 0)
            ),
            self._leader,
            self._trick,
            self._won,
            self.legal_actions() if seat is not None and seat == turn >= 0 else (),
            None if self.rules.courts else self._done,
            (
                tuple(
                    ((leader + i) % 4, c)
                    for leader, cards, _ in self._done
                    for i, c in enumerate(cards)
                )
                if honour
                else None
            ),
            tuple(self.out_of_turn_actions(seat)) if honour else None,
            self.result() if turn < 0 else None,
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        """The JSON form of :meth:`typed_view` (the wire, records, the terminal)."""
        return self.typed_view(seat).to_json()

    def out_of_turn_actions(self, seat: int | None) -> list[str]:
        """Honour mode: what ``seat`` may do besides its turn (``correct C``, ``claim revoke``).

        A correction is listed when the engine would take it (the seat's renege in
        the trick not yet gathered, or a card played after a corrected one). A
        revoke claim is listed once a trick is closed and until the deal's result
        is replaced by one; the engine judges it (section 4.6).
        """
        if seat is None or not self.rules.honour_mode or self._honour.claim is not None:
            return []
        out = []
        for card in cards_of(self.hand(seat)):
            try:
                self._correct(card, seat)
            except IllegalActionError:
                continue
            out.append(f"correct {card_name(card)}")
        if self._done:
            out.append("claim revoke")
        return out

    def result(self) -> dict[str, Any]:
        """Tricks per side, who won the deal, and Bavney or court."""
        side = self.winning_side()
        out: dict[str, Any] = {
            "trump": None if self._trump < 0 else Suit(self._trump).letter,
            "caller": self.deal.caller,
            "tricks_won": list(self._won),
            "winner": side,
        }
        if self.rules.courts:
            out["court"] = self.is_court() if side is not None else False
            if self._honour.claim is not None:
                out["revoke_claimed_by"] = self._honour.claim
        else:
            out["bavney"] = self.is_bavney()
        return out

    def __repr__(self) -> str:
        hands = " / ".join(format_cards(self.hand(s)) for s in range(4))
        return f"<CourtPieceState turn={self.turn} trump={self.trump} won={self._won} {hands}>"


def _parse_card(text: str) -> Card:
    card: Card = _parse(parse_card, text)
    return card


def _parse(parser: Any, text: str) -> Any:
    try:
        return parser(text)
    except ValueError as error:
        raise InvalidActionError(str(error)) from None


def _trump_list() -> str:
    return ", ".join(TRUMP_ACTIONS)


@dataclass(frozen=True)
class CourtPiece:
    """The game object: options, dealing, scoring."""

    id: str = "court-piece"
    title: str = "Court Piece"
    players: int = 4
    sides: int = 2
    home_seat: int = 0
    option_specs: tuple[Option, ...] = field(default=OPTIONS)

    def parse_rules(self, options: Mapping[str, Any]) -> CourtPieceRules:
        """Validate options (see :class:`CourtPieceRules`)."""
        values = read_options(OPTIONS, options, self.id)
        return CourtPieceRules(
            values["variant"],
            values["target"],
            values["first_dealer"],
            values["session_end"],
            values["honour_mode"],
        )

    def rules_to_json(self, rules: CourtPieceRules) -> dict[str, Any]:
        """The options that differ from the defaults."""
        out: dict[str, Any] = {"variant": rules.variant}
        if rules.target != 5:
            out["target"] = rules.target
        if rules.first_dealer is not None:
            out["first_dealer"] = rules.first_dealer
        if rules.session_end is not None and rules.session_end != _DEFAULT_SESSION:
            out["session_end"] = {rules.session_end[0]: rules.session_end[1]}
        if rules.honour_mode:
            out["honour_mode"] = True
        return out

    def new_tally(self, rules: CourtPieceRules) -> CourtPieceTally:
        """No points, no series, no deals."""
        return CourtPieceTally()

    def first_dealer(
        self, rules: CourtPieceRules, rng: random.Random, *, host: int | None = None
    ) -> int:
        """The option's seat; else, under the simple rules at a table a person set up
        (``host``), the seat on his right, so that he names the first trump (seed 001:
        "le siège à votre droite donne la première donne"); else a draw (seed 003)."""
        if rules.first_dealer is not None:
            return rules.first_dealer
        if host is not None and not rules.courts:
            return (host - 1) % 4  # clockwise play: the seat before the host is on his right
        return rng.randrange(4)

    def deal(self, rules: CourtPieceRules, dealer: int, rng: random.Random) -> CourtPieceDeal:
        """Shuffle, then packets of 5, 4 and 4 from the caller round in playing order."""
        deck = list(range(52))
        rng.shuffle(deck)
        hands: list[list[Card]] = [[], [], [], []]
        for size in (5, 4, 4):
            for i in range(4):
                seat = (dealer + 1 + i) % 4
                hands[seat].extend(deck[:size])
                del deck[:size]
        return CourtPieceDeal(dealer, tuple(tuple(h) for h in hands))

    def layout_from_json(self, rules: CourtPieceRules, data: Mapping[str, Any]) -> CourtPieceDeal:
        """Read a record's deal: four hands of 13 distinct cards and the dealer."""
        dealer = data.get("dealer")
        if type(dealer) is not int or not 0 <= dealer <= 3:
            raise ValueError(f"dealer must be a seat 0..3, not {dealer!r}")
        hands = data.get("hands")
        if not isinstance(hands, list) or len(hands) != 4:
            raise ValueError("hands must be a list of four hands")
        parsed = []
        for seat, hand in enumerate(hands):
            if not isinstance(hand, list) or len(hand) != 13:
                raise ValueError(f"seat {seat}'s hand must hold 13 cards")
            cards = tuple(parse_card(str(c)) for c in hand)
            if 52 in cards:
                raise ValueError("Court Piece has no joker")
            parsed.append(cards)
        if mask_of(c for h in parsed for c in h).bit_count() != 52:
            raise ValueError("the four hands must hold 52 different cards")
        return CourtPieceDeal(dealer, tuple(parsed))

    def start(self, rules: CourtPieceRules, layout: Any, tally: CourtPieceTally) -> CourtPieceState:
        """The deal before trump is named."""
        return CourtPieceState(rules, layout)

    def settle(
        self,
        rules: CourtPieceRules,
        tally: CourtPieceTally,
        state: Any,
        *,
        time_up: bool = False,
    ) -> Settlement:
        """Score a finished deal under either rule set."""
        assert isinstance(state, CourtPieceState)
        side = state.winning_side()
        assert side is not None
        dealer = state.deal.dealer
        if not rules.courts:
            points = [0, 0]
            points[side] = 2 if state.is_bavney() else 1
            total = (tally.points[0] + points[0], tally.points[1] + points[1])
            over = total[side] >= rules.target
            new = CourtPieceTally(total, (0, 0), tally.deals + 1)
            return Settlement(tuple(points), new, (dealer + 1) % 4, side if over else None, over)
        return _settle_courts(rules, tally, state, side, time_up)

    def tally_view(self, rules: CourtPieceRules, tally: CourtPieceTally) -> dict[str, Any]:
        """The score sheet."""
        if not rules.courts:
            return {"points": list(tally.points), "target": rules.target, "deals": tally.deals}
        session = None if rules.session_end is None else dict([rules.session_end])
        return {
            "courts": list(tally.points),
            "series": list(tally.series),
            "deals": tally.deals,
            "session_end": session,
        }


def _settle_courts(
    rules: CourtPieceRules, tally: CourtPieceTally, state: CourtPieceState, side: int, time_up: bool
) -> Settlement:
    """Courts and series (4.4), the dealer rule (4.5), the end of the session (4.7)."""
    courts = list(tally.points)
    series = list(tally.series)
    court = state.is_court()
    if court:
        series = [0, 0]
    else:
        series[side] += 1
        series[1 - side] = 0
        if series[side] == 7:
            court = True
            series = [0, 0]
    points = [0, 0]
    if court:
        courts[side] += 1
        points[side] = 1
    dealer = state.deal.dealer
    if side == dealer % 2:
        next_dealer = (dealer + 1) % 4
    elif not court:
        next_dealer = dealer
    else:
        next_dealer = (dealer + 2) % 4
    deals = tally.deals + 1
    end = rules.session_end
    over = time_up or (end is not None and end[0] == "deals" and deals >= end[1])
    winner = None
    if over and courts[0] != courts[1]:
        winner = 0 if courts[0] > courts[1] else 1
    new = CourtPieceTally((courts[0], courts[1]), (series[0], series[1]), deals)
    return Settlement((points[0], points[1]), new, next_dealer, winner, over)


COURT_PIECE = CourtPiece()

_CARDS: Final[dict[str, Card]] = CARD_BY_NAME
"""``CARD_BY_NAME`` under a name of this module, read by ``apply`` on every action: measured
in CPython 3.11 (callgrind, fixed hash seed, pure install) it costs about 3% fewer
instructions an action than the imported name, though both compile to the same
specialized instructions; the interpreter's reason was not pinned down."""
