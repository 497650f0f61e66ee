"""What a room refuses, as exceptions whose message is for the player."""

from __future__ import annotations

__all__ = ["QuotaError", "RoomError", "SeatHeld"]


class RoomError(Exception):
    """A request the room refuses; the message is for the player. Nothing changed."""


class QuotaError(RoomError):
    """Refused because its client asked too often: tables, or requests from one seat (a 429)."""


class SeatHeld(RoomError):
    """A second seat of one table refused to the same person (an HTTP 409)."""
