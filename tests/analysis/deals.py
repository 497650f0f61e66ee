"""Finished deals of every game, played by greedy bots from a seed (test data, not fixtures)."""

from __future__ import annotations

import random
from typing import Any

from atout.bots.registry import make_bot
from atout.core import Match
from atout.games import get_game

GAMES = ("bridge", "court-piece", "five-hundred", "court-circular")


def first_deal_played(game_id: str, seed: int, options: dict[str, Any] | None = None) -> Match:
    """A match whose first deal greedy bots have played to its end (a card played in it)."""
    game = get_game(game_id)
    for attempt in range(50):
        rng = random.Random(seed * 100 + attempt)
        match = Match.new(game, options or {}, rng)
        bots = [make_bot("greedy", game_id, seed * 16 + i) for i in range(game.players)]
        while match.deals[0].settlement is None:
            seat, actor = match.turn, match.actor
            assert seat is not None and actor is not None
            match = match.apply(bots[actor].choose(match.view(actor)), seat)
        if any(a.split()[0] not in ("pass", "trump") for _, a in match.deals[0].actions[-3:]):
            return match
    raise AssertionError(f"no played-out {game_id} deal from seed {seed}")
