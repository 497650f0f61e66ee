"""Describe a game's options for the lobby and the API, from the game's own declarations.

Each rule module declares its options once (:mod:`atout.games.options`): name,
type, default, range or choices, and the options it depends on (``requires``:
Court Piece's ``honour_mode`` needs ``variant="courts"``). The server restates
none of it.

>>> from atout.games import get_game
>>> spec = {o["name"]: o for o in describe_options(get_game("court-piece"))}
>>> spec["target"]["min"], spec["target"]["max"], spec["variant"]["choices"]
(3, 15, ['simple', 'courts'])
>>> spec["honour_mode"]["requires"]
{'variant': 'courts'}
"""

from __future__ import annotations

from typing import Any

from atout.core import Game

__all__ = ["describe_options"]


def describe_options(game: Game) -> list[dict[str, Any]]:
    """The lobby's description of each option of ``game``."""
    return [option.to_json() for option in game.option_specs]
