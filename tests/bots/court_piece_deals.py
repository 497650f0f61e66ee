"""Court Piece positions for the bot tests: every card-play view of one deal played by bots."""

from __future__ import annotations

import random

from atout.bots.registry import make_bot
from atout.core import Match
from atout.games import get_game


def card_play_views(
    seed: int, kinds: tuple[str, str] = ("greedy", "greedy")
) -> list[dict[str, object]]:
    """Every card-play view of one deal, the sides played by bots of the two ``kinds``."""
    match = Match.new(get_game("court-piece"), {}, random.Random(seed))
    bots = [make_bot(kinds[s % 2], "court-piece", seed * 4 + s) for s in range(4)]
    views = []
    while not match.needs_deal() and not match.is_over():
        actor = match.actor
        assert actor is not None
        view = match.view(actor)
        if view["phase"] == "play":
            views.append(dict(view))
        match = match.apply(bots[actor].choose(view), match.turn)
    return views
