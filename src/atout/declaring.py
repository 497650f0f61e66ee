"""Who decides for a seat: at bridge against bots, a person plays their side's contracts.

When a person's bot partner wins the auction, the rules make the person
dummy, who only watches. People playing with robots (BBO's robot tables, the
terminal) expect to play the hand, so the bot declarer's decisions go to the
person: once dummy is faced (after the opening lead), the person chooses
declarer's cards and dummy's, and may claim. The game is unchanged: the
engine still has the bot's seat as declarer and the record names declarer's
(or dummy's) seat for each card, as the rules say; only who decides changes.

This is the one place that says so, for every front end: the web table
(:mod:`atout.server.declaring` adds the table's setting and who is seated),
the terminal (:mod:`atout.tui.play`), undo (a person takes back the cards they
chose for their partner as their own) and the review (which judges them).
It reads only public views, so it restates no rule of the game: a view
without a ``dummy_seat`` (every other game) never hands a seat over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from atout.core import Match

__all__ = ["deciders", "person_for", "person_view", "plays_for", "with_declarers_hand"]

JSON = dict[str, Any]

_PLAY: Final = ("play", "claim")


def plays_for(public: Mapping[str, Any], seat: int, bots: Sequence[bool]) -> int | None:
    """The bot declarer whose contract the person at ``seat`` plays now, else ``None``.

    ``public`` is the deal's public view (``view(None)``), ``bots[s]`` says a
    bot plays seat ``s``. Only once dummy is faced: before the opening lead
    declarer has nothing to decide, and the person must not see their
    partner's hand early.
    """
    declarer = public.get("declarer")
    if bots[seat] or not isinstance(declarer, int) or public.get("dummy_seat") != seat:
        return None
    if public.get("phase") not in _PLAY or public.get("dummy") is None:
        return None
    return declarer if bots[declarer] else None


def person_for(public: Mapping[str, Any], actor: int, bots: Sequence[bool]) -> int | None:
    """The seat of the person who decides for ``actor`` (a bot declarer) now, else ``None``."""
    dummy = public.get("dummy_seat")
    if not isinstance(dummy, int) or not 0 <= dummy < len(bots):
        return None
    return dummy if plays_for(public, dummy, bots) == actor else None


def with_declarers_hand(view: JSON, declarers: JSON) -> JSON:
    """The person's view (dummy's seat) with what they need to play declarer's side.

    ``plays_for`` gives declarer's seat and hand; ``legal`` and ``can_claim``
    are declarer's, whose choices (its own cards, dummy's, a claim) the
    person makes. Everything else stays the engine's view of the person's seat.
    """
    return {
        **view,
        "legal": list(declarers.get("legal") or []),
        "can_claim": bool(declarers.get("can_claim")),
        "plays_for": {"seat": declarers.get("seat"), "hand": list(declarers.get("hand") or [])},
    }


def person_view(match: Match, seat: int, bots: Sequence[bool]) -> JSON:
    """``seat``'s view of ``match``, with declarer's hand while the person plays it."""
    view = match.view(seat)
    declarer = plays_for(match.view(None), seat, bots)
    return view if declarer is None else with_declarers_hand(view, match.view(declarer))


def deciders(match: Match, bots: Sequence[bool], deal: int = -1) -> tuple[int, ...]:
    """Who decided each action of deal ``deal``: :meth:`Match.deciders`, with the bot
    declarer's decisions made by the person who played its contract given to that person.

    A person decides for a seat in one way only (:func:`plays_for`), so the
    replay asks it at each position: undo and the review read the same answer
    the table and the terminal acted on.
    """
    played = match.deals[deal]
    state = match.game.start(match.rules, played.layout, played.tally_before)
    out: list[int] = []
    for decider, (seat, action) in zip(match.deciders(deal), played.actions, strict=True):
        person = person_for(state.view(None), decider, bots) if bots[decider] else None
        out.append(decider if person is None else person)
        state = state.apply(action, seat)
    return tuple(out)
