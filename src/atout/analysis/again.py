"""A finished deal played again: the same cards from the start, one seat played by Hard.

:func:`play_again` deals deal ``k`` of a match again exactly as it was dealt
(same hands, same dealer, same board and score before it) and plays it to
its end with Hard in ``seat``'s place and the bots named for the other seats
(the table's bots; a person elsewhere at the table is played by the hint
bot). In bridge Hard then also plays dummy's cards when ``seat`` declares,
and bids for ``seat``: the auction, and so the contract, may differ. Where the
person played their bot partner's contracts (``partner_contracts``, the web
table's setting, :mod:`atout.declaring`), Hard plays them too: the line
compared is the one the person chose, not the bot's.

The bots sample hidden cards, so their choices may differ from the deal as
played even where nothing changed before them; with the same ``seed`` and
``effort`` the replay is the same every time (no clock is read: Hard
draws ``effort`` samples per decision).

:func:`compare_lines` puts the deal as played and the replay side by side,
trick by trick, with both results and the points each side scored.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from atout.analysis.review import ReviewError
from atout.bots import Bot
from atout.bots.registry import make_bot
from atout.core import Match, PlayedDeal
from atout.declaring import person_for
from atout.games.bridge.scoring import RubberTally, rubber_deal_value

__all__ = ["AGAIN_EFFORT", "compare_lines", "net", "play_again", "played_line"]

JSON = dict[str, Any]

AGAIN_EFFORT = {"bridge": 16, "five-hundred": 16, "court-piece": 4, "court-circular": 2}
"""Hard's samples per decision in a replay, by game: each deal in a second or two of CPU on
a loaded 2-core machine (docs/operations.md gives the figures), where the table's
clock-bound Hard (0.4 s a decision) took ten to twenty. Court Piece's and Court Circular's
samples are each a costlier search, so they draw fewer."""
HARD = "hard"


def _deal_again(match: Match, deal: int) -> Match:
    """The match as it stood when deal ``deal`` was dealt (the deal's cards, nothing played)."""
    if not 0 <= deal < len(match.deals):
        raise ReviewError(f"no deal {deal}: the record has {len(match.deals)}")
    played = match.deals[deal]
    if played.settlement is None:
        raise ReviewError(f"deal {deal} is still in play: only a finished deal is played again")
    before = replace(match, deals=match.deals[:deal], closed=None)
    return before.start_deal(played.layout)


def played_line(deal: PlayedDeal) -> JSON:
    """One line of a deal (as played, or as replayed): its actions, tricks, result, points.

    ``counted`` (rubber bridge only, :func:`counted`): what the line is worth
    on the rubber sheet, which the comparison uses.
    """
    assert deal.settlement is not None
    line: JSON = {
        "actions": [[s, a] for s, a in deal.actions],
        "tricks": [t.to_json() for t in deal.state.tricks()],
        "result": deal.state.result(),
        "points": list(deal.settlement.points),
    }
    value = counted(deal)
    if value is not None:
        line["counted"] = value
    return line


def counted(deal: PlayedDeal) -> list[int] | None:
    """What a finished deal counts for on the game's sheet, where its points fall short of it.

    Rubber bridge: the gain in each side's standing, the sheet valued as if the
    rubber stopped after the deal (a game made is worth its Law 80 300 there,
    where the deal's own points count it only when the rubber ends). ``None``
    for every other game: the deal's points are what its sheet counts.
    """
    settlement = deal.settlement
    assert settlement is not None
    if not isinstance(deal.tally_before, RubberTally):
        return None
    value = rubber_deal_value(deal.tally_before, settlement.tally, finished=settlement.over)
    return list(value)


def net(points: Sequence[int], side: int) -> int:
    """A side's score on a deal: its points less the other side's (its own in a game of more)."""
    if len(points) == 2:
        return points[side] - points[1 - side]
    return points[side]


def play_again(
    match: Match,
    deal: int,
    seat: int,
    bots: Sequence[str | None],
    *,
    seed: int,
    effort: int | None = None,
    partner_contracts: bool = False,
) -> PlayedDeal:
    """Deal ``deal`` of ``match`` played from the start with Hard in ``seat``.

    ``bots`` names each seat's bot (``None`` for a person: played by greedy,
    the hint bot); ``seat``'s entry is ignored. With ``partner_contracts``
    Hard also plays the contracts a bot partner of ``seat`` wins, as the
    person did at the table. Raises :class:`ReviewError` for a deal that is
    missing or not over and a seat the game lacks.
    """
    game = match.game
    if not 0 <= seat < game.players:
        raise ReviewError(f"no seat {seat}: {game.title} has seats 0..{game.players - 1}")
    if len(bots) != game.players:
        raise ReviewError(f"{game.title} needs {game.players} bots, not {len(bots)}")
    again = _deal_again(match, deal)
    effort = effort or AGAIN_EFFORT.get(game.id, 8)
    players = []
    for s in range(game.players):
        name = HARD if s == seat else (bots[s] or "greedy")
        players.append(make_bot(name, game.id, seed=seed * 8 + s, effort=effort))
    # Who a person played for at the table: seat's bot partner's contracts, with the setting.
    bot_seats = tuple(s != seat and bots[s] is not None for s in range(game.players))
    stand_ins: dict[int, Bot] = {}
    index = len(again.deals) - 1
    limit = 4 * (len(match.deals[deal].actions) + 200)
    for _ in range(limit):
        if again.deals[index].settlement is not None:
            return again.deals[index]
        turn, actor = again.turn, again.actor
        if turn is None or actor is None:
            break
        player = players[actor]
        if partner_contracts and person_for(again.view(None), actor, bot_seats) == seat:
            if actor not in stand_ins:
                stand_ins[actor] = make_bot(HARD, game.id, seed=seed * 8 + seat, effort=effort)
            player = stand_ins[actor]
        again = again.apply(player.choose(again.seen(actor)), turn)
    raise ReviewError(f"deal {deal} did not come to an end when played again")


def compare_lines(
    match: Match,
    deal: int,
    seat: int,
    bots: Sequence[str | None],
    *,
    seed: int,
    effort: int | None = None,
    partner_contracts: bool = False,
) -> JSON:
    """The deal as played and as Hard plays it in ``seat``'s place, side by side.

    ``tricks``: for each trick number, the trick of each line (``None`` where
    a line had fewer). ``difference``: Hard's points for ``seat``'s side minus
    the player's (positive: Hard did better); in rubber bridge, what each line
    is worth on the rubber sheet (``counted``: ``"rubber standing"``).
    """
    effort = effort or AGAIN_EFFORT.get(match.game.id, 8)
    started = time.process_time()
    replayed = play_again(
        match, deal, seat, bots, seed=seed, effort=effort, partner_contracts=partner_contracts
    )
    seconds = time.process_time() - started
    game = match.game
    side = seat % game.sides
    mine, hard = played_line(match.deals[deal]), played_line(replayed)
    rows = max(len(mine["tricks"]), len(hard["tricks"]))

    def pick(line: JSON, i: int) -> JSON | None:
        return line["tricks"][i] if i < len(line["tricks"]) else None

    def score(line: JSON) -> int:
        return net(line["counted"] if "counted" in line else line["points"], side)

    return {
        "game": game.id,
        "deal": deal,
        "seat": seat,
        "side": side,
        "layout": match.deals[deal].layout.to_json(),
        "bots": [HARD if s == seat else (b or "greedy") for s, b in enumerate(bots)],
        "seed": seed,
        "effort": effort,
        "partner_contracts": partner_contracts,
        "mine": mine,
        "hard": hard,
        "tricks": [{"mine": pick(mine, i), "hard": pick(hard, i)} for i in range(rows)],
        "difference": score(hard) - score(mine),
        **({"counted": "rubber standing"} if "counted" in mine else {}),
        "seconds": round(seconds, 3),
    }
