"""An independent audit of bridge against rules/bridge.md (seed 004) and DESIGN.md.

The tests are written from the spec, through the public contracts where an
independent implementation would meet ours: ``atout-record/1`` records (seats
computed here from the dealer, declarer taken from the spec, not the engine),
``atout replay --json`` (``points`` per side, ``totals``, ``winner``,
``complete``), PBN files, and the exit status 2 with one line for a bad file.
Each test names the spec line it pins; the ones the existing tests already pin
(the 5.7 table, examples 19-25, the rubber sheet) are not repeated here.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from atout.cards import card_name
from atout.cli import app
from atout.games.bridge import BRIDGE, BridgeState
from atout.games.bridge.auction import Auction, IllegalCall, parse_call
from atout.notation.pbn import match_from_pbn
from atout.notation.record import (
    RecordError,
    match_from_record,
    match_to_record,
    replay_summary,
)

N, E, S, W = range(4)
SUITS = "SHDC"
RANKS = "23456789TJQKA"


def _name(suit: int, rank: int) -> str:
    return RANKS[rank] + SUITS[suit]


def spread() -> list[list[str]]:
    """Ranks dealt round the table: no hand holds 4 honours of a suit or 4 aces."""
    return [[card_name(c) for c in range(52) if c % 4 == seat] for seat in range(4)]


def by_suit() -> list[list[str]]:
    """N all spades, E all hearts, S all diamonds, W all clubs."""
    return [[_name(seat, r) for r in range(13)] for seat in range(4)]


def deal(
    dealer: int,
    calls: str,
    declarer: int | None = None,
    tricks: int | None = None,
    hands: list[list[str]] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A record deal: calls from the dealer round, then declarer claims ``tricks``, both
    defenders accept (LHO first). Seats are computed here, from the spec."""
    actions: list[list[Any]] = [
        [(dealer + i) % 4, word] for i, word in enumerate(calls.replace("P", "pass").split())
    ]
    if declarer is not None:
        assert tricks is not None
        actions += [
            [declarer, f"claim {tricks}"],
            [(declarer + 1) % 4, "accept"],
            [(declarer + 3) % 4, "accept"],
        ]
    return {"dealer": dealer, "hands": hands or spread(), "actions": actions, **extra}


def replay(deals: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    record = {"format": "atout-record/1", "game": "bridge", "options": options, "deals": deals}
    return replay_summary(match_from_record(record))


def points(summary: dict[str, Any]) -> list[list[int]]:
    return [d["points"] for d in summary["deals"]]


def run_auction(calls: str, dealer: int = N) -> Auction:
    auction = Auction.start(dealer)
    for word in calls.split():
        auction = auction.call(parse_call(word))
    return auction


# 5.2 Auction: Law 18 sufficiency, Law 19 doubles and redoubles, Law 22 end.

LEGAL_AUCTIONS = [
    "1H P P X",  # balancing double: the doubler's partner's passes count as passes
    "1H P 2H X",  # W doubles S's bid
    "1H P 2H P P X",  # E doubles S's bid after two passes
    "1H X P P XX",  # N redoubles E's double after two passes
    "1H P P X P P XX",  # S redoubles W's double of N's bid
    "1H X 2C X",  # a new bid cancels the double; W doubles S's 2C
    "P P P 1C P P X",  # S doubles W's opening
    "7NT X XX",
    "1S 1NT",
    "1NT 2C",
    "1D 1H 1S",
]
ILLEGAL_AUCTIONS = [
    ("X", "there is no bid to double"),
    ("XX", "redouble only"),
    ("P XX", "redouble only"),
    ("1H X XX X", "already doubled"),
    ("1H X P XX", "not your partner's"),  # W redoubles his partner's double
    ("1H 1S X X", "already doubled"),
    ("1H X 2C XX", "redouble only"),  # the double went with 1H
    ("1H P X", "not your partner's"),  # S doubles his partner's bid
    ("1C 1C", "insufficient"),
    ("1NT 1S", "insufficient"),
    ("1H P P P P", "over"),
    ("P P P P P", "over"),
]


@pytest.mark.parametrize("calls", LEGAL_AUCTIONS)
def test_law_19_legal_calls(calls: str) -> None:
    run_auction(calls)


@pytest.mark.parametrize(("calls", "reason"), ILLEGAL_AUCTIONS)
def test_law_19_illegal_calls(calls: str, reason: str) -> None:
    *before, last = calls.split()
    auction = run_auction(" ".join(before))
    assert parse_call(last) not in auction.legal_calls()
    with pytest.raises(IllegalCall, match=reason):
        auction.call(parse_call(last))


@pytest.mark.parametrize(
    ("calls", "contract", "declarer"),
    [
        ("1H P P P", "1H", N),  # three passes after a bid end the auction
        ("1H X P P P", "1HX", N),  # ... also after a double
        ("P P P 1C P P P", "1C", W),  # passes before the first bid do not end it
        ("1H 2H P 4H P P P", "4H", E),  # E named hearts first for E-W (a cue bid)
        ("P 1S P 2NT P 3NT P P X P P P", "3NTX", W),  # W named NT first for E-W
        ("1H X XX 2H P P P", "2H", W),  # a new bid clears the redouble; W bid ♥ for E-W
        ("1C P 1H P 2H P 4H P P P", "4H", S),  # example 24
    ],
)
def test_end_of_auction_and_declarer(calls: str, contract: str, declarer: int) -> None:
    auction = run_auction(calls)
    assert auction.is_over()
    assert (auction.contract_name(), auction.declarer()) == (contract, declarer)


def test_opening_lead_by_declarers_left_and_dummy_face_up_after_it() -> None:
    """5.3 [SEED]: LHO leads; dummy is shown after the opening lead; declarer plays it."""
    record = deal(N, "P P P 1C P P P")  # declarer W, LHO N, dummy E
    match = match_from_record(
        {"format": "atout-record/1", "game": "bridge", "deals": [record], "options": {}}
    )
    state = match.state
    assert isinstance(state, BridgeState)
    assert (state.declarer, state.dummy, state.turn) == (W, E, N)
    assert all(state.view(seat)["dummy"] is None for seat in (N, E, S, W, None))
    assert state.legal_actions()[0] in state.view(N)["hand"]
    after = state.apply(state.legal_actions()[0])
    assert after.view(S)["dummy"] == after.view(E)["hand"]
    # E (dummy) is to play: the choice is declarer's, and records name dummy's seat.
    assert after.turn == E and after.view(W)["legal"] and not after.view(E)["legal"]


# 5.5 Rubber scoring, through records and `atout replay --json`.


def test_rubber_partscores_add_up_vulnerability_and_the_2_1_bonus() -> None:
    """Partscores accumulate to game, a game wipes both sides' partscores (Law 73),
    a side with a game is vulnerable (undertricks, doubled overtricks), 2-1 gives 500.
    A deal's points are all it puts above and below the line (spec 5.5 example sheet)."""
    summary = replay(
        [
            deal(N, "2S P P P", N, 8),  # NS 60 below
            deal(E, "P P P P"),  # passed out: E's deal is thrown in, S deals next
            deal(S, "2D P P P", S, 8),  # NS 60 + 40 = game; NS vulnerable
            deal(W, "2H P P P", W, 8),  # EW 60 below
            deal(N, "1S P P P", N, 5),  # NS vulnerable, 2 down undoubled: EW 200
            deal(E, "3NT P P P", E, 9),  # EW 60 + 100: game; 1-1
            deal(S, "1C X P P P", S, 8),  # NS vul 1♣X +1: 40 below, 50 insult, 200 overtrick
            deal(W, "P 2S P P P", N, 8),  # NS 40 + 60: game, rubber 2-1: +500
        ]
    )
    assert points(summary) == [
        [60, 0],
        [0, 0],
        [40, 0],
        [0, 60],
        [0, 200],
        [0, 100],
        [290, 0],
        [560, 0],
    ]
    assert summary["totals"] == [950, 360]
    assert summary["complete"] is True and summary["winner"] == 0
    assert [d["result"]["vulnerable"] for d in summary["deals"]][4:7] == [
        [True, False],
        [True, False],
        [True, True],
    ]


def test_rubber_2_0_bonus_and_vulnerable_slam() -> None:
    summary = replay(
        [
            deal(N, "4S P P P", N, 10),  # 120: game
            deal(E, "P 6S P P P", S, 12),  # vul small slam: 180 + 750, rubber 2-0: +700
        ]
    )
    assert points(summary) == [[120, 0], [1630, 0]]
    assert summary["winner"] == 0 and summary["complete"]


def test_rubber_insult_redoubled_overtricks_and_undertricks() -> None:
    """1♥XX = 120 below (a game), insult 100, a redoubled NV overtrick 200; 4♥X down 4
    NV 800, and vulnerable 1100 (the doubled tables of 5.4)."""
    summary = replay(
        [
            deal(N, "1H X XX P P P", N, 8),
            deal(E, "4H X P P P", E, 6),  # EW not vulnerable: NS +800
            deal(S, "4H X P P P", S, 6),  # NS vulnerable: EW +1100
        ]
    )
    assert points(summary) == [[420, 0], [800, 0], [0, 1100]]


@pytest.mark.parametrize(
    ("calls", "declarer", "tricks", "expected"),
    [
        ("4S P P P", N, 10, [270, 0]),  # N holds the five spade honours: 150
        ("2H P P P", N, 8, [60, 150]),  # a defender (E) holds the honours: still scored
        ("2H P P P", N, 7, [0, 200]),  # whether or not the contract is made
        ("1NT P P P", N, 7, [40, 0]),  # honours of a suit do not count at NT
    ],
)
def test_rubber_honours_to_the_holder_made_or_not(
    calls: str, declarer: int, tricks: int, expected: list[int]
) -> None:
    summary = replay([deal(N, calls, declarer, tricks, hands=by_suit())])
    assert points(summary) == [expected]


def test_rubber_four_honours_100_and_four_aces_at_nt_150() -> None:
    north = ["AS", "KS", "QS", "JS", "AH", "AD", "AC", "2S", "2H", "2D", "2C", "3S", "3H"]
    rest = [card_name(c) for c in range(52) if card_name(c) not in north]
    hands = [north, rest[0::3], rest[1::3], rest[2::3]]
    aces = replay([deal(N, "1NT P P P", N, 7, hands=hands)])
    assert points(aces) == [[40 + 150, 0]]
    four = replay([deal(N, "1S P P P", N, 7, hands=hands)])  # A K Q J of spades, not the 10
    assert points(four) == [[30 + 100, 0]]


def test_incomplete_rubber_law_80() -> None:
    """A rubber called off: 300 for the only game won, 100 for the only partscore."""
    summary = replay([deal(N, "4S P P P", N, 10), deal(E, "2H P P P", E, 8)])
    assert summary["complete"] is False and summary["winner"] is None
    assert summary["totals"] == [120, 60]  # no Law 80 bonus while the rubber may go on
    record = {
        "format": "atout-record/1",
        "game": "bridge",
        "time_up_in_deal": 1,
        "deals": [deal(N, "4S P P P", N, 10), deal(E, "2H P P P", E, 8)],
    }
    called = replay_summary(match_from_record(record))
    assert points(called) == [[120, 0], [300, 160]]
    assert called["totals"] == [420, 160] and called["complete"] and called["winner"] == 0
    both = {**record, "deals": [deal(N, "2S P P P", N, 8), deal(E, "2H P P P", E, 8)]}
    # Both sides have a partscore, no game: nothing more for either.
    assert points(replay_summary(match_from_record(both))) == [[60, 0], [0, 60]]


def test_rubber_winner_is_the_side_with_more_points() -> None:
    """Ambiguity pinned: 5.5 "the total above plus below the line for each side": a side
    can win the rubber 2-1 and still lose on points; ``winner`` follows the points."""
    summary = replay(
        [
            deal(N, "4S P P P", N, 10),  # NS game
            deal(E, "7NT X P P P", E, 0),  # EW not vulnerable, 13 down doubled: NS +3500
            deal(S, "P 4H P P P", W, 10),  # EW game
            deal(W, "4H P P P", W, 10),  # EW second game: rubber 2-1 to EW (+500)
        ]
    )
    assert points(summary)[1] == [3500, 0]
    assert summary["totals"] == [3620, 740] and summary["winner"] == 0


# 5.6 Duplicate scoring.

LAW_2 = {  # board: (dealer, vulnerable NS, EW), the table of 5.6 written out
    1: (N, False, False),
    2: (E, True, False),
    3: (S, False, True),
    4: (W, True, True),
    5: (N, True, False),
    6: (E, False, True),
    7: (S, True, True),
    8: (W, False, False),
    9: (N, False, True),
    10: (E, True, True),
    11: (S, False, False),
    12: (W, True, False),
    13: (N, True, True),
    14: (E, False, False),
    15: (S, True, False),
    16: (W, False, True),
}


def test_law_2_boards_1_to_35_passed_out_score_nothing() -> None:
    deals = []
    for board in range(1, 36):
        dealer = LAW_2[(board - 1) % 16 + 1][0]
        deals.append({**deal(dealer, "P P P P"), "board": board})
    summary = replay(deals, scoring="duplicate")
    for board, d in zip(range(1, 36), summary["deals"], strict=True):
        _, ns, ew = LAW_2[(board - 1) % 16 + 1]
        assert d["result"]["board"] == board and d["result"]["vulnerable"] == [ns, ew]
        assert d["result"]["passed_out"] and d["points"] == [0, 0]
    assert summary["totals"] == [0, 0]
    # The same boards numbered by their order in the record, dealers left for the rules.
    plain = [deal(LAW_2[1][0], "P P P P")] + [
        {k: v for k, v in deal(LAW_2[(b - 1) % 16 + 1][0], "P P P P").items() if k != "dealer"}
        for b in range(2, 18)
    ]
    again = replay(plain, scoring="duplicate")
    assert [d["result"]["board"] for d in again["deals"]] == list(range(1, 18))


def test_duplicate_boards_score_law_77_in_the_scoring_sides_column() -> None:
    summary = replay(
        [
            {**deal(E, "P P P 4S P P P", N, 10), "board": 2},  # NS vul: 120 + 500
            {**deal(S, "P P P 3NT X P P P", E, 7), "board": 3},  # EW vul X -2: NS +500
            {**deal(W, "P 6H P P P", N, 12), "board": 4},  # both vul slam: 1430
            {**deal(N, "1C P P P", N, 8), "board": 5},  # partscore 50: 20 + 50 + 20
            {**deal(E, "P 1C P P P", S, 4), "board": 6},  # NS NV -3 undoubled: EW +150
        ],
        scoring="duplicate",
    )
    assert points(summary) == [[620, 0], [500, 0], [1430, 0], [90, 0], [0, 150]]
    assert summary["totals"] == [2640, 150] and summary["winner"] is None  # boards go on


def test_duplicate_match_of_fixed_boards_ends_with_a_winner() -> None:
    summary = replay(
        [{**deal(N, "1NT P P P", N, 6), "board": 1}, {**deal(E, "P P P P"), "board": 2}],
        scoring="duplicate",
        boards=2,
    )
    assert summary["complete"] and summary["winner"] == 1 and summary["totals"] == [0, 50]


def test_duplicate_board_alone_fixes_the_dealer() -> None:
    first = {k: v for k, v in deal(S, "P P P P").items() if k != "dealer"}
    summary = replay([{**first, "board": 3}], scoring="duplicate")
    assert summary["deals"][0]["result"]["board"] == 3


# Records written elsewhere: who names what.


def test_claim_answers_in_either_order_and_dummy_cards_named_by_either_seat() -> None:
    """DESIGN fixes ``accept``/``reject`` by the defenders, not their order: RHO may
    answer first. Dummy's card may be named by dummy's seat (what we write) or by
    declarer's (who chooses it); a seat that already answered, or declarer, may not."""
    base = deal(N, "1NT P P P")  # declarer N, LHO E, dummy S, RHO W
    lead = [[E, "2H"], [S, "3H"]]  # E leads; dummy's (S) card named by S
    acts = base["actions"] + lead + [[N, "claim 11"], [W, "accept"], [E, "accept"]]
    summary = replay([{**base, "actions": acts}], scoring="duplicate")
    assert summary["deals"][0]["result"]["tricks"] == 11
    by_declarer = base["actions"] + [[E, "2H"], [N, "3H"]]
    match = match_from_record(
        {"format": "atout-record/1", "game": "bridge", "deals": [{**base, "actions": by_declarer}]}
    )
    assert match.current.actions[-1] == (S, "3H")  # written back naming dummy's seat
    for answers in ([[W, "accept"], [W, "accept"]], [[N, "accept"]], [[S, "accept"]]):
        bad = base["actions"] + [[N, "claim 7"], *answers]
        with pytest.raises(RecordError, match="turn"):
            replay([{**base, "actions": bad}])
    rejected = base["actions"] + [[N, "claim 13"], [W, "reject"], [E, "2H"]]
    assert replay([{**base, "actions": rejected}])["complete"] is False


# Robustness: malformed records and PBN files.

PBN = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32"]
[Declarer "N"]
[Contract "7NT"]
[Result "13"]
[Auction "N"]
7NT AP
"""

BAD_PBN = {
    "duplicate card": (PBN.replace("AKQJ.AKQ.AKQ.AKQ", "AKQJ.AKQ.AKQ.AKJ"), "52 different"),
    "short hand": (PBN.replace("AKQJ.AKQ.AKQ.AKQ", "AKQ.AKQ.AKQ.AKQ"), "Deal"),
    "board 0": (PBN.replace('Board "1"', 'Board "0"'), "board must be"),
    "bad board": (PBN.replace('Board "1"', 'Board "x"'), "PBN"),
    "bid level 8": (PBN.replace("7NT AP", "8NT AP"), "level 8"),
    "insufficient bid": (PBN.replace("7NT AP", "2NT 1NT AP"), "insufficient"),
    "double of partner": (PBN.replace("7NT AP", "7NT Pass X AP"), "partner"),
    "contract tag disagrees": (PBN.replace('Contract "7NT"', 'Contract "6NT"'), "Contract"),
    "wrong opening leader": (PBN + '[Play "W"]\nS2 SA S9 S5\n', "opening"),
    "card not held": (PBN + '[Play "E"]\nSA HA DA CA\n', "not hold"),
    "too many tricks": (PBN.replace('Result "13"', 'Result "14"'), "13 tricks"),
    "bad dealer": (PBN.replace('Dealer "N"', 'Dealer "Q"'), "PBN"),
    "no board": ("", "no board"),
}


def test_good_pbn_loads() -> None:
    assert match_from_pbn(PBN).totals == (1520, 0)


@pytest.mark.parametrize("case", sorted(BAD_PBN))
def test_bad_pbn_is_a_record_error_and_exit_2(case: str, tmp_path: Path) -> None:
    text, reason = BAD_PBN[case]
    with pytest.raises(RecordError, match=reason):
        match_from_pbn(text)
    path = tmp_path / "bad.pbn"
    path.write_text(text or "\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", "--json", str(path)])
    assert result.exit_code == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1


def _bad(change: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "format": "atout-record/1",
        "game": "bridge",
        "options": {"scoring": "duplicate"},
        "deals": [{**deal(N, "1NT P 3NT P P P", N, 9), "board": 1}],
    }
    change(record["deals"][0])
    return record


BAD_RECORDS = {
    "board 0": lambda d: d.update(board=0),
    "board as text": lambda d: d.update(board="1"),
    "board of another dealer": lambda d: d.update(board=2),
    "duplicate card": lambda d: d["hands"][0].__setitem__(0, d["hands"][1][0]),
    "12 cards": lambda d: d["hands"][0].pop(),
    "joker": lambda d: d["hands"][0].__setitem__(0, "JK"),
    "bad call": lambda d: d["actions"].__setitem__(0, [N, "8NT"]),
    "wrong seat": lambda d: d["actions"].__setitem__(0, [E, "1NT"]),
    "no seat 4": lambda d: d["actions"].__setitem__(0, [4, "1NT"]),
    "insufficient": lambda d: d["actions"].__setitem__(2, [S, "1C"]),
    "defender claims": lambda d: d["actions"].__setitem__(6, [E, "claim 3"]),
    "bad vulnerable": lambda d: d.update(vulnerable="maybe"),
    "action after the end": lambda d: d["actions"].append([N, "pass"]),
}


@pytest.mark.parametrize("case", sorted(BAD_RECORDS))
def test_bad_record_is_exit_2_with_one_line(case: str, tmp_path: Path) -> None:
    record = _bad(BAD_RECORDS[case])
    with pytest.raises(RecordError):
        match_from_record(record)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", "--json", str(path)])
    assert result.exit_code == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_stated_vulnerability_must_agree_with_the_board_or_the_rubber() -> None:
    """DESIGN: the board fixes dealer and vulnerability (Law 2); in rubber the games won
    do. A record stating another vulnerability is refused, not silently rescored; the
    views' ``[NS, EW]`` form is read as well as ``None``/``NS``/``EW``/``All``."""
    board_2 = {**deal(E, "P P P 4S P P P", N, 10), "board": 2}
    assert replay([{**board_2, "vulnerable": "NS"}], scoring="duplicate")["totals"] == [620, 0]
    assert replay([{**board_2, "vulnerable": [True, False]}], scoring="duplicate")["totals"] == [
        620,
        0,
    ]
    with pytest.raises(RecordError, match="board 2 is NS vulnerable"):
        replay([{**board_2, "vulnerable": "None"}], scoring="duplicate")
    game = deal(N, "4S P P P", N, 10, vulnerable="None")
    summary = replay([game, deal(E, "P P P P", vulnerable="NS")])
    assert summary["deals"][1]["result"]["vulnerable"] == [True, False]
    with pytest.raises(RecordError, match="rubber makes this deal NS vulnerable"):
        replay([game, deal(E, "P P P P", vulnerable="None")])


def test_a_claim_in_dummys_turn_is_recorded_as_declarers() -> None:
    base = deal(N, "1NT P P P")  # declarer N, dummy S
    acts = [*base["actions"], [E, "2H"], [N, "claim 9"], [E, "accept"], [W, "accept"]]
    record = {"format": "atout-record/1", "game": "bridge", "deals": [{**base, "actions": acts}]}
    written = match_to_record(match_from_record(record))
    assert written["deals"][0]["actions"][-3] == [N, "claim 9"]


def test_cards_are_case_insensitive_in_play_even_when_they_spell_a_bid() -> None:
    """DESIGN: input is case-insensitive. In the play "2c" is the two of clubs (it spelt
    a bid only during the auction); a call in the play is still refused as one."""
    base = deal(N, "1NT P P P", hands=by_suit())  # E (hearts) leads, S (diamonds) ...
    acts = [*base["actions"], [E, "2h"], [S, "2d"], [W, "2c"], [N, "7s"]]
    summary = replay([{**base, "actions": acts}])
    assert summary["deals"][0]["tricks"] == [
        {"leader": E, "cards": ["2H", "2D", "2C", "7S"], "winner": E}
    ]
    for call in ("pass", "x", "1h"):
        with pytest.raises(RecordError, match="auction is over"):
            replay([{**base, "actions": [*base["actions"], [E, call]]}])


def test_cards_dealt_one_at_a_time_clockwise_from_the_dealers_left() -> None:
    """5.1 [GAP]: one card at a time, clockwise from the dealer's left."""
    rules = BRIDGE.parse_rules({})
    layout = BRIDGE.deal(rules, W, random.Random(5))
    deck = list(range(52))
    random.Random(5).shuffle(deck)
    assert [list(h) for h in layout.hands] == [deck[k::4] for k in range(4)]  # N first
