"""Bots: players that see only a seat's view and return an action.

A bot is any object with ``choose(view) -> str``. The view is the JSON-ready
dict of ``State.view(seat)`` (plus ``view["match"]``, the score sheet); it
always holds ``legal``, the actions allowed now, in canonical order. Bots are
deterministic given their seed. Hard is too when its work is counted rather than
timed: ``effort=N`` gives it N samples per decision and no clock, so the same seed
plays the same game on any machine under any load (a time budget, which the web
table uses, makes a loaded machine's Hard weaker and its games unrepeatable).

Each game's bots are a package, ``atout.bots.<game>`` (``court_piece``,
``five_hundred``, ``bridge``, ``court_circular``), with one module a level;
:mod:`atout.bots.registry` names them all (``BOTS[game][level]``) and its
``make_bot`` builds one. Levels (``docs/bots.md``):

* ``easy``: the greedy player, but one card in five is any legal card, and
  it never counts what has been played: a beginner's game.
* ``medium``: rule play by the book (``atout.bots.<game>.medium``).
* ``hard``: PIMC (``atout.bots.<game>.hard``): worlds drawn from the view
  (:mod:`atout.bots.sampling`), each solved double dummy or played out, the
  best average action wins, within ``budget_seconds`` per decision.

What every game shares stays here: :mod:`~atout.bots.levels` (the levels as
players), :mod:`~atout.bots.sampling` (worlds), :mod:`~atout.bots.pimc`,
:mod:`~atout.bots.book` (book card play), :mod:`~atout.bots.styles` (the
panel's styles), :mod:`~atout.bots.claims`, :mod:`~atout.bots.revokes`.

This package imports no game's bots: a module that needs one game's (the
replay page's bridge explanations) loads that one only, and the registry,
which loads them all, is imported by what makes bots.
"""

from __future__ import annotations

from atout.bots.levels import (
    DEFAULT_BUDGET,
    Bot,
    EasyBot,
    GreedyBot,
    HardBot,
    MediumBot,
    Pace,
    PanelBot,
    RandomBot,
    View,
)

__all__ = [
    "DEFAULT_BUDGET",
    "Bot",
    "EasyBot",
    "GreedyBot",
    "HardBot",
    "MediumBot",
    "Pace",
    "PanelBot",
    "RandomBot",
    "View",
]
