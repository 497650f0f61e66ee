"""Run many games between bots, optionally across processes, and summarise them."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from atout.core import Match
from atout.games import get_game
from atout.notation.record import save_record
from atout.sim.play import play_game
from atout.sim.stats import summarise

__all__ = ["run_games"]


def _one(args: tuple[str, Mapping[str, Any], tuple[str, ...], int]) -> Match:
    game, options, players, seed = args
    return play_game(game, options, players, seed)


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
) -> dict[str, Any]:
    """Play ``games`` games (game ``i`` from seed ``seed + i``) and summarise them.

    Side 0 is whoever sits at seats 0 and 2 (seat 0 in two-player games).
    """
    game = get_game(game_id)
    game.parse_rules(options)  # refuse bad options before any work
    jobs = [(game.id, dict(options), tuple(players), seed + i) for i in range(games)]
    started = time.perf_counter()
    matches: list[Match] = []
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            for match in pool.map(_one, jobs, chunksize=max(1, games // (workers * 8))):
                matches.append(match)
                if progress:
                    progress(1)
    else:
        for job in jobs:
            matches.append(_one(job))
            if progress:
                progress(1)
    seconds = time.perf_counter() - started
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
        for i, match in enumerate(matches):
            save_record(match, records / f"{game.id}-{seed + i}.json")
    summary = summarise(matches, seconds, game.sides)
    return {"game": game.id, "players": list(players), "seed": seed, **summary}
