"""Guided first deals: the engine plays each published script, and the page gets its frames."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from starlette.testclient import TestClient

from atout.server.guides import GUIDES, GuideError, _frames_of, guide_frames, load_guide

GUIDED = [game for game in GUIDES if load_guide(game) is not None]
CARD = re.compile(r"^(?:[2-9TJQKA][SHDC]|JK)$")


def test_every_game_has_a_guided_deal() -> None:
    assert {"court-piece", "court-circular", "five-hundred", "bridge"} <= set(GUIDED)


@pytest.mark.parametrize("game", GUIDED)
def test_every_learner_step_is_legal_and_explained_in_both_languages(game: str) -> None:
    frames = guide_frames(load_guide(game) or {})
    seat = frames["seat"]
    mine = [step for step in frames["steps"] if step["actor"] == seat]
    assert mine, "the learner makes no move"
    for step in mine:
        # The page offers only the engine's legal moves, and the script's must be one (or
        # a bridge declarer's claim, which the view offers by "can_claim").
        claim = step["action"].startswith("claim ") and step["view"].get("can_claim")
        assert step["action"] in step["view"]["legal"] or claim, step["action"]
        for field in ("say", "other"):
            assert step[field] and step[field]["en"] and step[field]["fr"], (step["action"], field)
    for step in frames["steps"]:
        if step["actor"] != seat:
            assert step["view"]["legal"] == [], "the learner may act out of turn"
        if step["trick"] is not None:
            assert step["trick"]["winner"] in range(frames["players"])
            # Why the trick was won, said when it closes.
            assert step["won"] and step["won"]["en"] and step["won"]["fr"], step["action"]
    assert frames["intro"]["fr"] and frames["outro"]["fr"]


def test_the_court_piece_guide_is_the_seed_example_and_ends_seven_tricks_to_two() -> None:
    frames = guide_frames(load_guide("court-piece") or {})
    first = frames["steps"][0]
    # Seed 001: "Vos 5 premières cartes sont A♠, K♥, Q♥, 9♥ et 7♥": only those five are seen.
    assert sorted(first["view"]["hand"]) == sorted(["AS", "KH", "QH", "9H", "7H"])
    assert first["action"] == "trump H"
    assert frames["final"]["tricks_won"] == [7, 2]
    assert frames["points"] == [1, 0]
    winners = [step["trick"]["winner"] for step in frames["steps"] if step["trick"]]
    assert winners == [0, 1, 0, 0, 0, 1, 0, 0, 0]


def test_the_court_circular_guide_shows_lines_concessions_and_both_kinds_of_pile() -> None:
    frames = guide_frames(load_guide("court-circular") or {})
    steps = frames["steps"]
    closed = [(i, step["trick"]) for i, step in enumerate(steps) if step["trick"]]
    assert [trick["winner"] for _, trick in closed] == [0, 0, 1]
    # After the first trick the learner's line is a class I sequence of four (8♥ to J♥).
    first_end = closed[0][0]
    lines = steps[first_end + 1]["view"]["lines"]
    assert lines[0]["class"] == 1 and lines[0]["kind"] == "sequence"
    assert len(lines[0]["cards"]) == 4
    assert lines[1]["class"] == 2 and lines[1]["kind"] == "trio"
    # Conceding ends a trick early; the winner who played second takes the cards face down.
    assert [step["actor"] for step in steps if step["action"] == "concede"] == [1, 0]
    assert frames["final"]["lead"] == "6S"
    assert frames["final"]["piles"][1] == {"face_up": [], "face_down": 4}
    assert len(frames["final"]["piles"][0]["face_up"]) == 9


def test_the_five_hundred_guide_bids_takes_the_kitty_and_shows_joker_and_bowers() -> None:
    frames = guide_frames(load_guide("five-hundred") or {})
    steps = frames["steps"]
    # A short auction: the learner's 7H is the only bid, and three passes make it the contract.
    assert [(step["actor"], step["action"]) for step in steps[:4]] == [
        (3, "pass"),
        (0, "7H"),
        (1, "pass"),
        (2, "pass"),
    ]
    assert "7H" in steps[1]["view"]["legal"] and "pass" in steps[1]["view"]["legal"]
    # The learner sees the kitty (with the left bower) and discards three of thirteen cards.
    kitty = steps[4]["view"]
    assert kitty["phase"] == "kitty" and sorted(kitty["kitty"]) == ["5S", "JD", "QH"]
    assert len(kitty["hand"]) == 13 and len(kitty["legal"]) == 286
    assert sorted(steps[4]["action"].split()[1:]) == ["5C", "5S", "6D"]
    assert steps[5]["view"]["contract"]["trump"] == "H"
    # The Joker, then the left bower, are led as trumps: the others follow with hearts,
    # and the partner, out of hearts, may throw a diamond on the J of diamonds.
    tricks = [step["trick"] for step in steps if step["trick"]]
    assert [trick["cards"] for trick in tricks] == [
        ["JK", "5H", "8H", "4H"],
        ["JD", "TH", "7D", "6H"],
        ["AS", "6S", "8S", "7S"],
    ]
    assert [trick["winner"] for trick in tricks] == [0, 0, 0]
    # The lesson stops after three tricks: the deal is not over, so it has no points yet.
    assert frames["final"]["tricks_won"] == [3, 0]
    assert frames["points"] is None and frames["outro"]["en"]
    assert sorted(frames["final"]["hand"]) == ["7H", "9H", "AH", "JH", "KH", "KS", "QH"]


def test_the_bridge_guide_bids_1nt_3nt_finesses_and_claims() -> None:
    frames = guide_frames(load_guide("bridge") or {})
    steps = frames["steps"]
    assert frames["seat"] == 2  # the learner sits South, as at the bridge table
    assert [(step["actor"], step["action"]) for step in steps[:6]] == [
        (2, "1NT"),
        (3, "pass"),
        (0, "3NT"),
        (1, "pass"),
        (2, "pass"),
        (3, "pass"),
    ]
    # Dummy (North) is face up from the opening lead on, never before.
    lead = next(i for i, step in enumerate(steps) if step["view"]["phase"] == "play")
    assert steps[lead]["action"] == "QS" and steps[lead]["actor"] == 3
    assert all(step["view"]["dummy"] is None for step in steps[: lead + 1])
    assert all(step["view"]["dummy"] is not None for step in steps[lead + 1 :])
    # The learner, declarer, plays dummy's cards: the legal cards are then dummy's.
    dummy_turns = [s for s in steps[lead + 1 :] if s["actor"] == 2 and s["view"]["turn"] == 0]
    assert [s["action"] for s in dummy_turns] == ["3S", "QH", "4C", "5S"]
    assert all(set(s["view"]["legal"]) <= set(s["view"]["dummy"]) for s in dummy_turns)
    # The heart finesse: West plays low and dummy's queen wins.
    tricks = [step["trick"] for step in steps if step["trick"]]
    assert tricks[1]["cards"] == ["2H", "7H", "QH", "5H"] and tricks[1]["winner"] == 0
    assert [trick["winner"] for trick in tricks] == [2, 0, 3, 2]
    # The claim of the seven winners left, accepted by both defenders: 3NT made with one over.
    assert [step["action"] for step in steps[-3:]] == ["claim 7", "accept", "accept"]
    assert frames["result"]["contract"] == "3NT" and frames["result"]["result"] == "+1"
    assert frames["result"]["claimed"] and frames["final"]["tricks_won"] == [10, 3]
    assert frames["points"] == [130, 0]


def test_a_script_the_engine_refuses_is_an_error_not_a_half_played_guide() -> None:
    guide = copy.deepcopy(load_guide("court-piece") or {})
    guide["steps"][1]["action"] = "2C"  # the learner holds no club
    with pytest.raises(GuideError, match="step 1"):
        guide_frames(guide)
    guide = copy.deepcopy(load_guide("court-piece") or {})
    guide["deal"]["hands"][0][0] = "KS"  # two K♠ in the pack
    with pytest.raises(GuideError, match="not a deal"):
        guide_frames(guide)
    guide = copy.deepcopy(load_guide("bridge") or {})
    guide["steps"][0]["action"] = "claim 13"  # no claim in the auction: nobody declares yet
    with pytest.raises(GuideError, match="step 0"):
        guide_frames(guide)


def test_the_guide_endpoint_answers_frames_and_refuses_unknown_games(client: TestClient) -> None:
    response = client.get("/api/guides/court-circular")
    assert response.status_code == 200
    data: dict[str, Any] = response.json()
    assert data["game"] == "court-circular" and data["seat"] == 0
    assert all(CARD.match(card) for card in data["steps"][0]["view"]["hand"])
    for bad in ("chess", "contract-bridge", "court-piece.json"):
        refused = client.get(f"/api/guides/{bad}")
        assert refused.status_code == 404, bad
        assert refused.json()["code"] == "no_guide"


def test_rules_and_guide_pages_are_served_by_the_page(client: TestClient) -> None:
    for path in ("/rules/court-piece", "/learn/court-circular"):
        response = client.get(path)
        assert response.status_code == 200 and "app.js" in response.text
    assert client.get("/static/rules/court_circular.js").status_code == 200
    assert client.get("/static/guide/court-piece.json").status_code == 200


def test_unknown_games_asked_for_are_not_kept(client: TestClient) -> None:
    """Every name asked for went into the guides' cache: memory grew with each request."""
    before = _frames_of.cache_info().currsize
    for n in range(20):
        assert client.get(f"/api/guides/{'g' * 2000}{n}").status_code == 404
    assert _frames_of.cache_info().currsize == before
