"""No observation shows a hidden card: decode every card block and compare with the full state.

The hidden cards of a seat are read from the state itself (other hands, the
kitty, the stock, face-down piles), not from the view, so this checks the
encoders and the views together.
"""

from __future__ import annotations

from typing import Any

import pytest

from atout.cards import cards_of
from atout.core import Match
from tests.rl.helpers import CASES, IDS, cards_in, make, play


def hidden_cards(match: Match, seat: int) -> set[int]:
    """Cards ``seat`` may not see now, from the full state."""
    state: Any = match.state
    game = match.game.id
    players = match.game.players
    hidden: set[int] = set()
    for other in range(players):
        if other != seat:
            hidden |= set(cards_of(state.hand(other)))
    if game == "bridge" and state.dummy_shown():
        hidden -= set(cards_of(state.hand(state.dummy)))
    if game == "five-hundred":
        shown = state.exposed()
        if shown is not None:
            hidden -= set(cards_of(state.hand(shown)))
        if state.contractor != seat:
            hidden |= set(cards_of(state.discards))
            if state.contractor is None:  # the kitty is still face down on the table
                hidden |= set(state.deal.kitty)
    if game == "court-circular":
        hidden |= set(state.stock)
        for _, face_down in state.piles:
            hidden |= set(cards_of(face_down))
    if game == "court-piece":
        own = set(cards_of(state.hand(seat)))
        if state.trump is None:
            first_five = set(state.deal.hands[seat][:5]) if seat == state.deal.caller else set()
            hidden |= own - first_five
        if match.rules.courts:
            hidden |= {c for _, trick, _ in state.completed_tricks for c in trick}
    return hidden


@pytest.mark.parametrize(("game", "options"), CASES, ids=IDS)
def test_no_hidden_card(game: str, options: dict[str, Any]) -> None:
    e = make(game, options)
    card_blocks = [name for name, block in e.spec.layout.blocks.items() if block.cards]
    checked = 0
    for seed in range(3):
        for _ in play(e, seed, max_steps=600):
            for agent in e.agents:
                seat = int(agent[5:])
                obs = e.observe(agent)["observation"]
                shown: set[int] = set()
                for name in card_blocks:
                    for cards in cards_in(e, obs, name):
                        shown |= cards
                leaked = shown & hidden_cards(e.match, seat)
                assert not leaked, f"{agent} sees hidden {sorted(leaked)} in {e.match.state!r}"
                hand = cards_in(e, obs, "hand")[0]
                view_hand = e.match.state.view(seat)["hand"]
                assert len(hand) == len(view_hand)
                checked += 1
    assert checked > 100
