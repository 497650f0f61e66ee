"""Build backend: setuptools, plus the C kernels and mypyc where this machine can build them.

When this machine can build C extensions (the C compiler setuptools would
use compiles a file that includes ``Python.h``), every install, wheel or
editable, builds the two C kernels (the double-dummy search's
``atout.solver._dd`` and Hard Court Piece's ``atout.bots.court_piece._tree``,
see ``setup.py``), and a wheel (``pip install .``, ``python -m build``) also
compiles the modules ``setup.py`` lists with mypyc (about 3x faster card
play, see ``bench/engine.py``). Where it cannot, the package is pure Python,
with the same answers, and this backend says why in one line on stderr.
``ATOUT_MYPYC=0`` asks for no mypyc. Should a compiled build fail all the
same, the wheel is built again in pure Python, so that ``pip install .``
never fails for want of a compiler.

Editable installs (``pip install -e``) never use mypyc: a compiled module in
the source tree would shadow later edits of its ``.py`` file (the C kernels
have no ``.py`` twin to shadow).

Every other hook is setuptools' own.
"""

from __future__ import annotations

import importlib.util
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 - every hook not overridden below

_WANTED = os.environ.pop("ATOUT_MYPYC", "1") != "0"
"""Whether the user left compilation on; setup.py compiles only when this backend says so."""

_PROBE = "#include <Python.h>\nint atout_probe(void) { return Py_IsInitialized(); }\n"


def _cannot_compile() -> str | None:
    """Why this machine cannot build C extensions, or ``None`` if it can.

    Compiles a file that includes ``Python.h`` with the compiler setuptools
    would use (``CC`` if set, else the one Python was built with), so a
    missing compiler, missing headers and a broken compiler all show here.
    """
    command = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    if not command or shutil.which(command[0]) is None:
        return f"no C compiler ({' '.join(command) or 'CC is empty'})"
    include = sysconfig.get_paths()["include"]
    if not os.path.exists(os.path.join(include, "Python.h")):
        return f"no Python headers ({include}/Python.h)"
    with tempfile.TemporaryDirectory() as scratch:
        source = os.path.join(scratch, "probe.c")
        with open(source, "w") as file:
            file.write(_PROBE)
        compile_ = [*command, "-c", source, "-I", include, "-o", os.path.join(scratch, "probe.o")]
        try:
            result = subprocess.run(compile_, capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as error:
            return f"the C compiler does not run ({command[0]}: {error})"
    if result.returncode != 0:
        first = (result.stderr.strip().splitlines() or ["no message"])[0]
        return f"the C compiler fails on Python.h ({command[0]}: {first})"
    return None


_REASON = _cannot_compile()
"""Asked once per build process: every hook below reads it."""


def get_requires_for_build_wheel(config_settings: Any = None) -> list[str]:
    """setuptools' requirements, and mypy (which holds mypyc) when compiling."""
    requires: list[str] = _setuptools.get_requires_for_build_wheel(config_settings)
    if _WANTED and _REASON is None:
        requires.append("mypy>=1.20")  # 1.20: @mypyc_attr(acyclic=True) (atout._mypyc)
    return requires


def _native_kernels() -> None:
    """Ask setup.py for the C kernels when this machine can build them; else say why not."""
    if _REASON is None:
        os.environ["ATOUT_NATIVE_BUILD"] = "1"
    else:
        os.environ.pop("ATOUT_NATIVE_BUILD", None)
        print(f"atout: building pure Python, no C kernels, no mypyc: {_REASON}", file=sys.stderr)


def _forget_earlier_builds() -> None:
    """Remove what earlier builds left in ``build/`` for the wheel to pick up.

    setuptools stages a wheel's files in ``build/lib*`` and never empties it:
    a compiled module left there by an earlier build would go into a later
    pure wheel and shadow its ``.py`` file, and a module deleted from the
    source would live on. mypyc's generated C (elsewhere in ``build/``) stays.
    """
    if not os.path.isdir("build"):
        return
    for entry in os.listdir("build"):
        if entry.startswith(("lib", "bdist.")):
            shutil.rmtree(os.path.join("build", entry), ignore_errors=True)


def build_wheel(
    wheel_directory: str, config_settings: Any = None, metadata_directory: str | None = None
) -> str:
    """A compiled wheel where possible, else a pure one (saying why on stderr)."""
    _forget_earlier_builds()
    _native_kernels()
    reason = _REASON
    if reason is None and importlib.util.find_spec("mypyc") is None:
        reason = "mypy is not installed in the build environment"
    if not _WANTED or reason is not None:
        if _WANTED and _REASON is None:
            print(f"atout: not compiling with mypyc: {reason}", file=sys.stderr)
        os.environ.pop("ATOUT_MYPYC", None)
        return str(_setuptools.build_wheel(wheel_directory, config_settings, metadata_directory))
    os.environ["ATOUT_MYPYC"] = "1"
    try:
        return str(_setuptools.build_wheel(wheel_directory, config_settings, metadata_directory))
    except (Exception, SystemExit) as error:
        print(
            f"atout: the compiled build failed ({error!s:.200}), building pure Python",
            file=sys.stderr,
        )
    os.environ.pop("ATOUT_MYPYC", None)
    os.environ.pop("ATOUT_NATIVE_BUILD", None)
    _forget_earlier_builds()
    return str(_setuptools.build_wheel(wheel_directory, config_settings, metadata_directory))


def build_editable(
    wheel_directory: str, config_settings: Any = None, metadata_directory: str | None = None
) -> str:
    """An editable install, with the C kernels built in the source tree where possible."""
    _native_kernels()
    name: str = _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)
    return name
