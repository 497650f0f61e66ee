"""The browser client against a real server: lobby, whole deals by clicking, invites, reload.

Game-generic: the deal test runs for every game registered in ``GAMES``; the
clicks come only from what the page offers (legal cards, action buttons, the
discard picker), never from knowledge of a game's rules.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from atout.games import GAMES

AVOID = re.compile(r"^(concede|claim)", re.I)


def create_from_lobby(
    page: Any,
    server: str,
    game: str,
    humans: tuple[int, ...] = (),
    options: Callable[[Any], None] | None = None,
) -> str:
    """Create a table from the lobby (the creator sits at his home seat: South in bridge,
    else seat 0; ``humans`` are other seats left to people); returns its id."""
    page.goto(server + "/")
    page.fill("#name", "Ana")
    open_custom(page)
    page.select_option("#game", game)
    if options is not None:
        options(page)
    home = GAMES[game].home_seat
    for seat in range(GAMES[game].players):
        if seat != home and seat in humans:
            page.select_option(f"#seat-{seat}", "human")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/\w+"))
    page.wait_for_selector(".table-page")
    return str(page.url.rsplit("/", 1)[-1])


def open_custom(page: Any) -> None:
    """Open the lobby's form of rules and seats (closed at first: the games' buttons come first)."""
    if not page.locator("#custom[open]").count():
        page.click("#custom > summary")
    page.wait_for_selector("#game")


def play_vs_bots(context: Any, server: str, game: str, name: str = "Ana") -> Any:
    """A new page that starts ``game`` against Easy bots from the lobby's one-click button."""
    page = context.new_page()
    page.goto(server + "/")
    page.fill("#name", name)
    page.check("#level-easy")
    page.click(f"#play-{game}")
    return page


def click_something(page: Any, next_deal: bool = True) -> bool:
    """Take one action the page offers for this seat; False when there is none.

    The page redraws on every state frame, so an element found a moment ago
    may be gone: such a click gives up quickly and the caller looks again.
    """
    try:
        return _click_something(page, next_deal)
    except (PlaywrightError, TypeError):
        return False


def _click_something(page: Any, next_deal: bool = True) -> bool:
    if page.locator("dialog.confirm[open]").count():
        # A question asked before an action (conceding): the action was the click's choice.
        page.click("dialog.confirm[open] button.primary", timeout=1000)
        return True
    if page.locator("#next-deal").count():
        if not next_deal:
            return False
        page.click("#next-deal", timeout=1000)
        return True
    if page.locator("#discard").count():
        needed = int(re.search(r"\((\d+)/(\d+)\)", page.locator("#controls").inner_text())[2])
        for card in page.locator("#my-hand svg.card.pickable").all()[:needed]:
            # Its top-left corner shows in a fanned hand (a phone's covers each card's middle).
            card.click(timeout=1000, position={"x": 4, "y": 4})
        page.click("#discard", timeout=1000)
        return True
    cards = page.locator(".hand-row svg.card.legal")
    if cards.count():
        # The top-left corner shows in a fanned hand and in dummy's suit columns alike.
        cards.first.click(timeout=1000, position={"x": 4, "y": 4})
        return True
    actions: list[str] = page.locator("#controls button.action:enabled").evaluate_all(
        "els => els.map(e => e.dataset.action)"
    )
    preferred = [a for a in actions if not AVOID.match(a)]
    for action in (preferred or actions)[:1]:
        page.locator(f"#controls button.action[data-action='{action}']").click(timeout=1000)
        return True
    return False


def act_and_wait(page: Any) -> None:
    """Take one action and wait until the server's answer is drawn."""
    page.wait_for_selector("#my-hand svg.card.legal, #controls button.action")
    seq = page.evaluate("document.querySelector('.table-page').dataset.seq")
    assert click_something(page)
    page.locator(f".table-page:not([data-seq='{seq}'])").wait_for()


def click_and_wait(page: Any, selector: str) -> None:
    """Click ``selector`` and wait until the server's answer is drawn."""
    seq = page.evaluate("document.querySelector('.table-page').dataset.seq")
    page.click(selector)
    page.locator(f".table-page:not([data-seq='{seq}'])").wait_for()


def play_until(page: Any, selector: str, limit: int = 400, next_deal: bool = True) -> None:
    """Click legal actions until ``selector`` shows up (and Next deal too, unless told not:
    a result screen waited for may otherwise be clicked away between a look and a click)."""
    for _ in range(limit):
        if page.locator(selector).count():
            return
        if not click_something(page, next_deal):
            page.wait_for_timeout(40)
    raise AssertionError(f"{selector} never appeared")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_play_a_whole_deal_against_bots_by_clicking(
    game: str, server: str, context: Any, artifacts: Path
) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_from_lobby(page, server, game)
    page.wait_for_selector("#my-hand")
    play_until(page, "#deal-result, #game-over", next_deal=False)
    assert page.locator("#deal-result, #game-over").first.is_visible()
    page.screenshot(path=str(artifacts / f"deal-{game}.png"))
    assert page.locator("#score").count() == 1
    assert not errors


def test_keyboard_plays_a_card(server: str, context: Any) -> None:
    page = context.new_page()
    create_from_lobby(page, server, "court-piece")
    for _ in range(30):
        page.wait_for_selector("#my-hand svg.card.legal, #controls button.action")
        if not page.locator("#controls button.action").count():
            break
        act_and_wait(page)
    page.wait_for_selector("#my-hand svg.card.legal")
    # No card looks chosen until the player picks one; the first arrow shows the focus.
    assert page.locator("#my-hand svg.card.focused").count() == 0
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#my-hand svg.card.focused")
    version, focused = page.evaluate(
        "[document.querySelector('.table-page').dataset.version,"
        " document.querySelector('#my-hand svg.card.focused').dataset.card]"
    )
    page.keyboard.press("Enter")
    page.locator(f".table-page:not([data-version='{version}'])").wait_for()
    assert page.locator(f"#my-hand svg.card[data-card='{focused}']").count() == 0


def test_two_players_join_one_table_by_the_invite_link(
    server: str, browser: Any, artifacts: Path
) -> None:
    ana = browser.new_context(viewport={"width": 1280, "height": 800})
    bo = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page_a = ana.new_page()
        table = create_from_lobby(page_a, server, "court-piece", humans=(2,))
        invite = page_a.locator("#invite-url").input_value()
        assert invite and invite.endswith(f"/t/{table}")
        page_a.wait_for_selector("#status:has-text('Waiting')")
        page_b = bo.new_page()
        page_b.goto(invite)
        page_b.fill("#join-name", "Bo")
        page_b.click("button.join[data-seat='2']")
        page_b.wait_for_selector(".seat-box.pos-bottom[data-seat='2']")
        page_a.wait_for_selector(".table-page[data-phase='trump'], .table-page[data-phase='play']")
        for _ in range(200):
            if page_a.locator("#trick svg.card").count() >= 2:
                break
            if not (click_something(page_a) or click_something(page_b)):
                page_a.wait_for_timeout(40)
        assert "watching" not in page_b.locator("#status").inner_text()
        page_b.screenshot(path=str(artifacts / "invite-phone.png"))
        page_a.screenshot(path=str(artifacts / "invite-desktop.png"))
    finally:
        ana.close()
        bo.close()


def test_a_second_seat_from_the_same_browser_is_refused_in_words(
    server: str, browser: Any, artifacts: Path
) -> None:
    """One seat a browser: a second tab without the token sees why; a friend may sit."""
    ana = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    bo = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page_a = ana.new_page()
        table = create_from_lobby(page_a, server, "court-piece", humans=(2,))
        second = ana.new_page()  # same browser: same cookies, the token forgotten
        second.goto(server + "/")
        second.evaluate("localStorage.clear()")
        second.goto(f"{server}/t/{table}")
        second.fill("#join-name", "Ana")
        second.click("button.join[data-seat='2']")
        message = second.locator("#message")
        expect(message).to_contain_text("one seat a person")
        expect(message).to_contain_text("invite link")
        assert second.locator("button.join[data-seat='2']").count() == 1  # still free
        box = message.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 392
        second.screenshot(path=str(artifacts / "second-seat-refused-phone.png"))
        page_b = bo.new_page()
        page_b.goto(f"{server}/t/{table}")
        page_b.fill("#join-name", "Bo")
        page_b.click("button.join[data-seat='2']")
        page_b.wait_for_selector(".seat-box.pos-bottom[data-seat='2']")
    finally:
        ana.close()
        bo.close()


def test_a_reload_mid_deal_keeps_the_seat(server: str, context: Any) -> None:
    page = context.new_page()
    create_from_lobby(page, server, "court-piece")
    for _ in range(3):
        act_and_wait(page)
    page.wait_for_selector("#my-hand svg.card.legal, #controls button.action")
    cards = page.locator("#my-hand svg.card").evaluate_all("els => els.map(e => e.dataset.card)")
    page.reload()
    page.wait_for_selector("#my-hand svg.card")
    expect(page.locator("#status")).not_to_contain_text("watching")
    again = page.locator("#my-hand svg.card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert again == cards


def test_lobby_in_french_and_the_last_trick(server: str, context: Any, artifacts: Path) -> None:
    page = context.new_page()
    page.goto(server + "/")
    page.select_option("#lang", "fr")
    page.wait_for_selector("#play-court-piece:has-text('Jouer')")
    page.screenshot(path=str(artifacts / "lobby-fr.png"))
    create_from_lobby(page, server, "court-piece")
    play_until(page, "#deal-result", next_deal=False)
    page.click("#last-trick")
    assert page.locator("#last-trick-panel svg.card").count() == 4


RESULT_WORDS = {
    "court-piece": r"(We|They) made \d+ tricks — \d points?|Bavney!",
    "five-hundred": r"by .+ — (made|set) [+−]?\d+|All passed",
    "bridge": r"by (North|East|South|West), (made|down).*: [+−]?\d+|Passed out",
    "court-circular": r"(You score|scores) \d+|Equal piles",
}
SHEET_WORDS = {
    "court-piece": ("Points", "Target"),
    "five-hundred": ("Score", "Target"),
    "bridge": ("Games", "Vulnerable"),
    "court-circular": ("Points", "Piles"),
}


@pytest.mark.parametrize("game", sorted(RESULT_WORDS))
def test_the_result_and_the_score_sheet_in_words(
    game: str, server: str, context: Any, artifacts: Path
) -> None:
    page = context.new_page()
    create_from_lobby(page, server, game)
    play_until(page, "#deal-result .headline, #game-over .headline", next_deal=False)
    headline = page.locator("#deal-result .headline, #game-over .headline").first.inner_text()
    assert re.search(RESULT_WORDS[game], headline), headline
    panel = page.locator("#panel").inner_text()
    for word in SHEET_WORDS[game]:
        assert word in panel
    assert "_" not in panel and "null" not in panel
    page.screenshot(path=str(artifacts / f"result-{game}.png"))


def test_five_hundred_kitty_and_discard_by_clicking(
    server: str, context: Any, artifacts: Path
) -> None:
    page = context.new_page()
    create_from_lobby(page, server, "five-hundred")
    for _ in range(20):
        page.wait_for_selector("#bidding-box button.action:enabled, #discard")
        if page.locator("#discard").count():
            break
        # Bid the highest value left (nobody can overbid 10NT): the kitty comes to us.
        click_and_wait(page, "#bidding-box .bid:enabled >> nth=-1")
    page.wait_for_selector("#discard")
    assert page.locator("#my-hand svg.card").count() == 13
    assert page.locator("#my-hand svg.card.from-kitty").count() == 3
    assert page.locator("#discard").is_disabled()
    for card in page.locator("#my-hand svg.card.pickable").all()[:3]:
        card.click(position={"x": 4, "y": 4})  # the corner a fan leaves
    assert "(3/3)" in page.locator("#controls").inner_text()
    page.screenshot(path=str(artifacts / "five-hundred-discard.png"))
    page.click("#discard")
    expect(page.locator("#my-hand svg.card")).to_have_count(10)
    assert page.locator("#contract-badge").inner_text().endswith("You")


def test_bridge_dummy_face_up_after_the_opening_lead(
    server: str, context: Any, artifacts: Path
) -> None:
    page = context.new_page()
    create_from_lobby(page, server, "bridge")
    page.wait_for_selector("#bidding-box button.action:enabled")
    page.screenshot(path=str(artifacts / "bridge-auction.png"))
    # A grand slam in a strain nobody has named makes us declarer; our partner is dummy.
    said = page.locator("#auction").inner_text() if page.locator("#auction").count() else ""
    strains = (("NT", "NT"), ("S", "♠"), ("H", "♥"), ("D", "♦"))
    strain = next((s for s, sym in strains if sym not in said), "C")
    click_and_wait(page, f"#bidding-box button[data-action='7{strain}']")
    for _ in range(10):
        page.wait_for_selector("#bidding-box button.action:enabled, .hand-row svg.card.legal")
        if not page.locator("#bidding-box").count():
            break
        click_and_wait(page, "#bidding-box button[data-action='pass']")
    page.wait_for_selector(".seat-box.pos-top .hand-row svg.card")
    assert page.locator(".seat-box.pos-top .hand-row svg.card").count() == 13
    assert page.locator("#trick svg.card").count() >= 1
    assert re.search(r"\b7(NT|♠|♥|♦|♣)", page.locator("#contract-badge").inner_text())
    dummy_legal = page.locator(".seat-box.pos-top svg.card.legal").count()
    assert page.locator("#claim-count").count() == 1 or dummy_legal
    # Declarer plays dummy's cards in dummy's turn.
    for _ in range(12):
        if page.locator(".seat-box.pos-top svg.card.legal").count():
            break
        act_and_wait(page)
    dummy = page.locator(".seat-box.pos-top svg.card.legal").first
    card = dummy.get_attribute("data-card")
    page.screenshot(path=str(artifacts / "bridge-dummy.png"))
    dummy.click(position={"x": 4, "y": 4})  # a suit column shows each card's top
    page.wait_for_selector(f".seat-box.pos-top svg.card[data-card='{card}']", state="detached")


def test_court_circular_names_the_lines(server: str, context: Any, artifacts: Path) -> None:
    page = context.new_page()
    create_from_lobby(page, server, "court-circular")
    page.wait_for_selector("#my-hand svg.card.legal")
    act_and_wait(page)
    page.wait_for_selector(".line-label")
    assert page.locator("#lead svg.card").count() == 1
    label = None
    for _ in range(400):
        label = page.evaluate(
            "document.querySelector(\".line-label[class*='class-']\")?.textContent"
        )
        if label or page.locator("#game-over").count():
            break
        if not click_something(page):
            page.wait_for_timeout(40)
    assert label and re.match(r"Class (I|II|III): ", label), label
    page.screenshot(path=str(artifacts / "court-circular-line.png"))


@pytest.mark.parametrize("game", sorted(RESULT_WORDS))
def test_phone_layout(game: str, server: str, browser: Any, artifacts: Path) -> None:
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page = phone.new_page()
        create_from_lobby(page, server, game)
        page.wait_for_selector("#my-hand svg.card")
        play_until(page, "#trick svg.card")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 392, f"the page scrolls sideways ({width}px)"
        page.screenshot(path=str(artifacts / f"phone-{game}.png"), full_page=True)
    finally:
        phone.close()


@pytest.mark.parametrize("size", [(1280, 860), (390, 844), (844, 390)])
def test_a_practice_table_says_no_card_is_hidden(
    size: tuple[int, int], server: str, browser: Any, artifacts: Path
) -> None:
    body = {"game": "court-piece", "seats": ["human"] * 4, "practice": True, "sit": 0}
    request = urllib.request.Request(
        f"{server}/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        table = json.load(response)
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        page = ctx.new_page()
        page.goto(f"{server}/t/{table['id']}")
        badge = page.locator("#practice")
        expect(badge).to_have_text("Practice table · no card is hidden")
        assert "no card is hidden" in (badge.get_attribute("title") or "")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size[0] + 2, f"the page scrolls sideways ({width}px)"
        page.screenshot(path=str(artifacts / f"practice-{size[0]}x{size[1]}.png"))
    finally:
        ctx.close()


def test_a_waiting_bridge_table_names_its_seats_by_the_compass(
    server: str, browser: Any, artifacts: Path
) -> None:
    """Bridge seats are North, East, South, West at the table too: on the free seat's name and
    on the join buttons, in English and in French; other games keep their seat numbers."""
    ana = browser.new_context(viewport={"width": 1280, "height": 860})
    bo = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page_a = ana.new_page()
        create_from_lobby(page_a, server, "bridge", humans=(0,))  # Ana sits South
        page_a.wait_for_selector(".table-page[data-phase='waiting']")
        expect(page_a.locator(".seat-box[data-seat='0'] .seat-name")).to_contain_text("North")
        page_b = bo.new_page()
        page_b.goto(page_a.locator("#invite-url").input_value())
        expect(page_b.locator("button.join[data-seat='0']")).to_have_text("Sit North")
        expect(page_b.locator(".seat-box[data-seat='0'] .seat-name")).to_contain_text("North")
        assert page_b.locator("button.join:has-text('seat')").count() == 0
        page_b.screenshot(path=str(artifacts / "bridge-join-phone.png"))
        page_b.evaluate("() => localStorage.setItem('atout.lang', 'fr')")
        page_b.reload()
        expect(page_b.locator("button.join[data-seat='0']")).to_have_text("S'asseoir au Nord")
        expect(page_b.locator(".seat-box[data-seat='0'] .seat-name")).to_contain_text("Nord")
        page_b.screenshot(path=str(artifacts / "bridge-join-phone-fr.png"))
        # A game without compass seats still numbers them.
        page_c = ana.new_page()
        create_from_lobby(page_c, server, "court-piece", humans=(2,))
        page_d = bo.new_page()
        page_d.goto(page_c.url)
        expect(page_d.locator("button.join[data-seat='2']")).to_have_text("S'asseoir à la place 3")
    finally:
        ana.close()
        bo.close()


FOUR_PLAYERS = sorted(game for game, rules in GAMES.items() if rules.players == 4)


@pytest.mark.parametrize("game", FOUR_PLAYERS)
def test_the_table_marks_your_partner_across_from_you(
    game: str, server: str, browser: Any, artifacts: Path
) -> None:
    """In a game of two sides the seat across is tagged "partner" (at every screen size, in
    French too); the opponents' seats are not, nor are any for someone only watching."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    ctx.set_default_timeout(10_000)
    try:
        page = play_vs_bots(ctx, server, game)
        page.wait_for_selector("#my-hand svg.card")
        home = GAMES[game].home_seat
        tag = page.locator("#partner-tag")
        expect(tag).to_have_count(1)
        expect(tag).to_have_text("partner")
        across = page.locator(f".seat-box[data-seat='{(home + 2) % 4}']")
        assert across.locator("#partner-tag").count() == 1
        assert "pos-top" in (across.get_attribute("class") or "")
        for width, height in [(1280, 860), (390, 844), (844, 390)]:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(250)
            expect(tag).to_be_visible()
            box = tag.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
            page.screenshot(path=str(artifacts / f"partner-{game}-{width}x{height}.png"))
        page.evaluate("() => localStorage.setItem('atout.lang', 'fr')")
        page.reload()
        expect(page.locator("#partner-tag")).to_have_text("partenaire")
        watcher = ctx.new_page()
        watcher.goto(server + "/")
        watcher.evaluate("localStorage.clear()")
        watcher.goto(page.url)
        watcher.wait_for_selector(".seat-box")
        expect(watcher.locator("#status")).to_contain_text("watching")
        assert watcher.locator("#partner-tag").count() == 0
    finally:
        ctx.close()


def test_a_two_player_game_tags_no_partner(server: str, context: Any) -> None:
    page = play_vs_bots(context, server, "court-circular")
    page.wait_for_selector("#my-hand svg.card")
    assert page.locator(".seat-box").count() == 2
    assert page.locator("#partner-tag").count() == 0
