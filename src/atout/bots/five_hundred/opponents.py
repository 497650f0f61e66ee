"""How the Five Hundred opponents play, read from their cards over a match
(:mod:`atout.bots.reading`).

Only suit contracts with four players are read: there the styles differ (in
no-trumps and misère the panel plays as the greedy player does) and Hard
searches worlds. The opponents are the other side's two seats; the auction and
the kitty are not read.

Each style replays a card as the player saw the position, as the levels play
it: the greedy player on the cards themselves
(:func:`atout.bots.five_hundred.greedy.play_card`, effective suits: the
bowers and the joker are trumps), the book and the panel's styles on the
cards as they rank (:func:`atout.solver.project.five_hundred_table`: the joker
and the bowers at the top of trumps), as :mod:`.medium` and :mod:`.panel` do.
A contractor's discards are drawn with the world (the fifth packet of a world here) and
count as gone for him, as they do for the levels.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from atout.bots.book import choose_card as book_card
from atout.bots.five_hundred.greedy import contract_strain
from atout.bots.five_hundred.greedy import play_card as greedy_card
from atout.bots.levels import View, typed
from atout.bots.reading import OpponentModel, Play, Policy
from atout.bots.sampling import World, five_hundred_world
from atout.bots.styles import STYLES
from atout.bots.styles import choose_card as panel_card
from atout.cards import Card, CardSet, cards_of, mask_of
from atout.games.five_hundred import contract_order
from atout.games.five_hundred.view import FiveHundredContract, FiveHundredView, Phase
from atout.solver.project import five_hundred_table

__all__ = ["FiveHundredReader", "opponent_model", "world_hands"]

NT = 4


@dataclass(frozen=True, slots=True)
class _Position:
    """What the player saw when he played (cards as they are; ``effective_*`` as they rank)."""

    leader: int
    before: tuple[Card, ...]
    gone: CardSet
    voids: tuple[frozenset[int], ...]
    """Effective suits each seat had shown out of."""
    contract: FiveHundredContract
    strain: int


class FiveHundredReader:
    """The Five Hundred plug of :class:`~atout.bots.reading.OpponentModel`."""

    def plays(self, view: View) -> list[Play]:
        """The opponents' card plays the view shows, in a four-handed suit contract."""
        seen = typed(view, FiveHundredView)
        me, contract = seen.seat, seen.contract
        if seen.phase is not Phase.PLAY or me is None or contract is None:
            return []
        if contract.sits_out is not None:
            return []
        strain = contract_strain(contract)
        if strain == NT:
            return []
        order = contract_order(strain)
        tricks = [(leader, tuple(cards)) for leader, cards, _ in seen.tricks]
        if seen.trick:
            assert seen.trick_leader is not None
            tricks.append((seen.trick_leader, tuple(seen.trick)))
        sequence = [
            (number, i, (leader + i) % 4, leader, cards[:i], card)
            for number, (leader, cards) in enumerate(tricks)
            for i, card in enumerate(cards)
        ]
        out: list[Play] = []
        gone = 0
        voids: list[set[int]] = [set() for _ in range(4)]
        for k, (number, i, seat, leader, before, card) in enumerate(sequence):
            if seat % 2 != me % 2:
                since = mask_of(c for _, _, s, _, _, c in sequence[k:] if s == seat)
                position = _Position(
                    leader, before, gone, tuple(frozenset(v) for v in voids), contract, strain
                )
                looks = (seat, 4) if seat == contract.contractor else (seat,)
                out.append(Play(seat, seat, card, since, (number, i), looks, position))
            gone |= 1 << card
            if before and order.suit[card] != order.suit[before[0]]:
                voids[seat].add(order.suit[before[0]])
        return out

    def worlds(self, view: View, rng: random.Random, count: int) -> list[list[CardSet]]:
        """Deals now, as Hard draws them."""
        seen = typed(view, FiveHundredView)
        assert seen.contract is not None
        order = contract_order(contract_strain(seen.contract))
        return [_hands(five_hundred_world(seen, rng, order)) for _ in range(count)]

    def named(self, play: Play, hands: Sequence[CardSet]) -> tuple[int, dict[Policy, Card]] | None:
        """The card each style plays at ``play`` in this world (``None``: a forced card)."""
        at: _Position = play.data
        held = hands[play.seat] | play.since
        if not held >> play.card & 1:
            return None
        order = contract_order(at.strain)
        legal_set = order.legal(held, order.suit[at.before[0]]) if at.before else held
        legal = list(cards_of(legal_set))
        if len(legal) <= 1:
            return None
        table = five_hundred_table(at.strain)
        hand = list(cards_of(held))
        gone = at.gone
        if play.seat == at.contract.contractor and len(hands) > 4:
            gone |= hands[4]  # his discards, drawn: he knows them gone
        cards: dict[Policy, Card] = {
            "greedy": greedy_card(
                at.before, at.leader, play.seat, at.contract, hand, order, legal, gone
            ),
        }
        # The book and the styles play on the cards as they rank; compare there.
        effective_legal = [table[c] for c in legal]
        back = dict(zip(effective_legal, legal, strict=True))
        effective_hand = mask_of(table[c] for c in hand)
        trick = [table[c] for c in at.before]
        played = mask_of(table[c] for c in cards_of(gone))
        voids = [set(v) for v in at.voids]
        cards["medium"] = back[
            book_card(
                hand=effective_hand,
                legal=effective_legal,
                trick=trick,
                seat=play.seat,
                leader=at.leader,
                trump=order.trump,
                played=played,
                voids=voids,
            )
        ]
        for style in STYLES:
            cards[style] = back[
                panel_card(
                    style,
                    hand=effective_hand,
                    legal=effective_legal,
                    trick=trick,
                    seat=play.seat,
                    trump=order.trump,
                    played=played,
                    voids=voids,
                )
            ]
        return len(legal), cards


def _hands(world: World) -> list[CardSet]:
    """The four hands, and the discards (which the contractor knows gone) as a fifth."""
    return [*world.hands, *world.extra[:1]]


world_hands = _hands


def opponent_model() -> OpponentModel:
    """A new reading of the Five Hundred opponents (one per Hard player per match)."""
    return OpponentModel(FiveHundredReader())
