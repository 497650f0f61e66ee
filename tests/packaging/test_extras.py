"""A part used without its extra says, in one line, which extra to install.

Each check runs a fresh interpreter in which the extra's first module
cannot be imported (``sys.modules[name] = None``), as in an install
without that extra.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from atout.extras import EXTRAS, MissingExtraError, require


def run_without(module: str, code: str) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh Python where importing ``module`` fails."""
    program = f"import sys\nsys.modules[{module!r}] = None\n{code}"
    return subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize("module", EXTRAS["server"])
def test_atout_serve_without_the_server_extra_names_it(module: str) -> None:
    result = run_without(
        module, "from atout.cli import main\nsys.argv = ['atout', 'serve']\nmain()"
    )
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == (
        f"error: atout serve needs the server extra: pip install 'atout[server]'"
        f" ({module} is missing)\n"
    )


@pytest.mark.parametrize("module", EXTRAS["rl"])
def test_import_atout_rl_without_the_rl_extra_names_it(module: str) -> None:
    result = run_without(module, "import atout.rl")
    assert result.returncode == 1
    last = result.stderr.strip().splitlines()[-1]
    assert last == (
        f"atout.extras.MissingExtraError: atout.rl needs the rl extra:"
        f" pip install 'atout[rl]' ({module} is missing)"
    )
    assert "During handling" not in result.stderr  # no second traceback chained to it


def test_the_missing_extra_is_an_import_error_naming_the_module() -> None:
    """Code that already guards ``import atout.rl`` with ``except ImportError`` keeps working."""
    result = run_without(
        "pettingzoo",
        "from atout.extras import MissingExtraError\n"
        "try:\n    import atout.rl\n"
        "except ImportError as error:\n"
        "    assert isinstance(error, MissingExtraError)\n"
        "    print(error.name, error.extra)",
    )
    assert result.stdout == "pettingzoo rl\n", result.stderr


def test_require_passes_when_the_extra_is_installed() -> None:
    """This environment has every extra (tests install ``[test]``, which holds ``[all]``)."""
    for extra in EXTRAS:
        require(extra, "a test")
    assert issubclass(MissingExtraError, ImportError)
