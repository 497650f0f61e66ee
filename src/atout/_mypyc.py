"""mypyc's class options, without mypy_extensions at run time.

``@mypyc_attr(acyclic=True, free_list_len=1)`` on a class the wheel compiles
(``setup.py``'s ``HOT_MODULES``) says its instances never reach themselves
(no cycle for the garbage collector to find: they are built and freed
without its bookkeeping) and keeps one freed instance for the next, which is
what a chain of immutable states does on every move. mypyc reads the
decorator from the source (``mypy_extensions`` is in every build environment,
as mypy's own dependency); at run time, compiled or not, it is never called
with mypy_extensions installed, so plain Python gets this no-op.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:

    def mypyc_attr(*args: Any, **kwargs: Any) -> Any:
        """Leave the class as it is: the options are for mypyc alone."""
        return lambda cls: cls


__all__ = ["mypyc_attr"]
