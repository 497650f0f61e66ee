"""Scale-out benchmark: the same load on one process, then on two, sharing PostgreSQL and Redis.

For each process count, starts that many ``uvicorn`` processes on a fresh
PostgreSQL database and the local Redis (or targets running ones with
``--servers host:port,host:port``), spreads ``--tables`` tables of four bots
and ``--clients`` tables where a websocket client plays seat 0 over the
processes (round robin, as a reverse proxy without stickiness would), and
counts the actions stored per second (rows of the record, read from the
database) over ``--seconds``. Finished games are replaced, so the load stays constant.
Prints one JSON line per run and the two-to-one throughput ratio.

    .venv/bin/python bench/scaleout.py --tables 40 --clients 8 --seconds 20
    .venv/bin/python bench/scaleout.py --servers 10.0.0.5:8000,10.0.0.6:8000 \
        --database postgresql://atout@db/atout --seconds 30

Bots play without delay here (``--bot-delay 0``), so the figure is what the
processes can do, not what people see at a table.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg
import httpx2
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
PG_ADMIN = os.environ.get("ATOUT_BENCH_PG", "postgresql://postgres@127.0.0.1:5432/postgres")
REDIS = os.environ.get("ATOUT_BENCH_REDIS", "redis://127.0.0.1:6379/0")
GAME = {"game": "court-piece", "options": {"target": 15}}


@dataclass
class Load:
    """What the clients measured."""

    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


async def stored_actions(database: str) -> int:
    """Rows in the record's actions table (every process writes there)."""
    conn = await asyncpg.connect(database.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        return int(await conn.fetchval("SELECT count(*) FROM actions"))
    finally:
        await conn.close()


async def _admin(sql: str) -> None:
    conn = await asyncpg.connect(PG_ADMIN, timeout=5)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


@contextlib.contextmanager
def local_servers(count: int, args: argparse.Namespace) -> Iterator[tuple[list[str], str]]:
    """``count`` processes on a fresh database: their base URLs and the database's."""
    name = f"atout_bench_{secrets.token_hex(4)}"
    asyncio.run(_admin(f'CREATE DATABASE "{name}"'))
    url = PG_ADMIN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://") + "/" + name
    env = {
        **os.environ,
        "ATOUT_DATABASE_URL": url,
        "ATOUT_REDIS_URL": REDIS,
        "ATOUT_BOT_DELAY": str(args.bot_delay),
        "ATOUT_DEAL_PAUSE": "0",
        "ATOUT_GRACE_SECONDS": "3600",
        "ATOUT_TABLES_PER_MINUTE": "1000000",  # every table comes from this one client
        "ATOUT_OPEN_TABLES": "1000000",
        "ATOUT_SOCKETS_PER_CLIENT": "1000000",
    }
    logs = Path(tempfile.mkdtemp(prefix="atout-scaleout-"))
    processes, bases = [], []
    try:
        for number in range(count):
            port = free_port()
            command = [sys.executable, "-m", "uvicorn", "atout.server.app:create_app"]
            command += ["--factory", "--port", str(port), "--log-level", "warning"]
            log = (logs / f"server{number}.log").open("wb")
            processes.append(subprocess.Popen(command, env=env, stdout=log, stderr=log, cwd=ROOT))
            bases.append(f"http://127.0.0.1:{port}")
        asyncio.run(wait_healthy(bases))
        yield bases, url
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                process.kill()
        with contextlib.suppress(Exception):
            asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        # The servers' logs are kept only when they say something (warnings and worse).
        if any(log.stat().st_size for log in logs.iterdir()):
            print(f"server logs kept in {logs}", file=sys.stderr)
        else:
            shutil.rmtree(logs, ignore_errors=True)


async def wait_healthy(bases: list[str], timeout: float = 60) -> None:
    """Poll each ``/health`` until it answers."""
    deadline = time.monotonic() + timeout
    async with httpx2.AsyncClient() as http:
        for base in bases:
            while True:
                with contextlib.suppress(httpx2.HTTPError):
                    if (await http.get(f"{base}/health")).status_code == 200:
                        break
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{base} did not start")
                await asyncio.sleep(0.2)


async def is_over(http: httpx2.AsyncClient, base: str, table_id: str) -> bool:
    """Whether the table's game is over."""
    frame = (await http.get(f"{base}/api/tables/{table_id}/spectate")).json()
    return bool(frame["table"]["status"] == "over")


async def bot_slot(
    http: httpx2.AsyncClient, bases: list[str], slot: int, stop: asyncio.Event
) -> None:
    """Keep one table of four bots going."""
    turn = slot
    while not stop.is_set():
        base = bases[turn % len(bases)]
        turn += 1
        body = {**GAME, "seats": ["bot:random"] * 4}
        table = (await http.post(f"{base}/api/tables", json=body)).json()
        while not stop.is_set():
            await asyncio.sleep(2.0)
            # Ask the process that created it: asking another would make that one reload
            # the table from its record every time (it follows unwatched tables lazily).
            if await is_over(http, base, table["id"]):
                break


async def client_slot(bases: list[str], slot: int, stop: asyncio.Event, load: Load) -> None:
    """One person against three bots, on a process other than the table's; replaced when over."""
    rng = random.Random(slot)
    async with httpx2.AsyncClient() as http:
        turn = slot
        while not stop.is_set():
            create, play = bases[turn % len(bases)], bases[(turn + 1) % len(bases)]
            turn += 1
            body = {**GAME, "seats": ["human"] + ["bot:random"] * 3, "sit": 0}
            table = (await http.post(f"{create}/api/tables", json=body)).json()
            await play_game(play, table, rng, stop, load)


async def play_game(
    base: str, table: dict[str, Any], rng: random.Random, stop: asyncio.Event, load: Load
) -> int:
    """Play seat 0 until the game ends or the run stops; returns the actions stored."""
    url = base.replace("http://", "ws://") + table["ws"]
    seq, sent_at = 0, None
    async with connect(url) as ws:
        await ws.send(json.dumps({"type": "hello", "token": table["token"]}))
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                frame = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
                if frame["type"] == "error":
                    load.errors.append(frame["message"])
                if frame["type"] != "state" or frame["seat"] != 0:
                    continue
                if sent_at is not None and frame["seq"] > seq:
                    load.latencies.append(time.monotonic() - sent_at)
                    sent_at = None
                seq = frame["seq"]
                if frame["table"]["status"] == "over":
                    break
                if frame["view"]["legal"] and sent_at is None:
                    action = rng.choice(frame["view"]["legal"])
                    await ws.send(json.dumps({"type": "action", "action": action, "seq": seq}))
                    sent_at = time.monotonic()
    return seq


async def measure(bases: list[str], database: str, args: argparse.Namespace) -> dict[str, Any]:
    """Run the load; the actions stored per second over the measured window."""
    stop = asyncio.Event()
    load = Load()
    limits = httpx2.Limits(max_connections=50)
    async with httpx2.AsyncClient(timeout=30, limits=limits) as http:
        tasks = [
            asyncio.create_task(bot_slot(http, bases, slot, stop)) for slot in range(args.tables)
        ]
        tasks += [
            asyncio.create_task(client_slot(bases, slot, stop, load))
            for slot in range(args.clients)
        ]
        await asyncio.sleep(args.warmup)
        # From here on, count: what is stored now is subtracted at the end.
        before, started = await stored_actions(database), time.monotonic()
        baseline = load.latencies[:]
        await asyncio.sleep(args.seconds)
        after, elapsed = await stored_actions(database), time.monotonic() - started
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    latencies = sorted(load.latencies[len(baseline) :])
    return {
        "processes": len(bases),
        "actions_per_second": round((after - before) / elapsed, 1),
        "latency_p50_ms": round(1000 * statistics.median(latencies), 1) if latencies else None,
        "errors": len(load.errors),
    }


def main() -> None:
    """Parse the options, run one process then two (or the given servers), print the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--servers", help="host:port,host:port of running processes")
    parser.add_argument("--database", help="with --servers: their PostgreSQL, to count actions")
    parser.add_argument("--tables", type=int, default=40, help="tables of four bots")
    parser.add_argument("--clients", type=int, default=8, help="websocket clients playing")
    parser.add_argument("--seconds", type=float, default=20, help="measured time")
    parser.add_argument("--warmup", type=float, default=4, help="seconds before measuring")
    parser.add_argument("--bot-delay", type=float, default=0.0, help="seconds a bot waits")
    args = parser.parse_args()
    if args.servers:
        if not args.database:
            parser.error("--servers needs --database to count the stored actions")
        bases = [f"http://{hostport}" for hostport in args.servers.split(",")]
        print(json.dumps(asyncio.run(measure(bases, args.database, args))))
        return
    results = []
    for count in (1, 2):
        with local_servers(count, args) as (bases, database):
            results.append(asyncio.run(measure(bases, database, args)))
        print(json.dumps(results[-1]), flush=True)
    one, two = (r["actions_per_second"] for r in results)
    print(json.dumps({"ratio_two_to_one": round(two / one, 2) if one else None}))


if __name__ == "__main__":
    main()
