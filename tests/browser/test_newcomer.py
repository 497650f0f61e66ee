"""What a newcomer found at the web table (issue #35), each as the card sites do it.

A friends' table names its bots, a joiner's name comes from this browser, the ⋯ menu
leaves the table (asking once while a game runs), Undo stays greyed with its reason,
Court Circular's result says what its numbers are and conceding a trick asks first, and
bridge labels the dummy the person plays. Screenshots go to test-artifacts/browser/newcomer/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from atout.bots.registry import make_bot as real_make_bot
from atout.games import GAMES
from atout.server import driver as driver_module
from tests.browser.test_friends import get, post, sit
from tests.browser.test_table import click_something, play_until


@pytest.fixture(scope="module")
def shots(artifacts: Path) -> Path:
    folder = artifacts / "newcomer"
    folder.mkdir(exist_ok=True)
    return folder


def bots_table(server: str, game: str, **extra: Any) -> dict[str, Any]:
    """A table against Easy bots, the person at seat 0."""
    players = 2 if game == "court-circular" else 4
    seats = ["human"] + ["bot:greedy"] * (players - 1)
    body = {"game": game, "seats": seats, "sit": 0, "name": "Ana", **extra}
    return post(server, "/api/tables", body)


def test_a_friends_table_names_its_bots_as_a_bots_table_does(
    server: str, context: Any, shots: Path
) -> None:
    body = {"game": "court-piece", "seats": ["human"] * 4, "sit": 0, "name": "Ana", "private": True}
    table = post(server, "/api/tables", body)
    page = context.new_page()
    sit(page, server, table)
    page.wait_for_selector("#invite-url")
    # Before the start the free seats wait for friends: named as seats.
    expect(page.locator(".seat-box[data-seat='1'] .seat-name")).to_contain_text("Seat 2")
    page.click("#start")
    page.wait_for_selector(".table-page[data-phase='trump'], .table-page[data-phase='play']")
    for seat, name in ((1, "Bea"), (2, "Cleo"), (3, "Dani")):
        label = page.locator(f".seat-box[data-seat='{seat}'] .seat-name")
        expect(label).to_contain_text(name)
        expect(label.locator(".level")).to_have_text("Easy")
        assert "Seat" not in label.inner_text()
        assert "until a friend takes this seat" in (label.get_attribute("title") or "")
    page.screenshot(path=str(shots / "friends-bot-names.png"))


def test_a_joiner_finds_the_name_this_browser_gave_before(
    server: str, browser: Any, shots: Path
) -> None:
    body = {"game": "court-piece", "seats": ["human"] * 4, "sit": 0, "name": "Ana", "private": True}
    table = post(server, "/api/tables", body)
    bo = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page = bo.new_page()
        # Bo typed his name in the lobby, then opened the link from a message (no blur, no
        # button: the field's change event never came).
        page.goto(server + "/")
        page.locator("#name").press_sequentially("Bo")
        page.goto(f"{server}/t/{table['id']}")
        expect(page.locator("#join-name")).to_have_value("Bo")
        page.screenshot(path=str(shots / "joiner-name-prefilled-390x844.png"))
        page.locator("button.join[data-seat='1']").click()
        page.wait_for_selector(".seat-box.pos-bottom[data-seat='1']")
        assert get(server, f"/api/tables/{table['id']}")["seats"][1]["name"] == "Bo"
    finally:
        bo.close()


def test_the_menu_leaves_the_table_asking_once_while_a_game_runs(
    server: str, context: Any, shots: Path
) -> None:
    table = bots_table(server, "court-piece")
    page = context.new_page()
    sit(page, server, table)
    page.wait_for_selector("#my-hand svg.card")
    page.click("#table-menu summary")
    page.click("#leave-table")
    dialog = page.locator("dialog#leave-confirm")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Leave the table?")
    expect(dialog).to_contain_text("a bot plays your seat")
    # Cancel is where the focus goes; Escape says no as Cancel does.
    expect(page.locator("#leave-confirm-cancel")).to_be_focused()
    page.screenshot(path=str(shots / "leave-confirm.png"))
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    assert get(server, f"/api/tables/{table['id']}")["seats"][0]["taken"]
    page.click("#table-menu summary")
    page.click("#leave-table")
    page.click("#leave-confirm-yes")
    page.wait_for_url(server + "/")
    page.wait_for_selector("#name")
    assert not get(server, f"/api/tables/{table['id']}")["seats"][0]["taken"]
    saved = page.evaluate(f"localStorage.getItem('atout.seat.{table['id']}')")
    assert saved is None


def test_a_watcher_leaves_for_the_lobby_without_a_question(server: str, context: Any) -> None:
    table = bots_table(server, "court-piece")
    page = context.new_page()
    page.goto(f"{server}/t/{table['id']}")
    page.wait_for_selector(".seat-box")
    page.click("#table-menu summary")
    page.click("#leave-table")
    page.wait_for_url(server + "/")
    assert get(server, f"/api/tables/{table['id']}")["seats"][0]["taken"]


def test_undo_stays_greyed_with_its_reason(server: str, context: Any, shots: Path) -> None:
    table = bots_table(server, "court-piece", pause_deals=True)
    page = context.new_page()
    sit(page, server, table)
    undo = page.locator("#undo")
    play_until(page, "#deal-result", next_deal=False)
    # The deal's result is out: Undo is still there, greyed, and says why.
    expect(undo).to_be_visible()
    expect(undo).to_have_attribute("aria-disabled", "true")
    said = "The deal is over: nothing in it can be taken back."
    expect(undo).to_have_attribute("title", said)
    expect(page.locator("#undo-why")).to_have_text(said)
    described = undo.get_attribute("aria-describedby")
    assert described == "undo-why"
    seq = page.evaluate("document.querySelector('.table-page').dataset.seq")
    page.screenshot(path=str(shots / "undo-greyed.png"))
    why = page.locator("#undo-why")
    assert why.bounding_box()["width"] <= 1  # only the hidden text until asked
    undo.click(force=True)  # a greyed Undo takes a click and sends nothing
    page.wait_for_timeout(300)
    assert page.evaluate("document.querySelector('.table-page').dataset.seq") == seq
    assert page.locator("#message").count() == 0  # nothing was sent, nothing refused
    # ... but shows its reason where a phone (no hover, no tooltip) sees it.
    expect(why).to_have_class("undo-why")
    assert why.bounding_box()["width"] > 100
    page.screenshot(path=str(shots / "undo-why-tapped.png"))
    page.set_viewport_size({"width": 390, "height": 844})  # on a phone it fits the screen
    box = why.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    page.screenshot(path=str(shots / "undo-why-tapped-390x844.png"))


def test_greyed_cards_are_solid_and_the_menu_closes_on_any_click(
    server: str, browser: Any, shots: Path
) -> None:
    """On a phone: a card that cannot be played is greyed, not see-through (a neighbour's
    corner showed through it), and the ⋯ menu closes on a tap outside it or on a card played."""
    phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        page = phone.new_page()
        table = bots_table(server, "court-piece", pause_deals=True)
        sit(page, server, table)
        greyed = ".hand-row:has(.legal) svg.card:not(.legal)"
        # Read in one go when it shows: a bot's card can end the person's turn between a look
        # and a second read (and with the deal paused at its end, the greyed cards are gone).
        look = None
        for _ in range(20):
            play_until(page, greyed, next_deal=False)
            look = page.evaluate(
                """sel => { const e = document.querySelector(sel);
                     if (!e) return null;
                     const c = getComputedStyle(e); return [c.opacity, c.filter]; }""",
                greyed,
            )
            if look:
                break
        assert look is not None
        assert look[0] == "1", look
        assert "grayscale" in look[1], look
        page.screenshot(path=str(shots / "greyed-cards-390x844.png"))
        menu = page.locator("#table-menu")
        page.locator("#table-menu > summary").tap()
        expect(menu).to_have_attribute("open", "")
        page.screenshot(path=str(shots / "menu-open-390x844.png"))
        page.locator(".felt").tap(position={"x": 20, "y": 20})  # outside the menu
        expect(page.locator("#table-menu[open]")).to_have_count(0)
        page.locator("#table-menu > summary").tap()
        expect(menu).to_have_attribute("open", "")
        page.locator("#my-hand svg.card.legal").first.tap(position={"x": 6, "y": 30})  # played
        expect(page.locator("#table-menu[open]")).to_have_count(0)
    finally:
        phone.close()


def _seq_at_rest(page: Any) -> str:
    """The table's frame number once no frame has come for half a second (an action sent by
    the last click has been answered, and any bot after it has played)."""
    read = "document.querySelector('.table-page').dataset.seq"
    seq = page.evaluate(read)
    while True:
        page.wait_for_timeout(500)
        now = page.evaluate(read)
        if now == seq:
            return str(seq)
        seq = now


def test_court_circular_explains_its_result_and_asks_before_conceding(
    server: str, context: Any, shots: Path
) -> None:
    table = bots_table(server, "court-circular", pause_deals=True)
    page = context.new_page()
    sit(page, server, table)
    concede = page.locator("#controls button[data-action='concede']")
    seq = None
    for _ in range(300):
        # The button may still show from the frame before a card just clicked: only a
        # page at rest (no frame for half a second) with the button is the person's turn.
        if concede.count():
            seq = _seq_at_rest(page)
            if page.locator("dialog#concede-confirm[open]").count():
                # The loop's last click was Concede itself (the one action the page offered
                # a moment before): the question is open, so put it away and ask it below.
                page.click("#concede-confirm-cancel")
                expect(page.locator("dialog#concede-confirm")).to_have_count(0)
            if concede.count():
                break
        if not click_something(page, next_deal=False):
            page.wait_for_timeout(40)
    assert seq is not None, "Concede never offered"
    expect(concede).to_have_attribute("aria-haspopup", "dialog")
    concede.click()
    dialog = page.locator("dialog#concede-confirm")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Concede the trick?")
    expect(page.locator("#concede-confirm-cancel")).to_be_focused()
    page.screenshot(path=str(shots / "concede-confirm.png"))
    page.click("#concede-confirm-cancel")
    expect(dialog).to_have_count(0)
    page.wait_for_timeout(300)
    assert page.evaluate("document.querySelector('.table-page').dataset.seq") == seq
    # Asked again and confirmed from the keyboard: the trick is conceded.
    concede.focus()
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    page.keyboard.press("Tab")
    expect(page.locator("#concede-confirm-yes")).to_be_focused()
    page.keyboard.press("Enter")
    page.locator(f".table-page:not([data-seq='{seq}'])").wait_for()
    try:
        # One deal may end the game (a score past the target): its result is on the game's end.
        play_until(page, "#deal-result, #game-over", limit=1500, next_deal=False)
    finally:
        page.screenshot(path=str(shots / "court-circular-result.png"))
    result = page.locator("#deal-result, #game-over")
    expect(result).to_contain_text("Card points: You")
    expect(result).to_contain_text("The higher total scores the difference")
    expect(result).to_contain_text("cards won face up")
    expect(result).to_contain_text("A card won face up counts 2, face down 1")


class SouthDeclares:
    """Every bot passes in the auction (South's 1NT stands); the play is greedy's."""

    def __init__(self, game: str, seed: int) -> None:
        self.player = real_make_bot("greedy", game, seed=seed)

    def choose(self, view: dict[str, Any]) -> str:
        if view["phase"] == "auction":
            return "pass"
        action: str = self.player.choose(view)
        return action


@pytest.fixture
def south_declares(monkeypatch: pytest.MonkeyPatch) -> None:
    def make_bot(name: str, game: str, seed: int = 0) -> Any:
        return (
            SouthDeclares(game, seed) if game == "bridge" else real_make_bot(name, game, seed=seed)
        )

    monkeypatch.setattr(driver_module, "make_bot", make_bot)


# Where each of dummy's cards can be touched: the part of it no other element covers.
TAP_TARGETS = """() => {
  const out = [];
  for (const card of document.querySelectorAll('.seat-box .by-suit svg.card')) {
    const r = card.getBoundingClientRect();
    let top = Infinity, bottom = -Infinity, left = Infinity, right = -Infinity;
    for (let y = Math.ceil(r.top); y < r.bottom; y += 2)
      for (let x = Math.ceil(r.left); x < r.right; x += 2) {
        const hit = document.elementFromPoint(x, y);
        if (hit && hit.closest('svg.card') === card) {
          top = Math.min(top, y); bottom = Math.max(bottom, y);
          left = Math.min(left, x); right = Math.max(right, x);
        }
      }
    const inside = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    out.push({card: card.dataset.card, width: r.width, tall: bottom - top, wide: right - left,
              x: (left + right) / 2, y: (top + bottom) / 2, inside});
  }
  return out;
}"""


def test_dummy_the_person_plays_is_readable_tappable_and_named_so(
    server: str, browser: Any, shots: Path, south_declares: None
) -> None:
    body = {
        "game": "bridge",
        "seats": ["bot:greedy", "bot:greedy", "human", "bot:greedy"],
        "sit": 2,
        "name": "Ana",
    }
    table = post(server, "/api/tables", body)
    ctx = browser.new_context(viewport={"width": 844, "height": 390}, has_touch=True)
    ctx.set_default_timeout(10_000)
    try:
        page = ctx.new_page()
        sit(page, server, table)
        page.locator("#bidding-box button[data-action='1NT']:enabled").click()
        # West leads; North (dummy, across the table) is to play: the person chooses its card.
        dummy = page.locator(".seat-box.pos-top")
        dummy.locator("svg.card.legal").first.wait_for()
        expect(dummy.locator("#dummy-tag")).to_have_text("Dummy — you play")
        page.wait_for_timeout(300)
        page.screenshot(path=str(shots / "bridge-dummy-844x390.png"))
        targets = page.evaluate(TAP_TARGETS)
        assert len(targets) == 13
        small = [t for t in targets if t["tall"] < 32 or t["wide"] < 16 or t["width"] < 40]
        assert not small, f"dummy's cards too small to read or tap at 844x390: {small}"
        assert all(t["inside"] for t in targets)
        # A tap in the middle of a legal card's visible part plays that card.
        legal = dummy.locator("svg.card.legal").evaluate_all("els => els.map(e => e.dataset.card)")
        spot = next(t for t in targets if t["card"] == legal[0])
        page.touchscreen.tap(spot["x"], spot["y"])
        page.wait_for_selector(
            f".seat-box.pos-top svg.card[data-card='{legal[0]}']", state="detached"
        )
        for width, height in [(390, 844), (1280, 860)]:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(250)
            page.screenshot(path=str(shots / f"bridge-dummy-{width}x{height}.png"))
            if width == 390:  # a portrait phone's columns: each card tall enough to tap
                small = [t for t in page.evaluate(TAP_TARGETS) if t["tall"] < 32 or t["wide"] < 32]
                assert not small, f"dummy's cards too small to tap at 390x844: {small}"
        page.evaluate("() => localStorage.setItem('atout.lang', 'fr')")
        page.reload()
        expect(page.locator(".seat-box.pos-top #dummy-tag")).to_have_text("Mort — vous jouez")
    finally:
        ctx.close()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_hand_has_a_comfortable_place_on_a_portrait_phone(
    game: str, server: str, browser: Any, shots: Path
) -> None:
    """At 390x844 the cards are large enough to read and stand clear of the bottom edge."""
    table = bots_table(server, game)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    ctx.set_default_timeout(10_000)
    try:
        page = ctx.new_page()
        sit(page, server, table)
        page.wait_for_selector("#my-hand svg.card")
        page.wait_for_timeout(300)
        page.screenshot(path=str(shots / f"hand-{game}-390x844.png"))
        boxes = page.locator("#my-hand svg.card").evaluate_all(
            "els => els.map(e => { const r = e.getBoundingClientRect();"
            " return {card: e.dataset.card, top: r.top, bottom: r.bottom, height: r.height,"
            " left: r.left, right: r.right}; })"
        )
        problems = [b for b in boxes if b["height"] < 84 or b["bottom"] > 844 - 16]
        problems += [b for b in boxes if b["left"] < 0 or b["right"] > 390]
        assert not problems, f"{game}: cards too small or on the edge: {problems}"
        felt = page.locator("#felt").bounding_box()
        assert felt is not None and felt["y"] + felt["height"] <= min(b["top"] for b in boxes)
    finally:
        ctx.close()
