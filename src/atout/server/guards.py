"""Guards in front of the app: body sizes, security headers, origins, creation quotas.

Each is a small piece of ASGI middleware or a plain object the routes ask, so
that the same limits hold whatever starts the app (``atout serve``, ``python
-m atout.server``, a test client):

* :class:`BodyLimit`: a body over its route's limit is a **413**, refused from
  its ``Content-Length`` before anything is read, or as soon as a streamed
  body passes the limit;
* :class:`SecurityHeaders`: a Content-Security-Policy that allows what the
  page needs (its own scripts, styles, images and WebSocket) and nothing
  else, no framing, no MIME sniffing, no referrer to other sites;
* :class:`SameOrigin`: a browser request that changes state (a POST) or
  opens a WebSocket must come from the table's own site (same scheme, host
  and port: ``https://`` pages may not post to an ``http://`` site) or an allowed origin
  (``ATOUT_ALLOWED_ORIGINS``, for deployments behind a proxy that changes the
  host); a JSON endpoint refuses bodies typed other than ``application/json``
  (a form's types among them), so a cross-site form or ``text/plain`` post (a
  "simple request", sent without asking the server first) cannot create a
  table or take a seat;
* :class:`CreationQuota`: tables a client may create per minute, and open at once;
* :class:`SocketCount`: WebSocket connections a client may hold open at once.
"""

from __future__ import annotations

import math
import os
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from starlette.responses import JSONResponse

__all__ = [
    "CSP",
    "MAX_BODY",
    "BodyLimit",
    "CreationQuota",
    "SameOrigin",
    "SecurityHeaders",
    "SocketCount",
    "allowed_origins",
]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY = 64 * 1024
"""The largest body of a JSON request (a table's description is a few hundred bytes)."""
CSP = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "manifest-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
"""What the page needs: its own files, the favicon's data: URL, its own API and WebSocket."""
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


class _TooLarge(Exception):
    pass


class BodyLimit:
    """Refuse request bodies over ``limits[path]`` (else :data:`MAX_BODY`) with a 413."""

    def __init__(self, app: ASGIApp, limits: dict[str, int] | None = None) -> None:
        self.app = app
        self.limits = limits or {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limits.get(scope["path"], MAX_BODY)
        length = _header(scope, b"content-length")
        if length is not None and (
            not (length.isascii() and length.isdigit()) or int(length) > limit
        ):
            await _too_large(limit)(scope, receive, send)
            return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise _TooLarge
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except _TooLarge:
            if not started:
                await _too_large(limit)(scope, receive, send)


def _too_large(limit: int) -> JSONResponse:
    return JSONResponse({"error": f"the body is too large (at most {limit} bytes)"}, 413)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


class SecurityHeaders:
    """Add :data:`HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {key.lower() for key, _ in message.get("headers", ())}
                extra = [(k, v) for k, v in HEADERS if k not in names]
                message["headers"] = [*message.get("headers", ()), *extra]
            await send(message)

        await self.app(scope, receive, with_headers)


def allowed_origins(text: str | None = None) -> frozenset[str]:
    """Origins allowed besides the site itself: ``ATOUT_ALLOWED_ORIGINS``, comma-separated."""
    raw = os.environ.get("ATOUT_ALLOWED_ORIGINS", "") if text is None else text
    return frozenset(o.strip().rstrip("/").lower() for o in raw.split(",") if o.strip())


class SameOrigin:
    """Refuse cross-site POSTs and WebSockets from browsers, and non-JSON bodies to JSON routes.

    A request without an ``Origin`` header (curl, a script, a test client) is
    not a browser's cross-site request and passes; a browser always sends
    ``Origin`` with a POST and a WebSocket handshake.
    """

    def __init__(
        self, app: ASGIApp, origins: frozenset[str] = frozenset(), raw_bodies: tuple[str, ...] = ()
    ) -> None:
        self.app = app
        self.origins = origins
        self.raw_bodies = raw_bodies
        """Routes that take a body other than JSON (a PBN file) and change nothing."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        unsafe = kind == "http" and scope["method"] not in ("GET", "HEAD", "OPTIONS")
        if kind == "websocket" or unsafe:
            refusal = self.refusal(scope)
            if refusal is not None:
                if kind == "websocket":
                    await send({"type": "websocket.close", "code": 4403, "reason": refusal})
                else:
                    await JSONResponse({"error": refusal}, 403)(scope, receive, send)
                return
        if unsafe and scope["path"] not in self.raw_bodies and not _json_or_empty(scope):
            response = JSONResponse(
                {"error": "the body must be JSON (Content-Type: application/json)"}, 415
            )
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def refusal(self, scope: Scope) -> str | None:
        """Why this request comes from a site it may not come from, if it does."""
        if (_header(scope, b"sec-fetch-site") or "").lower() == "cross-site":
            origin = (_header(scope, b"origin") or "").rstrip("/").lower()
            if origin not in self.origins:
                return "cross-site requests are refused"
        sent = _header(scope, b"origin")
        if sent is None:
            return None
        origin = sent.rstrip("/").lower()
        if origin in self.origins:
            return None
        host = (_header(scope, b"host") or "").lower()
        if host and _site(origin) == _site(f"{_scheme(scope)}://{host}"):
            return None
        return f"requests from {origin} are refused"


_DEFAULT_PORTS = {"http": 80, "https": 443}


def _scheme(scope: Scope) -> str:
    """``http`` or ``https``: how the browser reached us (a trusted proxy's
    ``X-Forwarded-Proto`` is already in ``scope["scheme"]``, set by uvicorn)."""
    return "https" if scope.get("scheme") in ("https", "wss") else "http"


def _site(url: str) -> tuple[str, str, int] | None:
    """Scheme, host and port of an origin (the default port written out), else ``None``."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in _DEFAULT_PORTS or not parts.hostname:
        return None
    return parts.scheme, parts.hostname, port or _DEFAULT_PORTS[parts.scheme]


def _json_or_empty(scope: Scope) -> bool:
    """JSON, or no type at all (not a form: the three types a cross-site form can send)."""
    kind = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
    return kind in ("", "application/json")


@dataclass(slots=True)
class CreationQuota:
    """Tables one client (address) may create: ``per_minute``, and ``open`` not over at once.

    >>> now = [0.0]
    >>> quota = CreationQuota(per_minute=2, open=5, clock=lambda: now[0])
    >>> quota.count("a"); quota.count("a")
    >>> quota.refusal("a", open_tables=0)
    'too many new tables: at most 2 a minute (try again in 60 s)'
    >>> now[0] = 61.0
    >>> quota.refusal("a", open_tables=0) is None
    True
    >>> quota.refusal("a", open_tables=5)
    'too many open tables: at most 5 at once (finish or leave one)'
    """

    per_minute: int = 10
    open: int = 20
    clock: Callable[[], float] = time.monotonic
    _recent: dict[str, deque[float]] = field(default_factory=dict)

    def refusal(self, client: str, open_tables: int) -> str | None:
        """Why ``client`` may not create a table now (``None``: it may)."""
        if open_tables >= self.open:
            return f"too many open tables: at most {self.open} at once (finish or leave one)"
        now = self.clock()
        recent = self._recent.get(client, deque())
        while recent and recent[0] <= now - 60:
            recent.popleft()
        if len(recent) >= self.per_minute:
            wait = max(1, math.ceil(recent[0] + 60 - now))
            return (
                f"too many new tables: at most {self.per_minute} a minute (try again in {wait} s)"
            )
        return None

    def count(self, client: str) -> None:
        """``client`` created a table (a refused description does not count)."""
        now = self.clock()
        self._recent.setdefault(client, deque()).append(now)
        if len(self._recent) > 10_000:  # forget idle clients so the map stays small
            for key in [k for k, v in self._recent.items() if not v or v[-1] <= now - 60]:
                del self._recent[key]


@dataclass
class SocketCount:
    """WebSocket connections open per client (address), at most ``limit`` each.

    >>> count = SocketCount(limit=2)
    >>> [count.enter("a") for _ in range(3)], count.enter("b")
    ([True, True, False], True)
    >>> count.leave("a"); count.enter("a")
    True
    """

    limit: int = 100
    _open: Counter[str] = field(default_factory=Counter)

    def enter(self, client: str) -> bool:
        """Count one more connection of ``client``, unless it holds ``limit`` already."""
        if self._open[client] >= self.limit:
            return False
        self._open[client] += 1
        return True

    def leave(self, client: str) -> None:
        """One of ``client``'s connections closed."""
        self._open[client] -= 1
        if self._open[client] <= 0:
            del self._open[client]
