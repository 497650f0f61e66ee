"""Tournament throughput: Ray against multiprocessing, and one Ray node against two.

Usage: ``python bench/cluster.py [--game court-piece] [--players medium,greedy,medium,greedy]
[--matches 120] [--effort N] [--rounds 3]``

Prints matches per second (wall clock) and CPU milliseconds per match (every
process of the run: this one, its pool workers, and Ray's raylets, GCS and
workers) for the same tournament (same seeds, so the same matches) played

* in one process and over ``--workers 2`` processes (multiprocessing);
* through Ray on a local instance with one and with two CPUs, against the
  multiprocessing figure with as many workers (Ray's overhead);
* on a Ray test cluster (``ray.cluster_utils.Cluster``: each node its own
  raylet process) of one node with one CPU, then two such nodes (the scaling).

Ray's start-up (the instance or cluster, then two warm-up matches per CPU,
so that every worker process has started and imported atout) is timed apart
and left out of the rates: it is paid once per run, not per match. Each
setting runs ``--rounds`` times in turn with the others (so the machine's
load weighs on all alike) and the median is kept. On a machine shared with
other work the CPU figure is the one to compare: wall-clock rates there also
measure how much of the contended cores each setting's processes win.
The default tournament (medium against greedy, whole Court Piece games of
tenths of a second) is the hard case for Ray: the cheaper a match, the more
its task overhead shows.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import ray
from ray.cluster_utils import Cluster

from atout.sim.tournament import run_games


@contextmanager
def local_ray(cpus: int) -> Iterator[str]:
    """A local Ray instance with ``cpus`` CPUs, already started (``--cluster local``)."""
    ray.init(num_cpus=cpus, include_dashboard=False, logging_level="warning")
    try:
        yield "local"
    finally:
        ray.shutdown()


@contextmanager
def test_cluster(nodes: int) -> Iterator[str]:
    """A Ray test cluster of ``nodes`` nodes with one CPU each, joined by this driver."""
    cluster = Cluster(
        initialize_head=True, head_node_args={"num_cpus": 1, "include_dashboard": False}
    )
    for _ in range(nodes - 1):
        cluster.add_node(num_cpus=1)
    cluster.wait_for_nodes()
    ray.init(address=cluster.address, logging_level="warning")
    try:
        yield cluster.address
    finally:
        ray.shutdown()
        cluster.shutdown()


def tree_cpu_seconds() -> float:
    """CPU seconds of this process, its live descendants and its reaped children."""
    parent: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                text = stat.read()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2 :].split()
        parent[int(entry)] = int(fields[1])
        ticks[int(entry)] = int(fields[11]) + int(fields[12])
    children: dict[int, list[int]] = {}
    for pid, ppid in parent.items():
        children.setdefault(ppid, []).append(pid)
    total, stack = 0, [os.getpid()]
    while stack:
        pid = stack.pop()
        total += ticks.get(pid, 0)
        stack.extend(children.get(pid, []))
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
    return total / os.sysconf("SC_CLK_TCK") + reaped.ru_utime + reaped.ru_stime


def rate(args: argparse.Namespace, **where: Any) -> tuple[float, float]:
    """Matches per second, and CPU seconds per match, played where ``where`` says."""
    cpu = tree_cpu_seconds()
    started = time.perf_counter()
    report = run_games(
        args.game,
        {"target": 5} if args.game == "court-piece" else {},
        args.players.split(","),
        games=args.matches,
        seed=100,
        effort=args.effort,
        **where,
    )
    assert report["games"] + report["failed_games"] == args.matches
    seconds = time.perf_counter() - started
    return args.matches / seconds, (tree_cpu_seconds() - cpu) / args.matches


def timed_start(
    start: Callable[[], Any], args: argparse.Namespace, where: dict[str, Any]
) -> tuple[Any, float]:
    """Start Ray and warm its workers up; the context, its address and the seconds it took."""
    started = time.perf_counter()
    context = start()
    address = context.__enter__()
    warm = argparse.Namespace(**{**vars(args), "matches": 2 * int(ray.cluster_resources()["CPU"])})
    rate(warm, cluster=address, **where)
    return (context, address), time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="court-piece")
    parser.add_argument("--players", default="medium,greedy,medium,greedy")
    parser.add_argument("--matches", type=int, default=120)
    parser.add_argument("--effort", type=int, default=None)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(
        f"{args.game} {args.players} effort {args.effort}, {args.matches} matches a run, "
        f"median of {args.rounds}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    rates: dict[str, list[float]] = {}
    cpus: dict[str, list[float]] = {}
    starts: dict[str, list[float]] = {}
    settings: list[tuple[str, Callable[[], Any] | None, dict[str, Any]]] = [
        ("one process", None, {"workers": 1}),
        ("processes 2", None, {"workers": 2}),
        ("ray local 1 cpu", lambda: local_ray(1), {"workers": 1}),
        ("ray local 2 cpus", lambda: local_ray(2), {"workers": 2}),
        ("ray cluster 1 node", lambda: test_cluster(1), {}),
        ("ray cluster 2 nodes", lambda: test_cluster(2), {}),
    ]
    for _ in range(args.rounds):
        for label, start, where in settings:
            if start is None:
                speed, cpu = rate(args, **where)
            else:
                (context, address), seconds = timed_start(start, args, where)
                try:
                    starts.setdefault(label, []).append(seconds)
                    speed, cpu = rate(args, cluster=address, **where)
                finally:
                    context.__exit__(None, None, None)
            rates.setdefault(label, []).append(speed)
            cpus.setdefault(label, []).append(cpu)
    median = {label: statistics.median(values) for label, values in rates.items()}
    cpu = {label: statistics.median(values) for label, values in cpus.items()}
    for label, value in median.items():
        start = f"  (start-up {statistics.median(starts[label]):.1f} s)" if label in starts else ""
        print(f"{label:20} {value:6.2f} matches/s  {1000 * cpu[label]:6.1f} CPU ms/match{start}")
    for workers in (1, 2):
        ray = f"ray local {workers} cpu{'s' if workers > 1 else ''}"
        pool = "one process" if workers == 1 else "processes 2"
        print(
            f"Ray against multiprocessing, {workers} worker(s): CPU per match "
            f"{100 * (cpu[ray] / cpu[pool] - 1):+.1f}%, "
            f"wall-clock rate {100 * (median[ray] / median[pool] - 1):+.1f}%"
        )
    scaling = median["ray cluster 2 nodes"] / median["ray cluster 1 node"]
    print(f"one node to two: x{scaling:.2f} matches/s")


if __name__ == "__main__":
    main()
