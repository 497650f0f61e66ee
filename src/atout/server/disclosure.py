"""What a seat has been shown during a deal: the rule that keeps undo from peeking.

An undo replays the deal without the taken-back actions, so the player could
see cards (the rest of a Court Piece hand after naming trump, the Five
Hundred kitty, a bot's card) and then take back the decision they informed.
The rule: an undo may not go back past a point after which the seat was
shown a card it had not been shown before in this deal.

The check reads only the seat's views (the engine decides what a seat sees),
so it holds for every game without restating any rules: a card name that
appears in the seat's view after the undo point and in none of its views up
to that point was learnt since. Words of actions that are not cards leaving
the actor's hand (a bid such as ``7H`` or ``3D``) are not cards shown, nor is
anything the seat said itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Protocol, cast

from atout.cards import CARD_BY_NAME, CardSet, card_names
from atout.core import Match

__all__ = ["cards_in", "cards_learnt"]


class _Hands(Protocol):
    """The public accessor every game's state has: the cards a seat holds now."""

    def hand(self, seat: int) -> CardSet: ...


def cards_in(value: Any) -> set[str]:
    """Every card name in a JSON value (strings split on spaces: ``"discard 4S 5S"``)."""
    return {word for text in _strings(value) for word in text.split() if word in CARD_BY_NAME}


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def cards_learnt(match: Match, seat: int, first: int) -> set[str]:
    """Cards ``seat`` was shown after the current deal's first ``first`` actions, not before."""
    played = match.current
    step = Match(match.game, match.rules, match.deals[:-1], match.players, match.extra)
    step = step.start_deal(played.layout)
    before = cards_in(step.view(seat))
    since: set[str] = set()
    said = _own_words(played.actions, seat)
    for index, (actor, action) in enumerate(played.actions):
        held = set(card_names(cast(_Hands, step.state).hand(actor)))
        said |= {word for word in action.split() if word not in held}
        step = step.apply(action, actor)
        seen = cards_in(step.view(seat))
        if index < first:
            before |= seen
        else:
            since |= seen
    return since - before - said


def _own_words(actions: Iterable[tuple[int, str]], seat: int) -> set[str]:
    return {word for actor, action in actions if actor == seat for word in action.split()}
