"""``python -m atout.server``: the same server as ``atout serve`` (``serving.serve``).

Kept for process managers, the benchmarks and the fault tests, which start
the server as a subprocess; it logs JSON lines unless told otherwise.
"""

from __future__ import annotations

import argparse

from atout.server.logs import FORMATS
from atout.server.serving import HEADER_TIMEOUT, serve


def main(argv: list[str] | None = None) -> None:
    """Parse the options and serve until SIGINT/SIGTERM (then shut down gracefully)."""
    parser = argparse.ArgumentParser(prog="python -m atout.server", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=None, help="database URL (default: ATOUT_DATABASE_URL)")
    parser.add_argument("--log-level", default="info")
    parser.add_argument("--log-format", choices=sorted(FORMATS), default="json")
    parser.add_argument("--header-timeout", type=float, default=HEADER_TIMEOUT)
    args = parser.parse_args(argv)
    serve(
        args.host,
        args.port,
        args.db,
        log_format=args.log_format,
        log_level=args.log_level,
        header_timeout=args.header_timeout,
    )


if __name__ == "__main__":
    main()
