"""Hypothesis explores message sequences against the server; the stored record stays the truth.

A state machine sends, over a real WebSocket, valid actions, invalid ones
(wrong card, out of turn, stale numbers, garbage), undos and hints, and drops
and reopens its connection. After every step, under the room's lock, the
record *as stored in the database* is replayed with
:func:`atout.notation.record.match_from_record`: it must rebuild exactly the
state the server holds (every seat's view, the next number, the version).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from starlette.testclient import TestClient

from atout.notation.record import match_from_record
from atout.server import Settings, create_app
from atout.server import app as app_module
from atout.server.messages import TokenBucket
from atout.server.rooms import Room

BOTS = ["human", "bot:random", "bot:random", "bot:random"]
GARBAGE = st.sampled_from(
    ["{", "[]", '{"type": "dance"}', '{"type": "action", "action": 3}', "x" * 5000]
)


class ServerMachine(RuleBasedStateMachine):
    """One table (a person and three bots), one connection that misbehaves at will."""

    def __init__(self) -> None:
        super().__init__()
        self.patch = pytest.MonkeyPatch()
        self.patch.setattr(app_module, "TokenBucket", lambda: TokenBucket(rate=1e9, burst=1e9))
        self.tmp = Path(TMP[0]) / f"db{id(self)}.sqlite"
        fast = Settings(bot_delay=0, deal_pause=0, grace_seconds=3600)
        self.client = TestClient(create_app(f"sqlite:///{self.tmp}", settings=fast))
        self.client.__enter__()
        self.ws: Any = None

    @initialize(dealer=st.integers(0, 3))
    def table(self, dealer: int) -> None:
        body = {"game": "court-piece", "seats": BOTS, "sit": 0, "name": "Ana"}
        body["options"] = {"first_dealer": dealer}
        self.info = self.client.post("/api/tables", json=body).json()
        self.room: Room = self.client.app.state.hub.rooms[self.info["id"]]  # type: ignore[attr-defined]
        self.connect()

    def connect(self) -> None:
        self.manager = self.client.websocket_connect(self.info["ws"])
        self.ws = self.manager.__enter__()
        self.send({"type": "hello", "token": self.info["token"]})

    def send(self, message: dict[str, Any] | str) -> list[dict[str, Any]]:
        """Send, then read up to the pong: the message has been handled by then."""
        self.ws.send_text(message if isinstance(message, str) else json.dumps(message))
        self.ws.send_text('{"type": "ping"}')
        frames = []
        while (frame := self.ws.receive_json())["type"] != "pong":
            frames.append(frame)
        return frames

    def teardown(self) -> None:
        if self.ws is not None:
            self.manager.__exit__(None, None, None)
        self.client.__exit__(None, None, None)
        self.patch.undo()

    # Rules.

    @rule(pick=st.integers(0, 50))
    def valid_action(self, pick: int) -> None:
        match = self.room.match
        assert match is not None
        legal = match.view(0).get("legal") or []
        if legal:
            self.send(
                {"type": "action", "action": legal[pick % len(legal)], "seq": self.room.next_seq}
            )

    @rule(
        text=st.sampled_from(["AS", "2C", "trump X", "pass", "", "zz"]), offset=st.integers(-3, 3)
    )
    def invalid_action(self, text: str, offset: int) -> None:
        seq = self.room.next_seq + offset if offset else None
        # Refused or (when it happened to be legal) taken: either way, nothing else.
        frames = self.send({"type": "action", "action": text or " ", "seq": seq})
        assert {f["type"] for f in frames} <= {"state", "error"}
        if offset:
            assert any(f["type"] == "error" for f in frames)

    @rule(garbage=GARBAGE)
    def garbage(self, garbage: str) -> None:
        frames = self.send(garbage)
        assert any(f["type"] == "error" for f in frames)

    @rule()
    def undo(self) -> None:
        self.send({"type": "undo"})

    @rule()
    def hint(self) -> None:
        self.send({"type": "hint"})

    @rule()
    def reconnect(self) -> None:
        self.manager.__exit__(None, None, None)
        self.connect()

    # The invariant.

    @invariant()
    def stored_record_replays_to_the_server_state(self) -> None:
        if self.ws is None:
            return
        self.client.portal.call(self._check)  # type: ignore[union-attr]

    async def _check(self) -> None:
        room = self.room
        async with room.lock:
            stored = await room.hub.store.load(room.id)
            assert stored is not None
            assert stored.table.version == room.version
            replayed = match_from_record(room._record_from(stored))
            assert room.match is not None
            assert sum(len(d.actions) for d in replayed.deals) == room.next_seq
            for seat in (None, 0, 1, 2, 3):
                assert replayed.view(seat) == room.match.view(seat)


TMP: list[str] = []
ServerMachine.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)


def test_message_sequences_keep_the_stored_record_true(tmp_path: Path) -> None:
    TMP[:] = [str(tmp_path)]
    ServerMachine.TestCase().runTest()
