"""Court Circular: deal, trick flow, resigning, Leads, refills, scoring, views, records, bots.

The flows follow worked examples 15-20 of rules/court-circular.md 1.10; the
public example record must replay to its published summary.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.bots.registry import make_bot
from atout.cards import FULL_DECK, card_name, card_names, cards_of, mask_of, parse_card
from atout.core import IllegalActionError, InvalidActionError, Match
from atout.games import get_game
from atout.games.court_circular import (
    COURT_CIRCULAR,
    CourtCircularDeal,
    CourtCircularRules,
    CourtCircularState,
    CourtCircularTally,
    Phase,
    deal_points,
    pile_points,
    settle_points,
)
from atout.games.court_circular_lines import CARD_STRENGTH
from atout.notation.record import (
    RecordError,
    match_from_record,
    match_to_record,
    replay_summary,
)

RULES = CourtCircularRules()
CARROLL = CourtCircularRules(carroll_resign=True)


def make_deal(
    hands: Sequence[str], lead: str, stock_top: str = "", *, dealer: int = 1
) -> CourtCircularDeal:
    """A deal with these hands (6 cards each), Lead and top of stock; the rest of the pack below."""
    hand_cards = tuple(tuple(parse_card(c) for c in h.split()) for h in hands)
    lead_card = parse_card(lead)
    top = [parse_card(c) for c in stock_top.split()]
    used = mask_of([*hand_cards[0], *hand_cards[1], lead_card, *top])
    rest = [c for c in range(52) if not used >> c & 1]
    deal = CourtCircularDeal(dealer, hand_cards, lead_card, (*top, *rest))
    # The record reader accepts it: 6 + 6 + 1 + 39 different cards.
    return COURT_CIRCULAR.layout_from_json(RULES, deal.to_json())


def play(state: CourtCircularState, actions: str) -> CourtCircularState:
    for action in actions.split(","):
        state = state.apply(action.strip())
    return state


def names(mask: int) -> set[str]:
    return {card_name(c) for c in cards_of(mask)}


# A deal where A (seat 0, first-hand) and B (seat 1, dealer) hold example 1's cards.
EXAMPLE_1 = make_deal(["6H 7H 2C 3S 4S 8S", "KS KD KC 3D 4D 8D"], "5H", "2S 2D 9S 9D TS TD")


# Worked examples 15-20.


def test_example_15_collection_face_up() -> None:
    state = CourtCircularState(RULES, EXAMPLE_1)
    assert state.turn == 0 and state.leader == 0
    state = play(state, "6H, KS, 7H, KD, 2C, KC")
    assert state.phase is Phase.LEAD and state.turn == 0
    assert [t.to_json() for t in state.tricks()] == [
        {"leader": 0, "cards": ["6H", "KS", "7H", "KD", "2C", "KC"], "winner": 0}
    ]
    assert state.legal_actions() == tuple(f"lead {c}" for c in ("KS", "6H", "7H", "KD", "2C", "KC"))
    state = state.apply("lead KS")
    face_up, face_down = state.piles[0]
    assert names(face_up) == {"5H", "6H", "7H", "2C", "KD", "KC"} and face_down == 0
    assert state.pile_points() == (17, 0)
    assert state.lead == parse_card("KS")
    assert state.turn == 0 and state.leader == 0 and state.phase is Phase.PLAY
    # Refill A, B, A, B, A, B from the top of the stock.
    assert names(state.hand(0)) == {"3S", "4S", "8S", "2S", "9S", "TS"}
    assert names(state.hand(1)) == {"3D", "4D", "8D", "2D", "9D", "TD"}
    assert len(state.stock) == 39 - 6


def test_example_16_same_cards_won_by_the_non_first_hand() -> None:
    deal = make_deal(["KS KD KC 3D 4D 8D", "6H 7H 2C 3S 4S 8S"], "5H", "2S 2D 9S 9D TS TD")
    state = play(CourtCircularState(RULES, deal), "KS, 6H, KD, 7H, KC, 2C")
    assert state.phase is Phase.LEAD and state.turn == 1
    state = state.apply("lead KS")
    face_up, face_down = state.piles[1]
    assert face_up == 0 and names(face_down) == {"5H", "6H", "7H", "2C", "KD", "KC"}
    assert state.pile_points() == (0, 11)
    assert state.turn == 1 and state.leader == 1
    # The refill starts with B, the winner.
    assert names(state.hand(1)) == {"3S", "4S", "8S", "2S", "9S", "TS"}
    assert names(state.hand(0)) == {"3D", "4D", "8D", "2D", "9D", "TD"}


RESIGN_DEAL = make_deal(["9C QS 2S 3S 4S 5S", "4D 6D 7D 8D TD 2C"], "KH")


def test_example_17_resign_seed_default() -> None:
    state = CourtCircularState(RULES, RESIGN_DEAL)
    assert "concede" not in state.legal_actions()  # move 1: nothing down yet
    state = state.apply("9C")
    assert "concede" not in state.legal_actions()  # move 2: B has not played himself
    with pytest.raises(IllegalActionError, match="card of your own"):
        state.apply("concede")
    state = play(state, "4D, QS")
    assert state.legal_actions()[-1] == "concede"
    state = state.apply("concede", 1)
    assert state.phase is Phase.LEAD and state.turn == 0
    assert state.tricks()[-1].to_json() == {"leader": 0, "cards": ["9C", "4D", "QS"], "winner": 0}
    assert state.legal_actions() == ("lead QS", "lead 4D", "lead 9C")
    state = state.apply("lead QS")
    assert state.piles[0] == (mask_of(map(parse_card, ["9C", "4D", "KH"])), 0)
    assert state.lead == parse_card("QS")
    # Both back to 6: A had 4, B had 5; A gets 2, B gets 1, one at a time from A.
    assert [state.hand(s).bit_count() for s in (0, 1)] == [6, 6]


def test_example_17_with_carroll_resign() -> None:
    state = CourtCircularState(CARROLL, RESIGN_DEAL).apply("9C")
    assert state.legal_actions()[-1] == "concede"
    state = state.apply("concede")
    assert state.turn == 0 and state.legal_actions() == ("lead 9C",)
    state = state.apply("lead 9C")
    assert state.piles[0] == (mask_of([parse_card("KH")]), 0)
    assert [state.hand(s).bit_count() for s in (0, 1)] == [6, 6]


@pytest.mark.parametrize(
    ("rules", "allowed"),
    [
        (RULES, [False, False, True, True, True, False]),
        (CARROLL, [False, True, True, True, True, False]),
    ],
    ids=["seed", "carroll"],
)
def test_the_resign_table_of_1_3(rules: CourtCircularRules, allowed: list[bool]) -> None:
    state = CourtCircularState(rules, RESIGN_DEAL)
    seen = []
    for card in ("9C", "4D", "QS", "6D", "2S", "7D"):
        seen.append("concede" in state.legal_actions())
        state = state.apply(card)
    assert seen == allowed


def test_example_18_resign_forbidden_once_three_are_down() -> None:
    state = play(CourtCircularState(RULES, RESIGN_DEAL), "9C, 4D, QS, 6D, 2S")
    assert state.turn == 1 and "concede" not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="3 cards"):
        state.apply("concede")


def test_example_18_no_resign_in_the_last_trick() -> None:
    state = first_legal_until_last_trick(CourtCircularState(RULES, RESIGN_DEAL))
    while not state.is_over():
        assert "concede" not in state.legal_actions()
        if state.phase is Phase.PLAY:
            with pytest.raises(IllegalActionError, match="last trick"):
                state.apply("concede")
        state = state.apply(state.legal_actions()[0])


def test_example_19_deal_score_and_game_end() -> None:
    up = mask_of(map(parse_card, ["QH", "7C", "AS"]))
    down = mask_of(map(parse_card, ["KD", "3H", "9S"]))
    assert pile_points(up, down) == 13
    assert deal_points((13, 10)) == (3, 0)
    settlement = settle_points(RULES, CourtCircularTally((18, 0)), (3, 0), dealer=1)
    assert settlement.tally.points == (21, 0)
    assert settlement.over and settlement.winner == 0 and settlement.next_dealer == 1
    assert not settle_points(RULES, CourtCircularTally((17, 0)), (2, 0), dealer=1).over
    fifty = CourtCircularRules(target=50)
    assert not settle_points(fifty, CourtCircularTally((18, 0)), (3, 0), dealer=1).over


def test_equal_totals_score_nothing() -> None:
    assert deal_points((20, 20)) == (0, 0)
    settlement = settle_points(RULES, CourtCircularTally((19, 19)), (0, 0), dealer=0)
    assert settlement.points == (0, 0) and not settlement.over


def first_legal_until_last_trick(state: CourtCircularState) -> CourtCircularState:
    """Never resign, always the first card / first Lead, until the last trick begins."""
    while not state.is_last_trick() or state.phase is not Phase.PLAY:
        state = state.apply(next(a for a in state.legal_actions() if a != "concede"))
    return state


@pytest.mark.parametrize("first_hand_wins", [False, True])
def test_example_20_last_trick(first_hand_wins: bool) -> None:
    for seed in range(500):
        deal = COURT_CIRCULAR.deal(RULES, 1, random.Random(seed))
        state = first_legal_until_last_trick(CourtCircularState(RULES, deal))
        assert len(state.tricks()) == 7 and not state.stock
        x = state.leader
        assert (state.hand(x).bit_count(), state.hand(1 - x).bit_count()) == (5, 4)
        before = state.piles
        final = state
        while not final.is_over():
            final = final.apply(final.legal_actions()[0])
        winner = final.tricks()[-1].winner
        if (winner == x) != first_hand_wins:
            continue
        assert len(final.tricks()) == 8 and len(final.tricks()[-1].cards) == 6
        up, down = final.piles[winner]
        gained = (up | down) ^ (before[winner][0] | before[winner][1])
        assert gained.bit_count() == 10  # the Lead, 6 cards put down, 2 + 1 left in hands
        assert gained & (up if first_hand_wins else down) == gained
        assert final.piles[1 - winner] == before[1 - winner]
        assert final.hand(0) == final.hand(1) == 0 and final.lead is None
        assert 7 * 6 + 10 == sum((u | d).bit_count() for u, d in final.piles) == 52
        return
    pytest.fail("no deal found for this case")


# The deal and the cut.


def test_deal_one_at_a_time_first_hand_first() -> None:
    for dealer in (0, 1):
        deck = list(range(52))
        random.Random(5).shuffle(deck)
        deal = COURT_CIRCULAR.deal(RULES, dealer, random.Random(5))
        assert deal.hands[1 - dealer] == tuple(deck[0:12:2])
        assert deal.hands[dealer] == tuple(deck[1:12:2])
        assert deal.lead == deck[12] and deal.stock == tuple(deck[13:])
        assert CourtCircularState(RULES, deal).turn == 1 - dealer


def test_the_lower_cut_deals_for_the_whole_game() -> None:
    for seed in range(20):
        cut = random.Random(seed).sample(range(52), 2)
        lower = 0 if CARD_STRENGTH[cut[0]] < CARD_STRENGTH[cut[1]] else 1
        match = Match.new(COURT_CIRCULAR, {}, random.Random(seed))
        assert match.current.layout.dealer == lower
        match = finish_deal(match, random.Random(seed))
        assert match.next_dealer() == lower
        if not match.is_over():
            match = match.deal_next(random.Random(seed))
            assert match.current.layout.dealer == lower and match.turn == 1 - lower


def finish_deal(match: Match, rng: random.Random) -> Match:
    while not match.state.is_over():
        match = match.apply(rng.choice(match.legal_actions()))
    return match


# The public example.


def test_public_example_replays_exactly(examples: Any) -> None:
    record = json.loads((examples / "court-circular-game.record.json").read_text())
    expected = json.loads((examples / "court-circular-game.replay.json").read_text())
    summary = replay_summary(match_from_record(record))
    for key in ("game", "complete", "totals", "winner"):
        assert summary[key] == expected[key]
    assert len(summary["deals"]) == len(expected["deals"])
    for got, want in zip(summary["deals"], expected["deals"], strict=True):
        assert got["tricks"] == want["tricks"]
        assert got["points"] == want["points"]
    assert summary["deals"][0]["result"]["winner"] == 0


def test_public_example_through_the_cli(examples: Any) -> None:
    from typer.testing import CliRunner  # noqa: PLC0415 - only this test needs it

    from atout.cli import app  # noqa: PLC0415

    path = examples / "court-circular-game.record.json"
    result = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    expected = json.loads((examples / "court-circular-game.replay.json").read_text())
    assert out["totals"] == expected["totals"] and out["winner"] == expected["winner"]
    assert [d["tricks"] for d in out["deals"]] == [d["tricks"] for d in expected["deals"]]


def test_an_illegal_record_names_the_action(examples: Any) -> None:
    record = json.loads((examples / "court-circular-game.record.json").read_text())
    record["deals"][0]["actions"][1] = [1, "concede"]
    with pytest.raises(RecordError, match=r"deal 0, action 1, 'concede' by seat 1: you may resign"):
        match_from_record(record)


# Refusals: clear messages, and the state is left as it was.


def snapshot(state: CourtCircularState) -> tuple[Any, ...]:
    return (
        state.turn,
        state.phase,
        state.lead,
        state.hand(0),
        state.hand(1),
        state.trick_cards(),
        state.stock,
        state.piles,
        state.tricks(),
        state.legal_actions(),
        json.dumps(state.view(None), sort_keys=True),
    )


def refused(state: CourtCircularState, action: str, seat: int | None = None) -> str:
    before = snapshot(state)
    with pytest.raises((IllegalActionError, InvalidActionError)) as info:
        state.apply(action, seat)
    assert snapshot(state) == before
    return str(info.value)


def test_refusals_name_the_reason() -> None:
    state = CourtCircularState(RULES, RESIGN_DEAL)
    assert refused(state, "4D") == "you do not hold 4D"
    assert refused(state, "9C", 1) == "not seat 1's turn: seat 0 plays"
    assert "next Lead" in refused(state, "lead 9C")
    with pytest.raises(InvalidActionError, match="not a card"):
        state.apply("1H")
    with pytest.raises(InvalidActionError, match="not a Court Circular action"):
        state.apply("play the nine")
    with pytest.raises(InvalidActionError, match="empty"):
        state.apply("  ")
    won = play(state, "9C, 4D, QS, concede")
    assert "choose the next Lead" in refused(won, "2S")
    assert "old Lead" in refused(won, "lead KH")
    assert refused(won, "lead 2S") == "2S is not on the table: choose among QS 4D 9C"
    assert "no trick to resign" in refused(won, "concede")
    assert "not seat 1's turn" in refused(won, "lead 4D", 1)


def test_input_is_case_insensitive_and_output_canonical() -> None:
    state = CourtCircularState(RULES, RESIGN_DEAL)
    state = play(state, "9c, 4d, qs")
    state = state.apply("CONCEDE").apply("Lead qs")
    assert state.lead == parse_card("QS")
    assert state.tricks()[0].cards == ("9C", "4D", "QS")


def test_nothing_after_the_deal() -> None:
    state = CourtCircularState(RULES, RESIGN_DEAL)
    while not state.is_over():
        state = state.apply(state.legal_actions()[0])
    assert state.turn is None and state.legal_actions() == ()
    assert refused(state, "2S") == "the deal is over"
    assert refused(state, "concede") == "the deal is over"


# Options and records.


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target": 30}, "target must be 20 or 50"),
        ({"target": "20"}, "target must be 20 or 50"),
        ({"target": True}, "target must be 20 or 50"),
        ({"carroll_resign": "yes"}, "carroll_resign must be true or false"),
        ({"trumps": "H"}, "unknown option for court-circular: trumps"),
    ],
)
def test_bad_options(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        get_game("court-circular").parse_rules(options)


def test_options_round_trip() -> None:
    game = get_game("court_circular")
    assert game.parse_rules({}) == CourtCircularRules(20, False)
    rules = game.parse_rules({"target": 50, "carroll_resign": True})
    assert game.rules_to_json(rules) == {"target": 50, "carroll_resign": True}
    assert game.rules_to_json(game.parse_rules({"target": 20})) == {}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"dealer": 2}, "dealer must be seat 0 or 1"),
        ({"hands": [["AS"]]}, "two hands"),
        ({"lead": None}, "lead must be a card"),
        ({"stock": []}, "stock must be a list of 39"),
        ({"lead": "3H"}, "52 different cards"),
        ({"lead": "JK"}, "no joker"),
    ],
)
def test_bad_layouts(change: dict[str, Any], message: str) -> None:
    data = {**EXAMPLE_1.to_json(), **change}
    with pytest.raises(ValueError, match=message):
        COURT_CIRCULAR.layout_from_json(RULES, data)


# Views.


REQUIRED_KEYS = {
    "game", "seat", "phase", "dealer", "turn", "hand", "lead", "table",
    "trick", "stock_size", "piles", "lines", "legal",
}  # fmt: skip


def test_views_show_the_table_lines_and_piles() -> None:
    state = play(CourtCircularState(RULES, EXAMPLE_1), "6H, KS, 7H")
    view = state.view(1)
    assert set(view) >= REQUIRED_KEYS
    assert view["hand"] == ["3D", "4D", "8D", "KD", "KC"]  # canonical order
    assert view["table"] == [["6H", "7H"], ["KS"]]
    assert view["trick"] == {"leader": 0, "cards": ["6H", "KS", "7H"]}
    assert view["lead"] == "5H" and view["stock_size"] == 39 and view["turn"] == 1
    assert view["lines"][0]["kind"] == "sequence" and view["lines"][0]["class"] == 1
    assert view["lines"][1]["kind"] == "none" and view["lines"][1]["cards"] == ["KS"]
    assert view["legal"] == [*card_names(state.hand(1)), "concede"]
    assert state.view(0)["legal"] == [] and state.view(None)["hand"] == []
    state = play(state, "KD, 2C, KC, lead KS")
    pile = state.view(1)["piles"]
    assert pile[0]["face_down"] == 0 and set(pile[0]["face_up"]) == {
        "5H", "6H", "7H", "2C", "KD", "KC"
    }  # fmt: skip
    assert state.view(None)["lines"] == [None, None]


def test_face_down_piles_are_counts_only() -> None:
    deal = make_deal(["KS KD KC 3D 4D 8D", "6H 7H 2C 3S 4S 8S"], "5H", "2S 2D 9S 9D TS TD")
    state = play(CourtCircularState(RULES, deal), "KS, 6H, KD, 7H, KC, 2C, lead KS")
    for seat in (0, 1, None):
        assert state.view(seat)["piles"] == [
            {"face_up": [], "face_down": 0},
            {"face_up": [], "face_down": 6},
        ]


CARD_TOKEN = re.compile(r"\b[2-9TJQKA][SHDC]\b")


def visible_cards(state: CourtCircularState, seat: int | None) -> set[str]:
    return set(CARD_TOKEN.findall(json.dumps(state.view(seat))))


def allowed_cards(state: CourtCircularState, seat: int | None) -> set[str]:
    """Own hand, the table, the Lead, face-up piles: nothing else may show."""
    mask = mask_of(state.trick_cards()) | state.piles[0][0] | state.piles[1][0]
    if state.lead is not None:
        mask |= 1 << state.lead
    if seat is not None:
        mask |= state.hand(seat)
    return names(mask)


# Property tests over random play.


def random_match(seed: int, options: dict[str, Any], bots: Sequence[str]) -> Match:
    """A whole game from a seed, checking the per-step invariants as it goes."""
    rng = random.Random(seed)
    players = [make_bot(name, "court-circular", seed=seed + i) for i, name in enumerate(bots)]
    match = Match.new(COURT_CIRCULAR, options, rng)
    steps = 0
    while not match.is_over():
        if match.needs_deal():
            match = match.deal_next(rng)
            steps = 0
            continue
        state = match.state
        assert isinstance(state, CourtCircularState)
        check_state(state)
        seat = match.turn
        assert seat is not None
        view = match.view(seat)
        assert view["legal"] == list(state.legal_actions()) and view["legal"]
        before = snapshot(state)
        match = match.apply(players[seat].choose(view), seat)
        assert snapshot(state) == before
        steps += 1
        # 52 cards, at least one card put down every two actions: a deal always ends.
        assert steps <= 160
    return match


def check_state(state: CourtCircularState) -> None:
    parts = [state.hand(0), state.hand(1), mask_of(state.trick_cards())]
    parts += [mask_of(state.stock), *state.piles[0], *state.piles[1]]
    if state.lead is not None:
        parts.append(1 << state.lead)
    assert sum(p.bit_count() for p in parts) == 52
    every = 0
    for part in parts:
        every |= part
    assert every == FULL_DECK
    for seat in (0, 1, None):
        assert visible_cards(state, seat) <= allowed_cards(state, seat)
        if seat is not None:
            assert not set(state.view(seat)["hand"]) & names(state.hand(1 - seat))


def independent_points(state: CourtCircularState) -> tuple[int, int]:
    def value(card: int) -> int:
        return (card // 13 == 1) + (card % 13 in (9, 10, 11))

    totals = [
        sum(2 + value(c) for c in cards_of(up)) + sum(1 + value(c) for c in cards_of(down))
        for up, down in state.piles
    ]
    a, b = totals
    return (max(a - b, 0), max(b - a, 0))


seeds = st.integers(min_value=0, max_value=2**32)
options = st.sampled_from([{}, {"carroll_resign": True}, {"target": 50}])
bot_pairs = st.sampled_from([("random", "random"), ("greedy", "random"), ("greedy", "greedy")])


@settings(max_examples=80, deadline=None)
@given(seeds, options, bot_pairs)
def test_random_games_keep_every_invariant(
    seed: int, options: dict[str, Any], bots: tuple[str, str]
) -> None:
    match = random_match(seed, options, bots)
    target = 50 if options.get("target") == 50 else 20
    assert max(match.totals) >= target and match.winner == match.totals.index(max(match.totals))
    for deal in match.deals:
        state = deal.state
        assert isinstance(state, CourtCircularState) and state.is_over()
        assert deal.settlement is not None
        assert deal.settlement.points == independent_points(state)
        assert sum((u | d).bit_count() for u, d in state.piles) == 52
        assert deal.layout.dealer == match.deals[0].layout.dealer
        tricks = state.tricks()
        assert tricks[0].leader == 1 - deal.layout.dealer
        for before, after in itertools.pairwise(tricks):
            assert after.leader == before.winner
        assert len(tricks[-1].cards) == 6  # the last trick cannot be resigned
    again = match_from_record(json.loads(json.dumps(match_to_record(match))))
    assert replay_summary(again) == replay_summary(match)


@settings(max_examples=30, deadline=None)
@given(seeds)
def test_a_game_in_progress_replays_to_the_same_views(seed: int) -> None:
    rng = random.Random(seed)
    match = Match.new(COURT_CIRCULAR, {"target": 20}, rng)
    for _ in range(rng.randrange(1, 120)):
        if match.is_over():
            break
        match = (
            match.deal_next(rng)
            if match.needs_deal()
            else match.apply(rng.choice(match.legal_actions()))
        )
    again = match_from_record(match_to_record(match))
    for seat in (0, 1, None):
        assert again.view(seat) == match.view(seat)


def test_greedy_beats_random() -> None:
    wins = 0
    for seed in range(20):
        bots = ("greedy", "random") if seed % 2 == 0 else ("random", "greedy")
        match = random_match(seed, {}, bots)
        wins += bots[match.winner or 0] == "greedy" if match.winner is not None else 0
    assert wins >= 18


# The greedy bot.


def bot_view(state: CourtCircularState) -> dict[str, Any]:
    seat = state.turn
    assert seat is not None
    return state.view(seat)


def test_greedy_resigns_a_hopeless_trick() -> None:
    from atout.bots.court_circular.greedy import choose  # noqa: PLC0415

    # Lead 9C; A (seat 0) puts down 9D, 9S: a Class I Trio. B cannot match it with 2S..6S.
    deal = make_deal(["9D 9S 2H 3H 4H 5H", "2S 3S 4S 5S 6S 8D"], "9C")
    state = play(CourtCircularState(RULES, deal), "9D, 2S, 9S")
    assert choose(bot_view(state), random.Random(0)) == "concede"


def test_greedy_plays_towards_its_best_line_weakest_card_first() -> None:
    from atout.bots.court_circular.greedy import choose  # noqa: PLC0415

    deal = make_deal(["2S 9D 3C 9S KD 4H", "2D 3D 4D 5D 6D 7D"], "9C")
    state = CourtCircularState(RULES, deal)
    # The plan is the Trio 9D 9S with the Lead plus the weakest card, 2S, put down first.
    assert choose(bot_view(state), random.Random(0)) == "2S"
    state = play(state, "2S, 2D")
    assert choose(bot_view(state), random.Random(0)) == "9S"


def test_greedy_picks_the_lead_that_serves_its_hand() -> None:
    from atout.bots.court_circular.greedy import choose  # noqa: PLC0415

    # A wins with a Valentine; 9S 9H stay in hand, so 9D is the Lead that makes a Trio.
    deal = make_deal(["9D 9S 2H 9H 3H 5C", "2S 5S 7D 8C TS QD"], "9C")
    state = play(CourtCircularState(RULES, deal), "9D, 2S, 2H, 5S, 3H, 7D")
    assert state.phase is Phase.LEAD and state.turn == 0
    assert choose(bot_view(state), random.Random(0)) == "lead 9D"
