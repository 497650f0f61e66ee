"""The panel's styles at Five Hundred.

Bidding: the cautious player bids as the medium bot (a level lower without the
joker or the right bower), the aggressive one as far as its trick count goes
(greedy's bidding). Suit contracts are played in each style on the cards as
they rank (joker and bowers at the top of trumps); the kitty, no-trumps and
misère are the greedy player's.
"""

from __future__ import annotations

import random

from atout.bots.five_hundred import greedy, medium
from atout.bots.levels import View, legal_cards, typed
from atout.bots.sampling import shown_voids
from atout.bots.styles import Style, choose_card
from atout.cards import card_name, cards_of, mask_of
from atout.games.five_hundred import DECK, contract_order
from atout.games.five_hundred.view import FiveHundredView, Phase
from atout.solver.project import five_hundred_table

__all__ = ["choose"]


def choose(view: View, rng: random.Random, style: Style) -> str:
    """The action ``style`` takes in this view."""
    seen = typed(view, FiveHundredView)
    if not seen.legal:
        raise ValueError("no legal action in this view")
    if seen.phase is Phase.AUCTION:
        return medium.bid(seen) if style == "cautious" else greedy.choose(seen, rng)
    contract = seen.contract
    if seen.phase is not Phase.PLAY or contract is None or contract.sits_out is not None:
        return greedy.choose(seen, rng)
    strain = greedy.contract_strain(contract)
    if strain == 4:
        return greedy.choose(seen, rng)
    table = five_hundred_table(strain)
    back = {table[c]: c for c in cards_of(DECK)}
    legal = [table[c] for c in legal_cards(seen.legal)]
    trick = [table[c] for c in seen.trick]
    gone = [c for _, cards, _ in seen.tricks for c in cards]
    gone += cards_of(seen.discards or 0)
    done: list[tuple[int, list[int], int | None]] = [
        (leader, [table[c] for c in cards], None) for leader, cards, _ in seen.tricks
    ]
    leader = seen.trick_leader
    assert seen.seat is not None and leader is not None
    if trick:
        done.append((leader, trick, None))
    card = choose_card(
        style,
        hand=mask_of(table[c] for c in cards_of(seen.hand)),
        legal=legal,
        trick=trick,
        seat=seen.seat,
        trump=contract_order(strain).trump,
        played=mask_of(table[c] for c in gone) | mask_of(trick),
        voids=shown_voids(done, 4, lambda c: c // 13),
    )
    return card_name(back[card])
