"""Build backend: setuptools, plus the solver's C kernel and mypyc where this machine can.

When this machine can build C extensions (a C compiler and Python's
headers), every install, wheel or editable, builds the double-dummy
search's kernel ``atout.solver._dd`` (see ``setup.py``); without them the
search runs in Python (the same answers, much slower) and this backend says
why on stderr. A wheel (``pip install .``) also compiles the modules listed in
``setup.py`` with mypyc (about 3x faster card play, see ``bench/engine.py``);
``ATOUT_MYPYC=0`` asks for no mypyc. Editable installs (``pip install -e``)
never use mypyc: a compiled module in the source tree would shadow later
edits of its ``.py`` file (the C kernel has no ``.py`` twin to shadow).

Every other hook is setuptools' own.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import sysconfig
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 - every hook not overridden below

_WANTED = os.environ.pop("ATOUT_MYPYC", "1") != "0"
"""Whether the user left compilation on; setup.py compiles only when this backend says so."""


def _cannot_compile() -> str | None:
    """Why this machine cannot build the compiled modules, or ``None`` if it can."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    header = os.path.join(sysconfig.get_paths()["include"], "Python.h")
    if not os.path.exists(header):
        return f"no Python headers ({header})"
    return None


def get_requires_for_build_wheel(config_settings: Any = None) -> list[str]:
    """setuptools' requirements, and mypy (which holds mypyc) when compiling."""
    requires: list[str] = _setuptools.get_requires_for_build_wheel(config_settings)
    if _WANTED and _cannot_compile() is None:
        requires.append("mypy>=1.10")
    return requires


def _native_kernel() -> str | None:
    """Ask setup.py for the C kernel when this machine can build it; else the reason it cannot."""
    reason = _cannot_compile()
    if reason is None:
        os.environ["ATOUT_NATIVE_BUILD"] = "1"
    else:
        os.environ.pop("ATOUT_NATIVE_BUILD", None)
        print(f"atout: no C kernel for the solver, it runs in Python: {reason}", file=sys.stderr)
    return reason


def build_wheel(
    wheel_directory: str, config_settings: Any = None, metadata_directory: str | None = None
) -> str:
    """A compiled wheel where possible, else a pure one (saying why on stderr)."""
    reason = _native_kernel()
    if reason is None and importlib.util.find_spec("mypyc") is None:
        reason = "mypy is not installed in the build environment"
    if _WANTED and reason is None:
        os.environ["ATOUT_MYPYC"] = "1"
    elif _WANTED:
        print(f"atout: building pure Python, not compiled: {reason}", file=sys.stderr)
    name: str = _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)
    return name


def build_editable(
    wheel_directory: str, config_settings: Any = None, metadata_directory: str | None = None
) -> str:
    """An editable install, with the C kernel built in the source tree where possible."""
    _native_kernel()
    name: str = _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)
    return name
