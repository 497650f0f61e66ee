"""The table patches its page on each frame: what a frame does not change stays the same node.

A button under the pointer is never swapped for a copy mid-click (Playwright waited 10 s on a
Review button "detached from the DOM"), the ⋯ menu stays open and closes with Escape or when
the review opens over it, and Undo goes once the deal's result is out.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from .test_layout import hand_in_view
from .test_table import click_something, play_vs_bots


def connected(handle: Any) -> bool:
    """Whether the element a handle holds is still in the page (not replaced by a copy)."""
    return bool(handle.evaluate("e => e.isConnected"))


def new_frame(page: Any, speed: str) -> None:
    """Set the table's bot speed from the ⋯ menu and wait for the server's frame that says so."""
    version = page.locator(".table-page").get_attribute("data-version")
    if not page.locator("#table-menu[open]").count():
        page.click("#table-menu > summary")
    page.select_option("#table-bot-speed", speed)
    page.locator(f".table-page:not([data-version='{version}'])").wait_for()


def test_buttons_and_cards_stay_the_same_nodes_across_frames(server: str, context: Any) -> None:
    page = play_vs_bots(context, server, "court-piece")
    page.wait_for_url(re.compile(r"/t/\w+"))
    page.wait_for_selector("#my-hand svg.card")
    expect(page.locator("#undo")).to_have_count(1)  # a table against bots: undo is offered
    card = page.locator("#my-hand svg.card").first.element_handle()
    menu = page.locator("#table-menu > summary").element_handle()
    new_frame(page, "slow")
    assert connected(card) and connected(menu)
    # The menu the person opened stays open through the frame; Escape closes it, back on ⋯.
    expect(page.locator("#table-menu")).to_have_attribute("open", "")
    page.keyboard.press("Escape")
    expect(page.locator("#table-menu[open]")).to_have_count(0)
    expect(page.locator("#table-menu > summary")).to_be_focused()

    for _ in range(600):
        if page.locator("#next-deal").count():
            break
        if not click_something(page, next_deal=False):
            page.wait_for_timeout(40)
    # The deal is over: nothing in it can be taken back, and Undo, greyed, says so.
    expect(page.locator("#undo")).to_have_attribute("aria-disabled", "true")
    review = page.locator(".review-open").element_handle()
    next_deal = page.locator("#next-deal").element_handle()
    new_frame(page, "normal")
    assert connected(review) and connected(next_deal)
    # The review opens over the table and the menu closes: it never sits above the review.
    expect(page.locator("#table-menu")).to_have_attribute("open", "")
    page.click(".review-open")
    expect(page.locator("#review")).to_be_visible()
    expect(page.locator("#table-menu[open]")).to_have_count(0)


def test_a_table_opened_from_the_bottom_of_the_lobby_shows_its_first_screen(
    server: str, browser: Any
) -> None:
    """On a phone the lobby is long: the table it opens starts at its top, the hand in view."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        page = ctx.new_page()
        page.goto(server + "/")
        page.fill("#name", "Ana")
        page.mouse.wheel(0, 5000)  # the person scrolls down the list of games
        page.wait_for_function("() => window.scrollY > 300")
        page.locator("#play-five-hundred").tap()
        page.wait_for_selector("#my-hand svg.card")
        assert page.evaluate("() => window.scrollY") == 0
        assert hand_in_view(page) == []
    finally:
        ctx.close()
