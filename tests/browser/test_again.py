"""Play it again (Hard's line beside the player's, and the player at a new table with the same
cards) and the robot duplicate score sheet, in Chromium."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from atout.games import GAMES

from .test_table import click_something, create_from_lobby

SIZES = ((1280, 860), (390, 844), (844, 390))


def _get(server: str, page: Any, table: str, path: str) -> Any:
    """``path`` of table ``table`` through the API, with the page's own seat token."""
    saved = page.evaluate(f"() => localStorage.getItem('atout.seat.{table}')")
    request = urllib.request.Request(
        f"{server}/api/tables/{table}{path}",
        headers={"Authorization": f"Bearer {json.loads(saved)['token']}"},
    )
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.load(response)


def play_until(page: Any, selector: str, limit: int = 600) -> None:
    """Play until ``selector`` shows, never pressing Next deal (the result then stays up)."""
    for _ in range(limit):
        if page.locator(selector).count():
            return
        if not click_something(page, next_deal=False):
            page.wait_for_timeout(40)
    raise AssertionError(f"{selector} never appeared")


def _click(page: Any, selector: str) -> None:
    """Click ``selector`` on a page that redraws as frames come (a try may hit a stale node)."""
    for _ in range(20):
        try:
            page.locator(selector).first.click(timeout=3000)
            return
        except PlaywrightError:  # a redraw detached it: try the new one
            page.wait_for_timeout(100)
    raise AssertionError(f"{selector} could not be clicked")


def _shots(page: Any, artifacts: Path, name: str) -> None:
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        page.screenshot(path=str(artifacts / f"{name}-{width}x{height}.png"))
    page.set_viewport_size({"width": 1280, "height": 860})


@pytest.mark.parametrize("game", sorted(GAMES))
def test_play_it_again_shows_the_players_line_beside_hards(
    game: str, server: str, context: Any, artifacts: Path
) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    table = create_from_lobby(page, server, game)
    page.wait_for_selector("#my-hand")
    play_until(page, "#deal-result .again-open, #game-over .again-open")
    _click(page, ".again-open")
    page.locator("#again-tricks").wait_for(timeout=120_000)
    again = _get(server, page, table, "/deals/0/again")
    assert page.locator("#again-tricks tr[data-trick]").count() == len(again["tricks"]) > 0
    first = again["tricks"][0]
    row = page.locator("#again-tricks tr[data-trick='1'] td")
    mine = [c.get_attribute("data-card") for c in row.nth(0).locator(".review-card").all()]
    assert mine == (first["mine"]["cards"] if first["mine"] else [])
    hard = [c.get_attribute("data-card") for c in row.nth(1).locator(".review-card").all()]
    assert hard == (first["hard"]["cards"] if first["hard"] else [])
    verdict = page.locator("#again-verdict").inner_text()
    diff = again["difference"]
    assert (f"{abs(diff)} more" in verdict) if diff else "the same" in verdict
    assert page.locator("#again-mine").inner_text().startswith("You:")
    assert page.locator("#again-hard").inner_text().startswith("Hard:")
    assert "may differ" in page.locator("#again").inner_text()
    if game == "court-piece":
        # Each line names its trump and who named it (Hard, in the person's seat, may differ).
        for key in ("mine", "hard"):
            trump = "♠♥♦♣"["SHDC".index(again[key]["result"]["trump"])]
            assert f"Trump {trump} (named by " in page.locator(f"#again-{key}").inner_text()
        if again["hard"]["result"]["caller"] == again["seat"]:
            assert "(named by Hard)" in page.locator("#again-hard").inner_text()
    # Rubber bridge (the lobby's default): the lines are compared as the rubber sheet counts
    # them, and the page says so.
    counted = page.locator("#again-counted")
    assert again.get("counted") == ("rubber standing" if game == "bridge" else None)
    assert counted.count() == (1 if game == "bridge" else 0)
    if counted.count():
        assert "if the rubber stopped after this deal" in counted.inner_text()
        side = again["side"]
        worth = again["mine"]["counted"][side] - again["mine"]["counted"][1 - side]
        sign = "+" if worth > 0 else "\N{MINUS SIGN}" if worth < 0 else ""
        mine = page.locator("#again-mine").inner_text()
        assert mine.endswith(f"(worth {sign}{abs(worth)} to your side on the sheet)")
    _shots(page, artifacts, f"again-{game}")
    # Back to the review and back again: the replay is kept, not asked anew.
    page.click("#review-back")
    page.locator("#review-tricks").wait_for(timeout=60_000)
    page.click("#review-again")
    assert page.locator("#again-tricks tr[data-trick]").count() == len(again["tricks"])
    page.click("#review-close")
    assert not errors


def test_the_player_replays_the_deal_at_a_new_table(
    server: str, context: Any, artifacts: Path
) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    table = create_from_lobby(page, server, "five-hundred")
    page.wait_for_selector("#my-hand")
    play_until(page, "#deal-result .review-open, #game-over .review-open")
    dealt = _get(server, page, table, "/record")["deals"][0]
    _click(page, ".review-open")
    page.click("#review-replay")
    page.wait_for_url(lambda url: table not in url)
    page.wait_for_selector("#my-hand")
    assert "deal 1 of an earlier table" in page.locator("#again-of").inner_text()
    new = str(page.url.rsplit("/", 1)[-1])
    view = _get(server, page, new, "/view")
    assert view["table"]["again_of"] == {"table": table, "deal": 0}
    assert sorted(view["view"]["hand"]) == sorted(dealt["hands"][view["seat"]])
    page.screenshot(path=str(artifacts / "again-yourself.png"))
    assert not errors


@pytest.mark.parametrize("game", ["bridge", "five-hundred"])
def test_robot_duplicate_score_sheet(game: str, server: str, context: Any, artifacts: Path) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    def options(page: Any) -> None:
        if game == "bridge":
            assert page.locator("#robot-duplicate").is_hidden()  # rubber: no duplicate
            page.select_option("#opt-scoring", "duplicate")
        page.check("#robot-duplicate")

    table = create_from_lobby(page, server, game, options=options)
    page.wait_for_selector("#my-hand")
    assert page.locator("#duplicate-sheet").count() == 1
    play_until(page, "#deal-result, #game-over")
    row = page.locator("#duplicate-sheet tr[data-deal='1']")
    row.wait_for(timeout=120_000)
    data = _get(server, page, table, "")
    board = data["duplicate"][0]
    cells = row.locator("td").all_inner_texts()
    signed = lambda v: f"+{v}" if v > 0 else str(v).replace("-", "\N{MINUS SIGN}")  # noqa: E731
    assert cells[2] == signed(board["difference"])
    total = page.locator("#duplicate-total td").all_inner_texts()
    assert total[2] == signed(data["duplicate_total"])
    head = page.locator("#duplicate-sheet th[scope='col']").first
    note = page.locator("#duplicate-note").inner_text()
    assert "your score less Hard's" in note
    if game == "bridge":
        assert cells[3] == signed(board["imps"]) and total[3] == signed(data["duplicate_imps"])
        # Bridge says "Board", as its score sheet does, and what its IMPs are.
        assert head.inner_text() == "Board" and "IMP scale" in note
    else:
        assert head.inner_text() == "Deal" and "IMP" not in note
    _shots(page, artifacts, f"duplicate-{game}")
    assert not errors


def test_play_it_again_and_the_duplicate_sheet_in_french(
    server: str, context: Any, artifacts: Path
) -> None:
    from .test_french import Walk, french  # noqa: PLC0415 (its word list is built on import)

    page = context.new_page()
    walk = Walk(page)
    french(page, server)
    table = create_from_lobby(
        page, server, "court-piece", options=lambda p: p.check("#robot-duplicate")
    )
    page.wait_for_selector("#my-hand")
    play_until(page, "#deal-result .again-open, #game-over .again-open")
    page.locator("#duplicate-sheet tr[data-deal='1']").wait_for(timeout=120_000)
    walk.look("robot duplicate sheet")
    _click(page, ".again-open")
    page.locator("#again-tricks").wait_for(timeout=120_000)
    assert "Difficile" in page.locator("#again-hard").inner_text()
    walk.look("play it again")
    page.screenshot(path=str(artifacts / "again-fr.png"))
    assert _get(server, page, table, "")["robot_duplicate"] is True
    walk.check()
