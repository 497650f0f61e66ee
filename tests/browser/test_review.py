"""The review of a finished deal at the table, and the replay page's DD switch, in every game."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from atout.analysis import judge_deal
from atout.games import GAMES
from atout.notation.pbn import match_from_pbn
from atout.notation.record import load_record

from .test_table import create_from_lobby, play_until

EXAMPLES = Path("/work/shared/examples")
PBN = Path("/work/shared/data/pbn")
SIZES = ((1280, 860), (390, 844))
BOT_NAMES = ("Alex", "Bea", "Cleo", "Dani", "Eli", "Fay")
"""The bots' names at the table (web/names.js)."""


def _review_json(server: str, page: Any, table: str, deal: int) -> Any:
    """The review the page drew, asked again through the API with the page's own token."""
    saved = page.evaluate(f"() => localStorage.getItem('atout.seat.{table}')")
    request = urllib.request.Request(
        f"{server}/api/tables/{table}/deals/{deal}/review",
        headers={"Authorization": f"Bearer {json.loads(saved)['token']}"},
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)


def _table_options(server: str, table: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server}/api/tables/{table}", timeout=60) as response:
        options: dict[str, Any] = json.load(response)["options"]
        return options


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_result_screen_opens_the_review_of_the_deal(
    game: str, server: str, context: Any, artifacts: Path
) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    def duplicate(lobby: Any) -> None:  # bridge: a duplicate board (its bar says "Board")
        if game == "bridge":
            lobby.select_option("#opt-scoring", "duplicate")

    table = create_from_lobby(page, server, game, options=duplicate)
    page.wait_for_selector("#my-hand")
    # Not Next deal: clicked between a look for the result and the click on Review, it took
    # the result (and its button) away.
    play_until(page, "#deal-result .review-open, #game-over .review-open", next_deal=False)
    page.locator(".review-open").first.click()
    page.locator("#review-tricks").wait_for(timeout=60_000)
    # The deal the page reviews (on a loaded machine the first result may be gone by the look).
    title = page.locator(".review h2").inner_text()
    review = _review_json(server, page, table, int(title.rsplit(" ", 1)[-1]) - 1)
    players = GAMES[game].players
    assert page.locator("#review-hands .review-hand[data-seat]").count() == players
    assert page.locator("#review-tricks li").count() == len(review["tricks"]) > 0
    costly = [d for d in review["decisions"] if d["solved"] and d["cost"]]
    assert page.locator(".review-card.costly").count() == len(costly)
    assert page.locator("#review-costly li").count() == len(costly)
    for d in costly:
        marked = page.locator(f"#review-tricks li[data-trick='{d['trick']}'] .review-card.costly")
        assert "better" in (marked.first.get_attribute("title") or "")
    if game != "bridge":  # each card names its player whole ("Cleo", not "Cle")
        names = {"You", "Ana", *BOT_NAMES}
        shown = set(page.locator("#review-tricks .review-card small").all_inner_texts())
        assert shown and shown <= names, shown
    summary = page.locator("#review-summary").inner_text()
    if game == "bridge":
        assert "Par:" in summary and page.locator("#review-dd-table td").count() == 20
        par = review["par"]["score"]  # signed as the table signs: a minus sign, not a hyphen
        signed = f"+{par}" if par > 0 else f"\N{MINUS SIGN}{-par}" if par < 0 else "0"
        assert f"Par: {signed} " in summary
        # A duplicate table's top bar counts boards, as its score sheet does.
        assert _table_options(server, table)["scoring"] == "duplicate"
        expect(page.locator(".bar .title")).to_contain_text(" · Board ")
        expect(page.locator(".review h2")).to_contain_text("Review · board ")
    if game == "court-circular":
        assert "not solved" in summary or "too far from the end" in summary
    # A click on a trick shows the hands once it closed.
    page.locator("#review-tricks li").first.click()
    assert "after trick 1" in page.locator("#review-hands h3").inner_text()
    shown = page.locator("#review-hands .review-hand[data-seat] .review-cards").all_inner_texts()
    after = review["steps"][review["trick_ends"][0]]
    assert [len(h) for h in after] == [_cards_in(text) for text in shown]
    # The review is patched, not rebuilt: the trick chosen keeps the focus (Enter on the next).
    expect(page.locator("#review-tricks li").first).to_be_focused()
    if len(review["tricks"]) > 1:
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        expect(page.locator("#review-tricks li").nth(1)).to_be_focused()
        expect(page.locator("#review-hands h3")).to_contain_text("after trick 2")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        assert page.locator("#review-close").is_visible()
        page.screenshot(path=str(artifacts / f"review-{game}-{width}x{height}.png"))
    page.click("#review-close")
    assert page.locator("#review").count() == 0
    assert not errors


def _cards_in(text: str) -> int:
    """Cards in a hand drawn as text by suit ("♠ A 7 ♥ 10 3"): its ranks and jokers."""
    return sum(1 for w in text.split() if w not in "♠♥♦♣" and w != "—")


def _record(name: str) -> tuple[Path, Any]:
    if name.endswith(".pbn"):
        path = PBN / name
        return path, match_from_pbn(path.read_text())
    path = EXAMPLES / f"{name}.record.json"
    return path, load_record(path)


@pytest.mark.skipif(not EXAMPLES.is_dir() or not PBN.is_dir(), reason="no shared examples here")
@pytest.mark.parametrize(
    "name", ["court-piece-simple", "five-hundred-hand", "court-circular-game", "example1.pbn"]
)
def test_the_replay_dd_switch_shows_each_legal_cards_value(
    name: str, server: str, context: Any, artifacts: Path
) -> None:
    path, match = _record(name)
    judged = judge_deal(match, 0)
    solved = [d for d in judged["decisions"] if d["solved"]]
    assert solved
    target = solved[len(solved) // 2]
    page = context.new_page()
    page.goto(server + "/replay")
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector("#replay-slider")
    page.check("#replay-dd")
    page.locator("#dd-note").wait_for()
    slider = page.locator("#replay-slider")
    slider.fill(str(target["index"]))
    page.locator(f".replay-page[data-index='{target['index']}']").wait_for()
    page.locator(".dd-card").first.wait_for(timeout=60_000)
    shown = {
        el.get_attribute("data-card"): int(el.get_attribute("data-dd") or "")
        for el in page.locator(".dd-card").all()
    }
    expected: dict[str, int] = {}
    for action, value in target["values"].items():
        card = action.split()[0]
        expected[card] = max(value, expected.get(card, value))
    assert shown == expected
    best = {el.get_attribute("data-card") for el in page.locator(".dd-card.dd-best").all()}
    assert best == {a.split()[0] for a, v in target["values"].items() if v == target["best"]}
    page.keyboard.press("ArrowRight")
    page.locator(f".replay-page[data-index='{target['index'] + 1}']").wait_for()
    note = page.locator("#dd-played").inner_text()
    assert ("cost" in note) == bool(target["cost"])
    # The deal's costly cards are listed; a click goes to the decision.
    costly = [d for d in judged["decisions"] if d["solved"] and d["cost"]]
    page.locator("#dd-costly").wait_for()
    assert page.locator("#dd-costly button").count() == len(costly)
    if costly:
        page.locator("#dd-costly button").last.click()
        page.locator(f".replay-page[data-index='{costly[-1]['index']}']").wait_for()
        slider.fill(str(target["index"] + 1))
        page.locator(f".replay-page[data-index='{target['index'] + 1}']").wait_for()
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.keyboard.press("ArrowLeft")
        page.locator(".dd-card").first.wait_for()
        page.screenshot(path=str(artifacts / f"replay-dd-{path.stem}-{width}x{height}.png"))
        page.keyboard.press("ArrowRight")
