"""DDS through endplay: the reference double-dummy solver for 52-card deals.

We call endplay's ctypes layer (``endplay._dds``) with our own card sets,
not endplay's ``Deal`` objects: our hands are already bitmasks whose suit
order (♠ ♥ ♦ ♣) and seat order (playing order, N E S W in bridge) are
DDS's, so one shift per suit fills a DDS ``deal`` and the overhead over
calling endplay directly stays small.

DDS keeps per-thread memory indexed by ``threadIndex``; two Python threads
calling it with the same index at once would share it (ctypes releases the
GIL during the call), so every call goes through one lock.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from atout.cards import CardSet

__all__ = [
    "DDS_STRAINS",
    "ParResult",
    "dds_par",
    "dds_solve",
    "dds_table",
]

DDS_STRAINS = ("S", "H", "D", "C", "NT")
"""DDS's strain order (index 4 is no-trump); ours for suits too."""

_LOCK = threading.Lock()
_dds: Any = None


def _lib() -> Any:
    """endplay's DDS bindings, loaded on first use (loading the library costs time)."""
    global _dds
    if _dds is None:
        import endplay._dds as lib  # noqa: PLC0415

        _dds = lib
    return _dds


def _fill_cards(target: Any, hands: Sequence[CardSet]) -> None:
    """Write four hands into a DDS ``remainCards`` array (rank bits 2..14, suits S H D C)."""
    for seat in range(4):
        row = target[seat]
        hand = hands[seat]
        for suit in range(4):
            row[suit] = (hand >> 13 * suit & 0x1FFF) << 2


def dds_solve(
    hands: Sequence[CardSet],
    trump: int,
    leader: int,
    trick: Sequence[int] = (),
    *,
    target: int = -1,
    solutions: int = 3,
) -> dict[int, int]:
    """DDS ``SolveBoard``: each card's further tricks for the side to play.

    ``hands`` hold only unplayed cards (the cards of ``trick``, played from
    ``leader`` on, are gone from them); ``trump`` is a suit or -1. With
    ``solutions=3`` every legal card is scored; with ``target`` and
    ``solutions=1`` DDS only says whether the target is reachable (a card
    with score >= target, or none).
    """
    lib = _lib()
    deal = lib.deal()
    deal.trump = 4 if trump < 0 else trump
    deal.first = leader
    for i in range(3):
        if i < len(trick):
            deal.currentTrickSuit[i] = trick[i] // 13
            deal.currentTrickRank[i] = trick[i] % 13 + 2
        else:
            deal.currentTrickSuit[i] = 0
            deal.currentTrickRank[i] = 0
    _fill_cards(deal.remainCards, hands)
    future = lib.futureTricks()
    with _LOCK:
        lib.SolveBoard(deal, target, solutions, 1, future, 0)
    out: dict[int, int] = {}
    for i in range(future.cards):
        score = future.score[i]
        suit = future.suit[i]
        holding = 1 << future.rank[i] | future.equals[i]
        for rank in range(13):
            if holding >> (rank + 2) & 1:
                out[13 * suit + rank] = score
    return out


def dds_table(hands: Sequence[CardSet]) -> list[list[int]]:
    """DDS ``CalcDDtable``: ``table[strain][declarer]`` tricks, strains S H D C NT."""
    lib = _lib()
    deal = lib.ddTableDeal()
    _fill_cards(deal.cards, hands)
    results = lib.ddTableResults()
    with _LOCK:
        lib.CalcDDtable(deal, results)
    return [[results.resTable[strain][seat] for seat in range(4)] for strain in range(5)]


class ParResult(tuple[int, tuple[str, ...]]):
    """``(score for North-South, par contracts like "4SN=" or "5CXE-1")``."""

    __slots__ = ()

    @property
    def score(self) -> int:
        """The par score from North-South's side (negative when East-West gain)."""
        return self[0]

    @property
    def contracts(self) -> tuple[str, ...]:
        """The par contracts, in endplay's notation (level, strain, doubled, declarer, result)."""
        return self[1]


def dds_par(table: list[list[int]], vulnerable: tuple[bool, bool], dealer: int) -> ParResult:
    """Par (DDS ``DealerParBin`` through endplay) from a table of :func:`dds_table`."""
    lib = _lib()
    from endplay.dds.ddtable import DDTable  # noqa: PLC0415
    from endplay.dds.parscore import par  # noqa: PLC0415
    from endplay.types import Player, Vul  # noqa: PLC0415

    results = lib.ddTableResults()
    for strain in range(5):
        for seat in range(4):
            results.resTable[strain][seat] = table[strain][seat]
    vul = {
        (False, False): Vul.none,
        (True, True): Vul.both,
        (True, False): Vul.ns,
        (False, True): Vul.ew,
    }[vulnerable]
    with _LOCK:
        found = par(DDTable(results), vul, Player(dealer))
    return ParResult((found.score, tuple(str(c) for c in found)))
