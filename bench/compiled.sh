#!/usr/bin/env bash
# Install atout the way a user does (`pip install .`: a wheel, the engine compiled with mypyc) in a
# separate environment, check that the compiled modules are the ones imported, run the engine,
# solver and environment benchmarks there.
#   bench/compiled.sh [bench/engine.py arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv-compiled
.venv-compiled/bin/python -m pip install -q --upgrade pip open-spiel
.venv-compiled/bin/python -m pip install -q ".[rl]"
cd bench  # run outside the source tree, so the installed (compiled) package is imported
../.venv-compiled/bin/python - <<'PY'
import importlib
for name in ("atout.games.court_piece", "atout.games.bridge", "atout.games.five_hundred.state",
             "atout.games.court_circular", "atout.observation.court_piece_play"):
    module = importlib.import_module(name)
    print("compiled:", module.__file__)
    if not module.__file__.endswith(".so"):
        raise SystemExit("not compiled: install a C compiler and the Python headers (see setup.py)")
PY
../.venv-compiled/bin/python engine.py "$@"
../.venv-compiled/bin/python solver.py
../.venv-compiled/bin/python rl.py
