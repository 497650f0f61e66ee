"""Joining a cluster: a ray:// connection whose client server dies as it starts is tried again.

A stand-in for the ``ray`` module plays the head's answers, so these run without Ray.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from atout.sim import cluster
from atout.sim.cluster import ClusterUnavailable, _connect

ZOMBIE = (
    "Initialization failure from server:\nTraceback (most recent call last):\n"
    "  ...\npsutil.ZombieProcess: PID still exists but it's a zombie (pid=21798)\n"
)
START_FAILED = "Starting Ray client server failed. See ray_client_server_23000.err for details."


def _ray(answers: list[Exception | None]) -> Any:
    """A ``ray`` whose ``init`` raises each given error in turn (None: the connection is made)."""
    calls: list[str] = []

    def init(**options: Any) -> None:
        calls.append("init")
        answer = answers.pop(0)
        if answer is not None:
            raise answer

    return SimpleNamespace(
        is_initialized=lambda: False,
        init=init,
        shutdown=lambda: calls.append("shutdown"),
        calls=calls,
    )


@pytest.fixture(autouse=True)
def _no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "CLIENT_RETRY_PAUSE", 0.0)


@pytest.mark.parametrize("message", [ZOMBIE, START_FAILED])
def test_a_client_server_that_died_starting_is_tried_again(message: str) -> None:
    ray = _ray([ConnectionError(message), None])
    assert _connect(ray, "ray://head:10001", workers=1) is True
    assert ray.calls == ["init", "shutdown", "init"]


def test_it_gives_up_after_the_last_try_and_says_why() -> None:
    ray = _ray([ConnectionError(ZOMBIE)] * cluster.CLIENT_TRIES)
    with pytest.raises(ClusterUnavailable, match="cannot reach the Ray cluster at 'ray://head"):
        _connect(ray, "ray://head:10001", workers=1)
    assert ray.calls.count("init") == cluster.CLIENT_TRIES


def test_any_other_failure_is_reported_at_once() -> None:
    ray = _ray([ConnectionError("Version mismatch: the client has Python 3.11, the server 3.12")])
    with pytest.raises(ClusterUnavailable, match="Version mismatch"):
        _connect(ray, "ray://head:10001", workers=1)
    assert ray.calls.count("init") == 1


def test_a_plain_address_is_tried_once() -> None:
    ray = _ray([ConnectionError(START_FAILED)])
    with pytest.raises(ClusterUnavailable):
        _connect(ray, "head:6379", workers=1)
    assert ray.calls.count("init") == 1
