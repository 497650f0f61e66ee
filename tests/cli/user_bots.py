"""Bots written by a user, loaded by ``atout sim --players module:callable``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class FirstLegal:
    """Always the first legal action."""

    def choose(self, view: Mapping[str, Any]) -> str:
        return str(view["legal"][0])


class Broken:
    """Raises on its first decision."""

    def choose(self, view: Mapping[str, Any]) -> str:
        raise RuntimeError("my bot has a bug")


def first_legal(game: str, seed: int | None) -> FirstLegal:
    return FirstLegal()


def broken(game: str, seed: int | None) -> Broken:
    return Broken()
