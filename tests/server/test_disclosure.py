"""The frame's quick reading of the cards a seat was shown since its action agrees with the
undo's whole-deal reading where the frame asks it: right after the seat's own action."""

from __future__ import annotations

import random

import pytest

from atout.bots.registry import make_bot
from atout.core import Match
from atout.games import get_game
from atout.server.disclosure import cards_learnt, cards_new

CASES = [
    ("bridge", {}),
    ("court-piece", {}),
    ("court-piece", {"variant": "courts"}),
    ("five-hundred", {}),
    ("court-circular", {}),
]


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_two_views_read_what_the_whole_deal_reads_after_the_seats_own_action(
    game_id: str, options: dict[str, object]
) -> None:
    game = get_game(game_id)
    checked = learnt_somewhere = 0
    for seed in range(3):
        match = Match.new(game, options, random.Random(seed))
        bots = [make_bot("greedy", game_id, seed * 8 + s) for s in range(game.players)]
        while match.current.settlement is None:
            turn, actor = match.turn, match.actor
            assert turn is not None and actor is not None
            match = match.apply(bots[actor].choose(match.view(actor)), turn)
            if match.current.settlement is not None:
                break
            last = len(match.current.actions) - 1
            learnt = cards_learnt(match, actor, last)
            assert cards_new(match, actor, last) == learnt, (seed, last)
            checked += 1
            learnt_somewhere += bool(learnt)
    assert checked > 30
    if game_id in ("bridge", "court-piece"):  # the opening lead faces dummy; a trump call
        assert learnt_somewhere  # deals the rest of the hand: the seat's own action shows cards
