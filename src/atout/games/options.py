"""Each game's options, declared once: name, kind, default, range or choices, and when it applies.

A rule module lists its options as :class:`Option` values; the game's
``parse_rules`` reads a table's options through :func:`read_options`, and the
lobby, the CLI's error messages and the API all read the same declarations
(``Option.to_json``). So a range or a choice is written in one place, and a bad
value is refused with a sentence naming what the option takes.

An option may apply only under other options (``when``): Court Piece's
``target`` belongs to the simple variant, ``session_end`` to the courts one.
Where it does not apply, it takes its ``off`` value, and giving it another
value is refused with the name of what it belongs to.

>>> TARGET = Option("target", "int", 5, "points that win the game", low=3, high=15)
>>> read_options((TARGET,), {"target": 7}, "demo")
{'target': 7}
>>> read_options((TARGET,), {"target": 10**6}, "demo")
Traceback (most recent call last):
ValueError: target must be a whole number from 3 to 15 (points that win the game), not 1000000
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NoReturn

__all__ = ["SESSION_UNITS", "Option", "read_options"]

JSON = dict[str, Any]

SESSION_UNITS: Final = {"deals": (1, 100), "minutes": (1, 600)}
"""A session's length: a number of deals or of minutes, and the range of each."""

_SESSION_TEXT = re.compile(r"^\s*(\d+)\s*(deals?|minutes?|min)\s*$", re.I)
_NO_VALUE: Final = object()


@dataclass(frozen=True, slots=True)
class Option:
    """One rule option of a game.

    ``kind`` is ``bool``, ``int`` (``low``..``high``), ``choice`` (one of
    ``choices``), ``seat`` (a seat number below ``high``, or ``None`` for a
    random draw) or ``session`` (``{"deals": N}`` or ``{"minutes": M}``).
    """

    name: str
    kind: str
    default: Any
    words: str
    """What the option means, in a few words (the lobby's hint, the errors)."""
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    when: tuple[tuple[str, Any], ...] = ()
    """The option applies only when each named option has the value given."""
    when_words: str = ""
    """What the option belongs to, in words ("the simple variant")."""
    off: Any = _NO_VALUE
    """Its value where it does not apply (default: ``default``)."""
    seat_names: str = ""
    """A ``seat`` option's letters, seat 0 first ("NESW" in bridge): a letter is taken
    for its seat's number, which is what the rules and the records hold."""

    @property
    def off_value(self) -> Any:
        """The value the rules take where the option does not apply."""
        return self.default if self.off is _NO_VALUE else self.off

    def applies(self, values: Mapping[str, Any]) -> bool:
        """Whether the option applies, given the values of the options it depends on."""
        return all(values.get(name) == value for name, value in self.when)

    def check(self, value: Any) -> Any:
        """The value in the rules' form, or a ``ValueError`` saying what the option takes."""
        kind = self.kind
        if kind == "bool":
            if type(value) is bool:
                return value
            return self._refuse(value, "true or false")
        if kind in ("int", "seat"):
            if value is None and (kind == "seat" or self.default is None):
                return None
            if kind == "seat" and isinstance(value, str) and value.strip():
                found = self.seat_names.find(value.strip().upper())
                value = found if found >= 0 and len(value.strip()) == 1 else value
            low = 0 if kind == "seat" else self.low
            high = self.high - 1 if kind == "seat" and self.high is not None else self.high
            if (
                type(value) is int
                and (low is None or value >= low)
                and (high is None or value <= high)
            ):
                return value
            what = f"a seat from {low} to {high}" if kind == "seat" else "a whole number"
            if kind == "seat" and self.seat_names:
                letters = ", ".join(f"{n} = {c}" for n, c in enumerate(self.seat_names))
                what += f" ({letters}) or its letter"
            if kind == "int":
                what += f" from {low} to {high}" if high is not None else f" of at least {low}"
            return self._refuse(value, what + (" (or none for a draw)" if kind == "seat" else ""))
        if kind == "choice":
            if type(value) is type(self.default) and value in self.choices:
                return value
            return self._refuse(value, " or ".join(repr(c) for c in self.choices))
        if kind == "session":
            return self._check_session(value)
        raise AssertionError(f"unknown option kind {kind!r}")

    def _check_session(self, value: Any) -> tuple[str, int]:
        if isinstance(value, str):
            found = _SESSION_TEXT.match(value)
            if found:
                unit = "deals" if found[2].lower().startswith("deal") else "minutes"
                value = {unit: int(found[1])}
        if isinstance(value, Mapping) and len(value) == 1:
            ((unit, amount),) = value.items()
            bounds = SESSION_UNITS.get(unit)
            if bounds and type(amount) is int and bounds[0] <= amount <= bounds[1]:
                return (str(unit), amount)
        ranges = " or ".join(f"{lo} to {hi} {unit}" for unit, (lo, hi) in SESSION_UNITS.items())
        self._refuse(value, f"a number of deals or of minutes ({ranges}), such as 16 deals")

    def _refuse(self, value: Any, what: str) -> NoReturn:
        shown = "nothing" if value is None else repr(value) if isinstance(value, str) else value
        raise ValueError(f"{self.name} must be {what} ({self.words}), not {shown}")

    def to_json(self) -> JSON:
        """The lobby's and the API's description."""
        out: JSON = {
            "name": self.name,
            "type": self.kind,
            "default": _jsonable(self.default),
            "words": self.words,
            "nullable": self.kind == "seat" or (self.kind == "int" and self.default is None),
        }
        if self.choices:
            out["choices"] = list(self.choices)
        if self.kind == "int":
            out["min"], out["max"] = self.low, self.high
        if self.kind == "seat":
            out["choices"] = list(range(self.high or 0))
        if self.kind == "session":
            out["units"] = {
                unit: {"min": lo, "max": hi} for unit, (lo, hi) in SESSION_UNITS.items()
            }
        if self.when:
            out["requires"] = dict(self.when)
            out["requires_words"] = self.when_words
        return out


def read_options(declared: Sequence[Option], options: Mapping[str, Any], game: str) -> JSON:
    """Every declared option's value for a table, from the options given.

    Refuses names the game does not have (naming those it has), values out of
    range, and an option given where it does not apply; the values of options
    that do not apply are their ``off`` values.
    """
    if not isinstance(options, Mapping):
        raise ValueError("options must be a mapping of option names to values")
    names = [o.name for o in declared]
    unknown = sorted(set(options) - set(names))
    if unknown:
        listed = ", ".join(map(str, unknown))
        raise ValueError(f"unknown option for {game}: {listed} (options: {', '.join(names)})")
    values: JSON = {}
    for option in declared:
        given = option.name in options
        if not option.applies(values):
            if given and options[option.name] not in (option.off_value, None):
                raise ValueError(f"{option.name} is an option of {option.when_words}")
            values[option.name] = option.off_value
            continue
        values[option.name] = option.check(options[option.name] if given else option.default)
    return values


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        if len(value) == 2 and value[0] in SESSION_UNITS:
            return {value[0]: value[1]}
        return list(value)
    return value
