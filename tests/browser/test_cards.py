"""Card faces as drawn: both corners of a card alike, in the card's colour."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.browser.test_table import play_vs_bots


def test_both_corners_of_a_red_card_are_red_and_alike(
    server: str, context: Any, artifacts: Path
) -> None:
    """The second corner is a <use> of the first; the page's rules on .rank and .pip did not
    reach into its copy, which drew black with its "10" at another size. The copy inherits
    from the <use>: it must carry the corner's colour and size."""
    page = play_vs_bots(context, server, "bridge")
    page.wait_for_selector("#my-hand svg.card")
    red = page.locator("#my-hand svg.card[data-card$='H'], #my-hand svg.card[data-card$='D']")
    assert red.count() > 0
    card = red.first
    corner, copy = card.locator("g.corner"), card.locator("use.corner")
    assert corner.count() == 1 and copy.count() == 1
    assert corner.get_attribute("fill") == "currentColor"
    style = "e => [getComputedStyle(e).color, getComputedStyle(e).fontSize]"
    assert corner.evaluate(style) == copy.evaluate(style)
    colour, _ = copy.evaluate(style)
    assert colour not in ("rgb(0, 0, 0)", "rgb(17, 17, 17)")
    sizes = card.locator("g.corner text").evaluate_all(
        "ts => ts.map(t => t.getAttribute('font-size'))"
    )
    assert sizes == ["1em", "0.87em"]  # relative: the copy's texts size from the <use>
    card.screenshot(path=str(artifacts / "card-red-corners.png"))
    page.locator("#my-hand").screenshot(path=str(artifacts / "hand-corners.png"))
