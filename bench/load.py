"""Load benchmark of the web table: N bot tables and M playing clients, for a bounded time.

Starts the real server as a subprocess (``python -m atout.server`` on a free
loopback port, a temporary SQLite file), creates ``--tables`` tables of four
bots and ``--clients`` tables where a websocket client plays seat 0 against
three bots, runs for ``--seconds``, and prints:

* actions per second (all tables: rows appended to the record),
* p50 / p99 action-to-view latency, measured by the clients: from sending an
  action to receiving the state frame that includes it,
* the server's memory (peak RSS) and CPU time,
* errors (error frames, failed connections or requests, error log lines).

Finished games are replaced by new tables, so the load stays constant. The
clients run in ``--client-processes`` worker processes of their own, so that
a busy load generator does not add its own delays to the latencies it
measures (it shares the machine with the server all the same).

    .venv/bin/python bench/load.py --tables 500 --clients 200 --seconds 60
    .venv/bin/python bench/load.py --tables 50 --clients 20 --seconds 10 --bot-delay 0
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import shutil
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx2
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
POLL = 10.0
"""Seconds between two listings of the tables (to replace finished games)."""
LAG_TICK = 0.01
"""Seconds a client process sleeps between two measures of its own event loop's lag."""


@dataclass
class Stats:
    """What the clients measured."""

    latencies: list[float] = field(default_factory=list)
    client_lags: list[float] = field(default_factory=list)
    """How late the clients' own event loops woke up (a busy client inflates its latencies)."""
    errors: list[str] = field(default_factory=list)
    client_actions: int = 0
    games_finished: int = 0


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(db: Path, port: int, args: argparse.Namespace) -> subprocess.Popen[bytes]:
    """The server as a subprocess, with its JSON logs going to a file next to the database."""
    env = {
        **os.environ,
        "ATOUT_BOT_DELAY": str(args.bot_delay),
        "ATOUT_DEAL_PAUSE": str(args.deal_pause),
        "ATOUT_GRACE_SECONDS": "3600",
        "ATOUT_TABLES_PER_MINUTE": "1000000",  # every table comes from this one client
        "ATOUT_OPEN_TABLES": "1000000",
        "ATOUT_SOCKETS_PER_CLIENT": "1000000",
    }
    command = [sys.executable, "-m", "atout.server", "--port", str(port)]
    command += ["--db", f"sqlite:///{db}", "--log-level", "warning"]
    log = (db.parent / "server.log").open("wb")
    return subprocess.Popen(command, env=env, stderr=log, stdout=log, cwd=ROOT)


async def wait_healthy(base: str, timeout: float = 30) -> None:
    """Poll ``/health`` until the server answers."""
    deadline = time.monotonic() + timeout
    async with httpx2.AsyncClient(base_url=base) as http:
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx2.HTTPError):
                if (await http.get("/health")).status_code == 200:
                    return
            await asyncio.sleep(0.1)
    raise RuntimeError("the server did not start")


async def create(http: httpx2.AsyncClient, game: str, seats: list[str], sit: bool) -> Any:
    """Create a table (long games: the load should not end by itself)."""
    body: dict[str, Any] = {"game": game, "seats": seats, "options": {"target": 15}}
    if sit:
        body |= {"sit": 0, "name": "bench"}
    response = await http.post("/api/tables", json=body)
    response.raise_for_status()
    return response.json()


async def bot_tables(
    base: str, count: int, ready: asyncio.Event, stop: asyncio.Event, stats: Stats
) -> None:
    """Keep ``count`` four-bot tables going (a finished one is replaced)."""
    seats = ["bot:random"] * 4
    async with httpx2.AsyncClient(base_url=base, timeout=120) as http:
        gate = asyncio.Semaphore(16)

        async def one() -> str | None:
            async with gate:
                try:
                    return str((await create(http, "court-piece", seats, False))["id"])
                except httpx2.HTTPError as error:
                    stats.errors.append(f"create: {error!r}")
                    return None

        live = [t for t in await asyncio.gather(*(one() for _ in range(count))) if t]
        ready.set()
        while not stop.is_set():
            await asyncio.sleep(POLL)
            with contextlib.suppress(httpx2.HTTPError):
                listed = {t["id"] for t in (await http.get("/api/tables")).json()}
                for gone in [t for t in live if t not in listed]:
                    live.remove(gone)
                    stats.games_finished += 1
                    if (again := await one()) is not None:
                        live.append(again)


def client_process(base: str, count: int, start: float, end: float, seed: int) -> dict[str, Any]:
    """A worker process: ``count`` clients until ``end``; latencies of actions sent from ``start``.

    ``start`` and ``end`` are wall-clock times (``time.time()``), shared with the parent.
    """
    return asdict(asyncio.run(clients(base, count, start, end, seed)))


async def clients(base: str, count: int, start: float, end: float, seed: int) -> Stats:
    """Run ``count`` clients in this process's loop until ``end``."""
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(seed)
    # One HTTP client for the process: each one built loads the CA certificates, which
    # blocked the loop for seconds when a busy machine started a few hundred of them.
    async with httpx2.AsyncClient(base_url=base, timeout=60) as http:
        tasks = [
            asyncio.create_task(client(http, stop, stats, random.Random(rng.random()), start))
            for _ in range(count)
        ]
        while time.time() < end:
            asked = time.perf_counter()
            await asyncio.sleep(LAG_TICK)
            if time.time() >= start:
                stats.client_lags.append(time.perf_counter() - asked - LAG_TICK)
        stop.set()
        _, pending = await asyncio.wait(tasks, timeout=10)
        for task in pending:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return stats


async def client(
    http: httpx2.AsyncClient, stop: asyncio.Event, stats: Stats, rng: random.Random, start: float
) -> None:
    """One person: a table against three bots, acting as soon as it is their turn."""
    ws_base = str(http.base_url).rstrip("/").replace("http", "ws", 1)
    while not stop.is_set():
        try:
            table = await create(http, "court-piece", ["human"] + ["bot:random"] * 3, True)
            await play(ws_base + table["ws"], table["token"], stop, stats, rng, start)
        except Exception as error:  # every failure is counted, the client goes on
            if not stop.is_set():
                stats.errors.append(f"client: {error!r}")
                await asyncio.sleep(0.5)


async def play(
    url: str, token: str, stop: asyncio.Event, stats: Stats, rng: random.Random, start: float
) -> None:
    """Play until the game ends (or the run does); latencies from send to the answering frame.

    Only actions sent from ``start`` on (after the warm-up) are measured.
    """
    async with connect(url, max_size=2**22, open_timeout=30) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent: tuple[int, float, float] | None = None
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), 0.25)
            except TimeoutError:
                continue
            frame = json.loads(raw)
            if frame["type"] == "error":
                stats.errors.append(f"error frame: {frame['message']}")
                sent = None
                continue
            if frame["type"] != "state" or frame["seat"] != 0:
                continue
            if sent is not None and frame["seq"] > sent[0]:
                if sent[2] >= start:
                    stats.latencies.append(time.perf_counter() - sent[1])
                sent = None
            if frame["table"]["status"] == "over":
                stats.games_finished += 1
                return
            legal = frame["view"]["legal"]
            if legal and sent is None:
                sent = (frame["seq"], time.perf_counter(), time.time())
                action = rng.choice(legal)
                await ws.send(json.dumps({"type": "action", "action": action, "seq": frame["seq"]}))
                stats.client_actions += 1


def rss_kib(pid: int) -> int:
    """Resident memory of a process, in KiB."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process."""
    with contextlib.suppress(OSError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return 0.0


def count_actions(db: Path) -> int:
    """Rows in the record's action table (every action of every table)."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)) as conn:
        return int(conn.execute("SELECT count(*) FROM actions").fetchone()[0])


async def run(args: argparse.Namespace) -> dict[str, Any]:
    """Start the server, load it, measure, stop it."""
    workdir = Path(tempfile.mkdtemp(prefix="atout-load-"))
    db = workdir / "load.db"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(db, port, args)
    stats = Stats()
    stop = asyncio.Event()
    try:
        await wait_healthy(base)
        rng = random.Random(args.seed)
        ready = asyncio.Event()
        tasks = [asyncio.create_task(bot_tables(base, args.tables, ready, stop, stats))]
        await ready.wait()
        start = time.time() + args.warmup
        end = start + args.seconds
        processes = max(1, min(args.client_processes, args.clients))
        loop = asyncio.get_running_loop()
        spawn = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(processes, mp_context=spawn) as pool:
            workers = [
                loop.run_in_executor(
                    pool,
                    client_process,
                    base,
                    len(range(i, args.clients, processes)),
                    start,
                    end,
                    rng.randrange(2**31),
                )
                for i in range(processes)
            ]
            await asyncio.sleep(max(0.0, start - time.time()))
            actions0, cpu0, t0 = count_actions(db), cpu_seconds(server.pid), time.monotonic()
            peak = 0
            while time.time() < end:
                await asyncio.sleep(min(1.0, max(0.0, end - time.time())))
                peak = max(peak, rss_kib(server.pid))
            elapsed = time.monotonic() - t0
            actions1, cpu1 = count_actions(db), cpu_seconds(server.pid)
            for done in await asyncio.gather(*workers):
                stats.latencies += done["latencies"]
                stats.errors += done["errors"]
                stats.games_finished += done["games_finished"]
                stats.client_lags += done["client_lags"]
        latencies = sorted(stats.latencies)
        stop.set()
        _, pending = await asyncio.wait(tasks, timeout=10)
        for task in pending:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        async with httpx2.AsyncClient(base_url=base) as http:
            health = (await http.get("/health")).json()
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
    log_errors = [
        line
        for line in (workdir / "server.log").read_text(errors="replace").splitlines()
        if '"level": "error"' in line or "Traceback" in line
    ]
    shutil.rmtree(workdir, ignore_errors=True)

    def pct(q: float, values: list[float] = latencies) -> float | None:
        return round(1000 * values[int(q * (len(values) - 1))], 1) if values else None

    lags = sorted(stats.client_lags)

    return {
        "tables": args.tables,
        "clients": args.clients,
        "client_processes": args.client_processes,
        "seconds": round(elapsed, 1),
        "bot_delay": args.bot_delay,
        "actions_per_second": round((actions1 - actions0) / elapsed, 1),
        "client_actions": len(latencies),
        "latency_ms": {
            "p50": pct(0.50),
            "p99": pct(0.99),
            "max": pct(1.0),
            "mean": round(1000 * statistics.fmean(latencies), 1) if latencies else None,
        },
        "client_loop_lag_ms": {"p99": pct(0.99, lags), "max": pct(1.0, lags)},
        "server_rss_mib": round(peak / 1024, 1),
        "server_cpu_percent": round(100 * (cpu1 - cpu0) / elapsed, 1),
        "tables_live": health.get("tables"),
        "games_finished": stats.games_finished,
        "errors": len(stats.errors) + len(log_errors),
        "error_samples": (stats.errors + log_errors)[:5],
        "load_average": os.getloadavg(),
    }


def main() -> None:
    """Parse the options, run, print one JSON object (and a readable summary on stderr)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500, help="tables of four bots")
    parser.add_argument("--clients", type=int, default=200, help="websocket clients playing")
    parser.add_argument("--seconds", type=float, default=60, help="measured time")
    parser.add_argument("--warmup", type=float, default=5, help="seconds before measuring")
    parser.add_argument("--bot-delay", type=float, default=0.7, help="seconds a bot waits")
    parser.add_argument("--deal-pause", type=float, default=0.5, help="seconds between deals")
    parser.add_argument(
        "--client-processes", type=int, default=2, help="worker processes running the clients"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    result = asyncio.run(run(args))
    print(json.dumps(result))
    latency = result["latency_ms"]
    print(
        f"{result['actions_per_second']} actions/s, p50 {latency['p50']} ms, p99 {latency['p99']}"
        f" ms, RSS {result['server_rss_mib']} MiB, CPU {result['server_cpu_percent']}%,"
        f" errors {result['errors']}",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
