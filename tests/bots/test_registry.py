"""``BOTS[game][name]``: every game's levels, built by ``make_bot``, refusing what it lacks."""

from __future__ import annotations

import math
import subprocess
import sys
from functools import partial

import pytest

from atout.bots.court_piece import greedy as court_piece_greedy
from atout.bots.court_piece.opponents import OpponentModel
from atout.bots.five_hundred import hard as five_hundred_hard
from atout.bots.levels import EasyBot, GreedyBot, HardBot, MediumBot, PanelBot, RandomBot
from atout.bots.registry import BOT_NAMES, BOTS, PANEL_NAMES, make_bot
from atout.games import GAMES

KINDS = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "cautious": PanelBot,
    "aggressive": PanelBot,
}


def test_every_game_has_every_level_and_panel_player() -> None:
    assert sorted(BOTS) == sorted(GAMES)
    for levels in BOTS.values():
        assert sorted(levels) == sorted((*BOT_NAMES, *PANEL_NAMES)) == sorted(KINDS)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("name", sorted(KINDS))
def test_make_bot_builds_the_registered_kind(game: str, name: str) -> None:
    assert type(make_bot(name, game, seed=1)) is KINDS[name]


def test_the_registry_cannot_be_changed_by_a_caller() -> None:
    with pytest.raises(TypeError):
        BOTS["court-piece"]["greedy"] = BOTS["bridge"]["greedy"]  # type: ignore[index]
    with pytest.raises(TypeError):
        BOTS["euchre"] = BOTS["bridge"]  # type: ignore[index]


def test_hard_gets_its_pace_from_make_bot() -> None:
    timed = make_bot("hard", "five-hundred", seed=1, budget_seconds=0.25)
    counted = make_bot("hard", "five-hundred", seed=1, effort=7)
    default = make_bot("hard", "five-hundred", seed=1)
    assert isinstance(timed, HardBot) and isinstance(counted, HardBot)
    assert isinstance(default, HardBot)
    assert (timed.budget_seconds, timed.samples) == (0.25, 64)
    assert (counted.budget_seconds, counted.samples) == (math.inf, 7)
    assert (default.budget_seconds, default.samples) == (0.4, 64)
    # Five Hundred's Hard reads its opponents over the match (atout.bots.reading).
    assert isinstance(timed._choose, partial) and timed._choose.func is five_hundred_hard.choose
    assert timed._choose.keywords["opponents"] is timed.opponents


def test_each_hard_court_piece_learns_its_own_opponents() -> None:
    first, second = make_bot("hard", "court-piece", 1), make_bot("hard", "court-piece", 1)
    assert isinstance(first, HardBot) and isinstance(second, HardBot)
    assert isinstance(first.opponents, OpponentModel)
    assert first.opponents is not second.opponents


def test_greedy_plays_the_games_own_module() -> None:
    bot = make_bot("greedy", "court-piece", seed=3)
    assert isinstance(bot, GreedyBot) and bot._choose is court_piece_greedy.choose


def test_a_game_id_with_underscores_is_the_same_game() -> None:
    assert isinstance(make_bot("medium", "five_hundred", seed=1), MediumBot)


def test_a_game_without_bots_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"no bots for game 'euchre' \(games: bridge, "):
        make_bot("greedy", "euchre")


def test_an_unknown_name_is_refused_before_the_game_is_looked_up() -> None:
    with pytest.raises(ValueError, match=r"unknown bot 'expert'.*or module:callable"):
        make_bot("expert", "euchre")


def test_one_games_bots_load_without_the_others() -> None:
    """The replay worker, a fresh interpreter, needs bridge's bidding only: it must not pay
    for every game's Hard (the registry is what loads them all)."""
    code = "import sys, atout.bots.bridge.bidding; print(' '.join(sorted(sys.modules)))"
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    bots = {name for name in loaded if name.startswith("atout.bots.")}
    assert "atout.bots.bridge.bidding" in bots
    assert not bots & {"atout.bots.registry", "atout.bots.bridge.hard", "atout.bots.sampling"}
    assert not any(
        name.startswith(("atout.bots.court_piece", "atout.bots.five_hundred")) for name in bots
    )
