"""The lobby for players: a game at one click, options in words, your games first, friends
invited to a private table, and a joiner asked for a name."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from atout.games import GAMES
from tests.browser.test_friends import open_friends_table
from tests.browser.test_table import open_custom

RAW = re.compile(r"_|\b\d+\s*[–-]\s*\d+\b|[{}\[\]]")
"""What a person should never read in the lobby: option names, bare ranges, JSON."""


def test_one_click_plays_against_bots_and_the_game_is_resumed_from_the_lobby(
    server: str, context: Any, artifacts: Path
) -> None:
    page = context.new_page()
    page.goto(server + "/")
    page.fill("#name", "Ana")
    page.check("#level-easy")
    expect(page.locator("#play-five-hundred")).to_have_text("Play Five Hundred vs bots")
    page.screenshot(path=str(artifacts / "lobby-desktop.png"), full_page=True)
    page.click("#play-five-hundred")
    page.wait_for_url(re.compile(r"/t/\w+"))
    table = page.url.rsplit("/", 1)[-1]
    page.wait_for_selector(".table-page[data-phase]")
    levels = page.locator(".seat-box .seat-name .level").all_inner_texts()
    assert levels == ["Easy"] * 3
    # Back in the lobby, the running game comes first, with a way back to it.
    page.click("a.home")
    first = page.locator(".lobby > section").first
    expect(first).to_have_id("your-games")
    expect(first.locator(f"li[data-table='{table}']")).to_contain_text("Five Hundred")
    assert page.locator(f"#open-tables a[href='/t/{table}']").count() == 0
    # The level chosen is remembered for the next visit.
    page.reload()
    expect(page.locator("#level-easy")).to_be_checked()
    first.locator("a.resume").click()
    page.wait_for_url(re.compile(rf"/t/{table}$"))
    expect(page.locator("#status")).not_to_contain_text("watching")


def test_each_game_says_what_it_is_and_its_options_read_as_words(server: str, context: Any) -> None:
    page = context.new_page()
    for lang in ("en", "fr"):
        page.goto(server + "/")
        page.select_option("#lang", lang)
        page.wait_for_selector(".game-card")
        for game in GAMES:
            card = page.locator(f".game-card[data-game='{game}']")
            assert len(card.locator(".about").inner_text()) > 30, (lang, game)
            expect(card.locator(f"#friends-{game}")).to_be_visible()
        open_custom(page)
        for game, rules in GAMES.items():
            page.select_option("#game", game)
            options = page.locator("#new-table .options .option")
            assert options.count() == len(rules.option_specs)
            for i in range(options.count()):
                option = options.nth(i)
                label = option.locator("label").inner_text()
                help_text = option.locator(".help").inner_text()
                choices = option.locator("select[data-option] option").all_inner_texts()
                for text in (label, help_text, *choices):
                    assert text and not RAW.search(text), (lang, game, text)
                assert not label.startswith("opt"), (lang, game, label)
            seats = page.locator("#new-table .seat-choice")
            assert seats.count() == rules.players
            home = rules.home_seat
            levels = {"en": ("Easy", "Medium", "Hard"), "fr": ("Facile", "Moyen", "Difficile")}
            for seat in range(rules.players):
                texts = page.locator(f"#seat-{seat} option").all_inner_texts()
                if seat != home:
                    assert all(any(level in t for t in texts) for level in levels[lang]), texts
            partner = page.locator("#new-table .seat-choice.partner")
            if rules.players == 4:
                word = {"en": "partner", "fr": "partenaire"}[lang]
                expect(partner).to_have_attribute("data-seat", str((home + 2) % 4))
                expect(partner.locator("label")).to_contain_text(f"({word})")
            else:
                assert partner.count() == 0
        expect(page.locator("#private")).to_be_checked()
        # A bad value is refused in words, with the option's label.
        page.select_option("#game", "court-piece")
        page.fill("#opt-target", "99")
        page.click("#create")
        status = page.locator(".new-table .status")
        label = page.locator("label[for='opt-target']").inner_text()
        expect(status).to_contain_text(label)
        assert page.url.rstrip("/") == server


def test_friends_get_a_private_table_and_a_joiner_is_asked_for_a_name(
    server: str, browser: Any, artifacts: Path
) -> None:
    ana = browser.new_context(viewport={"width": 1280, "height": 860})
    bo = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    cy = browser.new_context(viewport={"width": 1280, "height": 860})
    try:
        host = ana.new_page()
        table = open_friends_table(host, server)
        host.wait_for_selector("#status:has-text('Waiting')")
        guest = bo.new_page()
        guest.goto(server + "/")
        guest.wait_for_selector("#open-tables")
        assert guest.locator(f"#open-tables a[href='/t/{table}']").count() == 0
        guest.goto(f"{server}/t/{table}")
        panel = guest.locator("#join-panel")
        expect(panel).to_be_visible()
        expect(guest.locator("#join-name")).to_have_value("")
        guest.locator("button.join[data-seat='2']").click()
        expect(guest.locator("#message")).to_have_text("Write your name first.")
        expect(guest.locator("#join-name")).to_be_focused()
        guest.screenshot(path=str(artifacts / "join-asks-a-name-phone.png"))
        # Someone else sitting down sends every watcher a new frame: the ask stays.
        third = cy.new_page()
        third.goto(f"{server}/t/{table}")
        third.fill("#join-name", "Cy")
        third.locator("button.join[data-seat='3']").click()
        expect(guest.locator("button.join[data-seat='3']")).to_have_count(0)
        expect(guest.locator("#message")).to_have_text("Write your name first.")
        guest.fill("#join-name", "Bo")
        guest.locator("button.join[data-seat='2']").click()
        guest.wait_for_selector(".seat-box.pos-bottom[data-seat='2']")
        expect(host.locator(".seat-box[data-seat='2'] .seat-name")).to_contain_text("Bo")
        assert guest.evaluate("localStorage.getItem('atout.name')") == "Bo"
    finally:
        ana.close()
        bo.close()
        cy.close()


def test_the_lobby_fits_phones_and_desktops(server: str, browser: Any, artifacts: Path) -> None:
    for width, height in ((1280, 860), (390, 844), (844, 390)):
        ctx = browser.new_context(viewport={"width": width, "height": height})
        try:
            page = ctx.new_page()
            page.goto(server + "/")
            page.wait_for_selector(".game-card")
            # The first game's buttons are in view without scrolling, even in landscape.
            box = page.locator(".game-card").first.locator(".game-actions").bounding_box()
            assert box and box["y"] + box["height"] <= height, (width, height, box)
            open_custom(page)
            page.select_option("#game", "five-hundred")
            page.screenshot(path=str(artifacts / f"lobby-{width}x{height}.png"), full_page=True)
            scroll = page.evaluate("document.documentElement.scrollWidth")
            assert scroll <= width, f"{width}x{height}: the lobby scrolls sideways ({scroll}px)"
        finally:
            ctx.close()
