"""Sampled worlds agree with what the seat has seen."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.bots.registry import make_bot
from atout.bots.sampling import (
    SwapChain,
    _plain_tricks,
    _split_keeping,
    court_circular_world,
    court_piece_chain,
    court_piece_world,
    deal_hidden,
    shown_voids,
)
from atout.cards import FULL_DECK, SUIT_MASKS, mask_of, parse_card
from atout.core import Match
from atout.games import get_game

from .court_piece_deals import card_play_views


def test_court_piece_worlds_keep_voids_and_counts() -> None:
    spec = get_game("court-piece")
    rng = random.Random(4)
    match = Match.new(spec, {}, rng)
    bots = [make_bot("greedy", spec.id, i) for i in range(4)]
    for _ in range(30):
        actor = match.actor
        assert actor is not None
        match = match.apply(bots[actor].choose(match.view(actor)), match.turn)
        if match.current.settlement is not None:
            break
    seat = match.actor if match.actor is not None else 0
    view = match.view(seat)
    if view["phase"] != "play":
        return
    played = mask_of(parse_card(c) for t in view["tricks"] for c in t["cards"])
    for _ in range(50):
        world = court_piece_world(view, random.Random(_))
        assert [h.bit_count() for h in world.hands] == view["hand_sizes"]
        assert world.hands[seat] == mask_of(parse_card(c) for c in view["hand"])
        assert all(h & played == 0 for h in world.hands)
        for t in view["tricks"]:
            led = parse_card(t["cards"][0]) // 13
            for i, c in enumerate(t["cards"][1:], start=1):
                if parse_card(c) // 13 != led:
                    assert world.hands[(t["leader"] + i) % 4] & SUIT_MASKS[led] == 0


def test_court_circular_world_accounts_for_every_card() -> None:
    spec = get_game("court-circular")
    match = Match.new(spec, {}, random.Random(2))
    view = match.view(match.actor)
    world = court_circular_world(view, random.Random(1))
    total = sum(h.bit_count() for h in world.hands) + len(world.stock) + 1
    assert total == 52


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_the_chain_of_worlds_keeps_what_the_seat_has_seen(seed: int) -> None:
    """Every world of the chain: the cards conserved, sizes and voids kept, own hand as seen."""
    rng = random.Random(seed)
    for view in card_play_views(seed)[::4]:
        seat = int(view["seat"])
        own = mask_of(parse_card(c) for c in view["hand"])
        played = mask_of(parse_card(c) for t in view["tricks"] for c in t["cards"])
        played |= mask_of(parse_card(c) for c in view["trick"]["cards"])
        voids = shown_voids(_plain_tricks(view), 4, lambda c: c // 13)

        # A weight that pulls hard towards one seat holding the spades: the chain must still
        # refuse every swap that breaks what was seen.
        def spades_to_the_left(hands: list[int], left: int = (seat + 1) % 4) -> float:
            return 4.0 ** (hands[left] & SUIT_MASKS[0]).bit_count()

        chain = court_piece_chain(view, spades_to_the_left, rng)
        for _ in range(30):
            hands = chain.advance(rng, 5)
            assert [h.bit_count() for h in hands] == view["hand_sizes"]
            assert hands[seat] == own
            assert hands[0] | hands[1] | hands[2] | hands[3] == FULL_DECK & ~played
            assert sum(h.bit_count() for h in hands) == (FULL_DECK & ~played).bit_count()
            for s in range(4):
                for suit in voids[s]:
                    assert hands[s] & SUIT_MASKS[suit] == 0


def test_the_chain_draws_worlds_in_proportion_to_their_weight() -> None:
    """On a deal small enough to list every world, the chain's frequencies match the weights."""
    cards = [0, 1, 2, 13, 14, 26]  # three spades, two hearts, one diamond
    forbidden = [0, SUIT_MASKS[1], 0, 0]  # seat 1 showed out of hearts
    sizes = [0, 2, 2, 2]

    def weight(hands: list[int]) -> float:
        return 1.0 + 5.0 * (hands[3] >> 0 & 1) + 2.0 * (hands[2] >> 26 & 1)

    worlds = []
    for first in itertools.combinations(cards, sizes[1]):
        rest = [c for c in cards if c not in first]
        for second in itertools.combinations(rest, sizes[2]):
            hands = [0, mask_of(first), mask_of(second), mask_of(set(rest) - set(second))]
            if all(hands[s] & forbidden[s] == 0 for s in range(4)):
                worlds.append(tuple(hands))
    total = sum(weight(list(w)) for w in worlds)
    rng = random.Random(7)
    chain = SwapChain(list(worlds[0]), seats=[1, 2, 3], forbidden=forbidden, weight=weight)
    chain.advance(rng, 100)
    seen = Counter(tuple(chain.advance(rng, 4)) for _ in range(20000))
    assert set(seen) == set(worlds)  # every world reached, none that breaks the void
    for world in worlds:
        expected = weight(list(world)) / total
        assert abs(seen[world] / 20000 - expected) < 0.02 + 0.1 * expected


def test_the_chain_is_deterministic_given_a_seed() -> None:
    view = card_play_views(3)[9]

    def weight(hands: list[int]) -> float:
        return 1.0 + (hands[1] & 0x1FFF).bit_count()

    def run() -> list[list[int]]:
        rng = random.Random(11)
        chain = court_piece_chain(view, weight, rng)
        return [chain.advance(rng, 8) for _ in range(20)]

    assert run() == run()


def test_worlds_keep_every_void_when_the_fast_fill_dead_ends() -> None:
    """Three players void in a suit each, six cards apiece: filling hand by hand often dead-ends.

    Those worlds used to drop the voids; now the split is drawn among those that keep them.
    """
    suits = [SUIT_MASKS[0], SUIT_MASKS[1], SUIT_MASKS[2]]
    pool = mask_of([0, 1, 2, 3, 4, 13, 14, 15, 16, 17, 26, 27, 28, 29, 30, 39, 40, 41])
    forbidden = [suits[0], suits[1], suits[2]]
    rng = random.Random(2)
    for _ in range(300):
        hands = deal_hidden(pool, [6, 6, 6], forbidden, rng, tries=1)
        assert hands[0] | hands[1] | hands[2] == pool
        assert all(h.bit_count() == 6 and h & f == 0 for h, f in zip(hands, forbidden, strict=True))


def test_the_split_that_keeps_voids_is_uniform() -> None:
    pool = mask_of([0, 1, 13, 14, 26])
    needs, forbidden = [2, 2, 1], [SUIT_MASKS[0], 0, SUIT_MASKS[1]]
    splits = [
        (a, b, c)
        for a, b, c in itertools.product(range(32), repeat=3)
        if a | b | c == 31 and [a.bit_count(), b.bit_count(), c.bit_count()] == needs
    ]
    cards = [0, 1, 13, 14, 26]
    keeping = {
        tuple(mask_of(cards[i] for i in range(5) if m >> i & 1) for m in split) for split in splits
    }
    keeping = {s for s in keeping if all(s[i] & forbidden[i] == 0 for i in range(3))}
    rng = random.Random(9)
    seen = Counter(tuple(_split_keeping(pool, needs, forbidden, rng) or ()) for _ in range(6000))
    assert set(seen) == keeping
    for split in keeping:
        assert abs(seen[split] / 6000 - 1 / len(keeping)) < 0.25 / len(keeping)
    assert _split_keeping(pool, needs, [SUIT_MASKS[0]] * 3, rng) is None  # nobody takes spades
