"""Start the web table: the one start-up behind ``atout serve`` and ``python -m atout.server``.

Both commands run :func:`serve`, so what people type and what a process
manager, the benchmarks and the fault tests start have the same protections:

* WebSocket frames over :data:`WS_MAX_FRAME` are refused by the transport
  (close code 1009) before the app buffers them, and at most
  :data:`WS_MAX_QUEUE` received messages wait for the app (then the
  transport stops reading): a connection holds at most about 0.5 MiB; the
  app refuses messages over 4 KiB with an error frame;
* a client that does not finish sending a request's headers within
  :data:`HEADER_TIMEOUT` seconds is disconnected (slowloris), a request head
  larger than :data:`MAX_HEADER_BYTES` is a 431 and the connection closes
  (by :func:`header_deadline_protocol` for uvicorn's httptools parser, which
  has no limit of its own, and by ``h11_max_incomplete_event_size`` for its
  h11 one), idle keep-alive connections close after 5 s; bodies are limited
  by the app (``guards.py``);
* logs are the server's own events, as JSON lines or plain text;
* SIGTERM/SIGINT stop gracefully within :data:`GRACEFUL_SHUTDOWN` seconds.
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Any

from atout.server.logs import configure_logging
from atout.server.messages import MAX_MESSAGE

__all__ = [
    "GRACEFUL_SHUTDOWN",
    "HEADER_TIMEOUT",
    "MAX_HEADER_BYTES",
    "WS_MAX_FRAME",
    "WS_MAX_QUEUE",
    "serve",
    "uvicorn_config",
]

log = logging.getLogger("atout.server")

WS_MAX_FRAME = 16 * MAX_MESSAGE
"""64 KiB: larger WebSocket frames are refused by the transport (code 1009)."""
WS_MAX_QUEUE = 8
"""Received WebSocket messages that may wait for the app before the transport stops reading
(uvicorn's default, 32, let one connection hold 2 MiB of frames)."""
HEADER_TIMEOUT = 10.0
"""Seconds a client has to send a request's headers, from connecting or from its first byte."""
MAX_HEADER_BYTES = 16 * 1024
"""The largest request head (request line and headers) the server reads."""
KEEP_ALIVE = 5
"""Seconds an idle keep-alive connection stays open."""
GRACEFUL_SHUTDOWN = 10
"""Seconds the server waits for requests and sockets to finish when told to stop."""


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    *,
    log_format: str = "json",
    log_level: str = "info",
    header_timeout: float = HEADER_TIMEOUT,
) -> None:
    """Serve the web table until SIGINT/SIGTERM, then shut down gracefully."""
    import uvicorn  # noqa: PLC0415 - the server's dependencies load only here

    from atout.server import create_app  # noqa: PLC0415
    from atout.server.heap import freeze_startup_objects  # noqa: PLC0415
    from atout.server.storage import database_location, database_url  # noqa: PLC0415

    configure_logging(log_level.upper(), log_format)
    url = database_url(db)
    log.info(
        "atout web table on http://%s:%s/ (database: %s)",
        host,
        port,
        database_location(url),
        extra={"event": "server.starting", "host": host, "port": port},
    )
    app = create_app(url)
    freeze_startup_objects()
    config = uvicorn_config(app, host, port, log_level=log_level, header_timeout=header_timeout)
    uvicorn.Server(config).run()


def uvicorn_config(
    app: Any,
    host: str,
    port: int,
    *,
    log_level: str = "info",
    header_timeout: float = HEADER_TIMEOUT,
) -> Any:
    """uvicorn's settings for the web table: every per-connection buffer bounded."""
    import uvicorn  # noqa: PLC0415

    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_config=None,
        log_level=log_level,
        access_log=False,
        ws_max_size=WS_MAX_FRAME,
        ws_max_queue=WS_MAX_QUEUE,
        h11_max_incomplete_event_size=MAX_HEADER_BYTES,
        timeout_keep_alive=KEEP_ALIVE,
        timeout_graceful_shutdown=GRACEFUL_SHUTDOWN,
        http=header_deadline_protocol(header_timeout),
        # The client's address from X-Forwarded-For only where a proxy was named: uvicorn
        # trusts 127.0.0.1 by default, which let any local client pick an address per request
        # and so escape every per-address quota.
        forwarded_allow_ips=os.environ.get("FORWARDED_ALLOW_IPS") or [],
    )


def header_deadline_protocol(
    timeout: float, max_head: int = MAX_HEADER_BYTES
) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol, closing connections whose request headers are late or large.

    Why: uvicorn times out idle keep-alive connections but not a request
    whose headers arrive one byte at a time, so a few hundred such
    connections (slowloris) would hold the server's sockets for ever. The
    deadline runs from the connection (or the first byte of a next request)
    to the end of the headers; a WebSocket upgrade or a request being served
    stops it. Meanwhile the bytes of the head are counted: uvicorn's
    httptools parser keeps every header it reads and has no limit, so within
    its deadline a client could make the server hold hundreds of megabytes.
    Past ``max_head`` bytes the answer is a 431 and the connection closes.
    """
    try:
        from uvicorn.protocols.http.httptools_impl import (  # noqa: PLC0415
            HttpToolsProtocol as Base,
        )
    except ImportError:  # httptools is optional: uvicorn's pure-Python parser then
        from uvicorn.protocols.http.h11_impl import H11Protocol as Base  # type: ignore[assignment]  # noqa: PLC0415

    class HeaderDeadline(Base):
        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._deadline: asyncio.TimerHandle | None = None
            self._seen: Any = None
            self._head = 0
            self._arm()

        def data_received(self, data: bytes) -> None:
            if self._deadline is None and self._between_requests():
                self._arm()
            if self._deadline is not None:
                # Counted before the parser reads them: a whole head in one read (up to the
                # socket's 64 KiB) once went through uncounted.
                end = data.find(b"\r\n\r\n")
                self._head += len(data) if end < 0 else end + 4
                if self._head > max_head:
                    self._refuse_head()
                    return
            super().data_received(data)
            if self.cycle is not self._seen or self.transport.get_protocol() is not self:
                self._seen = self.cycle
                self._disarm()

        def _refuse_head(self) -> None:
            self._disarm()
            if self.transport.is_closing():
                return
            log.info(
                "request headers too large: connection closed",
                extra={"event": "http.head_too_large", "client": _peer(self.client)},
            )
            self.transport.write(HEAD_TOO_LARGE)
            self.transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _between_requests(self) -> bool:
            return self.cycle is None or bool(self.cycle.response_complete)

        def _arm(self) -> None:
            self._disarm()
            self._head = 0
            self._deadline = self.loop.call_later(timeout, self._late)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _late(self) -> None:
            self._deadline = None
            if self._between_requests() and self.transport.get_protocol() is self:
                log.info(
                    "request headers too slow: connection closed",
                    extra={"event": "http.header_timeout", "client": _peer(self.client)},
                )
                self.transport.close()

    return HeaderDeadline


HEAD_TOO_LARGE = (
    b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
    b"content-type: text/plain\r\nconnection: close\r\ncontent-length: 26\r\n\r\n"
    b"request headers too large\n"
)


def _peer(client: Any) -> str | None:
    return f"{client[0]}:{client[1]}" if client else None
