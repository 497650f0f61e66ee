"""The driver: one task per room plays the bots, stands in for the away, deals, keeps time.

Bots think off the event loop (``asyncio.to_thread``), except the random and
greedy ones, which answer in microseconds; a bot's action is released at a
time drawn independently of how long it thought. When a bot comes back, its
move is applied only if the table has not moved on meanwhile (an undo, a
reload). Timed sessions end after the deal in which time is called; a table
whose people are all away deals no new deal (``pacing.py``); tables nobody
comes back to expire.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from atout.bots import Bot, GreedyBot, RandomBot
from atout.bots.registry import make_bot
from atout.core import Match
from atout.server.declaring import decider
from atout.server.errors import RoomError
from atout.server.friends import turn_left
from atout.server.logs import log_event
from atout.server.pacing import bot_delay_factor, deal_hold, people_away
from atout.server.state import RoomState
from atout.server.storage import SeqConflict

if TYPE_CHECKING:
    from atout.server.rooms import Settings

__all__ = ["ACTIVE", "HINT_BOT", "JITTER", "Driver"]

log = logging.getLogger("atout.server")

JSON = dict[str, Any]

ACTIVE = ("waiting", "playing")
"""Statuses of a table still in play; ``over`` and ``expired`` tables have no driver."""


HINT_BOT = "greedy"
"""The bot whose choice a hint shows (and who stands in for an away human)."""


_INSTANT_BOTS = (RandomBot, GreedyBot)


JITTER = 0.25
"""A bot's wait is its delay give or take this fraction, drawn anew at every move."""


_jitter = random.Random()


def _jittered(delay: float) -> float:
    """``delay`` give or take :data:`JITTER`: the same mean, but tables drift out of step.

    Why: with a fixed delay, tables whose actions were committed in the same
    group wake together and act together again one delay later, so the tables
    of a server fall into lockstep: under load all bots moved in one burst
    every 0.7 s (hundreds of actions within a few milliseconds), and a
    person's action queued behind the burst (the p99 of about a second). A
    random share of the delay keeps their moves spread over time.
    """
    return delay * _jitter.uniform(1 - JITTER, 1 + JITTER) if delay > 0 else delay


def _thinking_budget(bot: Bot, settings: Settings) -> float:
    """The longest ``bot`` may think on one decision: a Hard bot's budget (3 times it
    for a bid or a trump call), never more than the server's ``bot_budget``; 0 for
    bots that answer in microseconds."""
    budget = getattr(bot, "budget_seconds", 0.0)
    return min(3 * float(budget), settings.bot_budget)


def _release_after(delay: float, thinking: float) -> float:
    """Seconds from a bot's turn to the release of its action.

    Drawn uniformly over ``[low, low + 2 * JITTER * delay]`` where ``low`` is
    the configured ``delay * (1 - JITTER)``, raised to ``thinking`` when that is
    longer: the bot has always finished thinking by then, so the release time
    says nothing about how long it thought (or how many actions it had).
    """
    low = max(delay * (1 - JITTER), thinking)
    return _jitter.uniform(low, low + 2 * JITTER * delay)


def _choose(bot: Bot, view: Mapping[str, Any], table: str = "") -> str:
    """A bot's choice; a bot that fails or answers nonsense is replaced by a fallback."""
    legal = [*(view.get("legal") or []), *(view.get("out_of_turn") or [])]
    try:
        action = bot.choose(view)
    except Exception:  # a broken bot must not stop the table
        log.exception("table %s: bot failed; a fallback plays for it", table)
        return _fallback(view, str(view.get("game", "")))
    if action in legal or not legal:
        return action
    log_event("bot.illegal", logging.WARNING, table=table, seat=view.get("seat"), action=action)
    return _fallback(view, str(view.get("game", "")))


def _fallback(view: Mapping[str, Any], game_id: str) -> str:
    """A legal action for a bot that failed: the greedy bot's, else a random legal one."""
    legal = [str(a) for a in view.get("legal") or []]
    try:
        action = make_bot(HINT_BOT, game_id, seed=0).choose(view)
        if action in legal:
            return action
    except Exception:  # the fallback must not fail in turn
        log.exception("the fallback bot failed too; playing at random")
    return random.choice(legal) if legal else ""


class Driver(RoomState):
    """A room's automatic moves (mixed into :class:`~atout.server.rooms.Room`)."""

    async def hint(self, seat: int) -> str:
        """What the hint bot would do in ``seat``'s place now (or in the place of the bot
        declarer whose contract the person at ``seat`` plays: from declarer's view)."""
        match = self.match
        actor = None if match is None else match.actor
        if actor is not None and actor != seat and decider(self, actor) == seat:
            seat = actor
        if match is None or actor is None or actor != seat:
            raise RoomError("it is not your turn")
        bot = self._bot(seat, HINT_BOT, stand_in=True)
        view = match.seen(seat)
        return await asyncio.to_thread(bot.choose, view)

    async def run(self) -> None:
        """Play the bots and deal until the game is over or expires (or the server stops)."""
        while self.status in ACTIVE:
            self.wake.clear()
            try:
                wait = await self.hub.cluster.drive(self, self._step)
            except Exception:
                log.exception("table %s: driver step failed", self.id)
                wait = 1.0
            wait = self._until_time_up(wait)
            if wait is None:
                await self.wake.wait()
            elif wait > 0:
                # asyncio.timeout, not wait_for: in Python 3.11 wait_for may swallow a
                # cancellation that races the wake-up, and the server never stops.
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(wait):
                        await self.wake.wait()
        await self.hub.cluster.release(self)

    def idle_for(self, now: float) -> float:
        """Seconds nobody has been connected to this table, here or elsewhere (0: someone is)."""
        if self.connections or any(self.connected(s.number) for s in self.seats):
            return 0.0
        return now - self.idle_since

    async def expire(self) -> None:
        """Nobody came back: the table stops (its record stays, its seats close)."""
        async with self.lock:
            if self.status not in ACTIVE:
                return
            stored = await self.hub.store.save_table(
                self.id, status="expired", version=self.version + 1
            )
            self.adopt(stored)
            self.status = "expired"
            log_event("table.expired", table=self.id)
            self._changed()

    async def _step(self) -> float | None:
        """Do the next automatic thing; returns how long to wait (``None``: until woken)."""
        match = self.match
        if match is None or self.status != "playing":
            return None
        if self._time_is_up(match):
            await self._call_time(match)
            return 0
        if match.needs_deal():
            # Every person away: no new deal (``pacing.people_away``); the sweep closes the
            # table later, and whoever comes back or joins wakes the driver.
            hold = deal_hold(self, match)
            if hold is None or hold > 0:
                return hold
            await asyncio.sleep(_jittered(self._deal_pause(match)))
            if people_away(self):
                return None  # they left while the result was shown: the deal waits for them
            await self._deal_next(match)
            return 0
        seat = match.actor
        if seat is None:
            return None
        bot, wait = self._controller(seat)
        if bot is None:
            return wait
        version = self.version
        # A trick just closed: leave people time to see it before the next lead.
        closed = self.last_trick is not None and self.last_trick["version"] == version
        view = match.seen(seat)
        self._views.clear()  # not kept through the wait (objects the GC would move to old ages)
        action = await self._paced_action(
            bot, view, self.hub.settings.bot_delay * bot_delay_factor(self) * (2 if closed else 1)
        )
        async with self.lock:
            if self.version == version:
                await self._apply(seat, action)
        return 0

    def _deal_pause(self, match: Match) -> float:
        """The wait before the next deal: longer while someone may still act on the last one."""
        pause = self.hub.settings.deal_pause
        if any(match.out_of_turn(seat) for seat in range(self.game.players)):
            return max(pause, self.hub.settings.revoke_window)
        if self.extra.get("pause_deals") and self.deal_pause.ready:
            return 0.0  # the people read the result and asked for the next deal: no more wait
        return pause

    async def _paced_action(self, bot: Bot, view: Mapping[str, Any], delay: float) -> str:
        """The bot's choice, released at a time drawn independently of how long it thought.

        Why: a Hard bot with one legal card answered at once (median 0.79 s
        against 1.27 s with four or more), so a spectator learnt it held a
        singleton. The clock starts at the turn, the bot thinks, and its
        action is released only when a delay drawn from :func:`_release_after`
        has passed, whose lower bound is at least the bot's thinking budget.
        """
        started = time.monotonic()
        action = await self._bot_action(bot, view)
        if delay > 0:
            release = started + _release_after(delay, _thinking_budget(bot, self.hub.settings))
            await asyncio.sleep(max(0.0, release - time.monotonic()))
        return action

    async def _bot_action(self, bot: Bot, view: Mapping[str, Any]) -> str:
        """The bot's choice, off the event loop; past its time budget, a fallback's.

        The random and greedy bots answer in microseconds: they play on the
        loop, where a trip to a worker thread would cost more than the choice.
        """
        if isinstance(bot, _INSTANT_BOTS):
            return _choose(bot, view, self.id)
        try:
            # asyncio.timeout, not wait_for: in Python 3.11 wait_for returns an answer that
            # lands with a cancellation and drops the cancellation, and the server never stops.
            async with asyncio.timeout(self.hub.settings.bot_budget):
                return await asyncio.to_thread(_choose, bot, view, self.id)
        except TimeoutError:
            # The thread cannot be stopped; the bot is not asked again at this table, so
            # a bot that always overruns does not pile up threads.
            log_event("bot.overrun", logging.WARNING, table=self.id, seat=view.get("seat"))
            for key, value in list(self._bots.items()):
                if value is bot:
                    self._bots[key] = make_bot(HINT_BOT, self.game.id, seed=self.seed * 8 + key[0])
            return _fallback(view, self.game.id)

    def _time_is_up(self, match: Match) -> bool:
        left = self._time_left(match)
        return left is not None and left <= 0

    def _time_left(self, match: Match) -> float | None:
        """Seconds left in a timed session (``None``: untimed, or time already called)."""
        limit = match.minutes_limit
        if limit is None or self.started_at is None or "time_up_in_deal" in match.extra:
            return None
        return self.started_at + 60 * limit - self.hub.clock()

    def _until_time_up(self, wait: float | None) -> float | None:
        """The driver's wait, cut short so that it wakes when the session's time is up."""
        left = None if self.match is None else self._time_left(self.match)
        if left is None:
            return wait
        return max(0.0, left) if wait is None else min(wait, max(0.0, left))

    async def _call_time(self, match: Match) -> None:
        """Time is up: the current deal is the last; stored as the record's ``time_up_in_deal``."""
        async with self.lock:
            if self.match is not match:
                return
            new = match.call_time()
            extra = {**self.extra, "time_up_in_deal": new.extra["time_up_in_deal"]}
            status = "over" if new.is_over() else self.status
            stored = await self.hub.store.save_table(
                self.id, extra=extra, status=status, version=self.version + 1
            )
            self.extra = extra
            self.match = new
            self.status = status
            self.adopt(stored)
            log_event("table.time_up", table=self.id, deal=len(new.deals))
            if status == "over":
                log_event("table.game_over", table=self.id, winner=new.winner)
            self._changed()

    async def _deal_next(self, match: Match) -> None:
        async with self.lock:
            if self.match is not match:
                return
            number = len(match.deals)
            new = match.deal_next(self._rng(number))
            try:
                stored = await self.hub.store.add_deal(
                    self.id,
                    number,
                    new.current.layout.to_json(),
                    epoch=self.epoch,
                    version=self.version + 1,
                )
            except SeqConflict:  # another process dealt it (its lease ran out on us)
                await self.reload()
                return
            self.adopt(stored)
            self.match = new
            self._changed()

    def _controller(self, seat: int) -> tuple[Bot | None, float | None]:
        """The bot to play ``seat`` now, or how long its human still has.

        A bot declarer whose partner plays its contract (``declaring.py``)
        waits for that person as for their own turn; should the person be
        away past the grace (or their turn timer run out), the bot plays.
        """
        chair = self.seats[seat]
        person = decider(self, seat)
        if person is not None:
            left = self._time_left_to(person)
            if left is None or left > 0:
                return None, left
            return self._bot(seat, chair.bot or "random"), None
        if chair.kind == "bot":
            return self._bot(seat, chair.bot or "random"), None
        if chair.token_hash is None:
            # Nobody holds the seat (free at "Start now", or given up): no grace to wait
            # out, the lobby's bot level plays it at the table's pace until someone sits.
            return self._bot(seat, str(self.extra.get("fill_bot", HINT_BOT)), stand_in=True), None
        left = self._time_left_to(seat)
        if left is None or left > 0:
            return None, left
        return self._bot(seat, HINT_BOT, stand_in=True), None

    def _time_left_to(self, seat: int) -> float | None:
        """Seconds ``seat``'s person has before a bot acts for them (``None``: no limit)."""
        if self.connected(seat):
            # Among friends, a turn timer may run out: a bot plays this one move.
            return turn_left(self, seat)
        chair = self.seats[seat]
        away = max(chair.away_since, self.presence.lapsed(seat))
        return away + self.grace - time.monotonic()

    def _bot(self, seat: int, name: str, *, stand_in: bool = False) -> Bot:
        key = (seat, name if not stand_in else f"stand-in:{name}")
        bot = self._bots.get(key)
        if bot is None:
            try:
                bot = make_bot(name, self.game.id, seed=self.seed * 8 + seat)
            except Exception:  # a bot that cannot load is replaced, not fatal
                log.warning("table %s: bot %r unavailable, playing random", self.id, name)
                bot = make_bot("random", self.game.id, seed=self.seed * 8 + seat)
            self._bots[key] = bot
        return bot
