"""Real servers for the scale-out tests: PostgreSQL, Redis and uvicorn subprocesses.

Each pair of processes gets a fresh PostgreSQL database (dropped at the end
of the run) and shares the Redis on this machine. The tests skip, saying
why, only when PostgreSQL or Redis cannot be reached; CI starts both.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import pytest

PG_ADMIN = os.environ.get("ATOUT_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")
REDIS = os.environ.get("ATOUT_TEST_REDIS", "redis://127.0.0.1:6379/0")


def _pg_reachable() -> str | None:
    import asyncpg  # noqa: PLC0415

    async def ping() -> None:
        conn = await asyncpg.connect(PG_ADMIN, timeout=3)
        await conn.close()

    try:
        asyncio.run(ping())
    except Exception as error:
        return f"PostgreSQL unreachable at {PG_ADMIN}: {error}"
    return None


def _redis_reachable() -> str | None:
    import redis  # noqa: PLC0415

    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=3).ping()
    except Exception as error:
        return f"Redis unreachable at {REDIS}: {error}"
    return None


@pytest.fixture(scope="session")
def services() -> None:
    """Skip (with the reason) unless PostgreSQL and Redis answer."""
    for reason in (_pg_reachable(), _redis_reachable()):
        if reason:
            pytest.skip(reason)


async def _admin(sql: str) -> None:
    import asyncpg  # noqa: PLC0415

    conn = await asyncpg.connect(PG_ADMIN, timeout=5)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


@pytest.fixture(scope="session")
def fresh_pg(services: None) -> Iterator[Callable[[], str]]:
    """Make fresh PostgreSQL databases (async URLs); all are dropped at the end of the run."""
    made: list[str] = []

    def make() -> str:
        name = f"atout_scale_{secrets.token_hex(4)}"
        asyncio.run(_admin(f'CREATE DATABASE "{name}"'))
        made.append(name)
        return PG_ADMIN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://") + (
            f"/{name}"
        )

    yield make
    for name in made:
        with contextlib.suppress(Exception):
            asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Server:
    """One ``uvicorn`` process serving the app."""

    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws(self, path: str) -> str:
        return f"ws://127.0.0.1:{self.port}{path}"

    def kill(self) -> None:
        """SIGKILL: no shutdown, no lease released, connections cut."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)


def start_server(database_url: str, log: Path, **env: str) -> Server:
    """Start one process and wait until ``/health`` answers."""
    port = free_port()
    environment = {
        **os.environ,
        "ATOUT_DATABASE_URL": database_url,
        "ATOUT_REDIS_URL": REDIS,
        "ATOUT_BOT_DELAY": "0",
        "ATOUT_DEAL_PAUSE": "0",
        "ATOUT_LEASE_SECONDS": "1.5",
        "ATOUT_TABLES_PER_MINUTE": "1000000",
        "ATOUT_OPEN_TABLES": "1000000",
        "ATOUT_SOCKETS_PER_CLIENT": "1000000",
        **env,
    }
    command = [sys.executable, "-m", "uvicorn", "atout.server.app:create_app", "--factory"]
    command += ["--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"]
    with log.open("ab") as out:
        process = subprocess.Popen(command, env=environment, stdout=out, stderr=out)
    server = Server(port, process, log)
    deadline = time.monotonic() + 60  # a loaded 2-core machine can take 30 s and more
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited: {log.read_text()[-2000:]}")
        with contextlib.suppress(httpx2.HTTPError):
            if httpx2.get(f"{server.http}/health", timeout=1).status_code == 200:
                return server
        time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"server did not start: {log.read_text()[-2000:]}")


@contextlib.contextmanager
def servers(database_url: str, tmp: Path, count: int = 2, **env: str) -> Iterator[list[Server]]:
    """``count`` processes on one database and one Redis; stopped (or killed) at the end."""
    started: list[Server] = []
    try:
        for number in range(count):
            started.append(start_server(database_url, tmp / f"server{number}.log", **env))
        yield started
    finally:
        for server in started:
            if server.process.poll() is None:
                server.process.terminate()
        for server in started:
            try:
                server.process.wait(15)
            except subprocess.TimeoutExpired:
                server.process.kill()


@pytest.fixture
def pair(fresh_pg: Callable[[], str], tmp_path: Path) -> Iterator[list[Server]]:
    """Two processes on a fresh database, instant bots."""
    with servers(fresh_pg(), tmp_path) as started:
        yield started


def create(server: Server, seats: list[str], **extra: Any) -> dict[str, Any]:
    """A Court Piece table created on ``server`` (sitting at seat 0 unless told otherwise)."""
    body = {"game": "court-piece", "seats": seats, **extra}
    response = httpx2.post(f"{server.http}/api/tables", json=body, timeout=10)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def join(server: Server, table_id: str, seat: int) -> dict[str, Any]:
    """Take ``seat`` through ``server``."""
    response = httpx2.post(
        f"{server.http}/api/tables/{table_id}/join", json={"seat": seat}, timeout=10
    )
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def record(server: Server, table_id: str, token: str | None = None) -> dict[str, Any]:
    """The table's record as ``server`` sees it."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    url = f"{server.http}/api/tables/{table_id}/record"
    response = httpx2.get(url, headers=headers, timeout=10)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data
