"""On PostgreSQL too, each robot duplicate board is taken by one process only."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from tests.server.test_boards import boards_are_taken_once

pytestmark = pytest.mark.usefixtures("services")


def test_a_board_is_taken_once_on_postgresql(fresh_pg: Callable[[], str]) -> None:
    asyncio.run(boards_are_taken_once(fresh_pg()))
