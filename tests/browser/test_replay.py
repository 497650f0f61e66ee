"""The replay page: open a record from disk, step through it with the keyboard, read the end."""

from __future__ import annotations

import itertools
import json
import random
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from atout.bots.registry import make_bot
from atout.core import Match
from atout.games import get_game
from atout.notation.record import load_record, replay_summary, save_record
from tests.browser.test_table import open_custom

EXAMPLES = Path("/work/shared/examples")
PBN = Path("/work/shared/data/pbn")


def _position(page: Any) -> tuple[int, int]:
    section = page.locator(".replay-page")
    return int(section.get_attribute("data-deal")), int(section.get_attribute("data-index"))


def _step_to_end(page: Any, limit: int = 1000) -> int:
    """Press → until the page stops moving; returns how many steps it took."""
    steps = 0
    before = _position(page)
    while steps < limit:
        page.keyboard.press("ArrowRight")
        try:
            # Locators, not wait_for_function: the page's CSP forbids evaluating strings.
            deal, index = before
            page.locator(f".replay-page:not([data-deal='{deal}'][data-index='{index}'])").wait_for(
                timeout=2000
            )
        except PlaywrightTimeout:  # no move: the end
            return steps
        before = _position(page)
        steps += 1
    raise AssertionError("the replay never ended")


@pytest.mark.skipif(not EXAMPLES.is_dir(), reason="no shared examples here")
def test_step_through_a_record_file_to_the_final_totals(
    server: str, context: Any, artifacts: Path
) -> None:
    path = EXAMPLES / "court-piece-simple.record.json"
    summary = replay_summary(load_record(path))
    actions = sum(len(d["actions"]) for d in json.loads(path.read_text())["deals"])
    page = context.new_page()
    page.goto(server + "/")
    page.click("#replay-link")
    page.wait_for_url("**/replay")
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector("#replay-slider")
    assert _position(page) == (0, 0)
    assert page.locator("#replay-hand-0 svg.card").count() > 0
    page.screenshot(path=str(artifacts / "replay-start.png"))
    steps = _step_to_end(page)
    # One step per action, plus one from the end of each deal to the start of the next.
    assert steps == actions + len(summary["deals"]) - 1
    facts = page.locator("#facts").inner_text()
    totals = " · ".join(f"Side {i + 1} {p}" for i, p in enumerate(summary["totals"]))
    assert totals in facts
    assert f"Winner: Side {summary['winner'] + 1}" in facts
    assert page.locator("#replay-deals li").count() == len(summary["deals"])
    assert page.locator(".felt .hand-row svg.card").count() == 0
    page.screenshot(path=str(artifacts / "replay-end.png"))
    page.keyboard.press("Home")
    page.locator(".replay-page[data-deal='0']").wait_for()
    assert _position(page) == (0, 0)


@pytest.mark.skipif(not PBN.is_dir(), reason="no shared PBN files here")
def test_a_pbn_file_shows_four_hands_and_explained_calls(
    server: str, context: Any, artifacts: Path
) -> None:
    page = context.new_page()
    page.goto(server + "/replay")
    page.set_input_files("#record-file", str(PBN / "example1.pbn"))
    page.wait_for_selector("#replay-slider")
    for seat in range(4):
        assert page.locator(f"#replay-hand-{seat} svg.card").count() == 13
    page.fill("#replay-slider", "8")
    page.wait_for_selector("#auction td.explained")
    assert page.locator("#auction td.explained").count() == 8
    page.locator("#auction td.explained").first.hover()
    page.screenshot(path=str(artifacts / "replay-bridge-auction.png"))
    page.select_option("#replay-deal", "1")
    page.locator(".replay-page[data-deal='1']").wait_for()
    page.keyboard.press("End")
    page.wait_for_selector("#replay-deals li")
    assert "4♥" in page.locator("#replay-deals").inner_text()
    page.screenshot(path=str(artifacts / "replay-bridge-end.png"))


def test_a_finished_bridge_table_offers_pbn_and_its_replay(server: str, context: Any) -> None:
    body = {
        "game": "bridge",
        "options": {"scoring": "duplicate", "boards": 1},
        "seats": ["bot:greedy"] * 4,
    }
    request = urllib.request.Request(
        server + "/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request) as response:
        table = json.load(response)
    deadline = time.monotonic() + 60
    while True:
        with urllib.request.urlopen(f"{server}/api/tables/{table['id']}") as response:
            if json.load(response)["status"] == "over":
                break
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    page = context.new_page()
    page.goto(f"{server}/t/{table['id']}")
    # The link comes with the table's first frame, after the page has loaded: wait for it.
    expect(page.locator("#record-pbn")).to_be_visible()
    with page.expect_download() as download:
        page.click("#record-pbn")
    assert download.value.suggested_filename.endswith(".pbn")
    page.click("#replay-link")
    page.wait_for_selector("#replay-slider")
    page.keyboard.press("End")
    page.wait_for_selector("#replay-deals li")
    # The table's deal is random: a board the bots pass out, or one scored alike, is a draw.
    facts = page.locator("#facts").inner_text()
    assert "Game over" in facts
    assert "Winner" in facts or facts.rstrip().endswith("Draw")


def test_a_bridge_hint_says_why(server: str, context: Any, artifacts: Path) -> None:
    page = context.new_page()
    page.goto(server + "/")
    open_custom(page)
    page.select_option("#game", "bridge")
    page.select_option("#opt-first_dealer", "0")
    page.click("#create")
    page.wait_for_selector("#bidding-box")
    page.click("#hint")
    why = page.locator("#hint-why")
    why.wait_for()
    assert "Why:" in why.inner_text()
    page.screenshot(path=str(artifacts / "replay-hint-why.png"))


def _five_hundred_with_a_skipped_seat() -> tuple[Any, list[tuple[int, str]]]:
    """A Five Hundred deal whose auction skips a seat that passed (it is out of the auction)."""
    game = get_game("five-hundred")
    for seed in range(200):
        match = Match.new(game, {}, random.Random(seed))
        bots = [make_bot("random", game.id, seed * 4 + s) for s in range(4)]
        while match.view(None)["phase"] == "auction":
            turn, actor = match.turn, match.actor
            assert turn is not None and actor is not None
            match = match.apply(bots[actor].choose(match.view(actor)), turn)
        calls = [(seat, action) for seat, action in match.current.actions]
        seats = [seat for seat, _ in calls]
        if any((b - a) % 4 > 1 for a, b in itertools.pairwise(seats)):
            while match.current.settlement is None:  # the deal played out: a whole record
                turn, actor = match.turn, match.actor
                assert turn is not None and actor is not None
                match = match.apply(bots[actor].choose(match.view(actor)), turn)
            return match, calls
    raise AssertionError("no auction with a skipped seat")


def test_each_call_of_an_auction_sits_under_its_seat(
    server: str, context: Any, artifacts: Path, tmp_path: Path
) -> None:
    """Five Hundred's auction skips a seat that passed: its calls once slid into the wrong
    column (a pass read as the wrong player's)."""
    match, calls = _five_hundred_with_a_skipped_seat()
    path = tmp_path / "five-hundred.json"
    save_record(match, path)
    page = context.new_page()
    page.goto(server + "/replay")
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector("#replay-slider")
    page.fill("#replay-slider", str(len(calls)))
    page.wait_for_selector("#auction tbody td")
    cells = page.evaluate(
        """() => [...document.querySelectorAll('#auction tbody tr')].flatMap(
            (tr) => [...tr.children].map((td, col) => [col, td.textContent.trim()])
        ).filter(([, text]) => text)"""
    )
    page.screenshot(path=str(artifacts / "replay-five-hundred-auction.png"))
    assert [col for col, _ in cells] == [seat for seat, _ in calls]
