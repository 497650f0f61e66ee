"""A finished deal played again by Hard in one seat: the same cards, a fixed replay per seed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from atout.analysis import ReviewError
from atout.analysis.again import compare_lines, net, play_again
from atout.bots.registry import make_bot
from atout.games.bridge.scoring import rubber_deal_value
from tests.analysis.deals import first_deal_played

CASES = [("bridge", {"scoring": "duplicate"}), ("court-piece", {}), ("five-hundred", {})]


@pytest.mark.parametrize(("game", "options"), CASES)
def test_the_replay_by_hard_is_the_same_for_the_same_seed(game: str, options: dict) -> None:
    match = first_deal_played(game, 3, options)
    bots = ["greedy"] * match.game.players
    first = compare_lines(match, 0, 0, bots, seed=11, effort=4)
    again = compare_lines(match, 0, 0, bots, seed=11, effort=4)
    first.pop("seconds"), again.pop("seconds")
    assert first == again
    # The same cards as dealt, played to the end; the player's line is the deal as played.
    played = match.deals[0]
    replayed = play_again(match, 0, 0, bots, seed=11, effort=4)
    assert replayed.layout == played.layout and replayed.settlement is not None
    assert first["mine"]["actions"] == [[s, a] for s, a in played.actions]
    assert first["hard"]["actions"] == [[s, a] for s, a in replayed.actions]
    assert first["hard"]["points"] == list(replayed.settlement.points)
    assert first["difference"] == net(first["hard"]["points"], 0) - net(played.settlement.points, 0)
    rows = max(len(first["mine"]["tricks"]), len(first["hard"]["tricks"]))
    assert len(first["tricks"]) == rows
    assert first["tricks"][0]["mine"] == first["mine"]["tricks"][0]


def test_hard_makes_the_seats_choices_and_the_other_seats_keep_their_bots() -> None:
    """Hard's own choices, the bots' own: the replay is reproduced decision by decision."""
    match = first_deal_played("five-hundred", 5)
    game = match.game
    bots = ["greedy", "medium", "random", "greedy"]
    replayed = play_again(match, 0, 1, bots, seed=7, effort=4)
    players = [
        make_bot("hard" if s == 1 else bots[s], game.id, seed=7 * 8 + s, effort=4)
        for s in range(game.players)
    ]
    again = replace(match, deals=(), closed=None).start_deal(match.deals[0].layout)
    for seat, action in replayed.actions:
        actor = again.actor
        assert actor is not None and again.turn == seat
        assert players[actor].choose(again.view(actor)) == action
        again = again.apply(action, seat)
    assert again.current.settlement == replayed.settlement


def test_only_a_finished_deal_of_the_record_is_played_again() -> None:
    match = first_deal_played("court-piece", 2)
    bots = ["greedy"] * 4
    with pytest.raises(ReviewError, match="no deal 1"):
        play_again(match, 1, 0, bots, seed=1)
    with pytest.raises(ReviewError, match="no seat 4"):
        play_again(match, 0, 4, bots, seed=1)
    unfinished = replace(match, deals=(replace(match.deals[0], settlement=None),))
    with pytest.raises(ReviewError, match="still in play"):
        play_again(unfinished, 0, 0, bots, seed=1)
    with pytest.raises(ReviewError, match="needs 4 bots"):
        play_again(match, 0, 0, bots[:3], seed=1)


def test_rubber_bridge_lines_are_compared_as_the_rubber_sheet_counts_them() -> None:
    """A deal's own rubber points leave a game's worth out: the lines count their standing."""
    match = first_deal_played("bridge", 3)  # rubber scoring, the default
    bots = ["greedy"] * 4
    body = compare_lines(match, 0, 0, bots, seed=11, effort=4)
    assert body["counted"] == "rubber standing"
    replayed = play_again(match, 0, 0, bots, seed=11, effort=4)
    for name, deal in (("mine", match.deals[0]), ("hard", replayed)):
        assert deal.settlement is not None
        value = rubber_deal_value(deal.tally_before, deal.settlement.tally)
        assert body[name]["counted"] == list(value)
        # From an empty sheet a contract made is worth its game (300) or part score (100) more.
        gained = [c - p for c, p in zip(body[name]["counted"], body[name]["points"], strict=True)]
        assert sorted(gained) in ([0, 0], [0, 100], [0, 300])
    assert body["difference"] == net(body["hard"]["counted"], 0) - net(body["mine"]["counted"], 0)
    duplicate = first_deal_played("bridge", 3, {"scoring": "duplicate"})
    plain = compare_lines(duplicate, 0, 0, bots, seed=11, effort=4)
    assert "counted" not in plain and "counted" not in plain["mine"]


def test_where_the_person_played_their_partners_contract_hard_plays_it_too() -> None:
    """At the web table a person plays the contracts their bot partner wins (atout.declaring):
    played again, Hard makes those choices too, else the two lines compared different players."""
    for seed in range(1, 40):
        match = first_deal_played("bridge", seed, {"scoring": "duplicate"})
        bots: list[str | None] = [None, "greedy", "greedy", "greedy"]
        replayed = play_again(match, 0, 0, bots, seed=3, effort=2, partner_contracts=True)
        final = match.game.start(match.rules, replayed.layout, replayed.tally_before)
        for seat, action in replayed.actions:
            final = final.apply(action, seat)
        if final.view(None).get("declarer") == 2:
            break
    else:
        raise AssertionError("no deal where North declares when played again")
    game = match.game
    hard, stand_in = (make_bot("hard", game.id, seed=3 * 8, effort=2) for _ in range(2))
    greedy = [make_bot("greedy", game.id, seed=3 * 8 + s, effort=2) for s in range(4)]
    again = replace(match, deals=(), closed=None).start_deal(match.deals[0].layout)
    by_stand_in = 0
    for seat, action in replayed.actions:
        actor = again.actor
        assert actor is not None
        faced = again.view(None).get("dummy") is not None
        if actor == 0:
            chosen = hard.choose(again.seen(0))
        elif actor == 2 and faced:  # declarer North's cards, and dummy's, once dummy is down
            chosen, by_stand_in = stand_in.choose(again.seen(2)), by_stand_in + 1
        else:
            chosen = greedy[actor].choose(again.seen(actor))
        assert chosen == action
        again = again.apply(action, seat)
    assert by_stand_in >= 13  # declarer's side plays at least one card a trick
    assert compare_lines(match, 0, 0, bots, seed=3, effort=2, partner_contracts=True)[
        "partner_contracts"
    ]
    # Without the setting North's bot plays its own contract, as at a table that leaves it so.
    bot_line = play_again(match, 0, 0, bots, seed=3, effort=2)
    assert bot_line.actions != replayed.actions
