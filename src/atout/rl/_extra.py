"""Imported first by :mod:`atout.rl`: without the ``[rl]`` extra, one line that names it.

Without this check the first import of numpy, gymnasium or PettingZoo
deep inside the environments would fail with that module's name only.
"""

from __future__ import annotations

from atout.extras import require

require("rl", "atout.rl")
