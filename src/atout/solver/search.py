"""Double-dummy search on a :class:`~atout.solver.position.Position`: alpha-beta with a TT.

**Two implementations, one search.** :class:`Searcher` runs the C kernel
``atout.solver._dd`` (``_dd.c``, built at install time where a C compiler
exists) when it can, and the Python search below otherwise: no kernel, a
seat sitting out or a stop seat, or ``ATOUT_NATIVE=0``; so does
:class:`MisereSearcher` for misère's yes/no question. Why C: the
ordering below already cuts off at the first move about nine times in ten,
so the cost is nodes times the cost of a node, and a node costs about 11 µs
in Python (3 µs compiled with mypyc) against a fraction of a microsecond in
C, as in DDS. The kernel is a line-by-line port of this module (same
ordering, bounds, table and winning ranks: the same node counts), so the
Python search stays the reference its tests compare against, and the
fallback; both give the same answers.

The shape is DDS's (``ABsearch.cpp``), cut down to what pays in Python:

* **Null-window probes.** The search answers one yes/no question, "can this
  side take at least ``need`` more tricks?", and exact values come from a few
  probes around a guess (MTD(f)-style: the table's bounds from earlier
  probes narrow the window first). A yes/no search cuts off at the first
  refutation.
* **No make/undo records.** A probe searches its own copy of the hands;
  the trick in progress travels in the recursion's arguments, so a card is
  made and unmade by one XOR on a hand. Lead and follow nodes are separate
  functions (closures over the search's tables: locals, not attributes).
* **A transposition table at trick boundaries with winning ranks.** Each
  probe answers, besides yes or no, which cards' ranks decided it (a trick
  won by rank marks its winner, a bound marks the top cards it counted). An
  entry is filed under the exact suit lengths of every hand (and the
  joker's holder) and matches every position whose *top cards down to the
  lowest relevant one* have the same owners: one answer serves all the
  positions that differ below the cards that mattered. Entries hold bounds
  (lowest, highest further tricks of side 0), so probes for either side
  and any target share them.
* **Bounds before searching**, cached in the table: quick tricks (the
  leader's top cards, or partner's reached with a low card) as a lower
  bound; the top trumps of a side, or the no-trump joker, as sure tricks
  whoever leads; the last trick by arithmetic.
* **Equal-card merging** and **move ordering** from tables: a suit's runs
  (cards with no live card between them) are computed once per ``(held,
  live)`` pair and shared by every search, as are the ordered follows
  (fourth hand wins cheaply, second hand low, third hand high) and
  discards (a cheap ruff first, then short suits). A lead that decided a
  boundary before is tried first there.

>>> from atout.cards import mask_of, parse_cards
>>> deal = (["AS", "KS"], ["QS", "2H"], ["3S", "4S"], ["AH", "5S"])
>>> hands = [mask_of(parse_cards(h)) for h in deal]
>>> from atout.solver.position import Position
>>> solve_moves(Position(hands, trump=-1, leader=0))
{11: 2, 12: 2}
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Sequence
from typing import Any

from atout.cards import JOKER, CardSet
from atout.solver.position import FOLLOW, JOKER_LEAD, JOKER_SUIT, NO_TRUMP, Position


def _load_kernel() -> Any:
    """The C kernel ``atout.solver._dd``, or ``None`` where it was not built (no C compiler)."""
    try:
        return importlib.import_module("atout.solver._dd")
    except ImportError:
        return None


_dd = _load_kernel()

__all__ = ["MisereSearcher", "Searcher", "best_value", "reaches", "solve_moves"]

_SUIT_BITS = 0x1FFF
_BASES = (0, 13, 26, 39)
_JOKER_BIT = 1 << JOKER
_SUIT_OF = tuple(c // 13 for c in range(52)) + (JOKER_SUIT,)
_PATTERNS: dict[int, int] = {}
"""Suit-relative patterns, shared by every search: ``(four 13-bit holdings) -> owners top down``."""
_SHAPES: dict[int, tuple[int, int]] = {}
"""``(four 13-bit holdings) -> (owners top down, the four lengths in 4 bits each)``."""
_TOP: dict[int, int] = {}
"""``live << 4 | k`` (one suit) -> its top ``k`` live cards."""


def _pattern(packed: int) -> int:
    """Who holds each live card of one suit, from the top: base-4 digits after a marker 1."""
    pattern = 1
    for rank in range(12, -1, -1):
        for seat in range(4):
            if packed >> (13 * seat + rank) & 1:
                pattern = pattern << 2 | seat
                break
    _PATTERNS[packed] = pattern
    return pattern


def _shape(packed: int) -> tuple[int, int]:
    """A suit's owner pattern and its four lengths, for the winning-ranks table."""
    lengths = 0
    for seat in range(4):
        lengths |= (packed >> 13 * seat & _SUIT_BITS).bit_count() << 4 * seat
    out = (_PATTERNS.get(packed) or _pattern(packed), lengths)
    _SHAPES[packed] = out
    return out


def _top(index: int) -> int:
    """The top ``k`` live cards of one suit (``index = live << 4 | k``)."""
    live, k = index >> 4, index & 15
    out = 0
    while k and live:
        top = 1 << live.bit_length() - 1
        out |= top
        live ^= top
        k -= 1
    _TOP[index] = out
    return out


def _top_cards(live: CardSet, counts: int) -> CardSet:
    """The cards a table entry's owners cover: the top ``counts[s]`` live cards of each suit."""
    out = 0
    for suit in range(4):
        k = counts >> 4 * suit & 15
        if k:
            index = (live >> 13 * suit & _SUIT_BITS) << 4 | k
            out |= (_TOP.get(index) or _top(index)) << 13 * suit
    return out


_RUNS: dict[int, tuple[tuple[int, int], ...]] = {}
"""Runs of equal cards, shared by every search: ``held << 13 | live`` -> ``(low, high)`` ranks."""
_SURE: dict[int, tuple[int, int, int]] = {}
"""A trump suit's pattern -> :func:`_sure`'s ``(side, sure tricks, run length)``."""


def _suit_runs(index: int) -> tuple[tuple[int, int], ...]:
    """The runs of one hand's suit among the live cards: ranks with no other live card between.

    Computed once per ``(held, live)`` pair and kept in ``_RUNS``: the search
    then reads the runs with one dictionary look-up instead of a bit loop.
    """
    held, live = index >> 13, index & _SUIT_BITS
    runs: list[tuple[int, int]] = []
    low = high = -1
    for rank in range(13):
        if held >> rank & 1:
            if low < 0:
                low = rank
            high = rank
        elif live >> rank & 1 and low >= 0:
            runs.append((low, high))
            low = -1
    if low >= 0:
        runs.append((low, high))
    out = tuple(runs)
    _RUNS[index] = out
    return out


_STRADDLE: dict[int, int] = {}
"""``(held << 13 | live) << 4 | rank`` -> the ranks :func:`_straddle` adds."""


def _straddle(index: int) -> int:
    """The low ends of a hand's runs that straddle ``rank``, the lowest relevant rank of a suit.

    An answer proven with one card per run holds for another position only
    if each run is still one run there. Where the relevant cards stop inside
    a run (some members above, some below), the entry would cover positions
    in which those members are no longer equal, and moves never searched:
    the relevant cards must reach down to the run's lowest member.
    """
    rank = index & 15
    out = 0
    for low, high in _RUNS.get(index >> 4) or _suit_runs(index >> 4):
        if low < rank <= high:
            out |= 1 << low
    _STRADDLE[index] = out
    return out


def _widen(rel: CardSet, hand: CardSet, live: CardSet, bases: tuple[int, ...]) -> CardSet:
    """``rel`` widened so that no run of ``hand`` in the suits at ``bases`` straddles its edge."""
    for base in bases:
        r = rel >> base & _SUIT_BITS
        held = hand >> base & _SUIT_BITS
        if not r or not held & (held - 1):
            continue
        rank = (r & -r).bit_length() - 1
        if held >> rank and held & ((1 << rank) - 1):
            index = (held << 13 | (live >> base & _SUIT_BITS)) << 4 | rank
            found = _STRADDLE.get(index)
            if found is None:
                found = _straddle(index)
            rel |= found << base
    return rel


_LOWS: dict[int, tuple[int, ...]] = {}
"""``(held << 13 | live) << 2 | suit`` -> the lowest card of each run, as cards, low first."""


def _lows(index: int) -> tuple[int, ...]:
    """One card per run of equal cards in one suit of a hand, kept in ``_LOWS``."""
    base = 13 * (index & 3)
    runs = _RUNS.get(index >> 2) or _suit_runs(index >> 2)
    out = tuple(base + low for low, _ in runs)
    _LOWS[index] = out
    return out


_FOLLOWS: dict[int, tuple[int, ...]] = {}
"""Follows in the led suit, shared by every search: see :func:`_follow_moves`."""


def _follow_moves(index: int) -> tuple[int, ...]:
    """The follows in the led suit, one per run, likeliest best first, kept in ``_FOLLOWS``.

    ``index`` packs the hand's cards and the live cards of the suit, then
    either nothing (the trick cannot be won or partner wins it: low cards
    first) or the best card's rank, the seat's place in the trick (1 last,
    2 second, 3 third) and whether the suit's top card surely wins (no
    trumps, or trumps led); the led suit is in the low two bits.

    Rules of thumb: fourth hand wins as cheaply as it can; second hand plays
    low unless it holds the suit's top card and that card surely wins;
    third hand plays its cheapest winner, then higher ones.
    """
    base = 13 * (index & 3)
    sure = index >> 2 & 1
    mode = index >> 3 & 3
    rank = index >> 5 & 15
    held_live = index >> 9
    runs = _RUNS.get(held_live) or _suit_runs(held_live)
    winners = [(base + low, base + high) for low, high in runs if high > rank]
    out: tuple[int, ...]
    if mode == 0 or not winners:
        out = tuple(base + low for low, _ in runs)
    else:
        losers = [base + low for low, high in runs if high < rank]
        if mode == 1:
            out = (winners[0][0], *losers, *(low for low, _ in winners[1:]))
        elif mode == 2 and not ((held_live & _SUIT_BITS) >> (runs[-1][1] + 1) == 0 and sure):
            out = (*losers, *(low for low, _ in winners))
        else:
            out = (winners[0][0], *(high for _, high in winners[1:]), *losers)
    _FOLLOWS[index] = out
    return out


def _sure(pattern: int) -> tuple[int, int, int]:
    """Sure tricks of a trump suit's top run: ``(side holding the top, tricks, run length)``.

    Every trump of an unbroken top run held by one side wins the trick it is
    played to, whoever leads; two of them fall in one trick at most when both
    partners play one, so the side surely takes as many tricks as the longer
    of its two shares of the run.
    """
    owners = []
    rest = pattern
    while rest > 1:
        owners.append(rest & 3)
        rest >>= 2
    owners.reverse()  # top card first
    counts = [0, 0, 0, 0]
    parity = owners[0] & 1 if owners else 0
    for owner in owners:
        if owner & 1 != parity:
            break
        counts[owner] += 1
    out = (parity, max(counts), sum(counts))
    _SURE[pattern] = out
    return out


_TABLE_LIMIT = 1 << 20
"""Entries a shared table may hold before it starts afresh (bots solve deal after deal)."""


def _trim_tables() -> None:
    """Empty any shared look-up table grown past ``_TABLE_LIMIT``: they refill on demand."""
    for table in (_PATTERNS, _SHAPES, _TOP, _RUNS, _SURE, _STRADDLE, _LOWS, _FOLLOWS):
        if len(table) > _TABLE_LIMIT:
            table.clear()


class Searcher:
    """One search context: a position, and a transposition table reused across probes.

    The table maps a bucket (leader, suit lengths, joker) to entries
    ``[mask, value, lo, hi, counts]``: bounds on side 0's further tricks for
    every position of the bucket whose owner pattern matches ``value`` under
    ``mask`` (see :func:`_key`). Probes for either side and any ``need``
    share it, and so do the root moves of :func:`solve_moves`. Each probe
    copies the position's hands into its own list and searches on that (one
    XOR makes and unmakes a card); the position itself is never changed.
    """

    __slots__ = ("_hands", "_kernel", "_probers", "_python_nodes", "best", "keys", "pos", "tt")

    def __init__(self, pos: Position) -> None:
        _trim_tables()
        self.pos = pos
        self._kernel: Any = _dd.Search(pos.trump, pos.restrict_joker) if native(pos) else None
        self.tt: dict[int, list[_Entry]] = {}
        self.best: dict[int, int] = {}
        """The lead that last decided each trick boundary: tried first next time."""
        self._python_nodes = 0
        self.keys: dict[tuple[int, ...], tuple[int, int]] = {}
        """Table keys of the trick boundaries met so far, by hands, leader and voids."""
        self._hands: list[CardSet] = list(pos.hands)
        self._probers: dict[tuple[int, ...], _Prober] = {}

    @property
    def nodes(self) -> int:
        """Nodes searched so far, by whichever search runs."""
        return int(self._kernel.nodes) if self._kernel is not None else self._python_nodes

    @nodes.setter
    def nodes(self, value: int) -> None:
        self._python_nodes = value

    @property
    def is_native(self) -> bool:
        """Whether this searcher runs the C kernel (else the Python search)."""
        return self._kernel is not None

    # Public probes.

    def reaches(self, side: int, need: int) -> bool:
        """Whether ``side`` takes at least ``need`` further tricks (current trick included)."""
        pos = self.pos
        if need <= 0:
            return True
        if pos.over:
            return False
        if self._kernel is not None:
            found: bool = self._kernel.reaches(pos.hands, side, need, *_in_trick(pos))
            return found
        self._hands[:] = pos.hands
        shape = (side, pos.trump, pos.skip, pos.stop_seat, int(pos.restrict_joker))
        prober = self._probers.get(shape)
        if prober is None:
            prober = self._probers[shape] = _prober(self, side)
        return bool(prober(*_in_trick(pos), need) & 1)

    def exact(self, side: int, guess: int | None = None) -> int:
        """``side``'s further tricks with best play by all, by null-window probes from ``guess``.

        At a trick boundary the table's bounds from earlier probes narrow the
        window first (MTD(f) with the table carried over), so a repeated
        question costs a look-up.
        """
        pos = self.pos
        left = pos.tricks_left()
        lo, hi = 0, left
        if self._kernel is not None and not pos.trick and not pos.over:
            lo, hi = self._kernel.known(pos.hands, pos.leader, pos.voids)
            if side:
                lo, hi = left - hi, left - lo
        elif not pos.trick and not pos.over:
            voids = pos.voids if pos.restrict_joker and pos.trump == JOKER_SUIT else 0
            bucket, owners = _key(pos.hands, pos.leader, pos.skip, voids)
            for entry in self.tt.get(bucket, ()):
                if owners & entry[0] == entry[1]:
                    e_lo, e_hi = entry[2], entry[3]
                    if side:
                        e_lo, e_hi = left - e_hi, left - e_lo
                    lo, hi = max(lo, e_lo), min(hi, e_hi)
        g = guess if guess is not None else (lo + hi + 1) // 2
        while lo < hi:
            probe = min(max(g, lo + 1), hi)
            if self.reaches(side, probe):
                lo, g = probe, probe + 1
            else:
                hi, g = probe - 1, probe - 1
        return lo


def _in_trick(pos: Position) -> tuple[int, int, int, int, int, int, int]:
    """Where ``pos`` stands in its trick, as both searches take it: the seat to play, cards
    played, suit led, best key and seat so far, the trick's cards as a mask, the voids shown."""
    tmask = 0
    for card in pos.trick:
        tmask |= 1 << card
    return pos.turn, len(pos.trick), pos.led, pos.best_key, pos.best_seat, tmask, pos.voids


def native(pos: Position) -> bool:
    """Whether the C kernel counts tricks for ``pos``: it is built, ``ATOUT_NATIVE`` is not ``0``,
    and the position has no seat sitting out, no stop seat (misère) and no joker outside
    no-trumps."""
    return pos.skip < 0 and pos.stop_seat < 0 and _kernel_allowed(pos)


def _kernel_allowed(pos: Position) -> bool:
    """The kernel is built, not switched off, and the joker (if any) is the no-trump one."""
    if _dd is None or os.environ.get("ATOUT_NATIVE") == "0":
        return False
    if pos.trump == JOKER_SUIT:
        return True
    return not any(h >> JOKER & 1 for h in pos.hands) and JOKER not in pos.trick


_Prober = Callable[[int, int, int, int, int, int, int, int], int]
"""``(seat, played, led, best_key, best_seat, trick_mask, voids, need) -> relevant << 1 | yes``."""


def _key(hands: list[CardSet], leader: int, skip: int, voids: int) -> tuple[int, int]:
    """A trick boundary's table keys: ``(bucket, owners)``.

    ``bucket`` holds what an entry must share exactly: the leader, every
    hand's length in every suit, the joker's holder (and, when the joker's
    nomination is restricted, his shown voids). ``owners`` holds each suit's
    owner pattern from the top, one 27-bit field per suit (suit 0 highest):
    an entry matches when the owners of the cards that decided its answer,
    the top few of each suit, are the same (``owners & mask == value``).
    """
    h0, h1, h2, h3 = hands
    if skip >= 0:
        # A seat that sits out never plays: its cards are not live.
        hs = [h0, h1, h2, h3]
        hs[skip] = 0
        h0, h1, h2, h3 = hs
    bucket = leader
    owners = 0
    shapes = _SHAPES
    for shift in (0, 13, 26, 39):
        packed = (
            (h0 >> shift & _SUIT_BITS)
            | (h1 >> shift & _SUIT_BITS) << 13
            | (h2 >> shift & _SUIT_BITS) << 26
            | (h3 >> shift & _SUIT_BITS) << 39
        )
        pattern, lengths = shapes.get(packed) or _shape(packed)
        owners = owners << 27 | pattern
        bucket = bucket << 16 | lengths
    if (h0 | h1 | h2 | h3) & _JOKER_BIT:
        for seat, hand in enumerate((h0, h1, h2, h3)):
            if hand & _JOKER_BIT:
                bucket = (bucket << 3 | 4 | seat) << 4 | voids >> 4 * seat & 0xF
    return bucket << 1 | 1, owners


def _entry_mask(owners: int, live: CardSet, rel: CardSet) -> tuple[int, int]:
    """The ``owners`` bits and per-suit counts covering the relevant cards ``rel``.

    In each suit, the owners of every live card from the top down to the
    lowest relevant one must match: ``(mask, counts)``, 4 bits of count a suit.
    """
    mask = counts = 0
    for suit in range(4):
        r = rel >> 13 * suit & _SUIT_BITS
        if r:
            suit_live = live >> 13 * suit & _SUIT_BITS
            k = (suit_live >> (r & -r).bit_length() - 1).bit_count()
            n = suit_live.bit_count()
            mask |= ((1 << 2 * k) - 1) << 2 * (n - k) + 27 * (3 - suit)
            counts |= k << 4 * suit
    return mask, counts


_Entry = list[int]
"""A table entry: ``[mask, value, lo, hi, counts]``, bounds on side 0's further tricks."""


def _store(
    entries: list[_Entry], owners: int, live: CardSet, rel: CardSet, lo: int, hi: int, left: int
) -> None:
    """Record bounds ``lo..hi`` (side 0) proven from the owners of the cards ``rel``."""
    mask, counts = _entry_mask(owners, live, rel)
    value = owners & mask
    for entry in entries:
        if entry[0] == mask and entry[1] == value:
            entry[2] = max(entry[2], lo)
            entry[3] = min(entry[3], hi)
            return
    entries.append([mask, value, lo, hi, counts])


def _prober(searcher: Searcher, side: int) -> _Prober:
    """The yes/no search for ``side`` on ``searcher``'s hands, as a closure over its tables.

    The trick in progress travels in the arguments (cards played, suit led,
    best key and seat so far, the trick's cards, shown voids), so making a
    move is one XOR on a hand and unmaking it one more: nothing else to undo.
    A card's *key* orders it in the trick: its index when of the led suit,
    100 + index when trump, -1 otherwise.

    Each call answers ``relevant << 1 | yes``: besides yes or no, the cards
    whose ranks decided the answer (DDS's *winning ranks*): a trick's winner
    when it beat another card of its suit, and the cards a bound relied on.
    Table entries keep only the owners of those cards, so one entry answers
    for every position that differs below them.
    """
    pos = searcher.pos
    hands = searcher._hands
    tt = searcher.tt
    best_moves = searcher.best
    trump = pos.trump
    skip = pos.skip
    stop = pos.stop_seat
    players = 4 if skip < 0 else 3
    last_place = players - 1
    dead = pos.hands[skip] if skip >= 0 else 0
    restrict = pos.restrict_joker
    nominate = restrict and trump == JOKER_SUIT
    bounded = stop < 0
    runs_of = _RUNS
    follow_table = _FOLLOWS
    low_table = _LOWS
    keys = searcher.keys
    suit_of = _SUIT_OF
    follow_of = FOLLOW
    nxt = tuple(pos.next_seat(s) for s in range(4))
    partner_of = tuple(-1 if (s + 2) & 3 == skip else (s + 2) & 3 for s in range(4))
    trump_base = 13 * trump if 0 <= trump < 4 else -1

    def last_trick(seat: int) -> int:
        """The last trick, every hand down to one card: who wins it is plain arithmetic."""
        card = hands[seat].bit_length() - 1
        if card == JOKER:
            return int(seat & 1 == side)
        led = suit_of[card]
        best = 100 + card if led == trump else card
        winner = seat
        played = 1 << card
        other = nxt[seat]
        while other != seat:
            c = hands[other].bit_length() - 1
            played |= 1 << c
            s = suit_of[c]
            k = 100 + c if s == trump else (c if s == led else -1)
            if k > best:
                best, winner = k, other
            other = nxt[other]
        won = best - 100 if best >= 100 else best
        same = played & follow_of[suit_of[won]]
        rel = 1 << won if same & (same - 1) else 0
        return rel << 1 | (winner & 1 == side)

    def bounds(seat: int, left: int, live: CardSet) -> tuple[int, int, int, int]:
        """The leader's side's sure and most tricks, and the cards each relies on."""
        lower, rel_lo = quick_tricks_of(hands, seat, skip, trump)
        upper, rel_hi = left, 0
        if trump == JOKER_SUIT:
            for s in range(4):
                if hands[s] & _JOKER_BIT and s != skip:
                    # The joker wins a trick for its holder's side, whoever leads.
                    if s & 1 == seat & 1:
                        if lower < 1:
                            lower, rel_lo = 1, 0
                    else:
                        upper = left - 1
        elif trump >= 0:
            shift = 13 * trump
            packed = 0
            for s in range(4):
                if s != skip:
                    packed |= (hands[s] >> shift & _SUIT_BITS) << 13 * s
            if packed:
                pattern = _PATTERNS.get(packed) or _pattern(packed)
                parity, sure, run = _SURE.get(pattern) or _sure(pattern)
                index = (live >> shift & _SUIT_BITS) << 4 | run
                cards = (_TOP.get(index) or _top(index)) << shift
                if parity == seat & 1:
                    if sure > lower:
                        lower, rel_lo = sure, cards
                else:
                    upper, rel_hi = left - sure, cards
        return lower, upper, rel_lo, rel_hi

    def boundary(seat: int, voids: int, need: int) -> int:
        """A trick's lead: bounds from the table and quick tricks, then each lead in turn."""
        searcher._python_nodes += 1
        hand = hands[seat]
        left = hand.bit_count()
        if need > left:
            return 0
        if left == 1:
            return last_trick(seat)
        index = (*hands, seat, voids if nominate else 0)
        found = keys.get(index)
        if found is None:
            found = keys[index] = _key(hands, seat, skip, index[5])
        bucket, owners = found
        live = hands[0] | hands[1] | hands[2] | hands[3]
        if dead:
            live &= ~dead
        entries = tt.get(bucket)
        if entries is None:
            entries = tt[bucket] = []
        else:
            for entry in entries:
                if owners & entry[0] == entry[1]:
                    if side == 0:
                        lo, hi = entry[2], entry[3]
                    else:
                        lo, hi = left - entry[3], left - entry[2]
                    if lo >= need:
                        return _top_cards(live, entry[4]) << 1 | 1
                    if hi < need:
                        return _top_cards(live, entry[4]) << 1
        maxi = seat & 1 == side
        if bounded:
            lower, upper, rel_lo, rel_hi = bounds(seat, left, live)
            if lower >= (need if maxi else left - need + 1):
                if seat & 1:
                    _store(entries, owners, live, rel_lo, 0, left - lower, left)
                else:
                    _store(entries, owners, live, rel_lo, lower, left, left)
                return rel_lo << 1 | maxi
            if upper < (need if maxi else left - need + 1):
                if seat & 1:
                    _store(entries, owners, live, rel_hi, left - upper, left, left)
                else:
                    _store(entries, owners, live, rel_hi, 0, upper, left)
                return rel_hi << 1 | (not maxi)
        moves = leads(seat, hand, voids, live)
        first = best_moves.get(bucket)
        if first is not None and moves[0] != first and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        result = not maxi
        rel = 0
        following = nxt[seat]
        for move in moves:
            if move > JOKER:
                card, led, k = JOKER, move - JOKER_LEAD, 100 + JOKER
            else:
                card = move
                led = suit_of[card]
                k = 100 + card if led == trump else card
            bit = 1 << card
            hands[seat] = hand ^ bit
            out = follow(following, 1, led, k, seat, bit, voids, need)
            hands[seat] = hand
            if out & 1 == maxi:
                result = maxi
                rel = out >> 1
                best_moves[bucket] = move
                break
            rel |= out >> 1
        else:
            # Every lead failed: each stood for its run, so no run may straddle.
            rel = _widen(rel, hand, live, _BASES)
        # Record the answer, valid wherever the relevant cards have the same owners.
        if side == 0:
            if result:
                _store(entries, owners, live, rel, need, left, left)
            else:
                _store(entries, owners, live, rel, 0, need - 1, left)
        elif result:
            _store(entries, owners, live, rel, 0, left - need, left)
        else:
            _store(entries, owners, live, rel, left - need + 1, left, left)
        return rel << 1 | result

    def follow(
        seat: int,
        played: int,
        led: int,
        best: int,
        best_seat: int,
        tmask: int,
        voids: int,
        need: int,
    ) -> int:
        """A card after the lead: each follow in turn; the last one closes the trick."""
        searcher._python_nodes += 1
        hand = hands[seat]
        if need > hand.bit_count():
            return 0
        base = 13 * led
        held = hand >> base & _SUIT_BITS
        moves: Sequence[int]
        if not held:
            moves = discards(seat, hand, played, best, best_seat, tmask)
        elif not held & (held - 1):
            moves = (base + held.bit_length() - 1,)
        else:
            live = hands[0] | hands[1] | hands[2] | hands[3] | tmask
            suit_live = (live & ~dead if dead else live) >> base & _SUIT_BITS
            if best_seat & 1 == seat & 1 or (best >= 100 and led != trump):
                index = (held << 13 | suit_live) << 9 | led
            else:
                rank = best - base - (100 if led == trump else 0)
                mode = 1 if played == last_place else (2 if played == 1 else 3)
                index = (((held << 13 | suit_live) << 4 | rank) << 3 | mode << 1) << 2 | led
                if trump in (led, NO_TRUMP):
                    index |= 4
            moves = follow_table.get(index) or _follow_moves(index)
        maxi = seat & 1 == side
        result = not maxi
        rel = 0
        closing = played == last_place
        for card in moves:
            s = suit_of[card]
            bit = 1 << card
            hands[seat] = hand ^ bit
            v = voids if s == led else voids | 1 << (4 * seat + led)
            k = 100 + card if s == trump else (card if s == led else -1)
            if k > best:
                nb, ns = k, seat
            else:
                nb, ns = best, best_seat
            if closing:
                won = nb - 100 if nb >= 100 else nb
                same = (tmask | bit) & follow_of[suit_of[won]]
                extra = 1 << won + 1 if same & (same - 1) else 0
                n2 = need - 1 if ns & 1 == side else need
                if n2 <= 0:
                    out = extra | 1
                elif ns == stop:
                    out = extra
                else:
                    out = boundary(ns, v, n2) | extra
            else:
                out = follow(nxt[seat], played + 1, led, nb, ns, tmask | bit, v, need)
            hands[seat] = hand
            if out & 1 == maxi:
                return out
            rel |= out >> 1
        if rel:
            # Every card failed: each stood for its run, so no run may straddle.
            live = hands[0] | hands[1] | hands[2] | hands[3] | tmask
            rel = _widen(rel, hand, live & ~dead if dead else live, (base,) if held else _BASES)
        return rel << 1 | result

    def node(
        seat: int,
        played: int,
        led: int,
        best: int,
        best_seat: int,
        tmask: int,
        voids: int,
        need: int,
    ) -> int:
        if played == 0:
            return boundary(seat, voids, need)
        return follow(seat, played, led, best, best_seat, tmask, voids, need)

    def leads(seat: int, hand: int, voids: int, live: CardSet) -> list[int]:
        """Leads, likeliest best first: top winners, then to partner's top, then low from length."""
        partner = partner_of[seat]
        mate = hands[partner] if partner >= 0 else 0
        scored: list[tuple[int, int]] = []
        for base in (0, 13, 26, 39):
            held = hand >> base & _SUIT_BITS
            if not held:
                continue
            suit_live = live >> base & _SUIT_BITS
            runs = runs_of.get(held << 13 | suit_live) or _suit_runs(held << 13 | suit_live)
            top = suit_live.bit_length() - 1
            length = held.bit_count()
            last = len(runs) - 1
            for i, (low, high) in enumerate(runs):
                if i == last and high == top:
                    scored.append((1 if base == trump_base else 0, base + high))
                elif i == 0 and mate >> (base + top) & 1:
                    scored.append((2, base + low))
                elif i == 0:
                    scored.append((16 - length, base + low))
                else:
                    scored.append((20 + i, base + low))
        if hand & _JOKER_BIT:
            if trump == JOKER_SUIT:
                others = live & ~hand
                shown = voids >> 4 * seat & 0xF if nominate else 0
                allowed = [s for s in range(4) if not shown >> s & 1] or [0, 1, 2, 3]
                empty = False
                for s in allowed:
                    if others & FOLLOW[s]:
                        scored.append((1, JOKER_LEAD + s))
                    elif not empty:
                        # Naming a suit nobody else holds: all such names are the same move.
                        empty = True
                        scored.append((1, JOKER_LEAD + s))
            else:
                scored.append((30, JOKER))
        scored.sort()
        return [move for _, move in scored]

    def discards(
        seat: int, hand: int, played: int, best: int, best_seat: int, tmask: int
    ) -> list[int]:
        """A void hand's cards, one per run: a cheap ruff, discards from short suits, the rest."""
        live = hands[0] | hands[1] | hands[2] | hands[3] | tmask
        if dead:
            live &= ~dead
        plain: list[tuple[int, tuple[int, ...]]] = []
        ruffs: list[int] = []
        under: list[int] = []
        for suit in range(4):
            b = 13 * suit
            held = hand >> b & _SUIT_BITS
            if not held:
                continue
            if b == trump_base:
                index = held << 13 | (live >> b & _SUIT_BITS)
                for low, high in runs_of.get(index) or _suit_runs(index):
                    if 100 + b + high > best:
                        ruffs.append(b + low)
                    else:
                        under.append(b + low)
            elif not held & (held - 1):
                rank = held.bit_length() - 1
                plain.append((16 + rank, (b + rank,)))
            else:
                index = (held << 13 | (live >> b & _SUIT_BITS)) << 2 | suit
                lows = low_table.get(index) or _lows(index)
                plain.append((held.bit_count() * 16 + lows[0] - b, lows))
        if hand & _JOKER_BIT:
            if trump == JOKER_SUIT:
                ruffs.append(JOKER)
            else:
                plain.append((999, (JOKER,)))
        if len(plain) > 1:
            plain.sort()
        moves = [card for _, cards in plain for card in cards]
        if not ruffs and not under:
            return moves
        if best_seat & 1 == seat & 1 and (played == last_place or best >= 100):
            return [*moves, *ruffs, *under]
        return [*ruffs[:1], *moves, *ruffs[1:], *under]

    return node


def quick_tricks(pos: Position) -> int:
    """Tricks the leader can cash at once with top cards of his own (a sure lower bound)."""
    return quick_tricks_of(pos.hands, pos.leader, pos.skip, pos.trump)[0]


def quick_tricks_of(
    hands: list[CardSet], leader: int, skip: int, trump: int
) -> tuple[int, CardSet]:
    """:func:`quick_tricks` on raw hands, and the cards it relies on (the top runs it cashes).

    In each suit, count the leader's cards that are the top live cards of the
    suit. Where an opponent could ruff (he holds a trump, or the no-trump
    joker), only as many rounds count as that opponent can follow. Partner
    must never be forced to ruff and take the lead away: the side-suit rounds
    are capped by the plain cards partner has to play on them.
    """
    own = hands[leader]
    partner = (leader + 2) & 3
    lho, rho = (leader + 1) & 3, (leader + 3) & 3
    others = 0
    for seat in (lho, partner, rho):
        if seat != skip:
            others |= hands[seat]
    trump_mask = FOLLOW[trump] if trump >= 0 else 0
    opponents: tuple[int, ...] = ()
    if trump_mask:
        if lho != skip and hands[lho] & trump_mask:
            opponents = (lho,)
        if rho != skip and hands[rho] & trump_mask:
            opponents = (*opponents, rho)
    partner_hand = hands[partner] if partner != skip else 0
    trump_rounds = side_rounds = 0
    rel = 0
    for suit in range(5 if own & _JOKER_BIT else 4):
        mask = FOLLOW[suit]
        mine = own & mask
        if not mine:
            continue
        theirs = others & mask
        # The leader's top run: his cards above every other live card of the suit.
        count = 0
        while mine:
            top = mine.bit_length() - 1
            if theirs >> top:
                break
            count += 1
            mine ^= 1 << top
        if not count:
            continue
        rel |= own & mask & ~mine
        if suit == trump:
            trump_rounds += count
            continue
        for seat in opponents:
            count = min(count, (hands[seat] & mask).bit_count())
        side_rounds += count
    if side_rounds and partner_hand & trump_mask:
        plain = (partner_hand & ~trump_mask).bit_count()
        spare = plain - max(0, trump_rounds - (partner_hand & trump_mask).bit_count())
        side_rounds = min(side_rounds, max(spare, 0))
    total = trump_rounds + side_rounds
    if partner_hand:
        # Or: lead low to partner's top cards and let him cash them.
        opposed = others & ~partner_hand
        for suit in range(4):
            mask = FOLLOW[suit]
            mine = own & mask
            theirs = partner_hand & mask
            if not mine or not theirs:
                continue
            opp = opposed & mask
            count = 0
            lowest = 0
            while theirs:
                top = theirs.bit_length() - 1
                if opp >> top:
                    break
                count += 1
                lowest = top
                theirs ^= 1 << top
            # The leader must never win one of these rounds himself.
            if count <= total or mine >> lowest:
                continue
            if suit != trump:
                for seat in opponents:
                    count = min(count, (hands[seat] & mask).bit_count())
                if own & trump_mask:
                    count = min(count, (own & ~trump_mask).bit_count())
            if count > total:
                total = count
                rel = (own | others) & mask & ~((1 << lowest) - 1)
    return total, rel & ~_JOKER_BIT


def ordered_moves(pos: Position) -> list[int]:
    """The moves worth searching, one per run of equal cards, likeliest best first."""
    seat = pos.turn
    hand = pos.hands[seat]
    trick = pos.trick
    live = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3]
    if pos.skip >= 0:
        live &= ~pos.hands[pos.skip]
    for card in trick:
        live |= 1 << card
    if not trick:
        return _leads(pos, hand, live)
    led = pos.led
    follow = hand & FOLLOW[led]
    partner_wins = pos.best_seat & 1 == seat & 1
    last = len(trick) == pos.players - 1
    best_key = pos.best_key
    trump = pos.trump
    if follow:
        runs = _runs(follow, live)
        if trump != led and best_key >= 100:
            # Ruffed already: follow with the lowest card.
            return [low for low, _ in runs]
        lift = 100 if trump == led else 0
        winners = [r for r in runs if r[1] + lift > best_key]
        losers = [low for low, high in runs if high + lift < best_key]
        if partner_wins or not winners:
            return [low for low, _ in runs]
        if last or (len(trick) == 1 and not _second_hand_high(pos, live, winners)):
            # Fourth hand wins as cheaply as it can; second hand plays low.
            if last:
                return [winners[0][0], *(high for _, high in winners[1:]), *losers]
            return [*losers, *(low for low, _ in winners)]
        return [winners[0][0], *(high for _, high in winners[1:]), *losers]
    # Void in the led suit: ruff or discard.
    runs = _runs(hand, live)
    trumps = [r for r in runs if _SUIT_OF[r[0]] == trump]
    discards = [r for r in runs if _SUIT_OF[r[0]] != trump]
    discards.sort(key=lambda r: (hand & FOLLOW[_SUIT_OF[r[0]]]).bit_count() * 16 + r[0] % 13)
    if partner_wins and (last or best_key >= 100):
        return [low for low, _ in discards] + [low for low, _ in trumps]
    ruffs = [low for low, high in trumps if 100 + high > best_key]
    under = [low for low, high in trumps if 100 + high <= best_key]
    return [*ruffs[:1], *(low for low, _ in discards), *ruffs[1:], *under]


def _second_hand_high(pos: Position, live: CardSet, winners: list[tuple[int, int]]) -> bool:
    """Second hand plays high only with the suit's top card (it then surely wins the trick)."""
    suit_live = live & FOLLOW[pos.led]
    top = winners[-1][1]
    return suit_live >> (top + 1) == 0 and pos.trump in (-1, pos.led)


def _leads(pos: Position, hand: CardSet, live: CardSet) -> list[int]:
    """Leads: top winners first, then suits where partner holds the top, then low cards."""
    partner = pos.hands[(pos.turn + 2) & 3] if (pos.turn + 2) & 3 != pos.skip else 0
    scored: list[tuple[int, int]] = []
    joker_lead = pos.trump == JOKER_SUIT and hand & _JOKER_BIT
    for low, high in _runs(hand & ~_JOKER_BIT if joker_lead else hand, live):
        suit = _SUIT_OF[low]
        suit_live = live & FOLLOW[suit]
        top = suit_live.bit_length() - 1
        if high == top:
            scored.append((0 if suit != pos.trump else 1, high))
        elif partner >> top & 1:
            scored.append((2, low))
        else:
            length = (hand & FOLLOW[suit]).bit_count()
            scored.append((3 + (13 - length), low))
    scored.sort()
    moves = [move for _, move in scored]
    if joker_lead:
        moves.extend(JOKER_LEAD + s for s in pos.nominable())
    return moves


def _runs(cards: CardSet, live: CardSet) -> list[tuple[int, int]]:
    """Runs of equal cards: ``(lowest, highest)`` for cards with no other live card between."""
    runs: list[tuple[int, int]] = []
    low = high = -1
    while cards:
        bit = cards & -cards
        card = bit.bit_length() - 1
        cards ^= bit
        if (
            high >= 0
            and _SUIT_OF[card] == _SUIT_OF[high]
            and not live & ((bit - 1) ^ ((2 << high) - 1))
        ):
            high = card
            continue
        if high >= 0:
            runs.append((low, high))
        low = high = card
    if high >= 0:
        runs.append((low, high))
    return runs


def run_members(pos: Position, move: int) -> list[int]:
    """The legal moves equal to ``move`` (its run of equal cards), ``move`` included."""
    if move >= JOKER_LEAD:
        return [move]
    live = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3]
    if pos.skip >= 0:
        live &= ~pos.hands[pos.skip]
    for card in pos.trick:
        live |= 1 << card
    for low, high in _runs(pos.hands[pos.turn], live):
        if low <= move <= high:
            return [c for c in range(low, high + 1) if pos.hands[pos.turn] >> c & 1]
    return [move]


def solve_moves(pos: Position, searcher: Searcher | None = None) -> dict[int, int]:
    """Each legal move's value: the further tricks the side to move takes after it.

    Equal cards are searched once and share their value. Each value is found
    by null-window probes starting from the previous move's value, which is
    usually one probe away.
    """
    searcher = searcher or Searcher(pos)
    side = pos.turn & 1
    legal = set(pos.legal_moves())
    values: dict[int, int] = {}
    guess: int | None = None
    for move in ordered_moves(pos):
        before = pos.won[side]
        pos.play(move)
        gained = pos.won[side] - before
        value = gained + searcher.exact(side, None if guess is None else guess - gained)
        pos.undo()
        guess = value
        for member in run_members(pos, move):
            values[member] = value
    return {m: values[m] for m in sorted(legal)}


def reaches(pos: Position, side: int, need: int) -> bool:
    """Whether ``side`` takes at least ``need`` further tricks with best play by all."""
    return Searcher(pos).reaches(side, need)


def best_value(pos: Position) -> int:
    """The further tricks the side to move takes with best play by all."""
    return Searcher(pos).exact(pos.turn & 1)


class MisereSearcher:
    """Misère questions on one position (changed in place between them), one table for all.

    The C kernel answers where it is built (:func:`_kernel_allowed`), else
    :func:`misere_is_set`; both give the same answers.
    """

    __slots__ = ("_kernel", "pos", "table")

    def __init__(self, pos: Position) -> None:
        self.pos = pos
        self.table: dict[tuple[int, ...], bool] = {}
        allowed = pos.stop_seat >= 0 and _kernel_allowed(pos)
        self._kernel: Any = _dd.Search(pos.trump, pos.restrict_joker) if allowed else None

    @property
    def is_native(self) -> bool:
        """Whether this searcher runs the C kernel (else the Python search)."""
        return self._kernel is not None

    def is_set(self) -> bool:
        """Whether the defenders can force the contractor to take a trick from here."""
        pos = self.pos
        if pos.over:
            return pos.leader == pos.stop_seat
        if self._kernel is None:
            return misere_is_set(pos, self.table)
        found: bool = self._kernel.misere(pos.hands, pos.skip, pos.stop_seat, *_in_trick(pos))
        return found


def misere_is_set(pos: Position, table: dict[tuple[int, ...], bool] | None = None) -> bool:
    """Whether the defenders can force the misère contractor (``pos.stop_seat``) to take a trick.

    A yes/no search of its own: the objective is not a trick count (the deal
    stops at the contractor's first trick), so the contractor minimises and
    the defenders maximise one bit. Exact keys at trick boundaries.
    """
    if table is None:
        table = {}
    if pos.over:
        return pos.leader == pos.stop_seat
    key: tuple[int, ...] | None = None
    if not pos.trick:
        key = pos.key()
        known = table.get(key)
        if known is not None:
            return known
    contractor_moves = pos.turn == pos.stop_seat
    result = contractor_moves
    for move in ordered_moves(pos):
        pos.play(move)
        outcome = misere_is_set(pos, table)
        pos.undo()
        if outcome != contractor_moves:
            result = outcome
            break
    if key is not None:
        table[key] = result
    return result
