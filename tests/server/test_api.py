"""The lobby's HTTP API: games, tables, seats, records, restart."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from atout.games import GAMES
from atout.server import create_app

from .conftest import FAST, another_browser, create_table

BOTS = ["human", "bot:random", "bot:random", "bot:random"]


def test_health_and_openapi(client: TestClient) -> None:
    assert client.get("/health").json()["status"] == "ok"
    schema = client.get("/openapi.json").json()
    assert "/api/tables" in schema["paths"]
    assert "/api/tables/{table_id}/join" in schema["paths"]


def test_games_list_every_registered_game_with_option_ranges(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert set(games) == set(GAMES)
    options = {o["name"]: o for o in games["court-piece"]["options"]}
    assert (options["target"]["min"], options["target"]["max"]) == (3, 15)
    assert options["variant"]["choices"] == ["simple", "courts"]
    assert "random" in games["court-piece"]["bots"]


def test_bad_requests_are_refused_with_a_message(client: TestClient) -> None:
    bad = [
        {"game": "chess", "seats": BOTS},
        {"game": "court-piece", "seats": BOTS[:3]},
        {"game": "court-piece", "seats": ["human", "bot:genius", "human", "human"]},
        {"game": "court-piece", "seats": BOTS, "options": {"target": 99}},
    ]
    for body in bad:
        response = client.post("/api/tables", json=body)
        assert response.status_code == 422
        assert response.json()["error"]
    assert client.get("/api/tables/nope").status_code == 404


def test_a_table_with_one_human_starts_when_the_human_sits(client: TestClient) -> None:
    table = create_table(client, BOTS)
    assert table["status"] == "playing" and table["seat"] == 0
    assert table["invite"].endswith(f"/t/{table['id']}")
    assert len(table["token"]) >= 30
    listed = client.get("/api/tables").json()
    assert [t["id"] for t in listed] == [table["id"]]


def test_join_leave_and_start(client: TestClient) -> None:
    table = create_table(client, ["human", "bot:random", "human", "bot:random"])
    assert table["status"] == "waiting"
    url = f"/api/tables/{table['id']}"
    friend = another_browser(client)
    joined = friend.post(f"{url}/join", json={"name": "Bo"}).json()
    assert joined["seat"] == 2 and joined["status"] == "playing"
    assert client.post(f"{url}/join", json={}).status_code == 400
    auth = {"Authorization": f"Bearer {joined['token']}"}
    assert client.post(f"{url}/leave", headers=auth).status_code == 200
    assert client.post(f"{url}/leave", headers=auth).status_code == 400
    again = friend.post(f"{url}/join", json={"seat": 2}).json()
    assert again["seat"] == 2 and again["token"] != joined["token"]


def test_start_with_a_free_seat(client: TestClient) -> None:
    table = create_table(client, ["human", "bot:random", "human", "bot:random"])
    url = f"/api/tables/{table['id']}"
    assert client.post(f"{url}/start").status_code == 400
    auth = {"Authorization": f"Bearer {table['token']}"}
    assert client.post(f"{url}/start", headers=auth).json()["status"] == "playing"


def test_record_hides_other_hands_until_the_game_is_over(client: TestClient) -> None:
    table = create_table(client, BOTS)
    url = f"/api/tables/{table['id']}"
    auth = {"Authorization": f"Bearer {table['token']}"}
    record = client.get(f"{url}/record", headers=auth).json()
    assert record["complete"] is False
    assert "hands" not in record["deals"][0]  # the deal in progress: the view says it all
    assert record["view"]["seat"] == 0
    assert "actions" not in record["deals"][0]
    spectator = client.get(f"{url}/record").json()
    assert "hands" not in spectator["deals"][0]
    assert spectator["view"]["hand"] == []


def test_hint_is_a_legal_action(client: TestClient) -> None:
    table = create_table(client, BOTS, options={"first_dealer": 3})
    url = f"/api/tables/{table['id']}"
    auth = {"Authorization": f"Bearer {table['token']}"}
    view = client.get(f"{url}/view", headers=auth).json()["view"]
    assert view["legal"]  # seat 0 calls trump when seat 3 deals
    assert client.get(f"{url}/hint", headers=auth).json()["action"] in view["legal"]


def test_a_restarted_server_resumes_every_table(db_url: str) -> None:
    with TestClient(create_app(db_url, settings=FAST)) as client:
        table = create_table(client, BOTS, options={"first_dealer": 3})
        auth = {"Authorization": f"Bearer {table['token']}"}
        url = f"/api/tables/{table['id']}"
        with client.websocket_connect(table["ws"]) as ws:
            ws.send_json({"type": "hello", "token": table["token"]})
            acted = -1
            for _ in range(3):
                frame = _my_turn(ws, after=acted)
                ws.send_json({"type": "action", "action": frame["view"]["legal"][0]})
                acted = frame["version"]
            before = _my_turn(ws, after=acted)
        assert client.get(f"{url}/view", headers=auth).json()["version"] == before["version"]
    with TestClient(create_app(db_url, settings=FAST)) as client:
        after = client.get(f"{url}/view", headers=auth).json()
        assert after["version"] == before["version"]
        assert after["seq"] == before["seq"]
        assert after["view"] == before["view"]


def _my_turn(ws: Any, after: int) -> dict[str, Any]:
    """The next frame where the seat is to act, past version ``after`` (a frame may be sent
    again at the same version, a seat's news say: acting on it again would be refused)."""
    while True:
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == "state" and frame["version"] > after and frame["view"]["legal"]:
            return frame


def test_numbers_out_of_their_range_are_refused_in_words(client: TestClient) -> None:
    """Every option has a range or choices; a huge number is refused, never stored."""
    cases = [
        ("bridge", {"scoring": "duplicate", "boards": 10**18}, "boards must be a whole number"),
        ("court-piece", {"variant": "courts", "session_end": {"deals": 10**18}}, "session_end"),
        ("court-piece", {"first_dealer": 10**18}, "first_dealer must be a seat"),
        ("court-circular", {"target": 10**18}, "target must be 20 or 50"),
    ]
    for game, options, words in cases:
        seats = BOTS if GAMES[game].players == 4 else BOTS[:2]
        response = client.post(
            "/api/tables", json={"game": game, "seats": seats, "options": options}
        )
        assert response.status_code == 422
        assert words in response.json()["error"]
    games = {g["id"]: g for g in client.get("/api/games").json()}
    for game in games.values():
        for option in game["options"]:
            assert option["type"] in ("bool", "choice", "int", "seat", "session")
            if option["type"] == "int":
                assert option["min"] is not None and option["max"] is not None
    assert games["bridge"]["home_seat"] == 2 and games["court-piece"]["home_seat"] == 0
