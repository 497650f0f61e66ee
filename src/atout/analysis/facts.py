"""What the whole deal was worth double dummy: the side's result at the start, the contract.

* the reviewed side's double-dummy result from the opening lead (tricks;
  for a Five Hundred misère, whether the contractor is forced to take one;
  Court Circular: "not solved", its exact solver reaches only the last tricks);
* the contract's double-dummy makeability (Bridge, Five Hundred);
* Bridge: the DD table (20 numbers) and par; Court Piece: its DD table
  (tricks per trump suit and leader).
"""

from __future__ import annotations

from typing import Any

from atout.analysis.judge import minimises
from atout.core import State

__all__ = ["contract_facts", "start_facts", "table_facts"]

JSON = dict[str, Any]


def start_facts(first: State | None, values: dict[str, int] | str, side: int, sides: int) -> JSON:
    """The reviewed ``side``'s DD result at the opening lead ``first`` (``values``: its solve).

    ``values`` is the reason why not where the solver did not reach that
    position; ``first`` is ``None`` when no card was played (a passed-out or
    thrown-in deal).
    """
    if first is None:
        return {"solved": False, "reason": "no card was played in this deal"}
    if isinstance(values, str):
        return {"solved": False, "reason": values}
    mover = first.turn
    assert mover is not None
    if getattr(first, "contract", None) in ("misere", "open-misere"):
        best = (min if minimises(first) else max)(values.values())
        return {"solved": True, "set": bool(best)}
    best = max(values.values())
    total = first.hand(mover).bit_count()  # type: ignore[attr-defined]
    tricks = best if mover % sides == side else total - best
    return {"solved": True, "tricks": tricks, "of": total}


def contract_facts(game: str, first: State | None, start: JSON, side: int) -> JSON | None:
    """The contract, what it needs and whether it makes double dummy (Bridge, Five Hundred)."""
    if first is None or game not in ("bridge", "five-hundred"):
        return None
    if game == "bridge":
        name = first.contract_name  # type: ignore[attr-defined]
        holder = first.declarer  # type: ignore[attr-defined]
    else:
        name = first.contract  # type: ignore[attr-defined]
        holder = first.contractor  # type: ignore[attr-defined]
    out: JSON = {"contract": name, "by": holder}
    if not start.get("solved"):
        return out
    if "set" in start:
        out["makes"] = not start["set"]
        return out
    level = int("".join(ch for ch in name if ch.isdigit()))
    needs = level + 6 if game == "bridge" else level
    tricks = start["tricks"] if holder % 2 == side else start["of"] - start["tricks"]
    return {**out, "needs": needs, "tricks": tricks, "makes": tricks >= needs}


def table_facts(game: str, start: State) -> JSON:
    """Bridge: the DD table and par; Court Piece: the DD table; other games: nothing."""
    from atout.solver import dd_table, par  # noqa: PLC0415 - loads DDS

    if game == "bridge":
        return {"dd_table": dd_table(start), "par": par(start)}
    if game == "court-piece":
        return {"dd_table": dd_table(start)}
    return {}
