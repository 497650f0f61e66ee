"""Tournaments on Ray: a real cluster of two nodes (separate processes) on this machine.

One cluster serves the whole module (starting one costs about ten seconds);
each test joins it through its address, as ``--cluster HOST:PORT`` would.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import ray
from ray.cluster_utils import Cluster
from typer.testing import CliRunner

from atout.cli import app
from atout.notation.record import load_record
from atout.sim.tournament import run_elo, run_games

BRIDGE = {"scoring": "duplicate"}
LINEUP = ["hard", "medium", "hard", "greedy"]

pytestmark = pytest.mark.xdist_group("ray")  # one test cluster: its tests on one xdist worker


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


CLIENT_PORT = _free_port()


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    """A head node (with a Ray Client server) and a second node, one CPU each, as separate
    raylet processes."""
    nodes = Cluster(
        initialize_head=True,
        head_node_args={
            "num_cpus": 1,
            "include_dashboard": False,
            "ray_client_server_port": CLIENT_PORT,
        },
    )
    nodes.add_node(num_cpus=1)
    nodes.wait_for_nodes()
    yield nodes
    if ray.is_initialized():
        ray.shutdown()
    nodes.shutdown()


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()[1:]]


def _without_seconds(report: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in report.items() if k != "seconds"}


def test_same_match_results_in_one_process_two_workers_and_on_ray(
    cluster: Cluster, tmp_path: Path
) -> None:
    """Greedy, medium and Hard (at effort 2) give the same matches wherever they are played."""
    reports, matches = [], []
    for name, where in (
        ("one", {}),
        ("pool", {"workers": 2}),
        ("ray", {"cluster": cluster.address}),
    ):
        path = tmp_path / f"{name}.jsonl"
        report = run_games(
            "bridge",
            BRIDGE,
            LINEUP,
            games=4,
            seed=11,
            duplicate=True,
            effort=2,
            results=path,
            **where,  # type: ignore[arg-type]
        )
        reports.append(_without_seconds(report))
        matches.append(sorted(json.dumps(line, sort_keys=True) for line in _lines(path)))
    assert reports[0]["games"] == 8 and reports[0]["boards"] == 4
    assert matches[0] == matches[1] == matches[2]
    assert reports[0] == reports[1] == reports[2]


def test_tasks_ran_on_both_nodes(cluster: Cluster) -> None:
    ray.init(address=cluster.address)
    try:
        nodes = {node["NodeID"] for node in ray.nodes() if node["Alive"]}
        assert len(nodes) == 2 and ray.cluster_resources()["CPU"] == 2

        @ray.remote(num_cpus=1)
        def where() -> str:
            time.sleep(0.5)
            return str(ray.get_runtime_context().get_node_id())

        # Rounds until both nodes served one: on a loaded machine the second node's first
        # worker can take longer to start than the head's worker takes to run a whole round,
        # and Ray then rightly cancels the lease it had asked of the second node.
        seen: set[str] = set()
        deadline = time.monotonic() + 60
        while seen != nodes and time.monotonic() < deadline:
            seen |= set(ray.get([where.remote() for _ in range(6)]))
        assert seen == nodes
    finally:
        ray.shutdown()


def _ray_task_pids() -> list[int]:
    """The worker processes running a tournament task now (Ray titles them by the task)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            title = (entry / "cmdline").read_bytes().split(b"\0")[0]
        except OSError:
            continue
        if title.startswith(b"ray::play_chunk"):
            pids.append(int(entry.name))
    return pids


def test_a_killed_worker_loses_no_match_and_counts_none_twice(
    cluster: Cluster, tmp_path: Path
) -> None:
    lineup = ["medium", "greedy", "medium", "greedy"]
    killed: list[int] = []

    def kill_one_worker(done: int, total: int) -> None:
        if done == 0 or killed:
            return
        deadline = time.monotonic() + 20
        while not killed and time.monotonic() < deadline:
            for pid in _ray_task_pids():
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                break
            time.sleep(0.01)

    path = tmp_path / "run.jsonl"
    report = run_games(
        "court-piece",
        {"target": 3},
        lineup,
        games=24,
        seed=7,
        cluster=cluster.address,
        results=path,
        progress=kill_one_worker,
    )
    assert len(killed) == 1
    keys = Counter(line["key"] for line in _lines(path))
    assert len(keys) == 24 and set(keys.values()) == {1}
    alone = run_games("court-piece", {"target": 3}, lineup, games=24, seed=7)
    assert _without_seconds(report) == _without_seconds(alone)


def test_elo_records_and_a_users_bot_only_the_driver_can_import(
    cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The user's module is shipped with the tasks: the workers could not import it."""
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "my_i38_bot.py").write_text(
        "class First:\n"
        "    def choose(self, view):\n"
        "        return view['legal'][0]\n\n"
        "def first(game, seed):\n"
        "    return First()\n"
    )
    monkeypatch.syspath_prepend(str(folder))
    ray.init(address=cluster.address)
    try:

        @ray.remote
        def importable() -> bool:
            return "my_i38_bot" in sys.modules or any("mine" in p for p in sys.path)

        assert not any(ray.get([importable.remote() for _ in range(4)]))
    finally:
        ray.shutdown()
    bots = ["greedy", "my_i38_bot:first", "random"]
    table = run_elo("court-circular", {}, bots, games=2, seed=5, cluster=cluster.address)
    alone = run_elo("court-circular", {}, bots, games=2, seed=5)
    assert table["pairs"] == alone["pairs"] and table["elo"] == alone["elo"]
    assert all(pair["games"] == 4 for pair in table["pairs"])  # no bot failed on a worker
    report = run_games(
        "court-circular",
        {},
        ["my_i38_bot:first", "greedy"],
        games=3,
        seed=1,
        cluster=cluster.address,
        records=tmp_path / "records",
    )
    records = sorted((tmp_path / "records").glob("*.json"))
    assert report["games"] == 3 and len(records) == 3
    assert all(load_record(r).is_over() for r in records)


def test_the_command_runs_through_the_ray_client_and_resumes(
    cluster: Cluster, tmp_path: Path
) -> None:
    path = tmp_path / "run.jsonl"
    args = ["sim", "court-circular", "-n", "4", "--seed", "2", "--players", "greedy,random"]
    address = f"ray://127.0.0.1:{CLIENT_PORT}"
    first = CliRunner().invoke(app, [*args, "--json", "--cluster", address, "--results", str(path)])
    assert first.exit_code == 0, first.stderr
    again = CliRunner().invoke(app, [*args, "--json", "--resume", str(path)])
    assert again.exit_code == 0, again.stderr
    assert _without_seconds(json.loads(first.stdout)) == _without_seconds(json.loads(again.stdout))
    assert len(_lines(path)) == 4  # nothing played twice


def test_a_lost_node_loses_no_match(cluster: Cluster, tmp_path: Path) -> None:
    """The second node goes down mid-run; its tasks run again on the head node."""
    lineup = ["medium", "greedy", "medium", "greedy"]
    second = next(node for node in cluster.list_all_nodes() if node is not cluster.head_node)
    lost: list[bool] = []

    def lose_the_node(done: int, total: int) -> None:
        if done > 0 and not lost:
            cluster.remove_node(second, allow_graceful=False)
            lost.append(True)

    path = tmp_path / "run.jsonl"
    try:
        report = run_games(
            "court-piece",
            {"target": 3},
            lineup,
            games=16,
            seed=3,
            cluster=cluster.address,
            results=path,
            progress=lose_the_node,
        )
    finally:
        cluster.add_node(num_cpus=1)  # back to two nodes for any later test
        cluster.wait_for_nodes()
    assert lost
    keys = Counter(line["key"] for line in _lines(path))
    assert len(keys) == 16 and set(keys.values()) == {1}
    alone = run_games("court-piece", {"target": 3}, lineup, games=16, seed=3)
    assert _without_seconds(report) == _without_seconds(alone)
