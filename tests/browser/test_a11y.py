"""Accessible and polished: no serious or critical axe-core violation on the lobby, each game's
table or the replay page, in light and dark mode; every phase of every game played with the
keyboard alone; real minus signs; the replay names the players as the table did."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from atout.games import GAMES
from atout.notation.record import match_to_record
from atout.sim.play import play_game
from tests.browser.axe import axe_source, serious_violations
from tests.browser.test_table import open_custom, play_until, play_vs_bots


@pytest.fixture(scope="module")
def axe() -> str:
    return axe_source()


@pytest.fixture(params=["light", "dark"])
def scheme_context(request: Any, browser: Any) -> Iterator[Any]:
    """A context that bypasses the page's CSP (to inject axe), in light or dark mode."""
    ctx = browser.new_context(
        viewport={"width": 1280, "height": 860}, bypass_csp=True, color_scheme=request.param
    )
    ctx.set_default_timeout(10_000)
    yield ctx
    ctx.close()


def finished_table(server: str, game: str, options: dict[str, Any]) -> str:
    """A table of four (or two) bots played to its end; its id."""
    body = {"game": game, "options": options, "seats": ["bot:random"] * GAMES[game].players}
    request = urllib.request.Request(
        server + "/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request) as response:
        table: str = json.load(response)["id"]
    deadline = time.monotonic() + 90
    while True:
        with urllib.request.urlopen(f"{server}/api/tables/{table}") as response:
            if json.load(response)["status"] == "over":
                return table
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)


def test_the_lobby_has_no_serious_violation(
    server: str, scheme_context: Any, axe: str, artifacts: Path
) -> None:
    page = scheme_context.new_page()
    page.goto(server + "/")
    page.wait_for_selector(".game-card")
    problems = serious_violations(page, axe)
    open_custom(page)
    for game in GAMES:
        page.select_option("#game", game)
        problems += [f"{game} form: {p}" for p in serious_violations(page, axe)]
    page.screenshot(path=str(artifacts / f"a11y-lobby-{scheme_context_name(page)}.png"))
    assert not problems, "\n".join(problems)


def scheme_context_name(page: Any) -> str:
    dark = page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    return "dark" if dark else "light"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_table_has_no_serious_violation(
    game: str, server: str, scheme_context: Any, axe: str, artifacts: Path
) -> None:
    page = scheme_context.new_page()
    page.goto(server + "/")
    page.fill("#name", "Ana")
    page.click(f"#play-{game}")
    page.wait_for_selector("#my-hand svg.card")
    page.wait_for_selector("#my-hand svg.card.legal, #controls button.action")
    page.wait_for_timeout(300)
    problems = serious_violations(page, axe)
    page.screenshot(path=str(artifacts / f"a11y-{game}-{scheme_context_name(page)}.png"))
    # Later the auction and the first results sit in the side panel: checked there too.
    play_until(page, ".table-page[data-phase='play'] #my-hand svg.card.legal, #deal-result")
    page.wait_for_timeout(300)
    problems += [f"in play: {p}" for p in serious_violations(page, axe)]
    page.screenshot(path=str(artifacts / f"a11y-{game}-{scheme_context_name(page)}-play.png"))
    assert not problems, "\n".join(problems)


def test_the_replay_page_has_no_serious_violation(
    server: str, scheme_context: Any, axe: str, artifacts: Path
) -> None:
    table = finished_table(server, "bridge", {"scoring": "duplicate", "boards": 1})
    page = scheme_context.new_page()
    page.goto(f"{server}/replay?table={table}")
    page.wait_for_selector("#replay-slider")
    problems = serious_violations(page, axe)
    page.keyboard.press("End")
    page.wait_for_selector("#replay-deals li")
    problems += [f"at the end: {p}" for p in serious_violations(page, axe)]
    page.screenshot(path=str(artifacts / f"a11y-replay-{scheme_context_name(page)}.png"))
    assert not problems, "\n".join(problems)


def test_the_replay_names_the_players_as_the_table_did(server: str, context: Any) -> None:
    table = finished_table(server, "bridge", {"scoring": "duplicate", "boards": 1})
    page = context.new_page()
    page.goto(f"{server}/t/{table}")
    names = page.locator(".seat-box .seat-name").evaluate_all(
        "els => els.map(e => [e.closest('.seat-box').dataset.seat, e.firstChild.textContent])"
    )
    page.goto(f"{server}/replay?table={table}")
    page.wait_for_selector("#replay-slider")
    for seat, name in names:
        expect(page.locator(f".seat-box[data-seat='{seat}'] .seat-name")).to_contain_text(name)
    page.keyboard.press("End")
    facts = page.locator("#panel").inner_text()
    assert "N‑S" in facts and "E‑W" in facts, facts
    assert not re.search(r"Side \d", facts), facts


SKIP = ":not([data-action^='claim']):not([data-action^='concede'])"
ACTIONS = f"#controls button.action:enabled{SKIP}"
CARDS = "svg.card.legal[tabindex]"


def tab_to(page: Any, selector: str, limit: int = 250) -> bool:
    """Press Tab until the focus is on an element matching ``selector``."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => !!document.activeElement?.matches(s)", selector):
            return True
    return False


def keyboard_step(page: Any) -> str | None:
    """Take one action with the keyboard alone; the phase it was taken in, or None."""
    phase = str(page.evaluate("document.querySelector('.table-page')?.dataset.phase"))
    if page.locator("#discard").count():
        needed = int(re.search(r"\((\d+)/(\d+)\)", page.locator("#controls").inner_text())[2])
        if page.locator("#my-hand svg.card.picked").count() < needed:
            target = "#my-hand svg.card.pickable:not(.picked)"
            assert tab_to(page, target), "a card to discard cannot be reached with Tab"
            page.keyboard.press(" ")
            return phase
        assert tab_to(page, "#discard:enabled"), "Discard cannot be reached with Tab"
    elif page.locator(ACTIONS).count():
        assert tab_to(page, ACTIONS), "an action button cannot be reached with Tab"
    elif page.locator(CARDS).count():
        assert tab_to(page, CARDS), "a playable card cannot be reached with Tab"
    else:
        return None
    seq = page.evaluate("document.querySelector('.table-page').dataset.seq")
    page.keyboard.press("Enter")
    page.locator(f".table-page:not([data-seq='{seq}'])").wait_for()
    return phase


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_phase_is_played_with_the_keyboard_alone(
    game: str, server: str, context: Any
) -> None:
    page = play_vs_bots(context, server, game)
    page.wait_for_selector("#my-hand svg.card")
    played: set[str] = set()
    deadline = time.monotonic() + 150
    while not page.locator("#next-deal, #game-over").count():
        assert time.monotonic() < deadline, f"no deal's end; played with keys in {played}"
        phase = keyboard_step(page)
        if phase is None:
            page.wait_for_timeout(40)
        else:
            played.add(phase)
    if page.locator("#next-deal").count():  # a one-deal game ends instead
        expect(page.locator("#next-deal")).to_be_focused()  # and Enter deals the next one
    assert "play" in played, played
    wanted = {"court-piece": "trump", "five-hundred": "auction", "bridge": "auction"}
    if game in wanted:
        assert wanted[game] in played, played


def test_negative_scores_have_a_true_minus_sign(server: str, context: Any, tmp_path: Path) -> None:
    match = play_game("five-hundred", {}, ["random"] * 4, 0)
    assert any(p < 0 for d in match.deals if d.settlement for p in d.settlement.points)
    path = tmp_path / "set.json"
    path.write_text(json.dumps(match_to_record(match)), encoding="utf-8")
    page = context.new_page()
    page.goto(server + "/replay")
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector("#replay-slider")
    page.keyboard.press("End")
    page.wait_for_selector("#replay-deals li")
    panel = page.locator("#panel").inner_text()
    assert "−" in panel, panel
    assert not re.search(r"(^|[\s(])-\d", panel), panel
