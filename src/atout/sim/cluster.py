"""Tournament matches as Ray tasks, on a cluster of any size.

``--cluster local`` starts a Ray instance in this process's machine (``--workers``
CPUs) and stops it afterwards; ``auto`` joins the cluster this machine belongs
to (``ray start`` was run here); ``ray://HOST:PORT`` connects through the Ray
Client to a remote head node (a cloud cluster: ``docs/tournaments.md``); a
plain ``HOST:PORT`` joins the head node's GCS directly.

Each task plays a chunk of matches and returns their results; the driver
writes them down as tasks finish. A task whose worker dies (killed, out of
memory, its node lost) is run again by Ray (``max_retries``); since the
driver keeps the first result of each match key, none is counted twice.

A user's ``module:callable`` bot is imported here and its module pickled by
value into the tasks, so the workers need atout but not the user's file.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from atout.bots import Bot

if TYPE_CHECKING:
    from atout.sim.tournament import Job, Outcome

__all__ = ["EXTRA", "ClusterUnavailable", "ray_outcomes", "ship_factories"]

EXTRA = "atout[cluster]"
"""The optional dependencies that bring Ray."""

TASK_RETRIES = 5
"""How often Ray runs a task again after its worker or node died."""

CLIENT_TRIES = 3
"""How often a ray:// connection is tried when the head fails to start its client server."""

CLIENT_RETRY_PAUSE = 2.0
"""Seconds between those tries."""

CLIENT_START_FAILURES = ("client server failed", "ZombieProcess")
"""What Ray says when the head's client server for this connection died as it started: either
the head saw it die ("Starting Ray client server failed") or it died between two of the head's
looks at it and the head's own check raised (psutil's ``ZombieProcess``). Both are passing
failures of that one server; the next try starts another."""


class ClusterUnavailable(RuntimeError):
    """Ray is not installed, or the cluster cannot be reached."""


def _ray() -> ModuleType:
    """The ``ray`` module, or a clear error naming the extra to install."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ClusterUnavailable(
            f"--cluster needs Ray, which is not installed: pip install '{EXTRA}'"
        ) from None


def ship_factories(players: Sequence[str]) -> dict[str, Callable[..., Bot]]:
    """Each ``module:callable`` bot's factory, its module set to travel by value to the workers.

    A module of atout itself is left to be imported by the workers (they have atout).
    """
    ray = _ray()
    factories: dict[str, Callable[..., Bot]] = {}
    for name in dict.fromkeys(players):
        if ":" not in name:
            continue
        module_name, _, attr = name.partition(":")
        module = importlib.import_module(module_name)
        if module_name != "atout" and not module_name.startswith("atout."):
            ray.cloudpickle.register_pickle_by_value(module)
        factories[name] = getattr(module, attr)
    return factories


def _connect(ray: ModuleType, address: str, workers: int) -> bool:
    """Join (or for ``local`` start) the cluster; whether this call did, so must leave it."""
    if ray.is_initialized():
        return False
    options: dict[str, Any] = {"include_dashboard": False, "logging_level": "warning"}
    # A Ray Client connection starts a server of its own on the head node, and that start
    # sometimes fails at once (CLIENT_START_FAILURES); the next try gets a fresh one, so a
    # ray:// address is tried a few times before the cluster is called unreachable.
    tries = CLIENT_TRIES if address.startswith("ray://") else 1
    for attempt in range(1, tries + 1):
        try:
            if address == "local":
                ray.init(num_cpus=workers, **options)
            else:
                ray.init(address=address, logging_level="warning")
            return True
        except (ConnectionError, RuntimeError, ValueError) as error:
            ray.shutdown()
            passing = any(failure in str(error) for failure in CLIENT_START_FAILURES)
            if attempt == tries or not passing:
                raise ClusterUnavailable(
                    f"cannot reach the Ray cluster at {address!r}: {error}"
                ) from None
            time.sleep(CLIENT_RETRY_PAUSE)
    return True


def ray_outcomes(
    jobs: Sequence[Job],
    address: str,
    workers: int,
    chunks: Callable[[Sequence[Job], int], list[list[Job]]],
) -> Iterator[list[Outcome]]:
    """Play ``jobs`` as Ray tasks; each finished task's outcomes, in the order tasks finish.

    Tasks still pending when the caller stops (Ctrl-C, an error) are cancelled.
    """
    ray = _ray()
    from atout.sim.tournament import play_chunk  # noqa: PLC0415 - the module imports this one

    joined = _connect(ray, address, workers)
    pending: dict[Any, int] = {}
    try:
        parallel = max(1, int(ray.cluster_resources().get("CPU", workers)))
        task = ray.remote(num_cpus=1, max_retries=TASK_RETRIES)(play_chunk)
        pending = {task.remote(chunk): i for i, chunk in enumerate(chunks(jobs, parallel))}
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                del pending[ref]
                try:
                    outcomes: list[Outcome] = ray.get(ref)
                except ray.exceptions.RayTaskError as error:
                    raise RuntimeError(f"a match failed on the cluster: {error}") from None
                yield outcomes
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if joined:
            ray.shutdown()
