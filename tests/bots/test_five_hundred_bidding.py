"""Five Hundred Hard's bid values: double dummy counted short by BID_SHORTFALL."""

from __future__ import annotations

import pytest

from atout.bots.five_hundred import hard
from atout.games.five_hundred import parse_call


@pytest.mark.parametrize("bid", ["6S", "7H", "8D", "10C"])
@pytest.mark.parametrize("tricks", range(11))
def test_half_a_trick_short_is_the_mean_of_the_two_whole_tricks(bid: str, tricks: int) -> None:
    code = parse_call(bid)
    expected = (hard.deal_score(code, tricks) + hard.deal_score(code, tricks - 1)) / 2
    assert hard.BID_SHORTFALL == 0.5
    assert hard._bid_value(code, tricks) == expected


def test_a_whole_trick_short_scores_one_trick_less(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hard, "BID_SHORTFALL", 1.0)
    code = parse_call("7S")
    assert hard._bid_value(code, 7) == hard.deal_score(code, 6) < 0 < hard.deal_score(code, 7)


def test_deal_score_counts_the_defenders_tricks_and_the_slam() -> None:
    six_spades = parse_call("6S")
    assert hard.deal_score(six_spades, 6) == 40 - 10 * 4
    assert hard.deal_score(six_spades, 5) == -40 - 10 * 5
    assert hard.deal_score(six_spades, 10) == 250
