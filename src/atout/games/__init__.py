"""The games, by id. An explicit registry: importing a game registers nothing.

>>> sorted(GAMES)
['bridge', 'court-circular', 'court-piece', 'five-hundred']
>>> get_game("five_hundred").title
'Five Hundred'
"""

from __future__ import annotations

from atout.core import Game
from atout.games.bridge import BRIDGE
from atout.games.court_circular import COURT_CIRCULAR
from atout.games.court_piece import COURT_PIECE
from atout.games.five_hundred import FIVE_HUNDRED

__all__ = ["GAMES", "get_game"]

GAMES: dict[str, Game] = {
    COURT_PIECE.id: COURT_PIECE,
    FIVE_HUNDRED.id: FIVE_HUNDRED,
    BRIDGE.id: BRIDGE,
    COURT_CIRCULAR.id: COURT_CIRCULAR,
}


def get_game(game_id: str) -> Game:
    """The game with this id (``court-piece``, ``five-hundred``, ``bridge``, ``court-circular``).

    Underscores are accepted for dashes.
    """
    game = GAMES.get(game_id.strip().lower().replace("_", "-"))
    if game is None:
        raise ValueError(f"unknown game {game_id!r} (games: {', '.join(sorted(GAMES))})")
    return game
