"""The review of a finished deal for one seat: every card it chose, judged double dummy.

For each play decision of ``seat`` (in bridge, declarer's decisions include
dummy's cards), the values of all the legal actions there, the value of the
one chosen, the best, what the choice cost and the better choices. Values
are the solver's (:func:`atout.solver.solve`): the further tricks of the
side to play, or, in Court Circular, the further points difference of the
player to act; ``atout solve RECORD --at K --deal D --json`` gives the same
numbers position by position.

Around them: the deal as dealt, its actions and tricks, the hands after each
action (a page replays the deal from them) and where each trick closed, the
side's result at the start, the contract's makeability and, in bridge, the
DD table and par.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from atout.analysis.facts import contract_facts, start_facts, table_facts
from atout.analysis.judge import (
    Limits,
    NotSolvedError,
    is_play,
    minimises,
    position_values,
    unit_of,
)
from atout.cards import card_names
from atout.core import Match, State
from atout.declaring import deciders

__all__ = ["ReviewError", "judge_deal", "review_deal"]

JSON = dict[str, Any]


class ReviewError(ValueError):
    """The deal cannot be reviewed (it does not exist, or it is still in play)."""


@dataclass(slots=True)
class _Walk:
    """What one pass over a deal's actions found."""

    start: State
    end: State
    steps: list[list[list[str]]] = field(default_factory=list)
    trick_ends: list[int] = field(default_factory=list)
    """For each completed trick, how many of the deal's actions had been taken when it closed."""
    decisions: list[JSON] = field(default_factory=list)
    first: State | None = None
    first_values: dict[str, int] | str = "no card was played in this deal"


def _deal_of(match: Match, deal: int) -> None:
    if not 0 <= deal < len(match.deals):
        raise ReviewError(f"no deal {deal}: the record has {len(match.deals)}")


def _walk(match: Match, deal: int, judged: Callable[[int, int], bool], limits: Limits) -> _Walk:
    """Replay deal ``deal``, judging the play decisions ``judged`` accepts (given an
    action's index and the seat to act)."""
    game = match.game
    played = match.deals[deal]
    state = game.start(match.rules, played.layout, played.tally_before)
    walk = _Walk(start=state, end=state, steps=[_hands(state, game.players)])
    for index, (who, action) in enumerate(played.actions):
        actor = getattr(state, "actor", state.turn)
        mine = actor is not None and judged(index, actor)
        if is_play(state, action) and (walk.first is None or mine):
            values = _values_or_reason(state, limits)
            if walk.first is None:
                walk.first, walk.first_values = state, values
            if mine:
                walk.decisions.append(_decision(state, index, who, action, values))
        closed = len(state.tricks())
        state = state.apply(action, who)
        walk.steps.append(_hands(state, game.players))
        if len(state.tricks()) > closed:
            walk.trick_ends.append(index + 1)
    walk.end = state
    return walk


def judge_deal(match: Match, deal: int, limits: Limits | None = None) -> JSON:
    """Every play decision of deal ``deal`` judged, whoever made it (a record's analysis).

    The deal may be unfinished: what has been played is judged.
    """
    _deal_of(match, deal)
    walk = _walk(match, deal, lambda _index, _seat: True, limits or Limits())
    return {
        "game": match.game.id,
        "deal": deal,
        "unit": unit_of(match.game.id),
        "decisions": walk.decisions,
        "costly": [d["index"] for d in walk.decisions if d["solved"] and d["cost"]],
    }


def review_deal(
    match: Match,
    deal: int,
    seat: int,
    limits: Limits | None = None,
    bots: Sequence[bool] | None = None,
) -> JSON:
    """The review (a JSON-ready dict) of finished deal ``deal`` for ``seat``'s decisions.

    A seat's decisions are the engine's (:meth:`Match.deciders`: declarer's
    include dummy's cards). ``bots`` (which seats bots played) is for a deal
    played where a person plays their bot partner's contract
    (:mod:`atout.declaring`): the cards they chose for declarer and dummy are
    judged as theirs too, and ``played_for`` names declarer's seat. The bot
    declarer's own review still judges its seat's cards, as a record without
    ``bots`` would: they were played from that seat, whoever chose them.

    Raises :class:`ReviewError` for a deal that is missing or not over, and
    for a seat the game does not have.
    """
    game = match.game
    _deal_of(match, deal)
    if not 0 <= seat < game.players:
        raise ReviewError(f"no seat {seat}: {game.title} has seats 0..{game.players - 1}")
    played = match.deals[deal]
    if played.settlement is None:
        raise ReviewError(f"deal {deal} is still in play: only a finished deal is reviewed")
    if bots is not None and len(bots) != game.players:
        raise ReviewError(f"bots names {len(bots)} seats: {game.title} has {game.players}")
    side = seat % game.sides
    engine = match.deciders(deal)
    decided = engine if bots is None else deciders(match, bots, deal)
    walk = _walk(match, deal, lambda i, _actor: seat in (engine[i], decided[i]), limits or Limits())
    start = start_facts(walk.first, walk.first_values, side, game.sides)
    judged = [d for d in walk.decisions if d["solved"]]
    out: JSON = {
        "game": game.id,
        "deal": deal,
        "seat": seat,
        "side": side,
        "unit": unit_of(game.id),
        "layout": played.layout.to_json(),
        "actions": [[s, a] for s, a in played.actions],
        "tricks": [t.to_json() for t in walk.end.tricks()],
        "steps": walk.steps,
        "trick_ends": walk.trick_ends,
        "result": walk.end.result(),
        "points": list(played.settlement.points),
        "start": start,
        "decisions": walk.decisions,
        "judged": len(judged),
        "not_solved": len(walk.decisions) - len(judged),
        "cost": sum(d["cost"] for d in judged),
    }
    # The seats whose decisions the person made besides their own (a bot partner's contract).
    for_others = sorted({e for e, d in zip(engine, decided, strict=True) if d == seat != e})
    if for_others:
        out["played_for"] = for_others
    contract = contract_facts(game.id, walk.first, start, side)
    if contract is not None:
        out["contract"] = contract
    out.update(table_facts(game.id, walk.start))
    return out


def _hands(state: State, players: int) -> list[list[str]]:
    return [list(card_names(state.hand(s))) for s in range(players)]  # type: ignore[attr-defined]


def _values_or_reason(state: State, limits: Limits) -> dict[str, int] | str:
    try:
        return position_values(state, limits)
    except NotSolvedError as why:
        return str(why)


def _decision(
    state: State, index: int, who: int, action: str, values: dict[str, int] | str
) -> JSON:
    """One judged decision: where it was, what was chosen, what it cost against the best."""
    out: JSON = {
        "index": index,
        "trick": len(state.tricks()) + 1,
        "seat": who,
        "action": action,
    }
    if isinstance(values, str):
        return {**out, "solved": False, "reason": values}
    if action not in values:
        reason = "not a lawful card (the solver scores lawful cards only)"
        return {**out, "solved": False, "reason": reason, "values": values}
    best = (min if minimises(state) else max)(values.values())
    cost = abs(best - values[action])
    better = [a for a, v in values.items() if v == best] if cost else []
    return {
        **out,
        "solved": True,
        "values": values,
        "value": values[action],
        "best": best,
        "cost": cost,
        "better": better,
    }
