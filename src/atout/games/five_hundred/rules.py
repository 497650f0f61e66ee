"""Five Hundred's tables: the calls and their Avondale values, the pack, trick orders, scoring.

Pure data and small functions, shared by the state, the game object and the bots
(a bot asks :func:`contract_order` how cards rank rather than re-deriving bowers).

>>> from atout.cards import parse_card
>>> order = contract_order(strain_of("6S"))
>>> cards = [parse_card(c) for c in ("9S", "JC", "AS", "JK")]
>>> trick_winner(cards, order), trick_winner(cards[:3], order)
(3, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Final

from atout.cards import JOKER, SUIT_MASKS, CardSet, Suit
from atout.core import InvalidActionError
from atout.games.options import Option
from atout.tricks import TrickOrder, trick_winner

__all__ = [
    "CALL_NAMES",
    "DECK",
    "FiveHundredRules",
    "Phase",
    "call_value",
    "contract_order",
    "game_winner",
    "hand_points",
    "parse_call",
    "strain_of",
    "trick_winner",
]

# The calls. Bids are coded 0..24 in Avondale order (6S 6C 6D 6H 6NT 7S ...), so a
# bid's value is 40 + 20 * code; misère and open misère follow.
STRAINS = ("S", "C", "D", "H", "NT")
STRAIN_SUIT = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, -1)
"""The card suit of each strain (the strains are in Avondale order, not card order)."""
NT: Final = 4
PASS: Final = -1
MISERE: Final = 25
OPEN_MISERE: Final = 26
CALL_NAMES: Final[tuple[str, ...]] = (
    *(f"{tricks}{strain}" for tricks in range(6, 11) for strain in STRAINS),
    "misere",
    "open-misere",
)
"""Canonical names of the calls by code (``pass`` is code -1)."""
CALL_RANK: Final = (*(2 * (40 + 20 * code) for code in range(25)), 500, 999)
"""Auction rank of each call: misère sits between 8S and 8C, open misère between 10D and 10H."""
CALLS_BY_RANK: Final = tuple(sorted(range(27), key=CALL_RANK.__getitem__))
_CALLS: dict[str, int] = {name.upper(): code for code, name in enumerate(CALL_NAMES)}
_CALLS.update({"PASS": PASS, "MISÈRE": MISERE, "OPEN-MISÈRE": OPEN_MISERE})

JOKER_SUIT: Final = 4
"""The joker's effective suit in no-trumps: a one-card trump suit."""
JACK = 9
_LOW = (0b11, 0b111)
"""Ranks left out of a red / black suit: the 2 and 3, and the black 4."""
DECK: Final[CardSet] = (1 << JOKER) | sum(
    SUIT_MASKS[s] & ~(_LOW[not Suit(s).is_red] << 13 * s) for s in range(4)
)
"""The 43 cards of the game."""
SLAM = 250
GAME = 500
OPTIONS = (
    "first_dealer",
    "single_round_bidding",
    "misere",
    "open_misere_expose",
    "misere_defender_trick_points",
    "joker_nominate_restricted",
    "defenders_cannot_win",
)
EXPOSE_CHOICES = ("after_first_trick", "before_lead")
_MISERE = (("misere", True),)
OPTION_SPECS: Final = (
    Option("first_dealer", "seat", None, "who deals first", high=4),
    Option("single_round_bidding", "bool", False, "each player bids once"),
    Option("misere", "bool", False, "misère and open misère may be bid"),
    Option(
        "open_misere_expose",
        "choice",
        "after_first_trick",
        "when an open misère hand is laid face up",
        choices=EXPOSE_CHOICES,
        when=_MISERE,
        when_words="misere",
    ),
    Option(
        "misere_defender_trick_points",
        "bool",
        False,
        "defenders score 10 a trick against a misère",
        when=_MISERE,
        when_words="misere",
    ),
    Option(
        "joker_nominate_restricted",
        "bool",
        True,
        "a joker led in no-trumps may not name a suit its leader showed void in",
    ),
    Option("defenders_cannot_win", "bool", False, "trick points alone never win the game"),
)
"""The options (``rules/five-hundred.md``): the lobby, the CLI and the API read them here."""


class Phase(StrEnum):
    """The stages of a deal, in order. The value is the view's ``phase`` text."""

    AUCTION = "auction"
    KITTY = "kitty"
    """The contractor takes the kitty and discards three cards."""
    PLAY = "play"
    OVER = "over"


def call_value(code: int) -> int:
    """The Avondale value of a call: what it scores if made and loses if set.

    >>> [call_value(parse_call(c)) for c in ("6S", "7H", "8NT", "10H", "10NT", "misere")]
    [40, 200, 320, 500, 520, 250]
    """
    if code == MISERE:
        return 250
    if code == OPEN_MISERE:
        return 500
    return 40 + 20 * code


def parse_call(text: str) -> int:
    """The code of a call (``pass`` -1, bids 0..24, misère 25, open misère 26), any case.

    >>> parse_call("10nt"), parse_call("Pass"), CALL_NAMES[parse_call("open misere")]
    (24, -1, 'open-misere')
    """
    key = "-".join(text.strip().upper().replace("_", " ").split())
    code = _CALLS.get(key)
    if code is None:
        raise InvalidActionError(
            f"not a call: {text!r} (pass, a bid 6S..10NT, misere, open-misere)"
        )
    return code


def strain_of(call: str) -> int:
    """The strain index (0 ♠, 1 ♣, 2 ♦, 3 ♥, 4 NT) a contract is played in; misères are NT."""
    code = parse_call(call)
    return NT if code < 0 or code >= MISERE else code % 5


@cache
def contract_order(strain: int) -> TrickOrder:
    """How cards behave in tricks in a strain (0 ♠, 1 ♣, 2 ♦, 3 ♥, 4 NT).

    Suit contracts: the joker, the right bower and the left bower are the top
    three trumps and belong to the trump suit for following and leading. No
    trumps: the joker is a suit of its own that is trump, so it wins any trick.
    """
    suit = [c // 13 for c in range(52)] + [JOKER_SUIT]
    strength = [c % 13 for c in range(52)] + [13]
    follow = [*SUIT_MASKS, 1 << JOKER]
    if strain == NT:
        return TrickOrder(tuple(suit), tuple(strength), JOKER_SUIT, tuple(follow))
    trump = int(STRAIN_SUIT[strain])
    right, left = 13 * trump + JACK, 13 * (3 - trump) + JACK
    suit[left] = suit[JOKER] = trump
    strength[left], strength[right], strength[JOKER] = 13, 14, 15
    follow[trump] |= 1 << left | 1 << JOKER
    follow[3 - trump] &= ~(1 << left)
    return TrickOrder(tuple(suit), tuple(strength), trump, tuple(follow[:4]))


@dataclass(frozen=True, slots=True)
class FiveHundredRules:
    """The options of a game of Five Hundred (validated by :meth:`FiveHundred.parse_rules`)."""

    first_dealer: int | None = None
    """The first dealer's seat; ``None`` draws it at random."""
    single_round_bidding: bool = False
    """Each player speaks once (American); default is the continuous Australian auction."""
    misere: bool = False
    """Allow misère (250, only after a bid of seven or more) and open misère (500)."""
    open_misere_expose: str = "after_first_trick"
    """When an open misère hand is laid face up: ``after_first_trick`` or ``before_lead``."""
    misere_defender_trick_points: bool = False
    """Whether defenders score 10 a trick against a misère."""
    joker_nominate_restricted: bool = True
    """A joker led in no-trumps may not name a suit its leader has shown void in."""
    defenders_cannot_win: bool = False
    """Trick points alone never win: the winning 500 must come from a made bid."""


def hand_points(
    rules: FiveHundredRules, contract: int, contractor: int, won: tuple[int, int]
) -> tuple[int, int]:
    """Points of each side for a finished deal (Avondale table, slam 250, 10 a defending trick).

    >>> hand_points(FiveHundredRules(), parse_call("8H"), 0, (9, 1))
    (300, 10)
    >>> hand_points(FiveHundredRules(), parse_call("9D"), 1, (2, 8))
    (20, -380)
    """
    side = contractor % 2
    value = call_value(contract)
    taken, defended = won[side], won[1 - side]
    if contract >= MISERE:
        ours = value if taken == 0 else -value
        theirs = 10 * defended if rules.misere_defender_trick_points else 0
    elif taken >= contract // 5 + 6:
        ours = SLAM if taken == 10 and value < SLAM else value
        theirs = 10 * defended
    else:
        ours, theirs = -value, 10 * defended
    return (ours, theirs) if side == 0 else (theirs, ours)


def game_winner(
    rules: FiveHundredRules, scores: tuple[int, int], contractor: int, *, made: bool = True
) -> int | None:
    """The side that has won after a deal, or ``None`` while the game goes on.

    +500 wins and -500 loses; the contractors win when both sides pass 500
    together; with ``defenders_cannot_win`` trick points alone never win.

    ``made`` says whether the contractors made their bid. It matters only with
    ``defenders_cannot_win``: there a side can stand at 500 or more from trick
    points without having won, and if it then bids and is set while still at
    500 or more, it has not won either (the winning total must come from a
    successful bid). By default no side is ever at 500 before a deal, and a set
    contract only lowers the contractors' score, so ``made`` changes nothing.

    >>> game_winner(FiveHundredRules(), (700, 500), 0)
    0
    >>> game_winner(FiveHundredRules(), (-540, 120), 0)
    1
    >>> game_winner(FiveHundredRules(defenders_cannot_win=True), (520, 100), 0, made=False)
    """
    ours, theirs = contractor % 2, 1 - contractor % 2
    if scores[ours] >= GAME and (made or not rules.defenders_cannot_win):
        return ours
    if scores[theirs] >= GAME and not rules.defenders_cannot_win:
        return theirs
    if scores[ours] <= -GAME:
        return theirs
    if scores[theirs] <= -GAME:
        return ours
    return None


DEFAULT_RULES = FiveHundredRules()
