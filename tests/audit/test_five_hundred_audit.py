"""An independent audit of Five Hundred against rules/five-hundred.md (seed 002).

The reference below is written from the spec alone, on card names: the 43-card
pack, the Avondale table and the auction (3.3, with misère), the kitty (3.4),
following and winning tricks with the bowers and the joker (3.1, 3.5, with the
seed-typo reading and the no-trumps joker), scoring (3.6) and the game end.
Random whole games go through the engine and the reference in step; every
legal-action list, trick, score and the game's winner must agree. Targeted
tests pin the spec lines and worked examples the existing tests leave open.
"""

from __future__ import annotations

import json
import random
from itertools import combinations
from typing import Any

import pytest
from typer.testing import CliRunner

from atout.cards import parse_card
from atout.cli import app
from atout.core import IllegalActionError, Match
from atout.games import get_game
from atout.games.five_hundred import (
    FIVE_HUNDRED,
    FiveHundredRules,
    FiveHundredState,
    FiveHundredTally,
    game_winner,
    hand_points,
    parse_call,
)
from atout.notation.record import RecordError, match_from_record, replay_summary
from tests.conftest import EXAMPLES

GAME = get_game("five-hundred")
RED_RANKS = "456789TJQKA"
BLACK_RANKS = "56789TJQKA"
PACK = (
    [r + s for s in "HD" for r in RED_RANKS] + [r + s for s in "SC" for r in BLACK_RANKS] + ["JK"]
)
STRAINS = ("S", "C", "D", "H", "NT")
PARTNER_SUIT = {"S": "C", "C": "S", "H": "D", "D": "H"}
PLAIN_ORDER = "456789TJQKA"

# ---------------------------------------------------------------------------
# The reference, from the spec text.


def value(call: str) -> int:
    """3.6: the Avondale table; misère 250, open misère 500."""
    if call == "misere":
        return 250
    if call == "open-misere":
        return 500
    tricks, strain = int(call[:-2] if call.endswith("NT") else call[:-1]), call.lstrip("0123456789")
    return 40 + 100 * (tricks - 6) + 20 * STRAINS.index(strain)


def auction_rank(call: str) -> tuple[int, int]:
    """Bids rank by value; open misère (500) sits just below 10♥ (500)."""
    return (value(call), 0 if call == "open-misere" else 1)


BIDS = [f"{n}{s}" for n in range(6, 11) for s in STRAINS]


def strain_of(contract: str) -> str:
    return "NT" if contract in ("misere", "open-misere") else contract.lstrip("0123456789")


def eff_suit(card: str, strain: str) -> str:
    """The suit a card belongs to: bowers and the joker are trumps; the NT joker is its own."""
    if card == "JK":
        return "JK" if strain == "NT" else strain
    if strain != "NT" and card[0] == "J" and card[1] == PARTNER_SUIT[strain]:
        return strain
    return card[1]


def power(card: str, strain: str, led: str) -> int:
    """Higher wins; 0 for a card that can never win this trick."""
    suit = eff_suit(card, strain)
    if card == "JK":
        return 1000
    if strain != "NT" and suit == strain:
        if card[0] == "J":
            return 900 if card[1] == strain else 800
        return 500 + PLAIN_ORDER.index(card[0])
    if suit == led:
        return 100 + PLAIN_ORDER.index(card[0])
    return 0


class Ref:
    """One deal of Five Hundred, from the spec."""

    def __init__(self, deal: dict[str, Any], rules: dict[str, Any]) -> None:
        self.rules = rules
        self.dealer: int = deal["dealer"]
        self.hands = [list(h) for h in deal["hands"]]
        self.kitty = list(deal["kitty"])
        self.turn: int | None = (self.dealer + 1) % 4
        self.calls: list[tuple[int, str]] = []
        self.passed: set[int] = set()
        self.high: str | None = None
        self.contractor: int | None = None
        self.phase = "auction"
        self.trick: list[str] = []
        self.led = ""
        self.leader = -1
        self.won = [0, 0]
        self.voids: set[tuple[int, str]] = set()
        self.tricks: list[dict[str, Any]] = []
        self.sits_out = -1

    def legal(self) -> set[str]:
        if self.phase == "auction":
            out = {"pass"}
            calls = BIDS + (["misere", "open-misere"] if self.rules.get("misere") else [])
            for call in calls:
                if self.high is not None and auction_rank(call) <= auction_rank(self.high):
                    continue
                # Misère only once someone has bid seven or more (any bid at 7+ so far).
                if call == "misere" and not any(
                    c in BIDS and value(c) >= 140 for _, c in self.calls
                ):
                    continue
                out.add(call)
            return out
        if self.phase == "kitty":
            assert self.turn is not None
            hand = self.hands[self.turn]
            return {"discard " + " ".join(c) for c in combinations(hand, 3)}
        if self.phase == "play":
            assert self.turn is not None and self.high is not None
            hand, strain = self.hands[self.turn], strain_of(self.high)
            if not self.trick:
                if strain == "NT" and "JK" in hand:
                    shown = {s for seat, s in self.voids if seat == self.turn}
                    if not self.rules.get("joker_nominate_restricted", True):
                        shown = set()
                    names = [s for s in "SHDC" if s not in shown] or list("SHDC")
                    return {c for c in hand if c != "JK"} | {f"JK {s}" for s in names}
                return set(hand)
            same = {c for c in hand if eff_suit(c, strain) == self.led}
            return same or set(hand)
        return set()

    def _next(self, seat: int) -> int:
        seat = (seat + 1) % 4
        return (seat + 1) % 4 if seat == self.sits_out else seat

    def act(self, action: str) -> None:
        seat = self.turn
        assert seat is not None
        if self.phase == "auction":
            self.calls.append((seat, action))
            if action == "pass":
                self.passed.add(seat)
            else:
                self.high, self.contractor = action, seat
            if self.rules.get("single_round_bidding"):
                ended = len(self.calls) == 4
            else:
                ended = len(self.passed) == 4 or (len(self.passed) == 3 and self.high is not None)
            if not ended:
                nxt = (seat + 1) % 4
                while nxt in self.passed and not self.rules.get("single_round_bidding"):
                    nxt = (nxt + 1) % 4
                self.turn = nxt
            elif self.high is None:
                self.phase, self.turn = "over", None
            else:
                assert self.contractor is not None
                self.phase, self.turn = "kitty", self.contractor
                self.hands[self.contractor] += self.kitty
                if self.high in ("misere", "open-misere"):
                    self.sits_out = (self.contractor + 2) % 4
        elif self.phase == "kitty":
            for card in action.split()[1:]:
                self.hands[seat].remove(card)
            self.phase, self.leader = "play", seat
        else:
            assert self.high is not None
            strain = strain_of(self.high)
            card, _, named = action.partition(" ")
            self.hands[seat].remove(card)
            if not self.trick:
                self.led = named or eff_suit(card, strain)
            elif eff_suit(card, strain) != self.led:
                self.voids.add((seat, self.led))
            self.trick.append(card)
            size = 3 if self.sits_out >= 0 else 4
            if len(self.trick) < size:
                self.turn = self._next(seat)
                return
            powers = [power(c, strain, self.led) for c in self.trick]
            winner = self.leader
            for _ in range(powers.index(max(powers))):
                winner = self._next(winner)
            self.won[winner % 2] += 1
            self.tricks.append({"leader": self.leader, "cards": self.trick, "winner": winner})
            self.trick, self.leader, self.turn = [], winner, winner
            if (self.sits_out >= 0 and winner == self.contractor) or not self.hands[winner]:
                self.phase, self.turn = "over", None

    def points(self) -> list[int]:
        if self.high is None:
            return [0, 0]
        assert self.contractor is not None
        side = self.contractor % 2
        taken, defended = self.won[side], self.won[1 - side]
        v = value(self.high)
        if self.high in ("misere", "open-misere"):
            ours = v if taken == 0 else -v
            theirs = 10 * defended if self.rules.get("misere_defender_trick_points") else 0
        else:
            need = int(self.high[:-2] if self.high.endswith("NT") else self.high[:-1])
            slam = taken == 10 and v < 250
            ours = (250 if slam else v) if taken >= need else -v
            theirs = 10 * defended
        return [ours, theirs] if side == 0 else [theirs, ours]

    def made(self) -> bool:
        return self.high is not None and self.points()[(self.contractor or 0) % 2] > 0


def ref_winner(
    rules: dict[str, Any], totals: list[int], contractor: int | None, made: bool
) -> int | None:
    """+500 wins, -500 loses; both at 500: the contractors; ``defenders_cannot_win``."""
    if contractor is None:
        return None
    ours, theirs = contractor % 2, 1 - contractor % 2
    cannot = rules.get("defenders_cannot_win", False)
    if totals[ours] >= 500 and (made or not cannot):
        return ours
    if totals[theirs] >= 500 and not cannot:
        return theirs
    if totals[ours] <= -500:
        return theirs
    if totals[theirs] <= -500:
        return ours
    return None


# ---------------------------------------------------------------------------
# The reference against the engine, whole random games.


def play_random_game(seed: int, options: dict[str, Any], max_deals: int = 40) -> dict[str, Any]:
    """A game of random legal actions with the reference in step; its record and summary."""
    rng = random.Random(seed)
    match = Match.new(GAME, options, rng)
    record: dict[str, Any] = {"format": "atout-record/1", "game": GAME.id, "options": options}
    record["deals"] = []
    expected: list[dict[str, Any]] = []
    totals, winner, dealer = [0, 0], None, None
    while not match.is_over() and len(record["deals"]) < max_deals:
        if match.needs_deal():
            match = match.deal_next(rng)
        layout = match.current.layout.to_json()
        if dealer is not None:
            assert layout["dealer"] == (dealer + 1) % 4  # the deal passes left, thrown in or not
        dealer = layout["dealer"]
        ref = Ref(layout, options)
        deal: dict[str, Any] = {**layout, "actions": []}
        while match.state.turn is not None:
            seat = match.state.turn
            assert seat == ref.turn
            legal = match.legal_actions()
            assert {_norm(a) for a in legal} == {_norm(a) for a in ref.legal()}
            if ref.phase == "auction":
                bids = [a for a in legal if a != "pass"]
                # Pass often, bid high sometimes, so misère and slams and sets all happen.
                action = "pass" if rng.random() < 0.55 or not bids else rng.choice(bids[:8])
            else:
                action = rng.choice(legal)
            deal["actions"].append([seat, action])
            match = match.apply(action)
            ref.act(action)
        assert ref.phase == "over"
        points = ref.points()
        totals = [totals[0] + points[0], totals[1] + points[1]]
        winner = ref_winner(options, totals, ref.contractor, ref.made())
        expected.append({"tricks": ref.tricks, "points": points})
        record["deals"].append(deal)
        assert (winner is not None) == match.is_over()
        if winner is not None:
            break
    summary = {"deals": expected, "totals": totals, "winner": winner}
    return {"record": record, "expected": summary}


def _norm(action: str) -> str | frozenset[str]:
    """A discard is a set of three cards, whatever their order."""
    return frozenset(action.split()[1:]) if action.startswith("discard") else action


OPTION_SETS = [
    {},
    {"misere": True},
    {"misere": True, "misere_defender_trick_points": True, "joker_nominate_restricted": False},
    {"single_round_bidding": True},
    {"defenders_cannot_win": True},
]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_engine_agrees_with_an_independent_reference(seed: int, options: dict[str, Any]) -> None:
    game = play_random_game(seed, options)
    summary = replay_summary(match_from_record(json.loads(json.dumps(game["record"]))))
    expected = game["expected"]
    assert summary["totals"] == expected["totals"]
    assert summary["winner"] == expected["winner"]
    assert summary["complete"] is (expected["winner"] is not None)
    for got, want in zip(summary["deals"], expected["deals"], strict=True):
        assert got["tricks"] == want["tricks"]
        assert got["points"] == want["points"]


# ---------------------------------------------------------------------------
# Helpers for targeted positions.


def deal_with(first_hands: list[str], kitty: str = "", dealer: int = 3) -> dict[str, Any]:
    """A deal whose hands start with the given cards; the rest of the pack fills them in order."""
    hands = [h.split() for h in first_hands]
    chosen_kitty = kitty.split()
    used = {c for h in hands for c in h} | set(chosen_kitty)
    rest = [c for c in PACK if c not in used]
    for hand in hands:
        while len(hand) < 10:
            hand.append(rest.pop(0))
    while len(chosen_kitty) < 3:
        chosen_kitty.append(rest.pop(0))
    assert not rest
    return {"dealer": dealer, "hands": hands, "kitty": chosen_kitty}


def replay(deal: dict[str, Any], actions: list[str], **options: Any) -> FiveHundredState:
    """The state after ``actions``, each by the seat to act (checked through a record)."""
    rules = FIVE_HUNDRED.parse_rules(options)
    state = FIVE_HUNDRED.start(rules, FIVE_HUNDRED.layout_from_json(rules, deal), None)
    pairs = []
    for action in actions:
        pairs.append([state.turn, action])
        state = state.apply(action)
    record = {
        "format": "atout-record/1",
        "game": "five-hundred",
        "options": options,
        "deals": [{**deal, "actions": pairs}],
    }
    again = match_from_record(record).state
    assert isinstance(again, FiveHundredState)
    assert again.legal_actions() == state.legal_actions()
    return state


# ---------------------------------------------------------------------------
# 3.1 the pack and the ranks; 3.6 the table.


def test_pack_and_avondale_table() -> None:
    assert len(PACK) == 43 and len(set(PACK)) == 43
    table = {
        "S": (40, 140, 240, 340, 440),
        "C": (60, 160, 260, 360, 460),
        "D": (80, 180, 280, 380, 480),
        "H": (100, 200, 300, 400, 500),
        "NT": (120, 220, 320, 420, 520),
    }
    for strain, values in table.items():
        for tricks, v in zip(range(6, 11), values, strict=True):
            assert value(f"{tricks}{strain}") == v
    assert len({value(b) for b in BIDS}) == 25


def test_every_bid_outranks_exactly_the_lower_values() -> None:
    """After each bid the legal bids are exactly those of higher value (misère at 250/500)."""
    deal = deal_with(["", "", "", ""])
    ranking = sorted([*BIDS, "misere", "open-misere"], key=auction_rank)
    assert ranking.index("misere") == ranking.index("8S") + 1 == ranking.index("8C") - 1
    assert ranking.index("open-misere") == ranking.index("10D") + 1 == ranking.index("10H") - 1
    for bid in ranking:
        state = replay(deal, ["7S", bid] if bid == "misere" else [bid], misere=True)
        legal = [a for a in state.legal_actions() if a != "pass"]
        higher = ranking[ranking.index(bid) + 1 :]
        if (bid in BIDS and value(bid) >= 140) or bid == "misere":
            want = higher
        else:
            want = [c for c in higher if c != "misere"]
        assert legal == want, bid


def test_eight_spades_outranks_seven_no_trumps_through_the_auction() -> None:
    deal = deal_with(["", "", "", ""])
    state = replay(deal, ["7NT", "8S"])
    assert state.view(None)["auction"] == [[0, "7NT"], [1, "8S"]]
    with pytest.raises(IllegalActionError, match="does not outrank"):
        replay(deal, ["8S", "7NT"])


def test_misere_after_an_opening_eight_is_allowed() -> None:
    """[GAP] 'only after someone has bid at the 7 level': read as 'the bidding has reached 7'.

    An opening 8♠ (above every 7 bid) therefore allows misère too, as a player would expect.
    """
    deal = deal_with(["", "", "", ""])
    assert "misere" in replay(deal, ["8S"], misere=True).legal_actions()
    assert "misere" not in replay(deal, ["6NT"], misere=True).legal_actions()
    assert "misere" in replay(deal, ["7S"], misere=True).legal_actions()


# ---------------------------------------------------------------------------
# 3.3 the auction: a pass is final, the dealer last, the throw-in and the next dealer.


def test_a_passed_player_never_speaks_again_and_three_passes_end_it() -> None:
    deal = deal_with(["", "", "", ""], dealer=0)
    state = replay(deal, ["pass", "6S", "pass", "6C", "6D"])  # seats 1, 2, 3, 0, then 2
    assert state.turn == 0 and state.contract is None
    state = replay(deal, ["pass", "6S", "pass", "6C", "6D", "pass"])
    assert state.contract == "6D" and state.contractor == 2  # seats 1, 3, 0 passed
    with pytest.raises(IllegalActionError, match="not seat 1's turn"):
        replay(deal, ["pass", "6S"]).apply("6H", seat=1)


def test_three_passes_then_the_dealer_may_still_bid() -> None:
    deal = deal_with(["", "", "", ""], dealer=0)
    state = replay(deal, ["pass", "pass", "pass"])
    assert state.turn == 0 and not state.is_over()
    state = state.apply("6S")
    assert state.contract == "6S" and state.contractor == 0 and state.turn == 0


def test_all_pass_throws_in_and_the_left_of_the_dealer_deals() -> None:
    first = deal_with(["", "", "", ""], dealer=2)
    second = deal_with(["", "", "", ""], dealer=3)
    record: dict[str, Any] = {
        "format": "atout-record/1",
        "game": "five-hundred",
        "deals": [
            {**first, "actions": [[3, "pass"], [0, "pass"], [1, "pass"], [2, "pass"]]},
            {**second, "actions": [[0, "pass"]]},
        ],
    }
    summary = replay_summary(match_from_record(record))
    assert summary["deals"][0]["points"] == [0, 0] and summary["deals"][0]["tricks"] == []
    assert summary["totals"] == [0, 0] and summary["complete"] is False
    second_without_dealer = {k: v for k, v in second.items() if k != "dealer"}
    record["deals"][1] = {**second_without_dealer, "actions": [[0, "pass"]]}
    assert replay_summary(match_from_record(record))["totals"] == [0, 0]
    record["deals"][1] = {**second, "dealer": 1, "actions": []}
    with pytest.raises(RecordError, match="deal 1: seat 3 deals next, not seat 1"):
        match_from_record(record)


# ---------------------------------------------------------------------------
# 3.4 the kitty.


def test_kitty_discard_any_three_including_kitty_cards_and_the_joker() -> None:
    deal = deal_with(["", "JK", "", ""], kitty="AH KH QH", dealer=0)
    state = replay(deal, ["6NT", "pass", "pass", "pass"])
    assert state.turn == 1 and state.hand(1).bit_count() == 13
    after = state.apply("discard JK AH KH")  # the joker and two kitty cards
    assert after.hand(1).bit_count() == 10 and after.turn == 1  # the contractor leads
    views = [after.view(s) for s in range(4)]
    assert set(views[1]["discards"]) == {"JK", "AH", "KH"}
    for seat in (0, 2, 3):
        assert "kitty" not in views[seat] and "discards" not in views[seat]
        assert "JK" not in json.dumps(views[seat]) and "AH" not in json.dumps(views[seat])
    for bad in ("discard JK AH", "discard JK AH KH QH"):
        with pytest.raises(ValueError, match="exactly three"):
            state.apply(bad)


def test_discards_count_for_nobody() -> None:
    """Ten tricks of four make 40 cards; the three discards are in no trick."""
    game = play_random_game(1, {})
    for deal, want in zip(game["record"]["deals"], game["expected"]["deals"], strict=True):
        discards = [a.split()[1:] for _, a in deal["actions"] if a.startswith("discard")]
        if not discards:
            continue
        played = {c.split()[0] for t in want["tricks"] for c in t["cards"]}
        assert not played & set(discards[0])


# ---------------------------------------------------------------------------
# 3.5 following and winning, every trump suit; the seed-typo reading.


def expected_legal(state: FiveHundredState, strain: str) -> set[str]:
    """The reference's following rule applied to the engine's hand of the seat to act."""
    seat = state.turn
    assert seat is not None and state.trick
    hand = [c for c in PACK if state.hand(seat) >> _index(c) & 1]
    led = "SHDC"[state.led_suit]
    same = {c for c in hand if eff_suit(c, strain) == led}
    return same or set(hand)


def _index(name: str) -> int:
    return parse_card(name)


def run(state: FiveHundredState, *actions: str) -> FiveHundredState:
    for action in actions:
        state = state.apply(action)
    return state


def _kitty(deal: dict[str, Any]) -> str:
    """The contractor discards the kitty he took: his own ten cards stay as dealt."""
    return "discard " + " ".join(deal["kitty"])


@pytest.mark.parametrize("trump", ["S", "C", "D", "H"])
def test_bowers_and_joker_belong_to_trumps_for_every_purpose(trump: str) -> None:
    other = PARTNER_SUIT[trump]
    left, right = "J" + other, "J" + trump
    # The other suit led: the left bower is not of it, and its holder must follow with Q.
    deal = deal_with([f"A{other}", f"{left} Q{other}", "JK", right], dealer=3)
    state = replay(deal, [f"6{trump}", "pass", "pass", "pass", _kitty(deal), f"A{other}"])
    legal = set(state.legal_actions())
    assert left not in legal and f"Q{other}" in legal and legal == expected_legal(state, trump)
    # The left bower led is a trump lead: bowers and the joker follow it; the joker wins.
    deal = deal_with([left, "", right, "JK"], dealer=3)
    state = replay(deal, [f"6{trump}", "pass", "pass", "pass", _kitty(deal), left])
    assert state.led_suit == "SHDC".index(trump)
    state = state.apply(sorted(expected_legal(state, trump))[0])
    assert right in state.legal_actions() and set(state.legal_actions()) == expected_legal(
        state, trump
    )
    state = run(state, right)
    assert "JK" in state.legal_actions()
    state = state.apply("JK")
    assert state.tricks()[0].winner == 3


def test_seed_typo_reading_clubs_led_spades_trump() -> None:
    """[SEED-ERROR] read 'Clubs led': holding clubs, J♣ and JK (spades) may not be played."""
    deal = deal_with(["AC", "JC JK 7C 9D", "", ""], dealer=3)
    state = replay(deal, ["6S", "pass", "pass", "pass", _kitty(deal), "AC"])
    legal = set(state.legal_actions())
    assert "7C" in legal and not legal & {"JC", "JK", "9D"}
    assert legal == expected_legal(state, "S")
    deal = deal_with(["AS", "JC JK 9D 9H", "", ""], dealer=3)
    state = replay(deal, ["6S", "pass", "pass", "pass", _kitty(deal), "AS"])
    assert {"JC", "JK"} <= set(state.legal_actions()) and "9D" not in state.legal_actions()


# ---------------------------------------------------------------------------
# The joker in no-trumps.


def test_no_trumps_joker_lead_names_a_suit_and_wins() -> None:
    deal = deal_with(["JK", "AH KH", "QH", "4H"], dealer=3)
    state = replay(deal, ["6NT", "pass", "pass", "pass", _kitty(deal)])
    legal = state.legal_actions()
    assert "JK" not in legal and {"JK S", "JK H", "JK D", "JK C"} <= set(legal)
    state = state.apply("JK H")
    assert set(state.legal_actions()) == expected_legal(state, "NT")
    assert all(a.endswith("H") for a in state.legal_actions())
    state = run(state, "AH", "QH", "4H")
    assert state.tricks()[0].to_json() == {
        "leader": 0,
        "cards": ["JK", "AH", "QH", "4H"],
        "winner": 0,
    }


def test_no_trumps_jacks_rank_normally_and_the_joker_waits_for_a_void() -> None:
    deal = deal_with(["JC", "QC JK", "TC", ""], dealer=3)
    state = replay(deal, ["6NT", "pass", "pass", "pass", _kitty(deal), "JC"])
    assert "JK" not in state.legal_actions()
    assert set(state.legal_actions()) == expected_legal(state, "NT")
    state = run(state, "QC", "TC")
    state = state.apply(sorted(expected_legal(state, "NT"))[0])
    cards = state.tricks()[0].cards
    powers = [power(c, "NT", "C") for c in cards]
    assert state.tricks()[0].winner == powers.index(max(powers))


# ---------------------------------------------------------------------------
# 3.6 scoring: every bid with 10 tricks (slam), sets, defenders, misère.


@pytest.mark.parametrize("bid", BIDS)
def test_slam_and_set_for_every_bid(bid: str) -> None:
    code = parse_call(bid)
    v = value(bid)
    assert hand_points(FiveHundredRules(), code, 0, (10, 0)) == (250 if v < 250 else v, 0)
    need = int(bid[:-2] if bid.endswith("NT") else bid[:-1])
    assert hand_points(FiveHundredRules(), code, 1, (11 - need, need - 1)) == (
        10 * (11 - need),
        -v,
    )
    if need < 10:
        assert hand_points(FiveHundredRules(), code, 2, (need + 1, 9 - need)) == (
            v,
            10 * (9 - need),
        )


def test_misere_scores_and_never_slams() -> None:
    rules = FiveHundredRules(misere=True)
    assert hand_points(rules, parse_call("misere"), 1, (10, 0)) == (0, 250)
    assert hand_points(rules, parse_call("open-misere"), 0, (0, 10)) == (500, 0)
    assert hand_points(rules, parse_call("misere"), 0, (1, 3)) == (-250, 0)


# ---------------------------------------------------------------------------
# Game end.


def test_game_end_rules() -> None:
    rules = FiveHundredRules()
    assert game_winner(rules, (620, 0), 0) == 0
    assert game_winner(rules, (50, -540), 1) == 0
    assert game_winner(rules, (700, 500), 0) == 0  # both reach 500: the contractors
    assert game_winner(rules, (480, 500), 0) == 1  # defenders can win on trick points
    assert game_winner(rules, (499, -499), 0) is None


def test_defenders_cannot_win_needs_a_made_bid() -> None:
    """[OPTION] ``defenders_cannot_win``: 'the winning total must come from a successful bid'.

    A side can then stand at 500 or more from trick points. If it bids and is set but
    stays at 500 or more, it has not won: the engine used to declare it the winner.
    """
    cannot = FiveHundredRules(defenders_cannot_win=True)
    assert game_winner(cannot, (520, 100), 0, made=False) is None
    assert game_winner(cannot, (520, 100), 0, made=True) == 0
    assert game_winner(cannot, (100, 510), 0) is None
    # Through a settlement: side 0 stands at 560 from trick points, bids 6S and takes nothing
    # (seat 1 holds every spade, so he trumps each trick): 560 - 40 = 520, still not a win.
    hands = [
        "4H 5H 6H 7H 8H 4D 5D 6D 7D 8D",
        " ".join(r + "S" for r in BLACK_RANKS),
        "9H TH JH 9D TD JD 5C 6C 7C 8C",
        "JK JC AH KH QH AD KD QD AC KC",
    ]
    deal = {"dealer": 3, "hands": [h.split() for h in hands], "kitty": ["9C", "TC", "QC"]}
    state = replay(deal, ["6S", "pass", "pass", "pass"], defenders_cannot_win=True)
    while not state.is_over():
        state = state.apply(state.legal_actions()[0])
    assert state.tricks_won == (0, 10) and state.points() == (-40, 100)
    settled = FIVE_HUNDRED.settle(cannot, FiveHundredTally((560, 100)), state)
    assert settled.tally.scores == (520, 200)
    assert not settled.over and settled.winner is None


# ---------------------------------------------------------------------------
# Robustness.


def _public() -> dict[str, Any]:
    path = EXAMPLES / "five-hundred-hand.record.json"
    if not path.is_file():
        pytest.skip("the public examples are not beside the repository")
    data: dict[str, Any] = json.loads(path.read_text())
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(kitty=d["kitty"][:2]), "kitty must list 3 cards"),
        (lambda d: d.update(kitty="5H 6D 7C"), "kitty must list 3 cards"),
        (lambda d: d["kitty"].__setitem__(0, d["kitty"][1]), "43 cards, each once"),
        (lambda d: d["kitty"].__setitem__(0, "2C"), "not in the Five Hundred pack: 2C"),
        (lambda d: d["hands"][0].pop(), "seat 0's hand must hold 10 cards"),
        (lambda d: d["hands"][2].append("JK"), "seat 2's hand must hold 10 cards"),
        (lambda d: d["hands"][0].__setitem__(0, d["hands"][1][0]), "43 cards, each once"),
        (lambda d: d["hands"][0].__setitem__(0, "ZZ"), "not a card: 'ZZ'"),
        (lambda d: d["hands"].pop(), "four hands"),
        (lambda d: d["actions"].__setitem__(5, [1, "discard KC 9C"]), "exactly three"),
        (lambda d: d["actions"].__setitem__(5, [1, "discard KC 9C QS"]), "do not hold QS"),
        (lambda d: d["actions"].__setitem__(0, [0, "6D"]), "not seat 0's turn"),
        (lambda d: d["actions"].__setitem__(1, [0, "6S"]), "does not outrank"),
        (lambda d: d["actions"].__setitem__(1, [0, "misere"]), "option misere"),
    ],
)
def test_malformed_records(change: Any, message: str, tmp_path: Any) -> None:
    record = _public()
    change(record["deals"][0])
    with pytest.raises(RecordError, match=message):
        match_from_record(record)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    done = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert done.exit_code == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("deal 0")


@pytest.mark.parametrize("seed", range(16))
@pytest.mark.parametrize(
    ("calls", "options"),
    [
        (["7S", "misere", "pass", "pass", "pass"], {"misere": True}),
        (
            ["open-misere", "pass", "pass", "pass"],
            {"misere": True, "misere_defender_trick_points": True},
        ),
        (["6NT", "pass", "pass", "pass"], {}),
    ],
    ids=["misere", "open-misere", "no-trumps"],
)
def test_misere_and_no_trump_deals_agree_with_the_reference(
    seed: int, calls: list[str], options: dict[str, Any]
) -> None:
    """Alone at no-trumps with the joker, the partner out, over at the first trick won."""
    rng = random.Random(seed)
    rules = FIVE_HUNDRED.parse_rules(options)
    layout = FIVE_HUNDRED.deal(rules, 0, rng)
    state = FIVE_HUNDRED.start(rules, layout, None)
    ref = Ref(layout.to_json(), options)
    for call in calls:
        state = state.apply(call)
        ref.act(call)
    contractor = state.contractor
    assert contractor is not None and contractor == ref.contractor
    alone = any("misere" in call for call in calls)
    assert state.sits_out == ((contractor + 2) % 4 if alone else None)
    while not state.is_over():
        legal = state.legal_actions()
        assert {_norm(a) for a in legal} == {_norm(a) for a in ref.legal()}
        action = rng.choice(legal)
        state = state.apply(action)
        ref.act(action)
        if state.sits_out is not None:
            assert state.turn != state.sits_out
    assert ref.phase == "over"
    assert [t.to_json() for t in state.tricks()] == ref.tricks
    assert list(state.points()) == ref.points()
