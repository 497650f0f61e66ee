"""The bots' modules import one another without a cycle, and by name, never by a built string.

A cycle between two modules is what made a level import another inside a
function; the registry names every game's module, so nothing in the bots
needs ``importlib`` but the C kernel's loader and ``make_bot``'s
``module:callable``. Read from the source (every import, at any depth).
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

BOTS = Path(__file__).resolve().parents[2] / "src" / "atout" / "bots"


def module_name(file: Path) -> str:
    parts = file.relative_to(BOTS.parents[1]).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(file): file for file in sorted(BOTS.rglob("*.py"))}


def imports(name: str) -> set[str]:
    """The bots' modules that ``name`` imports (a package's ``__init__`` is not counted)."""
    package = name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(MODULES[name].read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            found.update(f"{base}.{alias.name}" for alias in node.names)
            found.add(base)
    modules = {m for m in found if m in MODULES and MODULES[m].name != "__init__.py"}
    return modules - {name}


def test_the_graph_sees_the_imports_inside_functions() -> None:
    assert "atout.bots.court_piece.hard" in imports("atout.bots.registry")
    assert "atout.bots.bridge.bidding" in imports("atout.bots.registry")


def test_no_import_cycle_between_the_bots_modules() -> None:
    graph = {name: imports(name) for name in MODULES}
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as error:
        pytest.fail(f"import cycle: {' -> '.join(error.args[1])}")


def test_a_detected_cycle_fails() -> None:
    with pytest.raises(CycleError):
        tuple(TopologicalSorter({"a": {"b"}, "b": {"a"}}).static_order())


@pytest.mark.parametrize("name", sorted(MODULES))
def test_only_the_kernel_loader_and_make_bot_import_by_string(name: str) -> None:
    source = MODULES[name].read_text()
    if name in ("atout.bots.court_piece.tree", "atout.bots.registry"):
        assert source.count("import_module(") == 1
    else:
        assert "import_module" not in source and "__import__" not in source
