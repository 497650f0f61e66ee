"""Game records (``atout-record/1``): read, write and replay.

A record is the source of truth for a game: options, each deal as dealt and
the actions in order. Replaying it through the engine rebuilds every state;
an illegal or out-of-turn action stops the replay with a :class:`RecordError`
naming the deal index, the action index, the action and the reason.

>>> import random
>>> from atout.games import get_game
>>> match = Match.new(get_game("court-piece"), {"target": 3}, random.Random(7))
>>> match = match.apply(match.legal_actions()[0])
>>> again = match_from_record(match_to_record(match))
>>> again.state.legal_actions() == match.state.legal_actions()
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from atout.core import ActionError, Layout, Match
from atout.games import get_game

__all__ = [
    "FORMAT",
    "RecordError",
    "load_record",
    "match_from_record",
    "match_to_record",
    "replay_summary",
    "save_record",
]

FORMAT = "atout-record/1"


class RecordError(ValueError):
    """A record that cannot be replayed: malformed, or an action the rules refuse."""

    def __init__(
        self,
        reason: str,
        *,
        deal: int | None = None,
        index: int | None = None,
        action: str | None = None,
        seat: int | None = None,
    ) -> None:
        self.reason = reason
        self.deal = deal
        self.index = index
        self.action = action
        self.seat = seat
        where = []
        if deal is not None:
            where.append(f"deal {deal}")
        if index is not None:
            where.append(f"action {index}")
        if action is not None:
            who = f" by seat {seat}" if seat is not None else ""
            where.append(f"{action!r}{who}")
        super().__init__(f"{', '.join(where)}: {reason}" if where else reason)


PARTIAL_RECORD = (
    "this is one seat's copy of a game still in play: it holds that seat's own hands only, so it "
    "cannot be replayed; download the record again once the game is over for the whole game"
)
"""Why a table's record of a game in progress (``"partial": true``) is not replayed: the other
hands are hidden from the seat that downloaded it, and a replay needs every card."""


def match_from_record(data: Any) -> Match:
    """Replay a record (a parsed JSON object) into a :class:`Match`."""
    if not isinstance(data, Mapping):
        raise RecordError("a record is a JSON object")
    if data.get("format", FORMAT) != FORMAT:
        raise RecordError(f"unknown record format {data.get('format')!r} (expected {FORMAT})")
    try:
        game = get_game(str(data.get("game", "")))
        options = data.get("options") or {}
        if not isinstance(options, Mapping):
            raise ValueError("options must be a JSON object")
        rules = game.parse_rules(options)
    except ValueError as error:
        raise RecordError(str(error)) from None
    players = data.get("players")
    if players is not None and (not isinstance(players, list) or len(players) != game.players):
        raise RecordError(f"players must list {game.players} names")
    if data.get("partial") is True:
        raise RecordError(PARTIAL_RECORD)
    deals = data.get("deals")
    if not isinstance(deals, list):
        raise RecordError("deals must be a list")
    extra = {k: data[k] for k in ("time_up_in_deal",) if k in data}
    match = Match(game, rules, players=tuple(map(str, players)) if players else None, extra=extra)
    for number, deal in enumerate(deals):
        match = _replay_deal(match, number, deal)
    return match


def _replay_deal(match: Match, number: int, deal: Any) -> Match:
    if not isinstance(deal, Mapping):
        raise RecordError("a deal is a JSON object", deal=number)
    if match.is_over():
        raise RecordError("the game was already over before this deal", deal=number)
    if match.deals and not match.needs_deal():
        raise RecordError("the previous deal is not finished", deal=number)
    layout_data = dict(deal)
    expected = match.next_dealer()
    if expected is None:  # the first deal: a first_dealer option fixes its dealer
        expected = getattr(match.rules, "first_dealer", None)
        given = layout_data.get("dealer", expected)
        if expected is not None and given != expected:
            raise RecordError(f"first_dealer is seat {expected}, not seat {given}", deal=number)
    try:
        layout = _read_layout(match, layout_data, expected)
        match = match.start_deal(layout)
    except ValueError as error:
        raise RecordError(str(error), deal=number) from None
    actions = deal.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("actions must be a list of [seat, action] pairs", deal=number)
    for index, pair in enumerate(actions):
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or type(pair[0]) is not int
            or not isinstance(pair[1], str)
        ):
            raise RecordError(f"not a [seat, action] pair: {pair!r}", deal=number, index=index)
        seat, action = pair
        if not 0 <= seat < match.game.players:
            raise RecordError(f"no seat {seat}", deal=number, index=index, action=action)
        try:
            match = match.apply(action, seat)
        except ActionError as error:
            raise RecordError(
                str(error), deal=number, index=index, action=action, seat=seat
            ) from None
    return match


def _read_layout(match: Match, data: dict[str, Any], expected: int | None) -> Layout:
    """A deal as dealt; a missing dealer is the one the rules fix.

    Some deals fix their own dealer (a duplicate bridge board), so the game
    reads the deal without one first; otherwise the dealer the rules expect
    next is filled in.
    """
    if "dealer" in data:
        return match.game.layout_from_json(match.rules, data)
    try:
        return match.game.layout_from_json(match.rules, data)
    except ValueError:
        if expected is None:
            raise ValueError("the first deal must name its dealer") from None
    return match.game.layout_from_json(match.rules, {**data, "dealer": expected})


def match_to_record(match: Match) -> dict[str, Any]:
    """The record of a match (the options that differ from the defaults)."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": match.game.id,
        "options": match.game.rules_to_json(match.rules),
    }
    if match.players:
        record["players"] = list(match.players)
    record.update(match.extra)
    record["deals"] = [
        {**deal.layout.to_json(), "actions": [[s, a] for s, a in deal.actions]}
        for deal in match.deals
    ]
    return record


def load_record(path: str | Path) -> Match:
    """Read and replay a record file (JSON, or PBN for bridge)."""
    text = Path(path).read_text(encoding="utf-8")
    if not text.lstrip().startswith("{"):
        from atout.notation.pbn import match_from_pbn  # noqa: PLC0415 - only for PBN files

        pbn_match: Match = match_from_pbn(text)
        return pbn_match
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"not JSON: {error}") from None
    return match_from_record(data)


def save_record(match: Match, path: str | Path) -> None:
    """Write a match's record as JSON."""
    Path(path).write_text(json.dumps(match_to_record(match), indent=1) + "\n", encoding="utf-8")


def replay_summary(match: Match) -> dict[str, Any]:
    """The ``atout replay --json`` object: tricks, result and points of each deal; totals."""
    deals = []
    for deal in match.deals:
        settlement = deal.settlement
        points = list(settlement.points) if settlement else [0] * match.game.sides
        deals.append(
            {
                "tricks": [t.to_json() for t in deal.state.tricks()],
                "result": deal.state.result(),
                "points": points,
            }
        )
    return {
        "game": match.game.id,
        "complete": match.is_over(),
        "deals": deals,
        "totals": list(match.totals),
        "winner": match.winner,
    }
