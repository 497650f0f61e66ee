"""Medium Five Hundred: the greedy play, with the bidding the Trickster players asked for.

Players' complaints about 500 bots (``FIELD.md``) are mostly about bidding:
going to eight or more without the joker, and endless no-trumps. So the
medium bot bids a level lower than its trick count suggests unless it holds
the joker or the right bower, never bids above seven without one of them,
and bids no-trumps only with the joker and stoppers. In suit contracts it plays by the book
(:mod:`atout.bots.book`) on the cards as they rank (the joker and
the bowers moved to the top of trumps, as the Hard bot hands them to DDS):
cash winners, draw trumps when long, second hand low, third hand high,
remember voids. No-trumps, misère and the kitty discard are the greedy bot's.
"""

from __future__ import annotations

import random

from atout.bots.book import choose_card
from atout.bots.five_hundred import greedy
from atout.bots.levels import View, legal_cards, typed
from atout.bots.sampling import shown_voids
from atout.cards import JOKER, card_name, cards_of, mask_of
from atout.games.five_hundred import DECK, contract_order, parse_call
from atout.games.five_hundred.view import FiveHundredView, Phase
from atout.solver.project import five_hundred_table

__all__ = ["bid", "choose"]


def choose(view: View, rng: random.Random) -> str:
    """The medium action for this view."""
    seen = typed(view, FiveHundredView)
    if seen.phase is Phase.AUCTION:
        return bid(seen)
    contract = seen.contract
    if seen.phase is not Phase.PLAY or contract is None or contract.sits_out is not None:
        return greedy.choose(seen, rng)
    strain = greedy.contract_strain(contract)
    if strain == 4:
        return greedy.choose(seen, rng)
    return _play(seen, strain)


def _play(view: FiveHundredView, strain: int) -> str:
    """Book play on effective cards (see :func:`atout.bots.five_hundred.hard.effective_hands`)."""
    table = five_hundred_table(strain)
    back = {table[c]: c for c in cards_of(DECK)}
    order = contract_order(strain)
    legal = [table[c] for c in legal_cards(view.legal)]
    hand = mask_of(table[c] for c in cards_of(view.hand))
    trick = [table[c] for c in view.trick]
    gone = [c for _, cards, _ in view.tricks for c in cards]
    gone += cards_of(view.discards or 0)
    played = mask_of(table[c] for c in gone) | mask_of(trick)
    done: list[tuple[int, list[int], int | None]] = [
        (leader, [table[c] for c in cards], None) for leader, cards, _ in view.tricks
    ]
    leader = view.trick_leader
    assert view.seat is not None and leader is not None
    if trick:
        done.append((leader, trick, None))
    card = choose_card(
        hand=hand,
        legal=legal,
        trick=trick,
        seat=view.seat,
        leader=leader,
        trump=order.trump,
        played=played,
        voids=shown_voids(done, 4, lambda c: c // 13),
    )
    return card_name(back[card])


def bid(view: View) -> str:
    """The cheapest legal bid the best strain supports, cautiously; else pass."""
    seen = typed(view, FiveHundredView)
    legal = seen.legal
    seat = seen.seat
    assert seat is not None
    hand = list(cards_of(seen.hand))
    bids = [(s, c) for s, c in seen.auction if c >= 0]
    if bids and bids[-1][0] == (seat + 2) % 4:
        return "pass"
    support: dict[int, int] = {}
    for strain in range(5):
        tricks = greedy.estimate_tricks(hand, strain) + 2
        order = contract_order(strain)
        top = JOKER in hand or (
            strain < 4
            and any(order.strength[c] == 14 and order.suit[c] == order.trump for c in hand)
        )
        if not top:
            tricks = min(tricks - 1, 7)
        if strain == 4 and JOKER not in hand:
            tricks = 0
        support[strain] = int(tricks)
    for strain in sorted(range(5), key=lambda s: (-support[s], -s)):
        for call in legal:
            code = parse_call(call)
            if 0 <= code < 25 and code % 5 == strain and code // 5 + 6 <= support[strain]:
                return call
    return "pass" if "pass" in legal else legal[0]
