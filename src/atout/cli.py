"""The ``atout`` command: play, replay, simulate, analyse, serve."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from atout.notation.record import RecordError, load_record, replay_summary

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="atout: trick-taking card games (Court Piece, Five Hundred, Bridge, Court Circular).",
)


@app.callback()
def _root() -> None:
    """atout: trick-taking card games (Court Piece, Five Hundred, Bridge, Court Circular)."""


@app.command()
def replay(
    file: Path = typer.Argument(..., help="A game record (JSON) or, for bridge, a PBN file."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object for machines."),
) -> None:
    """Replay a game record: every deal's tricks, result and points, and the totals.

    An illegal or out-of-turn action stops with exit status 2 and one line
    naming the deal, the action index, the action and the reason.
    """
    try:
        match = load_record(file)
    except OSError as error:
        typer.echo(f"cannot read {file}: {error.strerror or error}", err=True)
        raise typer.Exit(2) from None
    except RecordError as error:
        typer.echo(str(error), err=True)
        raise typer.Exit(2) from None
    summary = replay_summary(match)
    if as_json:
        typer.echo(json.dumps(summary))
        return
    from atout.tui.render import print_replay  # noqa: PLC0415 - Rich only for people

    print_replay(summary)


def _options(
    variant: str | None, target: int | None, option: list[str] | None
) -> dict[str, object]:
    """Options from the command line: ``--variant``, ``--target`` and ``--option key=value``.

    A value is read as JSON when it parses (``honour_mode=true``,
    ``session_end={"deals":10}``), else as a string.
    """
    options: dict[str, object] = {}
    if variant is not None:
        options["variant"] = variant
    if target is not None:
        options["target"] = target
    for item in option or []:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise typer.BadParameter(f"--option takes key=value, not {item!r}")
        try:
            options[key.strip()] = json.loads(raw)
        except ValueError:
            options[key.strip()] = raw
    return options


_GAME = typer.Argument(..., help="court-piece, five-hundred, bridge or court-circular.")
_VARIANT = typer.Option(None, help="Court Piece: simple or courts.")
_TARGET = typer.Option(None, help="Points that win the game (Court Piece 3..15, Court Circular).")
_OPTION = typer.Option(
    None,
    "--option",
    "-o",
    help="Any rule option as key=value (repeatable). Seats are numbers from 0; in bridge"
    " 0 = N, 1 = E, 2 = S, 3 = W, and the letters are accepted too (first_dealer=E).",
)


@app.command()
def play(
    game: str = _GAME,
    variant: str | None = _VARIANT,
    target: int | None = _TARGET,
    option: list[str] | None = _OPTION,
    seed: int | None = typer.Option(None, help="Seed of the shuffles and the bots."),
    bots: str = typer.Option(
        "greedy",
        help="The bots' level (random, greedy, easy, medium, hard, or module:callable for"
        " your own bot), or one per seat separated by commas.",
    ),
    side_contracts: bool = typer.Option(
        True,
        "--play-side-contracts/--partner-declares",
        help="Bridge: when your bot partner wins the auction, you play its cards and"
        " dummy's (as at the web table), or it plays its contract while you watch.",
    ),
) -> None:
    """Play a game in the terminal against bots (you sit at seat 0; South in bridge)."""
    from atout.games import get_game  # noqa: PLC0415 - keep `atout replay` light
    from atout.tui.play import play_terminal  # noqa: PLC0415

    try:
        spec = get_game(game)
        options = _options(variant, target, option)
        spec.parse_rules(options)
    except ValueError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    names = bots.split(",")
    if len(names) == 1:
        names = names * (spec.players - 1)
    try:
        play_terminal(
            spec.id,
            options,
            seed=seed,
            bots=names,
            human=spec.home_seat,
            play_side_contracts=side_contracts,
        )
    except (EOFError, KeyboardInterrupt):
        typer.echo("\ngame left unfinished")


@app.command()
def sim(
    game: str = _GAME,
    games: int = typer.Option(100, "--games", "-n", min=1, help="How many whole games."),
    seed: int = typer.Option(0, help="Seed of game 0; game i uses seed + i."),
    players: str = typer.Option("greedy,random,greedy,random", help="One bot per seat."),
    variant: str | None = _VARIANT,
    target: int | None = _TARGET,
    option: list[str] | None = _OPTION,
    workers: int = typer.Option(1, min=1, help="Processes to spread the games over."),
    records: Path | None = typer.Option(None, help="Write each game's record in this folder."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object for machines."),
    duplicate: bool = typer.Option(
        False, "--duplicate", help="Play every deal twice, the sides swapped, to cut luck."
    ),
    elo: bool = typer.Option(
        False, "--elo", help="Round robin over the distinct bots of --players; an Elo table."
    ),
    budget: float | None = typer.Option(None, min=0.0, help="Hard bots' seconds per decision."),
    effort: int | None = typer.Option(
        None,
        min=1,
        help="Hard bots' samples per decision, no clock: the same games on any machine.",
    ),
    cluster: str | None = typer.Option(
        None,
        help="Run the matches on Ray: local (start one), auto (this machine's cluster), "
        "ray://HOST:PORT. Needs atout[cluster].",
    ),
    results: Path | None = typer.Option(
        None, help="Write each match's result to this JSONL file as it finishes."
    ),
    resume: Path | None = typer.Option(
        None, help="Resume the run whose results are in this JSONL file: play only the missing."
    ),
) -> None:
    """Play many games between bots and report wins (95% interval), points and deals.

    Side 0 is whoever is listed at seats 0 and 2 (seat 0 in two-player games), also when
    --duplicate plays the same deals again with the sides swapped. Bridge adds IMPs per
    board for side 0. With --elo, --players is a list of bots (any length): every pair
    plays --games duplicated games and an Elo table is fitted to all results.
    """
    from atout.games import get_game  # noqa: PLC0415
    from atout.sim.cluster import ClusterUnavailable  # noqa: PLC0415
    from atout.sim.journal import JournalError  # noqa: PLC0415
    from atout.sim.tournament import run_elo, run_games  # noqa: PLC0415
    from atout.tui.progress import TournamentProgress  # noqa: PLC0415

    names = [p.strip() for p in players.split(",")]
    try:
        spec = get_game(game)
        options = _options(variant, target, option)
        spec.parse_rules(options)
        if not elo and len(names) != spec.players:
            raise ValueError(f"{spec.title} needs {spec.players} players, got {len(names)}")
        if elo and len(set(names)) < 2:
            raise ValueError("--elo needs at least two different bots in --players")
        if effort is not None and budget is not None:
            raise ValueError("give --effort (work) or --budget (seconds), not both")
        if results is not None and resume is not None:
            raise ValueError("--resume FILE appends to FILE: leave --results out")
    except ValueError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    from atout.sim.play import BotFailure  # noqa: PLC0415

    common: dict[str, Any] = {
        "games": games,
        "seed": seed,
        "workers": workers,
        "budget_seconds": budget,
        "effort": effort,
        "cluster": cluster,
        "results": resume or results,
        "resume": resume is not None,
    }
    with TournamentProgress(spec.title, disable=as_json) as bar:
        try:
            if elo:
                summary = run_elo(
                    spec.id, options, list(dict.fromkeys(names)), progress=bar.update, **common
                )
            else:
                summary = run_games(
                    spec.id,
                    options,
                    names,
                    records=records,
                    progress=bar.update,
                    duplicate=duplicate,
                    **common,
                )
        except (ClusterUnavailable, JournalError) as error:
            typer.echo(f"error: {error}", err=True)
            raise typer.Exit(2) from None
        except (BotFailure, ImportError, AttributeError, ValueError, RuntimeError) as error:
            typer.echo(f"error: {error}", err=True)
            raise typer.Exit(1) from None
        except KeyboardInterrupt:
            if resume or results:
                typer.echo(f"interrupted: resume with --resume {resume or results}", err=True)
            raise typer.Exit(130) from None
    if as_json:
        typer.echo(json.dumps(summary))
        return
    if elo:
        _print_elo(summary)
        return
    from atout.tui.render import print_sim  # noqa: PLC0415

    print_sim(summary)
    _print_sim_extras(summary)


def _print_sim_extras(summary: dict[str, Any]) -> None:
    """Points per deal, bridge IMPs and bot failures, below the main table."""
    per_deal = summary.get("points_per_deal")
    if per_deal:
        typer.echo("points per deal: " + " / ".join(f"{p:.2f}" for p in per_deal))
    if "imps_per_board" in summary:
        lo, hi = summary["imps_ci95"]
        typer.echo(
            f"IMPs per board for side 0: {summary['imps_per_board']:+.2f} "
            f"(95% interval {lo:+.2f} .. {hi:+.2f}, {summary['boards']} boards)"
        )
    for failure in summary.get("failures", []):
        typer.echo(
            f"bot failure: {failure['bot']!r} at seat {failure['seat']} (seed {failure['seed']}"
            f"{', swapped' if failure['swapped'] else ''}): {failure['reason']}; "
            f"its view: {json.dumps(failure['view'])}",
            err=True,
        )
    if summary.get("failed_games"):
        typer.echo(f"{summary['failed_games']} game(s) left out after a bot failure", err=True)


def _print_elo(summary: dict[str, Any]) -> None:
    """The round robin's pairings and Elo table."""
    from rich.console import Console  # noqa: PLC0415
    from rich.table import Table  # noqa: PLC0415

    console = Console()
    pairs = Table(title=f"{summary['game']}: round robin")
    for column in ("pairing", "games", "win rate", "95% interval"):
        pairs.add_column(column)
    for pair in summary["pairs"]:
        lo, hi = pair["ci95"]
        pairs.add_row(
            " vs ".join(pair["players"]),
            str(pair["games"]),
            f"{pair['win_rate']:.1%}",
            f"{lo:.1%} - {hi:.1%}",
        )
    console.print(pairs)
    table = Table(title="Elo (mean 1500)")
    table.add_column("bot")
    table.add_column("Elo")
    for bot, rating in sorted(summary["elo"].items(), key=lambda kv: -kv[1]):
        table.add_row(bot, f"{rating:.0f}")
    console.print(table)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Interface to listen on (0.0.0.0 for all)."),
    port: int = typer.Option(8000, help="TCP port."),
    db: str | None = typer.Option(
        None, "--db", help="Database URL (default: ATOUT_DATABASE_URL, then sqlite ./atout.db)."
    ),
    log_format: str = typer.Option(
        "text", "--log-format", help="Server events as 'text' lines or 'json' lines on stderr."
    ),
    log_level: str = typer.Option("info", "--log-level", help="debug, info, warning or error."),
    header_timeout: float = typer.Option(
        10.0, "--header-timeout", help="Seconds a client has to send a request's headers."
    ),
) -> None:
    """Run the web table: lobby, tables with bots, reconnect; open http://HOST:PORT/ ."""
    from atout.extras import MissingExtraError, require  # noqa: PLC0415

    try:
        require("server", "atout serve")
    except MissingExtraError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(1) from None
    from atout.server.logs import FORMATS  # noqa: PLC0415
    from atout.server.serving import serve as run_server  # noqa: PLC0415

    if log_format not in FORMATS:
        typer.echo(f"--log-format must be one of: {', '.join(sorted(FORMATS))}", err=True)
        raise typer.Exit(2)
    run_server(
        host,
        port,
        db,
        log_format=log_format,
        log_level=log_level,
        header_timeout=header_timeout,
    )


@app.command()
def solve(
    file: Path = typer.Argument(..., help="A game record (JSON) or, for bridge, a PBN file."),
    at: int | None = typer.Option(None, "--at", help="Analyse after the deal's first K actions."),
    deal: int | None = typer.Option(None, "--deal", help="Which deal (default: the last)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object for machines."),
    review: str | None = typer.Option(
        None,
        "--review",
        help="Review a finished deal for one seat (0..n-1, or N/E/S/W in bridge): "
        "each of its cards against double dummy.",
    ),
) -> None:
    """Double-dummy analysis: DD table and par before play, each action's value, costly cards."""
    from atout.analysis import format_review, read_seat, review_deal  # noqa: PLC0415
    from atout.solver.analysis import analyse, format_analysis  # noqa: PLC0415 - loads DDS

    try:
        match = load_record(file)
    except OSError as error:
        typer.echo(f"cannot read {file}: {error.strerror or error}", err=True)
        raise typer.Exit(2) from None
    except RecordError as error:
        typer.echo(str(error), err=True)
        raise typer.Exit(2) from None
    try:
        if review is not None:
            if at is not None:
                raise ValueError("--review judges a whole finished deal: leave out --at")
            seat = read_seat(match.game.id, match.game.players, review)
            number = len(match.deals) - 1 if deal is None else deal
            report = review_deal(match, number, seat)
            text = format_review(report)
        else:
            report = analyse(match, at, deal)
            text = format_analysis(report)
    except ValueError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    typer.echo(json.dumps(report) if as_json else text)


def main() -> None:
    """Entry point of the console script."""
    app(prog_name="atout")


if __name__ == "__main__":
    main()
