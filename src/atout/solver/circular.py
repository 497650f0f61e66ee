"""Court Circular's exact solver: the further points difference, all cards known.

Court Circular is not a trick-count game: a trick is won by the better
*line*, its winner picks the next Lead and collects cards worth points
(``rules/court-circular.md``). "All cards known" includes the stock's order.
The objective is the deal's points difference, so this is alpha-beta on one
integer with a transposition table, not the yes/no trick probes of
:mod:`atout.solver.search`.

**How.** Values are kept from the point of view of the current trick's
first-hand, so a position needs no seat: the key is both hands, both sets of
cards put down (the order of one's own cards does not matter for lines), the
Lead and how far the stock is drawn. The trick's first-hand maximises, the
other minimises; when a trick closes, its winner picks the Lead that is best
for him and the value changes sides with him. Line strengths are cached as
integers. The last trick (begun with an empty stock) needs no search: its
winner takes everything left, nobody may resign it, and a line is made of
one's own cards only, so the better of the two players' best 3-card
completions wins it. Each root move's value comes from null-window probes
(MTD(f)) sharing the table; moves are tried best-first: the table's move,
then cards by the line they make, the Lead choices by what they collect.

**Depth.** A trick offers a few hundred ways to put down 3 cards each, times
up to six choices of the next Lead and the concessions, and the trees of the
later tricks multiply. Measured (``bench/solver.py``, CPU time on a busy
2-core machine, medians, every action scored): 0.1 to 0.2 s with 3 cards in
the stock (the last two tricks), 0.2 to 0.8 s with 4 or 5 (two tricks, or
three when one is resigned early), about 1.5 s with 6, several seconds with
7, tens of seconds with 9 (three full tricks); a whole deal is far out of
reach. So the solver is exact from the point where at most ``max_stock``
cards remain in the stock (default 5) and within a budget of ``max_nodes``
searched positions; beyond either it raises :class:`SolverLimitError`
rather than guess.

>>> import random
>>> from atout.games import get_game
>>> g = get_game("court-circular")
>>> rules = g.parse_rules({})
>>> state = g.start(rules, g.deal(rules, 0, random.Random(2)), g.new_tally(rules))
>>> solve_circular(state)
Traceback (most recent call last):
...
atout.solver.circular.SolverLimitError: 39 cards remain in the stock; ...
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from atout.cards import CARD_BY_NAME, CardSet, card_name, cards_of
from atout.games.court_circular_lines import card_points, line_strength

__all__ = [
    "CONCEDE",
    "CircularPosition",
    "SolverLimitError",
    "from_state",
    "move_name",
    "solve_circular",
    "solve_position",
]

HAND_SIZE = 6
PER_TRICK = 3
CONCEDE = -1
"""The move that resigns the trick."""
_LEAD = 64
"""``_LEAD + card``: the trick winner's choice of the next Lead."""
_INF = 10_000
DEFAULT_MAX_STOCK = 5
DEFAULT_MAX_NODES = 300_000


class SolverLimitError(ValueError):
    """The position is too far from the end of the deal for the exact solver."""


def _bonus_mask(level: int) -> CardSet:
    """Cards whose face-down value exceeds 1 by at least ``level`` (hearts, court cards)."""
    mask = 0
    for card in range(52):
        if card_points(card, face_up=False) - 1 >= level:
            mask |= 1 << card
    return mask


_BONUS_1 = _bonus_mask(1)
_BONUS_2 = _bonus_mask(2)
_BASE_UP = card_points(0, face_up=True) - card_points(0, face_up=False) + 1


_CARD_UP = tuple(card_points(c, face_up=True) for c in range(52))
_CARD_DOWN = tuple(card_points(c, face_up=False) for c in range(52))


def _points(cards: CardSet, face_up: bool) -> int:
    """What ``cards`` score won face up or face down (base per card plus the bonuses)."""
    return (
        cards.bit_count() * (_BASE_UP if face_up else 1)
        + (cards & _BONUS_1).bit_count()
        + (cards & _BONUS_2).bit_count()
    )


_BITS: dict[int, tuple[int, ...]] = {}
"""Card sets met by the searches -> their cards, low first."""
_LINES: dict[int, int] = {}
"""``own << 6 | lead`` -> :meth:`_Search.line`: pure rules, shared by every search."""
_TABLE_LIMIT = 1 << 18
"""Entries a shared cache may hold before it starts afresh."""


def _bits(cards: CardSet) -> tuple[int, ...]:
    """The cards of a set, low first (cached: the same hands come back again and again)."""
    found = _BITS.get(cards)
    if found is None:
        found = _BITS[cards] = tuple(cards_of(cards))
    return found


def _trim_caches() -> None:
    for cache in (_BITS, _LINES):
        if len(cache) > _TABLE_LIMIT:
            cache.clear()


@dataclass(frozen=True)
class CircularPosition:
    """A Court Circular position as the solver reads it (from :func:`from_state`).

    ``table`` is the current trick's cards in the order put down from its
    first-hand ``leader``; ``choosing`` means the trick is over and ``turn``,
    its winner, picks the next Lead.
    """

    hands: tuple[CardSet, CardSet]
    lead: int
    stock: tuple[int, ...]
    leader: int
    table: tuple[int, ...] = ()
    choosing: bool = False
    turn: int | None = None
    carroll: bool = False

    def own(self, seat: int) -> CardSet:
        """The cards ``seat`` has put down in the current trick."""
        start = 0 if seat == self.leader else 1
        mask = 0
        for card in self.table[start::2]:
            mask |= 1 << card
        return mask

    def mover(self) -> int:
        """The seat to act."""
        if self.turn is not None:
            return self.turn
        return self.leader if len(self.table) % 2 == 0 else 1 - self.leader


class _Search:
    """One search: the stock, the options, the tables, the node budget.

    Positions are plain integers passed down the recursion: ``hl``/``hf``
    the hands of the trick's first-hand and of the other, ``ol``/``of``
    what each has put down, ``lead`` and ``drawn`` (cards taken from the
    stock so far). Values are the first-hand's further points minus the
    other's.
    """

    def __init__(self, stock: tuple[int, ...], carroll: bool, max_nodes: int) -> None:
        self.stock = stock
        self.size = len(stock)
        self.carroll = carroll
        self.nodes = 0
        self.max_nodes = max_nodes
        self.table: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.last_table: dict[tuple[int, ...], bool] = {}
        self.completions: dict[tuple[int, int, int], int] = {}
        _trim_caches()

    @staticmethod
    def line(own: CardSet, lead: int) -> int:
        """The strength of the best line of ``own`` with ``lead``, as one integer."""
        index = own << 6 | lead
        found = _LINES.get(index)
        if found is None:
            found = _LINES[index] = line_strength(own, lead)
        return found

    def refill(self, winner: CardSet, loser: CardSet, drawn: int) -> tuple[int, int, int]:
        """One card at a time from the trick's winner, skipping full hands, while stock lasts."""
        hands = [winner, loser]
        seat = 0
        stock = self.stock
        while drawn < self.size and min(hands[0].bit_count(), hands[1].bit_count()) < HAND_SIZE:
            if hands[seat].bit_count() < HAND_SIZE:
                hands[seat] |= 1 << stock[drawn]
                drawn += 1
            seat ^= 1
        return hands[0], hands[1], drawn

    def may_concede(self, mine: int, theirs: int) -> bool:
        """Resigning on one's turn in a trick that is not the last (1.3)."""
        if mine >= PER_TRICK or theirs >= PER_TRICK:
            return False
        return mine + theirs > 0 if self.carroll else mine > 0

    # The trick in progress.

    def trick(
        self, hl: int, hf: int, ol: int, of: int, lead: int, drawn: int, alpha: int, beta: int
    ) -> int:
        """The first-hand's further points difference, within ``(alpha, beta)``."""
        if drawn == self.size:
            everything = hl | hf | ol | of | 1 << lead
            if self.last(hl, hf, ol, of, lead):
                return _points(everything, True)
            return -_points(everything, False)
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SolverLimitError(f"more than {self.max_nodes} positions to search")
        key = (hl, hf, ol, of, lead, drawn)
        entry = self.table.get(key)
        first = CONCEDE - 1
        if entry is not None:
            lo, hi, first = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        start_alpha, start_beta = alpha, beta
        nl = ol.bit_count()
        nf = of.bit_count()
        leader_turn = nl == nf
        moves = self.order(hl if leader_turn else hf, ol if leader_turn else of, lead, first)
        if self.may_concede(nl if leader_turn else nf, nf if leader_turn else nl):
            moves.append(CONCEDE)
        best_move = moves[0]
        if leader_turn:
            best = -_INF
            for move in moves:
                if move == CONCEDE:
                    value = self.close(hl, hf, ol, of, lead, drawn, False, alpha, beta)
                else:
                    bit = 1 << move
                    value = self.trick(hl ^ bit, hf, ol | bit, of, lead, drawn, alpha, beta)
                if value > best:
                    best, best_move = value, move
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
        else:
            best = _INF
            for move in moves:
                if move == CONCEDE:
                    value = self.close(hl, hf, ol, of, lead, drawn, True, alpha, beta)
                else:
                    bit = 1 << move
                    if nf + 1 == PER_TRICK:
                        wins = self.line(ol, lead) > self.line(of | bit, lead)
                        value = self.close(
                            hl, hf ^ bit, ol, of | bit, lead, drawn, wins, alpha, beta
                        )
                    else:
                        value = self.trick(hl, hf ^ bit, ol, of | bit, lead, drawn, alpha, beta)
                if value < best:
                    best, best_move = value, move
                    if best < beta:
                        beta = best
                        if alpha >= beta:
                            break
        lo, hi = -_INF, _INF
        if entry is not None:
            lo, hi = entry[0], entry[1]
        if best <= start_alpha:
            hi = min(hi, best)
        elif best >= start_beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.table[key] = (lo, hi, best_move)
        return best

    def order(self, hand: int, own: int, lead: int, first: int) -> list[int]:
        """The cards of ``hand``: the table's best move first, then by the line they make."""
        line = self.line
        cards = sorted(_bits(hand), key=lambda c: -line(own | 1 << c, lead))
        if first in cards:
            cards.remove(first)
            cards.insert(0, first)
        return cards

    def close(
        self,
        hl: int,
        hf: int,
        ol: int,
        of: int,
        lead: int,
        drawn: int,
        leader_wins: bool,
        alpha: int,
        beta: int,
    ) -> int:
        """The trick is won: its winner picks the next Lead. The first-hand's value."""
        if leader_wins:
            return self.choose(hl, hf, ol | of, lead, drawn, True, alpha, beta)
        return -self.choose(hf, hl, ol | of, lead, drawn, False, -beta, -alpha)

    def choose(
        self,
        winner: int,
        loser: int,
        table: int,
        lead: int,
        drawn: int,
        face_up: bool,
        alpha: int,
        beta: int,
    ) -> int:
        """The winner's best points difference over his choices of the next Lead."""
        total = _points(table | 1 << lead, face_up)
        worth = _CARD_UP if face_up else _CARD_DOWN
        hw, hl, now = self.refill(winner, loser, drawn)
        best = -_INF
        # The cheapest card kept as the Lead collects the most: try it first.
        for card in sorted(_bits(table), key=worth.__getitem__):
            gained = total - worth[card]
            value = gained + self.trick(hw, hl, 0, 0, card, now, alpha - gained, beta - gained)
            if value > best:
                best = value
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        return best

    # The last trick: only who wins it matters.

    def last(self, hl: int, hf: int, ol: int, of: int, lead: int) -> bool:
        """Whether the first-hand wins the last trick with best play.

        Nobody may resign it and nothing comes after it, and a line is made of
        one's own cards only: each player can do no better than his best
        3-card completion, and nothing the other does can stop him making it.
        So the better of the two best completions wins (two players' lines
        never tie).
        """
        key = (hl, hf, ol, of, lead)
        found = self.last_table.get(key)
        if found is None:
            found = self.best_completion(hl, ol, lead) > self.best_completion(hf, of, lead)
            self.last_table[key] = found
        return found

    def best_completion(self, hand: int, own: int, lead: int) -> int:
        """The strongest line ``own`` can become with cards of ``hand``, to 3 cards."""
        need = PER_TRICK - own.bit_count()
        if need <= 0:
            return self.line(own, lead)
        key = (hand, own, lead)
        found = self.completions.get(key)
        if found is None:
            line = self.line
            found = max(line(own | extra, lead) for extra in _subsets(hand, need))
            self.completions[key] = found
        return found


_SUBSETS: dict[tuple[int, int], tuple[int, ...]] = {}


def _subsets(hand: CardSet, size: int) -> tuple[int, ...]:
    """Every ``size``-card subset of ``hand`` as a bitmask (cached)."""
    found = _SUBSETS.get((hand, size))
    if found is None:
        if len(_SUBSETS) > _TABLE_LIMIT >> 2:
            _SUBSETS.clear()
        found = tuple(sum(1 << c for c in chosen) for chosen in combinations(_bits(hand), size))
        _SUBSETS[(hand, size)] = found
    return found


def solve_position(pos: CircularPosition, *, max_nodes: int = DEFAULT_MAX_NODES) -> dict[int, int]:
    """Each legal move's further points difference for the seat to move, with best play.

    Each move's value is found by null-window probes around a guess (the
    previous move's value), which prune far more than one wide window; the
    probes share the transposition table. Raises :class:`SolverLimitError`
    when more than ``max_nodes`` positions would be searched.
    """
    search = _Search(pos.stock, pos.carroll, max_nodes)
    out: dict[int, int] = {}
    guess = 0
    for move, probe in _root_moves(pos, search):
        guess = out[move] = _converge(probe, guess)
    return out


Probe = Callable[[int, int], int]
"""A move's value for the seat to move, searched within ``(alpha, beta)``."""


def _root_moves(pos: CircularPosition, search: _Search) -> list[tuple[int, Probe]]:
    """The legal moves of ``pos``, each with its probe."""
    mover = pos.mover()
    leader = pos.leader
    lead = pos.lead
    ol, of = pos.own(leader), pos.own(1 - leader)
    hl, hf = pos.hands[leader], pos.hands[1 - leader]
    moves: list[tuple[int, Probe]] = []
    if pos.choosing:
        hw, hlos, now = search.refill(pos.hands[mover], pos.hands[1 - mover], 0)
        face_up = mover == leader
        for card in _bits(ol | of):
            gained = _points((ol | of) ^ 1 << card | 1 << lead, face_up)

            def chosen(a: int, b: int, gained: int = gained, card: int = card) -> int:
                return gained + search.trick(hw, hlos, 0, 0, card, now, a - gained, b - gained)

            moves.append((_LEAD + card, chosen))
        return moves
    leader_turn = mover == leader

    def for_mover(leader_value: Probe) -> Probe:
        if leader_turn:
            return leader_value
        return lambda a, b: -leader_value(-b, -a)

    nl, nf = ol.bit_count(), of.bit_count()
    for card in _bits(hl if leader_turn else hf):
        bit = 1 << card
        if leader_turn:
            moves.append((card, _played(search, hl ^ bit, hf, ol | bit, of, lead)))
        elif nf + 1 == PER_TRICK:
            moves.append((card, for_mover(_closed(search, hl, hf ^ bit, ol, of | bit, lead))))
        else:
            moves.append((card, for_mover(_played(search, hl, hf ^ bit, ol, of | bit, lead))))
    mine, theirs = (nl, nf) if leader_turn else (nf, nl)
    if search.size and search.may_concede(mine, theirs):

        def conceded(a: int, b: int) -> int:
            return search.close(hl, hf, ol, of, lead, 0, not leader_turn, a, b)

        moves.append((CONCEDE, for_mover(conceded)))
    return moves


def _played(search: _Search, hl: int, hf: int, ol: int, of: int, lead: int) -> Probe:
    """The first-hand's value once a card is down and the trick goes on."""
    return lambda a, b: search.trick(hl, hf, ol, of, lead, 0, a, b)


def _closed(search: _Search, hl: int, hf: int, ol: int, of: int, lead: int) -> Probe:
    """The first-hand's value once the trick's last card is down."""
    wins = search.line(ol, lead) > search.line(of, lead)
    if search.size == 0:
        everything = hl | hf | ol | of | 1 << lead
        value = _points(everything, True) if wins else -_points(everything, False)
        return lambda a, b: value
    return lambda a, b: search.close(hl, hf, ol, of, lead, 0, wins, a, b)


def _converge(probe: Probe, guess: int) -> int:
    """The exact value by null-window probes from ``guess`` (MTD(f))."""
    lower, upper = -_INF, _INF
    value = guess
    while lower < upper:
        beta = value + 1 if value == lower else value
        value = probe(beta - 1, beta)
        if value < beta:
            upper = value
        else:
            lower = value
    return value


def from_state(state: Any) -> CircularPosition:
    """The solver's position for a Court Circular state."""
    from atout.games.court_circular import Phase  # noqa: PLC0415

    if state.phase is Phase.OVER:
        raise ValueError("the deal is over: nothing to solve")
    return CircularPosition(
        (state.hand(0), state.hand(1)),
        state.lead,
        tuple(state.stock),
        state.leader,
        tuple(state.trick_cards()),
        choosing=state.phase is Phase.LEAD,
        turn=state.turn,
        carroll=state.rules.carroll_resign,
    )


def solve_circular(
    state: Any, *, max_stock: int = DEFAULT_MAX_STOCK, max_nodes: int = DEFAULT_MAX_NODES
) -> dict[str, int]:
    """Each legal action -> the further points difference (mover minus other) with best play.

    Raises :class:`SolverLimitError` while more than ``max_stock`` cards are
    in the stock, or when the search would visit more than ``max_nodes`` positions.
    """
    stock = len(state.stock)
    if stock > max_stock:
        raise SolverLimitError(
            f"{stock} cards remain in the stock; the exact solver starts at {max_stock} or fewer"
        )
    values = solve_position(from_state(state), max_nodes=max_nodes)
    out: dict[str, int] = {}
    for action in state.legal_actions():
        move = _move(action)
        if move in values:
            out[action] = values[move]
    return out


def _move(action: str) -> int:
    if action == "concede":
        return CONCEDE
    if action.startswith("lead "):
        return _LEAD + CARD_BY_NAME[action[5:]]
    return CARD_BY_NAME[action]


def move_name(move: int) -> str:
    """A move in Court Circular notation."""
    if move == CONCEDE:
        return "concede"
    if move >= _LEAD:
        return f"lead {card_name(move - _LEAD)}"
    return card_name(move)
