"""Play evidence for Hard Court Piece: worlds where the opponents' plays make sense weigh more."""

from __future__ import annotations

import random

from atout.bots.hard import court_piece as hard
from atout.bots.hard.court_piece_evidence import SURPRISE, PlayEvidence
from atout.bots.sampling import believable_world
from atout.cards import mask_of, parse_card


def _mask(*names: str) -> int:
    return mask_of(parse_card(n) for n in names)


def _view(trick: list[str], leader: int, seat: int = 0) -> dict[str, object]:
    return {"seat": seat, "trump": "S", "trick": {"leader": leader, "cards": trick}, "tricks": []}


def test_only_opponents_plays_are_evidence() -> None:
    # Seat 2 (partner) leads, seat 3 (opponent) follows: only seat 3's play is kept.
    evidence = PlayEvidence.from_view(_view(["5H", "2H"], leader=2))
    assert [p.seat for p in evidence.plays] == [3]


def test_a_play_rule_play_would_not_make_costs_the_world() -> None:
    # Seat 1 led the king of hearts: rule play leads the ace from ace-king.
    evidence = PlayEvidence.from_view(_view(["KH"], leader=1))
    assert evidence.weight([0, _mask("AH", "2H", "3C"), 0, 0]) == SURPRISE
    assert evidence.weight([0, _mask("QH", "2H", "3C"), 0, 0]) == 1.0


def test_a_forced_play_says_nothing() -> None:
    # Seat 3 followed the led heart with his only heart: any world explains it.
    evidence = PlayEvidence.from_view(_view(["5H", "2H"], leader=2))
    assert evidence.weight([0, 0, 0, _mask("AC", "KC")]) == 1.0


def test_believable_worlds_prefer_explained_plays() -> None:
    evidence = PlayEvidence.from_view(_view(["KH"], leader=1))
    worlds = [[0, _mask("AH", "2H"), 0, 0], [0, _mask("QH", "2H"), 0, 0]]
    rng = random.Random(3)

    def draw(r: random.Random) -> list[int]:
        return worlds[r.randrange(2)]

    picks = [believable_world(draw, evidence.weight, rng, 8) for _ in range(400)]
    explained = sum(p == worlds[1] for p in picks)
    assert explained > 300  # uniform draws would give ~200; the evidence gives ~330


def test_equivalent_cards_are_answered_without_search() -> None:
    # Holding 9H and 10H with nothing between them: equivalent. 9H and JH with 10H out: not.
    assert hard._equivalent([parse_card("9H"), parse_card("TH")], _mask("9H", "TH"))
    assert not hard._equivalent([parse_card("9H"), parse_card("JH")], _mask("9H", "JH"))
    gone = _mask("TH")
    assert hard._equivalent([parse_card("9H"), parse_card("JH")], _mask("9H", "JH") | gone)
    assert not hard._equivalent([parse_card("9H"), parse_card("9C")], _mask("9H", "9C"))
