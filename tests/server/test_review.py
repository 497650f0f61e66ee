"""The review API of a table's finished deals, and the analysis of uploaded records."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from atout.analysis import review_deal
from atout.cli import app
from atout.games import get_game
from atout.notation.record import load_record, match_from_record

EXAMPLES = Path("/work/shared/examples")
needs_examples = pytest.mark.skipif(not EXAMPLES.is_dir(), reason="no shared examples here")


def _bridge_table(client: TestClient, boards: int) -> dict[str, Any]:
    body = {
        "game": "bridge",
        "seats": ["human", "bot:greedy", "bot:greedy", "bot:greedy"],
        "sit": 0,
        "name": "Ana",
        "options": {"scoring": "duplicate", "boards": boards},
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def _play_until(client: TestClient, table: dict[str, Any], done: Callable[[Any], bool]) -> None:
    """Seat 0 plays the greedy hint until ``done(frame)`` holds (the bots play the rest)."""
    url = f"/api/tables/{table['id']}"
    auth = {"Authorization": f"Bearer {table['token']}"}
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": table["token"]})
        acted = -1  # a state frame may come twice: act once per state
        for _ in range(5000):
            frame = ws.receive_json()
            if frame.get("type") == "error":
                # A refused action (the table moved on meanwhile): act again on a fresh view,
                # or nothing more would come and the loop would wait for ever.
                frame = client.get(f"{url}/view", headers=auth).json()
                acted = -1
            if frame.get("type") != "state" or frame["view"] is None:
                continue
            if done(frame):
                return
            if frame["view"]["legal"] and frame["seq"] > acted and frame["seat"] == 0:
                hint = client.get(f"{url}/hint", headers=auth).json()["action"]
                ws.send_json({"type": "action", "action": hint, "seq": frame["seq"]})
                acted = frame["seq"]
    raise AssertionError("the table never got there")


def test_a_finished_deal_is_reviewed_and_the_deal_in_play_is_not(client: TestClient) -> None:
    table = _bridge_table(client, boards=2)
    url = f"/api/tables/{table['id']}"
    auth = {"Authorization": f"Bearer {table['token']}"}
    _play_until(client, table, lambda f: f["table"]["deal_number"] == 2 and f["view"]["legal"])

    # Twin positions: deal 0 is over, deal 1 in play.
    mine = client.get(f"{url}/deals/0/review", headers=auth)
    assert mine.status_code == 200, mine.text
    review = mine.json()
    assert review["seat"] == 0 and review["deal"] == 0
    assert all(d["seat"] in (0, 2) for d in review["decisions"])
    in_play = client.get(f"{url}/deals/1/review", headers=auth)
    assert in_play.status_code == 409 and "still in play" in in_play.json()["error"]
    assert set(in_play.json()) == {"error"}
    assert client.get(f"{url}/deals/2/review", headers=auth).status_code == 404
    # While the game goes on: only one's own decisions, and only with a seat token.
    other = client.get(f"{url}/deals/0/review?seat=1", headers=auth)
    assert other.status_code == 403 and "your own decisions" in other.json()["error"]
    assert client.get(f"{url}/deals/0/review?seat=N", headers=auth).status_code == 200
    assert client.get(f"{url}/deals/0/review").status_code == 403
    bad = {"Authorization": "Bearer nope"}
    assert client.get(f"{url}/deals/0/review", headers=bad).status_code == 400
    assert client.get(f"{url}/deals/0/review?seat=Q", headers=auth).status_code == 400

    _play_until(client, table, lambda f: f["table"]["status"] == "over")
    record = client.get(f"{url}/record").json()
    match = match_from_record(record)
    # Once the game is over, anyone may review any seat; the values are the solver's. Seat 0
    # (a person) is judged on the cards they chose for a bot partner's contract too.
    bots = (False, True, True, True)
    for seat in range(4):
        response = client.get(f"{url}/deals/0/review?seat={seat}")
        assert response.status_code == 200
        assert response.json() == review_deal(match, 0, seat, bots=bots)
    assert client.get(f"{url}/deals/0/review", headers=auth).json() == review


def test_the_review_matches_atout_solve_on_the_tables_record(
    client: TestClient, tmp_path: Path
) -> None:
    table = _bridge_table(client, boards=1)
    url = f"/api/tables/{table['id']}"
    _play_until(client, table, lambda f: f["table"]["status"] == "over")
    path = tmp_path / "table.json"
    path.write_text(client.get(f"{url}/record").text)
    served = client.get(f"{url}/deals/0/review?seat=S").json()
    cli = CliRunner().invoke(app, ["solve", str(path), "--review", "S", "--deal", "0", "--json"])
    assert cli.exit_code == 0, cli.output
    assert json.loads(cli.output) == served
    for d in served["decisions"]:
        at = CliRunner().invoke(app, ["solve", str(path), "--at", str(d["index"]), "--json"])
        assert json.loads(at.output)["values"] == d["values"]


def test_a_table_not_started_has_nothing_to_review(client: TestClient) -> None:
    body = {"game": "court-piece", "seats": ["human", "human", "human", "human"], "sit": 0}
    table = client.post("/api/tables", json=body).json()
    auth = {"Authorization": f"Bearer {table['token']}"}
    response = client.get(f"/api/tables/{table['id']}/deals/0/review", headers=auth)
    assert response.status_code == 409 and "not started" in response.json()["error"]


@needs_examples
@pytest.mark.parametrize(
    ("name", "at"),
    [("five-hundred-hand", 12), ("court-piece-simple", 3), ("court-circular-game", 51)],
)
def test_analyse_values_a_records_position_as_atout_solve_does(
    client: TestClient, name: str, at: int
) -> None:
    path = EXAMPLES / f"{name}.record.json"
    response = client.post(f"/api/analyse?deal=0&at={at}", content=path.read_bytes())
    assert response.status_code == 200, response.text
    body = response.json()
    cli = CliRunner().invoke(app, ["solve", str(path), "--at", str(at), "--deal", "0", "--json"])
    expected = json.loads(cli.output)
    assert body["solved"] is True
    assert body["values"] == expected["values"]
    assert body["turn"] == expected["turn"]


@needs_examples
def test_analyse_without_a_step_judges_every_card_of_the_deal(client: TestClient) -> None:
    path = EXAMPLES / "court-piece-simple.record.json"
    body = client.post("/api/analyse?deal=0", content=path.read_bytes()).json()
    match = load_record(path)
    cards = [k for k, (_, a) in enumerate(match.deals[0].actions) if not a.startswith("trump")]
    assert [d["index"] for d in body["decisions"]] == cards
    assert body["costly"] == [d["index"] for d in body["decisions"] if d["cost"]]
    before = client.post("/api/analyse?deal=0&at=0", content=path.read_bytes()).json()
    assert before["solved"] is False and "bids are not solved" in before["reason"]


@needs_examples
def test_analyse_refuses_bad_input(client: TestClient) -> None:
    path = EXAMPLES / "court-piece-simple.record.json"
    raw = path.read_bytes()
    assert client.post("/api/analyse?at=x", content=raw).status_code == 400
    assert (
        client.post("/api/analyse?deal=%EF%BC%91&at=1", content=raw).status_code == 400
    )  # a full-width 1
    assert client.post("/api/analyse?deal=9&at=1", content=raw).status_code == 400
    assert client.post("/api/analyse?at=999", content=raw).status_code == 400
    assert client.post("/api/analyse?at=1", content=b"{nope").status_code == 422
    big = client.post("/api/analyse?at=1", content=b" " * 2_000_001)
    assert big.status_code == 413


def test_the_openapi_document_describes_both(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    review = paths["/api/tables/{table_id}/deals/{deal}/review"]["get"]
    assert "409" in review["responses"] and "403" in review["responses"]
    assert "/api/analyse" in paths


def test_one_review_computed_for_many_askers_and_two_at_once_per_address() -> None:
    """A flood of reviews from one address filled the shared worker: the same review asked
    again waits for the one computing, and an address has two different ones at most."""
    import asyncio  # noqa: PLC0415 (this test alone runs its own loop)

    from atout.server.review import REVIEWS_PER_CLIENT, Reviews  # noqa: PLC0415

    calls: list[tuple[int, int]] = []

    class Workers:
        async def call(
            self, _job: Any, _record: Any, deal: int, seat: int, *_: Any, **__: Any
        ) -> Any:
            calls.append((deal, seat))
            await asyncio.sleep(0.05)
            return 200, {"deal": deal, "seat": seat}

    class Room:
        id = "t1"
        extra: ClassVar[dict[str, Any]] = {}
        game = get_game("court-piece")

        def record(self) -> dict[str, Any]:
            return {"deals": [{}, {}, {}, {}]}

    async def flood() -> list[tuple[int, Any]]:
        reviews = Reviews(Workers())  # type: ignore[arg-type]
        same = [reviews.review(Room(), 0, 1, "1.2.3.4") for _ in range(10)]  # type: ignore[arg-type]
        other = [reviews.review(Room(), d, 0, "1.2.3.4") for d in (1, 2, 3)]  # type: ignore[arg-type]
        elsewhere = reviews.review(Room(), 3, 2, "5.6.7.8")  # type: ignore[arg-type]
        return await asyncio.gather(*same, *other, elsewhere)

    answers = asyncio.run(flood())
    assert all(status == 200 for status, _ in answers[:10])  # ten askers, one computation
    assert calls.count((0, 1)) == 1
    statuses = [status for status, _ in answers[10:13]]
    assert statuses.count(429) == 3 - (REVIEWS_PER_CLIENT - 1)  # one slot taken by the first
    assert answers[13][0] == 200  # another address is not held back
