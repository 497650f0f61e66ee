"""Observation slots written from the engine's state, in plain Python (no numpy).

The environments (:mod:`atout.rl`, the ``[rl]`` extra) write each seat's
observation vector slot by slot; the parts that need nothing beyond the
engine live here, outside :mod:`atout.rl`, so that a wheel can compile them
with mypyc next to the engine (``setup.py``'s ``HOT_MODULES``) without the
build, or the compiled module, depending on numpy or PettingZoo.
"""
