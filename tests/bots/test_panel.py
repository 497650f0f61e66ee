"""The panel's players: legal, repeatable for a seed, and their styles show in their play."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from atout.bots import Bot, PanelBot
from atout.bots.court_piece import panel as court_piece_panel
from atout.bots.registry import PANEL_NAMES, make_bot
from atout.sim.play import play_game
from tests.bots.test_levels import GAMES, OPTIONS, ViewOnly, _positions


class Recorder:
    """A bot that notes each view it saw and the action it took."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.moves: list[tuple[Mapping[str, Any], str]] = []

    def choose(self, view: Mapping[str, Any]) -> str:
        action = self.bot.choose(view)
        self.moves.append((view, action))
        return action


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("style", PANEL_NAMES)
def test_panel_players_legal_over_many_positions(game: str, style: str) -> None:
    bot = make_bot(style, game, seed=7)
    assert isinstance(bot, PanelBot)
    for match, actor in _positions(game, 600, seed=13):
        view = match.view(actor)
        action = bot.choose(ViewOnly(view))
        assert action in view["legal"], (game, style, action, view)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("style", PANEL_NAMES)
def test_panel_players_finish_whole_games_repeatably(game: str, style: str) -> None:
    players = [style, "greedy"] * (get_players(game) // 2)
    options = {"target": 3} if game == "court-piece" else OPTIONS.get(game, {})
    first = play_game(game, options, players, seed=5)
    second = play_game(game, options, players, seed=5)
    assert first.is_over()
    assert [d.actions for d in first.deals] == [d.actions for d in second.deals]


def get_players(game: str) -> int:
    return 2 if game == "court-circular" else 4


def test_unknown_style_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown style"):
        PanelBot(court_piece_panel.choose, "reckless")
    with pytest.raises(ValueError, match="cautious, aggressive"):
        make_bot("reckless", "court-piece")


def _court_piece_habits(style: str, seeds: range) -> dict[str, float]:
    """How often ``style`` (seats 0 and 2, against greedy) leads trumps, and ruffs when it
    could discard instead, as second or third hand."""
    counts = {"leads": 0, "trump leads": 0, "voids": 0, "ruffs": 0}
    for seed in seeds:
        recorders = [Recorder(make_bot(style, "court-piece", seed + i)) for i in (0, 2)]
        bots: list[Bot] = [recorders[0], make_bot("greedy", "court-piece", 1)]
        bots += [recorders[1], make_bot("greedy", "court-piece", 3)]
        play_game("court-piece", {"target": 3}, [style, "greedy"] * 2, seed, bots=bots)
        for recorder in recorders:
            for view, action in recorder.moves:
                if view["phase"] != "play" or len(view["legal"]) < 2:
                    continue
                trump, trick = view["trump"], view["trick"]["cards"]
                if not trick:
                    counts["leads"] += 1
                    counts["trump leads"] += action[1] == trump
                    continue
                led = trick[0][1]
                void = not any(c[1] == led for c in view["hand"])
                suits = {c[1] for c in view["hand"]}
                if void and len(trick) < 3 and trump in suits and len(suits) > 1:
                    counts["voids"] += 1
                    counts["ruffs"] += action[1] == trump
    return {
        "trump leads": counts["trump leads"] / counts["leads"],
        "ruffs": counts["ruffs"] / counts["voids"],
    }


def test_court_piece_styles_show_in_play() -> None:
    """The aggressive player draws trumps and ruffs early; the cautious one ruffs only last."""
    cautious = _court_piece_habits("cautious", range(100, 112))
    aggressive = _court_piece_habits("aggressive", range(100, 112))
    assert aggressive["trump leads"] > 2 * cautious["trump leads"], (cautious, aggressive)
    assert cautious["ruffs"] == 0.0, cautious
    assert aggressive["ruffs"] > 0.5, aggressive
