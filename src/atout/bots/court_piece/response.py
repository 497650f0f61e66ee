"""Court Piece: can our side reach its target against opponents who play like the greedy bot?

Double dummy answers a world as if the opponents never erred. Most Court Piece
opponents play by rule (lead the top of the long suit, win as cheaply as
possible, go low when partner wins), and against such play a deal that double
dummy calls lost is often still won. With all four hands of a world known and
the opponents' cards a function of the position (:func:`rule_play`, the greedy
bot's own ``choose_card``), the question is a one-sided search: does
some sequence of our side's cards (ours and partner's) reach ``need`` tricks?

The search is an OR-tree over our cards with the opponents' replies fixed, a
table of positions seen at the start of tricks, and touching cards merged (two
cards with no live card between them win and lose the same tricks, against
rule play too). It is capped in nodes: a card whose win is not found within
the cap counts as not winning.

What it is for: measuring how much of Court Piece against the greedy bot is
decided by knowing its policy (``oracle-br`` in ``bench/court_piece_deals.py``:
a pair that sees every card and plays this search). Hard does not use it: run
in each of Hard's sampled worlds, it credits every world with a line that
needs to know where each card lies, and the average then prefers cards that
only win with knowledge Hard does not have (strategy fusion). Measured on the
same 150 deals, Hard with it won fewer deals, not more (``docs/figures.md``).

>>> from atout.cards import mask_of, parse_card
>>> hand = lambda *cs: mask_of(parse_card(c) for c in cs)
>>> # Spades trump. West (seat 1) will lead his top heart into our A-Q: we make two.
>>> hands = (hand("AH", "QH"), hand("KH", "2C"), hand("3D", "4D"), hand("5D", "6D"))
>>> reaches(hands, trump=0, leader=1, trick=(), side=0, need=2)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from atout.bots.court_piece.greedy import choose_card as greedy_card
from atout.cards import SUIT_MASKS, CardSet, cards_of
from atout.tricks import legal_follow, plain_trick_winner

__all__ = ["NODE_LIMIT", "card_reaches", "reaches", "reaching", "rule_play"]

NODE_LIMIT = 4000
"""Positions a search may visit before it gives up (about 10 ms in CPython)."""

_RANKS = 13


def _high_bit(mask: int) -> int:
    return mask.bit_length() - 1


def rule_play(hand: CardSet, trick: Sequence[int], trump: int) -> int:
    """The card the greedy bot (:mod:`atout.bots.court_piece.greedy`) plays from ``hand``."""
    legal = legal_follow(hand, trick[0] // _RANKS) if trick else hand
    return greedy_card(list(cards_of(legal)), trick, trump)


class _OutOfNodes(Exception):
    pass


class _Search:
    __slots__ = ("limit", "need", "nodes", "seen", "side", "trump")

    def __init__(self, trump: int, side: int, need: int, limit: int) -> None:
        self.trump = trump
        self.side = side
        self.need = need
        self.limit = limit
        self.nodes = 0
        self.seen: dict[tuple[tuple[CardSet, ...], int, int], bool] = {}

    def options(self, hands: tuple[CardSet, ...], seat: int, trick: list[int]) -> list[int]:
        """Our seat's legal cards, one per run of touching cards, higher runs first.

        Cards still held by the others, and those on the table in this trick,
        separate runs: a card between two of ours may have to be beaten.
        """
        hand = hands[seat]
        legal = hand & SUIT_MASKS[trick[0] // _RANKS] if trick else 0
        legal = legal or hand
        others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
        for card in trick:
            others |= 1 << card
        out = []
        while legal:
            card = _high_bit(legal)
            out.append(card)
            legal &= ~(1 << card)
            # Skip our lower cards of the same run: no other live card lies between them.
            below = card - 1
            while below >= 0 and below // _RANKS == card // _RANKS and not others >> below & 1:
                legal &= ~(1 << below)
                below -= 1
        return out

    def reach(self, hands: tuple[CardSet, ...], leader: int, trick: list[int], got: int) -> bool:
        self.nodes += 1
        if self.nodes > self.limit:
            raise _OutOfNodes
        key = None
        if not trick:
            key = (hands, leader, got)
            known = self.seen.get(key)
            if known is not None:
                return known
        seat = (leader + len(trick)) % 4
        if seat % 2 == self.side:
            options = self.options(hands, seat, trick)
        else:
            options = [rule_play(hands[seat], trick, self.trump)]
        result = False
        for card in options:
            if self.after(hands, seat, card, leader, trick, got):
                result = True
                break
        if key is not None:
            self.seen[key] = result
        return result

    def after(
        self,
        hands: tuple[CardSet, ...],
        seat: int,
        card: int,
        leader: int,
        trick: list[int],
        got: int,
    ) -> bool:
        """Whether our side still reaches its target once ``seat`` plays ``card``."""
        rest = list(hands)
        rest[seat] &= ~(1 << card)
        now = (*rest,)
        played = [*trick, card]
        if len(played) < 4:
            return self.reach(now, leader, played, got)
        winner = (leader + plain_trick_winner(played, self.trump)) % 4
        if winner % 2 == self.side:
            got += 1
            if got >= self.need:
                return True
        if got + now[leader].bit_count() < self.need:  # too few tricks left to play
            return False
        return self.reach(now, winner, [], got)


def reaching(
    hands: Sequence[CardSet],
    cards: Sequence[int],
    *,
    trump: int,
    leader: int,
    trick: Sequence[int],
    side: int,
    need: int,
    node_limit: int = NODE_LIMIT,
) -> set[int]:
    """Which of ``cards`` (the seat to play's) reach ``need`` more tricks against rule play.

    One search serves them all (positions met after one card are known after
    another), within ``node_limit`` nodes in total; a card not proved when the
    nodes run out is left out.
    """
    search = _Search(trump, side, need, node_limit)
    start = (*hands,)
    seat = (leader + len(trick)) % 4
    won = set()
    for card in cards:
        try:
            if search.after(start, seat, card, leader, list(trick), 0):
                won.add(card)
        except _OutOfNodes:
            break
    return won


def card_reaches(
    hands: Sequence[CardSet],
    card: int,
    *,
    trump: int,
    leader: int,
    trick: Sequence[int],
    side: int,
    need: int,
    node_limit: int = NODE_LIMIT,
) -> bool | None:
    """Whether ``card`` reaches ``need`` more tricks against rule play; ``None``: not known.

    Unlike :func:`reaching`, which counts a card not proved in its nodes as
    not reaching, this says when the nodes ran out, for measurements that
    must not mistake "not found" for "lost".
    """
    search = _Search(trump, side, need, node_limit)
    seat = (leader + len(trick)) % 4
    try:
        return search.after((*hands,), seat, card, leader, list(trick), 0)
    except _OutOfNodes:
        return None


def reaches(
    hands: Sequence[CardSet],
    *,
    trump: int,
    leader: int,
    trick: Sequence[int],
    side: int,
    need: int,
    node_limit: int = NODE_LIMIT,
) -> bool | None:
    """Whether ``side`` can win ``need`` more tricks against rule play (None: search capped).

    ``hands`` hold the unplayed cards; ``trick`` is the current one, led by
    ``leader``.
    """
    search = _Search(trump, side, need, node_limit)
    try:
        return search.reach((*hands,), leader, list(trick), 0)
    except _OutOfNodes:
        return None
