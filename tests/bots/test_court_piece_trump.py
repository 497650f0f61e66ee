"""Hard Court Piece's trump call: DDS over worlds, Medium's suit ahead by ``TRUMP_PRIOR``."""

from __future__ import annotations

import math
import random

import pytest

from atout.bots.court_piece import hard, medium
from atout.core import Match
from atout.games import get_game


def _calls(prior: float, seeds: range) -> list[tuple[str, str]]:
    """(Hard's call, Medium's call) at the trump call of each seed's first deal."""
    out = []
    for seed in seeds:
        match = Match.new(get_game("court-piece"), {}, random.Random(seed))
        view = match.view(match.actor)
        assert view["phase"] == "trump"
        saved = hard.TRUMP_PRIOR
        hard.TRUMP_PRIOR = prior
        try:
            call = hard.choose(view, random.Random(seed), math.inf, samples=4)
        finally:
            hard.TRUMP_PRIOR = saved
        out.append((call, medium.choose(view, random.Random(seed))))
    return out


def test_a_prior_no_world_can_overcome_names_mediums_suit() -> None:
    """A suit's value is a mean of +1 and -1 over worlds: a prior above 2 always wins."""
    assert all(hard_call == rule for hard_call, rule in _calls(2.5, range(6)))


def test_the_worlds_can_name_another_suit_under_a_small_prior() -> None:
    """With the old tie-break prior the worlds' count decides: some first five differ."""
    assert any(hard_call != rule for hard_call, rule in _calls(0.05, range(12)))


@pytest.mark.parametrize("prior", [0.05, 0.7])
def test_the_call_is_a_legal_trump(prior: float) -> None:
    for hard_call, _ in _calls(prior, range(2)):
        assert hard_call in {"trump S", "trump H", "trump D", "trump C"}
