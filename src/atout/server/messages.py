"""The WebSocket protocol: one typed message per direction, parsed once at the edge.

Client to server (JSON objects with a ``type``):

* ``{"type": "hello", "token": "...", "since": 12}`` takes the seat of the token
  (a connection starts as a spectator); ``since`` is the last version seen.
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

>>> parse_client_message('{"type": "action", "action": "th", "seq": 3}')
Act(action='th', seq=3)
>>> parse_client_message('{"type": "dance"}')
Unexpected(reason="unknown message type 'dance'")
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

__all__ = [
    "Act",
    "AskHint",
    "ClientMessage",
    "Hello",
    "Ping",
    "Undo",
    "Unexpected",
    "error_frame",
    "parse_client_message",
]

JSON = dict[str, Any]
MAX_MESSAGE = 4096
"""Longest message a client may send (an action is a few characters)."""


@dataclass(frozen=True, slots=True)
class Hello:
    """Take a seat by its token; ``since`` is the last version the client saw."""

    token: str | None
    since: int | None = None


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
    if len(text) > MAX_MESSAGE:
        return Unexpected("message too long")
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        return Unexpected("not JSON")
    if not isinstance(data, dict):
        return Unexpected("a message is a JSON object with a type")
    kind = data.get("type")
    if kind == "action":
        return _parse_action(data)
    if kind == "hello":
        token, since = data.get("token"), data.get("since")
        if token is not None and not isinstance(token, str):
            return Unexpected("token must be a string")
        if since is not None and type(since) is not int:
            return Unexpected("since must be a whole number")
        return Hello(token, since)
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
