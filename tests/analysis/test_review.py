"""The review of a finished deal against ``atout solve`` on the same positions, in every game."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from atout.analysis import Limits, ReviewError, review_deal
from atout.cli import app
from atout.core import Match
from atout.games import get_game
from atout.notation.record import save_record

from .deals import GAMES, first_deal_played


def _solve_json(record: Path, *args: str) -> dict[str, Any]:
    result = CliRunner().invoke(app, ["solve", str(record), *args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def _actor(match: Match, index: int) -> int:
    state = match.game.start(match.rules, match.deals[0].layout, match.deals[0].tally_before)
    for seat, action in match.deals[0].actions[:index]:
        state = state.apply(action, seat)
    actor: int = getattr(state, "actor", state.turn)
    return actor


@pytest.mark.parametrize("game", GAMES)
def test_each_decision_has_the_values_atout_solve_gives(game: str, tmp_path: Path) -> None:
    match = first_deal_played(game, 3)
    record = tmp_path / "game.json"
    save_record(match, record)
    seat = match.deals[0].actions[-1][0] % match.game.players
    review = review_deal(match, 0, seat)
    solved = [d for d in review["decisions"] if d["solved"]]
    assert solved, "no decision of the seat was solved"
    for d in solved:
        assert _actor(match, d["index"]) == seat
        assert match.deals[0].actions[d["index"]] == (d["seat"], d["action"])
        report = _solve_json(record, "--at", str(d["index"]), "--deal", "0")
        assert report["values"] == d["values"], d
        best = max(d["values"].values())
        assert d["best"] == best and d["value"] == d["values"][d["action"]]
        assert d["cost"] == best - d["value"] >= 0
        if d["cost"]:
            assert d["better"] and d["action"] not in d["better"]
        else:
            assert d["better"] == []
        assert all(d["values"][a] == best for a in d["better"])
    assert review["cost"] == sum(d["cost"] for d in solved)
    assert review["judged"] == len(solved)


@pytest.mark.parametrize("game", GAMES)
def test_every_decision_of_the_seat_and_no_other_is_in_the_review(game: str) -> None:
    match = first_deal_played(game, 4)
    actions = match.deals[0].actions
    for seat in range(match.game.players):
        review = review_deal(match, 0, seat)
        indices = [d["index"] for d in review["decisions"]]
        assert indices == sorted(indices)
        for index in indices:
            assert _actor(match, index) == seat
        plays = [
            k
            for k in range(len(actions))
            if _actor(match, k) == seat and k not in indices and actions[k][1][0].isalpha()
        ]
        # What is left out is no play: bids, trump calls, discards, claims.
        for k in plays:
            assert actions[k][1].split()[0] in ("pass", "trump", "discard", "claim", "accept")


def test_bridge_declarer_judges_dummys_cards_and_the_start_matches_the_dd_table() -> None:
    match = first_deal_played("bridge", 5)
    state = match.deals[0].state
    declarer, dummy = state.declarer, state.dummy  # type: ignore[attr-defined]
    review = review_deal(match, 0, declarer)
    seats = {d["seat"] for d in review["decisions"]}
    assert dummy in seats and declarer in seats
    assert review_deal(match, 0, dummy)["decisions"] == []
    strain = review["contract"]["contract"][1:].rstrip("X").replace("N", "NT")
    strain = "NT" if strain.startswith("NT") else strain[0]
    table_tricks = review["dd_table"][strain]["NESW"[declarer]]
    assert review["start"] == {"solved": True, "tricks": table_tricks, "of": 13}
    contract = review["contract"]
    assert contract["tricks"] == table_tricks
    assert contract["makes"] == (table_tricks >= contract["needs"])
    assert isinstance(review["par"]["score"], int) and review["par"]["contracts"]
    defender = (declarer + 1) % 4
    assert review_deal(match, 0, defender)["start"]["tricks"] == 13 - table_tricks


def test_a_person_who_played_their_bot_partners_contract_is_judged_on_its_cards() -> None:
    """Dummy a person, declarer a bot whose contract they played (``atout.declaring``): the
    person's review judges declarer's cards and dummy's from the opening lead; the bot
    declarer's review is as before; a defender's does not change."""
    match = first_deal_played("bridge", 5)
    state = match.deals[0].state
    declarer, dummy = state.declarer, state.dummy  # type: ignore[attr-defined]
    bots = tuple(seat != dummy for seat in range(4))
    theirs = review_deal(match, 0, declarer)
    mine = review_deal(match, 0, dummy, bots=bots)
    assert mine["decisions"] == theirs["decisions"] and mine["judged"] == theirs["judged"] > 0
    assert {d["seat"] for d in mine["decisions"]} == {declarer, dummy}
    assert mine["played_for"] == [declarer] and "played_for" not in theirs
    assert review_deal(match, 0, declarer, bots=bots) == theirs
    defender = (declarer + 1) % 4
    assert review_deal(match, 0, defender, bots=bots) == review_deal(match, 0, defender)
    with pytest.raises(ReviewError, match="bots names 3 seats"):
        review_deal(match, 0, dummy, bots=bots[:3])


def test_five_hundred_makeability_follows_the_contractors_dd_tricks() -> None:
    match = first_deal_played("five-hundred", 2)
    state = match.deals[0].state
    contractor = state.contractor  # type: ignore[attr-defined]
    review = review_deal(match, 0, contractor)
    contract = review["contract"]
    assert contract["contract"] == state.contract  # type: ignore[attr-defined]
    assert contract["tricks"] == review["start"]["tricks"]
    assert contract["needs"] == int(contract["contract"][:-1].rstrip("N"))
    assert contract["makes"] == (contract["tricks"] >= contract["needs"])


def test_court_circular_says_not_solved_where_the_solver_does_not_reach() -> None:
    match = first_deal_played("court-circular", 1)
    review = review_deal(match, 0, 0)
    assert review["start"]["solved"] is False
    assert "cards remain in the stock" in review["start"]["reason"]
    assert review["unit"] == "points"
    for d in review["decisions"]:
        assert d["solved"] == ("values" in d)
        if not d["solved"]:
            assert d["reason"]
    assert review["not_solved"] > 0 and review["judged"] > 0
    # A tighter limit solves fewer decisions and says so rather than guessing.
    tight = review_deal(match, 0, 0, Limits(max_stock=0))
    assert tight["judged"] < review["judged"]
    assert tight["judged"] + tight["not_solved"] == len(review["decisions"])


def test_the_review_shows_the_deal_as_dealt_and_the_hands_after_each_action() -> None:
    match = first_deal_played("court-piece", 2)
    played = match.deals[0]
    review = review_deal(match, 0, 1)
    assert review["layout"] == played.layout.to_json()
    assert review["actions"] == [list(a) for a in played.actions]
    assert len(review["steps"]) == len(played.actions) + 1
    assert [set(h) for h in review["steps"][0]] == [set(h) for h in review["layout"]["hands"]]
    # A deal may end before the last trick (seven won, no court possible).
    left = sum(len(h) for h in review["steps"][-1])
    assert left == 52 - 4 * len(review["tricks"]) and review["tricks"]
    ends = review["trick_ends"]
    assert len(ends) == len(review["tricks"]) and ends == sorted(ends)
    for trick, end in zip(review["tricks"], ends, strict=True):
        # After the trick's last card, its four cards are gone from the hands.
        held = {c for hand in review["steps"][end] for c in hand}
        assert not held & set(trick["cards"])
        assert trick["cards"][-1] in {c for hand in review["steps"][end - 1] for c in hand}
    assert review["points"] == list(played.settlement.points)  # type: ignore[union-attr]


def test_a_deal_in_play_a_missing_deal_or_seat_is_refused() -> None:
    match = first_deal_played("court-piece", 2)
    going = match.deal_next(random.Random(1))
    with pytest.raises(ReviewError, match="still in play"):
        review_deal(going, 1, 0)
    with pytest.raises(ReviewError, match="no deal 5"):
        review_deal(going, 5, 0)
    with pytest.raises(ReviewError, match="no seat 4"):
        review_deal(going, 0, 4)


def test_atout_solve_review_prints_the_same_json_and_words(tmp_path: Path) -> None:
    match = first_deal_played("bridge", 5)
    record = tmp_path / "bridge.json"
    save_record(match, record)
    declarer = match.deals[0].state.declarer  # type: ignore[attr-defined]
    letter = "NESW"[declarer]
    assert _solve_json(record, "--review", letter.lower()) == review_deal(match, 0, declarer)
    text = CliRunner().invoke(app, ["solve", str(record), "--review", letter])
    assert text.exit_code == 0, text.output
    assert "review of" in text.output and "par" in text.output
    for bad, message in (("Z", "not a seat"), ("4", "not a seat")):
        result = CliRunner().invoke(app, ["solve", str(record), "--review", bad])
        assert result.exit_code == 2 and message in result.output
    both = CliRunner().invoke(app, ["solve", str(record), "--review", "N", "--at", "3"])
    assert both.exit_code == 2 and "leave out --at" in both.output


def test_a_misere_is_judged_from_each_sides_wish() -> None:
    # The contractor wants to take no trick (value 0), the defenders to force one (1).
    rng = random.Random(2)
    match = Match.new(get_game("five-hundred"), {"misere": True}, rng, dealer=0)
    for call in ("7S", "misere", "pass", "pass", "pass"):
        match = match.apply(call, match.turn)
    while match.deals[0].settlement is None:
        match = match.apply(rng.choice(match.legal_actions()), match.turn)
    contractor = match.deals[0].state.contractor  # type: ignore[attr-defined]
    review = review_deal(match, 0, contractor)
    assert "set" in review["start"] and "tricks" not in review["start"]
    assert review["contract"] == {
        "contract": "misere",
        "by": contractor,
        "makes": not review["start"]["set"],
    }
    solved = [d for d in review["decisions"] if d["solved"]]
    assert solved and any(d["cost"] for d in solved)
    for d in solved:
        assert set(d["values"].values()) <= {0, 1}
        assert d["best"] == min(d["values"].values())
        assert d["cost"] == d["value"] - d["best"]
    defender = (contractor + 1) % 4
    for d in review_deal(match, 0, defender)["decisions"]:
        if d["solved"]:
            assert d["best"] == max(d["values"].values())
