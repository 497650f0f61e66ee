"""mypyc's class options, without mypy_extensions at run time.

``@mypyc_attr(acyclic=True, free_list_len=1)`` on a class the wheel compiles
(``setup.py``'s ``HOT_MODULES``) says its instances never reach themselves
(no cycle for the garbage collector to find: they are built and freed
without its bookkeeping) and keeps one freed instance for the next, which is
what a chain of immutable states does on every move (the old state is freed
as the next is made). mypyc reads the decorator from the source, with
``mypy_extensions`` (mypy's own dependency, in every build environment); a
compiled class never calls it, and plain Python gets this no-op, so
``mypy_extensions`` is not needed at run time. Requires mypy >= 1.20
(``atout_build.py`` asks for it).
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
