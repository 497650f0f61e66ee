"""Bots see only views, play only legal actions, and repeat themselves given a seed."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from atout.bots.registry import make_bot
from atout.core import Match
from atout.games import get_game
from atout.games.court_circular import CourtCircularState

GAMES = ("court-piece", "five-hundred", "bridge", "court-circular")
OPTIONS: dict[str, dict[str, Any]] = {"bridge": {"scoring": "duplicate", "boards": 1}}


class ViewOnly(Mapping[str, Any]):
    """A view that refuses keys it does not have and is no game State.

    A bot that reached past the view (``view.state``, a hidden hand) would
    raise here; nested dicts and lists are wrapped the same way.
    """

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._data = dict(data)

    def __getitem__(self, key: str) -> Any:
        if key not in self._data:
            raise KeyError(f"bot asked for {key!r}, which the view does not hold")
        return _wrap(self._data[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"a view has no attribute {name!r}")


def _wrap(value: Any) -> Any:
    if isinstance(value, Mapping):
        return ViewOnly(value)
    return value


def _positions(game: str, count: int, seed: int) -> Iterator[tuple[Match, int]]:
    """Positions of random games (greedy and random bots), with the seat that decides."""
    spec = get_game(game)
    rng = random.Random(seed)
    movers = [make_bot("random", game, seed + i) for i in range(spec.players)]
    produced = 0
    while produced < count:
        match = Match.new(spec, OPTIONS.get(game, {}), rng)
        steps = 0
        while not match.is_over() and produced < count and steps < 200:
            if match.needs_deal():
                match = match.deal_next(rng)
                continue
            actor = match.actor
            assert actor is not None
            yield match, actor
            produced += 1
            steps += 1
            match = match.apply(movers[actor].choose(match.view(actor)), match.turn)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_rule_bots_legal_over_many_positions(game: str, level: str) -> None:
    bot = make_bot(level, game, seed=7)
    for match, actor in _positions(game, 600, seed=11):
        view = match.view(actor)
        action = bot.choose(ViewOnly(view))
        assert action in view["legal"], (game, level, action, view)


@pytest.mark.parametrize("game", GAMES)
def test_hard_legal_with_tiny_budget(game: str) -> None:
    bot = make_bot("hard", game, seed=3, budget_seconds=0.0)
    count = 30 if game == "court-circular" else 100
    for match, actor in _positions(game, count, seed=5):
        view = match.view(actor)
        action = bot.choose(ViewOnly(view))
        assert action in view["legal"], (game, action, view)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_determinism_given_a_seed(game: str, level: str) -> None:
    count = 8 if level == "hard" else 25
    positions = [match.view(actor) for match, actor in _positions(game, count, seed=21)]

    def run() -> list[str]:
        bot = make_bot(level, game, seed=99, budget_seconds=float("inf"))
        if level == "hard":
            bot.samples = 3  # type: ignore[attr-defined]
        return [bot.choose(view) for view in positions]

    assert run() == run()


def test_views_hold_no_other_hand() -> None:
    """The sampler's input: a view has the seat's own hand and nothing of the others'."""
    for game in GAMES:
        for match, actor in _positions(game, 40, seed=2):
            view = match.view(actor)
            assert "hands" not in view
            assert len(view["hand"]) == view["hand_sizes"][actor] or view.get("phase") in (
                "trump",
                "kitty",
            )


def test_hard_court_circular_weighs_resigning_under_carroll(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``carroll_resign`` a player may resign before putting a card down; Hard's
    rollouts play by the table's rules, so resigning there is simulated, not skipped."""
    from atout.bots.court_circular import hard  # noqa: PLC0415

    spec = get_game("court-circular")
    rng = random.Random(5)
    match = Match.new(spec, {"carroll_resign": True}, rng)
    match = match.deal_next(rng) if match.needs_deal() else match
    mover = make_bot("greedy", "court-circular", 1)
    while True:
        view = match.view(match.actor)
        mine = view["table"][view["seat"]]
        if "concede" in view["legal"] and not mine:
            break
        match = match.apply(mover.choose(view), match.actor)
    assert view["carroll_resign"] is True
    assert "carroll_resign" not in Match.new(spec, {}, rng).view(0)
    resigned: list[Any] = []
    # The class that defines apply: every state of the deal, however built, plays through it.
    real_apply = CourtCircularState.apply

    def watching(state: Any, action: str, seat: int | None = None) -> Any:
        empty_handed = action == "concede" and not state.table(state.turn)
        after = real_apply(state, action, seat)
        if empty_handed:
            resigned.append(after)
        return after

    monkeypatch.setattr(CourtCircularState, "apply", watching)
    hard.choose(view, random.Random(2), budget=0.2, samples=4)
    assert resigned, "resigning before one's own card was never played out"
