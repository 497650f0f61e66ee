"""Connections: one socket's outbox of encoded frames, so a slow reader holds nobody up."""

from __future__ import annotations

import asyncio
import json
from collections import deque
from typing import Any

__all__ = ["Connection", "encode_frame"]

JSON = dict[str, Any]

_MAX_PENDING = 256


_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def encode_frame(frame: JSON) -> str:
    """The wire text of a frame: compact, one encoding shared by every reader of it."""
    return _ENCODE(frame)


class Connection:
    """One socket's outbox of encoded frames.

    A state frame replaces any unsent state (the newest state says it all), so
    the outbox stays small. Frames arrive already encoded: a broadcast encodes
    each seat's frame once, however many connections share that seat.
    """

    def __init__(self) -> None:
        self.seat: int | None = None
        self._frames: deque[tuple[str, str]] = deque()
        self._ready = asyncio.Event()
        self.closed = False
        self.close_code = 1013
        """Why the socket closes once ``closed``: 1013 (fell behind) or the server's reason."""

    def close(self, code: int) -> None:
        """Close after the frames already queued (the sender says goodbye with ``code``)."""
        self.closed, self.close_code = True, code
        self._ready.set()

    def push(self, frame: JSON) -> None:
        """Queue a frame; a reader that falls far behind is dropped."""
        self.push_text(str(frame.get("type")), encode_frame(frame))

    def push_text(self, kind: str, text: str) -> None:
        """Queue an encoded frame of type ``kind``."""
        if self.closed:
            return
        if kind == "state" and self._frames:
            self._frames = deque(f for f in self._frames if f[0] != "state")
        if len(self._frames) >= _MAX_PENDING:
            self._frames.clear()
            self.close(1013)
            return
        self._frames.append((kind, text))
        self._ready.set()

    async def next(self) -> str | None:
        """The next frame's text to send (waits for one); ``None`` once closed and empty."""
        while not self._frames:
            if self.closed:
                return None
            self._ready.clear()
            await self._ready.wait()
        return self._frames.popleft()[1]
