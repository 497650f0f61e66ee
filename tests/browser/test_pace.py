"""The pace of a table: the deal's result waits for Next deal, and the bots' speed is chosen."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.browser.test_table import click_something, play_vs_bots


def table_json(server: str, table: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server}/api/tables/{table}") as response:
        data: dict[str, Any] = json.load(response)
        return data


def test_the_result_waits_for_next_deal_pressed_with_the_keyboard(
    server: str, context: Any, artifacts: Path
) -> None:
    page = play_vs_bots(context, server, "court-piece")
    page.wait_for_url(re.compile(r"/t/\w+"))
    table = page.url.rsplit("/", 1)[-1]
    for _ in range(600):
        if page.locator("#next-deal").count():
            break
        if not click_something_but_next(page):
            page.wait_for_timeout(40)
    result = page.locator("#deal-result")
    expect(page.locator("#next-deal")).to_be_focused()
    page.screenshot(path=str(artifacts / "next-deal.png"))
    page.wait_for_timeout(1500)  # the server's own pause is 0.05 s here: it waits for us
    # A click on the result no longer hides it while the table waits (dispatched: the focus stays).
    result.locator("strong").dispatch_event("click")
    expect(result).to_be_visible()
    assert table_json(server, table)["deal_number"] == 1
    page.keyboard.press("Enter")
    expect(page.locator(".bar .title")).to_contain_text("Deal 2")
    expect(page.locator("#next-deal")).to_have_count(0)
    # The result read goes with its deal: it does not linger over the next one.
    expect(result).to_have_count(0, timeout=2000)
    # The second deal's result asks for its own Next deal (the first one's press was still
    # counted: "waiting for the others", no button, the table stuck until a reload).
    for _ in range(600):
        if page.locator("#next-deal, #waiting-others").count():
            break
        if not click_something_but_next(page):
            page.wait_for_timeout(40)
    expect(page.locator("#next-deal")).to_be_visible()
    expect(page.locator("#waiting-others")).to_have_count(0)
    page.click("#next-deal")
    expect(page.locator(".bar .title")).to_contain_text("Deal 3")


def click_something_but_next(page: Any) -> bool:
    """Play on until the table waits for Next deal (never pressing it)."""
    return click_something(page, next_deal=False)


def test_the_bot_speed_is_the_tables_and_remembered_for_the_next(server: str, context: Any) -> None:
    page = context.new_page()
    page.goto(server + "/")
    page.fill("#name", "Ana")
    page.click("#play-court-circular")
    page.wait_for_url(re.compile(r"/t/\w+"))
    table = page.url.rsplit("/", 1)[-1]
    assert table_json(server, table)["bot_speed"] == "normal"
    page.click("#table-menu > summary")
    expect(page.locator("#table-bot-speed")).to_have_value("normal")
    options = page.locator("#table-bot-speed option").all_inner_texts()
    assert options == ["Slow", "Normal", "Fast"]
    page.select_option("#table-bot-speed", "fast")
    deadline = time.monotonic() + 10
    while table_json(server, table)["bot_speed"] != "fast":  # the change goes to the server
        assert time.monotonic() < deadline, "the table's speed did not change"
        time.sleep(0.05)
    expect(page.locator("#table-bot-speed")).to_have_value("fast")
    # The next table this browser starts plays fast too.
    page.click("a.home")
    page.click("#play-court-circular")
    page.wait_for_url(re.compile(r"/t/(?!" + table + r")\w+"))
    again = page.url.rsplit("/", 1)[-1]
    assert table_json(server, again)["bot_speed"] == "fast"
    assert table_json(server, again)["pause_deals"] is True


def test_back_at_a_table_the_last_deals_result_does_not_cover_the_running_deal(
    server: str, context: Any, artifacts: Path
) -> None:
    """Issue #35: coming back during deal 3, the "Deal 2 result" box covered it, unclosable."""
    page = play_vs_bots(context, server, "court-piece")
    page.wait_for_url(re.compile(r"/t/\w+"))
    for _ in range(600):
        if page.locator("#next-deal").count():
            break
        if not click_something_but_next(page):
            page.wait_for_timeout(40)
    page.click("#next-deal")
    expect(page.locator(".bar .title")).to_contain_text("Deal 2")
    page.reload()  # back at the table (a reload, or the lobby and back): deal 2 runs
    expect(page.locator(".bar .title")).to_contain_text("Deal 2")
    page.wait_for_timeout(500)
    expect(page.locator("#deal-result")).to_have_count(0)
    page.screenshot(path=str(artifacts / "back-no-old-result.png"))
