"""The server process's memory: start-up objects out of the garbage collector's way.

Why: a server process imports some 100 000 long-lived objects (modules,
classes, functions of SQLAlchemy, Starlette, the engine...). Python's cyclic
garbage collector scans them all at each full collection, and under load
such a collection stopped the event loop for 0.3 to 0.6 s every so often:
every action in flight waited for it (the latency tail). Freezing what
exists once the app is built moves it to a generation the collector never
scans; objects made later (tables, connections) are collected as usual.

The collector spaces full collections by waiting until the objects promoted
since the last one are a quarter of those it holds; once the start-up
objects are frozen it holds few, so that brake no longer held and a full
collection (about 0.1 s of a busy loop) came every ten middle ones, several
a minute under load. :data:`FULL_EVERY` spaces them again.
"""

from __future__ import annotations

import gc

__all__ = ["FULL_EVERY", "freeze_startup_objects"]

FULL_EVERY = 100
"""Middle (generation 1) collections between two full ones (Python's default: 10)."""


def freeze_startup_objects() -> int:
    """Collect the start-up garbage, then freeze what is left; returns how many were frozen.

    Call it once, from the process's entry point, after the app is built and
    before serving (not from the app itself: tests build many apps in one
    process).
    """
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_EVERY)
    return gc.get_freeze_count()
