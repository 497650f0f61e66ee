"""Run many games between bots, optionally duplicated and across processes, and summarise them.

*Duplicate* play cuts luck the way bridge clubs do: every deal sequence
(one seed) is played twice, the second time with the sides swapped (the
bots listed at seats 0 and 2 sit at 1 and 3, in two-player games at seat 1),
so both sides hold the same cards once each. Side 0 is always whoever is
*listed* at seats 0 and 2, also in the swapped games; results are reported
for the listed sides.

A bot that raises or returns an illegal action (a user's ``module:callable``)
does not stop the tournament: that game is left out of the figures and
reported under ``"failures"`` with the seat, the bot, the reason and its view.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from atout.core import Match
from atout.games import get_game
from atout.notation.record import save_record
from atout.sim.play import BotFailure, play_game
from atout.sim.stats import elo_ratings, summarise_results

__all__ = ["GameResult", "run_elo", "run_games", "swap_seats"]


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game seen from the *listed* sides (flipped back when the seats were swapped)."""

    seed: int
    swapped: bool
    winner: int | None
    totals: tuple[int, ...]
    deal_points: tuple[tuple[int, ...], ...]
    events: Mapping[str, tuple[int, ...]]
    failure: Mapping[str, Any] | None = None


def swap_seats(players: Sequence[str]) -> list[str]:
    """The lineup with the sides exchanged: seat ``i`` gets the bot listed at ``i ^ 1``."""
    return [players[i ^ 1] for i in range(len(players))]


def _flip(values: Sequence[int], swapped: bool) -> tuple[int, ...]:
    return tuple(reversed(values)) if swapped else tuple(values)


def _result(match: Match, seed: int, swapped: bool) -> GameResult:
    events: dict[str, list[int]] = {}
    deal_points: list[tuple[int, ...]] = []
    for deal in match.deals:
        if deal.settlement is not None:
            deal_points.append(_flip(deal.settlement.points, swapped))
        result = deal.state.result()
        side = result.get("winner")
        for key in ("bavney", "court"):
            if result.get(key) is True and isinstance(side, int):
                listed = 1 - side if swapped else side
                events.setdefault(key, [0, 0])[listed] += 1
    winner = match.winner
    if winner is not None and swapped:
        winner = 1 - winner
    return GameResult(
        seed,
        swapped,
        winner,
        _flip(match.totals, swapped),
        tuple(deal_points),
        {k: tuple(v) for k, v in events.items()},
    )


def _one(
    args: tuple[str, Mapping[str, Any], tuple[str, ...], int, bool, float | None, bool],
) -> tuple[GameResult, Match | None]:
    game, options, players, seed, swapped, budget, keep = args
    seats = swap_seats(players) if swapped else list(players)
    try:
        match = play_game(game, options, seats, seed, budget_seconds=budget)
    except BotFailure as failure:
        listed_seat = failure.seat ^ 1 if swapped else failure.seat
        info = {
            "seed": seed,
            "swapped": swapped,
            "seat": failure.seat,
            "listed_seat": listed_seat,
            "bot": failure.bot,
            "reason": failure.reason,
            "view": dict(failure.view),
        }
        return GameResult(seed, swapped, None, (), (), {}, info), None
    return _result(match, seed, swapped), match if keep else None


def run_games(
    game_id: str,
    options: Mapping[str, Any],
    players: Sequence[str],
    *,
    games: int,
    seed: int,
    workers: int = 1,
    records: Path | None = None,
    progress: Callable[[int], None] | None = None,
    duplicate: bool = False,
    budget_seconds: float | None = None,
) -> dict[str, Any]:
    """Play ``games`` games (game ``i`` from seed ``seed + i``; twice each when ``duplicate``).

    Side 0 is whoever is listed at seats 0 and 2 (seat 0 in two-player games).
    ``budget_seconds`` is the Hard bots' time per decision.
    """
    game = get_game(game_id)
    options = dict(options)
    if game.id == "bridge" and options.get("scoring") == "duplicate" and "boards" not in options:
        options["boards"] = 1  # one board per game, so games end and pair up for IMPs
    game.parse_rules(options)  # refuse bad options before any work
    if len(players) != game.players:
        raise ValueError(f"{game.title} needs {game.players} players, got {len(players)}")
    keep = records is not None
    jobs = [
        (game.id, options, tuple(players), seed + i, swapped, budget_seconds, keep)
        for i in range(games)
        for swapped in ((False, True) if duplicate else (False,))
    ]
    started = time.perf_counter()
    outcomes: list[tuple[GameResult, Match | None]] = []
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            chunk = max(1, len(jobs) // (workers * 8))
            for outcome in pool.map(_one, jobs, chunksize=chunk):
                outcomes.append(outcome)
                if progress:
                    progress(1)
    else:
        for job in jobs:
            outcomes.append(_one(job))
            if progress:
                progress(1)
    seconds = time.perf_counter() - started
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
        for result, match in outcomes:
            if match is not None:
                suffix = "-swapped" if result.swapped else ""
                save_record(match, records / f"{game.id}-{result.seed}{suffix}.json")
    results = [r for r, _ in outcomes]
    summary = summarise_results(
        results, seconds, sides=game.sides, imps=game.id == "bridge", duplicate=duplicate
    )
    return {
        "game": game.id,
        "players": list(players),
        "seed": seed,
        "duplicate": duplicate,
        **summary,
    }


def run_elo(
    game_id: str,
    options: Mapping[str, Any],
    bots: Sequence[str],
    *,
    games: int,
    seed: int,
    workers: int = 1,
    duplicate: bool = True,
    budget_seconds: float | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """A round robin: every pair of ``bots`` plays ``games`` games (duplicated); Elo from all.

    In four-player games each side is one bot twice (partners are the same bot).
    Ratings are anchored so that their mean is 1500.
    """
    game = get_game(game_id)
    if len(set(bots)) < 2:
        raise ValueError("an Elo table needs at least two different bots")
    pairs: list[dict[str, Any]] = []
    scores: list[tuple[str, str, float, float]] = []
    started = time.perf_counter()
    for a, b in itertools.combinations(dict.fromkeys(bots), 2):
        lineup = [a, b] * (game.players // 2)
        summary = run_games(
            game.id,
            options,
            lineup,
            games=games,
            seed=seed,
            workers=workers,
            duplicate=duplicate,
            budget_seconds=budget_seconds,
            progress=progress,
        )
        rate = summary["win_rate"][0]
        played = summary["games"]
        scores.append((a, b, rate * played, float(played)))
        pairs.append(
            {"players": [a, b], "win_rate": rate, "ci95": summary["ci95"][0], "games": played}
        )
    ratings = elo_ratings(list(dict.fromkeys(bots)), scores)
    return {
        "game": game.id,
        "bots": list(dict.fromkeys(bots)),
        "pairs": pairs,
        "elo": ratings,
        "seconds": round(time.perf_counter() - started, 3),
    }
