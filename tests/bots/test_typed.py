"""Bots read the typed view: ``Match.seen(seat)`` gives it, and a JSON view is read into it.

The same bot with the same seed makes the same choice whether it is handed
the typed view (``Match.seen``, what the simulator, the environments, the
terminal and the table's bots get) or the JSON view (``Match.view``, what an
older caller holds); the play functions read typed fields, so a ``Seen``
handed to them never writes its JSON form; an outside bot
(``module:callable``) is still handed a plain JSON dict.
"""

from __future__ import annotations

import random
import sys
import types
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from atout.bots.levels import as_seen, typed
from atout.bots.registry import JsonBot, as_bot, make_bot
from atout.core import Match, Seen
from atout.games import get_game

GAMES = ("court-piece", "five-hundred", "bridge", "court-circular")
LEVELS = ("greedy", "easy", "medium", "cautious", "aggressive", "hard")


def _positions(game: str, count: int, seed: int) -> Iterator[tuple[Match, int]]:
    """Positions of random games (random bots), with the seat that decides."""
    spec = get_game(game)
    rng = random.Random(seed)
    movers = [make_bot("random", game, seed + i) for i in range(spec.players)]
    match = Match.new(spec, {}, rng)
    produced = 0
    while produced < count and not match.is_over():
        if match.needs_deal():
            match = match.deal_next(rng)
            continue
        actor = match.actor
        assert actor is not None
        yield match, actor
        produced += 1
        match = match.apply(movers[actor].choose(match.seen(actor)), match.turn)


class CountingSeen(Seen):
    """A ``Seen`` that counts how often its JSON form is written."""

    __slots__ = ("written",)

    def __init__(self, seen: Seen) -> None:
        super().__init__(seen.view, seen.sheet)
        self.written = 0

    def json(self) -> Mapping[str, Any]:
        self.written += 1
        return super().json()


def test_the_seen_view_reads_as_the_json_view() -> None:
    for game in GAMES:
        for match, actor in _positions(game, 30, seed=3):
            seen = match.seen(actor)
            assert dict(seen) == match.view(actor)
            assert type(seen.view) is type(match.state.typed_view(actor))
            assert seen.view.to_json() == match.state.view(actor)
            assert seen.sheet == match.view(actor)["match"]


@pytest.mark.parametrize("game", GAMES)
def test_a_bot_chooses_the_same_from_the_typed_view_and_from_the_json(game: str) -> None:
    positions = list(_positions(game, 40, seed=11))
    for level in LEVELS:
        typed_choices = [
            make_bot(level, game, seed=i, effort=2).choose(match.seen(actor))
            for i, (match, actor) in enumerate(positions)
        ]
        json_choices = [
            make_bot(level, game, seed=i, effort=2).choose(match.view(actor))
            for i, (match, actor) in enumerate(positions)
        ]
        assert typed_choices == json_choices, (game, level)


@pytest.mark.parametrize("game", GAMES)
def test_the_play_functions_never_write_the_json_view(game: str) -> None:
    """Every game's bots read only typed fields, bridge's bidding system and greedy player
    included (the auction as call codes, the hand as a card set)."""
    for level in ("greedy", "medium", "cautious", "hard"):
        for i, (match, actor) in enumerate(_positions(game, 25, seed=5)):
            seen = CountingSeen(match.seen(actor))
            make_bot(level, game, seed=i, effort=2).choose(seen)
            assert seen.written == 0, (game, level)


def test_a_json_view_is_read_once_at_the_bots_door() -> None:
    match, actor = next(_positions("court-piece", 1, seed=2))
    json = match.view(actor)
    seen = as_seen(json)
    assert seen.view == match.seen(actor).view and seen.json() is json
    assert as_seen(seen) is seen and typed(seen) is seen.view and typed(seen.view) is seen.view


def test_an_outside_bot_is_handed_a_plain_json_dict(monkeypatch: pytest.MonkeyPatch) -> None:
    handed: list[Any] = []

    class Keeper:
        def choose(self, view: Mapping[str, Any]) -> str:
            handed.append(view)
            return str(view["legal"][0])

    module = types.ModuleType("outside_bots_for_test")
    module.keeper = lambda game, seed: Keeper()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "outside_bots_for_test", module)
    bot = make_bot("outside_bots_for_test:keeper", "five-hundred", seed=0)
    assert isinstance(bot, JsonBot)
    match, actor = next(_positions("five-hundred", 1, seed=4))
    assert bot.choose(match.seen(actor)) == match.legal_actions()[0]
    assert type(handed[0]) is dict and handed[0] == match.view(actor)
    bot.choose(match.view(actor))
    assert type(handed[1]) is dict and handed[1] == match.view(actor)


def test_bridge_card_play_never_writes_the_json_view() -> None:
    """Bridge's card play at every level reads typed fields (the positions above are mostly
    auctions)."""
    played = 0
    for i, (match, actor) in enumerate(_positions("bridge", 120, seed=7)):
        if match.state.typed_view(actor).phase != "play":
            continue
        for level in ("greedy", "medium", "hard"):
            seen = CountingSeen(match.seen(actor))
            make_bot(level, "bridge", seed=i, effort=2).choose(seen)
            assert seen.written == 0, level
        played += 1
    assert played > 10


class FirstLegalKeeper:
    """A caller's own bot object: keeps what it is handed."""

    def __init__(self) -> None:
        self.handed: list[Any] = []

    def choose(self, view: Mapping[str, Any]) -> str:
        self.handed.append(view)
        return str(view["legal"][0])


def test_bot_objects_given_by_callers_are_handed_plain_dicts() -> None:
    """A simulation's seats and an environment's opponents given as objects, not names,
    get the JSON dict they were written for; atout's own bots get the ``Seen``."""
    from atout.rl import env as rl_env  # noqa: PLC0415
    from atout.sim.play import play_game  # noqa: PLC0415

    keeper = FirstLegalKeeper()
    greedy = make_bot("greedy", "court-piece", seed=1)
    bots = [keeper, greedy, make_bot("random", "court-piece", seed=2), greedy]
    play_game("court-piece", {"target": 3}, ["mine", "greedy", "random", "greedy"], 3, bots=bots)
    assert keeper.handed and all(type(v) is dict and "match" in v for v in keeper.handed)
    assert as_bot(greedy) is greedy and isinstance(as_bot(keeper), JsonBot)

    opponent = FirstLegalKeeper()
    environment = rl_env(game="court-piece", opponents={1: opponent})
    environment.reset(seed=4)
    for _agent in environment.agent_iter(max_iter=40):
        observation, _, terminated, truncated, _ = environment.last()
        mask = observation["action_mask"]
        environment.step(None if terminated or truncated else int(mask.argmax()))
    assert opponent.handed and all(type(v) is dict for v in opponent.handed)
