"""A WebSocket client for the scale-out tests: a reader task keeps the newest state and errors."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from types import TracebackType
from typing import Any

import websockets

JSON = dict[str, Any]


class Seat:
    """One connection to one process, optionally seated by token."""

    def __init__(self, url: str, token: str | None = None, name: str = "") -> None:
        self.url, self.token, self.name = url, token, name
        self.state: JSON | None = None
        self.errors: list[str] = []
        self.frames = 0
        self._changed = asyncio.Event()
        self._socket: Any = None
        self._reader: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Seat:
        self._socket = await websockets.connect(self.url, open_timeout=10)
        self._reader = asyncio.create_task(self._read())
        await self.send({"type": "hello", "token": self.token})
        if self.token:
            await self.wait(lambda s: s["seat"] is not None)
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._reader is not None:
            self._reader.cancel()
        await self._socket.close()

    async def _read(self) -> None:
        try:
            async for text in self._socket:
                frame = json.loads(text)
                self.frames += 1
                if frame.get("type") == "state":
                    if self.state is None or frame["version"] >= self.state["version"]:
                        self.state = frame
                elif frame.get("type") == "error":
                    self.errors.append(frame["message"])
                self._changed.set()
        except websockets.ConnectionClosed:
            self._changed.set()

    async def send(self, message: JSON) -> None:
        """Send one message."""
        await self._socket.send(json.dumps(message))

    async def wait(self, done: Callable[[JSON], bool], timeout: float = 20) -> JSON:
        """The newest state once ``done(state)`` holds."""

        async def until() -> JSON:
            while self.state is None or not done(self.state):
                self._changed.clear()
                await self._changed.wait()
            return self.state

        try:
            return await asyncio.wait_for(until(), timeout)
        except TimeoutError:
            raise TimeoutError(
                f"{self.name or self.url}: waited {timeout} s; {self._story()}"
            ) from None

    def _story(self) -> str:
        """What this connection saw, for a failed wait: a timeout alone tells nothing."""
        if self.state is None:
            last = "no state frame"
        else:
            table = self.state.get("table", {})
            last = (
                f"last state: version {self.state.get('version')}, seq {self.state.get('seq')}, "
                f"seat {self.state.get('seat')}, status {table.get('status')}"
            )
        return f"{self.frames} frames; {last}; errors {self.errors[-5:]}"

    async def wait_error(self, count: int, timeout: float = 10) -> list[str]:
        """The errors once there are ``count`` of them."""

        async def until() -> list[str]:
            while len(self.errors) < count:
                self._changed.clear()
                await self._changed.wait()
            return self.errors

        return await asyncio.wait_for(until(), timeout)
