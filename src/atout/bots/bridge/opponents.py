"""How the bridge opponents play, read from their cards over a match (:mod:`atout.bots.reading`).

Which cards are read depends on the side. When Hard's side declares, the
opponents are the two defenders, each read from his own cards. When Hard
defends, the opponent is declarer: his own cards and dummy's, which he chooses
too, are read as his (dummy's hand is seen, so a dummy card's likelihood only
depends on declarer's hidden hand, which decides what a style would keep).
The auction is not read (every level bids by the same natural system).

Each style replays a card as that player would have seen the position: the
greedy player (:func:`atout.bots.bridge.greedy.play_card`), the book
(:func:`atout.bots.book.choose_card`, with dummy's or declarer's hand as
partner's as :func:`atout.bots.bridge.medium.play_context` gives it) and the
panel's two styles (:func:`atout.bots.styles.choose_card`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from atout.bots.book import choose_card as book_card
from atout.bots.bridge.greedy import play_card as greedy_card
from atout.bots.levels import View, typed
from atout.bots.reading import OpponentModel, Play, Policy
from atout.bots.sampling import bridge_world
from atout.bots.styles import STYLES
from atout.bots.styles import choose_card as panel_card
from atout.cards import Card, CardSet, cards_of, mask_of
from atout.games.bridge.auction import strain_of, strain_trump
from atout.games.bridge.view import BridgeView, Phase
from atout.tricks import legal_follow

__all__ = ["BridgeReader", "opponent_model"]


@dataclass(frozen=True, slots=True)
class _Position:
    """What the player saw when he played: the trick so far, the cards gone, the voids."""

    leader: int
    before: tuple[Card, ...]
    played: CardSet
    voids: tuple[frozenset[int], ...]
    trump: int
    partner: int | None
    """The seat whose hand the player saw as partner's (dummy's, or declarer's own when
    he plays from dummy); ``None`` for a defender or before dummy is faced."""
    partner_since: CardSet
    """The cards that partner seat played from this play on."""


class BridgeReader:
    """The bridge plug of :class:`~atout.bots.reading.OpponentModel`."""

    def plays(self, view: View) -> list[Play]:
        """The opponents' card plays the view shows, during the play of a contract."""
        seen = typed(view, BridgeView)
        me, declarer, dummy = seen.seat, seen.declarer, seen.dummy_seat
        if seen.phase not in (Phase.PLAY, Phase.CLAIM) or None in (me, declarer, dummy):
            return []
        assert me is not None and declarer is not None and dummy is not None
        if seen.bid is None:
            return []
        trump = strain_trump(strain_of(seen.bid))
        tricks = [(leader, tuple(cards)) for leader, cards, _ in seen.tricks]
        if seen.trick:
            assert seen.trick_leader is not None
            tricks.append((seen.trick_leader, tuple(seen.trick)))
        order = [
            (number, i, (leader + i) % 4, leader, cards[:i], card)
            for number, (leader, cards) in enumerate(tricks)
            for i, card in enumerate(cards)
        ]
        out: list[Play] = []
        played = 0
        voids: list[set[int]] = [set() for _ in range(4)]
        for k, (number, i, seat, leader, before, card) in enumerate(order):
            actor = declarer if seat == dummy else seat
            if actor % 2 != me % 2:
                partner: int | None = None
                if actor == declarer and k > 0:
                    partner = declarer if seat == dummy else dummy
                since = mask_of(c for _, _, s, _, _, c in order[k:] if s == seat)
                partner_since = (
                    0
                    if partner is None
                    else mask_of(c for _, _, s, _, _, c in order[k:] if s == partner)
                )
                position = _Position(
                    leader,
                    before,
                    played,
                    tuple(frozenset(v) for v in voids),
                    trump,
                    partner,
                    partner_since,
                )
                looks = (seat,) if partner is None else (seat, partner)
                out.append(Play(actor, seat, card, since, (number, i), looks, position))
            played |= 1 << card
            if before and card // 13 != before[0] // 13:
                voids[seat].add(before[0] // 13)
        return out

    def worlds(self, view: View, rng: random.Random, count: int) -> list[list[CardSet]]:
        """Deals now, agreeing with the auction as Hard's own worlds do."""
        from atout.bots.bridge.hard import auction_filter  # noqa: PLC0415 - hard imports us

        seen = typed(view, BridgeView)
        accept = auction_filter(seen)
        return [list(bridge_world(seen, rng, accept).hands) for _ in range(count)]

    def named(self, play: Play, hands: Sequence[CardSet]) -> tuple[int, dict[Policy, Card]] | None:
        """The card each style plays at ``play`` in this world (``None``: a forced card)."""
        at: _Position = play.data
        held = hands[play.seat] | play.since
        if not held >> play.card & 1:
            return None
        legal = list(cards_of(legal_follow(held, at.before[0] // 13) if at.before else held))
        if len(legal) <= 1:
            return None
        partner = 0 if at.partner is None else hands[at.partner] | at.partner_since
        voids = [set(v) for v in at.voids]
        cards: dict[Policy, Card] = {
            "greedy": greedy_card(at.before, at.leader, play.seat, at.trump, legal),
            "medium": book_card(
                hand=held,
                legal=legal,
                trick=at.before,
                seat=play.seat,
                leader=at.leader,
                trump=at.trump,
                played=at.played,
                voids=voids,
                partner_known=partner,
            ),
        }
        for style in STYLES:
            cards[style] = panel_card(
                style,
                hand=held,
                legal=legal,
                trick=at.before,
                seat=play.seat,
                trump=at.trump,
                played=at.played,
                voids=voids,
                partner_known=partner,
            )
        return len(legal), cards


def opponent_model() -> OpponentModel:
    """A new reading of the bridge opponents (one per Hard player per match)."""
    return OpponentModel(BridgeReader())
