"""An independent audit of Court Circular against rules/court-circular.md (seed 000).

The reference below is written from the spec alone, on card names, without
using the engine's line code: it re-derives the card order (1.4), the eleven
kinds of line (1.5), the trick winner (1.6), the Lead choice, the piles and
the refill (1.7), the last trick (1.8) and the scoring (1.9). Random whole
games are then played through the engine and the reference in step, and
every legal-action list, trick, pile and score must agree. Targeted tests pin
each [SEED]/[GAP]/[RESOLVED] line that the existing tests leave open.
"""

from __future__ import annotations

import json
import random
from itertools import combinations, pairwise
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from atout.cards import card_name, mask_of, parse_card
from atout.cli import app
from atout.core import IllegalActionError, Match
from atout.games import get_game
from atout.games.court_circular import (
    COURT_CIRCULAR,
    CourtCircularDeal,
    CourtCircularRules,
    CourtCircularState,
    CourtCircularTally,
    deal_points,
    settle_points,
)
from atout.games.court_circular_lines import LineKind, best_line
from atout.notation.record import RecordError, match_from_record, replay_summary
from tests.conftest import EXAMPLES

GAME = get_game("court-circular")
RANKS = "23456789TJQKA"
SUITS = "SHDC"
ALL = [r + s for s in SUITS for r in RANKS]

# ---------------------------------------------------------------------------
# The reference, from the spec text.


def order(card: str) -> int:
    """1.4: hearts A..2 above everything, then by rank A..2 with ♦ > ♣ > ♠."""
    rank, suit = RANKS.index(card[0]), card[1]
    if suit == "H":
        return 100 + rank
    return 3 * rank + {"D": 2, "C": 1, "S": 0}[suit]


def _rank(card: str) -> int:
    return RANKS.index(card[0])


def _is_run(cards: list[str], lead: str | None) -> bool:
    """Consecutive ranks, ace low or high, no wrap; the Lead (if any) at an end."""
    for ace in (12, -1):
        ranked = sorted(cards, key=lambda c: ace if c[0] == "A" else _rank(c))
        values = [ace if c[0] == "A" else _rank(c) for c in ranked]
        if all(b == a + 1 for a, b in pairwise(values)) and (
            lead is None or lead in (ranked[0], ranked[-1])
        ):
            return True
    return False


def _kind(cards: list[str], lead: str | None) -> int:
    """The kind's place in the single ranking (11 best .. 1), 0 for none."""
    same = len({c[0] for c in cards}) == 1
    hearts = all(c[1] == "H" for c in cards)
    courts = all(c[0] in "KQJ" for c in cards)
    if lead is not None:  # Class I: ranks 11..8
        for kind, ok in ((11, same), (10, _is_run(cards, lead)), (9, hearts), (8, courts)):
            if ok:
                return kind
        return 0
    if len(cards) == 3:  # Class II: ranks 7..4
        for kind, ok in ((7, same), (6, _is_run(cards, None)), (5, hearts), (4, courts)):
            if ok:
                return kind
        return 0
    for kind, ok in ((3, same), (2, hearts), (1, courts)):  # Class III
        if ok:
            return kind
    return 0


def ref_key(own: list[str], lead: str) -> tuple[int, int, int]:
    """(kind, number of cards, best own card) of the best line; no line: (0, 0, best card)."""
    best = (0, 0, max(order(c) for c in own))
    for size in (2, 3):
        for subset in combinations(own, size):
            top = max(order(c) for c in subset)
            for cards, lead_or_none in (([*subset, lead], lead), (list(subset), None)):
                kind = _kind(cards, lead_or_none)
                if kind:
                    best = max(best, (kind, len(cards), top))
    return best


def points_of(card: str, up: bool) -> int:
    return (2 if up else 1) + (card[1] == "H") + (card[0] in "KQJ")


class Ref:
    """One deal of Court Circular, from the spec."""

    def __init__(self, deal: dict[str, Any], carroll: bool) -> None:
        self.hands = [list(deal["hands"][0]), list(deal["hands"][1])]
        self.lead: str = deal["lead"]
        self.stock: list[str] = list(deal["stock"])
        self.carroll = carroll
        self.leader: int = 1 - int(deal["dealer"])
        self.table: list[tuple[int, str]] = []
        self.last = False  # the current trick began with an empty stock
        self.choosing: int | None = None  # the winner choosing the next Lead
        self.over = False
        self.up: list[list[str]] = [[], []]
        self.down: list[list[str]] = [[], []]
        self.tricks: list[dict[str, Any]] = []

    @property
    def turn(self) -> int:
        if self.choosing is not None:
            return self.choosing
        return self.leader if len(self.table) % 2 == 0 else 1 - self.leader

    def may_resign(self, seat: int) -> bool:
        mine = sum(1 for s, _ in self.table if s == seat)
        theirs = len(self.table) - mine
        if self.last or mine >= 3 or theirs >= 3:
            return False
        return bool(self.table) if self.carroll else mine >= 1

    def legal(self) -> set[str]:
        if self.over:
            return set()
        if self.choosing is not None:
            return {f"lead {c}" for _, c in self.table}
        seat = self.turn
        return set(self.hands[seat]) | ({"concede"} if self.may_resign(seat) else set())

    def _take(self, seat: int, cards: list[str]) -> None:
        (self.up if seat == self.leader else self.down)[seat].extend(cards)

    def _close(self, winner: int) -> None:
        self.tricks.append(
            {"leader": self.leader, "cards": [c for _, c in self.table], "winner": winner}
        )
        if self.last:
            rest = [c for _, c in self.table] + [self.lead] + self.hands[0] + self.hands[1]
            self._take(winner, rest)
            self.hands = [[], []]
            self.table = []
            self.over = True
        else:
            self.choosing = winner

    def act(self, action: str) -> None:
        seat = self.turn
        if action == "concede":
            self._close(1 - seat)
        elif action.startswith("lead "):
            new = action.split()[1]
            winner = seat
            self._take(winner, [c for _, c in self.table if c != new] + [self.lead])
            self.lead, self.table, self.leader, self.choosing = new, [], winner, None
            who = winner
            while self.stock and min(len(h) for h in self.hands) < 6:
                if len(self.hands[who]) < 6:
                    self.hands[who].append(self.stock.pop(0))
                who = 1 - who
            self.last = not self.stock
        else:
            if not self.table:
                self.last = not self.stock
            self.hands[seat].remove(action)
            self.table.append((seat, action))
            if len(self.table) == 6:
                keys = [ref_key([c for s, c in self.table if s == p], self.lead) for p in (0, 1)]
                self._close(0 if keys[0] > keys[1] else 1)

    def totals(self) -> tuple[int, int]:
        up = [sum(points_of(c, True) for c in pile) for pile in self.up]
        down = [sum(points_of(c, False) for c in pile) for pile in self.down]
        return (up[0] + down[0], up[1] + down[1])


def ref_deal_points(totals: tuple[int, int]) -> list[int]:
    a, b = totals
    return [a - b, 0] if a > b else [0, b - a]


def cc_state(record: dict[str, Any]) -> CourtCircularState:
    """The state at the end of a replayed record."""
    state = match_from_record(record).state
    assert isinstance(state, CourtCircularState)
    return state


# ---------------------------------------------------------------------------
# The reference against the engine, whole random games.


def play_random_game(seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """Play a game with random legal actions, the reference in step; return its record."""
    rng = random.Random(seed)
    match = Match.new(GAME, options, rng)
    carroll = bool(options.get("carroll_resign", False))
    record: dict[str, Any] = {"format": "atout-record/1", "game": GAME.id, "options": options}
    record["deals"] = []
    expected: list[dict[str, Any]] = []
    totals = [0, 0]
    dealer = None
    while not match.is_over():
        if match.needs_deal():
            match = match.deal_next(rng)
        layout = match.current.layout.to_json()
        if dealer is None:
            dealer = layout["dealer"]
        assert layout["dealer"] == dealer  # 1.2: the same dealer for the whole game
        ref = Ref(layout, carroll)
        deal: dict[str, Any] = {**layout, "actions": []}
        while match.state.turn is not None:
            state = match.state
            assert state.turn == ref.turn
            legal = set(match.legal_actions())
            assert legal == ref.legal()
            # Resign now and then, so that short tricks and odd refills happen.
            choices = sorted(legal)
            action = (
                "concede"
                if "concede" in legal and rng.random() < 0.15
                else rng.choice([a for a in choices if a != "concede"] or choices)
            )
            deal["actions"].append([state.turn, action])
            match = match.apply(action)
            ref.act(action)
        assert ref.over
        points = ref_deal_points(ref.totals())
        totals = [totals[0] + points[0], totals[1] + points[1]]
        expected.append({"tricks": ref.tricks, "points": points})
        record["deals"].append(deal)
    winner = [s for s in (0, 1) if totals[s] >= options.get("target", 20)]
    assert len(winner) == 1
    record["expected"] = {"deals": expected, "totals": totals, "winner": winner[0]}
    return record


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize(
    "options", [{}, {"carroll_resign": True}, {"target": 50}], ids=["seed", "carroll", "fifty"]
)
def test_engine_agrees_with_an_independent_reference(seed: int, options: dict[str, Any]) -> None:
    if options.get("target") == 50 and seed >= 4:
        pytest.skip("a few long games are enough")
    record = play_random_game(seed, options)
    expected = record.pop("expected")
    summary = replay_summary(match_from_record(json.loads(json.dumps(record))))
    assert summary["complete"] is True
    assert summary["totals"] == expected["totals"]
    assert summary["winner"] == expected["winner"]
    for got, want in zip(summary["deals"], expected["deals"], strict=True):
        assert got["tricks"] == want["tricks"]
        assert got["points"] == want["points"]


def test_reference_lines_match_the_engine_on_random_tricks() -> None:
    """1.5-1.6 on many random pairs of 3-card plays (the reference never imports the lines)."""
    rng = random.Random(2024)
    for _ in range(3000):
        cards = rng.sample(ALL, 13)
        hands = (tuple(map(parse_card, cards[:6])), tuple(map(parse_card, cards[6:12])))
        rest = [parse_card(c) for c in ALL if c not in cards]
        deal = CourtCircularDeal(0, hands, parse_card(cards[12]), tuple(rest))
        state = CourtCircularState(CourtCircularRules(), deal)
        a, b = cards[:3], cards[6:9]  # seat 1 (non-dealer) is first-hand
        for x, y in zip(b, a, strict=True):
            state = state.apply(x).apply(y)
        want = 1 if ref_key(b, cards[12]) > ref_key(a, cards[12]) else 0
        assert state.completed_tricks[-1][2] == want, (cards[12], a, b)


# ---------------------------------------------------------------------------
# 1.2 cut, dealer, deal.


def test_cut_lowest_deals_in_the_court_circular_order() -> None:
    """The cut uses 1.4: a heart beats any other card, ♦ > ♣ > ♠ at equal rank."""

    class Cut(random.Random):
        def __init__(self, cards: list[str]) -> None:
            super().__init__(0)
            self.cards = [parse_card(c) for c in cards]

        def sample(self, population: Any, k: int, **_: Any) -> list[int]:  # type: ignore[override]
            return self.cards[:k]

    for first, second, dealer in (
        ("2H", "AS", 1),  # 2♥ is higher than A♠: seat 1 draws lower and deals
        ("AS", "2H", 0),
        ("KD", "KC", 1),
        ("KS", "KC", 0),
        ("3C", "3D", 0),
    ):
        assert COURT_CIRCULAR.first_dealer(CourtCircularRules(), Cut([first, second])) == dealer


def test_first_hand_of_every_deal_is_the_non_dealer() -> None:
    record = play_random_game(8, {})  # a game of three deals
    assert len(record["deals"]) == 3
    dealers = {d["dealer"] for d in record["deals"]}
    assert len(dealers) == 1
    first_hand = 1 - dealers.pop()
    assert all(d["actions"][0][0] == first_hand for d in record["deals"])


def test_deal_one_by_one_from_first_hand_then_lead_then_stock() -> None:
    class Fixed(random.Random):
        def shuffle(self, x: Any) -> None:
            x[:] = [parse_card(c) for c in ALL]

    deal = COURT_CIRCULAR.deal(CourtCircularRules(), 0, Fixed())
    names = [[card_name(c) for c in h] for h in deal.hands]
    assert names[1] == ALL[0:12:2] and names[0] == ALL[1:12:2]  # seat 1 is first-hand
    assert card_name(deal.lead) == ALL[12]
    assert [card_name(c) for c in deal.stock] == ALL[13:]


# ---------------------------------------------------------------------------
# 1.3 the resign table, both readings, through records.


def _deal_json() -> dict[str, Any]:
    hands = [["2S", "3S", "4S", "5S", "6S", "7S"], ["2C", "3C", "4C", "5C", "6C", "7C"]]
    used = {c for h in hands for c in h} | {"9D"}
    return {
        "dealer": 1,
        "hands": hands,
        "lead": "9D",
        "stock": [c for c in ALL if c not in used],
    }


@pytest.mark.parametrize(
    ("carroll", "allowed"),
    [
        (False, [False, False, True, True, True, False]),
        (True, [False, True, True, True, True, False]),
    ],
)
def test_resign_table_move_by_move(carroll: bool, allowed: list[bool]) -> None:
    moves = ["2S", "2C", "3S", "3C", "4S", "4C"]  # seat 0 is first-hand (dealer 1)
    for move in range(6):
        record: dict[str, Any] = {
            "format": "atout-record/1",
            "game": "court-circular",
            "options": {"carroll_resign": carroll},
            "deals": [
                {**_deal_json(), "actions": [[i % 2, m] for i, m in enumerate(moves[:move])]}
            ],
        }
        state = cc_state(record)
        assert ("concede" in state.legal_actions()) is allowed[move], move
        record["deals"][0]["actions"].append([move % 2, "concede"])
        if allowed[move]:
            after = cc_state(record)
            assert after.completed_tricks[-1][2] == 1 - move % 2  # the opponent wins
        else:
            with pytest.raises(RecordError, match=f"deal 0, action {move}, 'concede'"):
                match_from_record(record)


# ---------------------------------------------------------------------------
# 1.4-1.6 details not pinned by the worked examples.


@pytest.mark.parametrize(
    ("lead", "a", "b", "winner"),
    [
        # 4 beats 3 only within the same kind: a 3-card Class I Sequence beats a 4-card Sympathy.
        ("5H", "6S 7D 2C", "2H 9H JH", 0),
        # No wrap: K-A-2 is no sequence (B has only a Class III Pair, A a Class II Court).
        ("2C", "KS QD JC", "KD AC 9S", 0),
        # Class II: a Trio outranks a Sequence (here Q-K-A, ace high).
        ("3C", "QS KD AC", "8S 8D 8C", 1),
        # Own Sequence A-2-3 (Class II) beats a Valentine (Class III).
        ("9C", "AS 2D 3C", "KH QH 5S", 0),
        # Same kind and size: the best own card decides, the Lead never counts.
        ("QH", "KH 2S 3S", "JH 4S 5S", 0),
        # No lines at all: a heart beats every other card; then ♦ > ♣ > ♠ at equal rank.
        ("2S", "AS 9D 4C", "2H 7S 5D", 1),
        ("2S", "AS 9D 4C", "AC 7S 5D", 1),
        ("2S", "AD 9S 4C", "AC 7S 5D", 0),
        # Class III: a Pair beats a Valentine, whatever the cards' heights.
        ("2S", "AH KH 4C", "3D 3C 9S", 1),
        # A line of any class beats a player with no line, whatever his cards.
        ("2S", "AH 9D 4C", "3D 4D QC", 1),
    ],
)
def test_trick_winners(lead: str, a: str, b: str, winner: int) -> None:
    """A is seat 1 (first-hand, dealer 0), B is seat 0; ``winner`` 0 = A, 1 = B."""
    own_a, own_b = a.split(), b.split()
    used = {lead, *own_a, *own_b}
    rest = [c for c in ALL if c not in used]
    hands = [own_b + rest[:3], own_a + rest[3:6]]
    deal = CourtCircularDeal(
        0,
        tuple(tuple(map(parse_card, h)) for h in hands),
        parse_card(lead),
        tuple(map(parse_card, rest[6:])),
    )
    state = CourtCircularState(CourtCircularRules(), deal)
    for x, y in zip(own_a, own_b, strict=True):
        state = state.apply(x).apply(y)
    seat = state.completed_tricks[-1][2]
    assert seat == (1 if winner == 0 else 0)
    assert (ref_key(own_a, lead) > ref_key(own_b, lead)) is (winner == 0)


def test_the_lead_in_the_middle_of_a_longer_run_does_not_count() -> None:
    """Own 6♠ 7♠ 4♦, Lead 5♣: 4-5-6-7 has the Lead inside; 5-6-7 (Lead lowest) is the line."""
    key = ref_key(["6S", "7S", "4D"], "5C")
    assert key == (10, 3, order("7S"))
    line = best_line(mask_of(map(parse_card, ["6S", "7S", "4D"])), parse_card("5C"))
    assert line.kind is LineKind.LEAD_SEQUENCE and line.names() == ("5C", "6S", "7S")


# ---------------------------------------------------------------------------
# 1.7-1.8 Lead choice, piles, refill, last trick, via the engine.


def test_lead_choice_excludes_the_old_lead_and_allows_either_players_card() -> None:
    deal = _deal_json()
    moves = [[0, "2S"], [1, "2C"], [0, "3S"], [1, "3C"], [0, "4S"], [1, "4C"]]
    record = {
        "format": "atout-record/1",
        "game": "court-circular",
        "deals": [{**deal, "actions": moves}],
    }
    state = cc_state(record)
    # No lines either side (2-3-4 own runs are Class II Sequences for both!): compare keys.
    winner = state.completed_tricks[-1][2]
    assert winner == (
        0 if ref_key(["2S", "3S", "4S"], "9D") > ref_key(["2C", "3C", "4C"], "9D") else 1
    )
    assert set(state.legal_actions()) == {f"lead {c}" for c in ("2S", "3S", "4S", "2C", "3C", "4C")}
    with pytest.raises(IllegalActionError, match="old Lead"):
        state.apply("lead 9D")
    loser_card = "2S" if winner == 1 else "2C"
    after = state.apply(f"lead {loser_card}")
    assert card_name(after.lead or 0) == loser_card
    up, down = after.piles[winner]
    taken = up | down
    assert taken.bit_count() == 6 and taken >> parse_card("9D") & 1  # the old Lead goes too
    # Refill: one card each from the winner, both back to 6.
    assert after.hand(0).bit_count() == after.hand(1).bit_count() == 6
    assert after.stock_size == 39 - 6


def test_refill_skips_a_full_hand_after_a_short_trick() -> None:
    """Seat 1 resigns at move 4: the winner (seat 0) put down 2 cards, seat 1 only 1.

    The refill goes one card at a time from the winner, skipping a full hand:
    seat 0, seat 1 (now full), seat 0.
    """
    deal = _deal_json()
    moves = [[0, "2S"], [1, "2C"], [0, "3S"], [1, "concede"], [0, "lead 2C"]]
    state = cc_state(
        {
            "format": "atout-record/1",
            "game": "court-circular",
            "deals": [{**deal, "actions": moves}],
        }
    )
    stock = deal["stock"]
    assert {card_name(c) for c in range(52) if state.hand(0) >> c & 1} >= {stock[0], stock[2]}
    assert {card_name(c) for c in range(52) if state.hand(1) >> c & 1} >= {stock[1]}
    assert state.hand(0).bit_count() == state.hand(1).bit_count() == 6
    assert state.stock_size == 39 - 3


def test_cards_of_a_trick_are_in_the_order_put_down() -> None:
    deal = _deal_json()
    moves = [[0, "7S"], [1, "2C"], [0, "2S"], [1, "7C"], [0, "5S"], [1, "3C"]]
    summary = replay_summary(
        match_from_record(
            {
                "format": "atout-record/1",
                "game": "court-circular",
                "deals": [{**deal, "actions": moves}],
            }
        )
    )
    trick = summary["deals"][0]["tricks"][0]
    assert trick["leader"] == 0 and trick["cards"] == ["7S", "2C", "2S", "7C", "5S", "3C"]


def test_last_trick_everything_to_the_winner_and_no_resign() -> None:
    record = play_random_game(11, {})
    for deal in record["deals"]:
        ref = Ref(deal, carroll=False)
        for _, action in deal["actions"]:
            if ref.last and ref.choosing is None:
                assert action != "concede"
            ref.act(action)
        assert ref.over and not ref.stock
        assert sum(len(p) for p in ref.up + ref.down) == 52
        # The last trick is the first begun with an empty stock; it takes the leftovers.
        last = ref.tricks[-1]
        assert len(last["cards"]) == 6


# ---------------------------------------------------------------------------
# 1.9 scoring and the game end.


def test_scoring_constants() -> None:
    assert (
        points_of("QH", True) == 4 and points_of("KC", False) == 2 and points_of("9S", False) == 1
    )
    assert sum(points_of(c, False) for c in ALL) == 77
    assert sum(points_of(c, True) for c in ALL) == 129
    assert points_of("AH", True) == 3  # the ace is not a court card


def test_game_ends_after_the_deal_reaching_the_target_and_equal_is_nothing() -> None:
    assert deal_points((40, 40)) == (0, 0)
    assert deal_points((10, 13)) == (0, 3)
    s = settle_points(CourtCircularRules(target=50), CourtCircularTally((48, 30)), (0, 3), 0)
    assert not s.over and s.tally.points == (48, 33) and s.next_dealer == 0
    s = settle_points(CourtCircularRules(target=50), CourtCircularTally((48, 30)), (2, 0), 0)
    assert s.over and s.winner == 0


# ---------------------------------------------------------------------------
# Robustness: malformed records fail with one clear line, exit status 2.


def _public() -> dict[str, Any]:
    path = EXAMPLES / "court-circular-game.record.json"
    if not path.is_file():
        pytest.skip("the public examples are not beside the repository")
    data: dict[str, Any] = json.loads(path.read_text())
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(lead="ZZ"), "not a card: 'ZZ'"),
        (lambda d: d.update(lead="JK"), "no joker"),
        (lambda d: d.update(lead=d["hands"][0][0]), "52 different cards"),
        (lambda d: d.update(lead=None), "lead must be a card"),
        (lambda d: d["stock"].pop(), "the stock must be a list of 39 cards"),
        (lambda d: d.update(stock="AS KS"), "the stock must be a list of 39 cards"),
        (lambda d: d["hands"][1].pop(), "seat 1's hand must be a list of 6 cards"),
        (lambda d: d["hands"][0].__setitem__(0, d["hands"][1][0]), "52 different cards"),
        (lambda d: d.update(dealer=2), "dealer must be seat 0 or 1"),
    ],
)
def test_malformed_deals(change: Any, message: str, tmp_path: Path) -> None:
    record = _public()
    change(record["deals"][0])
    with pytest.raises(RecordError, match=message):
        match_from_record(record)
    assert_cli_refuses(record, tmp_path, message)


def assert_cli_refuses(record: dict[str, Any], tmp_path: Path, message: str) -> None:
    """``atout replay --json``: exit status 2, nothing on stdout, one line naming deal 0."""
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    done = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert done.exit_code == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "deal 0" in lines[0] and message.split("'")[0] in lines[0]


def test_a_second_deal_by_the_other_player_is_refused() -> None:
    """1.2: the dealer is fixed for the whole game; a later deal may leave it out."""
    record = play_random_game(8, {})  # a game of three deals
    record.pop("expected")
    assert len(record["deals"]) >= 2
    dealer = record["deals"][0]["dealer"]
    del record["deals"][1]["dealer"]
    assert match_from_record(record).is_over()
    record["deals"][1]["dealer"] = 1 - dealer
    with pytest.raises(
        RecordError, match=f"deal 1: seat {dealer} deals next, not seat {1 - dealer}"
    ):
        match_from_record(record)


def test_replay_lists_a_trick_once_its_winner_is_known() -> None:
    """[pinned] A trick whose sixth card is down (or that was resigned) is complete, even while
    its winner has not yet chosen the next Lead; a trick with cards still to come is not listed.
    An unfinished deal scores [0, 0] and the game is not complete."""
    deal = _deal_json()
    moves = [[0, "7S"], [1, "2C"], [0, "2S"], [1, "7C"], [0, "5S"], [1, "3C"]]
    for upto, listed in ((5, 0), (6, 1)):
        record = {
            "format": "atout-record/1",
            "game": "court-circular",
            "deals": [{**deal, "actions": moves[:upto]}],
        }
        summary = replay_summary(match_from_record(record))
        assert len(summary["deals"][0]["tricks"]) == listed
        assert summary["deals"][0]["points"] == [0, 0] and summary["complete"] is False
        assert summary["totals"] == [0, 0] and summary["winner"] is None
