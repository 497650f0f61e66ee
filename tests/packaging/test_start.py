"""``scripts/start`` installs a wheel (not editable) again only when it must.

Run in a copy of a small source tree whose ``.venv`` is stubbed: ``pip``
and ``atout`` only note their arguments, and the installed distribution's
``direct_url.json`` (wheel or editable) is a file the test writes.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A source tree with scripts/start, and a .venv whose pip and atout are stubs."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "start", tmp_path / "scripts" / "start")
    for name in ("pyproject.toml", "setup.py", "atout_build.py", "MANIFEST.in", "README.md"):
        (tmp_path / name).write_text(name)
    (tmp_path / "LICENSE").write_text("MIT")
    (tmp_path / "src" / "atout").mkdir(parents=True)
    (tmp_path / "src" / "atout" / "cards.py").write_text("CARDS = 52\n")
    bin_ = tmp_path / ".venv" / "bin"
    bin_.mkdir(parents=True)
    site = tmp_path / "site"
    (site / "atout-0.1.0.dist-info").mkdir(parents=True)
    (site / "atout-0.1.0.dist-info" / "METADATA").write_text("Name: atout\nVersion: 0.1.0\n")
    installed_as(tmp_path, editable=False)
    log = tmp_path / "calls.log"
    python = bin_ / "python"
    python.write_text(
        "#!/usr/bin/env bash\n"
        f'if [ "$1 $2" = "-m pip" ]; then echo "pip ${{*:3}}" >>{log}; exit "$PIP_STATUS"; fi\n'
        f'PYTHONPATH={site} exec {sys.executable} "$@"\n'
    )
    atout = bin_ / "atout"
    atout.write_text(f'#!/usr/bin/env bash\necho "atout $*" >>{log}\n')
    python.chmod(0o755)
    atout.chmod(0o755)
    return tmp_path


def installed_as(tree: Path, *, editable: bool) -> None:
    """What pip would have recorded for the install in the stubbed environment."""
    origin = {"url": f"file://{tree}", "dir_info": {"editable": True} if editable else {}}
    info = tree / "site" / "atout-0.1.0.dist-info" / "direct_url.json"
    info.write_text(json.dumps(origin))


def start(tree: Path, pip_status: int = 0) -> list[str]:
    """Run scripts/start (pip exiting with ``pip_status``); the stubs' calls it made."""
    log = tree / "calls.log"
    log.unlink(missing_ok=True)
    subprocess.run(
        [tree / "scripts" / "start", "--port", "8001"],
        check=pip_status == 0,
        capture_output=True,
        timeout=60,
        env={**os.environ, "PIP_STATUS": str(pip_status)},
    )
    return log.read_text().splitlines()


def test_start_installs_once_then_only_when_the_source_changes(tree: Path) -> None:
    first = start(tree)
    assert first[-2:] == ["pip install -q .[server]", "atout serve --port 8001"]
    assert not any("-e" in call.split() for call in first)
    assert start(tree) == ["atout serve --port 8001"]

    # What builds and runs write into the source tree is not a change of the source.
    (tree / "src" / "atout" / "_dd.cpython-311-x86_64-linux-gnu.so").write_bytes(b"\0")
    (tree / "src" / "atout" / "__pycache__").mkdir()
    (tree / "src" / "atout" / "__pycache__" / "cards.cpython-311.pyc").write_bytes(b"\0")
    assert start(tree) == ["atout serve --port 8001"]

    (tree / "src" / "atout" / "cards.py").write_text("CARDS = 53\n")  # a git pull, say
    assert "pip install -q .[server]" in start(tree)
    assert start(tree) == ["atout serve --port 8001"]

    (tree / "src" / "atout" / "tricks.py").write_text("")
    assert "pip install -q .[server]" in start(tree)


def test_start_replaces_an_editable_install(tree: Path) -> None:
    """scripts/test leaves an editable install in the same .venv: start puts the wheel back."""
    start(tree)
    installed_as(tree, editable=True)
    assert "pip install -q .[server]" in start(tree)


def test_start_installs_again_after_a_failed_install(tree: Path) -> None:
    start(tree)
    (tree / "src" / "atout" / "cards.py").write_text("CARDS = 53\n")
    failed = start(tree, pip_status=1)
    assert failed and not any(call.startswith("atout") for call in failed)
    assert start(tree)[-2:] == ["pip install -q .[server]", "atout serve --port 8001"]
