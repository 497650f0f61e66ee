"""On PostgreSQL too, a stale writer's seat, action, deal or undo is refused and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.server.test_storage_guards import CASES, run_case

pytestmark = pytest.mark.usefixtures("services")


@pytest.mark.parametrize("case", sorted(CASES))
def test_postgresql_refuses_the_stale_writer(case: str, fresh_pg: Callable[[], str]) -> None:
    run_case(fresh_pg(), case)
