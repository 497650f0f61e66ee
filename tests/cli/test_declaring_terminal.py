"""``atout play bridge``: when the person's bot partner wins the auction, the person plays
declarer's cards and dummy's (as at the web table, ``atout.declaring``), told whose.

Seed 15 with the person at South: North (a bot) opens 1NT, everyone passes, so
North declares and South is dummy. A scripted person reads the screen and
types the first legal action each time it is asked.
"""

from __future__ import annotations

import io

from rich.console import Console
from typer.testing import CliRunner

from atout.cli import app
from atout.core import Match
from atout.tui.play import play_terminal

SOUTH, NORTH = 2, 0
SEED = 15
"""North opens 1NT and all pass: a bot declares with the person as dummy."""


def _play_scripted(turns: int) -> tuple[Match, list[str], list[str]]:
    """Play ``turns`` answers of the first legal action, then quit: the match, each screen
    the person was asked on, and what they typed."""
    out = io.StringIO()
    console = Console(file=out, width=160, color_system=None)
    screens: list[str] = []
    typed: list[str] = []

    def ask(_prompt: str) -> str:
        text = out.getvalue()
        screen = text[text.rfind("╭") :]
        screens.append(screen)
        if len(typed) == turns:
            return "q"
        legal = next(line for line in screen.splitlines() if "legal: " in line)
        typed.append(legal.split("legal: ")[1].split()[0])
        return typed[-1]

    match = play_terminal(
        "bridge", {"scoring": "duplicate"}, seed=SEED, human=SOUTH, ask=ask, console=console
    )
    return match, screens, typed


def test_the_person_plays_north_s_cards_and_dummy_s_when_north_declares() -> None:
    match, screens, typed = _play_scripted(12)
    public = match.view(None)
    assert public["declarer"] == NORTH and public["dummy_seat"] == SOUTH
    assert typed[0] == "pass"  # South's only call; then dummy's card and declarer's
    cards = [(seat, action) for seat, action in match.current.actions if len(action) == 2]
    # Every card of North's and South's was the person's, and in the order typed.
    ours = [card for seat, card in cards if seat in (NORTH, SOUTH)]
    assert ours and [c.upper() for c in typed[1:]] == [_symbolic(c) for c in ours]
    assert {seat for seat, card in cards if card in ours} == {NORTH, SOUTH}
    said = "\n".join(screens)
    assert "You play your own cards (dummy) for North" in said
    assert "You play North's cards (declarer)" in said


def test_north_s_hand_is_shown_only_from_the_opening_lead() -> None:
    _, screens, _ = _play_scripted(2)
    assert "phase: auction" in screens[0] and "North's hand" not in screens[0]
    north = next(line for line in screens[1].splitlines() if "North's hand (declarer):" in line)
    assert len(north.split(":")[1].strip(" │").split()) == 13  # North has not played yet
    assert "trick: E" in screens[1]  # East, on declarer's left, has led: dummy is faced


def _symbolic(card: str) -> str:
    """A notation card as the screen writes it, upper case (``TH`` is ``10♥``)."""
    rank = "10" if card[0] == "T" else card[0]
    return rank + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[1]]


def test_atout_play_offers_the_contract_to_the_person_unless_told_otherwise() -> None:
    """Through the command: by default South is asked for dummy's card after the lead;
    with ``--partner-declares`` North plays its contract and South only watches."""
    args = ["play", "bridge", "-o", "scoring=duplicate", "--seed", str(SEED)]
    runner = CliRunner()
    played = runner.invoke(app, args, input="pass\nq\n")
    assert played.exception is None, played.output
    assert "You play your own cards (dummy) for North" in played.output
    assert "deal over" not in played.output
    watched = runner.invoke(app, [*args, "--partner-declares"], input="pass\n\nq\n")
    assert watched.exception is None, watched.output
    assert "You play" not in watched.output and "North's hand" not in watched.output
    assert "deal over: dealt by N (partner); 1NT by N" in " ".join(watched.output.split())
