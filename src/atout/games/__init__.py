"""The games, by id. An explicit registry: importing a game registers nothing.

>>> sorted(GAMES)
['bridge', 'court-circular', 'court-piece', 'five-hundred']
>>> get_game("five_hundred").title
'Five Hundred'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from atout.core import Game, TypedView
from atout.games.bridge import BRIDGE
from atout.games.bridge.view import BridgeView
from atout.games.court_circular import COURT_CIRCULAR
from atout.games.court_circular_view import CourtCircularView
from atout.games.court_piece import COURT_PIECE
from atout.games.court_piece_view import CourtPieceView
from atout.games.five_hundred import FIVE_HUNDRED
from atout.games.five_hundred.view import FiveHundredView

__all__ = ["GAMES", "get_game", "view_from_json"]

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


_VIEW_READERS: dict[str, Callable[[Mapping[str, Any]], TypedView]] = {
    COURT_PIECE.id: CourtPieceView.from_json,
    FIVE_HUNDRED.id: FiveHundredView.from_json,
    BRIDGE.id: BridgeView.from_json,
    COURT_CIRCULAR.id: CourtCircularView.from_json,
}


def view_from_json(data: Mapping[str, Any]) -> TypedView:
    """The typed view a JSON view (``State.view``) was written from, by its ``game``.

    The reverse of ``to_json()``, for a JSON view handed to a bot: it is read
    once into typed fields (``ValueError`` for a view of no game).
    """
    game = data.get("game")
    reader = _VIEW_READERS.get(str(game))
    if reader is None:
        raise ValueError(f"not a view of a game: game is {game!r} (games: {', '.join(GAMES)})")
    return reader(data)
