"""Double-dummy search on a :class:`~atout.solver.position.Position`: alpha-beta with a TT.

The shape is DDS's (``ABsearch.cpp``), cut down to what pays in Python:

* **Null-window probes.** The search answers one yes/no question, "can this
  side take at least ``need`` more tricks?", and exact values come from a few
  probes around a guess. A yes/no search cuts off at the first refutation.
* **A transposition table at trick boundaries**, holding bounds (lowest and
  highest further tricks for side 0) under a *suit-relative* key: each suit
  is reduced to who holds its live cards from the top down, so positions
  that differ only in which small cards are gone share an entry.
* **Equal-card merging.** Cards of one hand with no live card between them
  are the same move; only one of each run is searched.
* **Move ordering** by cheap rules of thumb (cash winners, second hand low,
  win as cheaply as possible, discard from weak suits), and **quick tricks**
  (top cards the leader can cash at once) as a bound before searching.

>>> from atout.cards import mask_of, parse_cards
>>> deal = (["AS", "KS"], ["QS", "2H"], ["3S", "4S"], ["AH", "5S"])
>>> hands = [mask_of(parse_cards(h)) for h in deal]
>>> from atout.solver.position import Position
>>> solve_moves(Position(hands, trump=-1, leader=0))
{11: 2, 12: 2}
"""

from __future__ import annotations

from collections.abc import Callable

from atout.cards import JOKER, CardSet
from atout.solver.position import FOLLOW, JOKER_LEAD, JOKER_SUIT, NO_TRUMP, Position

__all__ = ["Searcher", "best_value", "reaches", "solve_moves"]

_SUIT_BITS = 0x1FFF
_JOKER_BIT = 1 << JOKER
_SUIT_OF = tuple(c // 13 for c in range(52)) + (JOKER_SUIT,)
_PATTERNS: dict[int, int] = {}
"""Suit-relative patterns, shared by every search: ``(four 13-bit holdings) -> owners top down``."""


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


_RUNS: dict[int, tuple[tuple[int, int], ...]] = {}
"""Runs of equal cards, shared by every search: ``held << 13 | live`` -> ``(low, high)`` ranks."""
_SURE: dict[int, tuple[int, int]] = {}
"""A suit pattern -> ``(parity of the top card's side, sure tricks of its top run)``."""


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


def _sure(pattern: int) -> tuple[int, int]:
    """Sure tricks of a trump suit's top run: ``(side holding the top, tricks)``.

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
    out = (parity, max(counts))
    _SURE[pattern] = out
    return out


class Searcher:
    """One search context: a position, and a transposition table reused across probes.

    The table's entries are bounds ``(lo, hi)`` on side 0's further tricks
    from a trick boundary, under a suit-relative key, so probes for either
    side and any ``need`` share it. Each probe copies the position's hands
    into its own list and searches on that (one XOR makes and unmakes a
    card); the position itself is never changed.
    """

    __slots__ = ("_hands", "_probers", "best", "nodes", "pos", "tt")

    def __init__(self, pos: Position) -> None:
        self.pos = pos
        self.tt: dict[int, tuple[int, int]] = {}
        self.best: dict[int, int] = {}
        """The lead that last decided each trick boundary: tried first next time."""
        self.nodes = 0
        self._hands: list[CardSet] = list(pos.hands)
        self._probers: dict[tuple[int, ...], _Prober] = {}

    # Public probes.

    def reaches(self, side: int, need: int) -> bool:
        """Whether ``side`` takes at least ``need`` further tricks (current trick included)."""
        pos = self.pos
        if need <= 0:
            return True
        if pos.over:
            return False
        self._hands[:] = pos.hands
        shape = (side, pos.trump, pos.skip, pos.stop_seat, int(pos.restrict_joker))
        prober = self._probers.get(shape)
        if prober is None:
            prober = self._probers[shape] = _prober(self, side)
        tmask = 0
        for card in pos.trick:
            tmask |= 1 << card
        return prober(
            pos.turn, len(pos.trick), pos.led, pos.best_key, pos.best_seat, tmask, pos.voids, need
        )

    def exact(self, side: int, guess: int | None = None) -> int:
        """``side``'s further tricks with best play by all, by null-window probes from ``guess``.

        At a trick boundary the table's bounds from earlier probes narrow the
        window first (MTD(f) with the table carried over), so a repeated
        question costs a look-up.
        """
        pos = self.pos
        left = pos.tricks_left()
        lo, hi = 0, left
        if not pos.trick and not pos.over:
            voids = pos.voids if pos.restrict_joker and pos.trump == JOKER_SUIT else 0
            bound = self.tt.get(_key(pos.hands, pos.leader, pos.skip, voids))
            if bound is not None:
                lo, hi = bound if side == 0 else (left - bound[1], left - bound[0])
        g = guess if guess is not None else (lo + hi + 1) // 2
        while lo < hi:
            probe = min(max(g, lo + 1), hi)
            if self.reaches(side, probe):
                lo, g = probe, probe + 1
            else:
                hi, g = probe - 1, probe - 1
        return lo


_Prober = Callable[[int, int, int, int, int, int, int, int], bool]
"""``(seat, played, led, best_key, best_seat, trick_mask, voids, need) -> bool``."""


def _key(hands: list[CardSet], leader: int, skip: int, voids: int) -> int:
    """The suit-relative key of a trick boundary: leader, each suit's owner pattern, the joker.

    ``voids`` are the shown voids that still matter (those of the joker's
    holder, when the joker's nomination is restricted), or 0.
    """
    h0, h1, h2, h3 = hands
    if skip >= 0:
        # A seat that sits out never plays: its cards are not live.
        hs = [h0, h1, h2, h3]
        hs[skip] = 0
        h0, h1, h2, h3 = hs
    key = leader
    patterns = _PATTERNS
    for shift in (0, 13, 26, 39):
        packed = (
            (h0 >> shift & _SUIT_BITS)
            | (h1 >> shift & _SUIT_BITS) << 13
            | (h2 >> shift & _SUIT_BITS) << 26
            | (h3 >> shift & _SUIT_BITS) << 39
        )
        pattern = patterns.get(packed)
        if pattern is None:
            pattern = _pattern(packed)
        key = key << 27 | pattern
    if (h0 | h1 | h2 | h3) & _JOKER_BIT:
        for seat, hand in enumerate((h0, h1, h2, h3)):
            if hand & _JOKER_BIT:
                key = (key << 3 | 4 | seat) << 4 | voids >> 4 * seat & 0xF
    return key << 1 | 1


def _prober(searcher: Searcher, side: int) -> _Prober:
    """The yes/no search for ``side`` on ``searcher``'s hands, as a closure over its tables.

    The trick in progress travels in the arguments (cards played, suit led,
    best key and seat so far, the trick's cards, shown voids), so making a
    move is one XOR on a hand and unmaking it one more: nothing else to undo.
    A card's *key* orders it in the trick: its index when of the led suit,
    100 + index when trump, -1 otherwise.
    """
    pos = searcher.pos
    hands = searcher._hands
    tt = searcher.tt
    best_moves = searcher.best
    trump = pos.trump
    skip = pos.skip
    stop = pos.stop_seat
    players = 4 if skip < 0 else 3
    dead = pos.hands[skip] if skip >= 0 else 0
    restrict = pos.restrict_joker
    nominate = restrict and trump == JOKER_SUIT
    bounded = stop < 0
    runs_of = _RUNS
    suit_of = _SUIT_OF
    nxt = tuple(pos.next_seat(s) for s in range(4))
    partner_of = tuple(-1 if (s + 2) & 3 == skip else (s + 2) & 3 for s in range(4))
    trump_base = 13 * trump if 0 <= trump < 4 else -1

    def last_trick(seat: int) -> bool:
        """The last trick, every hand down to one card: who wins it is plain arithmetic."""
        card = hands[seat].bit_length() - 1
        if card == JOKER:
            return seat & 1 == side
        led = suit_of[card]
        best = 100 + card if led == trump else card
        winner = seat
        other = nxt[seat]
        while other != seat:
            c = hands[other].bit_length() - 1
            s = suit_of[c]
            k = 100 + c if s == trump else (c if s == led else -1)
            if k > best:
                best, winner = k, other
            other = nxt[other]
        return winner & 1 == side

    def bounds(seat: int, left: int) -> tuple[int, int]:
        """Side 0's sure tricks and most tricks from a boundary: quick tricks, sure trumps."""
        lower = quick_tricks_of(hands, seat, skip, trump)
        upper = left
        if trump >= 0:
            if trump == JOKER_SUIT:
                holder = -1
                for s in range(4):
                    if hands[s] & _JOKER_BIT and s != skip:
                        holder = s
                if holder >= 0:
                    if holder & 1 == seat & 1:
                        lower = max(lower, 1)
                    else:
                        upper = left - 1
            else:
                shift = 13 * trump
                packed = 0
                for s in range(4):
                    if s != skip:
                        packed |= (hands[s] >> shift & _SUIT_BITS) << 13 * s
                if packed:
                    pattern = _PATTERNS.get(packed) or _pattern(packed)
                    parity, sure = _SURE.get(pattern) or _sure(pattern)
                    if parity == seat & 1:
                        lower = max(lower, sure)
                    else:
                        upper = left - sure
        if seat & 1:
            return left - upper, left - lower
        return lower, upper

    def node(
        seat: int,
        played: int,
        led: int,
        best: int,
        best_seat: int,
        tmask: int,
        voids: int,
        need: int,
    ) -> bool:
        searcher.nodes += 1
        hand = hands[seat]
        maxi = seat & 1 == side
        key = left = 0
        if played == 0:
            left = hand.bit_count()
            if need > left:
                return False
            if left == 1:
                return last_trick(seat)
            key = _key(hands, seat, skip, voids if nominate else 0)
            entry = tt.get(key)
            if entry is None and bounded:
                entry = tt[key] = bounds(seat, left)
            if entry is not None:
                lo, hi = entry if side == 0 else (left - entry[1], left - entry[0])
                if lo >= need:
                    return True
                if hi < need:
                    return False
            moves = leads(seat, hand, voids)
            first = best_moves.get(key)
            if first is not None and moves[0] != first and first in moves:
                moves.remove(first)
                moves.insert(0, first)
        else:
            if need > hand.bit_count():
                return False
            moves = follows(seat, hand, played, led, best, best_seat, tmask)
        result = not maxi
        closing = played + 1 == players
        for move in moves:
            if move > JOKER:
                card, suit_led, k = JOKER, move - JOKER_LEAD, 100 + JOKER
            else:
                card = move
                s = suit_of[card]
                suit_led = s if played == 0 else led
                k = 100 + card if s == trump else (card if s == suit_led else -1)
            hands[seat] = hand ^ 1 << card
            v = voids
            if played and suit_of[card] != led:
                v |= 1 << (4 * seat + led)
            if k > best:
                nb, ns = k, seat
            else:
                nb, ns = best, best_seat
            if closing:
                n2 = need - 1 if ns & 1 == side else need
                if n2 <= 0:
                    outcome = True
                elif ns == stop:
                    outcome = False
                else:
                    outcome = node(ns, 0, -1, -1, -1, 0, v, n2)
            else:
                outcome = node(nxt[seat], played + 1, suit_led, nb, ns, tmask | 1 << card, v, need)
            hands[seat] = hand
            if outcome == maxi:
                result = outcome
                if key:
                    best_moves[key] = move
                break
        if key:
            # Tighten the table's bounds on side 0's tricks with this answer.
            lo, hi = tt.get(key) or (0, left)
            if side == 0:
                if result:
                    lo = max(lo, need)
                else:
                    hi = min(hi, need - 1)
            elif result:
                hi = min(hi, left - need)
            else:
                lo = max(lo, left - need + 1)
            tt[key] = (lo, hi)
        return result

    def live_cards() -> int:
        live = hands[0] | hands[1] | hands[2] | hands[3]
        return live & ~dead if dead else live

    def leads(seat: int, hand: int, voids: int) -> list[int]:
        """Leads, likeliest best first: top winners, then to partner's top, then low from length."""
        live = live_cards()
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

    def follows(
        seat: int, hand: int, played: int, led: int, best: int, best_seat: int, tmask: int
    ) -> list[int]:
        """Follows, likeliest best first, one card per run of equal cards."""
        base = 13 * led
        held = hand >> base & _SUIT_BITS
        partner_wins = best_seat & 1 == seat & 1 and best_seat != seat
        last = played == players - 1
        if held:
            suit_live = (live_cards() | tmask) >> base & _SUIT_BITS
            runs = runs_of.get(held << 13 | suit_live) or _suit_runs(held << 13 | suit_live)
            if len(runs) == 1:
                return [base + runs[0][0]]
            lift = base + (100 if led == trump else 0)
            if partner_wins or (best >= 100 and led != trump) or runs[-1][1] + lift < best:
                return [base + low for low, _ in runs]
            losers = [base + low for low, high in runs if high + lift < best]
            winners = [(base + low, base + high) for low, high in runs if high + lift > best]
            if last:
                return [winners[0][0], *losers, *(low for low, _ in winners[1:])]
            if played == 1 and not (
                suit_live >> (runs[-1][1] + 1) == 0 and trump in (NO_TRUMP, led)
            ):
                return [*losers, *(low for low, _ in winners)]
            return [winners[0][0], *(high for _, high in winners[1:]), *losers]
        # Void in the led suit: ruff or discard.
        live = live_cards() | tmask
        discards: list[tuple[int, int]] = []
        ruffs: list[int] = []
        under: list[int] = []
        for b in (0, 13, 26, 39):
            held = hand >> b & _SUIT_BITS
            if not held:
                continue
            runs = runs_of.get(held << 13 | (live >> b & _SUIT_BITS)) or _suit_runs(
                held << 13 | (live >> b & _SUIT_BITS)
            )
            if b == trump_base:
                for low, high in runs:
                    if 100 + b + high > best:
                        ruffs.append(b + low)
                    else:
                        under.append(b + low)
            else:
                length = held.bit_count()
                for low, _ in runs:
                    discards.append((length * 16 + low, b + low))
        if hand & _JOKER_BIT:
            if trump == JOKER_SUIT:
                ruffs.append(JOKER)
            else:
                discards.append((99, JOKER))
        discards.sort()
        plain = [card for _, card in discards]
        if partner_wins and (last or best >= 100):
            return [*plain, *ruffs, *under]
        return [*ruffs[:1], *plain, *ruffs[1:], *under]

    return node


def quick_tricks(pos: Position) -> int:
    """Tricks the leader can cash at once with top cards of his own (a sure lower bound)."""
    return quick_tricks_of(pos.hands, pos.leader, pos.skip, pos.trump)


def quick_tricks_of(hands: list[CardSet], leader: int, skip: int, trump: int) -> int:
    """:func:`quick_tricks` on raw hands: the leader's cashable top cards (a sure lower bound).

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
    opponents = [s for s in (lho, rho) if s != skip and hands[s] & trump_mask]
    partner_hand = hands[partner] if partner != skip else 0
    trump_rounds = side_rounds = 0
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
    return trump_rounds + side_rounds


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
