"""Every bot of every game by name: ``BOTS[game][level]`` and :func:`make_bot`.

The one table that says which module plays which game at which level; the
simulator, the web table, the terminal game, the environments and the
benchmarks all get their bots from :func:`make_bot`, which reads it. A level's
factory takes a seed and Hard's :class:`~atout.bots.levels.Pace`.

>>> sorted(BOTS["court-piece"]) == sorted((*BOT_NAMES, *PANEL_NAMES))
True
>>> bot = make_bot("random", "court-piece", seed=1)
>>> bot.choose({"game": "court-piece", "legal": ["trump S", "trump H"]}) in ("trump S", "trump H")
True
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Mapping
from functools import partial
from types import MappingProxyType
from typing import Any

from atout.bots.bridge import bidding as bridge_bidding
from atout.bots.bridge import greedy as bridge_greedy
from atout.bots.bridge import hard as bridge_hard
from atout.bots.bridge import medium as bridge_medium
from atout.bots.bridge import opponents as bridge_opponents
from atout.bots.bridge import panel as bridge_panel
from atout.bots.court_circular import greedy as court_circular_greedy
from atout.bots.court_circular import hard as court_circular_hard
from atout.bots.court_circular import medium as court_circular_medium
from atout.bots.court_circular import panel as court_circular_panel
from atout.bots.court_circular.opponents import OpponentModel as CourtCircularOpponents
from atout.bots.court_piece import greedy as court_piece_greedy
from atout.bots.court_piece import hard as court_piece_hard
from atout.bots.court_piece import medium as court_piece_medium
from atout.bots.court_piece import panel as court_piece_panel
from atout.bots.court_piece.opponents import OpponentModel
from atout.bots.five_hundred import greedy as five_hundred_greedy
from atout.bots.five_hundred import hard as five_hundred_hard
from atout.bots.five_hundred import medium as five_hundred_medium
from atout.bots.five_hundred import opponents as five_hundred_opponents
from atout.bots.five_hundred import panel as five_hundred_panel
from atout.bots.levels import (
    DEFAULT_BUDGET,
    DEFAULT_SAMPLES,
    Bot,
    Choose,
    EasyBot,
    GreedyBot,
    HardBot,
    HardChoose,
    Learner,
    MediumBot,
    Pace,
    PanelBot,
    RandomBot,
    StyledChoose,
    View,
)
from atout.core import Seen

__all__ = [
    "BOTS",
    "BOT_NAMES",
    "PANEL_NAMES",
    "BotFactory",
    "JsonBot",
    "as_bot",
    "make_bot",
]

BOT_NAMES = ("random", "greedy", "easy", "medium", "hard")
"""The levels (the ones a table offers)."""

PANEL_NAMES = ("cautious", "aggressive")
"""The panel's players (:mod:`atout.bots.styles`): ``make_bot`` and ``atout sim`` know them."""

BotFactory = Callable[[int | None, Pace], Bot]
"""A level of one game: a new bot from a seed and Hard's pace."""


def _hard(choose: HardChoose) -> BotFactory:
    """Hard from a game's ``hard.choose``."""
    return lambda seed, pace: HardBot(choose, seed, pace)


def _court_piece_hard(seed: int | None, pace: Pace) -> Bot:
    """Hard Court Piece, with its own model of the opponents' styles learnt over the match."""
    opponents = OpponentModel()
    choose: HardChoose = partial(court_piece_hard.choose, opponents=opponents)
    return HardBot(choose, seed, pace, opponents=opponents)


def _court_circular_hard(seed: int | None, pace: Pace) -> Bot:
    """Hard Court Circular, with its own model of the opponent's style learnt over the match."""
    opponents = CourtCircularOpponents(
        0 if seed is None else seed, medium=court_circular_medium.choose
    )
    choose: HardChoose = partial(court_circular_hard.choose, opponents=opponents)
    return HardBot(choose, seed, pace, opponents=opponents)


def _read_opponents(choose: Callable[..., str], model: Callable[[], Learner]) -> BotFactory:
    """Hard from a game's ``hard.choose`` that takes ``opponents=``: one reading of the
    opponents (:mod:`atout.bots.reading`) per Hard player, kept over its match."""

    def factory(seed: int | None, pace: Pace) -> Bot:
        opponents = model()
        return HardBot(partial(choose, opponents=opponents), seed, pace, opponents=opponents)

    return factory


def _levels(
    *,
    greedy: Choose,
    medium: Choose,
    panel: StyledChoose,
    hard: BotFactory,
    auction: Callable[[Seen], str] | None = None,
    pass_weight: float | None = None,
) -> Mapping[str, BotFactory]:
    """One game's levels and panel players, from its play functions.

    ``auction`` makes the easy level's calls (else greedy bids); ``pass_weight``
    is the random player's chance of passing when it may.
    """
    return MappingProxyType(
        {
            "random": lambda seed, _: RandomBot(seed, pass_weight=pass_weight),
            "greedy": lambda seed, _: GreedyBot(greedy, seed),
            "easy": lambda seed, _: EasyBot(greedy, seed, auction=auction),
            "medium": lambda seed, _: MediumBot(medium, seed),
            "hard": hard,
            "cautious": lambda seed, _: PanelBot(panel, "cautious", seed),
            "aggressive": lambda seed, _: PanelBot(panel, "aggressive", seed),
        }
    )


BOTS: Mapping[str, Mapping[str, BotFactory]] = MappingProxyType(
    {
        "bridge": _levels(
            greedy=bridge_greedy.choose,
            medium=bridge_medium.choose,
            panel=bridge_panel.choose,
            hard=_read_opponents(bridge_hard.choose, bridge_opponents.opponent_model),
            auction=bridge_bidding.choose_call,
            # Uniform calls climb to the seven level on almost every deal.
            pass_weight=0.8,
        ),
        "court-circular": _levels(
            greedy=court_circular_greedy.choose,
            medium=court_circular_medium.choose,
            panel=court_circular_panel.choose,
            hard=_court_circular_hard,
        ),
        "court-piece": _levels(
            greedy=court_piece_greedy.choose,
            medium=court_piece_medium.choose,
            panel=court_piece_panel.choose,
            hard=_court_piece_hard,
        ),
        "five-hundred": _levels(
            greedy=five_hundred_greedy.choose,
            medium=five_hundred_medium.choose,
            panel=five_hundred_panel.choose,
            hard=_read_opponents(five_hundred_hard.choose, five_hundred_opponents.opponent_model),
        ),
    }
)
"""``BOTS[game][name]``: each game's (by id) levels and panel players, by the names
:func:`make_bot` takes (:data:`BOT_NAMES`, :data:`PANEL_NAMES`)."""


class JsonBot:
    """An outside bot (``module:callable``): handed the JSON view, a plain dict, whatever
    it is given (a typed :class:`~atout.core.Seen` is written out for it)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def choose(self, view: View) -> str:
        """The outside bot's action for the JSON form of ``view``."""
        if isinstance(view, Seen):
            json = view.view.to_json()
            json["match"] = view.sheet
            view = json
        return self.bot.choose(view)

    def __getattr__(self, name: str) -> Any:
        # What else the outside bot offers (a learner's hooks) stays reachable.
        return getattr(self.bot, name)


_TYPED_BOTS = (RandomBot, GreedyBot, EasyBot, MediumBot, PanelBot, HardBot, JsonBot)
"""atout's own players, which take a :class:`~atout.core.Seen` (and a JSON view)."""


def as_bot(bot: Bot) -> Bot:
    """A player object given by a caller (an environment's opponent, a simulation's seat),
    ready to be handed a :class:`~atout.core.Seen`: atout's own as it is, any other wrapped
    in :class:`JsonBot`, so it is handed the plain JSON dict it was written for."""
    return bot if isinstance(bot, _TYPED_BOTS) else JsonBot(bot)


def make_bot(
    name: str,
    game: str,
    seed: int | None = None,
    *,
    budget_seconds: float | None = None,
    effort: int | None = None,
) -> Bot:
    """A bot by name (a level of :data:`BOT_NAMES`, or :data:`PANEL_NAMES`) or ``mod:callable``.

    A ``module:callable`` is called as ``factory(game=..., seed=...)`` and must
    return an object with ``choose(view) -> str``; it is handed the JSON view
    (``Match.view``: a plain dict it may keep, change or serialise), as it always
    was, also where the program holds a typed :class:`~atout.core.Seen`. ``budget_seconds`` is the
    Hard bot's time per decision (default :data:`DEFAULT_BUDGET`); ``effort``
    replaces it with work: that many samples per decision and no clock.
    """
    if effort is not None and budget_seconds is not None:
        raise ValueError("give Hard an effort or a time budget, not both")
    if effort is not None and effort < 1:
        raise ValueError(f"effort must be at least 1 sample per decision, not {effort}")
    if ":" in name:
        module_name, _, attr = name.partition(":")
        factory = getattr(importlib.import_module(module_name), attr)
        return JsonBot(factory(game=game, seed=seed))
    if name not in (*BOT_NAMES, *PANEL_NAMES):
        raise ValueError(
            f"unknown bot {name!r} (bots: {', '.join((*BOT_NAMES, *PANEL_NAMES))},"
            " or module:callable)"
        )
    levels = BOTS.get(game.replace("_", "-"))
    if levels is None:
        raise ValueError(f"no bots for game {game!r} (games: {', '.join(BOTS)})")
    if effort is not None:
        pace = Pace(math.inf, effort)
    else:
        pace = Pace(DEFAULT_BUDGET if budget_seconds is None else budget_seconds, DEFAULT_SAMPLES)
    return levels[name](seed, pace)
