"""Bridge claims against bots: judged on the faced hands, not waved through (Laws 68-70)."""

from __future__ import annotations

from typing import Any

import pytest

from atout.bots.registry import make_bot
from atout.cards import parse_card
from atout.core import Match
from atout.games.bridge import BRIDGE, BridgeDeal

LEVELS = ("easy", "medium", "hard", "greedy")


def _deal(dealer: int) -> BridgeDeal:
    """N all the spades, E the hearts, S the diamonds, W the clubs."""
    hands = tuple(tuple(parse_card(r + s) for r in "23456789TJQKA") for s in "SHDC")
    return BridgeDeal(dealer, hands)


def _claimed(calls: list[str], lead: str, claim: str) -> Match:
    match = Match(BRIDGE, BRIDGE.parse_rules({})).start_deal(_deal(0))
    for call in calls:
        match = match.apply(call)
    match = match.apply(lead)
    declarer = match.state.declarer  # type: ignore[attr-defined]
    return match.apply(claim, declarer)


def _answers(match: Match, level: str) -> list[str]:
    """Both defenders' answers, each from a fresh bot of ``level`` seeing only its view."""
    answers = []
    while match.state.phase == "claim":  # type: ignore[attr-defined]
        seat = match.turn
        assert seat is not None
        view: dict[str, Any] = match.view(seat)
        answer = make_bot(level, "bridge", seed=seat).choose(view)
        answers.append(answer)
        match = match.apply(answer, seat)
    return answers


@pytest.mark.parametrize("level", LEVELS)
def test_a_grand_slam_claimed_against_the_top_clubs_is_rejected(level: str) -> None:
    # S bids 7NT with thirteen diamonds; W leads a club and holds all of them.
    match = _claimed(["pass", "pass", "7NT", "pass", "pass", "pass"], "2C", "claim 13")
    assert _answers(match, level) == ["reject"]
    assert match.apply("reject", match.turn).state.phase == "play"  # type: ignore[attr-defined]


@pytest.mark.parametrize("level", LEVELS)
def test_a_claim_no_defence_can_beat_is_accepted(level: str) -> None:
    # N bids 7S with thirteen spades: every trick is his whatever E and W do.
    match = _claimed(["7S", "pass", "pass", "pass"], "2H", "claim 13")
    assert _answers(match, level) == ["accept", "accept"]


def test_the_defenders_see_the_claimers_hand_while_the_claim_is_open() -> None:
    match = _claimed(["pass", "pass", "7NT", "pass", "pass", "pass"], "2C", "claim 13")
    for seat in (1, 3, None):
        claim = match.view(seat)["claim"]
        assert claim["by"] == 2 and claim["tricks"] == 13
        assert len(claim["hand"]) == 13 and all(c.endswith("D") for c in claim["hand"])
    rejected = match.apply("reject", match.turn)
    assert rejected.view(1)["claim"] is None


@pytest.mark.parametrize("level", LEVELS)
def test_a_claim_is_judged_from_the_typed_view(level: str) -> None:
    """The answer from ``Match.seen`` (the typed view) is the JSON view's, and reading the
    claim, the hands and the tricks never writes the JSON form."""
    from tests.bots.test_typed import CountingSeen  # noqa: PLC0415

    for calls, claim, want in (
        (["pass", "pass", "7NT", "pass", "pass", "pass"], "claim 13", ["reject"]),
        (["7S", "pass", "pass", "pass"], "claim 13", ["accept", "accept"]),
    ):
        match = _claimed(calls, "2C" if want == ["reject"] else "2H", claim)
        answers = []
        while match.state.phase == "claim":  # type: ignore[attr-defined]
            seat = match.turn
            assert seat is not None
            seen = CountingSeen(match.seen(seat))
            answer = make_bot(level, "bridge", seed=seat).choose(seen)
            assert seen.written == 0
            answers.append(answer)
            match = match.apply(answer, seat)
        assert answers == want
