"""The review written for people (``atout solve RECORD --review SEAT`` without ``--json``)."""

from __future__ import annotations

from typing import Any

from atout.cards import CARD_BY_NAME, card_symbol

__all__ = ["format_review", "read_seat", "seat_name"]

_SEAT_LETTERS = "NESW"


def read_seat(game: str, players: int, text: str) -> int:
    """A seat as a person writes it: ``0``..``n-1``, or in bridge also ``N E S W`` (any case).

    Raises ``ValueError`` naming the seats the game has.
    """
    word = text.strip().upper()
    if game == "bridge" and len(word) == 1 and word in _SEAT_LETTERS:
        return _SEAT_LETTERS.index(word)
    if word.isdigit() and int(word) < players:
        return int(word)
    letters = " or N, E, S, W" if game == "bridge" else ""
    raise ValueError(f"not a seat: {text!r} (seats are 0..{players - 1}{letters})")


def seat_name(game: str, seat: int) -> str:
    """``North`` in bridge, ``seat 2`` elsewhere."""
    if game == "bridge":
        return ("North", "East", "South", "West")[seat]
    return f"seat {seat}"


def _show(action: str) -> str:
    """``KH`` -> ``♥K`` (suit first, as players write it); other actions as they are."""
    head, _, rest = action.partition(" ")
    card = CARD_BY_NAME.get(head)
    if card is None or card >= 52:
        return action
    symbol = card_symbol(card)
    shown = symbol[-1] + symbol[:-1]
    return f"{shown} {rest}".strip()


def format_review(review: dict[str, Any]) -> str:
    """One line per fact, then one per decision that cost something (or was not solved)."""
    game, unit = review["game"], review["unit"]
    who = seat_name(game, review["seat"])
    lines = [f"{game}, deal {review['deal']}: review of {who}'s decisions"]
    start = review["start"]
    if not start["solved"]:
        lines.append(f"at the start: not solved ({start['reason']})")
    elif "set" in start:
        verdict = "forced to take a trick" if start["set"] else "safe"
        lines.append(f"at the start, double dummy, the misère contractor is {verdict}")
    else:
        lines.append(f"at the start, double dummy, {who}'s side takes {start['tricks']}")
    contract = review.get("contract")
    if contract and "makes" in contract:
        verdict = "makes" if contract["makes"] else "goes down"
        needs = ""
        if "needs" in contract:
            needs = f" (needs {contract['needs']}, DD {contract['tricks']})"
        lines.append(f"the contract {contract['contract']} {verdict} double dummy{needs}")
    if "par" in review:
        par = review["par"]
        lines.append(f"par {par['score']:+d} for NS: {', '.join(par['contracts'])}")
    for d in review["decisions"]:
        if d["solved"] and d["cost"]:
            better = ", ".join(_show(a) for a in d["better"])
            played = f"trick {d['trick']}: {_show(d['action'])}"
            lines.append(f"{played} cost {_count(d['cost'], unit)}; better: {better}")
    unsolved = [d for d in review["decisions"] if not d["solved"]]
    if unsolved:
        last = unsolved[-1]
        lines.append(
            f"{len(unsolved)} decisions not solved, up to trick {last['trick']} ({last['reason']})"
        )
    lines.append(f"{review['judged']} decisions judged: {_count(review['cost'], unit)} lost in all")
    return "\n".join(lines)


def _count(n: int, unit: str) -> str:
    """The unit (a plural noun) agrees with the number.

    >>> _count(1, "tricks"), _count(2, "tricks"), _count(0, "points")
    ('1 trick', '2 tricks', '0 points')
    """
    return f"{n} {unit if n != 1 else unit.removesuffix('s')}"
