"""Two uvicorn processes on one PostgreSQL database and one Redis.

Clients spread over both play whole games; the same turn fired at both at
once is applied exactly once; two people sitting in one chair through both at
once end with one seated; undos racing the bots of the other process never
leave a record that does not replay; a process killed mid-game leaves the
other to carry on, its bots resuming once the dead process's lease lapses.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2
import pytest
import redis

from atout.notation.record import match_from_record

from .client import Seat
from .conftest import REDIS, Server, create, join, record, servers

pytestmark = pytest.mark.usefixtures("services")


def _my_turn(state: dict[str, Any]) -> bool:
    """The seat has something to do; a table not yet dealt has no view."""
    return state["view"] is not None and bool(state["view"]["legal"])


def _over_or_mine(state: dict[str, Any], acted: int) -> bool:
    """The game is over, or it is our turn in another position than the one we acted in.

    "Another" and not "a later" one: an undo takes the sequence back, and an
    action sent from a state the undo replaced is refused, so we act again.
    """
    return state["table"]["status"] == "over" or (_my_turn(state) and state["seq"] != acted)


async def _play(seat: Seat, rng: random.Random) -> None:
    """Act whenever it is this seat's turn, once per position, until the game is over.

    After an undo a new position can carry the sequence number of the stale one
    we acted in, and the action sent from the stale state is refused there; if
    nothing moves for a few seconds while it is our turn, we act again.
    """
    acted = -1
    while True:
        for _ in range(12):
            try:
                state = await seat.wait(lambda s, seq=acted: _over_or_mine(s, seq), timeout=5)
                break
            except TimeoutError:
                if seat.state is not None and _my_turn(seat.state):
                    state = seat.state
                    break
        else:
            raise TimeoutError("no position to act in for 60 s")
        if state["table"]["status"] == "over":
            return
        acted = state["seq"]
        action = rng.choice(state["view"]["legal"])
        await seat.send({"type": "action", "action": action, "seq": acted})


def test_clients_on_two_processes_play_a_whole_game(pair: list[Server]) -> None:
    a, b = pair
    table = create(a, ["human", "bot:random", "human", "bot:greedy"], sit=0, options={"target": 3})
    other = join(b, table["id"], 2)

    async def game() -> tuple[Seat, Seat]:
        async with (
            Seat(a.ws(table["ws"]), table["token"]) as ana,
            Seat(b.ws(table["ws"]), other["token"]) as bo,
            Seat(b.ws(table["ws"])) as watcher,
        ):
            rng = random.Random(7)
            await asyncio.gather(_play(ana, rng), _play(bo, rng))
            final = ana.state
            assert final is not None
            await watcher.wait(lambda s: s["version"] >= final["version"])
            assert not ana.errors and not bo.errors
            return ana, bo

    ana, bo = asyncio.run(game())
    assert ana.state is not None and bo.state is not None
    assert ana.state["seq"] == bo.state["seq"] and ana.state["version"] == bo.state["version"]
    # Both processes serve the same complete record, and it replays to the end.
    seen_a, seen_b = record(a, table["id"]), record(b, table["id"])
    assert seen_a == seen_b and seen_a["complete"]
    match = match_from_record(seen_a)
    assert match.is_over()
    assert sum(len(d["actions"]) for d in seen_a["deals"]) == ana.state["seq"]


def test_the_same_turn_fired_at_both_processes_is_applied_once(pair: list[Server]) -> None:
    a, b = pair
    # Four people; seat 3 deals, so seat 0 names trump first and no bot ever moves.
    table = create(a, ["human"] * 4, sit=0, options={"first_dealer": 3})
    tokens = [table["token"]] + [join((a, b)[n % 2], table["id"], n)["token"] for n in (1, 2, 3)]
    rounds = 40

    async def race() -> list[str]:
        seats = [Seat(server.ws(table["ws"]), token) for token in tokens for server in (a, b)]
        for seat in seats:
            await seat.__aenter__()
        outcomes = []
        try:
            for _ in range(rounds):
                outcomes.append(await _one_race(seats))
        finally:
            for seat in seats:
                await seat.__aexit__(None, None, None)
        return outcomes

    outcomes = asyncio.run(race())
    stored = record(a, table["id"], tokens[0])
    assert record(b, table["id"], tokens[0]) == stored
    # Both sides won races (the winner is whoever the database took first).
    assert len(outcomes) == rounds and set(outcomes) <= {"a", "b", "either"}


async def _one_race(seats: list[Seat]) -> str:
    """Fire different legal actions for the turn at both processes; check exactly one lands."""
    # Everyone agrees on the table first.
    versions: set[int] = set()
    for _ in range(200):
        versions = {s.state["version"] for s in seats if s.state is not None}
        if len(versions) == 1 and any(s.state and _my_turn(s.state) for s in seats):
            break
        await asyncio.sleep(0.02)
    assert len(versions) == 1, versions
    index = next(i for i, s in enumerate(seats) if s.state and _my_turn(s.state))
    index -= index % 2
    on_a, on_b = seats[index], seats[index + 1]
    assert on_a.state is not None
    seq, legal = on_a.state["seq"], on_a.state["view"]["legal"]
    first, last = legal[0], legal[-1]
    errors = len(on_a.errors), len(on_b.errors)
    await asyncio.gather(
        on_a.send({"type": "action", "action": first, "seq": seq}),
        on_b.send({"type": "action", "action": last, "seq": seq}),
    )
    # Every connection, on both processes, moves on by exactly one action.
    for seat in seats:
        state = await seat.wait(lambda s: s["seq"] > seq)
        assert state["seq"] == seq + 1
    # Exactly one of the two was refused, with an error frame.
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        refused = (len(on_a.errors) - errors[0], len(on_b.errors) - errors[1])
        if sum(refused) >= 1:
            break
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)
    refused = (len(on_a.errors) - errors[0], len(on_b.errors) - errors[1])
    assert sorted(refused) == [0, 1], (refused, on_a.errors[-2:], on_b.errors[-2:])
    if first == last:
        return "either"
    return "a" if refused == (0, 1) else "b"


async def _sit(server: Server, table_id: str, name: str, seat: int | None) -> httpx2.Response:
    body: dict[str, Any] = {"name": name} if seat is None else {"name": name, "seat": seat}
    async with httpx2.AsyncClient(timeout=10) as client:
        return await client.post(f"{server.http}/api/tables/{table_id}/join", json=body)


async def _sit_at_once(
    a: Server, b: Server, table_id: str, seat: int | None
) -> tuple[httpx2.Response, httpx2.Response]:
    first, second = await asyncio.gather(
        _sit(a, table_id, "Ana", seat), _sit(b, table_id, "Bo", seat)
    )
    return first, second


def _players_agree(pair: list[Server], table_id: str, token: str) -> list[str] | None:
    seen = [record(server, table_id, token)["players"] for server in pair]
    return seen[0] if seen[0] == seen[1] else None


def test_two_people_sitting_in_one_chair_through_both_processes(pair: list[Server]) -> None:
    a, b = pair
    for _ in range(6):
        table = create(a, ["human", "human", "human", "bot:random"], sit=0)
        httpx2.get(f"{b.http}/api/tables/{table['id']}/spectate", timeout=5)  # b holds it too
        ana, bo = asyncio.run(_sit_at_once(a, b, table["id"], 1))
        codes = sorted((ana.status_code, bo.status_code))
        assert codes == [200, 400], (ana.text, bo.text)
        loser = ana if ana.status_code == 400 else bo
        assert "seat 1" in loser.json()["error"]
        winner = "Ana" if loser is bo else "Bo"
        players = _wait_for(
            lambda t=table: _players_agree(pair, t["id"], t["token"]), 10, "agreement"
        )
        assert players[1] == winner
        # Asking for any seat, both sit down, in two different chairs.
        ana, bo = asyncio.run(_sit_at_once(a, b, table["id"], None))
        assert sorted((ana.status_code, bo.status_code)) == [200, 400]  # one chair was left
        assert (ana if ana.status_code == 200 else bo).json()["seat"] == 2
    table = create(a, ["human"] * 4, sit=0)
    ana, bo = asyncio.run(_sit_at_once(a, b, table["id"], None))
    assert (ana.status_code, bo.status_code) == (200, 200), (ana.text, bo.text)
    assert {ana.json()["seat"], bo.json()["seat"]} <= {1, 2, 3}
    assert ana.json()["seat"] != bo.json()["seat"]
    players = _wait_for(lambda: _players_agree(pair, table["id"], table["token"]), 10, "agreement")
    assert {"Ana", "Bo"} <= set(players)


def test_undos_racing_the_other_process_bots_keep_the_record_whole(pair: list[Server]) -> None:
    a, b = pair
    table = create(a, ["human"] + ["bot:random"] * 3, sit=0, options={"target": 3})
    holder = _wait_for(lambda: _lease_holder(table["id"], pair), 10, "a lease holder")
    other = b if holder is a else a
    rng = random.Random(5)

    async def play_and_take_back() -> None:
        # The person is on the process that does not play the bots.
        async with Seat(other.ws(table["ws"]), table["token"]) as me:
            seen = -1  # versions, not sequence numbers: an undo takes the sequence back
            for _ in range(40):
                state = await me.wait(
                    lambda s, after=seen: (
                        s["table"]["status"] == "over" or (_my_turn(s) and s["version"] > after)
                    ),
                    timeout=30,
                )
                if state["table"]["status"] == "over":
                    return
                seen = state["version"]
                action = rng.choice(state["view"]["legal"])
                await me.send({"type": "action", "action": action, "seq": state["seq"]})
                # At once, while the bots answer on the other process.
                await asyncio.sleep(rng.choice((0, 0.001, 0.005, 0.02)))
                await me.send({"type": "undo"})
                await asyncio.sleep(0.2)  # under the per-connection rate limit
            await _play(me, rng)  # then to the end, when the whole record is public

    asyncio.run(play_and_take_back())
    done = _wait_for(
        lambda: record(holder, table["id"]).get("complete") and record(holder, table["id"]),
        30,
        "the game to end",
    )
    assert record(other, table["id"]) == done
    # The record replays: nothing was appended to a record taken back.
    assert match_from_record(done).is_over()


def _lease_holder(table_id: str, servers_: list[Server]) -> Server | None:
    owner = redis.Redis.from_url(REDIS).get(f"atout:lease:{table_id}")
    if owner is None:
        return None
    pid = int(owner.decode().split(":")[1])
    return next((s for s in servers_ if s.process.pid == pid), None)


def _seq(server: Server, table_id: str) -> int:
    response = httpx2.get(f"{server.http}/api/tables/{table_id}/spectate", timeout=5)
    seq: int = response.json()["seq"]
    return seq


def _wait_for(check: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def test_killing_a_process_mid_game_hands_its_bots_over(
    fresh_pg: Callable[[], str], tmp_path: Path
) -> None:
    with servers(fresh_pg(), tmp_path, ATOUT_BOT_DELAY="0.03") as pair:
        table = create(pair[0], ["bot:random"] * 4, options={"target": 3})
        table_id = table["id"]
        holder = _wait_for(lambda: _lease_holder(table_id, pair), 10, "a lease holder")
        survivor = pair[1] if holder is pair[0] else pair[0]
        _wait_for(lambda: _seq(survivor, table_id) >= 10, 20, "ten actions")
        holder.kill()
        killed_at = time.monotonic()
        before = _seq(survivor, table_id)
        # The lease (1.5 s) lapses and the survivor plays on.
        _wait_for(lambda: _seq(survivor, table_id) >= before + 10, 20, "the bots to resume")
        assert time.monotonic() - killed_at < 15
        assert _lease_holder(table_id, pair) is survivor
        done = _wait_for(
            lambda: record(survivor, table_id).get("complete") and record(survivor, table_id),
            90,
            "the game to end",
        )
        assert match_from_record(done).is_over()
