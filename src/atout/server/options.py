"""Describe a game's options for the lobby, without knowing the game.

The lobby needs, for every game, each option with its type, default and
allowed values. Games own their rules, so the server must not restate them:
a game may publish its own description (``game.describe_options()``), and
otherwise the description is *derived* from the game itself. The frozen
``Rules`` dataclass gives the names, types and defaults; ``parse_rules``,
asked about candidate values, gives the ranges; its refusal message names the
choices of a text option ("variant must be 'simple' or 'courts'"). An option
accepted only when another has a given value (Court Piece's ``honour_mode``
needs ``variant="courts"``) is reported with ``requires``.

>>> from atout.games import get_game
>>> spec = {o["name"]: o for o in describe_options(get_game("court-piece"))}
>>> spec["target"]["min"], spec["target"]["max"], spec["variant"]["choices"]
(3, 15, ['simple', 'courts'])
>>> spec["honour_mode"]["requires"]
{'variant': 'courts'}
"""

from __future__ import annotations

import dataclasses
import functools
import re
import typing
from collections.abc import Mapping
from typing import Any

from atout.core import Game
from atout.games import get_game

__all__ = ["describe_options"]

JSON = dict[str, Any]
_INT_PROBES = range(-1, 101)
_QUOTED = re.compile(r"'([^']+)'")


def describe_options(game: Game) -> list[JSON]:
    """The lobby's description of each option of ``game`` (cached: games are constants)."""
    return [dict(spec) for spec in _describe(game.id)]


@functools.cache
def _describe(game_id: str) -> list[JSON]:
    game = get_game(game_id)
    own = getattr(game, "describe_options", None)
    if callable(own):
        return list(own())
    defaults = game.parse_rules({})
    if not dataclasses.is_dataclass(defaults):
        return []
    hints = typing.get_type_hints(type(defaults))
    specs = [
        _describe_field(game, f.name, hints.get(f.name), defaults)
        for f in dataclasses.fields(defaults)
    ]
    _add_requirements(game, specs)
    return specs


def _accepts(game: Game, options: Mapping[str, Any]) -> bool:
    try:
        game.parse_rules(options)
    except (ValueError, TypeError):
        return False
    return True


def _describe_field(game: Game, name: str, hint: Any, defaults: Any) -> JSON:
    """One option: probe its values alone (then under other options' values, see below)."""
    default = getattr(defaults, name)
    args = set(typing.get_args(hint)) or {hint}
    nullable = type(None) in args
    spec: JSON = {"name": name, "default": _jsonable(default), "nullable": nullable}
    if bool in args:
        spec["type"] = "bool"
    elif int in args:
        spec["type"] = "int"
        spec.update(_int_range(game, name, {}))
    elif str in args:
        spec["type"] = "choice"
        spec["choices"] = _string_choices(game, name, default)
    else:
        spec["type"] = "json"
    return spec


def _int_range(game: Game, name: str, base: Mapping[str, Any]) -> JSON:
    valid = [v for v in _INT_PROBES if _accepts(game, {**base, name: v})]
    if not valid:
        return {"choices": []}
    if valid == list(range(valid[0], valid[-1] + 1)) and len(valid) > 2:
        return {"min": valid[0], "max": valid[-1]}
    return {"choices": valid}


def _string_choices(game: Game, name: str, default: Any) -> list[str]:
    """The values named by the refusal of a nonsense value, that the game accepts."""
    try:
        game.parse_rules({name: "\x00?"})
    except ValueError as error:
        named = _QUOTED.findall(str(error))
    else:
        named = []
    choices = [default] if isinstance(default, str) else []
    for value in named:
        if value not in choices and _accepts(game, {name: value}):
            choices.append(value)
    return choices


def _add_requirements(game: Game, specs: list[JSON]) -> None:
    """Options refused alone but accepted under another option's value get ``requires``."""
    contexts = [
        {s["name"]: value}
        for s in specs
        if s["type"] == "choice"
        for value in s["choices"]
        if value != s["default"]
    ]
    for spec in specs:
        if spec["type"] == "bool" and not _accepts(game, {spec["name"]: not spec["default"]}):
            _find_context(game, spec, contexts, not spec["default"])
        elif spec["type"] == "int" and not spec.get("choices", True):
            for context in contexts:
                found = _int_range(game, spec["name"], context)
                if found.get("choices", True):
                    spec.pop("choices", None)
                    spec.update(found, requires=context)
                    break


def _find_context(game: Game, spec: JSON, contexts: list[JSON], value: Any) -> None:
    """Find an option value under which ``value`` is accepted, or mark the option fixed."""
    for context in contexts:
        if _accepts(game, {**context, spec["name"]: value}):
            spec["requires"] = context
            return
    spec["fixed"] = True


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return list(value)
    return value
