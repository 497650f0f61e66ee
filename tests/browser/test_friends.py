"""Friends at one table: the invite link as text with a copy button (also without the
clipboard API), a stand-in bot named for the person away, a turn timer and hints turned off,
and a rematch that keeps everyone in their seat."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.browser.test_table import open_custom

# Plain http on a LAN address: no clipboard API. The copy command is recorded with the text
# selected when it ran.
NO_CLIPBOARD = """
Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
window.__copied = [];
const original = Document.prototype.execCommand;
Document.prototype.execCommand = function (command, ...rest) {
  const el = document.activeElement;
  const text = el && 'selectionStart' in el
    ? el.value.slice(el.selectionStart, el.selectionEnd) : '';
  window.__copied.push([command, text]);
  return original.call(this, command, ...rest);
};
"""


def post(server: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        server + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request) as response:
        data: dict[str, Any] = json.load(response)
        return data


def get(server: str, path: str) -> dict[str, Any]:
    with urllib.request.urlopen(server + path) as response:
        data: dict[str, Any] = json.load(response)
        return data


def sit(page: Any, server: str, table: dict[str, Any]) -> None:
    """Open ``table`` in ``page`` as the person who holds its token."""
    page.goto(server + "/")
    seat = json.dumps({"seat": table["seat"], "token": table["token"], "at": 1})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"atout.seat.{table['id']}", seat])
    page.goto(f"{server}/t/{table['id']}")


def _ana_with_a_free_seat(server: str, context: Any) -> tuple[dict[str, Any], Any]:
    """A Court Piece table with Ana seated and her page open, seat 2 left to a friend (no grace:
    a friend who goes is played for at once)."""
    body = {
        "game": "court-piece",
        "seats": ["human", "bot:random", "human", "bot:random"],
        "sit": 0,
        "name": "Ana",
        "grace_seconds": 0,
    }
    table = post(server, "/api/tables", body)
    page = context.new_page()
    sit(page, server, table)
    page.wait_for_selector("#invite-url")
    return table, page


def open_friends_table(page: Any, server: str, game: str = "court-piece") -> str:
    """Ana opens a table for friends from the lobby; its id."""
    page.goto(server + "/")
    page.fill("#name", "Ana")
    page.click(f"#friends-{game}")
    page.wait_for_url(re.compile(r"/t/\w+"))
    return str(page.url.rsplit("/", 1)[-1])


def test_the_invite_link_is_text_and_copies_without_the_clipboard_api(
    server: str, browser: Any, artifacts: Path
) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    ctx.add_init_script(NO_CLIPBOARD)
    try:
        page = ctx.new_page()
        table = open_friends_table(page, server, "bridge")
        link = page.locator("#invite-url")
        expect(link).to_have_value(f"{server}/t/{table}")
        assert page.evaluate("navigator.clipboard") is None
        page.click("#copy-invite")
        expect(page.locator("#copy-note")).to_have_text("Copied!")
        assert page.evaluate("window.__copied") == [["copy", f"{server}/t/{table}"]]
        page.screenshot(path=str(artifacts / "invite-link-phone.png"))
    finally:
        ctx.close()


def test_the_invite_link_fits_beside_the_felt_on_every_screen(
    server: str, browser: Any, artifacts: Path
) -> None:
    """The Copy button stays on screen in a phone's side column (it was pushed off at 844x390,
    the page scrolling sideways), and a wide screen shows the link beside the felt, where the
    side panel has nothing to show yet (it was an empty white box, the link under the felt)."""
    for width, height in ((1280, 860), (844, 390), (390, 844)):
        ctx = browser.new_context(
            viewport={"width": width, "height": height}, is_mobile=width < 900
        )
        try:
            page = ctx.new_page()
            open_friends_table(page, server)
            page.wait_for_selector("#invite-url")
            page.screenshot(path=str(artifacts / f"invite-panel-{width}x{height}.png"))
            scroll = page.evaluate("document.documentElement.scrollWidth")
            assert scroll <= width, f"{width}x{height}: the table scrolls sideways ({scroll}px)"
            copy = page.locator("#copy-invite").bounding_box()
            assert copy and copy["x"] + copy["width"] <= width, (width, height, copy)
            assert copy["height"] < 60, (width, height, copy)  # a button, not a stretched slab
            if width >= 900:
                felt = page.locator(".felt").bounding_box()
                panel = page.locator("#invite-panel").bounding_box()
                assert felt and panel
                assert panel["x"] >= felt["x"] + felt["width"], (felt, panel)
                assert panel["y"] < felt["y"] + felt["height"] / 2, (felt, panel)
                expect(page.locator("#panel")).to_be_hidden()
        finally:
            ctx.close()


def test_the_copy_button_uses_the_clipboard_where_there_is_one(server: str, browser: Any) -> None:
    ctx = browser.new_context()
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    try:
        page = ctx.new_page()
        open_friends_table(page, server)
        page.click("#copy-invite")
        expect(page.locator("#copy-note")).to_have_text("Copied!")
        assert page.evaluate("navigator.clipboard.readText()") == page.url
    finally:
        ctx.close()


def test_an_away_friends_seat_says_a_bot_plays_for_them(server: str, context: Any) -> None:
    table, page = _ana_with_a_free_seat(server, context)  # Ana there: the game waits for her
    post(server, f"/api/tables/{table['id']}/join", {"name": "Bo"})  # Bo sits, then goes
    badge = page.locator(".seat-box[data-seat='2'] .badge.stand-in")
    expect(badge).to_have_text("bot playing for Bo")


def test_a_turn_timer_and_no_hints_among_friends(server: str, browser: Any) -> None:
    ana = browser.new_context(viewport={"width": 1280, "height": 860})
    bo = browser.new_context(viewport={"width": 844, "height": 390}, is_mobile=True)
    try:
        page = ana.new_page()
        page.goto(server + "/")
        page.fill("#name", "Ana")
        open_custom(page)
        page.select_option("#game", "court-circular")
        expect(page.locator("#among-friends")).to_be_hidden()  # against a bot: no timer
        page.select_option("#seat-1", "human")
        expect(page.locator("#among-friends")).to_be_visible()
        page.select_option("#turn-seconds", "60")
        page.uncheck("#hints")
        page.click("#create")
        page.wait_for_url(re.compile(r"/t/\w+"))
        table = page.url.rsplit("/", 1)[-1]
        guest = bo.new_page()
        guest.goto(f"{server}/t/{table}")
        guest.fill("#join-name", "Bo")
        guest.locator("button.join[data-seat='1']").click()
        for who in (page, guest):
            expect(who.locator("#turn-timer")).to_have_text(re.compile(r"^\d+ s left$"))
        left = int(page.locator("#turn-timer").inner_text().split()[0])
        assert 50 <= left <= 60
        info = get(server, f"/api/tables/{table}")
        assert info["turn_seconds"] == 60 and info["hints"] is False
        mover = page if page.locator("#my-hand svg.card.legal").count() else guest
        mover.locator("#my-hand svg.card.legal").first.wait_for()
        assert mover.locator("#hint").count() == 0
    finally:
        ana.close()
        bo.close()


def test_a_rematch_keeps_everyone_in_their_seat(server: str, context: Any) -> None:
    body = {
        "game": "court-piece",
        "options": {"target": 3},
        "seats": ["bot:random", "human", "bot:random", "bot:random"],
        "sit": 1,
        "name": "Ana",
        "grace_seconds": 0,
    }
    table = post(server, "/api/tables", body)
    # Someone watches while the bots play it out: a table every person has left and nobody
    # watches deals no new deal (lobby.deserted), and Ana has not come yet.
    watcher = context.new_page()
    watcher.goto(f"{server}/t/{table['id']}")
    deadline = time.monotonic() + 90
    while get(server, f"/api/tables/{table['id']}")["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    watcher.close()
    page = context.new_page()
    sit(page, server, table)
    # Seated, the sheet says Us and Them (a spectator's says Side 1, Side 2): read it then.
    page.wait_for_selector(".seat-box.pos-bottom[data-seat='1']")
    expect(page.locator("#score thead")).to_contain_text("Us")
    before = page.locator("#score thead").inner_text()
    page.click("#rematch")
    page.wait_for_url(re.compile(r"/t/(?!" + table["id"] + r")\w+"))
    page.wait_for_selector(".seat-box.pos-bottom[data-seat='1']")
    expect(page.locator("#status")).not_to_contain_text("watching")
    assert page.locator("#score thead").inner_text() == before


def test_a_friend_who_leaves_is_told_to_the_others(server: str, context: Any) -> None:
    """Issue #35: a friend's seat was taken over by a bot without a word to the table."""
    table, page = _ana_with_a_free_seat(server, context)  # Ana there: the game waits for her
    bo = post(server, f"/api/tables/{table['id']}/join", {"name": "Bo"})
    deadline = time.monotonic() + 30
    while get(server, f"/api/tables/{table['id']}")["status"] != "playing":
        assert time.monotonic() < deadline, "the table did not start"
        time.sleep(0.1)
    request = urllib.request.Request(
        f"{server}/api/tables/{table['id']}/leave",
        data=b"{}",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {bo['token']}"},
        method="POST",
    )
    with urllib.request.urlopen(request) as response:
        assert response.status == 200
    toast = page.get_by_text(re.compile(r"^Bo left; \w+ \(bot\) plays the seat\.$"))
    expect(toast).to_be_visible(timeout=10_000)
