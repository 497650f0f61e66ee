"""Perft: counts of legal play sequences from fixed positions (``perft/court_piece.perft``).

The counts in the data file were produced by the slow, independent reference
below (lists of strings, no bitmasks); the engine must match them, and the
reference is checked against the file at small depths so neither drifts.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from atout.games.court_piece import COURT_PIECE, CourtPieceState

DATA = Path(__file__).with_name("perft") / "court_piece.perft"
RANK = "23456789TJQKA"


def parse_positions() -> list[tuple[str, dict[str, str], list[tuple[int, int]]]]:
    positions: list[tuple[str, dict[str, str], list[tuple[int, int]]]] = []
    for line in DATA.read_text().splitlines():
        word, _, rest = line.partition(" ")
        if word == "id":
            positions.append((rest, {}, []))
        elif word in ("deal", "dealer", "variant", "moves"):
            positions[-1][1][word] = rest
        elif word == "perft":
            depth, count = rest.split()
            positions[-1][2].append((int(depth), int(count)))
    return positions


def engine_state(fields: dict[str, str]) -> CourtPieceState:
    rules = COURT_PIECE.parse_rules({"variant": fields.get("variant", "simple")})
    layout = COURT_PIECE.layout_from_json(
        rules,
        {"dealer": int(fields["dealer"]), "hands": [h.split() for h in fields["deal"].split("/")]},
    )
    state = COURT_PIECE.start(rules, layout, COURT_PIECE.new_tally(rules))
    for move in fields.get("moves", "").split(","):
        if move.strip():
            state = state.apply(move.strip())
    return state


def engine_perft(state: CourtPieceState, depth: int) -> int:
    if depth == 0 or state.is_over():
        return 1
    return sum(engine_perft(state.apply(a), depth - 1) for a in state.legal_actions())


class Reference:
    """A deliberately plain Court Piece: lists of card strings, rules straight from the text."""

    def __init__(self, fields: dict[str, str]) -> None:
        self.courts = fields.get("variant") == "courts"
        self.hands = [h.split() for h in fields["deal"].split("/")]
        self.turn = (int(fields["dealer"]) + 1) % 4
        self.leader = self.turn
        self.trump = ""
        self.trick: list[str] = []
        self.won = [0, 0]
        for move in fields.get("moves", "").split(","):
            if move.strip():
                self.play(move.strip())

    def over(self) -> bool:
        hi, lo = max(self.won), min(self.won)
        return hi >= 7 if self.courts else (hi >= 7 and lo >= 1) or hi == 13

    def legal(self) -> list[str]:
        if not self.trump:
            return ["trump S", "trump H", "trump D", "trump C"]
        hand = self.hands[self.turn]
        if self.trick:
            follow = [c for c in hand if c[1] == self.trick[0][1]]
            if follow:
                return follow
        return list(hand)

    def play(self, move: str) -> None:
        if move.startswith("trump"):
            self.trump = move[-1]
            return
        self.hands[self.turn].remove(move)
        self.trick.append(move)
        self.turn = (self.turn + 1) % 4
        if len(self.trick) == 4:

            def key(card: str) -> int:
                if card[1] == self.trump:
                    return 100 + RANK.index(card[0])
                return RANK.index(card[0]) if card[1] == self.trick[0][1] else -1

            best = max(range(4), key=lambda i: key(self.trick[i]))
            winner = (self.leader + best) % 4
            self.won[winner % 2] += 1
            self.leader = self.turn = winner
            self.trick = []

    def perft(self, depth: int) -> int:
        if depth == 0 or (self.trump and self.over()):
            return 1
        total = 0
        for move in self.legal():
            saved = (
                [h[:] for h in self.hands],
                self.turn,
                self.leader,
                self.trump,
                self.trick[:],
                self.won[:],
            )
            self.play(move)
            total += self.perft(depth - 1)
            self.hands, self.turn, self.leader, self.trump, self.trick, self.won = saved
        return total


POSITIONS = parse_positions()


@pytest.mark.parametrize(("name", "fields", "counts"), POSITIONS, ids=[p[0] for p in POSITIONS])
def test_engine_matches_perft_counts(
    name: str, fields: dict[str, str], counts: list[tuple[int, int]]
) -> None:
    state = engine_state(fields)
    for depth, expected in counts:
        assert engine_perft(state, depth) == expected, f"{name} perft {depth}"


@pytest.mark.parametrize(("name", "fields", "counts"), POSITIONS, ids=[p[0] for p in POSITIONS])
def test_reference_matches_perft_counts(
    name: str, fields: dict[str, str], counts: list[tuple[int, int]]
) -> None:
    for depth, expected in counts:
        if expected <= 20000:
            assert Reference(fields).perft(depth) == expected, f"{name} perft {depth}"
