"""Does replaying uploaded records slow the server down? ``/health`` while records replay.

Starts the server (``python -m atout.server``) on a temporary SQLite file,
builds one large record (random duplicate bridge, about ``--size`` bytes),
posts it ``--uploads`` times at once to ``/api/replay`` and, meanwhile, asks
``/health`` every 50 ms. Prints one JSON object: the answers' statuses, how
long the uploads took, and the ``/health`` latencies (p50, max).

    .venv/bin/python bench/uploads.py --uploads 16 --size 800000
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx2

from atout.core import Match
from atout.games import get_game
from atout.notation.record import match_to_record

ROOT = Path(__file__).resolve().parents[1]


def big_record(size: int, seed: int = 1) -> bytes:
    """A duplicate bridge match of random play, at least ``size`` bytes as JSON."""
    rng = random.Random(seed)
    game = get_game("bridge")
    match = Match.new(game, {"scoring": "duplicate", "boards": 5000}, rng)
    played = 0
    while True:
        if match.needs_deal():
            played += 1
            if played % 50 == 0 and len(json.dumps(match_to_record(match))) >= size:
                return json.dumps(match_to_record(match)).encode()
            match = match.deal_next(rng)
            continue
        legal = [a for a in match.legal_actions() if not a.startswith(("claim", "concede"))]
        match = match.apply(rng.choice(legal), match.turn)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


async def measure(base: str, record: bytes, uploads: int) -> dict[str, object]:
    latencies: list[float] = []
    done = asyncio.Event()
    async with httpx2.AsyncClient(base_url=base, timeout=300) as http:

        async def probe() -> None:
            while not done.is_set():
                started = time.perf_counter()
                await http.get("/health")
                latencies.append(time.perf_counter() - started)
                await asyncio.sleep(0.05)

        async def upload() -> int:
            response = await http.post("/api/replay", content=record)
            return response.status_code

        prober = asyncio.create_task(probe())
        started = time.perf_counter()
        statuses = await asyncio.gather(*(upload() for _ in range(uploads)))
        took = time.perf_counter() - started
        done.set()
        await prober
    latencies.sort()
    return {
        "uploads": uploads,
        "record_bytes": len(record),
        "statuses": dict(Counter(statuses)),
        "seconds": round(took, 2),
        "health_checks": len(latencies),
        "health_p50_ms": round(1000 * latencies[len(latencies) // 2], 1),
        "health_max_ms": round(1000 * latencies[-1], 1),
        "load_average": os.getloadavg()[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--uploads", type=int, default=16)
    parser.add_argument("--size", type=int, default=800_000)
    args = parser.parse_args()
    record = big_record(args.size)
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        command = [sys.executable, "-m", "atout.server", "--port", str(port)]
        command += ["--db", f"sqlite:///{tmp}/atout.db", "--log-level", "warning"]
        server = subprocess.Popen(command, cwd=ROOT)
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                try:
                    if httpx2.get(f"{base}/health", timeout=1).status_code == 200:
                        break
                except httpx2.HTTPError:
                    time.sleep(0.1)
            print(json.dumps(asyncio.run(measure(base, record, args.uploads))))
        finally:
            server.terminate()
            server.wait(20)


if __name__ == "__main__":
    main()
