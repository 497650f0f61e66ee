"""Run the web table with JSON logs and the WebSocket limits: ``python -m atout.server``.

``atout serve`` is the command for people; this entry point is the one the
benchmarks and the fault tests start as a subprocess (and a process manager
may use): JSON lines on stderr, the size limit enforced by uvicorn too, and
a bounded graceful shutdown.
"""

from __future__ import annotations

import argparse
import logging

from atout.server.logs import configure_logging
from atout.server.messages import MAX_MESSAGE


def main(argv: list[str] | None = None) -> None:
    """Parse the options and serve until SIGINT/SIGTERM (then shut down gracefully)."""
    import uvicorn  # noqa: PLC0415 - the server's dependencies load only here

    from atout.server import create_app  # noqa: PLC0415
    from atout.server.heap import freeze_startup_objects  # noqa: PLC0415

    parser = argparse.ArgumentParser(prog="python -m atout.server", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=None, help="database URL (default: ATOUT_DATABASE_URL)")
    parser.add_argument("--log-level", default="info")
    args = parser.parse_args(argv)
    configure_logging(args.log_level.upper())
    app = create_app(args.db)
    freeze_startup_objects()
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_config=None,
        log_level=args.log_level,
        access_log=False,
        # Frames above the limit are refused by the app with an error frame; uvicorn only
        # stops the absurd (a client cannot make the server buffer megabytes).
        ws_max_size=16 * MAX_MESSAGE,
        timeout_graceful_shutdown=10,
    )
    logging.getLogger("atout.server").info("bye")


if __name__ == "__main__":
    main()
