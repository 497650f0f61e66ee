"""Options declared once per rule module: ranges, choices, defaults and what each belongs to."""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.core import Match
from atout.games import GAMES, get_game
from atout.server.options import describe_options


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_declared_option_refuses_a_huge_number_in_words(game_id: str) -> None:
    game = get_game(game_id)
    for option in game.option_specs:
        context = dict(option.when)
        with pytest.raises(ValueError, match=rf"^{option.name} must be .*\(.+\), not"):
            game.parse_rules({**context, option.name: 10**18})


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_api_describes_exactly_the_declared_options(game_id: str) -> None:
    game = get_game(game_id)
    described = describe_options(game)
    assert [d["name"] for d in described] == [o.name for o in game.option_specs]
    for spec in described:
        context = spec.get("requires", {})
        game.parse_rules({**context, spec["name"]: spec["default"]})
        if spec["type"] == "int":
            game.parse_rules({**context, spec["name"]: spec["max"]})
            with pytest.raises(ValueError):
                game.parse_rules({**context, spec["name"]: spec["max"] + 1})


def test_bridge_boards_has_a_range() -> None:
    bridge = get_game("bridge")
    assert bridge.parse_rules({"scoring": "duplicate", "boards": 100}).boards == 100
    with pytest.raises(ValueError, match="boards must be a whole number from 1 to 100"):
        bridge.parse_rules({"scoring": "duplicate", "boards": 10**18})


def test_claim_prover_is_not_an_option() -> None:
    assert "claim_prover" not in [o.name for o in get_game("bridge").option_specs]
    with pytest.raises(ValueError, match="unknown option for bridge: claim_prover"):
        get_game("bridge").parse_rules({"claim_prover": None})


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"variant": "courts", "target": 7}, "target is an option of the simple variant"),
        ({"session_end": {"deals": 4}}, "session_end is an option of the courts variant"),
        ({"honour_mode": True}, "honour_mode is an option of the courts variant"),
        ({"variant": "courts", "session_end": "{deals: 4}"}, "a number of deals or of minutes"),
        ({"variant": "courts", "session_end": {"deals": 0}}, "1 to 100 deals"),
        ({"variant": "courts", "session_end": {"hours": 2}}, "or 1 to 600 minutes"),
        ({"first_dealer": 4}, "first_dealer must be a seat from 0 to 3"),
    ],
)
def test_court_piece_refusals_name_what_the_option_takes(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        get_game("court-piece").parse_rules(options)


def test_a_session_length_may_be_written_in_words() -> None:
    cp = get_game("court-piece")
    assert cp.parse_rules({"variant": "courts", "session_end": "12 deals"}).session_end == (
        "deals",
        12,
    )
    assert cp.parse_rules({"variant": "courts", "session_end": "90 minutes"}).session_end == (
        "minutes",
        90,
    )


def test_a_courts_session_lasts_16_deals_unless_set() -> None:
    cp = get_game("court-piece")
    rules = cp.parse_rules({"variant": "courts"})
    assert rules.session_end == ("deals", 16)
    assert cp.rules_to_json(rules) == {"variant": "courts"}
    assert cp.parse_rules({"variant": "simple"}).session_end is None
    match = Match.new(cp, {"variant": "courts"}, random.Random(3))
    deals = 0
    bots = random.Random(4)
    while not match.is_over():
        if match.needs_deal():
            match = match.deal_next(bots)
            continue
        match = match.apply(bots.choice(match.legal_actions()))
        deals = len(match.deals)
    assert deals == 16
    assert match.view(0)["match"]["session_end"] == {"deals": 16}
