"""PBN import/export: the real files in shared/data/pbn load, replay and agree with their tags."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from atout.core import Match
from atout.games import get_game
from atout.games.bridge import BridgeState
from atout.notation.pbn import match_from_pbn, match_to_pbn
from atout.notation.record import RecordError, match_from_record, match_to_record, replay_summary

PBN_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "pbn"
FILES = sorted(PBN_DIR.glob("*.pbn"))


def _tags(text: str) -> list[dict[str, str]]:
    """Each game's tags, read naively (enough to check Score, Result and Contract)."""
    games: list[dict[str, str]] = []
    current: dict[str, str] = {}
    for line in text.splitlines():
        if not line.strip():
            if current:
                games.append(current)
                current = {}
            continue
        m = re.match(r'\[(\w+) "(.*)"\]', line.strip())
        if m and m.group(1) not in current:
            current[m.group(1)] = m.group(2)
    if current:
        games.append(current)
    return [g for g in games if "Deal" in g]


def test_files_are_there() -> None:
    assert len(FILES) == 4


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_file_loads_and_agrees_with_its_tags(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    match = match_from_pbn(text)
    tags = _tags(text)
    assert len(match.deals) == len(tags)
    for deal, tag in zip(match.deals, tags, strict=True):
        state = deal.state
        assert isinstance(state, BridgeState)
        contract = tag.get("Contract", "")
        if contract.lower() == "pass":
            assert state.is_passed_out()
        elif contract and contract != "?":
            assert state.contract_name == contract.upper()
            assert "NESW"[state.declarer or 0] == tag["Declarer"]
        if tag.get("Result", "").isdigit():
            assert state.is_over()
            assert state.declarer_tricks() == int(tag["Result"])
        if "Score" in tag and state.is_over():
            ns, ew = state.points()
            assert f"NS {ns - ew}" == tag["Score"]
        if "Board" in tag:
            assert state.board == int(tag["Board"])


def test_counts_in_example2() -> None:
    match = match_from_pbn((PBN_DIR / "example2.pbn").read_text(encoding="utf-8"))
    states = [d.state for d in match.deals]
    assert len(states) == 299
    assert sum(1 for s in states if isinstance(s, BridgeState) and s.is_passed_out()) == 21
    assert all(d.settlement is not None for d in match.deals)


def test_example1_play_order_and_claim() -> None:
    match = match_from_pbn((PBN_DIR / "example1.pbn").read_text(encoding="utf-8"))
    first = match.deals[0]
    tricks = first.state.tricks()
    # [Play "W"] rows are seat columns W N E S; W won the first two tricks, E the third.
    assert [t.cards for t in tricks] == [
        ("QD", "3D", "4D", "2D"),
        ("KS", "2S", "4S", "JS"),
        ("JD", "TD", "KD", "7D"),
    ]
    assert [t.winner for t in tricks] == [3, 3, 1]
    assert first.actions[-3:] == ((2, "claim 10"), (3, "accept"), (1, "accept"))
    assert first.state.result()["score"] == [0, 50]
    assert match.deals[1].state.result()["score"] == [420, 0]


def test_partial_trick_before_a_claim() -> None:
    """example2's board 11 at table 4 ends with ``-  -  H3 -``: W leads, then a claim."""
    match = match_from_pbn((PBN_DIR / "example2.pbn").read_text(encoding="utf-8"))
    deal = match.deals[1]
    cards = [a for _, a in deal.actions if len(a) == 2 and a[0] in "23456789TJQKA"]
    assert cards[-1] == "3H"
    assert deal.state.result()["tricks"] == 8


def test_example4_missing_opening_pass_is_recovered() -> None:
    match = match_from_pbn((PBN_DIR / "example4.pbn").read_text(encoding="utf-8"))
    state = match.current.state
    assert isinstance(state, BridgeState)
    assert (state.contract_name, state.declarer) == ("5C", 1)
    assert state.auction.history()[0] == [0, "pass"]
    assert state.result()["tricks"] == 12


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_replay_cli_json(path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "atout.cli", "replay", str(path), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    summary = json.loads(out.stdout)
    assert summary["game"] == "bridge"
    assert summary["deals"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_round_trip_through_pbn_and_records(path: Path) -> None:
    match = match_from_pbn(path.read_text(encoding="utf-8"))
    again = match_from_pbn(match_to_pbn(match))
    assert replay_summary(again) == replay_summary(match)
    record = json.loads(json.dumps(match_to_record(match)))
    assert replay_summary(match_from_record(record)) == replay_summary(match)


def test_round_trip_of_random_games() -> None:
    rng = random.Random(5)
    game = get_game("bridge")
    for scoring in ("rubber", "duplicate"):
        match = Match.new(game, {"scoring": scoring}, rng, dealer=0)
        for _ in range(6):
            while not match.state.is_over():
                legal = match.legal_actions()
                pick = "pass" if "pass" in legal and rng.random() < 0.7 else rng.choice(legal)
                match = match.apply(pick)
            if match.is_over():
                break
            match = match.deal_next(rng)
        text = match_to_pbn(match)
        assert replay_summary(match_from_pbn(text)) == replay_summary(match)


def test_deal_only_file_and_errors() -> None:
    hands = "AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32"
    text = f'[Board "2"]\n[Deal "E:{hands}"]\n'
    match = match_from_pbn(text)
    state = match.state
    assert isinstance(state, BridgeState)
    assert state.phase == "auction" and state.turn == 1 and state.vulnerable == (True, False)
    assert len(state.legal_actions()) == 36
    with pytest.raises(RecordError):
        match_from_pbn("% nothing here\n")
    bad = text + '[Auction "E"]\n1S 1S\n'
    with pytest.raises(RecordError, match="insufficient"):
        match_from_pbn(bad)
