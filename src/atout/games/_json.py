"""Small helpers shared by the games' views: card names and finished tricks as JSON.

Views are rebuilt on every request and list every finished trick, so these
build the JSON straight from the states' ``(leader, cards, winner)`` tuples,
without going through :class:`atout.core.Trick` objects. Each call returns
new lists and dicts: a view belongs to its caller, who may change it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from atout.cards import CARD_BY_NAME, Card, card_name

__all__ = [
    "CARD_NAMES",
    "cards_json",
    "fresh_json",
    "seat_or_none",
    "tricks_from_json",
    "tricks_json",
]

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


def cards_json(names: Sequence[str]) -> tuple[Card, ...]:
    """Cards by their notation, in the order given (the reverse of :data:`CARD_NAMES`);
    ``ValueError`` names a word that is no card.

    >>> cards_json(["2S", "AS"])
    (0, 12)
    """
    try:
        return tuple([CARD_BY_NAME[name] for name in names])
    except KeyError as missing:
        raise ValueError(f"not a card: {missing.args[0]!r}") from None


def tricks_from_json(done: Sequence[Any]) -> tuple[tuple[int, tuple[Card, ...], int], ...]:
    """Finished tricks from their view form (the reverse of :func:`tricks_json`).

    >>> tricks_from_json(tricks_json([(1, (0, 12), 2)]))
    ((1, (0, 12), 2),)
    """
    return tuple((int(t["leader"]), cards_json(t["cards"]), int(t["winner"])) for t in done)


def seat_or_none(value: Any) -> int | None:
    """A view's seat field (``None`` stays ``None``)."""
    return None if value is None else int(value)


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
