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

Every match is a :class:`Job` with a key (lineup, seed, swapped). The jobs
run in this process, over ``workers`` processes, or as Ray tasks on a
cluster (:mod:`atout.sim.cluster`); they finish in any order, are written to
the results file as they do (:mod:`atout.sim.journal`, so ``resume`` plays
only the missing keys), and are summarised in job order: the same seeds and
effort give the same report wherever they ran.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from atout.bots import Bot
from atout.core import Match
from atout.games import get_game
from atout.notation.record import save_record
from atout.sim.journal import GameResult, Journal, resume_journal
from atout.sim.play import BotFailure, play_game
from atout.sim.stats import elo_ratings, summarise_results

__all__ = [
    "GameResult",
    "Job",
    "Progress",
    "play_chunk",
    "play_job",
    "run_elo",
    "run_games",
    "swap_seats",
]

Outcome = tuple[str, GameResult, Match | None]
"""A played match: its key, its result and (when records are kept) the match itself."""
Progress = Callable[[int, int], None]
"""Called as matches finish with (matches done, matches in all), resumed ones counted done."""


@dataclass(frozen=True, slots=True)
class Job:
    """One match of a tournament: the listed lineup, its seed, and whether the sides swap."""

    game: str
    options: Mapping[str, Any]
    players: tuple[str, ...]
    seed: int
    swapped: bool = False
    budget: float | None = None
    effort: int | None = None
    keep: bool = False
    factories: Mapping[str, Callable[..., Bot]] = field(default_factory=dict)

    @property
    def key(self) -> str:
        """The match's name in a results file: ``lineup|seed|swapped``."""
        return f"{','.join(self.players)}|{self.seed}|{'swapped' if self.swapped else ''}"


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


def play_job(job: Job) -> Outcome:
    """Play one match; a failing bot makes a result with its failure, not an exception."""
    seats = swap_seats(job.players) if job.swapped else list(job.players)
    try:
        match = play_game(
            job.game,
            job.options,
            seats,
            job.seed,
            budget_seconds=job.budget,
            effort=job.effort,
            factories=job.factories,
        )
    except BotFailure as failure:
        listed_seat = failure.seat ^ 1 if job.swapped else failure.seat
        info = {
            "seed": job.seed,
            "swapped": job.swapped,
            "seat": failure.seat,
            "listed_seat": listed_seat,
            "bot": failure.bot,
            "reason": failure.reason,
            "view": dict(failure.view),
        }
        return job.key, GameResult(job.seed, job.swapped, None, (), (), {}, info), None
    return job.key, _result(match, job.seed, job.swapped), match if job.keep else None


def play_chunk(jobs: Sequence[Job]) -> list[Outcome]:
    """Play a few matches in a row: one task for a worker process or a Ray worker."""
    return [play_job(job) for job in jobs]


def _chunks(jobs: Sequence[Job], parallel: int) -> list[list[Job]]:
    """Jobs in chunks: about eight per worker, so cheap matches do not pay a task each,
    yet results stream back often and a lost worker loses little."""
    size = max(1, min(16, len(jobs) // (max(1, parallel) * 8)))
    return [list(jobs[i : i + size]) for i in range(0, len(jobs), size)]


def _in_process(jobs: Sequence[Job]) -> Iterator[list[Outcome]]:
    for job in jobs:
        yield [play_job(job)]


def _processes(jobs: Sequence[Job], workers: int) -> Iterator[list[Outcome]]:
    """Chunks over a process pool, yielded as they finish."""
    with ProcessPoolExecutor(workers) as pool:
        pending = {pool.submit(play_chunk, chunk) for chunk in _chunks(jobs, workers)}
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        finally:
            for future in pending:
                future.cancel()


def _execute(
    jobs: Sequence[Job],
    *,
    workers: int,
    cluster: str | None,
    results: Path | None,
    resume: bool,
    run: Mapping[str, Any],
    records: Path | None,
    progress: Progress | None,
) -> dict[str, GameResult]:
    """Every job's result by key: those already in ``results`` (with ``resume``) and the
    others played, each written to ``results`` (and its record saved) as it finishes."""
    journal: Journal | None = None
    done: dict[str, GameResult] = {}
    if results is not None:
        journal, done = resume_journal(results, run, resume=resume)
    elif resume:
        raise ValueError("resume needs a results file")
    wanted = {job.key for job in jobs}
    done = {key: result for key, result in done.items() if key in wanted}
    todo = [job for job in jobs if job.key not in done]
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    if progress:
        progress(len(done), len(jobs))
    try:
        if cluster is not None:
            from atout.sim.cluster import ray_outcomes  # noqa: PLC0415 - Ray only when asked

            batches = ray_outcomes(todo, cluster, workers, _chunks)
        elif workers > 1:
            batches = _processes(todo, workers)
        else:
            batches = _in_process(todo)
        for batch in batches:
            for key, result, match in batch:
                if key in done:
                    continue  # a retried task's second answer: counted once
                done[key] = result
                if journal is not None:
                    journal.write(key, result)
                if records is not None and match is not None:
                    suffix = "-swapped" if result.swapped else ""
                    save_record(match, records / f"{match.game.id}-{result.seed}{suffix}.json")
            if progress:
                progress(len(done), len(jobs))
    finally:
        if journal is not None:
            journal.stream.close()
    return done


def _prepare(game_id: str, options: Mapping[str, Any], players: int) -> dict[str, Any]:
    """The options a tournament plays with, refused before any work if they are bad."""
    game = get_game(game_id)
    options = dict(options)
    if game.id == "bridge" and options.get("scoring") == "duplicate" and "boards" not in options:
        options["boards"] = 1  # one board per game, so games end and pair up for IMPs
    game.parse_rules(options)
    if players != game.players:
        raise ValueError(f"{game.title} needs {game.players} players, got {players}")
    return options


def _run(
    game_id: str, options: Mapping[str, Any], effort: int | None, budget: float | None
) -> dict[str, Any]:
    """What a results file must agree on to be resumed: what decides a match's result."""
    return {"game": game_id, "options": dict(options), "effort": effort, "budget": budget}


def _jobs(
    game_id: str,
    options: Mapping[str, Any],
    players: Sequence[str],
    *,
    games: int,
    seed: int,
    duplicate: bool,
    budget: float | None,
    effort: int | None,
    keep: bool,
    factories: Mapping[str, Callable[..., Bot]],
) -> list[Job]:
    return [
        Job(game_id, options, tuple(players), seed + i, swapped, budget, effort, keep, factories)
        for i in range(games)
        for swapped in ((False, True) if duplicate else (False,))
    ]


def _factories(players: Sequence[str], cluster: str | None) -> dict[str, Callable[..., Bot]]:
    """The ``module:callable`` bots to ship to a cluster's workers (none without a cluster)."""
    if cluster is None:
        return {}
    from atout.sim.cluster import ship_factories  # noqa: PLC0415 - Ray only when asked

    return ship_factories(players)


def run_games(
    game_id: str,
    options: Mapping[str, Any],
    players: Sequence[str],
    *,
    games: int,
    seed: int,
    workers: int = 1,
    records: Path | None = None,
    progress: Progress | None = None,
    duplicate: bool = False,
    budget_seconds: float | None = None,
    effort: int | None = None,
    cluster: str | None = None,
    results: Path | None = None,
    resume: bool = False,
) -> dict[str, Any]:
    """Play ``games`` games (game ``i`` from seed ``seed + i``; twice each when ``duplicate``).

    Side 0 is whoever is listed at seats 0 and 2 (seat 0 in two-player games).
    ``budget_seconds`` is the Hard bots' time per decision, ``effort`` their
    samples per decision instead (reproducible anywhere). ``cluster`` runs the
    matches on Ray (``local``, ``auto``, ``ray://HOST:PORT``); ``results`` streams
    each finished match to a JSONL file, which ``resume`` reads to play only
    the missing ones.
    """
    game = get_game(game_id)
    options = _prepare(game.id, options, len(players))
    jobs = _jobs(
        game.id,
        options,
        players,
        games=games,
        seed=seed,
        duplicate=duplicate,
        budget=budget_seconds,
        effort=effort,
        keep=records is not None,
        factories=_factories(players, cluster),
    )
    started = time.perf_counter()
    done = _execute(
        jobs,
        workers=workers,
        cluster=cluster,
        results=results,
        resume=resume,
        run=_run(game.id, options, effort, budget_seconds),
        records=records,
        progress=progress,
    )
    seconds = time.perf_counter() - started
    return _report(game.id, players, seed, duplicate, [done[job.key] for job in jobs], seconds)


def _report(
    game_id: str,
    players: Sequence[str],
    seed: int,
    duplicate: bool,
    results: Sequence[GameResult],
    seconds: float,
) -> dict[str, Any]:
    """The ``atout sim --json`` object of one lineup's results (in job order)."""
    game = get_game(game_id)
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
    effort: int | None = None,
    progress: Progress | None = None,
    cluster: str | None = None,
    results: Path | None = None,
    resume: bool = False,
) -> dict[str, Any]:
    """A round robin: every pair of ``bots`` plays ``games`` games (duplicated); Elo from all.

    In four-player games each side is one bot twice (partners are the same bot).
    Ratings are anchored so that their mean is 1500. Every pairing's matches
    run as one batch (on a cluster, all at once).
    """
    game = get_game(game_id)
    distinct = list(dict.fromkeys(bots))
    if len(distinct) < 2:
        raise ValueError("an Elo table needs at least two different bots")
    options = _prepare(game.id, options, game.players)
    factories = _factories(distinct, cluster)
    lineups = [[a, b] * (game.players // 2) for a, b in itertools.combinations(distinct, 2)]
    jobs = {
        tuple(lineup): _jobs(
            game.id,
            options,
            lineup,
            games=games,
            seed=seed,
            duplicate=duplicate,
            budget=budget_seconds,
            effort=effort,
            keep=False,
            factories=factories,
        )
        for lineup in lineups
    }
    started = time.perf_counter()
    done = _execute(
        [job for pairing in jobs.values() for job in pairing],
        workers=workers,
        cluster=cluster,
        results=results,
        resume=resume,
        run=_run(game.id, options, effort, budget_seconds),
        records=None,
        progress=progress,
    )
    seconds = time.perf_counter() - started
    pairs: list[dict[str, Any]] = []
    scores: list[tuple[str, str, float, float]] = []
    for lineup, pairing in jobs.items():
        a, b = lineup[0], lineup[1]
        summary = _report(
            game.id, lineup, seed, duplicate, [done[job.key] for job in pairing], seconds
        )
        rate = summary["win_rate"][0]
        played = summary["games"]
        scores.append((a, b, rate * played, float(played)))
        pairs.append(
            {"players": [a, b], "win_rate": rate, "ci95": summary["ci95"][0], "games": played}
        )
    return {
        "game": game.id,
        "bots": distinct,
        "pairs": pairs,
        "elo": elo_ratings(distinct, scores),
        "seconds": round(seconds, 3),
    }
