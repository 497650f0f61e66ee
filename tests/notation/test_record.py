"""Game records: malformed records and refused actions give located errors."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from atout.notation.record import RecordError, match_from_record, match_to_record


def simple_record(examples: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((examples / "court-piece-simple.record.json").read_text())
    return data


def test_example_round_trips(examples: Any) -> None:
    data = simple_record(examples)
    match = match_from_record(data)
    again = match_to_record(match)
    assert [d["actions"] for d in again["deals"]] == [d["actions"] for d in data["deals"]]
    assert [d["hands"] for d in again["deals"]] == [d["hands"] for d in data["deals"]]
    assert match_from_record(again).totals == match.totals


def test_revoke_example_names_deal_action_card_and_reason(examples: Any) -> None:
    data = json.loads((examples / "court-piece-revoke.record.json").read_text())
    with pytest.raises(RecordError) as caught:
        match_from_record(data)
    error = caught.value
    assert (error.deal, error.index, error.action, error.seat) == (0, 2, "JS", 3)
    assert "must follow clubs" in str(error) and "\n" not in str(error)


def mutate(examples: Any, change: Any) -> dict[str, Any]:
    data = copy.deepcopy(simple_record(examples))
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "where", "words"),
    [
        (lambda d: d.update(format="atout-record/9"), (None, None), "format"),
        (lambda d: d.update(game="whist"), (None, None), "unknown game"),
        (lambda d: d["options"].update(target=1), (None, None), "target"),
        (lambda d: d["deals"][0]["hands"][0].__setitem__(0, "AC"), (0, None), "52 different"),
        (lambda d: d["deals"][0]["hands"].pop(), (0, None), "four hands"),
        (lambda d: d["deals"][0].update(dealer=9), (0, None), "dealer"),
        (lambda d: d["deals"][1].update(dealer=0), (1, None), "deals next"),
        (lambda d: d["deals"][0]["actions"].__setitem__(0, [1, "trump C"]), (0, 0), "names trump"),
        (lambda d: d["deals"][0]["actions"].__setitem__(1, [2, "ZZ"]), (0, 1), "not a card"),
        (lambda d: d["deals"][0]["actions"].__setitem__(1, "7S"), (0, 1), "pair"),
        (lambda d: d["deals"][0]["actions"].__setitem__(2, [0, "9S"]), (0, 2), "turn"),
        (lambda d: d["deals"][0]["actions"].pop(), (1, None), "not finished"),
        (lambda d: d["deals"].append(d["deals"][0]), (3, None), "over"),
    ],
)
def test_malformed_records_are_refused_with_their_place(
    examples: Any, change: Any, where: tuple[int | None, int | None], words: str
) -> None:
    with pytest.raises(RecordError, match=words) as caught:
        match_from_record(mutate(examples, change))
    assert (caught.value.deal, caught.value.index) == where


def test_a_record_may_end_mid_deal(examples: Any) -> None:
    data = mutate(examples, lambda d: d["deals"][0]["actions"].__delitem__(slice(10, None)))
    data["deals"] = data["deals"][:1]
    match = match_from_record(data)
    assert not match.is_over() and match.turn is not None


def test_first_dealer_option_fixes_the_first_deal(examples: Any) -> None:
    data = simple_record(examples)
    data["options"]["first_dealer"] = 1
    del data["deals"][0]["dealer"]
    assert match_from_record(data).deals[0].layout.dealer == 1
    data["deals"][0]["dealer"] = 2
    with pytest.raises(RecordError, match="first_dealer is seat 1") as caught:
        match_from_record(data)
    assert caught.value.deal == 0
