"""Hard's reading of the Court Piece opponents: the posterior moves to the true style."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from atout.bots import Bot, HardBot
from atout.bots.court_piece.evidence import SURPRISE, PlayEvidence, StyledEvidence
from atout.bots.court_piece.opponents import PRIOR, OpponentModel
from atout.bots.court_piece.policies import POLICIES
from atout.bots.registry import make_bot
from atout.cards import mask_of, parse_card
from atout.sim.play import play_game


class Watcher:
    """Greedy play at seat 0, reading the opponents as Hard reads them."""

    def __init__(self, model: OpponentModel) -> None:
        self.bot = make_bot("greedy", "court-piece", 0)
        self.model = model
        self.rng = random.Random(0)
        self.trail: dict[int, dict[str, float]] = {}
        """The reading as each deal began (before its first view was read)."""

    def choose(self, view: Mapping[str, Any]) -> str:
        self.trail.setdefault(view["match"]["deal_number"], _mean(self.model))
        self.model.observe(view, self.rng)
        return self.bot.choose(view)


def _mean(model: OpponentModel) -> dict[str, float]:
    seats = [model.posterior(1), model.posterior(3)]
    return {p: sum(s[p] for s in seats) / 2 for p in POLICIES}


@pytest.mark.parametrize(
    ("player", "policy"),
    [
        ("greedy", "greedy"),
        ("medium", "medium"),
        ("cautious", "cautious"),
        ("aggressive", "aggressive"),
        ("random", "uniform"),
    ],
)
def test_inferred_style_moves_to_the_true_one_over_a_match(player: str, policy: str) -> None:
    model = OpponentModel()
    watcher = Watcher(model)
    bots: list[Bot] = [watcher, make_bot(player, "court-piece", 1)]
    bots += [make_bot("greedy", "court-piece", 2), make_bot(player, "court-piece", 3)]
    match = play_game("court-piece", {}, ["greedy", player] * 2, 7, bots=bots)
    assert len(match.deals) >= 4
    final = _mean(model)
    assert watcher.trail[1] == PRIOR  # nothing read before the first card
    assert final[policy] == max(final.values()), final
    assert final[policy] > 0.6 > PRIOR[policy], final
    # Our own side's cards are never read.
    assert 0 not in model.log_posterior and 2 not in model.log_posterior


def test_hard_keeps_one_reading_per_match() -> None:
    bot = make_bot("hard", "court-piece", seed=1, effort=1)
    assert isinstance(bot, HardBot) and isinstance(bot.opponents, OpponentModel)
    # Every game's Hard keeps its own reading (Court Circular's, bridge's and Five Hundred's
    # are tested with their models).
    other = make_bot("hard", "court-circular", seed=1)
    assert other.opponents is not None and other.opponents is not bot.opponents  # type: ignore[attr-defined]


def test_worlds_weigh_an_aggressive_reading() -> None:
    """West leads the trump ace. Greedy never does that from a side suit, the aggressive player
    does with three trumps: read as aggressive, the world where he holds them is believable."""

    def hand(*names: str) -> int:
        return mask_of(parse_card(c) for c in names)

    view = {"seat": 0, "trump": "S", "trick": {"leader": 1, "cards": ["AS"]}, "tricks": []}
    evidence = PlayEvidence.from_view(view)
    three_trumps = [0, hand("KS", "QS", "2H", "3H"), 0, 0]
    one_trump = [0, hand("2H", "3H", "4H", "5D"), 0, 0]
    assert evidence.weight(three_trumps) == SURPRISE == evidence.weight(one_trump)
    reading = dict.fromkeys(POLICIES, 0.025) | {"aggressive": 0.9}
    styled = StyledEvidence(evidence, {1: reading})
    assert styled.weight(three_trumps) == pytest.approx(0.9)
    assert styled.weight(one_trump) == SURPRISE
    assert StyledEvidence(evidence, {}).weight(three_trumps) == SURPRISE  # seat 1 as before


def test_hard_reads_a_cautious_pair_while_playing_them() -> None:
    hard = make_bot("hard", "court-piece", seed=2, effort=1)
    assert isinstance(hard, HardBot)
    bots: list[Bot] = [hard, make_bot("cautious", "court-piece", 1)]
    bots += [make_bot("greedy", "court-piece", 2), make_bot("cautious", "court-piece", 3)]
    play_game(
        "court-piece", {"target": 3}, ["hard", "cautious", "greedy", "cautious"], 4, bots=bots
    )
    for seat in (1, 3):
        reading = hard.opponents.posterior(seat)
        assert reading["cautious"] == max(reading.values()) > PRIOR["cautious"], reading
