"""The tournament progress bar: matches done, rate and time left, resumed matches aside."""

from __future__ import annotations

import io

from rich.console import Console

from atout.tui.progress import TournamentProgress


def test_the_bar_shows_matches_done_rate_and_time_left_from_this_runs_matches() -> None:
    clock = [100.0]
    bar = TournamentProgress(
        "Court Piece", console=Console(file=io.StringIO()), get_time=lambda: clock[0]
    )
    bar.update(4, 20)  # four matches already in the results file
    assert "4/20" in bar.render() and "-- matches/s" in bar.render()
    clock[0] = 110.0
    bar.update(6, 20)
    clock[0] = 120.0
    bar.update(8, 20)
    text = bar.render()
    # 4 matches played in 20 s (the 4 resumed ones do not count): 12 a minute, 12 left: 1 min
    assert "8/20 matches" in text and "12.0 matches/min" in text and "left 0:01:00" in text
    clock[0] = 121.0
    bar.update(20, 20)
    assert "20/20" in bar.render()


def test_fast_runs_count_matches_a_second() -> None:
    clock = [0.0]
    bar = TournamentProgress(
        "Bridge", console=Console(file=io.StringIO()), get_time=lambda: clock[0]
    )
    bar.update(0, 100)
    for done in range(10, 60, 10):
        clock[0] += 2.0
        bar.update(done, 100)
    assert "5.0 matches/s" in bar.render()
