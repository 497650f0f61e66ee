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

from atout.cards import JOKER, CardSet
from atout.solver.position import FOLLOW, JOKER_LEAD, JOKER_SUIT, Position

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


class Searcher:
    """One search context: a position, its side, and a transposition table reused across probes.

    The table's entries are bounds on side 0's further tricks from a trick
    boundary, so probes for either side and for any ``need`` share it.
    """

    __slots__ = ("killers", "nodes", "pos", "side", "tt")

    def __init__(self, pos: Position) -> None:
        self.pos = pos
        self.side = 0
        self.tt: dict[int, tuple[int, int]] = {}
        self.killers: dict[int, int] = {}
        """The lead that last decided each trick boundary: tried first next time."""
        self.nodes = 0

    # Public probes.

    def reaches(self, side: int, need: int) -> bool:
        """Whether ``side`` takes at least ``need`` further tricks (current trick included)."""
        self.side = side
        return self._search(need)

    def exact(self, side: int, guess: int | None = None) -> int:
        """``side``'s further tricks with best play by all, by null-window probes from ``guess``."""
        left = self.pos.tricks_left()
        g = min(max(guess if guess is not None else left // 2, 0), left)
        if self.reaches(side, g):
            while g < left and self.reaches(side, g + 1):
                g += 1
            return g
        g -= 1
        while g > 0 and not self.reaches(side, g):
            g -= 1
        return g

    # The search.

    def _search(self, need: int) -> bool:
        """Whether ``self.side`` can take ``need`` more tricks from here: one yes/no alpha-beta."""
        pos = self.pos
        self.nodes += 1
        if need <= 0:
            return True
        side = self.side
        key = 0
        left = 0
        if not pos.trick:
            # A trick boundary: bounds, the table, quick tricks.
            if pos.over:
                return False
            left = pos.hands[pos.leader].bit_count()
            if need > left:
                return False
            key = self._key()
            bound = self.tt.get(key)
            if bound is not None:
                lo, hi = bound if side == 0 else (left - bound[1], left - bound[0])
                if lo >= need:
                    return True
                if hi < need:
                    return False
            quick = quick_tricks(pos)
            if quick:
                if pos.leader & 1 == side:
                    if quick >= need:
                        self._store(key, left, True, need)
                        return True
                elif left - quick < need:
                    self._store(key, left, False, need)
                    return False
        maximizing = pos.turn & 1 == side
        won = pos.won
        before = won[side]
        result = not maximizing
        moves = ordered_moves(pos)
        if key:
            killer = self.killers.get(key)
            if killer is not None and killer in moves and moves[0] != killer:
                moves.remove(killer)
                moves.insert(0, killer)
        for move in moves:
            pos.play(move)
            outcome = self._search(need - (won[side] - before))
            pos.undo()
            if outcome == maximizing:
                result = outcome
                if key:
                    self.killers[key] = move
                break
        if key:
            self._store(key, left, result, need)
        return result

    def _store(self, key: int, left: int, result: bool, need: int) -> None:
        """Tighten the table's bounds on side 0's tricks with one probe's answer."""
        lo, hi = self.tt.get(key, (0, left))
        if self.side == 0:
            if result:
                lo = max(lo, need)
            else:
                hi = min(hi, need - 1)
        elif result:
            hi = min(hi, left - need)
        else:
            lo = max(lo, left - need + 1)
        self.tt[key] = (lo, hi)

    def _key(self) -> int:
        """The suit-relative key of a trick boundary: leader and each suit's owner pattern."""
        pos = self.pos
        h0, h1, h2, h3 = pos.hands
        if pos.skip >= 0:
            # A seat that sits out never plays: its cards are not live.
            hands = [h0, h1, h2, h3]
            hands[pos.skip] = 0
            h0, h1, h2, h3 = hands
        key = pos.leader
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
                    key = key << 3 | 4 | seat
            key = key << 4 | pos.voids >> 4 * pos.leader & 0xF
        return key << 1 | 1


def quick_tricks(pos: Position) -> int:
    """Tricks the leader can cash at once with top cards of his own (a sure lower bound).

    In each suit, count the leader's cards that are the top live cards of the
    suit. Where an opponent could ruff (he holds a trump, or the no-trump
    joker), only as many rounds count as that opponent can follow. Partner
    must never be forced to ruff and take the lead away: the side-suit rounds
    are capped by the plain cards partner has to play on them.
    """
    hands = pos.hands
    leader = pos.leader
    skip = pos.skip
    own = hands[leader]
    partner = (leader + 2) & 3
    lho, rho = (leader + 1) & 3, (leader + 3) & 3
    others = 0
    for seat in (lho, partner, rho):
        if seat != skip:
            others |= hands[seat]
    trump = pos.trump
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
