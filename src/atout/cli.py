"""The ``atout`` command: play, replay, simulate, analyse, serve."""

from __future__ import annotations

import json
import sys
from pathlib import Path

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


def main() -> None:
    """Entry point of the console script."""
    app(prog_name="atout")


if __name__ == "__main__":
    sys.exit(main())
