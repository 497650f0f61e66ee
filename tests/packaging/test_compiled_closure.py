"""What mypyc compiles reaches no dependency, and each extra's modules match pyproject.toml.

A wheel build compiles ``setup.py``'s ``HOT_MODULES`` with mypyc in an
isolated build environment that holds setuptools and mypy only. mypy
follows every import of those modules, and of every package ``__init__``
above each module it reaches, so one import of numpy anywhere in that
closure fails the build ("Cannot find implementation or library stub").
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from pathlib import Path

import pytest

from atout.extras import EXTRAS

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"


def hot_modules() -> list[str]:
    """``setup.py``'s ``HOT_MODULES``, read without running setup.py."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "HOT_MODULES":
            return [str(item) for item in ast.literal_eval(node.value)]
    raise AssertionError("setup.py has no HOT_MODULES list")


def module_file(name: str) -> Path | None:
    """The source file of an atout module or package, or ``None`` (not a module)."""
    base = SRC.joinpath(*name.split("."))
    for candidate in (base / "__init__.py", base.with_suffix(".py")):
        if candidate.is_file():
            return candidate
    return None


def imported_names(name: str, file: Path) -> set[str]:
    """Every module an import in ``file`` names, at any depth (mypy follows them all)."""
    package = name if file.name == "__init__.py" else name.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(file.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def closure(start: list[str]) -> tuple[set[str], dict[str, str]]:
    """atout modules reached from ``start`` (with their ancestors), and outside modules by who."""
    seen: set[str] = set()
    outside: dict[str, str] = {}
    todo = list(start)
    while todo:
        name = todo.pop()
        parts = name.split(".")
        for depth in range(1, len(parts) + 1):
            ancestor = ".".join(parts[:depth])
            if ancestor in seen:
                continue
            file = module_file(ancestor)
            if file is None:
                continue  # `from atout.x import name`: a name, not a module
            seen.add(ancestor)
            for imported in imported_names(ancestor, file):
                top = imported.split(".")[0]
                if top == "atout":
                    todo.append(imported)
                elif top not in {"__future__", ""}:
                    outside.setdefault(top, ancestor)
    return seen, outside


def untyped_allowed() -> set[str]:
    """Modules mypy is told to take as ``Any`` when missing (``ignore_missing_imports``)."""
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    return {
        pattern.removesuffix(".*")
        for override in mypy.get("overrides", [])
        if override.get("ignore_missing_imports")
        for pattern in override["module"]
    }


def test_hot_modules_reach_no_optional_dependency() -> None:
    """Only the standard library, atout, core modules mypy may miss (endplay, lazily), and
    mypy's own mypy_extensions."""
    start = [
        path.removeprefix("src/").removesuffix(".py").replace("/", ".") for path in hot_modules()
    ]
    assert start, "setup.py lists no module to compile"
    reached, outside = closure(start)
    assert set(start) <= reached
    # mypy_extensions comes with mypy into every build environment; atout._mypyc imports
    # it only for the type checker (mypyc reads @mypyc_attr from the source).
    allowed = set(sys.stdlib_module_names) | untyped_allowed() | {"mypy_extensions"}
    dependencies = {module: by for module, by in outside.items() if module not in allowed}
    assert dependencies == {}, f"compiled modules reach (module: imported by): {dependencies}"
    optional = {module for modules in EXTRAS.values() for module in modules}
    assert not optional & untyped_allowed()


def test_the_closure_sees_a_dependency_behind_a_package_init() -> None:
    """The check itself: the environments' writer, as it was, reached numpy via atout.rl."""
    _, outside = closure(["atout.rl.court_circular"])
    assert outside.get("numpy", "").startswith("atout.rl")


def distribution_names(requirements: list[str]) -> set[str]:
    """``"uvicorn[standard]>=0.30"`` -> ``"uvicorn"``, skipping atout's own extras."""
    names = {re.split(r"[\[<>=!~;\s]", item, maxsplit=1)[0].lower() for item in requirements}
    return {name for name in names if name != "atout"}


@pytest.mark.parametrize("extra", sorted(EXTRAS))
def test_each_extra_checks_the_modules_pyproject_installs(extra: str) -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert distribution_names(project["optional-dependencies"][extra]) == set(EXTRAS[extra])


def test_all_installs_every_extra_and_test_installs_all() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    parts = set(extras) - {"all", "test"}
    assert set(EXTRAS) == parts
    assert set(extras["all"]) == {f"atout[{part}]" for part in parts}
    assert "atout[all]" in extras["test"]
