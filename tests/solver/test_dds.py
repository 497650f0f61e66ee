"""DDS through endplay: published deals' tables and par, our path against endplay's own."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from endplay.dds import calc_dd_table
from endplay.dds import par as endplay_par
from endplay.types import Deal, Denom, Player, Vul

from atout.cards import format_cards, mask_of
from atout.games import get_game
from atout.notation.record import load_record
from atout.solver import dd_table, par, solve
from atout.solver.analysis import state_after

PBN = Path(__file__).resolve().parents[3] / "shared" / "data" / "pbn" / "sample.pbn"


@pytest.fixture
def sample() -> object:
    if not PBN.is_file():
        pytest.skip("../shared/data/pbn is not beside the repository")
    state, _ = state_after(load_record(PBN), 0, 0)
    return state


def test_published_deal_table_and_par(sample: object) -> None:
    """Board 1 of sample.pbn; the numbers were computed by DDS here and match endplay's."""
    table = dd_table(sample)
    assert table == {
        "C": {"N": 5, "E": 7, "S": 5, "W": 7},
        "D": {"N": 11, "E": 2, "S": 11, "W": 2},
        "H": {"N": 6, "E": 6, "S": 7, "W": 6},
        "S": {"N": 4, "E": 8, "S": 4, "W": 8},
        "NT": {"N": 7, "E": 5, "S": 7, "W": 5},
    }
    assert par(sample) == {"score": 400, "contracts": ["5♦N=", "5♦S="]}


def test_same_numbers_as_endplay_directly(sample: object) -> None:
    """Our bitmask path into DDS gives endplay's Deal-based answers."""

    hands = [format_cards(mask_of(h)).split() for h in sample.deal.hands]  # type: ignore[attr-defined]
    pbn = "N:" + " ".join(
        ".".join("".join(c[0] for c in h if c[1] == s) for s in "SHDC") for h in hands
    )
    deal = Deal(pbn)
    theirs = calc_dd_table(deal)
    ours = dd_table(sample)
    for strain, denom in zip(
        "CDHS", (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades), strict=True
    ):
        for seat, player in zip("NESW", Player, strict=True):
            assert ours[strain][seat] == theirs[denom, player]
    assert par(sample)["score"] == endplay_par(deal, Vul.none, Player.north).score


def test_court_piece_table_is_by_leader() -> None:
    """Court Piece's table counts the leader's side: it agrees with solving the first lead."""

    cp = get_game("court-piece")
    rules = cp.parse_rules({})
    state = cp.start(rules, cp.deal(rules, 0, random.Random(5)), cp.new_tally(rules))
    table = dd_table(state)
    caller = state.turn
    for suit in "SHDC":
        after = state.apply(f"trump {suit}")
        assert max(solve(after).values()) == table[suit][str(caller)]
