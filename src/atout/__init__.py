"""atout: trick-taking card games with exact rules, bots, a web table and analysis tools."""

from __future__ import annotations

from atout.core import IllegalActionError, InvalidActionError, Match

__all__ = ["IllegalActionError", "InvalidActionError", "Match", "__version__"]

__version__ = "0.1.0"
