"""Hand analysis for people: the ``atout solve`` report of a record or PBN file.

For a deal before its first card: the DD table (bridge, Court Piece) and, in
bridge, par. At a decision in the play: each legal action's double-dummy
value. For cards already played: each one that cost something against
double dummy ("trick 5: West's ♥K lost one").
"""

from __future__ import annotations

from typing import Any

from atout.cards import CARD_BY_NAME, card_symbol
from atout.core import Match, State

__all__ = ["analyse", "format_analysis", "state_after"]

_SEAT_NAMES = ("North", "East", "South", "West")
_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven")


def state_after(match: Match, at: int | None, deal: int | None = None) -> tuple[State, int]:
    """The state of one deal (default: the last) after its first ``at`` actions (default: all)."""
    index = len(match.deals) - 1 if deal is None else deal
    if not 0 <= index < len(match.deals):
        raise ValueError(f"no deal {index}: the record has {len(match.deals)}")
    played = match.deals[index]
    actions = played.actions
    count = len(actions) if at is None else at
    if not 0 <= count <= len(actions):
        raise ValueError(f"--at must be 0..{len(actions)} (the deal's actions)")
    state = match.game.start(match.rules, played.layout, played.tally_before)
    for seat, action in actions[:count]:
        state = state.apply(action, seat)
    return state, index


def _values(state: State) -> dict[str, int] | None:
    """The solver's values at a card decision, or ``None`` where it has nothing to say."""
    from atout.solver import solve  # noqa: PLC0415
    from atout.solver.circular import SolverLimitError  # noqa: PLC0415

    if state.turn is None:
        return None
    try:
        return solve(state) or None
    except SolverLimitError:
        return None
    except ValueError:
        return None


def _minimises(state: State) -> bool:
    """A Five Hundred misère contractor wants the lowest value (1 means the misère is set)."""
    contract = getattr(state, "contract", None)
    return contract in ("misere", "open-misere") and state.turn == getattr(state, "contractor", -1)


def analyse(match: Match, at: int | None = None, deal: int | None = None) -> dict[str, Any]:
    """The ``atout solve --json`` object for one deal at one point."""
    from atout.solver import dd_table, par  # noqa: PLC0415

    state, index = state_after(match, at, deal)
    game = match.game.id
    played = match.deals[index]
    count = len(played.actions) if at is None else at
    out: dict[str, Any] = {"game": game, "deal": index, "at": count, "turn": state.turn}
    if not _cards_played(played.actions[:count]) and game in ("bridge", "court-piece"):
        out["dd_table"] = dd_table(state)
        if game == "bridge":
            out["par"] = par(state)
    values = _values(state)
    if values is not None:
        out["values"] = values
    out["checked"], out["mistakes"] = _mistakes(match, index, count)
    return out


def _cards_played(actions: tuple[tuple[int, str], ...]) -> bool:
    return any(action.split()[0] in CARD_BY_NAME for _, action in actions)


def _mistakes(match: Match, index: int, count: int) -> tuple[int, list[dict[str, Any]]]:
    """How many played cards were checked, and each one that cost something against DD."""
    played = match.deals[index]
    state = match.game.start(match.rules, played.layout, played.tally_before)
    found = []
    checked = 0
    for seat, action in played.actions[:count]:
        values = _values(state) if action.split()[0] in CARD_BY_NAME else None
        if values is not None and action in values:
            checked += 1
            pick = min if _minimises(state) else max
            best = pick(values.values())
            lost = abs(best - values[action])
            if lost:
                found.append(
                    {
                        "trick": len(state.tricks()) + 1,
                        "seat": seat,
                        "card": action,
                        "lost": lost,
                    }
                )
        state = state.apply(action, seat)
    return checked, found


def format_analysis(report: dict[str, Any]) -> str:
    """The report for people: table, par, values and the costly cards, one per line."""
    bridge = report["game"] == "bridge"
    unit = "points" if report["game"] == "court-circular" else "tricks"
    lines = [f"{report['game']}, deal {report['deal']}, after {report['at']} actions"]
    table = report.get("dd_table")
    if table:
        seats = list(next(iter(table.values())))
        lines.append("      " + " ".join(f"{s:>3}" for s in table))
        for seat in seats:
            name = seat if bridge else f"seat {seat}"
            row = " ".join(f"{table[s][seat]:>3}" for s in table)
            lines.append(f"{name:>6}{row}" if bridge else f"{name:<6}{row}")
    if "par" in report:
        par = report["par"]
        lines.append(f"par {par['score']:+d} for NS: {', '.join(par['contracts'])}")
    if "values" in report:
        who = _seat(report["turn"], bridge)
        shown = ", ".join(f"{a} {v}" for a, v in report["values"].items())
        lines.append(f"{who} to play, double-dummy {unit}: {shown}")
    for m in report["mistakes"]:
        card = _show(m["card"])
        amount = _WORDS[m["lost"]] if m["lost"] < len(_WORDS) and unit == "tricks" else m["lost"]
        what = "" if unit == "tricks" else " points"
        lines.append(f"trick {m['trick']}: {_seat(m['seat'], bridge)}'s {card} lost {amount}{what}")
    if report["checked"] and not report["mistakes"]:
        lines.append(f"none of the {report['checked']} cards played cost anything against DD")
    if not report["checked"] and "values" not in report and not table:
        lines.append("nothing to analyse at this point")
    return "\n".join(lines)


def _seat(seat: int | None, bridge: bool) -> str:
    if seat is None:
        return "nobody"
    return _SEAT_NAMES[seat] if bridge else f"seat {seat}"


def _show(action: str) -> str:
    """``KH`` -> ``♥K`` (suit first, as players write it); other actions as they are."""
    card = CARD_BY_NAME.get(action)
    if card is None or card >= 52:
        return action
    symbol = card_symbol(card)
    return symbol[-1] + symbol[:-1]
