"""Hard's reading of the bridge and Five Hundred opponents (:mod:`atout.bots.reading`), and the
reading that Court Piece and Court Circular keep (:class:`~atout.bots.reading.Tally`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from atout.bots import Bot, HardBot
from atout.bots.bridge import hard as bridge_hard
from atout.bots.bridge.opponents import opponent_model as bridge_model
from atout.bots.five_hundred import hard as five_hundred_hard
from atout.bots.five_hundred.opponents import opponent_model as five_hundred_model
from atout.bots.levels import Pace, View
from atout.bots.reading import (
    FLOOR,
    POLICIES,
    PRIOR,
    STYLED_BELOW,
    OpponentModel,
    Tally,
    reading_of,
    world_likelihood,
)
from atout.bots.registry import make_bot
from atout.sim.play import play_game

GAMES: dict[str, tuple[dict[str, Any], Callable[[], OpponentModel]]] = {
    "bridge": ({"scoring": "duplicate", "boards": 12}, bridge_model),
    "five-hundred": ({}, five_hundred_model),
}


class Watcher:
    """Greedy play at seat 0, reading the opponents as Hard reads them: from the views the
    seat is handed (the JSON view here, which holds no hidden card), nothing else."""

    def __init__(self, game: str, model: OpponentModel) -> None:
        self.bot = make_bot("greedy", game, 0)
        self.model = model
        self.weighed = 0
        """Views where Hard's worlds would be weighed by the reading (the gate open)."""

    def choose(self, view: View) -> str:
        self.model.observe(view)
        self.weighed += reading_of(self.model, view) is not None
        return self.bot.choose(view)


def _mean(model: OpponentModel) -> dict[str, float]:
    seats = [model.posterior(s) for s in sorted(model.log_posterior)]
    return {p: sum(s[p] for s in seats) / len(seats) for p in POLICIES}


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("player", ["greedy", "cautious", "aggressive"])
def test_inferred_style_moves_to_the_true_one_over_a_match(game: str, player: str) -> None:
    options, model_of = GAMES[game]
    model = model_of()
    watcher = Watcher(game, model)
    bots: list[Bot] = [watcher, make_bot(player, game, 1)]
    bots += [make_bot("greedy", game, 2), make_bot(player, game, 3)]
    match = play_game(game, options, ["greedy", player] * 2, 11, bots=bots)
    assert len(match.deals) >= 3
    final = _mean(model)
    assert final[player] == max(final.values()), final
    assert final[player] > 0.6 > PRIOR[player], final
    # Our own side's cards are never read.
    assert set(model.log_posterior) <= {1, 3}
    if player == "greedy":
        assert all(model.rule_mass(s) >= STYLED_BELOW for s in model.log_posterior)
        assert watcher.weighed == 0
    else:
        assert all(model.rule_mass(s) < STYLED_BELOW for s in model.log_posterior)
        assert watcher.weighed > 0


def test_hard_keeps_one_reading_per_match() -> None:
    for game in GAMES:
        bot = make_bot("hard", game, seed=1, effort=1)
        assert isinstance(bot, HardBot) and isinstance(bot.opponents, OpponentModel)
        assert make_bot("hard", game, seed=2, effort=1).opponents is not bot.opponents  # type: ignore[attr-defined]


HARD: dict[str, Callable[..., str]] = {
    "bridge": bridge_hard.choose,
    "five-hundred": five_hundred_hard.choose,
}


class Recorder:
    """A bot that notes every action it takes."""

    def __init__(self, bot: Bot, log: list[str]) -> None:
        self.bot = bot
        self.log = log

    def choose(self, view: View) -> str:
        action = self.bot.choose(view)
        self.log.append(action)
        return action


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("opponent", ["greedy", "medium"])
def test_hard_plays_as_before_against_rule_players(game: str, opponent: str) -> None:
    """The reading weighs no world against rule players: every action is today's."""
    options, model_of = GAMES[game]
    options = {**options, "boards": 2} if game == "bridge" else options
    pace = Pace(math.inf, 3)
    logs: list[list[str]] = []
    models: list[OpponentModel] = []
    for reading in (False, True):
        log: list[str] = []
        bots: list[Bot] = []
        for seat in range(4):
            if seat % 2:
                bots.append(make_bot(opponent, game, seat))
                continue
            if reading:
                model = model_of()
                models.append(model)
                choose = partial(HARD[game], opponents=model)
                hard = HardBot(choose, seat, pace, opponents=model)
            else:
                hard = HardBot(HARD[game], seat, pace)
            bots.append(Recorder(hard, log))
        match = play_game(game, options, ["hard", opponent] * 2, 5, bots=bots)
        if game == "five-hundred":
            assert len(match.deals) >= 1
        logs.append(log)
    assert logs[0] == logs[1]
    assert any(m.log_posterior for m in models)  # the cards were read


def test_a_tally_reads_each_choice_once_and_keeps_every_policy_above_the_floor() -> None:
    """A choice is judged when first seen, never again; a forced one says nothing; worlds
    are drawn only for a new choice; a policy named against the evidence keeps FLOOR."""
    drawn: list[int] = []

    def worlds() -> list[int]:
        drawn.append(1)
        return [5]  # one world: five legal cards

    def judged(choice: str, hands: list[int]) -> dict[str, float] | None:
        if choice == "forced":
            return None
        named = {p: p == "aggressive" for p in POLICIES if p != "uniform"}
        return world_likelihood(hands[0], named)

    tally: Tally[str, list[int]] = Tally()
    assert tally.posterior(1) == PRIOR and tally.likeliest(1) == "greedy"
    for _ in range(3):  # the same view shown three times: one reading
        tally.read(1, [((0, 0), 1, "lead"), ((0, 2), 1, "forced")], worlds, judged)
    assert len(drawn) == 1 and tally.plays == {1: 1}
    once = tally.posterior(1)
    assert once["aggressive"] > PRIOR["aggressive"] and tally.rule_mass(1) < 0.5
    for trick in range(1, 40):  # aggressive all along: the others sink to the floor
        tally.read(1, [((trick, 0), 1, "lead")], worlds, judged)
    assert tally.likeliest(1) == "aggressive" and min(tally.posterior(1).values()) == FLOOR
    assert tally.plays == {1: 40} and len(drawn) == 40
    tally.read(2, [((0, 0), 1, "lead")], worlds, judged)  # a new deal: the same key is new
    assert tally.plays == {1: 41} and all(key[0] == 2 for key in tally.seen)
