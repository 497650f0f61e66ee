"""The web table: an ASGI app (Starlette) driving :class:`atout.core.Match`, with storage.

>>> from atout.server import create_app  # doctest: +SKIP
"""

from __future__ import annotations

from atout.server.app import create_app
from atout.server.rooms import Settings

__all__ = ["Settings", "create_app"]
