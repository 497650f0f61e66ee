"""The PettingZoo AEC environment: a thin adapter over :class:`atout.core.Match`.

The environment owns a :class:`~atout.core.Match` and nothing else of the
game: legality, turns, scoring and what each seat may see all come from the
engine. Its own work is bookkeeping: integers to action strings (the game's
:class:`~atout.rl.spec.GameSpec`), views to vectors, deal points to rewards,
and bots playing the seats that are not learning.

Within a deal, the agents' actions go to the deal's immutable state
(``State.apply``, the same call ``Match.apply`` makes) and are written into
the match record when it is read (:attr:`AtoutEnv.match`), when a bot is to
act, and at the deal's last action, which goes through ``Match.apply`` and is
settled there: rebuilding the whole record (a new ``PlayedDeal`` and ``Match``)
at every step is work no agent needs before the deal ends. ``tests/rl`` check
that the record is the one ``Match.apply`` gives for the same actions.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar, Literal

import gymnasium
import numpy as np
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from atout.bots import Bot
from atout.bots.registry import as_bot, make_bot
from atout.core import IllegalActionError, Match, Settlement
from atout.games import get_game
from atout.rl.arrays import Masks, Vectors
from atout.rl.spec import GameSpec

__all__ = ["AtoutEnv", "EpisodeKind", "RewardKind"]

EpisodeKind = Literal["game", "deal"]
RewardKind = Literal["points", "win"]
ObsDict = dict[str, np.ndarray[Any, Any]]


class AtoutEnv(AECEnv):  # type: ignore[misc]
    """One game of atout as a PettingZoo AEC environment (see :mod:`atout.rl`).

    Agents are ``"seat_0"`` .. ``"seat_{n-1}"`` minus the seats given to
    ``opponents``. The agent selected is the seat that *decides* now
    (``Match.actor``: in bridge, declarer when dummy's card is due).
    """

    agent_selection: str
    """The agent to act (PettingZoo's attribute)."""
    metadata: ClassVar[dict[str, Any]] = {
        "name": "atout_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        spec: GameSpec,
        options: Mapping[str, Any],
        *,
        opponents: Mapping[int, str | Bot] | None = None,
        episode: EpisodeKind = "game",
        reward: RewardKind = "points",
        win_bonus: float = 1.0,
        points_scale: float | None = None,
        max_deals: int | None = 200,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.spec = spec
        self.game = get_game(spec.game_id)
        self.options = dict(options)
        players = self.game.players
        self.opponents: dict[int, str | Bot] = dict(opponents or {})
        bad = [s for s in self.opponents if not (type(s) is int and 0 <= s < players)]
        if bad:
            raise ValueError(f"opponents: no seat {bad[0]!r} (seats 0..{players - 1})")
        if len(self.opponents) == players:
            raise ValueError("opponents fill every seat: leave at least one to learn")
        if episode not in ("game", "deal"):
            raise ValueError(f"episode must be 'game' or 'deal', not {episode!r}")
        if reward not in ("points", "win"):
            raise ValueError(f"reward must be 'points' or 'win', not {reward!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.episode: EpisodeKind = episode
        self.reward_kind: RewardKind = reward
        self.win_bonus = float(win_bonus)
        self.points_scale = float(points_scale or spec.points_scale)
        self.max_deals = max_deals
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{s}" for s in range(players) if s not in self.opponents]
        self._seat_of = {a: int(a[5:]) for a in self.possible_agents}
        self._agent_of = {s: f"seat_{s}" for s in range(players)}
        size, actions = spec.layout.size, len(spec.actions)
        space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(-1.0, 1.0, (size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(actions) for a in self.possible_agents}
        self._match: Match | None = None
        self._state: Any = None
        """The current deal's state: the match record's, plus the ``_pending`` actions."""
        self._actor: int | None = None
        """``_state.actor``, read once per state (``observe`` asks it at every look)."""
        self._pending: list[tuple[int, str]] = []
        """Actions applied to ``_state`` and not yet in the match record, as ``(seat, action)``."""
        self._vectors = Vectors(spec, players)
        self._masks = Masks(spec, players)
        self._arrays, self._slots, self._by_state = self._vectors.kept()
        self._mask_of = self._masks.of_bits
        self._write_state, self._mask_state = spec.look_calls()
        """The game's ``write_state`` and ``mask_state`` (its observer's own, where it says so:
        each look is a handful of calls, and one less is a point of ``bench/rl.py``)."""
        self._shared = spec.shared
        self._index_now = spec.index_now
        self._plain = type(spec).resolve is GameSpec.resolve
        """Whether every index is one action (no split actions): ``step`` reads the table."""
        self._plain_below = len(spec.actions) if self._plain else spec.plain_actions
        """Indexes below this are the table's action, whatever the game's ``resolve``."""
        self._bots: dict[int, Bot] = {}
        self._rng = random.Random()
        self._picks: tuple[int, ...] = ()
        self._sheet: Mapping[str, Any] = {}
        self._sheet_deals = -1
        self._settled = 0
        self._rewarded = False
        """Whether ``rewards`` may hold non-zero values (else a step need not clear them)."""
        self._ended = False
        """Whether the episode has ended (every agent terminated or truncated)."""
        self._actions = spec.actions
        self._actor_is_turn = spec.actor_is_turn
        self._writes = type(spec).write_state is not GameSpec.write_state
        """Whether the game writes vectors straight into the kept arrays (``write_state``)."""

    # The PettingZoo API.

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The same ``Dict(observation, action_mask)`` space object for every call."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Discrete(len(spec.actions))``: the game's one action table."""
        return self.action_spaces[agent]

    @property
    def match(self) -> Match:
        """The match being played (its record is the episode's record)."""
        if self._match is None:
            raise RuntimeError("call reset() first")
        if self._pending:
            self._record()
        return self._match

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game (deals, first dealer and bots all drawn from ``seed``)."""
        self._rng = rng = random.Random(seed)
        self._bots = {
            seat: make_bot(bot, self.game.id, rng.randrange(2**31))
            if isinstance(bot, str)
            else as_bot(bot)
            for seat, bot in self.opponents.items()
        }
        self._match = Match.new(self.game, self.options, rng)
        self._state = self._match.state
        self._pending = []
        self._ended = False
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._picks = ()
        self._settled = 0
        self._sheet_deals = -1
        self._rewarded = False
        self._advance()

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Take ``action`` (an index of the action table) for the selected agent.

        An index that is not allowed now raises the engine's
        :class:`~atout.core.IllegalActionError`; to end the episode instead,
        wrap the environment in PettingZoo's ``TerminateIllegalWrapper``.
        """
        agent = self.agent_selection
        if self._ended:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} must act: None is only for finished agents")
        state = self._state
        index = int(action)
        text: str | None
        if 0 <= index < self._plain_below:
            text = self._actions[index]
        elif self._plain:
            actions = self._actions
            raise IllegalActionError(f"no action {index} (actions 0..{len(actions) - 1})")
        else:
            text = self.spec.resolve_state(index, state, self._picks)
        if text in self._shared and self._index_now(text, state) != index:
            raise IllegalActionError(f"action {index} ({text}) is not allowed now")
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            rewards = self.rewards
            for a in rewards:
                rewards[a] = 0.0
            self._rewarded = False
        if text is None:
            self._picks = (*self._picks, index)
            return
        # No seat: the engine's seat to act is the one this agent was selected for.
        after: Any = state.apply(text)
        self._picks = ()
        if self._actor_is_turn:  # nobody decides once the deal is over: one call less
            actor = after.actor
            over = actor is None
        else:
            over = after.is_over()
        if over:  # settled by Match.apply
            self._match = self.match.apply(text)
        else:
            # What Match.apply would record: the seat to act and the action (table
            # actions are canonical), kept until the record is read.
            if self._actor_is_turn:
                self._pending.append((self._seat_of[agent], text))  # the seat selected
            else:
                self._pending.append((state.turn, text))
                actor = after.actor
            self._state = after
            self._actor = actor
            if actor not in self._bots:
                self.agent_selection = self._agent_of[actor]
                return
            self._record()  # bots read the match's view
        self._advance()
        if self._rewarded:
            self._accumulate_rewards()

    def last(
        self, observe: bool = True
    ) -> tuple[ObsDict | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last`` (observation, reward, terminated, truncated, info) in one call."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def observe(self, agent: str) -> ObsDict:
        """The agent's view as a vector, and the mask of its legal actions (zeros if not to act)."""
        seat = self._seat_of[agent]
        state = self._state
        if state is None:
            raise RuntimeError("call reset() first")
        picks = self._picks if agent == self.agent_selection else ()
        sheet = self._sheet
        # Vectors.by_state, inlined: the game writes the seat's kept array from the state.
        by_state = self._by_state
        if self._writes and (
            self._write_state(state, seat, sheet, self._slots[seat], by_state[seat])
            if not picks
            else self.spec.write_picked(
                state, seat, sheet, self._slots[seat], by_state[seat], picks
            )
        ):
            by_state[seat] = True
            observation = self._arrays[seat].copy()
            acts = seat == self._actor
        else:  # the whole vector from the view, by the same observer
            view = state.typed_view(seat)
            vectors = self._vectors
            slots, _ = vectors.direct(seat)
            self.spec.write_view(view, sheet, picks, slots)
            observation = vectors.wrote(seat, by_state=False)
            acts = bool(view.legal)
        bits = 0
        if acts and not self._ended:
            found = self._mask_state(state, picks)
            if found is None:
                legal = state.legal_actions()
                found = self.spec.mask_bits(legal, picks) if legal else 0
            bits = found
        return {"observation": observation, "action_mask": self._mask_of(seat, bits)}

    def render(self) -> str | None:
        """``ansi``: the engine's one-line state (all hands: for debugging, not for agents)."""
        if self.render_mode != "ansi" or self._match is None:
            return None
        match = self.match
        return f"{match.state!r} totals={list(match.totals)}"

    def close(self) -> None:
        """Nothing to release."""

    # Driving the match.

    def _record(self) -> None:
        """Write the pending actions and the state they led to into the match record."""
        match = self._match
        assert match is not None
        deal = match.deals[-1]
        played = replace(deal, state=self._state, actions=deal.actions + tuple(self._pending))
        self._match = replace(match, deals=(*match.deals[:-1], played))
        self._pending = []

    def _hold(self, match: Match) -> None:
        """Make ``match`` (with nothing pending) the one being played."""
        self._match = match
        self._state = state = match.deals[-1].state
        self._actor = state.actor
        self._sheet = self._score_sheet(match)

    def _score_sheet(self, match: Match) -> Mapping[str, Any]:
        """The public score sheet, computed once per deal (it changes only between deals)."""
        deals = len(match.deals)
        if deals != self._sheet_deals or match.current.settlement is not None:
            self._sheet = match.game.tally_view(match.rules, match.tally)
            self._sheet_deals = deals if match.current.settlement is None else -1
        return self._sheet

    def _advance(self) -> None:
        """Score a finished deal, deal the next one, let bots play, until a learner decides."""
        match = self.match
        bots = self._bots
        while True:
            deal = match.deals[-1]
            settlement = deal.settlement
            if settlement is None:
                state: Any = deal.state
                actor = state.actor
                assert actor is not None
                bot = bots.get(actor)
                if bot is None:
                    self._hold(match)
                    self.agent_selection = self._agent_of[actor]
                    return
                match = match.apply(bot.choose(match.seen(actor)), state.turn)
                continue
            if self._settled < len(match.deals):
                self._settled = len(match.deals)
                self._reward_deal(settlement)
                if match.is_over() or self.episode == "deal":
                    self._hold(match)
                    self._finish(truncated=False)
                    return
            if match.needs_deal():
                if self.max_deals is not None and len(match.deals) >= self.max_deals:
                    self._hold(match)
                    self._finish(truncated=True)
                    return
                match = match.deal_next(self._rng)
                continue
            # A settled deal that still decides (a revoke claim after the end): the actor acts.
            actor = match.actor
            assert actor is not None
            bot = bots.get(actor)
            if bot is None:
                self._hold(match)
                self.agent_selection = self._agent_of[actor]
                return
            match = match.apply(bot.choose(match.view(actor)), match.turn)

    def _side(self, seat: int) -> int:
        return seat % self.game.sides

    def _reward_deal(self, settlement: Settlement) -> None:
        """Points per deal: own side's points minus the best other side's, scaled."""
        if self.reward_kind != "points" and self.episode == "game":
            return
        self._rewarded = True
        points = settlement.points
        for agent in self.agents:
            side = self._side(self._seat_of[agent])
            ours = points[side]
            theirs = max(p for s, p in enumerate(points) if s != side)
            if self.reward_kind == "points":
                self.rewards[agent] += (ours - theirs) / self.points_scale
            else:
                self.rewards[agent] += float(np.sign(ours - theirs))

    def _finish(self, *, truncated: bool) -> None:
        """End the episode: the win bonus (whole games), every agent terminated or truncated."""
        match = self.match
        self._rewarded = True
        if self.episode == "game" and match.is_over():
            winner = match.winner
            bonus = self.win_bonus if self.reward_kind == "points" else 1.0
            for agent in self.agents:
                if winner is not None:
                    won = self._side(self._seat_of[agent]) == winner
                    self.rewards[agent] += bonus if won else -bonus
        self._ended = True
        flags = self.truncations if truncated else self.terminations
        for agent in self.agents:
            flags[agent] = True
            self.infos[agent] = {"totals": list(match.totals), "winner": match.winner}
        self.agent_selection = self.agents[0]
