"""One seat a browser: a random id per browser, in a cookie only the server reads.

A seat's token proves who acts for it, but a page that asks to join without
one is a stranger: without more, the same browser could take a second seat
of a table (and see two hands) simply by not sending its token. So every
browser gets an id of its own, :data:`COOKIE`, 128 random bits in an
``HttpOnly`` (no script reads it), ``SameSite=Lax`` cookie, ``Secure`` when
the page came over HTTPS. Why Lax rather than Strict: an invite link is
mostly opened from another site (a chat, a mail), and a Strict cookie is
not sent on that navigation, so the server would see a browser without an
id, give it a new one and overwrite the old: every such visit would make the
browser a stranger again. Lax sends it on a top-level GET from another site
and never on another site's POST or fetch, which the origin check refuses
anyway (``guards.SameOrigin``); the id grants nothing by itself. A seat remembers
the SHA-256 of the id that took it, in the database, so every process of a
deployment refuses the same browser a second seat (``rooms.Room.join``).

Without accounts this is as far as a server can see: two browsers, two
devices or cleared cookies are two people to it. It stops one browser
seeing two hands, not a determined player.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

__all__ = ["COOKIE", "BrowserId", "browser_of"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

COOKIE = "atout_browser"
"""The cookie's name."""
_HEX = frozenset("0123456789abcdef")
_MAX_AGE = 365 * 24 * 3600


def _sent_id(scope: Scope) -> str | None:
    """The id the browser sent, if well formed (32 lowercase hex digits)."""
    for key, value in scope.get("headers", ()):
        if key != b"cookie":
            continue
        text: str = value.decode("latin-1")
        for part in text.split(";"):
            name, _, sent = part.strip().partition("=")
            if name == COOKIE and len(sent) == 32 and set(sent) <= _HEX:
                return sent
    return None


def browser_of(scope: Scope) -> str:
    """The id :class:`BrowserId` gave this request's browser (``""`` outside it)."""
    return str(scope.get("state", {}).get("browser", ""))


class BrowserId:
    """Give every browser that has none an id cookie; put the id in ``scope["state"]``.

    A request without a (well-formed) cookie gets a fresh id at once, so even
    its first request, a join from an invite link, is counted; the response
    sets the cookie for the next ones.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        sent = _sent_id(scope)
        browser = sent or secrets.token_hex(16)
        scope.setdefault("state", {})["browser"] = browser
        if sent is not None:
            await self.app(scope, receive, send)
            return
        secure = "; Secure" if scope.get("scheme") == "https" else ""
        cookie = f"{COOKIE}={browser}; Path=/; Max-Age={_MAX_AGE}; HttpOnly; SameSite=Lax"
        header = (b"set-cookie", (cookie + secure).encode())

        async def with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), header]
            await send(message)

        await self.app(scope, receive, with_cookie)
