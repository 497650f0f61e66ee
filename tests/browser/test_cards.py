"""Card faces as drawn: both corners of a card alike, in the card's colour."""

from __future__ import annotations

from typing import Any

from tests.browser.test_table import play_vs_bots


def test_both_corners_of_a_red_card_are_red_and_alike(server: str, context: Any) -> None:
    """The second corner was a <use> the page's styles did not reach: black, its 10 larger."""
    page = play_vs_bots(context, server, "bridge")
    page.wait_for_selector("#my-hand svg.card")
    red = page.locator("#my-hand svg.card[data-card$='H'], #my-hand svg.card[data-card$='D']")
    assert red.count() > 0
    card = red.first
    corners = card.locator("g.red")
    assert corners.count() == 2
    styles = [
        corners.nth(i).evaluate(
            "g => [getComputedStyle(g).fill, getComputedStyle(g.querySelector('.rank')).fontSize]"
        )
        for i in range(2)
    ]
    assert styles[0] == styles[1]
    assert styles[0][0] not in ("rgb(0, 0, 0)", "none")
    black = card.locator("g.black")
    assert black.count() == 0
