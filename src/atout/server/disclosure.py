"""What a seat has been shown during a deal: the rule that keeps undo from peeking.

An undo replays the deal without the taken-back actions, so the player could
see cards (the rest of a Court Piece hand after naming trump, the Five
Hundred kitty, a bot's card) and then take back the decision they informed.
The rule: an undo may not go back past a point after which the seat was
shown a card it had not been shown before in this deal.

The check reads only the seat's views (the engine decides what a seat sees),
so it holds for every game without restating its rules: a card name that
appears in the seat's view after the undo point and in none of its views up
to that point was learnt since. Calls are not cards: the parts of a view that
hold calls and actions (:data:`CALLS`: the legal actions, the auction, the
contract, the match's history) are not read, so a bid such as ``3D`` neither
counts as a card shown nor hides the three of diamonds when it is shown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from atout.cards import CARD_BY_NAME
from atout.core import Match

__all__ = ["CALLS", "cards_in", "cards_learnt", "cards_new", "cards_shown"]


JSON = dict[str, Any]

CALLS = frozenset({"legal", "auction", "contract", "match"})
"""Keys of a view that hold calls and actions, whose words may read like cards (``3D``)."""


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


def cards_learnt(
    match: Match, seat: int, first: int, view: Callable[[Match], JSON] | None = None
) -> set[str]:
    """Cards ``seat`` was shown after the current deal's first ``first`` actions, not before.

    ``view`` gives what the seat's person is shown at each position (by default
    the engine's view of the seat; at a table, with the hand of the bot
    partner whose contract they play, ``atout.declaring``).
    """
    shown_to = view or (lambda step: step.view(seat))
    played = match.current
    step = Match(match.game, match.rules, match.deals[:-1], match.players, match.extra)
    step = step.start_deal(played.layout)
    before = cards_shown(shown_to(step))
    since: set[str] = set()
    for index, (actor, action) in enumerate(played.actions):
        step = step.apply(action, actor)
        seen = cards_shown(shown_to(step))
        if index < first:
            before |= seen
        else:
            since |= seen
    return since - before


def cards_new(
    match: Match, seat: int, first: int, view: Callable[[Match], JSON] | None = None
) -> set[str]:
    """Cards ``seat`` is shown now that its view just before action ``first`` did not show.

    Two views instead of one a position: the frame's quick reading of :func:`cards_learnt`
    for the usual case (the seat's own action, nobody's since). The two agree where the
    seat's view keeps what it has shown during the deal (its hand, the tricks, dummy, the
    kitty it took); the undo itself always reads the whole deal (:func:`cards_learnt`).
    """
    played = match.current
    if view is None:  # the engine's view of the seat: its states replay faster than a Match
        state = match.game.start(match.rules, played.layout, played.tally_before)
        for actor, action in played.actions[:first]:
            state = state.apply(action, actor)
        return cards_shown(match.view(seat)) - cards_shown(state.view(seat))
    step = Match(match.game, match.rules, match.deals[:-1], match.players, match.extra)
    step = step.start_deal(played.layout)
    for actor, action in played.actions[:first]:
        step = step.apply(action, actor)
    return cards_shown(view(match)) - cards_shown(view(step))


def cards_shown(view: JSON) -> set[str]:
    """The cards a view shows: every card name outside its calls (:data:`CALLS`)."""
    return cards_in({key: value for key, value in view.items() if key not in CALLS})
