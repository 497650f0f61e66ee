"""The panel: rule players with distinct styles, for Hard to meet and to read.

Greedy and the levels are one family of players. The panel adds two styles
(:mod:`atout.bots.panel.plain` describes them for the trump games):
``cautious`` (ducks, takes only sure tricks, never leads away from honours)
and ``aggressive`` (draws trumps at once, wins high, ruffs whenever it can).
Each game's module, ``atout.bots.panel.<game>``, applies a style to that game
with ``choose(view, rng, style)``. ``atout sim --players cautious,...`` names them.
"""

from __future__ import annotations

from atout.bots.panel.plain import STYLES, Style

__all__ = ["STYLES", "Style"]
