"""Play one whole game between bots, from a seed.

>>> players = ["greedy", "random", "greedy", "random"]
>>> match = play_game("court-piece", {"target": 3}, players, seed=1)
>>> match.is_over()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from atout.bots import Bot
from atout.bots.registry import JsonBot, as_bot, make_bot
from atout.core import Match
from atout.games import get_game

__all__ = ["MAX_DEALS", "BotFailure", "play_game"]

MAX_DEALS = 2000
"""A safety net: a game that has not ended after this many deals is an error."""


class BotFailure(RuntimeError):
    """A bot raised or returned an illegal action; says which seat and what it saw."""

    def __init__(self, seat: int, bot: str, view: Mapping[str, Any], reason: str) -> None:
        self.seat, self.bot, self.view, self.reason = seat, bot, view, reason
        super().__init__(f"bot {bot!r} at seat {seat} failed: {reason}; its view: {dict(view)}")


def play_game(
    game_id: str,
    options: Mapping[str, Any],
    players: Sequence[str],
    seed: int,
    *,
    bots: Sequence[Bot] | None = None,
    budget_seconds: float | None = None,
    effort: int | None = None,
    factories: Mapping[str, Callable[..., Bot]] | None = None,
) -> Match:
    """Play a game to its end. Deals come from ``seed``; bot ``i`` is seeded from it too.

    The deals draw only on their own generator, so a duplicate replay of the
    same seed with the sides swapped deals exactly the same cards.
    ``budget_seconds`` is the Hard bots' time per decision, ``effort`` their
    samples per decision instead (no clock: the same game on any machine).
    ``factories`` makes the ``module:callable`` bots named in it without
    importing the module (a cluster worker may not have it).
    """
    game = get_game(game_id)
    if len(players) != game.players:
        raise ValueError(f"{game.title} needs {game.players} players, got {len(players)}")
    rng = random.Random(seed)
    if bots is None:
        bots = [
            _make(name, game.id, seed * 16 + i, budget_seconds, effort, factories or {})
            for i, name in enumerate(players)
        ]
    else:
        bots = [as_bot(bot) for bot in bots]
    match = Match.new(game, options, rng, players=players)
    while not match.is_over():
        if match.needs_deal():
            if len(match.deals) >= MAX_DEALS:
                raise RuntimeError(f"no end after {MAX_DEALS} deals: does the game have an end?")
            match = match.deal_next(rng)
            continue
        match = _bot_move(match, bots, players)
    return match


def _make(
    name: str,
    game: str,
    seed: int,
    budget_seconds: float | None,
    effort: int | None,
    factories: Mapping[str, Callable[..., Bot]],
) -> Bot:
    """Seat ``name``'s bot: from its shipped factory, or by name (Hard with its budget)."""
    if name in factories:
        return JsonBot(factories[name](game=game, seed=seed))
    if name == "hard":
        return make_bot(name, game, seed, budget_seconds=budget_seconds, effort=effort)
    return make_bot(name, game, seed)


def _bot_move(match: Match, bots: Sequence[Bot], players: Sequence[str]) -> Match:
    seat, actor = match.turn, match.actor  # they differ in bridge when dummy's card is due
    assert seat is not None and actor is not None
    view = match.seen(actor)
    try:
        action = bots[actor].choose(view)
    except Exception as error:  # a user's bot may raise anything
        raise BotFailure(actor, players[actor], view, repr(error)) from error
    if action not in view.view.legal and action not in match.out_of_turn(actor):
        raise BotFailure(actor, players[actor], view, f"illegal action {action!r}")
    return match.apply(action, seat)
