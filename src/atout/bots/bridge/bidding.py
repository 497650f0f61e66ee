"""A natural bidding system (SAYC core) for the bridge bots, with every call explained in words.

The system, in the order the bots apply it:

* **Openings**: 1NT 15-17 balanced; 2NT 20-21 balanced; 2♣ strong (22+);
  one of a five-card major (the longer; spades with 5-5), else one of the
  longer minor (1♦ with 4-4, 1♣ with 3-3) with 12+ points (high-card points
  plus one per card beyond five in a suit); weak twos in ♦ ♥ ♠ (six cards,
  5-10 HCP); three-level preempts (seven cards, 5-10 HCP).
* **Over 1NT**: Stayman 2♣ (8+ HCP and a four-card major), Jacoby transfers
  2♦ → ♥ and 2♥ → ♠ (five cards, any strength), 2NT invitational (8-9),
  3NT (10-15). Opener answers Stayman (2♦ none, 2♥, 2♠) and completes
  transfers.
* **Over a suit opening**: raise partner's major with three (single raise
  6-9, limit raise 10-12, game 13+), a new suit at the one level (4+ cards,
  6+), a new suit at the two level (10+, 4+ cards), 1NT 6-10, 2NT 13-15
  balanced, 3NT 16-17 balanced; 2♦ waiting over 2♣.
* **Competition**: overcalls with a five-card suit (8-16 at the one level,
  10-16 at two), 1NT overcall 15-18 balanced, takeout double (12+ with
  shortness in their suit, or 17+), advancing partner's double in the
  longest unbid suit, raising partner's overcall with three-card support.
* **Later rounds**: the side's combined points (partner's shown by his
  calls) pick game or slam in the best fit, 3NT without one; **Blackwood**
  4NT with 33+ and a fit, answered 5♣ (0 or 4 aces), 5♦ (1), 5♥ (2), 5♠ (3);
  six unless two aces are missing.

:func:`choose_call` returns the system's call, :func:`candidates` the calls
it considers reasonable (the Hard bot chooses among them by simulation),
:func:`explain` a sentence for any call, and :func:`call_meaning` the
hand-independent meaning (point range and suit lengths) used to draw
hidden hands consistent with the auction.

They read the typed view (:class:`~atout.games.bridge.view.BridgeView`: the
hand as a card set, the auction as call codes), as every bot does; a JSON
view is read into it once at the door (:func:`atout.bots.levels.typed`).

>>> view = {"seat": 0, "dealer": 0, "auction": [], "legal": ["pass", "1C", "1NT"],
...         "hand": ["AS", "KS", "9S", "2S", "AH", "3H", "4H", "KD", "5D", "6D", "QC", "7C", "8C"]}
>>> choose_call(view), explain(view, "1NT")
('1NT', '15-17 high-card points, balanced')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from atout.bots.levels import View, typed
from atout.cards import SUIT_MASKS, CardSet
from atout.games.bridge.auction import call_name
from atout.games.bridge.view import BridgeView

__all__ = ["Meaning", "call_meaning", "candidates", "choose_call", "explain", "hand_fits"]

_SUITS = "SHDC"
_STRAINS = ("C", "D", "H", "S", "NT")
_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "no-trumps"}
_RANK_MASKS = tuple(sum(1 << (13 * suit + rank) for suit in range(4)) for rank in range(13))
"""The cards of each rank (0 = twos .. 12 = aces) in every suit, as a card set."""
_ACES, _KINGS, _QUEENS, _JACKS = (_RANK_MASKS[r] for r in (12, 11, 10, 9))


@dataclass(frozen=True, slots=True)
class Meaning:
    """What a call shows: a sentence, a point range, suit lengths (for drawing hands)."""

    text: str
    hcp: tuple[int, int] = (0, 37)
    min_len: Mapping[str, int] = field(default_factory=dict)
    max_len: Mapping[str, int] = field(default_factory=dict)


# Hand evaluation.


def _shape(hand: CardSet) -> dict[str, int]:
    """Cards held in each suit, by its letter."""
    return {letter: (hand & SUIT_MASKS[s]).bit_count() for s, letter in enumerate(_SUITS)}


def _hcp(hand: CardSet) -> int:
    return (
        4 * (hand & _ACES).bit_count()
        + 3 * (hand & _KINGS).bit_count()
        + 2 * (hand & _QUEENS).bit_count()
        + (hand & _JACKS).bit_count()
    )


def _points(hand: CardSet) -> int:
    return _hcp(hand) + sum(max(0, n - 5) for n in _shape(hand).values())


def _balanced(shape: Mapping[str, int]) -> bool:
    lengths = sorted(shape.values())
    return lengths[0] >= 2 and lengths[-1] <= 5 and lengths[1] >= 3 - (lengths[-1] == 5)


def _bid_index(call: str) -> int:
    return (int(call[0]) - 1) * 5 + _STRAINS.index(call[1:])


def _bid_name(index: int) -> str:
    return f"{index // 5 + 1}{_STRAINS[index % 5]}"


def _is_bid(call: str) -> bool:
    return call[:1].isdigit()


def _cheapest(strain: str, above: str | None) -> str:
    """The cheapest bid in ``strain`` above ``above``."""
    last = _bid_index(above) if above else -1
    index = last + 1 + (_STRAINS.index(strain) - (last + 1) % 5) % 5
    return _bid_name(index)


def hand_fits(hand: CardSet, meaning: Meaning) -> bool:
    """Whether a hand agrees with a meaning; used to filter drawn hands."""
    hcp = _hcp(hand)
    if not meaning.hcp[0] <= hcp <= meaning.hcp[1]:
        return False
    shape = _shape(hand)
    # A length "in no-trumps" (a 3NT opening read as a long-suit preempt, a 4NT reply read
    # as a new suit) says nothing of the hand: only suits constrain it.
    if any(shape.get(s, n) < n for s, n in meaning.min_len.items()):
        return False
    return all(shape.get(s, n) <= n for s, n in meaning.max_len.items())


# The auction as the system sees it.


@dataclass(frozen=True, slots=True)
class _Context:
    seat: int
    calls: tuple[tuple[int, str], ...]

    @property
    def bids(self) -> list[tuple[int, str]]:
        return [(s, c) for s, c in self.calls if _is_bid(c)]

    @property
    def last_bid(self) -> str | None:
        bids = self.bids
        return bids[-1][1] if bids else None

    def by(self, seat: int) -> list[str]:
        return [c for s, c in self.calls if s == seat]

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    def opener(self) -> tuple[int, str] | None:
        bids = self.bids
        return bids[0] if bids else None

    def opp_bids(self) -> list[str]:
        return [c for s, c in self.bids if s % 2 != self.seat % 2]

    def doubled_by_partner(self) -> bool:
        for s, c in reversed(self.calls):
            if s == self.partner:
                return c == "X"
        return False


def _context(view: BridgeView) -> _Context:
    """The seat and its auction's calls by name, each with the seat that made it."""
    auction = view.auction
    dealer = auction.dealer
    calls = tuple(((dealer + i) % 4, call_name(c)) for i, c in enumerate(auction.calls))
    seat = view.seat
    assert seat is not None, "a spectator makes no call"
    return _Context(seat, calls)


# Choosing a call.


def choose_call(view: View) -> str:
    """The system's call for this view (always legal)."""
    return candidates(view)[0]


def candidates(view: View) -> list[str]:
    """The reasonable calls, the system's first; all legal, never empty."""
    seen = typed(view, BridgeView)
    legal = list(seen.legal)
    found = _system(_context(seen), seen.hand)
    out = [c for c in found if c in legal]
    if not out:
        out = ["pass"] if "pass" in legal else legal[:1]
    return list(dict.fromkeys(out))


def _system(ctx: _Context, hand: CardSet) -> list[str]:
    ours = [(s, c) for s, c in ctx.bids if s % 2 == ctx.seat % 2]
    theirs = ctx.opp_bids()
    if not ctx.bids:
        return [_opening(hand)]
    if not ours:
        if ctx.doubled_by_partner():
            return [_advance_double(hand, ctx)]
        return _overcall(hand, ctx)
    my_bids = [c for c in ctx.by(ctx.seat) if _is_bid(c)]
    partner_bids = [c for c in ctx.by(ctx.partner) if _is_bid(c)]
    if not my_bids and len(partner_bids) == 1 and not theirs:
        return _respond(hand, partner_bids[0], ctx)
    if len(my_bids) == 1 and len(partner_bids) == 1 and not theirs:
        rebid = _opener_rebid(hand, my_bids[0], partner_bids[0], ctx)
        if rebid:
            return rebid
    return _place(hand, ctx)


def _opening(hand: CardSet) -> str:
    shape, hcp, points = _shape(hand), _hcp(hand), _points(hand)
    balanced = _balanced(shape)
    if hcp >= 22:
        return "2C"
    if balanced and 15 <= hcp <= 17:
        return "1NT"
    if balanced and 20 <= hcp <= 21:
        return "2NT"
    if points >= 12 or hcp + sorted(shape.values())[-1] + sorted(shape.values())[-2] >= 20:
        if shape["S"] >= 5 or shape["H"] >= 5:
            return "1S" if shape["S"] >= shape["H"] else "1H"
        return "1D" if shape["D"] > shape["C"] or (shape["D"] == shape["C"] == 4) else "1C"
    for suit in "SHD":
        if shape[suit] == 6 and 5 <= hcp <= 10:
            return f"2{suit}"
    for suit in "SHDC":
        if shape[suit] >= 7 and 5 <= hcp <= 10:
            return f"3{suit}"
    return "pass"


def _respond(hand: CardSet, opening: str, ctx: _Context) -> list[str]:
    shape, hcp, points = _shape(hand), _hcp(hand), _points(hand)
    if opening == "1NT":
        if shape["H"] >= 5 or shape["S"] >= 5:
            return ["2D" if shape["H"] > shape["S"] else "2H"]
        if hcp >= 8 and (shape["H"] == 4 or shape["S"] == 4):
            return ["2C"]
        if hcp >= 10:
            return ["3NT"]
        if hcp >= 8:
            return ["2NT", "3NT", "pass"]
        return ["pass"]
    if opening == "2C":
        return ["2D"]
    if opening == "2NT":
        return ["3NT"] if hcp >= 5 else ["pass"]
    suit = opening[1]
    level = int(opening[0])
    if level >= 2:  # weak two or preempt: raise to game with support and values
        if suit in "HS" and shape[suit] >= 3 and points >= 16:
            return [f"4{suit}"]
        return ["pass"]
    if suit in "HS" and shape[suit] >= 3 and points >= 6:
        if points >= 13:
            return [f"4{suit}", f"3{suit}"]
        if points >= 10:
            return [f"3{suit}", f"2{suit}"]
        return [f"2{suit}", "pass"]
    if points < 6:
        return ["pass"]
    for new in ("H", "S") if suit in "CD" else ("S",):
        if new != suit and shape[new] >= 4:
            return [_cheapest(new, opening)]
    if suit == "C" and shape["D"] >= 4:
        return ["1D"]
    if points >= 10:
        longest = max(_SUITS, key=lambda s: (shape[s], "CDHS".index(s)))
        if longest != suit and shape[longest] >= 4:
            return [_cheapest(longest, opening)]
    if _balanced(shape) and 13 <= hcp <= 15:
        return ["2NT"]
    if _balanced(shape) and 16 <= hcp <= 17:
        return ["3NT"]
    if suit in "CD" and shape[suit] >= 5 and points <= 10:
        return [f"2{suit}", "1NT"]
    return ["1NT"]


def _opener_rebid(hand: CardSet, opening: str, response: str, ctx: _Context) -> list[str]:
    shape, hcp, points = _shape(hand), _hcp(hand), _points(hand)
    if opening == "1NT":
        if response == "2C":
            if shape["H"] >= 4:
                return ["2H"]
            return ["2S"] if shape["S"] >= 4 else ["2D"]
        if response == "2D":
            return ["2H"]
        if response == "2H":
            return ["2S"]
        if response == "2NT":
            return ["3NT"] if hcp >= 16 else ["pass"]
        return []
    if opening == "2C" and response == "2D":
        longest = max(_SUITS, key=lambda s: (shape[s], "CDHS".index(s)))
        if _balanced(shape):
            return ["2NT"]
        return [_cheapest(longest, "2D")]
    if opening.endswith("NT"):  # 2NT: the system answers 3NT, to play; else place the contract
        return ["pass"] if (opening, response) == ("2NT", "3NT") else []
    suit = opening[1]
    partner_suit = response[1:]
    if response[0] == "2" and partner_suit == suit and suit in "HS":
        if points >= 19:
            return [f"4{suit}"]
        if points >= 16:
            return [f"3{suit}", f"4{suit}"]
        return ["pass"]
    if response[0] == "3" and partner_suit == suit and suit in "HS":
        return [f"4{suit}"] if points >= 14 else ["pass", f"4{suit}"]
    if partner_suit in "HS" and partner_suit != suit and shape[partner_suit] >= 4:
        if points >= 19:
            return [f"4{partner_suit}"]
        if points >= 16:
            return [f"3{partner_suit}"]
        return [_cheapest(partner_suit, response)]
    if response == "1NT":
        if _balanced(shape) and hcp >= 18:
            return ["2NT"]
        if shape[suit] >= 6:
            return [f"2{suit}"]
        return ["pass"]
    if _balanced(shape) and 12 <= hcp <= 14 and response[0] == "1":
        return ["1NT"]
    if _balanced(shape) and 18 <= hcp <= 19:
        return ["2NT" if response[0] == "1" else "3NT"]
    if shape[suit] >= 6:
        return [_cheapest(suit, response)]
    for other in "SHDC":
        if other not in (suit, partner_suit) and shape[other] >= 4:
            bid = _cheapest(other, response)
            if int(bid[0]) <= 2 and (_bid_index(bid) < _bid_index(f"2{suit}") or points >= 16):
                return [bid]
    return [_cheapest(suit, response)] if response[0] == "1" else [_cheapest("NT", response)]


def _overcall(hand: CardSet, ctx: _Context) -> list[str]:
    shape, hcp, points = _shape(hand), _hcp(hand), _points(hand)
    theirs = ctx.opp_bids()
    last = ctx.last_bid
    assert last is not None
    their_suits = {c[1:] for c in theirs if c[1:] != "NT"}
    if len(theirs) == 1 and theirs[0] != "1NT" and theirs[0][0] == "1":
        if 15 <= hcp <= 18 and _balanced(shape):
            return ["1NT"]
        short = all(shape[s] <= 2 for s in their_suits)
        others_ok = all(shape[s] >= 3 for s in _SUITS if s not in their_suits)
        if hcp >= 17 or (hcp >= 12 and short and others_ok):
            return ["X"]
    for suit in sorted(_SUITS, key=lambda s: (-shape[s], "SHDC".index(s))):
        if suit in their_suits or shape[suit] < 5:
            continue
        bid = _cheapest(suit, last)
        need = 8 if bid[0] == "1" else 10 if bid[0] == "2" else 13
        if need <= points <= 17 + 3 * (bid[0] != "1"):
            return [bid]
    return ["pass"]


def _advance_double(hand: CardSet, ctx: _Context) -> str:
    shape, points = _shape(hand), _points(hand)
    last = ctx.last_bid
    their_suits = {c[1:] for c in ctx.opp_bids()}
    options = [s for s in _SUITS if s not in their_suits]
    suit = max(options, key=lambda s: (shape[s], "CDHS".index(s)))
    bid = _cheapest(suit, last)
    if points >= 10 and int(bid[0]) < 3:
        bid = _bid_name(_bid_index(bid) + 5)
    return bid


# Later rounds: place the contract.


def _shown(calls: Sequence[str], opening_seat: bool) -> tuple[int, dict[str, int]]:
    """Partner's points and suit lengths as his calls show them."""
    points = 0
    lengths = dict.fromkeys(_SUITS, 0)
    for i, call in enumerate(calls):
        if call == "X":
            points = max(points, 12)
            continue
        if not _is_bid(call):
            continue
        strain = call[1:]
        level = int(call[0])
        if strain == "NT":
            points = max(
                points,
                {1: 16, 2: 20, 3: 16}.get(level, 12)
                if opening_seat and i == 0
                else {1: 8, 2: 12, 3: 14}.get(level, 10),
            )
            for s in _SUITS:
                lengths[s] = max(lengths[s], 2)
        else:
            lengths[strain] = max(lengths[strain], 5 if strain in "HS" else 4)
            if i == 0 and opening_seat:
                points = max(points, 22 if call == "2C" else 13 if level == 1 else 8)
            else:
                points = max(points, {1: 8, 2: 10, 3: 11}.get(level, 12))
    return points, lengths


def _place(hand: CardSet, ctx: _Context) -> list[str]:
    shape, points = _shape(hand), _points(hand)
    last = ctx.last_bid
    assert last is not None
    partner_calls = ctx.by(ctx.partner)
    opener = ctx.opener()
    partner_opened = opener is not None and opener[0] == ctx.partner
    partner_points, lengths = _shown(partner_calls, partner_opened)
    if not any(_is_bid(c) or c == "X" for c in partner_calls):
        partner_points = 0
    # Blackwood: answer partner's 4NT, then use the answer.
    partner_bids = [c for c in partner_calls if _is_bid(c)]
    my_bids = [c for c in ctx.by(ctx.seat) if _is_bid(c)]
    if partner_bids and partner_bids[-1] == "4NT" and last == "4NT" and len(my_bids) >= 1:
        aces = (hand & _ACES).bit_count()
        return [("5C", "5D", "5H", "5S", "5C")[aces]]
    if my_bids and my_bids[-1] == "4NT" and partner_bids and partner_bids[-1][0] == "5":
        aces = (hand & _ACES).bit_count()
        shown = {"5C": 0, "5D": 1, "5H": 2, "5S": 3}.get(partner_bids[-1], 0)
        if aces + shown == 0:
            shown = 4
        slam_strain = _fit(shape, lengths) or "NT"
        level = 6 if aces + shown >= 3 else 5
        bid = f"{level}{slam_strain}"
        return [bid] if _bid_index(bid) > _bid_index(last) else ["pass"]
    combined = points + partner_points
    fit = _fit(shape, lengths)
    strain = fit or "NT"
    if fit is None and not any(_is_bid(c) for c in partner_calls):
        return ["pass"]
    if combined >= 33 and fit in ("H", "S") and _bid_index(last) < _bid_index("4NT"):
        return ["4NT"]
    target = (
        7
        if combined >= 37
        else 6
        if combined >= 33
        else (3 if strain == "NT" else 4 if strain in "HS" else 5)
        if combined >= 25
        else 2
        if combined >= 20
        else 1
    )
    want = (target - 1) * 5 + _STRAINS.index(strain)
    ours_last = bool(ctx.bids) and ctx.bids[-1][0] % 2 == ctx.seat % 2
    if ours_last and _bid_index(last) >= want:
        return ["pass"]
    if _bid_index(last) >= want:
        return ["pass"]
    cheapest = _cheapest(strain, last)
    jump = target >= 3
    bid = _bid_name(want) if jump else cheapest
    if _bid_index(bid) > want:
        return ["pass"]
    alternatives = [bid]
    if target >= 3 and strain in "HS":
        alternatives.append(
            _cheapest("NT", last) if _bid_index(last) < _bid_index("3NT") else "pass"
        )
    elif target >= 3 and strain == "NT":
        for major in "HS":
            if shape[major] + lengths[major] >= 7:
                alternatives.append(_bid_name(max(_bid_index(f"4{major}"), _bid_index(last) + 1)))
    alternatives.append("pass")
    return alternatives


def _fit(shape: Mapping[str, int], lengths: Mapping[str, int]) -> str | None:
    fits = [s for s in _SUITS if shape[s] + lengths[s] >= 8]
    for suit in ("S", "H"):
        if suit in fits:
            return suit
    return fits[0] if fits else None


# Meanings and explanations.


def call_meaning(calls: Sequence[tuple[int, str]], index: int) -> Meaning:
    """What call number ``index`` of an auction shows, from the calls before it only."""
    seat, call = calls[index]
    ctx = _Context(int(seat), tuple((int(s), str(c)) for s, c in calls[:index]))
    return _interpret(ctx, call)


def explain(view: View, call: str) -> str:
    """A sentence saying what ``call`` would mean now, for the hint button and the table."""
    seen = typed(view, BridgeView)
    ctx = _context(seen)
    meaning = _interpret(ctx, call)
    if seen.hand and call == choose_call(seen) and meaning.text.startswith("natural"):
        return meaning.text + " (the system's choice with this hand)"
    return meaning.text


def _interpret(ctx: _Context, call: str) -> Meaning:
    """The hand-independent meaning of ``call`` after ``ctx``'s calls."""
    bids = ctx.bids
    ours = [(s, c) for s, c in bids if s % 2 == ctx.seat % 2]
    partner_bids = [c for s, c in ours if s == ctx.partner]
    theirs = ctx.opp_bids()
    if call == "pass":
        if not bids:
            return Meaning("pass: fewer than 12 points, no weak two or preempt", (0, 12))
        if not ours and theirs:
            return Meaning("pass: no overcall or double", (0, 16))
        if len(partner_bids) == 1 and not [c for s, c in ours if s == ctx.seat]:
            return Meaning("pass: too weak to respond", (0, 7))
        return Meaning("pass: nothing more to say")
    if call == "X":
        if len(theirs) == 1 and not ours:
            return Meaning(
                "takeout double: 12+ points, short in their suit, support for the others", (11, 37)
            )
        return Meaning("penalty double: they will not make it")
    if call == "XX":
        return Meaning("redouble: we will make it, and more")
    strain = call[1:]
    level = int(call[0])
    name = _NAMES[strain]
    if not bids:
        return _opening_meaning(call, level, strain)
    if not ours:
        if ctx.doubled_by_partner():
            return Meaning(
                f"answer to partner's takeout double: longest suit, {name}",
                min_len={strain: 4} if strain != "NT" else {},
            )
        if call == "1NT":
            return Meaning("1NT overcall: 15-18 high-card points, balanced, a stopper", (15, 18))
        return Meaning(
            f"overcall: five or more {name}, {8 if level == 1 else 10}-17 points",
            (7 if level == 1 else 9, 18),
            min_len={strain: 5} if strain != "NT" else {},
        )
    if len(partner_bids) == 1 and not [c for s, c in ours if s == ctx.seat] and not theirs:
        return _response_meaning(partner_bids[0], call, level, strain)
    if call == "4NT" and partner_bids:
        return Meaning("Blackwood: asks partner how many aces he holds")
    if partner_bids and partner_bids[-1] == "4NT" and level == 5:
        aces = {"C": "0 or 4", "D": "1", "H": "2", "S": "3"}.get(strain, "?")
        return Meaning(f"answer to Blackwood: {aces} aces")
    if partner_bids and partner_bids[0] == "1NT" and len(partner_bids) == 1:
        pass
    if len(bids) >= 2 and ours and ours[0][0] == ctx.seat and len(partner_bids) == 1:
        opening = ours[0][1]
        if opening == "1NT" and partner_bids[0] == "2C":
            return Meaning(
                {
                    "2D": "answer to Stayman: no four-card major",
                    "2H": "answer to Stayman: four hearts",
                    "2S": "answer to Stayman: four spades, not four hearts",
                }.get(call, f"natural: {name}")
            )
        if opening == "1NT" and partner_bids[0] in ("2D", "2H"):
            return Meaning(f"completes partner's transfer: {name}")
        if call == "1NT":
            return Meaning("opener's rebid: 12-14 high-card points, balanced", (12, 14))
        if call == "2NT" and partner_bids[0][0] == "1":
            return Meaning("opener's rebid: 18-19 high-card points, balanced", (18, 19))
        # A raise of partner's no-trumps (1NT 2NT 3NT) shows no suit: read below.
        if strain == partner_bids[0][1:] and strain != "NT":
            return Meaning(f"opener's raise: four {name}", min_len={strain: 4})
        if strain == opening[1:] and strain != "NT":
            return Meaning(f"opener's rebid: six or more {name}", min_len={strain: 6})
    if strain == "NT":
        return Meaning(f"natural: {level}NT to play, stoppers in their suits")
    return Meaning(f"natural: {name}, to play or towards game", min_len={strain: 4})


def _opening_meaning(call: str, level: int, strain: str) -> Meaning:
    name = _NAMES[strain]
    if call == "1NT":
        return Meaning(
            "15-17 high-card points, balanced", (15, 17), max_len=dict.fromkeys(_SUITS, 5)
        )
    if call == "2NT":
        return Meaning(
            "20-21 high-card points, balanced", (20, 21), max_len=dict.fromkeys(_SUITS, 5)
        )
    if call == "2C":
        return Meaning("strong and artificial: 22+ high-card points", (22, 37))
    if level == 1:
        if strain in "HS":
            return Meaning(f"opening: five or more {name}, 12-21 points", (10, 21), {strain: 5})
        return Meaning(
            f"opening: three or more {name}, 12-21 points, no five-card major",
            (10, 21),
            {strain: 3},
            {"H": 4, "S": 4},
        )
    if level == 2:
        return Meaning(f"weak two: six {name}, 5-10 high-card points", (5, 10), {strain: 6})
    if level == 3:
        return Meaning(f"preempt: seven {name}, 5-10 high-card points", (5, 10), {strain: 7})
    return Meaning(f"preempt: long {name}, weak", (0, 12), {strain: 7} if strain != "NT" else {})


def _response_meaning(opening: str, call: str, level: int, strain: str) -> Meaning:
    name = _NAMES[strain]
    if opening == "1NT":
        table = {
            "2C": Meaning("Stayman: asks for a four-card major; 8+ points", (8, 37)),
            "2D": Meaning(
                "Jacoby transfer: five or more hearts, asks partner to bid 2H", min_len={"H": 5}
            ),
            "2H": Meaning(
                "Jacoby transfer: five or more spades, asks partner to bid 2S", min_len={"S": 5}
            ),
            "2NT": Meaning(
                "invitational: 8-9 points, asks partner to bid 3NT with a maximum", (8, 9)
            ),
            "3NT": Meaning("to play: 10-15 points", (10, 15)),
        }
        return table.get(call, Meaning(f"natural: {name}"))
    if opening == "2C" and call == "2D":
        return Meaning("waiting: artificial, any hand")
    if call == "1NT":
        return Meaning("6-10 points, no fit, nothing better to bid", (6, 10))
    if call == "2NT":
        return Meaning("13-15 high-card points, balanced", (13, 15))
    if call == "3NT":
        return Meaning("16-17 high-card points, balanced", (16, 17))
    if strain == opening[1:] and strain in "HS":
        text = {
            2: "single raise: three-card support, 6-9 points",
            3: "limit raise: three-card support, 10-12 points",
            4: "game raise: three-card support, 13+ points",
        }.get(level, "raise")
        lo_hi = {2: (5, 9), 3: (9, 12), 4: (11, 20)}.get(level, (0, 37))
        return Meaning(text, lo_hi, {strain: 3})
    if level == 1:
        return Meaning(f"new suit: four or more {name}, 6+ points, forcing", (6, 37), {strain: 4})
    if strain == opening[1:]:
        return Meaning(f"raise: support for {name}, 6-10 points", (5, 10), {strain: 4})
    return Meaning(
        f"new suit at the two level: four or more {name}, 10+ points, forcing",
        (10, 37),
        {strain: 4},
    )
