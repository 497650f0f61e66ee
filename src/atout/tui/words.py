"""Scores and deal results in words for the terminal: the views hold them as dicts and lists,
which are for machines (``atout replay --json``, the web table), not for a person reading."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["result_words", "score_words", "seats_around", "side_name", "sides_text"]

_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def side_name(game: str, side: int, me: int | None = None) -> str:
    """A side (or, in two-player Court Circular, a seat) as people call it."""
    mine = me is not None and me % 2 == side
    if game == "bridge":
        return ("NS", "EW")[side] + (" (yours)" if mine else "")
    if game == "court-circular":
        return "you" if mine else f"seat {side}"
    if me is not None:
        return "your side" if mine else "their side"
    return f"seats {side} & {side + 2}"


def sides_text(game: str, values: Sequence[Any], me: int | None = None) -> str:
    """``values[0]`` and ``values[1]`` named by side: "NS 40, EW 0" ("seat 1: 3" after a
    name that ends in a number, so the two numbers do not run together)."""
    names = [side_name(game, s, me) for s in (0, 1)]
    return ", ".join(
        f"{n}{':' if n[-1].isdigit() else ''} {values[s]}" for s, n in enumerate(names)
    )


def score_words(game: str, score: Mapping[str, Any], me: int | None = None) -> str:
    """The match's score sheet (``view["match"]``) in a line: score, deals of the session."""
    number = score.get("deal_number")
    parts: list[str] = []
    if game == "bridge" and score.get("scoring") == "duplicate":
        parts.append(f"board {number}")
        parts.append("totals " + sides_text(game, score.get("totals", [0, 0]), me))
        return "; ".join(parts)
    if game == "bridge":
        parts.append(f"deal {number}")
        parts.append("games " + sides_text(game, score.get("games", [0, 0]), me))
        parts.append("below the line " + sides_text(game, score.get("below", [0, 0]), me))
        parts.append("above " + sides_text(game, score.get("above", [0, 0]), me))
        return "; ".join(parts)
    session = score.get("session_end")
    if isinstance(session, Mapping) and "deals" in session:
        parts.append(f"deal {number} of {session['deals']}")
    elif isinstance(session, Mapping) and "minutes" in session:
        parts.append(f"deal {number} (session of {session['minutes']} minutes)")
    else:
        parts.append(f"deal {number}")
    for key, label in (("courts", "courts"), ("points", "points"), ("scores", "scores")):
        if key in score:
            parts.append(f"{label} " + sides_text(game, score[key], me))
    if "series" in score and any(score["series"]):
        parts.append("series " + sides_text(game, score["series"], me))
    if score.get("target"):
        parts.append(f"game at {score['target']}")
    return "; ".join(parts)


def result_words(
    game: str,
    result: Mapping[str, Any],
    points: Sequence[int] | None,
    me: int | None = None,
    dealer: str | None = None,
) -> str:
    """A finished deal in a sentence or two: who dealt, contract or trump, tricks, result."""
    words = {
        "bridge": _bridge,
        "court-piece": _court_piece,
        "five-hundred": _five_hundred,
        "court-circular": _court_circular,
    }[game](result, me)
    if dealer is not None:
        words = f"dealt by {dealer}; {words}"
    if points is not None and game != "bridge":
        words += "; points " + sides_text(game, points, me)
    return words


def _tricks(game: str, result: Mapping[str, Any], me: int | None) -> str:
    return "tricks " + sides_text(game, result.get("tricks_won", [0, 0]), me)


def _bridge(result: Mapping[str, Any], me: int | None) -> str:
    if result.get("passed_out"):
        return "passed out: no score"
    contract = result.get("contract")
    made = result.get("result")
    outcome = (
        "result unknown"
        if made is None
        else "made exactly"
        if made == "="
        else f"made with {made[1:]} over"
        if str(made).startswith("+")
        else f"down {str(made)[1:]}"
    )
    words = f"{contract} by {result.get('declarer')}: {result.get('tricks')} tricks, {outcome}"
    if result.get("claimed"):
        words += " (claim agreed)"
    score = result.get("score")
    if score is not None:
        words += "; score " + sides_text("bridge", score, me)
    return words


def _court_piece(result: Mapping[str, Any], me: int | None) -> str:
    revoke = result.get("revoke_claimed_by")
    if revoke is not None:
        claimant = side_name("court-piece", revoke, me)
        return (
            f"{claimant} claimed a revoke by {side_name('court-piece', 1 - revoke, me)}:"
            f" the deal ended there and {claimant} gets a court"
        )
    trump = result.get("trump")
    words = f"trump {_SUITS.get(trump, trump) if trump else 'not chosen'}"
    if result.get("caller") is not None:
        caller = result["caller"]
        words += " (called by " + ("you" if caller == me else f"seat {caller}") + ")"
    words += "; " + _tricks("court-piece", result, me)
    winner = result.get("winner")
    if winner is not None:
        words += f"; {side_name('court-piece', winner, me)} won the deal"
        if result.get("court"):
            words += " with a court"
        if result.get("bavney"):
            words += " with all thirteen tricks (bavney)"
    return words


def _five_hundred(result: Mapping[str, Any], me: int | None) -> str:
    if result.get("thrown_in") or result.get("contract") is None:
        return "thrown in: everyone passed"
    words = (
        f"contract {result['contract']} by seat {result.get('contractor')}"
        f" (worth {result.get('value')}); " + _tricks("five-hundred", result, me)
    )
    return words + ("; made" if result.get("made") else "; set")


def _court_circular(result: Mapping[str, Any], me: int | None) -> str:
    game = "court-circular"
    words = (
        "cards won face up "
        + sides_text(game, result.get("face_up", [0, 0]), me)
        + "; face down "
        + sides_text(game, result.get("face_down", [0, 0]), me)
    )
    winner = result.get("winner")
    if winner is None:
        return words + "; nobody scores"
    return words + f"; {side_name(game, winner, me)} scores {result['points'][winner]}"


def seats_around(view: Mapping[str, Any], me: int) -> str:
    """Where the other seats sit around ``me`` and which way play goes, said once at the start.

    Seats are numbered in playing order, so the next seat sits on the left where play is
    clockwise, and on the right in classic Court Piece, which is played anticlockwise.
    """
    game = view.get("game")

    def name(seat: int) -> str:
        return "NESW"[seat] if game == "bridge" else f"seat {seat}"

    if game == "court-circular":
        return f"You sit at {name(me)}, your opponent {name(1 - me)} across the table."
    rightwards = game == "court-piece" and view.get("variant") == "courts"
    nxt, across, last = ((me + k) % 4 for k in (1, 2, 3))
    left, right = (last, nxt) if rightwards else (nxt, last)
    way = "to the right (anticlockwise)" if rightwards else "to the left (clockwise)"
    return (
        f"You sit at {name(me)}: {name(left)} on your left, {name(across)} (partner) across,"
        f" {name(right)} on your right. Play goes {way}: {name(nxt)} plays after you."
    )
