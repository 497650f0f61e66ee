"""Seats and sides.

Seats are numbered 0..n-1 in the order of play: the seat after ``s`` is
``(s + 1) % n``. In four-player games side 0 is seats 0 and 2, side 1 is seats
1 and 3; in bridge N, E, S, W are 0, 1, 2, 3.

>>> partner(1), side_of(3), next_seat(3, 4)
(3, 1, 0)
"""

from __future__ import annotations

__all__ = ["BRIDGE_SEATS", "home_seat", "next_seat", "partner", "seats_from", "side_of"]

BRIDGE_SEATS = "NESW"


def next_seat(seat: int, players: int = 4) -> int:
    """The seat that plays after ``seat``."""
    return (seat + 1) % players


def partner(seat: int) -> int:
    """The partner of a seat in a four-player partnership game."""
    return (seat + 2) % 4


def side_of(seat: int, players: int = 4) -> int:
    """The side (team) of a seat: seat parity in four-player games, the seat itself in two."""
    return seat % 2


def seats_from(first: int, players: int = 4) -> list[int]:
    """All seats in playing order starting with ``first``.

    >>> seats_from(2)
    [2, 3, 0, 1]
    """
    return [(first + i) % players for i in range(players)]


def home_seat(game_id: str) -> int:
    """Where a person sits by default: South in bridge (as on BBO and in books), else seat 0.

    >>> home_seat("bridge"), home_seat("court-piece")
    (2, 0)
    """
    return BRIDGE_SEATS.index("S") if game_id == "bridge" else 0
