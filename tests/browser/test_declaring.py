"""At bridge against bots the person plays the contract their robot partner wins, by clicking.

The bots' auction is scripted (North opens 1NT, everyone passes), so North, a
bot, declares and the person at South is dummy: the page then shows North's
hand to the person from the opening lead on and lets them click North's cards
and their own (dummy's).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from atout.bots.registry import make_bot as real_make_bot
from atout.server import driver as driver_module

from .test_table import click_and_wait, create_from_lobby, open_custom


class NorthOpens:
    """North opens 1NT, everyone else passes; the play is greedy's."""

    def __init__(self, game: str, seed: int) -> None:
        self.player = real_make_bot("greedy", game, seed=seed)

    def choose(self, view: dict[str, Any]) -> str:
        if view["phase"] == "auction":
            opened = any(call != "pass" for _, call in view["auction"])
            return "1NT" if view["seat"] == 0 and not opened else "pass"
        action: str = self.player.choose(view)
        return action


@pytest.fixture
def north_declares(monkeypatch: pytest.MonkeyPatch) -> None:
    def make_bot(name: str, game: str, seed: int = 0) -> Any:
        return NorthOpens(game, seed) if game == "bridge" else real_make_bot(name, game, seed=seed)

    monkeypatch.setattr(driver_module, "make_bot", make_bot)


def test_the_person_clicks_declarers_cards_and_dummys(
    server: str, browser: Any, artifacts: Path, north_declares: None
) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    ctx.set_default_timeout(10_000)
    try:
        page = ctx.new_page()
        page.goto(server + "/")
        open_custom(page)
        page.select_option("#game", "court-piece")
        expect(page.locator("#play-side-contracts-option")).to_be_hidden()
        page.select_option("#game", "bridge")
        expect(page.locator("#play-side-contracts")).to_be_checked()
        for width, height in [(1280, 860), (390, 844), (844, 390)]:
            page.set_viewport_size({"width": width, "height": height})
            page.locator("#play-side-contracts-option").scroll_into_view_if_needed()
            page.screenshot(path=str(artifacts / f"lobby-play-side-contracts-{width}x{height}.png"))
        page.set_viewport_size({"width": 1280, "height": 860})
        create_from_lobby(page, server, "bridge")
        # The dealer is drawn: South passes each time it is asked until North's 1NT stands.
        for _ in range(3):
            page.wait_for_selector("#bidding-box button.action:enabled, #my-hand svg.card.legal")
            if not page.locator("#bidding-box").count():
                break
            click_and_wait(page, "#bidding-box button[data-action='pass']")
        # East has led; North declares, South (dummy) is to play: the person chooses.
        page.wait_for_selector("#my-hand svg.card.legal")
        north = page.locator(".seat-box.pos-top")
        expect(north.locator("#plays-for")).to_have_text("you play it")
        expect(north.locator(".hand-row svg.card")).to_have_count(13)
        expect(page.locator("#status")).to_have_text("Your turn")
        for width, height in [(1280, 860), (390, 844), (844, 390)]:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(250)
            page.screenshot(path=str(artifacts / f"bridge-declare-for-bot-{width}x{height}.png"))
        page.set_viewport_size({"width": 1280, "height": 860})
        # Dummy's card (the person's own hand), then on to one of North's.
        for _ in range(30):
            if north.locator("svg.card.legal").count():
                break
            card = page.locator("#my-hand svg.card.legal").first
            code = card.get_attribute("data-card")
            card.click(position={"x": 4, "y": 4})
            page.wait_for_selector(f"#my-hand svg.card[data-card='{code}']", state="detached")
            page.wait_for_selector("#my-hand svg.card.legal, .seat-box.pos-top svg.card.legal")
        card = north.locator("svg.card.legal").first
        code = card.get_attribute("data-card")
        card.click(position={"x": 4, "y": 4})  # a suit column shows each card's top
        page.wait_for_selector(f".seat-box.pos-top svg.card[data-card='{code}']", state="detached")
        page.evaluate("() => localStorage.setItem('atout.lang', 'fr')")
        page.reload()
        expect(page.locator(".seat-box.pos-top #plays-for")).to_have_text("vous la jouez")
    finally:
        ctx.close()
