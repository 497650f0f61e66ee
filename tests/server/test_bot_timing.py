"""A bot's answer is released at a time that does not depend on how long it thought.

A Hard bot with one legal card answered at once (median 0.79 s against 1.27 s
with four or more legal cards): a spectator learnt that it held a singleton.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from atout.server import driver as driver_module
from atout.server.driver import JITTER

from .conftest import create_table

BOTS = ["human", "bot:random", "bot:random", "bot:random"]


class _Thinker:
    """A bot that answers at once with one legal action, and uses its whole budget otherwise."""

    budget_seconds = 0.1  # a bid may take 3 times that: 0.3 s

    def choose(self, view: dict[str, Any]) -> str:
        legal: list[str] = view["legal"]
        if len(legal) > 1:
            time.sleep(3 * self.budget_seconds)
        return legal[0]


class _Lowest:
    """The pacing draw at its lowest bound: where thinking time would show first."""

    @staticmethod
    def uniform(low: float, high: float) -> float:
        return low


def test_the_release_time_does_not_depend_on_the_legal_actions(
    client: TestClient, monkeypatch: Any
) -> None:
    table = create_table(client, BOTS)
    room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
    monkeypatch.setattr(driver_module, "_jitter", _Lowest())

    async def released_after(legal: list[str]) -> float:
        started = time.monotonic()
        action = await room._paced_action(_Thinker(), {"legal": legal, "seat": 1}, 0.2)
        assert action == legal[0]
        return time.monotonic() - started

    async def go() -> tuple[list[float], list[float]]:
        singleton = [await released_after(["AS"]) for _ in range(3)]
        many = [await released_after(["AS", "KS", "QS", "JS"]) for _ in range(3)]
        return singleton, many

    singleton, many = asyncio.run(go())
    # Both wait for the bot's whole thinking budget (0.3 s), the lowest release time.
    assert min(singleton + many) >= 0.3
    assert abs(sorted(singleton)[1] - sorted(many)[1]) < 0.1, (singleton, many)


@given(delay=st.floats(0.01, 5), thinking=st.floats(0, 10))
def test_a_release_never_comes_before_the_thinking_budget(delay: float, thinking: float) -> None:
    after = driver_module._release_after(delay, thinking)
    assert max(thinking, delay * (1 - JITTER)) <= after
    assert after <= max(thinking, delay * (1 - JITTER)) + 2 * JITTER * delay
