"""The WebSocket protocol: one typed message per direction, parsed once at the edge.

Client to server (JSON objects with a ``type``):

* ``{"type": "hello", "token": "..."}`` takes the seat of the token (a connection
  starts as a spectator). Every hello is answered with the whole current state,
  so a ``since`` a client adds (the last version it saw) is accepted and ignored.
* ``{"type": "action", "action": "TH", "seq": 7}`` acts for the seat. ``seq`` is
  optional: the number the action would get in the table's record (the state
  frame's ``seq``). A resent or stale action carries an old number and is
  refused instead of being applied twice.
* ``{"type": "hint"}`` asks for the greedy bot's choice for the seat.
* ``{"type": "undo"}`` takes back the seat's last action (tables against bots only).
* ``{"type": "ping"}`` keeps the connection warm; answered by ``pong``.

Server to client: ``state`` (the version, the next ``seq``, the seat's view and
the public table), ``error`` (a message for the player; nothing changed),
``hint`` and ``pong``. Anything else from a client is an :class:`Unexpected`
message: it earns an error frame and the connection lives on.

Limits, so that no client can cost the server much: a message is at most
:data:`MAX_MESSAGE` bytes, and each connection has a :class:`TokenBucket`
(:data:`RATE` messages a second, bursts of :data:`BURST`). A message over the
rate is refused with an error frame; a client that goes on flooding
(:data:`MAX_STRIKES` refusals in a row) is closed with code 1008.

>>> parse_client_message('{"type": "action", "action": "th", "seq": 3}')
Act(action='th', seq=3)
>>> parse_client_message('{"type": "dance"}')
Unexpected(reason="unknown message type 'dance'")
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from atout.server.inputs import InputError, load_json

__all__ = [
    "Act",
    "AskHint",
    "ClientMessage",
    "Hello",
    "Ping",
    "TokenBucket",
    "Undo",
    "Unexpected",
    "error_frame",
    "parse_client_message",
]

JSON = dict[str, Any]
MAX_MESSAGE = 4096
"""Longest message a client may send, in bytes (an action is a few characters)."""
RATE = 20.0
"""Messages a second a connection may send, on average."""
BURST = 40
"""Messages a connection may send at once (a burst above the rate)."""
MAX_STRIKES = 20
"""Refused messages in a row after which a flooding connection is closed."""
CLOSE_FLOODING = 1008
"""WebSocket close code for a client that kept flooding (policy violation)."""


@dataclass(slots=True)
class TokenBucket:
    """Rate limit of one connection: ``rate`` tokens a second, at most ``burst`` saved.

    >>> now = [0.0]
    >>> bucket = TokenBucket(rate=1, burst=2, clock=lambda: now[0])
    >>> [bucket.take() for _ in range(3)]
    [True, True, False]
    >>> now[0] = 1.0
    >>> bucket.take()
    True
    """

    rate: float = RATE
    burst: float = BURST
    clock: Callable[[], float] = time.monotonic
    tokens: float = -1.0
    stamp: float = field(default=0.0)
    strikes: int = 0
    """Refusals since the last accepted message."""

    def take(self) -> bool:
        """Spend a token if there is one (and count a strike if not)."""
        now = self.clock()
        if self.tokens < 0:
            self.tokens, self.stamp = self.burst, now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.strikes = 0
            return True
        self.strikes += 1
        return False


@dataclass(frozen=True, slots=True)
class Hello:
    """Take a seat by its token."""

    token: str | None


@dataclass(frozen=True, slots=True)
class Act:
    """Take an action for the connection's seat."""

    action: str
    seq: int | None = None


@dataclass(frozen=True, slots=True)
class AskHint:
    """Ask what the greedy bot would do for this seat."""


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back this seat's last action (tables against bots only)."""


@dataclass(frozen=True, slots=True)
class Ping:
    """Keep-alive."""


@dataclass(frozen=True, slots=True)
class Unexpected:
    """Anything that is not one of the messages above, and why."""

    reason: str


ClientMessage = Hello | Act | AskHint | Undo | Ping | Unexpected


def parse_client_message(text: str | bytes | None) -> ClientMessage:
    """Read one client frame; never raises (bad input becomes :class:`Unexpected`)."""
    if text is None:
        return Unexpected("binary frames are not understood; send JSON text")
    if len(text) > MAX_MESSAGE or (
        isinstance(text, str)
        and 4 * len(text) > MAX_MESSAGE
        and len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE
    ):
        return Unexpected(f"message too long (at most {MAX_MESSAGE} bytes)")
    try:
        data = load_json(text)
    except InputError as refusal:
        return Unexpected(str(refusal))
    if not isinstance(data, dict):
        return Unexpected("a message is a JSON object with a type")
    kind = data.get("type")
    if kind == "action":
        return _parse_action(data)
    if kind == "hello":
        token = data.get("token")
        if token is not None and not isinstance(token, str):
            return Unexpected("token must be a string")
        return Hello(token)
    simple: dict[Any, ClientMessage] = {"hint": AskHint(), "undo": Undo(), "ping": Ping()}
    if isinstance(kind, str) and kind in simple:
        return simple[kind]
    return Unexpected(f"unknown message type {kind!r}")


def _parse_action(data: JSON) -> ClientMessage:
    action, seq = data.get("action"), data.get("seq")
    if not isinstance(action, str) or not action.strip():
        return Unexpected("action must be a non-empty string")
    if seq is not None and type(seq) is not int:
        return Unexpected("seq must be a whole number")
    return Act(action.strip(), seq)


def error_frame(message: str) -> JSON:
    """An ``error`` frame: the action or message was refused, nothing changed."""
    return {"type": "error", "message": message}
