"""A second encoder of every game, over the JSON views: the check of the typed encoders.

Each game's observation is defined once, by ``spec.encode(state.typed_view(seat), ...)``.
These functions compute the same vector another way, from the JSON form
(``state.view(seat)``: card names, nested dicts), slot by slot from the block
tables, so that a typed field read wrong, or a cache kept wrong, shows as a
difference (``test_fast_path.py``, ``test_scenarios.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from atout.games.bridge.auction import call_name
from atout.games.five_hundred import CALL_NAMES
from atout.rl import bridge as br
from atout.rl import court_circular as cc
from atout.rl import court_piece as cp
from atout.rl import five_hundred as fh
from atout.rl.spec import CARD_INDEX, Encoded, GameSpec, clip

View = Mapping[str, Any]
_SUITS = {"S": 0, "H": 1, "D": 2, "C": 3}


def encode_json(spec: GameSpec, view: View, sheet: View, picks: tuple[int, ...]) -> Encoded:
    """The vector of the JSON ``view`` for ``spec``'s game (``spec.encode``'s twin)."""
    encoders = {
        "court-piece": _court_piece,
        "five-hundred": _five_hundred,
        "bridge": _bridge,
        "court-circular": _court_circular,
    }
    return encoders[view["game"]](spec, view, sheet, picks)


def _court_piece(spec: Any, view: View, sheet: View, picks: tuple[int, ...]) -> Encoded:
    me = view["seat"]
    bits = 0
    for name in view["hand"]:
        bits |= 1 << cp.HAND + CARD_INDEX[name]
    trick = view["trick"]
    leader = trick["leader"]
    for i, name in enumerate(trick["cards"]):
        bits |= 1 << cp.TRICK + 52 * ((leader + i - me) & 3) + CARD_INDEX[name]
    for done in view.get("tricks", ()):
        first = done["leader"] - me
        for i, name in enumerate(done["cards"]):
            bits |= 1 << cp.PLAYED + 52 * ((first + i) & 3) + CARD_INDEX[name]
    trump = view["trump"]
    bits |= 1 << cp.DEALER + ((view["dealer"] - me) & 3)
    bits |= 1 << cp.CALLER + ((view["caller"] - me) & 3)
    bits |= 1 << cp.LEADER + ((leader - me) & 3)
    if view["turn"] is not None:
        bits |= 1 << cp.TURN + ((view["turn"] - me) & 3)
    if trump is not None:
        bits |= 1 << cp.TRUMP + _SUITS[trump]
    bits |= 1 << cp.PHASE + {"trump": 0, "play": 1, "over": 2}[view["phase"]]
    side = me & 1
    won, sizes = view["tricks_won"], view["hand_sizes"]
    scalars = [won[side] / 13, won[1 - side] / 13]
    scalars += [sizes[(me + r) & 3] / 13 for r in range(4)]
    if view["variant"] == "courts":
        courts, series = sheet["courts"], sheet["series"]
        scalars += [clip(courts[side] / 10), clip(courts[1 - side] / 10)]
        scalars += [series[side] / 7, series[1 - side] / 7]
    else:
        points = sheet["points"]
        scalars += [clip(points[side] / spec.target), clip(points[1 - side] / spec.target), 0, 0]
    return bits, scalars


def _seats_from(leader: int, skip: int | None) -> list[int]:
    """The seats of a trick's cards in the order played (the misère partner sits out)."""
    order = [(leader + i) & 3 for i in range(4)]
    return [s for s in order if s != skip]


def _five_hundred(spec: Any, view: View, sheet: View, picks: tuple[int, ...]) -> Encoded:
    calls = {name: code for code, name in enumerate(CALL_NAMES)}
    me = view["seat"]
    bits = 0
    for name in view["hand"]:
        bits |= 1 << fh.HAND + CARD_INDEX[name]
    contract = view["contract"]
    skip = None if contract is None else contract["sits_out"]
    trick = view["trick"]
    leader = trick["leader"]
    if leader is not None:
        for seat, name in zip(_seats_from(leader, skip), trick["cards"], strict=False):
            bits |= 1 << fh.TRICK + fh.W * ((seat - me) & 3) + CARD_INDEX[name]
        bits |= 1 << fh.LEADER + ((leader - me) & 3)
    if trick["named_suit"] is not None:
        bits |= 1 << fh.NAMED + _SUITS[trick["named_suit"]]
    for done in view["tricks"]:
        for seat, name in zip(_seats_from(done["leader"], skip), done["cards"], strict=False):
            bits |= 1 << fh.PLAYED + fh.W * ((seat - me) & 3) + CARD_INDEX[name]
    for name in view.get("kitty", ()):
        bits |= 1 << fh.KITTY + CARD_INDEX[name]
    for name in view.get("discards", ()):
        bits |= 1 << fh.DISCARDS + CARD_INDEX[name]
    for pick in picks:
        bits |= 1 << fh.PICKS + pick - fh.PICK
    exposed = view.get("exposed")
    if exposed is not None:
        for name in exposed["hand"]:
            bits |= 1 << fh.EXPOSED + CARD_INDEX[name]
    for seat, call in view["auction"]:
        if call == "pass":
            bits |= 1 << fh.PASSED + ((seat - me) & 3)
        else:
            bits |= 1 << fh.CALLS + 4 * calls[call] + ((seat - me) & 3)
    if contract is not None:
        bits |= 1 << fh.CONTRACT + calls[contract["bid"]]
        bits |= 1 << fh.CONTRACTOR + ((contract["contractor"] - me) & 3)
        bits |= 1 << fh.TRUMP + {**_SUITS, None: 4}[contract["trump"]]
        if skip is not None:
            bits |= 1 << fh.SITS_OUT + ((skip - me) & 3)
    phases = {"auction": 0, "kitty": 1, "play": 2, "over": 3}
    bits |= 1 << fh.PHASE + phases[view["phase"]]
    bits |= 1 << fh.DEALER + ((view["dealer"] - me) & 3)
    if view["turn"] is not None:
        bits |= 1 << fh.TURN + ((view["turn"] - me) & 3)
    side = me & 1
    won, sizes, scores = view["tricks_won"], view["hand_sizes"], sheet["scores"]
    scalars = [won[side] / 10, won[1 - side] / 10]
    scalars += [sizes[(me + r) & 3] / 13 for r in range(4)]
    scalars += [clip(scores[side] / 500), clip(scores[1 - side] / 500)]
    return bits, scalars


def _bridge_auction(history: list[list[Any]], me: int) -> int:
    """Bids, doubles and redoubles by who made them; passes before the first bid."""
    bids = {call_name(i): i for i in range(35)}
    bits = 0
    last = -1
    for seat, call in history:
        who = (seat - me) & 3
        if call == "pass":
            if last < 0:
                bits |= 1 << br.PASSES + who
        elif call == "X":
            bits |= 1 << br.DOUBLES + 4 * last + who
        elif call == "XX":
            bits |= 1 << br.REDOUBLES + 4 * last + who
        else:
            last = bids[call]
            bits |= 1 << br.BIDS + 4 * last + who
    return bits


def _bridge(spec: Any, view: View, sheet: View, picks: tuple[int, ...]) -> Encoded:
    me = view["seat"]
    bits = 0
    for name in view["hand"]:
        bits |= 1 << br.HAND + CARD_INDEX[name]
    for name in view["dummy"] or ():
        bits |= 1 << br.DUMMY + CARD_INDEX[name]
    trick = view["trick"]
    leader = trick["leader"]
    if leader is not None:
        for i, name in enumerate(trick["cards"]):
            bits |= 1 << br.TRICK + 52 * ((leader + i - me) & 3) + CARD_INDEX[name]
        bits |= 1 << br.LEADER + ((leader - me) & 3)
    for done in view["tricks"]:
        first = done["leader"] - me
        for i, name in enumerate(done["cards"]):
            bits |= 1 << br.PLAYED + 52 * ((first + i) & 3) + CARD_INDEX[name]
    bits |= _bridge_auction(view["auction"], me)
    contract = view["contract"]
    if contract is not None:
        bare = contract.rstrip("X")
        bits |= 1 << br.LEVEL + int(bare[0]) - 1
        bits |= 1 << br.STRAIN + {"C": 0, "D": 1, "H": 2, "S": 3, "NT": 4}[bare[1:]]
        bits |= 1 << br.DOUBLED + len(contract) - len(bare)
        bits |= 1 << br.DECLARER + ((view["declarer"] - me) & 3)
    vulnerable = view["vulnerable"]
    side = me & 1
    bits |= vulnerable[side] << br.VULNERABLE | vulnerable[1 - side] << br.VULNERABLE + 1
    phases = {"auction": 0, "play": 1, "claim": 2, "over": 3}
    bits |= 1 << br.PHASE + phases[view["phase"]]
    bits |= 1 << br.DEALER + ((view["dealer"] - me) & 3)
    if view["turn"] is not None:
        bits |= 1 << br.TURN + ((view["turn"] - me) & 3)
    if view["claim"] is not None:
        bits |= 1 << br.CLAIM + view["claim"]["tricks"]
    won, sizes = view["tricks_won"], view["hand_sizes"]
    scalars = [won[side] / 13, won[1 - side] / 13]
    scalars += [sizes[(me + r) & 3] / 13 for r in range(4)]
    if sheet["scoring"] == "duplicate":
        totals = sheet["totals"]
        scalars += [clip(totals[side] / 2000), clip(totals[1 - side] / 2000), 0.0, 0.0]
    else:
        below, games = sheet["below"], sheet["games"]
        scalars += [clip(below[side] / 100), clip(below[1 - side] / 100)]
        scalars += [games[side] / 2, games[1 - side] / 2]
    return bits, scalars


def _court_circular(spec: Any, view: View, sheet: View, picks: tuple[int, ...]) -> Encoded:
    me = view["seat"]
    bits = 0
    for name in view["hand"]:
        bits |= 1 << cc.HAND + CARD_INDEX[name]
    if view["lead"] is not None:
        bits |= 1 << cc.LEAD + CARD_INDEX[view["lead"]]
    for seat in (0, 1):
        other = seat ^ me
        for name in view["table"][seat]:
            bits |= 1 << cc.TABLE + 52 * other + CARD_INDEX[name]
        for name in view["piles"][seat]["face_up"]:
            bits |= 1 << cc.FACE_UP + 52 * other + CARD_INDEX[name]
        line = view["lines"][seat]
        bits |= 1 << cc.LINE + 4 * other + (0 if line is None else line["class"] or 0)
    bits |= 1 << cc.PHASE + {"play": 0, "lead": 1, "over": 2}[view["phase"]]
    bits |= 1 << cc.DEALER + (view["dealer"] ^ me)
    bits |= 1 << cc.LEADER + (view["trick"]["leader"] ^ me)
    if view["turn"] is not None:
        bits |= 1 << cc.TURN + (view["turn"] ^ me)
    bits |= int(view["is_last_trick"]) << cc.LAST
    sizes, piles, points = view["hand_sizes"], view["piles"], sheet["points"]
    scalars = [sizes[me] / 6, sizes[1 - me] / 6]
    scalars += [piles[me]["face_down"] / 52, piles[1 - me]["face_down"] / 52]
    scalars += [view["stock_size"] / 52]
    scalars += [clip(points[me] / spec.target), clip(points[1 - me] / spec.target)]
    return bits, scalars
