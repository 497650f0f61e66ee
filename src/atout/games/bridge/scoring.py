"""Bridge scoring as pure functions: Law 77 (duplicate), Rubber Laws 72-81, Law 2.

Nothing here knows about states or auctions: a contract is ``(level, strain,
doubled)`` with strains in bidding order (0=♣, 1=♦, 2=♥, 3=♠, 4=NT) and
``doubled`` 0, 1 (X) or 2 (XX), so the tables can be checked on their own
against the spec's examples and against other scorers.

>>> duplicate_score(4, 3, 0, False, 11)      # 4♠ NV making 11: 120 + 300 + 30
450
>>> duplicate_score(3, 4, 1, True, 7)        # 3NT X V down 2
-500
>>> board_dealer(4), board_vulnerability(4)
(3, (True, True))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "RubberTally",
    "board_dealer",
    "board_vulnerability",
    "duplicate_score",
    "finish_incomplete_rubber",
    "honours",
    "insult_bonus",
    "overtrick_score",
    "rubber_deal",
    "rubber_deal_value",
    "rubber_standing",
    "slam_bonus",
    "trick_score",
    "undertrick_penalty",
]

_MULTIPLIER = (1, 2, 4)


def trick_score(level: int, strain: int, doubled: int) -> int:
    """Points for the odd tricks bid and made (below the line in rubber).

    >>> trick_score(1, 4, 2), trick_score(3, 0, 1), trick_score(2, 2, 0)
    (160, 120, 60)
    """
    base = 20 * level if strain < 2 else 30 * level + (10 if strain == 4 else 0)
    return base * _MULTIPLIER[doubled]


def overtrick_score(over: int, strain: int, doubled: int, vulnerable: bool) -> int:
    """Overtricks: trick value undoubled; 100/200 each doubled, 200/400 redoubled."""
    if doubled == 0:
        return over * (20 if strain < 2 else 30)
    return over * (100 if not vulnerable else 200) * (1 if doubled == 1 else 2)


def insult_bonus(doubled: int) -> int:
    """Making a doubled (50) or redoubled (100) contract."""
    return (0, 50, 100)[doubled]


def slam_bonus(level: int, vulnerable: bool) -> int:
    """Small slam 500/750, grand slam 1000/1500 (bid and made)."""
    if level == 6:
        return 750 if vulnerable else 500
    if level == 7:
        return 1500 if vulnerable else 1000
    return 0


def undertrick_penalty(down: int, doubled: int, vulnerable: bool) -> int:
    """What the defenders score for ``down`` undertricks (the table of spec 5.4).

    >>> [undertrick_penalty(n, 1, False) for n in (1, 2, 3, 4, 5)]
    [100, 300, 500, 800, 1100]
    >>> [undertrick_penalty(n, 1, True) for n in (1, 2, 3, 4, 5)]
    [200, 500, 800, 1100, 1400]
    """
    if down <= 0:
        return 0
    if doubled == 0:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        total = 200 + 300 * (down - 1)
    else:
        total = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return total * (1 if doubled == 1 else 2)


def duplicate_score(level: int, strain: int, doubled: int, vulnerable: bool, tricks: int) -> int:
    """Law 77: the declaring side's score for taking ``tricks`` tricks (negative when down).

    >>> duplicate_score(1, 4, 2, False, 7), duplicate_score(7, 0, 2, True, 13)
    (560, 2660)
    """
    need = level + 6
    if tricks < need:
        return -undertrick_penalty(need - tricks, doubled, vulnerable)
    below = trick_score(level, strain, doubled)
    bonus = (500 if vulnerable else 300) if below >= 100 else 50
    return (
        below
        + bonus
        + insult_bonus(doubled)
        + slam_bonus(level, vulnerable)
        + overtrick_score(tricks - need, strain, doubled, vulnerable)
    )


def honours(hands: Sequence[int], strain: int) -> tuple[int, int] | None:
    """Rubber honours as ``(seat, points)``: 4 or 5 trump honours, or 4 aces at NT, in one hand.

    ``hands`` are the four hands as dealt (card bitmasks, ``cards`` numbering).
    """
    if strain == 4:
        aces = (1 << 12) | (1 << 25) | (1 << 38) | (1 << 51)
        for seat, hand in enumerate(hands):
            if hand & aces == aces:
                return seat, 150
        return None
    suit = (3, 2, 1, 0)[strain]
    top = 0x1F00 << (13 * suit)  # ten to ace
    for seat, hand in enumerate(hands):
        held = (hand & top).bit_count()
        if held >= 4:
            return seat, 150 if held == 5 else 100
    return None


_VULNERABILITY = (
    (False, False),  # board 16k + 1: none
    (True, False),
    (False, True),
    (True, True),
    (True, False),  # 5
    (False, True),
    (True, True),
    (False, False),
    (False, True),  # 9
    (True, True),
    (False, False),
    (True, False),
    (True, True),  # 13
    (False, False),
    (True, False),
    (False, True),
)


def board_dealer(board: int) -> int:
    """Law 2: board 1 is dealt by North, 2 by East, and so on round the table."""
    return (board - 1) % 4


def board_vulnerability(board: int) -> tuple[bool, bool]:
    """Law 2: ``(NS vulnerable, EW vulnerable)`` of a board (the table repeats every 16)."""
    return _VULNERABILITY[(board - 1) % 16]


@dataclass(frozen=True, slots=True)
class RubberTally:
    """A rubber's score sheet. Pairs are ``(NS, EW)``."""

    below: tuple[int, int] = (0, 0)
    """Trick score of the game in progress (partscores; a game resets both)."""
    above: tuple[int, int] = (0, 0)
    """Everything above the line so far."""
    below_total: tuple[int, int] = (0, 0)
    """All trick score of the rubber, finished games included."""
    games: tuple[int, int] = (0, 0)
    """Games won in this rubber."""
    deals: int = 0
    """Deals played (passed-out ones included)."""

    @property
    def vulnerable(self) -> tuple[bool, bool]:
        """A side that has won a game is vulnerable."""
        return (self.games[0] > 0, self.games[1] > 0)

    @property
    def totals(self) -> tuple[int, int]:
        """Above plus below the line, per side."""
        return (
            self.above[0] + self.below_total[0],
            self.above[1] + self.below_total[1],
        )

    @property
    def is_over(self) -> bool:
        """A side has won two games."""
        return max(self.games) >= 2


def _pair(values: list[int]) -> tuple[int, int]:
    return (values[0], values[1])


def rubber_deal(
    tally: RubberTally,
    contract: tuple[int, int, int, int] | None,
    tricks: int,
    honour: tuple[int, int] | None,
) -> tuple[RubberTally, tuple[int, int]]:
    """Enter one deal on the rubber sheet: the new tally and what each side scored.

    ``contract`` is ``(level, strain, doubled, declarer seat)`` or ``None`` when
    the deal was passed out; ``honour`` is :func:`honours`' answer. A game won
    draws the line (both partscores stop counting towards the next game); a
    second game wins the rubber and its bonus, 700 at 2-0 or 500 at 2-1.
    """
    below, above = list(tally.below), list(tally.above)
    below_total, games = list(tally.below_total), list(tally.games)
    points = [0, 0]
    if contract is not None:
        level, strain, doubled, declarer = contract
        side = declarer % 2
        vulnerable = tally.vulnerable[side]
        need = level + 6
        if tricks >= need:
            made = trick_score(level, strain, doubled)
            bonus = (
                insult_bonus(doubled)
                + slam_bonus(level, vulnerable)
                + overtrick_score(tricks - need, strain, doubled, vulnerable)
            )
            below[side] += made
            below_total[side] += made
            above[side] += bonus
            points[side] += made + bonus
            if below[side] >= 100:
                games[side] += 1
                below = [0, 0]
                if games[side] == 2:
                    rubber = 700 if games[1 - side] == 0 else 500
                    above[side] += rubber
                    points[side] += rubber
        else:
            penalty = undertrick_penalty(need - tricks, doubled, vulnerable)
            above[1 - side] += penalty
            points[1 - side] += penalty
        if honour is not None:
            seat, value = honour
            above[seat % 2] += value
            points[seat % 2] += value
    new = RubberTally(_pair(below), _pair(above), _pair(below_total), _pair(games), tally.deals + 1)
    return new, _pair(points)


def finish_incomplete_rubber(tally: RubberTally) -> tuple[RubberTally, tuple[int, int]]:
    """Law 80 (1993): 300 for the only game won, 100 for the only partscore of the open game.

    >>> finish_incomplete_rubber(RubberTally(below=(0, 60), games=(1, 0)))[1]
    (300, 100)
    """
    if tally.is_over:
        return tally, (0, 0)
    points = [0, 0]
    for side in (0, 1):
        if tally.games[side] == 1 and tally.games[1 - side] == 0:
            points[side] += 300
        if tally.below[side] > 0 and tally.below[1 - side] == 0:
            points[side] += 100
    above = (tally.above[0] + points[0], tally.above[1] + points[1])
    new = RubberTally(tally.below, above, tally.below_total, tally.games, tally.deals)
    return new, _pair(points)


def rubber_standing(tally: RubberTally, *, finished: bool = False) -> tuple[int, int]:
    """Each side's total on the sheet if the rubber stopped now.

    An unfinished rubber is valued as Law 80 would close it (300 for the only
    game won, 100 for the only part score of the open game); a ``finished``
    one (two games won, or already closed by Law 80 when time was called) is
    its totals.
    """
    if finished or tally.is_over:
        return tally.totals
    return finish_incomplete_rubber(tally)[0].totals


def rubber_deal_value(
    before: RubberTally, after: RubberTally, *, finished: bool = False
) -> tuple[int, int]:
    """What a deal is worth on a rubber sheet: each side's :func:`rubber_standing` gained.

    Why: a deal's own points leave a game's worth out until the rubber ends,
    so a game made and a part score of as many trick points scored the same.
    Valued as the sheet would stand if the rubber stopped after the deal, a
    game counts, as a player expects it to.

    >>> empty = RubberTally()
    >>> game = rubber_deal(empty, (4, 3, 0, 0), 10, None)[0]  # 4♠ made: 120 and a game
    >>> part = rubber_deal(empty, (2, 3, 0, 0), 10, None)[0]  # 2♠ +2: 60 + 60, no game
    >>> rubber_deal_value(empty, game), rubber_deal_value(empty, part)
    ((420, 0), (220, 0))
    >>> second = rubber_deal(game, (3, 4, 0, 0), 9, None)[0]  # 3NT: 100 and the rubber, 2-0
    >>> rubber_deal_value(game, second)
    (500, 0)
    """
    high, low = rubber_standing(after, finished=finished), rubber_standing(before)
    return (high[0] - low[0], high[1] - low[1])
