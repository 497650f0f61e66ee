"""The training example runs end to end (tiny settings) and reports both win rates."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_court_piece.py"


def test_training_example_reports_win_rates() -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--deals", "30", "--games", "3", "--seed", "2"],
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "training 30 deals against random ..."
    for opponent in ("random", "greedy"):
        pattern = rf"vs {opponent} *: trained agent wins (\d+)% of 3 games \(random play: (\d+)%\)"
        found = [re.fullmatch(pattern, line) for line in lines]
        rates = [m for m in found if m]
        assert len(rates) == 1, done.stdout
        assert all(int(r) in (0, 33, 67, 100) for r in rates[0].groups())
