"""Build hook: the search's C kernel, and the engine's hot modules compiled with mypyc.

``atout_build`` (the build backend, see pyproject.toml) decides and says on
stderr what it leaves out:

* ATOUT_NATIVE_BUILD=1 when this machine can compile C (a compiler and
  Python's headers), for wheels and editable installs alike: the
  double-dummy search's kernel ``atout.solver._dd`` (``src/atout/solver/_dd.c``)
  is built, and the Court Piece tree search's kernel
  ``atout.bots.court_piece._tree``. Both are optional: a failed compile
  leaves that search in Python, never a failed install.
* ATOUT_MYPYC=1 for a wheel (``pip install .``) on such a machine, never for
  an editable install: the hot modules below are the same typed source
  compiled with mypyc: the card and trick helpers and every game's engine,
  about 3-5x faster (``bench/engine.py``, run by ``bench/compiled.sh``),
  and the environment's Court Piece writer that reads that engine every step
  (``bench/rl.py``); the pure-Python package behaves the same. mypyc
  type-checks every module these import, their packages' ``__init__``
  included, in the build environment, which holds setuptools and mypy only:
  a listed module may reach the standard library, atout's own modules, and a
  core dependency mypy is told to take as missing (``ignore_missing_imports``:
  endplay, imported lazily), never an extra's module
  (``tests/packaging/test_compiled_closure.py``).
"""

import os

from setuptools import Extension, setup

HOT_MODULES = [
    "src/atout/cards.py",
    "src/atout/tricks.py",
    "src/atout/games/_json.py",
    "src/atout/games/court_piece_view.py",
    "src/atout/games/court_piece.py",
    "src/atout/games/bridge/view.py",
    "src/atout/games/bridge/__init__.py",
    "src/atout/games/bridge/auction.py",
    "src/atout/games/five_hundred/rules.py",
    "src/atout/games/five_hundred/view.py",
    "src/atout/games/five_hundred/state.py",
    "src/atout/games/court_circular_view.py",
    "src/atout/games/court_circular.py",
    "src/atout/games/court_circular_lines.py",
    "src/atout/solver/search.py",
    "src/atout/observation/slots.py",
    "src/atout/observation/court_piece_play.py",
    "src/atout/observation/court_circular.py",
    "src/atout/observation/bridge.py",
    "src/atout/observation/five_hundred.py",
    "src/atout/observation/masks.py",
]

NATIVE_KERNELS = {
    "atout.solver._dd": "src/atout/solver/_dd.c",
    "atout.bots.court_piece._tree": "src/atout/bots/court_piece/_tree.c",
}

extensions = []
if os.environ.get("ATOUT_NATIVE_BUILD") == "1":
    extensions.extend(
        Extension(name, sources=[source], extra_compile_args=["-O2"], optional=True)
        for name, source in NATIVE_KERNELS.items()
    )
if os.environ.get("ATOUT_MYPYC") == "1":
    from mypyc.build import mypycify

    extensions.extend(mypycify(HOT_MODULES, opt_level="3"))

setup(ext_modules=extensions)
