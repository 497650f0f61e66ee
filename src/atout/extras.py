"""The optional parts of atout and the extra that installs each.

The core install (``pip install atout``) holds the rules, records, the
solver, the bots and ``atout replay/solve/sim/play``. The web table and the
environments need more, installed by naming an extra (``pip install
'atout[server]'``, ``'atout[rl]'``, ``'atout[all]'``). Using a part whose
extra is missing raises :class:`MissingExtraError`, one line that names the
extra, before anything of that part is imported.

>>> require("no-such-extra", "atout serve")
Traceback (most recent call last):
...
KeyError: 'no-such-extra'
"""

from __future__ import annotations

from importlib.util import find_spec

__all__ = ["EXTRAS", "MissingExtraError", "require"]

EXTRAS: dict[str, tuple[str, ...]] = {
    "server": ("starlette", "uvicorn", "sqlalchemy", "aiosqlite", "alembic", "asyncpg", "redis"),
    "rl": ("numpy", "gymnasium", "pettingzoo"),
    "cluster": ("ray",),
}
"""Each extra's modules (the top-level import names of the distributions that
``pyproject.toml`` lists under the extra; ``tests/packaging`` holds them equal)."""


class MissingExtraError(ImportError):
    """A part of atout was used without the extra that installs its dependencies."""

    def __init__(self, extra: str, part: str, missing: str) -> None:
        super().__init__(
            f"{part} needs the {extra} extra: pip install 'atout[{extra}]' ({missing} is missing)",
            name=missing,
        )
        self.extra = extra


def require(extra: str, part: str) -> None:
    """Raise :class:`MissingExtraError` unless every module of ``extra`` can be imported.

    ``part`` names what was asked for in the message (``"atout serve"``).
    Only looks the modules up (:func:`importlib.util.find_spec`), so a
    present extra costs nothing here and its modules load where they are used.
    """
    for module in EXTRAS[extra]:
        if find_spec(module) is None:
            raise MissingExtraError(extra, part, module)
