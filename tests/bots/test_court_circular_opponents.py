"""Hard's reading of the Court Circular opponent: the posterior moves to the true style."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from atout.bots import Bot, HardBot
from atout.bots.court_circular import hard as court_circular_hard
from atout.bots.court_circular import medium as court_circular_medium
from atout.bots.court_circular.evidence import SURPRISE, StyledEvidence, TrickEvidence
from atout.bots.court_circular.opponents import PRIOR, OpponentModel, points_of
from atout.bots.court_circular.policies import POLICIES
from atout.bots.levels import Pace
from atout.bots.registry import make_bot
from atout.cards import mask_of, parse_card
from atout.games.court_circular_view import CourtCircularView
from atout.sim.play import play_game

GAME = "court-circular"


class Watcher:
    """Greedy play at seat 0, reading the opponent as Hard reads him."""

    def __init__(self, model: OpponentModel) -> None:
        self.bot = make_bot("greedy", GAME, 0)
        self.model = model
        self.trail: dict[int, dict[str, float]] = {}
        """The reading as each deal began (before its first view was read)."""

    def choose(self, view: Mapping[str, Any]) -> str:
        self.trail.setdefault(view["match"]["deal_number"], self.model.posterior())
        self.model.observe(view, random.Random(0))
        return self.bot.choose(view)


@pytest.mark.parametrize("player", ["greedy", "cautious", "aggressive"])
def test_inferred_style_moves_to_the_true_one_over_a_match(player: str) -> None:
    model = OpponentModel(seed=1, medium=court_circular_medium.choose)
    watcher = Watcher(model)
    bots: list[Bot] = [watcher, make_bot(player, GAME, 1)]
    play_game(GAME, {"target": 50}, ["greedy", player], 7, bots=bots)
    final = model.posterior()
    assert watcher.trail[min(watcher.trail)] == pytest.approx(PRIOR)  # nothing read before
    assert final[player] == max(final.values()), final
    assert final[player] > 0.6 > PRIOR[player], final


def test_only_the_opponents_moves_are_read() -> None:
    """Our cards in the trick are never points; a resignation is one when we pick the Lead."""
    view = CourtCircularView.from_json(
        {
            "seat": 0,
            "phase": "lead",
            "turn": 0,
            "lead": "9C",
            "stock_size": 20,
            "trick": {"leader": 1, "cards": ["KS", "7D", "2H", "8C"]},
            "table": [["7D", "8C"], ["KS", "2H"]],
            "legal": ["lead 7D", "lead KS", "lead 2H", "lead 8C"],
        }
    )
    points = points_of(view)
    assert [p.move for p in points] == [parse_card("KS"), parse_card("2H"), None]
    assert [p.position for p in points] == [0, 2, 4]
    assert points[1].own == mask_of([parse_card("KS")]) and points[1].ours_since == 1
    assert not points[0].may_resign and points[1].may_resign and points[2].may_resign
    playing = CourtCircularView.from_json({**view.to_json(), "phase": "play", "turn": 1})
    assert [p.move for p in points_of(playing)] == [parse_card("KS"), parse_card("2H")]


def test_worlds_weigh_an_aggressive_reading() -> None:
    """The opponent leads KS on the Lead 9C: greedy puts the cheapest card of its plan first,
    the aggressive player the strongest; read as aggressive, the world where KS tops a plan
    of K-Q-J is believable."""
    view = {
        "seat": 0,
        "lead": "9C",
        "is_last_trick": False,
        "trick": {"leader": 1, "cards": ["KS"]},
    }
    evidence = TrickEvidence.from_view(view)
    court = mask_of(parse_card(c) for c in ["QS", "JD", "2S", "3S", "4D"])
    assert evidence.weight(court) == SURPRISE  # greedy would have put the jack down first
    reading = dict.fromkeys(POLICIES, 0.025) | {"aggressive": 0.9}
    assert StyledEvidence(evidence, reading).weight(court) > 0.9


def test_hard_keeps_one_reading_per_match() -> None:
    bot = make_bot("hard", GAME, seed=1, effort=1)
    assert isinstance(bot, HardBot) and isinstance(bot.opponents, OpponentModel)


def test_hard_reads_an_aggressive_player_while_playing_him() -> None:
    hard = make_bot("hard", GAME, seed=2, effort=2)
    assert isinstance(hard, HardBot) and isinstance(hard.opponents, OpponentModel)
    play_game(GAME, {}, ["hard", "aggressive"], 4, bots=[hard, make_bot("aggressive", GAME, 1)])
    reading = hard.opponents.posterior()
    assert reading["aggressive"] == max(reading.values()) > PRIOR["aggressive"], reading
    assert court_circular_hard.rollout_style(hard.opponents) == "aggressive"


def test_against_greedy_hard_plays_as_before() -> None:
    """Read as greedy, the opponent is weighed and simulated as before the model: the same
    actions, decision for decision, as Hard without a model on the same seeds."""
    for seed in (3, 5):
        reading = make_bot("hard", GAME, seed=seed, effort=3)
        plain = HardBot(court_circular_hard.choose, seed, Pace(float("inf"), 3))
        games = [
            play_game(GAME, {}, ["hard", "greedy"], seed, bots=[bot, make_bot("greedy", GAME, 9)])
            for bot in (reading, plain)
        ]
        assert [d.actions for d in games[0].deals] == [d.actions for d in games[1].deals]
        assert reading.opponents.rule_mass() >= 0.5  # type: ignore[attr-defined]


def test_reading_time_is_taken_off_the_budget() -> None:
    """What the model spends reading a view is handed to Hard once, to take off its budget."""
    model = OpponentModel(medium=court_circular_medium.choose)
    view = {
        "seat": 0,
        "lead": "9C",
        "hand": ["2S", "3S", "4S", "5S", "6S"],
        "hand_sizes": [5, 5],
        "stock_size": 30,
        "trick": {"leader": 1, "cards": ["KS"]},
        "table": [[], ["KS"]],
        "legal": ["2S", "3S", "4S", "5S", "6S"],
    }
    model.observe(view)
    assert model.take_spent() > 0.0 == model.take_spent()
