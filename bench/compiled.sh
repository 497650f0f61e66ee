#!/usr/bin/env bash
# Build atout's hot modules with mypyc in a separate environment; run the engine and solver benchmarks there.
#   bench/compiled.sh [bench/engine.py arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv-compiled
.venv-compiled/bin/python -m pip install -q --upgrade pip setuptools mypy open-spiel
ATOUT_MYPYC=1 .venv-compiled/bin/python -m pip install -q --no-build-isolation .
cd bench  # run outside the source tree, so the installed (compiled) package is imported
../.venv-compiled/bin/python -c "import atout.games.court_piece as m; print('engine:', m.__file__)"
../.venv-compiled/bin/python engine.py "$@"
../.venv-compiled/bin/python solver.py
