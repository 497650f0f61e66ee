"""The natural bidding system answers every auction, however partner and opponents bid.

Bots sit next to people at the web table, so the system must give a legal
call (and explain any call) after auctions it would never bid itself.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.bots.bridge.bidding import candidates, choose_call, explain
from atout.core import Match
from atout.games import get_game

BRIDGE = get_game("bridge")


def _auction_view(seed: int, calls: int, bid_weight: float) -> dict[str, object] | None:
    """The view of the seat to call after ``calls`` random legal calls (None if it ended)."""
    rng = random.Random(seed)
    match = Match.new(BRIDGE, {"scoring": "duplicate", "boards": 1}, rng)
    if match.needs_deal():
        match = match.deal_next(rng)
    for _ in range(calls):
        if match.state.phase != "auction":
            return None
        legal = match.legal_actions()
        bids = [c for c in legal if c != "pass"]
        call = rng.choice(bids) if bids and rng.random() < bid_weight else "pass"
        if call not in legal:
            call = rng.choice(legal)
        match = match.apply(call, match.actor)
    if match.state.phase != "auction":
        return None
    view: dict[str, object] = match.view(match.actor)
    return view


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    calls=st.integers(0, 12),
    bid_weight=st.sampled_from([0.2, 0.5, 0.8]),
)
def test_every_auction_gets_a_legal_call_and_explanations(
    seed: int, calls: int, bid_weight: float
) -> None:
    view = _auction_view(seed, calls, bid_weight)
    if view is None:
        return
    legal = list(view["legal"])  # type: ignore[call-overload]
    found = candidates(view)
    assert found and all(c in legal for c in found)
    assert choose_call(view) == found[0]
    for call in legal[:6]:
        assert explain(view, call).strip()


def test_a_fourth_seat_2nt_opener_passes_partner_3nt() -> None:
    """Seat 3 opened 2NT after three passes; partner's 3NT is to play."""
    view = {
        "seat": 3,
        "dealer": 0,
        "phase": "auction",
        "vulnerable": [False, False],
        "hand": ["2S", "JS", "AS", "2H", "QH", "AH", "4D", "8D", "5C", "9C", "QC", "KC", "AC"],
        "auction": [
            [0, "pass"],
            [1, "pass"],
            [2, "pass"],
            [3, "2NT"],
            [0, "pass"],
            [1, "3NT"],
            [2, "pass"],
        ],
        "legal": ["pass", "X", "4C", "4D", "4H", "4S", "4NT"],
    }
    assert choose_call(view) == "pass"
