"""Bridge calls and the legality of the auction (Laws 17-22).

A call is a small int so that an auction is a tuple of ints and its legality is
a handful of comparisons: bids are ``0..34`` (``(level - 1) * 5 + strain``,
strains in bidding order ♣ ♦ ♥ ♠ NT), then ``PASS`` (35), ``DOUBLE`` (36) and
``REDOUBLE`` (37). :class:`Auction` is immutable and carries the few facts the
Laws need (last bid, who made it, doubled or not, passes since, who first named
each strain for each side), so checking a call never rescans the history.

>>> a = Auction.start(0)
>>> for call in ("1H", "X", "XX", "2C", "X", "pass", "pass", "pass"):
...     a = a.call(parse_call(call))
>>> a.is_over(), a.contract_name(), a.declarer()
(True, '2CX', 3)
>>> [call_name(c) for c in Auction.start(0).call(parse_call("1S")).legal_calls()][:4]
['pass', 'X', '1NT', '2C']
"""

from __future__ import annotations

from typing import Final

from atout._mypyc import mypyc_attr

__all__ = [
    "DOUBLE",
    "PASS",
    "REDOUBLE",
    "STRAIN_LETTERS",
    "Auction",
    "IllegalCall",
    "bid_of",
    "call_name",
    "level_of",
    "parse_call",
    "strain_of",
    "strain_trump",
]

PASS: Final = 35
DOUBLE: Final = 36
REDOUBLE: Final = 37

STRAIN_LETTERS = ("C", "D", "H", "S", "NT")
"""Strains in bidding order: ``strain_of(bid)`` indexes this."""

_CALL_NAMES: Final[tuple[str, ...]] = tuple(
    f"{level}{strain}" for level in range(1, 8) for strain in STRAIN_LETTERS
) + ("pass", "X", "XX")

_PARSE: dict[str, int] = {name.upper(): i for i, name in enumerate(_CALL_NAMES)}
_PARSE.update({f"{level}N": level * 5 - 1 for level in range(1, 8)})
_PARSE.update({"P": PASS, "D": DOUBLE, "DBL": DOUBLE, "R": REDOUBLE, "RDBL": REDOUBLE})
for _sym, _letter in zip("♣♦♥♠", "CDHS", strict=True):
    _PARSE.update({f"{level}{_sym}": _PARSE[f"{level}{_letter}"] for level in range(1, 8)})

_STRAIN_TRUMP: Final = (3, 2, 1, 0, -1)
"""Strain (bidding order) to the card suit that is trump (cards: S=0 H=1 D=2 C=3), or -1."""


class IllegalCall(ValueError):
    """A call the Laws do not allow now; the message says why in a player's words."""


def call_name(call: int) -> str:
    """The canonical notation of a call: ``1C`` .. ``7NT``, ``pass``, ``X``, ``XX``."""
    return _CALL_NAMES[call]


def parse_call(text: str) -> int:
    """Parse a call, case-insensitive (``p``/``pass``, ``x``/``d``/``dbl``, ``xx``/``r``, ``1n``).

    >>> call_name(parse_call("3n")), call_name(parse_call("p")), call_name(parse_call("4♠"))
    ('3NT', 'pass', '4S')
    """
    call = _PARSE.get(text.strip().upper())
    if call is None:
        raise ValueError(f"not a call: {text!r} (a bid 1C..7NT, pass, X or XX)")
    return call


def bid_of(level: int, strain: int) -> int:
    """The call index of the bid ``level`` (1..7) in ``strain`` (0=♣ .. 4=NT)."""
    return (level - 1) * 5 + strain


def level_of(bid: int) -> int:
    """The level (1..7) of a bid."""
    return bid // 5 + 1


def strain_of(bid: int) -> int:
    """The strain of a bid in bidding order (0=♣, 1=♦, 2=♥, 3=♠, 4=NT)."""
    return bid % 5


def strain_trump(strain: int) -> int:
    """The card suit that is trump in ``strain`` (``cards`` numbering), or -1 at no-trumps."""
    return _STRAIN_TRUMP[strain]


_DOUBLED_SUFFIX: Final = ("", "X", "XX")
_LEGAL_NAMES: Final[list[tuple[str, ...] | None]] = [None] * (36 * 3 * 2)
"""The legal calls' names by :meth:`Auction.legal_call_names`'s key, each listed the first time."""


@mypyc_attr(acyclic=True, free_list_len=1)
class Auction:
    """An auction in progress or over. Immutable: :meth:`call` returns a new one.

    A plain class with read-only properties rather than a frozen dataclass:
    compiled with mypyc, building one is then about ten times cheaper, and
    every call of a random auction builds one. It holds ints and tuples of
    ints, never itself: acyclic (see :mod:`atout._mypyc`).

    It has no ``__init__``: its makers (:meth:`start`, :meth:`call`) store every
    slot of an empty ``Auction()``. In pure Python a class without ``__init__``
    is built in C, with no Python frame to pass seven arguments through.
    """

    __slots__ = (
        "_calls",
        "_dealer",
        "_doubled",
        "_last_bid",
        "_last_bidder",
        "_namers",
        "_passes",
    )

    _dealer: int
    _calls: tuple[int, ...]
    _last_bid: int
    _last_bidder: int
    _doubled: int
    _passes: int
    _namers: int

    @property
    def dealer(self) -> int:
        """The seat that calls first."""
        return self._dealer

    @property
    def calls(self) -> tuple[int, ...]:
        """The calls made, in order (call codes)."""
        return self._calls

    @property
    def last_bid(self) -> int:
        """The highest bid so far, or -1."""
        return self._last_bid

    @property
    def last_bidder(self) -> int:
        """Who made ``last_bid``."""
        return self._last_bidder

    @property
    def doubled(self) -> int:
        """0, 1 (doubled) or 2 (redoubled): the state of ``last_bid``."""
        return self._doubled

    @property
    def passes(self) -> int:
        """Consecutive passes at the end of the auction."""
        return self._passes

    @property
    def first_namers(self) -> tuple[int, ...]:
        """``first_namers[side * 5 + strain]``: the first seat of ``side`` to bid ``strain``
        (-1: none yet). Kept packed, three bits each (the seat + 1): a bid then makes no tuple."""
        namers = self._namers
        return tuple((namers >> 3 * key & 7) - 1 for key in range(10))

    @staticmethod
    def start(dealer: int) -> Auction:
        """An empty auction; ``dealer`` calls first."""
        auction = Auction()
        auction._dealer = dealer
        auction._calls = ()
        auction._last_bid = -1
        auction._last_bidder = -1
        auction._doubled = 0
        auction._passes = 0
        auction._namers = 0
        return auction

    def __repr__(self) -> str:
        calls = " ".join(_CALL_NAMES[c] for c in self._calls)
        return f"<Auction dealer={self._dealer} calls={calls!r}>"

    @property
    def turn(self) -> int:
        """The seat to call next (meaningless once over)."""
        return (self._dealer + len(self._calls)) % 4

    def is_over(self) -> bool:
        """Three passes after a bid, or four passes at the start."""
        return self._passes >= 3 and (self._last_bid >= 0 or self._passes == 4)

    def is_passed_out(self) -> bool:
        """All four players passed: no contract."""
        return self._last_bid < 0 and self._passes == 4

    def can_double(self, seat: int) -> bool:
        """Law 19A: the last bid is an opponent's and only passes have followed it."""
        return self._last_bid >= 0 and self._doubled == 0 and (self._last_bidder - seat) % 2 == 1

    def can_redouble(self, seat: int) -> bool:
        """Law 19B: the last non-pass call is an opponent's double of this side's bid."""
        return self._doubled == 1 and (self._last_bidder - seat) % 2 == 0

    def legal_calls(self) -> tuple[int, ...]:
        """The calls open to the seat to act: pass, X, XX, then bids ascending."""
        if self.is_over():
            return ()
        seat = self.turn
        calls = [PASS]
        if self.can_double(seat):
            calls.append(DOUBLE)
        if self.can_redouble(seat):
            calls.append(REDOUBLE)
        calls.extend(range(self._last_bid + 1, 35))
        return tuple(calls)

    def legal_call_names(self) -> tuple[str, ...]:
        """The names of :meth:`legal_calls`, one tuple shared by every auction whose legal
        calls are the same: a list index, where listing them walks up to 37 calls.

        They depend on the last bid, whether it is doubled or redoubled, and
        whether it was made by the side to act (who may redouble) or the other
        (who may double): the key, a list index (no tuple to build and hash).
        """
        passes = self._passes
        if passes >= 3 and (self._last_bid >= 0 or passes == 4):
            return ()
        turn = (self._dealer + len(self._calls)) % 4
        key = ((self._last_bid + 1) * 3 + self._doubled) * 2 + (self._last_bidder - turn) % 2
        names = _LEGAL_NAMES[key]
        if names is None:
            names = _LEGAL_NAMES[key] = tuple(_CALL_NAMES[c] for c in self.legal_calls())
        return names

    def refusal(self, call: int) -> str | None:
        """Why ``call`` is illegal for the seat to act, or ``None`` when it is legal."""
        if self.is_over():
            return "the auction is over"
        seat = self.turn
        if call == PASS:
            return None
        if call == DOUBLE:
            if self.can_double(seat):
                return None
            if self._last_bid < 0:
                return "there is no bid to double"
            if self._doubled:
                return "the last bid is already doubled"
            return "you can double only an opponent's bid, not your partner's"
        if call == REDOUBLE:
            if self.can_redouble(seat):
                return None
            if self._doubled == 1:
                return "you can redouble only an opponent's double, not your partner's"
            return "you can redouble only a double of your side's bid"
        if call <= self._last_bid:
            return f"insufficient bid: {call_name(call)} does not beat {call_name(self._last_bid)}"
        return None

    def call(self, call: int) -> Auction:
        """The auction after the seat to act makes ``call`` (raises :class:`IllegalCall`).

        Legality is decided here in one pass (:meth:`refusal` only words a refusal).
        """
        passes = self._passes
        last_bid = self._last_bid
        if passes >= 3 and (last_bid >= 0 or passes == 4):
            raise IllegalCall("the auction is over")
        new = Auction()
        new._dealer = self._dealer
        new._calls = self._calls + (call,)  # compiled: one concatenation, no list
        if call == PASS:
            new._last_bid = last_bid
            new._last_bidder = self._last_bidder
            new._doubled = self._doubled
            new._passes = passes + 1
            new._namers = self._namers
            return new
        seat = (self._dealer + len(self._calls)) % 4
        if last_bid < call < PASS:
            namers = self._namers
            shift = 3 * (seat % 2 * 5 + call % 5)
            if not namers >> shift & 7:
                namers |= (seat + 1) << shift
            new._last_bid = call
            new._last_bidder = seat
            new._doubled = 0
            new._passes = 0
            new._namers = namers
            return new
        # Law 19: double an opponent's undoubled bid, redouble an opponent's double.
        side = (self._last_bidder - seat) % 2
        doubled = self._doubled
        if (call == DOUBLE and last_bid >= 0 and doubled == 0 and side == 1) or (
            call == REDOUBLE and doubled == 1 and side == 0
        ):
            new._last_bid = last_bid
            new._last_bidder = self._last_bidder
            new._doubled = call - PASS
            new._passes = 0
            new._namers = self._namers
            return new
        raise IllegalCall(self.refusal(call) or f"not a call: {call}")

    def declarer(self) -> int | None:
        """The first player of the contracting side to bid the contract's strain (Law 22)."""
        if self._last_bid < 0:
            return None
        return (self._namers >> 3 * (self._last_bidder % 2 * 5 + self._last_bid % 5) & 7) - 1

    def contract_name(self) -> str | None:
        """The contract so far, e.g. ``4SX``; ``None`` before any bid."""
        if self._last_bid < 0:
            return None
        return call_name(self._last_bid) + _DOUBLED_SUFFIX[self._doubled]

    def history(self) -> list[list[int | str]]:
        """``[[seat, call], ...]`` in the order made (the view form)."""
        return [[(self._dealer + i) % 4, _CALL_NAMES[c]] for i, c in enumerate(self._calls)]
