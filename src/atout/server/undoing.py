"""Whether a seat's last action can be taken back, and from where: one rule for two readers.

The undo itself (``Room.undo``) and the state frame (``Frames.frame``) ask the same
question: the frame tells the page why Undo is not possible before the person
presses it (the button stays, greyed, with the reason), rather than the button
vanishing or a refusal arriving after the click. The reasons are the server's
English sentences, which the page words in its language (``i18n/errors.js``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from atout.cards import format_cards, mask_of, parse_card
from atout.core import Match
from atout.server.disclosure import cards_learnt, cards_new

__all__ = ["ANSWERED", "undo_point"]

ANSWERED = "another seat has acted since that action: it can no longer be taken back"


def undo_point(
    match: Match | None,
    status: str,
    seat: int,
    *,
    deciders: Callable[[Match], Sequence[int]] | None = None,
    shown: Callable[[Match], dict[str, Any]] | None = None,
    name_cards: bool = True,
) -> tuple[int, None] | tuple[None, str]:
    """The index of ``seat``'s action to take back in the current deal, or why there is none.

    Never once the deal's result is out, nor past a card the seat has been shown since
    (``disclosure.py``), nor past another seat's action since (a bot's answer would be
    probed): an undo must not be a way to peek. The cards come first: their sentence
    names what was seen. ``name_cards=False`` (the frame, asked at every move) gives the
    answered reason without replaying the deal when a seat has acted since: the replay
    took 20 ms a move on average and up to 170 ms late in a bridge deal on a loaded machine.

    ``deciders`` says who decided each action of a match's current deal (by default
    :meth:`Match.deciders`; at a table where a person plays their bot partner's
    contracts, the cards they chose for it are theirs: ``server/declaring.py``), and
    ``shown`` what the seat's person is shown of a position (by default the seat's view).
    """
    if match is None or status != "playing":
        return None, "nothing to undo"
    if match.current.settlement is not None:
        # The result is out (and scored): the deal is played, nothing in it is undone.
        return None, "the deal is over: nothing in it can be taken back"
    # What the seat decided: not dummy's cards, which declarer chose; but the cards a
    # person chose for their bot partner's contract are theirs.
    who = match.deciders() if deciders is None else deciders(match)
    mine = [i for i, decider in enumerate(who) if decider == seat]
    if not mine:
        return None, "nothing of yours to undo in this deal"
    answered = any(decider != seat for decider in who[mine[-1] :])
    if answered and not name_cards:
        return None, ANSWERED
    # The frame asks at each move: two views (the cards new since the seat's action); the
    # undo itself reads every position of the deal.
    learnt = (cards_learnt if name_cards else cards_new)(match, seat, mine[-1], shown)
    if learnt:
        # The cards as players read them (10♥, not TH): the page shows this sentence.
        seen = format_cards(mask_of(parse_card(c) for c in learnt), symbols=True)
        return None, (
            f"you have seen cards since that action ({seen}): it can no longer be taken back"
        )
    if answered:
        return None, ANSWERED
    return mine[-1], None
