"""Small helpers shared by the games' views: card names and finished tricks as JSON.

Views are rebuilt on every request and list every finished trick, so these
build the JSON straight from the states' ``(leader, cards, winner)`` tuples,
without going through :class:`atout.core.Trick` objects. Each call returns
new lists and dicts: a view belongs to its caller, who may change it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from atout.cards import Card, card_name

__all__ = ["CARD_NAMES", "fresh_json", "tricks_json"]

CARD_NAMES: Final[tuple[str, ...]] = tuple(card_name(c) for c in range(53))
"""``CARD_NAMES[c]``: the notation of card ``c`` (52 is the joker, ``JK``)."""


def tricks_json(done: Sequence[tuple[int, Sequence[Card], int]]) -> list[dict[str, Any]]:
    """Finished tricks in the view form: ``[{"leader", "cards", "winner"}, ...]``.

    The same as ``[t.to_json() for t in state.tricks()]``.

    >>> tricks_json([(1, (0, 12), 2)])
    [{'leader': 1, 'cards': ['2S', 'AS'], 'winner': 2}]
    """
    names = CARD_NAMES
    return [
        {"leader": leader, "cards": [names[c] for c in cards], "winner": winner}
        for leader, cards, winner in done
    ]


def fresh_json(value: Any) -> Any:
    """A copy of a JSON value whose lists and dicts are new at every depth.

    Views keep a deal's ``result`` as the JSON summary; their JSON form hands
    out a fresh copy, so that a caller who changes it changes no other view.

    >>> result = {"tricks_won": [7, 3], "winner": 0}
    >>> copy = fresh_json(result)
    >>> copy == result, copy["tricks_won"] is result["tricks_won"]
    (True, False)
    """
    if isinstance(value, dict):
        return {key: fresh_json(item) for key, item in value.items()}
    if isinstance(value, list):
        return [fresh_json(item) for item in value]
    return value
