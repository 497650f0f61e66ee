"""The table tells the story: who took the trick, who named trump, what the hint suggests,
what a call means (on tap), dummy by suit, the trump-call cards in order."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from .test_table import click_and_wait, click_something, create_from_lobby

SUIT_ORDER = "SHDC"
RANKS = "23456789TJQKA"


def hand_cards(page: Any, selector: str = "#my-hand svg.card") -> list[str]:
    cards: list[str] = page.locator(selector).evaluate_all("els => els.map(e => e.dataset.card)")
    return cards


def test_the_trick_winner_is_marked_and_named(server: str, context: Any, artifacts: Path) -> None:
    page = context.new_page()
    create_from_lobby(page, server, "court-piece")
    # The finished trick stays 1.2 s: read it in one go when it shows.
    seen = None
    for _ in range(400):
        seen = page.evaluate(
            """() => { const note = document.querySelector('#trick-winner');
              return note && { note: note.textContent,
                area: document.querySelector('#trick').className,
                winners: document.querySelectorAll('#trick svg.card.trick-winner').length }; }"""
        )
        if seen:
            break
        if not click_something(page):
            page.wait_for_timeout(20)
    assert seen, "no trick was shown won"
    assert re.search(r"takes? the trick", seen["note"]), seen
    assert re.search(r"\bto-(bottom|left|top|right)\b", seen["area"]), seen
    assert seen["winners"] == 1, seen
    page.screenshot(path=str(artifacts / "trick-winner.png"))


def test_court_piece_says_who_named_trump_and_sorts_the_five_cards(
    server: str, context: Any
) -> None:
    page = context.new_page()
    create_from_lobby(page, server, "court-piece")
    # Our call's buttons, or a bot's named suit: the first frames may come before the page
    # knows its seat (the badge then names the seat's player as another), so wait for either.
    page.wait_for_selector("#trump-call, #trump-badge:has-text('named by')")
    if page.locator("#trump-call").count():
        five = hand_cards(page)
        assert len(five) == 5
        key = [SUIT_ORDER.index(c[1]) * 20 + RANKS.index(c[0]) for c in five]
        assert key == sorted(key), five
        click_and_wait(page, "#trump-call button.action >> nth=0")
    expect(page.locator("#trump-badge")).to_contain_text("named by")
    caller = page.locator("#facts").inner_text().split("Trump caller")[1].strip().split("\n")[0]
    assert page.locator("#trump-badge").inner_text().endswith(f"named by {caller}")


BADGES = """
window.__badges = [];
new MutationObserver(() => {
  const badge = document.querySelector("#trump-badge");
  const text = badge ? badge.innerText : null;
  if (text && window.__badges[window.__badges.length - 1] !== text) window.__badges.push(text);
}).observe(document, { childList: true, subtree: true, characterData: true });
"""


def test_a_seated_player_never_sees_their_own_seat_as_another_players(
    server: str, context: Any
) -> None:
    """Every connection is first sent the spectators' frame; the page waits for its seat's,
    on first load and on a reload alike, so the caller is never told "Ana is choosing"."""
    page = context.new_page()
    page.add_init_script(BADGES)
    for _ in range(16):  # a table where we call trump (one in four)
        create_from_lobby(page, server, "court-piece")
        page.wait_for_selector("#trump-call, #trump-badge:has-text('named by')")
        if page.locator("#trump-call").count():
            break
    else:
        raise AssertionError("we never called trump at 16 tables")
    first = page.evaluate("window.__badges")
    page.reload()
    page.wait_for_selector("#trump-call")
    again = page.evaluate("window.__badges")
    assert "You choose" in first[-1] and "You choose" in again[-1], (first, again)
    assert not any("Ana is choosing" in text for text in first + again), (first, again)


def test_the_five_hundred_hint_marks_the_three_kitty_cards(server: str, context: Any) -> None:
    page = context.new_page()
    create_from_lobby(page, server, "five-hundred")
    for _ in range(20):
        page.wait_for_selector("#bidding-box button.action:enabled, #discard")
        if page.locator("#discard").count():
            break
        click_and_wait(page, "#bidding-box .bid:enabled >> nth=-1")
    page.click("#hint")
    expect(page.locator("#my-hand svg.card.hinted")).to_have_count(3)


def test_a_call_explanation_opens_on_tap(server: str, browser: Any, artifacts: Path) -> None:
    phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    phone.set_default_timeout(10_000)
    try:
        page = phone.new_page()
        create_from_lobby(page, server, "bridge")
        for _ in range(40):
            if page.locator("#auction td.explained").count():
                break
            page.wait_for_selector("#bidding-box button.action:enabled, #my-hand svg.card.legal")
            if page.locator("#bidding-box").count():
                bid = page.locator("#bidding-box button.action:enabled:not(.call-pass)").first
                click_and_wait(
                    page, f"#bidding-box button[data-action='{bid.get_attribute('data-action')}']"
                )
            else:
                break
        cell = page.locator("#auction td.explained").first
        meaning = cell.locator(".meaning")
        expect(meaning).to_be_hidden()
        cell.tap()
        expect(meaning).to_be_visible()
        page.screenshot(path=str(artifacts / "call-explained-on-tap.png"))
    finally:
        phone.close()


def test_dummy_is_laid_out_in_suit_columns(server: str, context: Any, artifacts: Path) -> None:
    page = context.new_page()
    create_from_lobby(page, server, "bridge")
    for _ in range(400):
        if page.locator(".seat-box .hand-row.by-suit svg.card").count():
            break
        if page.locator("#deal-result").count():
            page.click("#deal-result")
        if not click_something(page):
            page.wait_for_timeout(40)
    # Read in one go: a bot's card from dummy re-draws the columns between two reads.
    columns: list[list[str]] = page.evaluate(
        """() => [...document.querySelectorAll('.seat-box .hand-row.by-suit .suit-column')]
             .map(col => [...col.querySelectorAll('svg.card')].map(c => c.dataset.card))"""
    )
    assert columns
    for column in columns:
        suits = {c[-1] for c in column}
        assert len(suits) == 1, columns
    page.screenshot(path=str(artifacts / "dummy-columns.png"))
