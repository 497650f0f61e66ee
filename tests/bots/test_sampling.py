"""Sampled worlds agree with what the seat has seen."""

from __future__ import annotations

import random

from atout.bots import make_bot
from atout.bots.sampling import court_circular_world, court_piece_world
from atout.cards import SUIT_MASKS, mask_of, parse_card
from atout.core import Match
from atout.games import get_game


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
