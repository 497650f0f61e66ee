"""A tournament's results as a JSONL file, one line per finished match, so a run can resume.

A long tournament (hours on a cluster) must survive Ctrl-C, a killed worker
or a lost node without replaying what is done or counting a match twice. The
file's first line says which run it belongs to (game, options, lineups,
duplicate, effort); every further line is one match's result with its key
(lineup, seed, swapped), written and flushed as the match finishes. Resuming
reads the lines back, keeps the first result of each key (a line cut short
by a crash is dropped), and the tournament plays only the missing keys.

>>> import io
>>> buffer = io.StringIO()
>>> journal = Journal(buffer, {"game": "court-circular"})
>>> journal.header()
>>> result = GameResult(7, False, 1, (20, 31), ((0, 6),), {})
>>> journal.write("greedy,random|7|", result)
>>> done = read_journal(io.StringIO(buffer.getvalue()), {"game": "court-circular"})
>>> done["greedy,random|7|"] == result
True
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

__all__ = ["GameResult", "Journal", "JournalError", "read_journal", "resume_journal"]

FORMAT = "atout-results/1"


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

    def to_json(self) -> dict[str, Any]:
        """The result as JSON-ready values (tuples become lists)."""
        return {
            "seed": self.seed,
            "swapped": self.swapped,
            "winner": self.winner,
            "totals": list(self.totals),
            "deal_points": [list(p) for p in self.deal_points],
            "events": {k: list(v) for k, v in self.events.items()},
            "failure": None if self.failure is None else dict(self.failure),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameResult:
        """The result :meth:`to_json` wrote."""
        return cls(
            int(data["seed"]),
            bool(data["swapped"]),
            None if data["winner"] is None else int(data["winner"]),
            tuple(int(t) for t in data["totals"]),
            tuple(tuple(int(x) for x in p) for p in data["deal_points"]),
            {str(k): tuple(int(x) for x in v) for k, v in data["events"].items()},
            data.get("failure"),
        )


class JournalError(ValueError):
    """A results file that cannot be resumed: another run's, or not a results file."""


class Journal:
    """Appends finished matches to an open text stream, one flushed JSON line each."""

    def __init__(self, stream: IO[str], run: Mapping[str, Any]) -> None:
        self.stream = stream
        self.run = dict(run)

    def header(self) -> None:
        """The first line: the format and the run the results belong to."""
        self._line({"format": FORMAT, "run": self.run})

    def write(self, key: str, result: GameResult) -> None:
        """One finished match, on disk before the next one is waited for."""
        self._line({"key": key, "result": result.to_json()})

    def _line(self, data: Mapping[str, Any]) -> None:
        self.stream.write(json.dumps(data, separators=(",", ":")) + "\n")
        self.stream.flush()


def read_journal(stream: IO[str], run: Mapping[str, Any]) -> dict[str, GameResult]:
    """The results already in a file, by key; refused if the file is another run's.

    Only the last line may be unreadable (a crash while it was written): it
    is dropped and its match will be played again. A duplicate key keeps its
    first result, so no match is ever counted twice.
    """
    lines = stream.read().splitlines()
    if not lines:
        raise JournalError("the results file is empty: nothing to resume")
    try:
        head = json.loads(lines[0])
    except ValueError:
        raise JournalError("the results file does not start with an atout results header") from None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise JournalError(f"not an atout results file (no {FORMAT!r} header)")
    if head.get("run") != json.loads(json.dumps(dict(run))):
        raise JournalError(f"the results file is of another run: {head.get('run')} not {run}")
    done: dict[str, GameResult] = {}
    for number, line in enumerate(lines[1:], start=2):
        try:
            entry = json.loads(line)
            key, result = str(entry["key"]), GameResult.from_json(entry["result"])
        except (ValueError, KeyError, TypeError):
            if number == len(lines):
                break  # cut short by a crash: that match is played again
            raise JournalError(f"line {number} of the results file is not a result") from None
        done.setdefault(key, result)
    return done


def _holds_results(path: Path) -> bool:
    """Whether ``path`` has a line after the header (a run stopped before its first match
    finished, a cluster out of reach, leaves only the header: starting afresh loses nothing)."""
    try:
        with path.open(encoding="utf-8") as stream:
            return len(stream.readlines()[1:2]) > 0
    except FileNotFoundError:
        return False


def _parses(line: str) -> bool:
    """Whether a line is a whole JSON value."""
    try:
        json.loads(line)
    except ValueError:
        return False
    return True


def resume_journal(
    path: Path, run: Mapping[str, Any], *, resume: bool
) -> tuple[Journal, dict[str, GameResult]]:
    """Open ``path`` for a run: a new file (refused if one holding results is there), or, with
    ``resume``, the results already in it (the file is then appended to).

    A cut-short last line is removed first (one whole but for its newline gets it), so the
    lines appended after it stay readable.
    """
    if not resume:
        if _holds_results(path):
            raise JournalError(f"{path} already holds results: resume it with --resume {path}")
        stream = path.open("w", encoding="utf-8")
        journal = Journal(stream, run)
        journal.header()
        return journal, {}
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise JournalError(f"cannot read {path}: {error.strerror or error}") from None
    done = read_journal(io.StringIO(text), run)
    lines = text.splitlines(keepends=True)
    kept = "".join(lines if _parses(lines[-1]) else lines[:-1])
    if kept and not kept.endswith("\n"):
        kept += "\n"
    if kept != text:
        path.write_text(kept, encoding="utf-8")
    return Journal(path.open("a", encoding="utf-8"), run), done
