"""The build backend (``atout_build``): when it compiles, and what it does when it cannot.

The whole path (sdist, wheel, fresh environments, no compiler) runs in
``scripts/check-package``; these are its decisions one by one.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import atout_build
import pytest

needs_gcc = pytest.mark.skipif(shutil.which("gcc") is None, reason="no gcc on this machine")


@pytest.mark.parametrize(
    ("cc", "reason"),
    [
        ("/nonexistent", "no C compiler (/nonexistent)"),
        ("false", "the C compiler fails on Python.h (false: no message)"),
    ],
)
def test_a_missing_or_broken_compiler_is_named(
    monkeypatch: pytest.MonkeyPatch, cc: str, reason: str
) -> None:
    """CC is the compiler setuptools would use, so the probe asks that one too."""
    monkeypatch.setenv("CC", cc)
    assert atout_build._cannot_compile() == reason


@needs_gcc
def test_a_working_compiler_with_arguments_compiles(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CC", "gcc -pthread")
    assert atout_build._cannot_compile() is None


@needs_gcc
def test_missing_python_headers_are_named(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CC", "gcc")
    paths = {"include": str(tmp_path)}
    monkeypatch.setattr(atout_build.sysconfig, "get_paths", lambda: paths)
    assert atout_build._cannot_compile() == f"no Python headers ({tmp_path}/Python.h)"


def test_earlier_builds_leave_nothing_for_the_next_wheel(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A compiled module staged by an earlier build must not reach a later (pure) wheel."""
    stale = tmp_path / "build" / "lib.linux-x86_64-cpython-311" / "atout"
    stale.mkdir(parents=True)
    (stale / "cards.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    (tmp_path / "build" / "lib" / "atout").mkdir(parents=True)
    (tmp_path / "build" / "bdist.linux-x86_64" / "wheel").mkdir(parents=True)
    (tmp_path / "build" / "temp.linux-x86_64-cpython-311").mkdir()
    (tmp_path / "build" / "__native_0.c").write_text("")
    monkeypatch.chdir(tmp_path)
    atout_build._forget_earlier_builds()
    left = sorted(entry.name for entry in (tmp_path / "build").iterdir())
    assert left == ["__native_0.c", "temp.linux-x86_64-cpython-311"]


def test_a_failed_compiled_build_gives_a_pure_wheel(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """mypyc or the C compiler failing all the same: build again without them, say so."""
    asked: list[tuple[str | None, str | None]] = []

    def setuptools_build_wheel(directory: str, *args: Any) -> str:
        asked.append((os.environ.get("ATOUT_MYPYC"), os.environ.get("ATOUT_NATIVE_BUILD")))
        if os.environ.get("ATOUT_MYPYC") == "1":
            raise SystemExit("error: command 'gcc' failed with exit code 1")
        return "atout-0.1.0-py3-none-any.whl"

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(atout_build, "_REASON", None)
    monkeypatch.setattr(atout_build, "_WANTED", True)
    monkeypatch.setattr(atout_build._setuptools, "build_wheel", setuptools_build_wheel)
    monkeypatch.setattr(atout_build.importlib.util, "find_spec", lambda name: object())
    monkeypatch.delenv("ATOUT_MYPYC", raising=False)
    monkeypatch.delenv("ATOUT_NATIVE_BUILD", raising=False)
    assert atout_build.build_wheel(str(tmp_path)) == "atout-0.1.0-py3-none-any.whl"
    assert asked == [("1", "1"), (None, None)]
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("atout: the compiled build failed (error: command 'gcc' failed")


def test_no_compiler_builds_pure_and_says_why_in_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    asked: list[tuple[str | None, str | None]] = []

    def setuptools_build_wheel(directory: str, *args: Any) -> str:
        asked.append((os.environ.get("ATOUT_MYPYC"), os.environ.get("ATOUT_NATIVE_BUILD")))
        return "atout-0.1.0-py3-none-any.whl"

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(atout_build, "_REASON", "no C compiler (/nonexistent)")
    monkeypatch.setattr(atout_build, "_WANTED", True)
    monkeypatch.setattr(atout_build._setuptools, "build_wheel", setuptools_build_wheel)
    monkeypatch.setenv("ATOUT_NATIVE_BUILD", "1")
    atout_build.build_wheel(str(tmp_path))
    assert asked == [(None, None)]
    assert capsys.readouterr().err == (
        "atout: building pure Python, no C kernels, no mypyc: no C compiler (/nonexistent)\n"
    )
