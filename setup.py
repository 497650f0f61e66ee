"""Build hook: the engine's hot modules, compiled with mypyc when ``atout_build`` says so.

``atout_build`` (the build backend, see pyproject.toml) sets ATOUT_MYPYC=1 for
a wheel (``pip install .``) on a machine that can compile C, and never for an
editable install. The compiled modules are the same typed source: about 3x
faster at Court Piece card play and 3.5x faster in the double-dummy search
(``bench/compiled.sh``); the pure-Python package behaves the same.
"""

import os

from setuptools import setup

HOT_MODULES = [
    "src/atout/cards.py",
    "src/atout/tricks.py",
    "src/atout/games/court_piece.py",
    "src/atout/solver/search.py",
]

if os.environ.get("ATOUT_MYPYC") == "1":
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(HOT_MODULES, opt_level="3"))
else:
    setup()
