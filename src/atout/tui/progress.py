"""The tournament progress bar: matches done, rate and time left.

A resumed run starts with the matches already in its results file counted
done, but its rate (and so its time left) only from the matches played now.

>>> import io
>>> from rich.console import Console
>>> console = Console(file=io.StringIO(), width=100, force_terminal=False)
>>> bar = TournamentProgress("Court Piece", console=console)
>>> bar.update(3, 10)
>>> "3/10" in bar.render()
True
"""

from __future__ import annotations

import io
from collections.abc import Callable

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text

__all__ = ["RateColumn", "TournamentProgress"]


class RateColumn(ProgressColumn):
    """Matches finished per second, or per minute when slower than one a second."""

    def render(self, task: Task) -> Text:
        """The rate rich estimates from the recent updates."""
        speed = task.finished_speed or task.speed
        if speed is None:
            return Text("-- matches/s", style="progress.data.speed")
        if speed >= 1:
            return Text(f"{speed:.1f} matches/s", style="progress.data.speed")
        return Text(f"{speed * 60:.1f} matches/min", style="progress.data.speed")


class TournamentProgress:
    """A rich progress bar fed with (matches done, matches in all)."""

    def __init__(
        self,
        title: str,
        *,
        console: Console | None = None,
        disable: bool = False,
        get_time: Callable[[], float] | None = None,
    ) -> None:
        self.progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("matches"),
            RateColumn(),
            TextColumn("left"),
            TimeRemainingColumn(),
            console=console,
            transient=True,
            disable=disable,
            speed_estimate_period=300,
            get_time=get_time,
        )
        self.task = self.progress.add_task(title, total=None, start=False)
        self.started = False

    def update(self, done: int, total: int) -> None:
        """Record progress; the first call sets the starting point (resumed matches)."""
        if not self.started:
            self.progress.reset(self.task, total=total, completed=done)
            self.started = True
            return
        self.progress.update(self.task, total=total, completed=done)

    def render(self) -> str:
        """The bar as plain text (for tests and logs)."""
        out = io.StringIO()
        Console(file=out, width=120, color_system=None).print(self.progress.get_renderable())
        return out.getvalue()

    def __enter__(self) -> TournamentProgress:
        self.progress.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.progress.__exit__(None, None, None)
