"""Reinforcement-learning environments (PettingZoo AEC) for every atout game.

An optional adapter: it needs ``pettingzoo`` and ``numpy`` (the rules do not),
installed by the ``[rl]`` extra (``pip install 'atout[rl]'``); without them
importing it raises :class:`~atout.extras.MissingExtraError` naming the extra.
``env(game, **options)`` gives an :class:`~pettingzoo.AECEnv` over the same
engine the server and the bots use; the game's rule options pass through
(``env("court-piece", variant="courts")``), and a few keyword-only options
shape the episode:

* ``opponents={1: "greedy", 3: "greedy"}``: bots (``atout.bots.registry.make_bot``
  names, or any object with ``choose(view)``) play those seats; the
  environment exposes only the other seats as agents.
* ``episode="game"`` (default: a whole game to its end) or ``"deal"``.
* ``reward="points"`` (default): at the end of each deal every agent gets
  its side's points minus the other side's, divided by ``points_scale``
  (the game's default: 1 for Court Piece, 100 for Five Hundred and bridge,
  10 for Court Circular), and at the end of a whole game ``+win_bonus`` /
  ``-win_bonus`` (default 1) for a win / loss. ``reward="win"``: only +1 / -1
  at the end of the game (of the deal, with ``episode="deal"``, by the sign
  of its points).
* ``max_deals`` (default 200): games that may not end by themselves
  (Court Piece with courts and no ``session_end``, duplicate bridge without
  ``boards``) are truncated after that many deals.
* ``render_mode="ansi"``: ``render()`` returns the engine's state line.

Observations are ``{"observation": float32 vector, "action_mask": int8
vector}``: the vector encodes only ``State.typed_view(seat)`` (see each game's
module for its blocks, and ``docs/rl.md``); the mask marks the legal action
indexes. ``reset(seed=...)`` makes the whole episode deterministic (deals and
bots).

>>> e = env("court-piece", opponents={1: "random", 3: "random"}, target=3)
>>> e.reset(seed=7)
>>> e.agents, int(e.action_space("seat_0").n)
(['seat_0', 'seat_2'], 56)
>>> obs, reward, done, truncated, info = e.last()
>>> e.spec.actions[int(obs["action_mask"].argmax())] in e.match.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from atout.bots import Bot
from atout.games import get_game
from atout.rl import _extra  # noqa: F401 - checks the [rl] extra before the rest loads
from atout.rl.bridge import BridgeSpec
from atout.rl.court_circular import CourtCircularSpec
from atout.rl.court_piece import CourtPieceSpec
from atout.rl.env import AtoutEnv, EpisodeKind, RewardKind
from atout.rl.five_hundred import FiveHundredSpec
from atout.rl.spec import GameSpec

__all__ = ["SPECS", "AtoutEnv", "GameSpec", "env"]

SPECS: dict[str, Callable[[Any], GameSpec]] = {
    "court-piece": CourtPieceSpec,
    "five-hundred": FiveHundredSpec,
    "bridge": BridgeSpec,
    "court-circular": CourtCircularSpec,
}
"""Game id to the spec factory (called with the game's validated ``Rules``)."""


def env(
    game: str,
    *,
    opponents: Mapping[int, str | Bot] | None = None,
    episode: EpisodeKind = "game",
    reward: RewardKind = "points",
    win_bonus: float = 1.0,
    points_scale: float | None = None,
    max_deals: int | None = 200,
    render_mode: str | None = None,
    **options: Any,
) -> AtoutEnv:
    """The environment of ``game`` (``court-piece``, ``five-hundred``, ``bridge``,
    ``court-circular``) with the game's rule ``options``."""
    rules_game = get_game(game)
    factory = SPECS.get(rules_game.id)
    if factory is None:
        raise ValueError(f"no environment for {rules_game.id} yet (environments: {sorted(SPECS)})")
    spec = factory(rules_game.parse_rules(options))
    return AtoutEnv(
        spec,
        options,
        opponents=opponents,
        episode=episode,
        reward=reward,
        win_bonus=win_bonus,
        points_scale=points_scale,
        max_deals=max_deals,
        render_mode=render_mode,
    )
