"""Court Circular's exact endgame solver: the further points difference, all cards known.

Court Circular is not a trick-count game: a trick is won by the better
*line*, its winner picks the next Lead and collects cards worth points
(``rules/court-circular.md``). "All hands known" includes the stock's order.
The objective is the deal's points difference, so this is a minimax on one
integer (negamax with alpha-beta and a transposition table), not the
yes/no trick probes of :mod:`atout.solver.search`.

**Depth.** A trick offers about 6x6x5x5x4x4 card orders (fewer distinct
states: the order of a player's own cards does not matter for lines, and
the table key is the *set* each player put down), times up to six choices of
the next Lead and the concessions. Measured here: the last trick alone
solves in a few milliseconds, the last two tricks (3 cards in the stock) in
1 to 4 seconds, and a whole deal of eight tricks is far out of reach. So
the solver is exact from the point where at most ``max_stock`` cards remain
in the stock (default 3: the last two tricks); earlier positions raise
:class:`SolverLimitError` rather than guess.

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

from typing import Any

from atout.cards import CARD_BY_NAME, CardSet, card_name
from atout.games.court_circular_lines import best_line, card_points

__all__ = ["CircularPosition", "SolverLimitError", "solve_circular"]

HAND_SIZE = 6
PER_TRICK = 3
CONCEDE = -1
"""The move that resigns the trick."""
_LEAD = 64
"""``_LEAD + card``: the trick winner's choice of the next Lead."""


class SolverLimitError(ValueError):
    """The position is too far from the end of the deal for the exact solver."""


_POINTS_UP = tuple(card_points(c, face_up=True) for c in range(52))
_POINTS_DOWN = tuple(card_points(c, face_up=False) for c in range(52))


def _points(cards: CardSet, face_up: bool) -> int:
    table = _POINTS_UP if face_up else _POINTS_DOWN
    total = 0
    while cards:
        low = cards & -cards
        total += table[low.bit_length() - 1]
        cards ^= low
    return total


class CircularPosition:
    """A Court Circular deal that changes in place: ``play(move)`` and ``undo()``.

    ``own[s]`` is the set seat ``s`` has put down in the current trick (the
    order does not matter for lines); ``score`` is seat 0's points minus seat
    1's, collected so far by the search; ``choosing`` is set while the trick
    winner picks the next Lead.
    """

    __slots__ = (
        "_stack",
        "carroll",
        "choosing",
        "drawn",
        "hands",
        "lead",
        "leader",
        "over",
        "own",
        "placed",
        "score",
        "stock",
        "turn",
    )

    def __init__(
        self,
        hands: tuple[CardSet, CardSet],
        lead: int,
        stock: tuple[int, ...],
        leader: int,
        table: tuple[int, ...] = (),
        *,
        choosing: bool = False,
        turn: int | None = None,
        carroll: bool = False,
    ) -> None:
        self.hands = list(hands)
        self.lead = lead
        self.stock = stock
        self.drawn = 0
        self.leader = leader
        self.own = [0, 0]
        for i, card in enumerate(table):
            self.own[leader if i % 2 == 0 else 1 - leader] |= 1 << card
        self.placed = len(table)
        self.choosing = choosing
        self.turn = (leader if len(table) % 2 == 0 else 1 - leader) if turn is None else turn
        self.carroll = carroll
        self.score = 0
        self.over = False
        self._stack: list[tuple[Any, ...]] = []

    def is_last_trick(self) -> bool:
        """The trick began with an empty stock: no resigning, the winner takes everything."""
        return self.drawn == len(self.stock)

    def legal_moves(self) -> list[int]:
        """Cards (by index), then ``CONCEDE`` when allowed; or ``_LEAD + card`` choices."""
        if self.over:
            return []
        if self.choosing:
            table = self.own[0] | self.own[1]
            return [_LEAD + c for c in range(52) if table >> c & 1]
        hand = self.hands[self.turn]
        moves = [c for c in range(52) if hand >> c & 1]
        if self._may_concede():
            moves.append(CONCEDE)
        return moves

    def _may_concede(self) -> bool:
        if self.is_last_trick():
            return False
        mine = self.own[self.turn].bit_count()
        theirs = self.placed - mine
        if mine >= PER_TRICK or theirs >= PER_TRICK:
            return False
        return self.placed > 0 if self.carroll else mine > 0

    def play(self, move: int) -> None:
        """Make ``move`` (a card, ``CONCEDE`` or a Lead choice)."""
        seat = self.turn
        if move >= _LEAD:
            self._choose(move - _LEAD)
            return
        if move == CONCEDE:
            self._stack.append(("end", seat, self.placed))
            self._end_trick(1 - seat)
            return
        self._stack.append(("card", seat, move))
        self.hands[seat] ^= 1 << move
        self.own[seat] |= 1 << move
        self.placed += 1
        if self.placed == 2 * PER_TRICK:
            winner = self.leader if self._leader_wins() else 1 - self.leader
            self._stack.append(("end", seat, self.placed))
            self._end_trick(winner)
        else:
            self.turn = 1 - seat

    def _leader_wins(self) -> bool:
        leader = self.leader
        mine = best_line(self.own[leader], self.lead)
        return mine.beats(best_line(self.own[1 - leader], self.lead))

    def _end_trick(self, winner: int) -> None:
        """Close the trick; the last one's winner takes everything left."""
        self.turn = winner
        if not self.is_last_trick():
            self.choosing = True
            return
        cards = self.own[0] | self.own[1] | 1 << self.lead | self.hands[0] | self.hands[1]
        gained = _points(cards, winner == self.leader)
        self._stack.append(("last", tuple(self.own), tuple(self.hands), gained))
        self.score += gained if winner == 0 else -gained
        self.own = [0, 0]
        self.hands = [0, 0]
        self.over = True

    def _choose(self, card: int) -> None:
        winner = self.turn
        taken = (self.own[0] | self.own[1]) ^ 1 << card | 1 << self.lead
        gained = _points(taken, winner == self.leader)
        record = (
            "lead",
            self.lead,
            self.leader,
            tuple(self.own),
            self.placed,
            tuple(self.hands),
            self.drawn,
            gained,
        )
        self._stack.append(record)
        self.score += gained if winner == 0 else -gained
        self.lead = card
        self.leader = winner
        self.own = [0, 0]
        self.placed = 0
        self.choosing = False
        # Refill one card at a time from the winner, skipping full hands, while the stock lasts.
        seat = winner
        while (
            self.drawn < len(self.stock)
            and min(self.hands[0].bit_count(), self.hands[1].bit_count()) < HAND_SIZE
        ):
            if self.hands[seat].bit_count() < HAND_SIZE:
                self.hands[seat] |= 1 << self.stock[self.drawn]
                self.drawn += 1
            seat = 1 - seat

    def undo(self) -> None:
        """Take back the last move."""
        record = self._stack.pop()
        kind = record[0]
        if kind == "lead":
            _, lead, leader, own, placed, hands, drawn, gained = record
            self.score -= gained if self.turn == 0 else -gained
            self.lead, self.leader, self.own, self.placed = lead, leader, list(own), placed
            self.hands, self.drawn = list(hands), drawn
            self.choosing = True
            return
        if kind == "last":
            _, own, hands, gained = record
            self.score -= gained if self.turn == 0 else -gained
            self.own, self.hands = list(own), list(hands)
            self.over = False
            record = self._stack.pop()
            kind = record[0]
        if kind == "end":
            _, seat, _placed = record
            self.choosing = False
            self.turn = seat
            if self.placed == 2 * PER_TRICK:
                # The trick closed on a card: take that card back too.
                self.undo()
            return
        _, seat, card = record
        self.hands[seat] |= 1 << card
        self.own[seat] ^= 1 << card
        self.placed -= 1
        self.turn = seat

    def key(self) -> tuple[int, ...]:
        """Everything the future depends on (the score so far excluded)."""
        return (
            self.hands[0],
            self.hands[1],
            self.own[0],
            self.own[1],
            self.lead,
            self.drawn,
            self.leader,
            self.turn,
            int(self.choosing),
        )


def _negamax(
    pos: CircularPosition, alpha: int, beta: int, table: dict[tuple[int, ...], tuple[int, int]]
) -> int:
    """The further points difference for the seat to move, within ``(alpha, beta)``."""
    if pos.over:
        return 0
    key = pos.key()
    entry = table.get(key)
    if entry is not None:
        lo, hi = entry
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        alpha, beta = max(alpha, lo), min(beta, hi)
    start_alpha = alpha
    best = -10_000
    seat = pos.turn
    for move in pos.legal_moves():
        before = pos.score
        pos.play(move)
        gained = pos.score - before
        if seat == 1:
            gained = -gained
        if pos.over or pos.turn != seat:
            value = gained - _negamax(pos, -beta + gained, -alpha + gained, table)
        else:
            value = gained + _negamax(pos, alpha - gained, beta - gained, table)
        pos.undo()
        if value > best:
            best = value
            if best > alpha:
                alpha = best
                if alpha >= beta:
                    break
    lo, hi = entry if entry is not None else (-10_000, 10_000)
    if best <= start_alpha:
        hi = min(hi, best)
    elif best >= beta:
        lo = max(lo, best)
    else:
        lo = hi = best
    table[key] = (lo, hi)
    return best


def solve_position(pos: CircularPosition) -> dict[int, int]:
    """Each legal move's further points difference for the seat to move, with best play."""
    table: dict[tuple[int, ...], tuple[int, int]] = {}
    seat = pos.turn
    out: dict[int, int] = {}
    for move in pos.legal_moves():
        before = pos.score
        pos.play(move)
        gained = pos.score - before
        if seat == 1:
            gained = -gained
        rest = _negamax(pos, -10_000, 10_000, table)
        out[move] = gained + (rest if pos.over or pos.turn == seat else -rest)
        pos.undo()
    return out


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


def solve_circular(state: Any, *, max_stock: int = 3) -> dict[str, int]:
    """Each legal action -> the further points difference (mover minus other) with best play.

    Raises :class:`SolverLimitError` while more than ``max_stock`` cards are in the stock.
    """
    stock = len(state.stock)
    if stock > max_stock:
        raise SolverLimitError(
            f"{stock} cards remain in the stock; the exact solver starts at {max_stock} or fewer"
        )
    values = solve_position(from_state(state))
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
