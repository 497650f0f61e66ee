"""The solver's mutable trick-play kernel: ``play()``/``undo()`` on one position.

The rules ``State`` objects are immutable and general; a double-dummy search
visits millions of positions depth first, so it works on one mutable
:class:`Position` instead, as DDS does (``Make``/``Undo`` around each
recursive call, never a new position per node). ``STYLE.md`` measured
push/pop at about 1.6x the speed of ``apply()`` in Python, and the search
needs things the rules do not keep: the current winner of the trick kept
incrementally, suit-relative keys for the transposition table, a stack of
undo records.

Cards are *effective* cards, already projected by :mod:`atout.solver.project`:
0..51 are ``suit * 13 + rank`` in the order in which they take tricks (a Five
Hundred suit contract moves its joker and bowers to the top of the trump
suit), and ``JOKER`` (52) is the no-trump joker of Five Hundred, a one-card
suit of its own (suit 4) that is trump when ``trump == JOKER_SUIT``.

A move is a card, or ``JOKER_LEAD + s`` for the joker led in no-trumps
naming suit ``s``.

>>> from atout.cards import mask_of, parse_card, parse_cards
>>> deal = (["AS", "2H"], ["KS", "3H"], ["QS", "4H"], ["JS", "5H"])
>>> hands = [mask_of(parse_cards(h)) for h in deal]
>>> pos = Position(hands, trump=-1, leader=0)
>>> pos.play(parse_card("AS")); pos.play(parse_card("KS")); pos.play(parse_card("QS"))
>>> pos.play(parse_card("JS")); pos.won, pos.turn
([1, 0], 0)
>>> pos.undo(); pos.won, pos.turn, len(pos.trick)
([0, 0], 3, 3)
>>> perft(pos, 1)
1
"""

from __future__ import annotations

from atout.cards import JOKER, SUIT_MASKS, CardSet

__all__ = [
    "JOKER_LEAD",
    "JOKER_SUIT",
    "NO_TRUMP",
    "Position",
    "card_suit",
    "perft",
]

NO_TRUMP = -1
JOKER_SUIT = 4
"""The no-trump joker's suit: a suit of one card, trump in Five Hundred no-trumps."""
JOKER_LEAD = 53
"""``JOKER_LEAD + s``: the move that leads the no-trump joker naming suit ``s``."""
_JOKER_BIT = 1 << JOKER

_SUIT: tuple[int, ...] = tuple(c // 13 for c in range(52)) + (JOKER_SUIT,)
FOLLOW: tuple[CardSet, ...] = (*SUIT_MASKS, _JOKER_BIT)
"""``FOLLOW[s]``: every card of effective suit ``s`` (suit 4 is the joker alone)."""


def card_suit(card: int) -> int:
    """The effective suit of a kernel card (4 for the no-trump joker)."""
    return _SUIT[card]


class Position:
    """A trick-play position that changes in place; every change can be undone.

    ``hands[s]`` is seat ``s``'s cards; ``skip`` is a seat that sits out (the
    partner of a Five Hundred misère contractor) or -1; ``stop_seat`` ends the
    deal when that seat wins a trick (the misère contractor) or is -1;
    ``voids`` has bit ``4 * seat + suit`` set once a seat has failed to follow
    (only the no-trump joker's nomination rule reads it).
    """

    __slots__ = (
        "_stack",
        "best_key",
        "best_seat",
        "hands",
        "leader",
        "led",
        "over",
        "restrict_joker",
        "skip",
        "stop_seat",
        "trick",
        "trump",
        "turn",
        "voids",
        "won",
    )

    def __init__(
        self,
        hands: list[CardSet],
        *,
        trump: int,
        leader: int,
        trick: list[int] | None = None,
        led: int | None = None,
        skip: int = -1,
        stop_seat: int = -1,
        voids: int = 0,
        restrict_joker: bool = False,
    ) -> None:
        self.hands = list(hands)
        self.trump = trump
        self.skip = skip
        self.stop_seat = stop_seat
        self.voids = voids
        self.restrict_joker = restrict_joker
        self.won = [0, 0]
        self.over = False
        self.leader = leader
        self.turn = leader
        self.trick: list[int] = []
        self.led = -1
        self.best_key = -1
        self.best_seat = -1
        self._stack: list[tuple[int, ...]] = []
        # Replay the cards already in the trick (their owners no longer hold them).
        for i, card in enumerate(trick or ()):
            self.hands[self.turn] |= 1 << card
            named = led if i == 0 and card == JOKER and led is not None else -1
            self.play(JOKER_LEAD + named if named >= 0 else card)

    # Reading.

    @property
    def players(self) -> int:
        """Cards in a full trick: 4, or 3 when a seat sits out."""
        return 4 if self.skip < 0 else 3

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in playing order, skipping the one that sits out."""
        seat = (seat + 1) & 3
        return (seat + 1) & 3 if seat == self.skip else seat

    def tricks_left(self) -> int:
        """Tricks still to finish, the one in progress included (0 once the deal is over)."""
        if self.over:
            return 0
        return self.hands[self.leader].bit_count() + (1 if self.trick else 0)

    def key(self) -> tuple[int, ...]:
        """An exact key of the position (hands, turn, trick): equal keys, equal futures."""
        return (*self.hands, self.turn, self.led, *self.trick)

    # Moves.

    def legal_moves(self) -> list[int]:
        """Every legal move, by card index; joker leads naming a suit come last."""
        if self.over:
            return []
        hand = self.hands[self.turn]
        if self.trick:
            playable = hand & FOLLOW[self.led] or hand
            return _cards(playable)
        if self.trump == JOKER_SUIT and hand & _JOKER_BIT:
            return [*_cards(hand & ~_JOKER_BIT), *(JOKER_LEAD + s for s in self.nominable())]
        return _cards(hand)

    def nominable(self) -> list[int]:
        """The suits the no-trump joker may name when led now (all four if void in all)."""
        shown = self.voids >> 4 * self.turn & 0xF if self.restrict_joker else 0
        return [s for s in range(4) if not shown >> s & 1] or [0, 1, 2, 3]

    # Make and unmake.

    def play(self, move: int) -> None:
        """Play ``move`` for the seat to act (unchecked: the search plays only legal moves)."""
        seat = self.turn
        if move >= JOKER_LEAD:
            card, led = JOKER, move - JOKER_LEAD
        else:
            card, led = move, _SUIT[move]
        trick = self.trick
        self._stack.append(
            (move, seat, self.led, self.best_key, self.best_seat, self.voids, self.leader)
        )
        self.hands[seat] ^= 1 << card
        suit = _SUIT[card]
        if not trick:
            self.led = led
        elif suit != self.led:
            self.voids |= 1 << (4 * seat + self.led)
        if suit == self.trump:
            key = 100 + card
        elif suit == self.led:
            key = card
        else:
            key = -1
        if key > self.best_key:
            self.best_key, self.best_seat = key, seat
        trick.append(card)
        if len(trick) < (4 if self.skip < 0 else 3):
            self.turn = self.next_seat(seat)
            return
        # Close the trick: its cards go to the undo record.
        winner = self.best_seat
        self.won[winner & 1] += 1
        self._stack.append(tuple(trick))
        trick.clear()
        self.leader = self.turn = winner
        self.led = self.best_key = self.best_seat = -1
        if winner == self.stop_seat or not self.hands[winner]:
            self.over = True

    def undo(self) -> None:
        """Take back the last move."""
        record = self._stack.pop()
        if len(record) != 7:
            # The move closed a trick: restore it, minus the last card.
            closed = record
            winner = self.leader
            self.won[winner & 1] -= 1
            self.over = False
            self.trick.extend(closed)
            record = self._stack.pop()
        move, seat, led, best_key, best_seat, voids, leader = record
        card = JOKER if move >= JOKER_LEAD else move
        self.trick.pop()
        self.hands[seat] |= 1 << card
        self.turn = seat
        self.led, self.best_key, self.best_seat = led, best_key, best_seat
        self.voids = voids
        self.leader = leader


def _cards(mask: CardSet) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def perft(pos: Position, depth: int) -> int:
    """The number of move sequences of length ``depth`` (fewer where the deal ends first).

    The rules engine's perft from the same position must give the same number:
    that is the test that keeps the kernel and the rules in step.
    """
    if depth == 0 or pos.over:
        return 1
    moves = pos.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        pos.play(move)
        total += perft(pos, depth - 1)
        pos.undo()
    return total
