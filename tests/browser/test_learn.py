"""Learn here: each game's rules page with its examples as cards, reached from the lobby and
the table, and the guided first deals played click by click."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .test_table import create_from_lobby

RULED = ["court-piece", "court-circular", "five-hundred", "bridge"]
GUIDED = ["court-piece", "court-circular", "five-hundred", "bridge"]
SIZES = {"wide": (1280, 860), "phone": (390, 844), "landscape": (844, 390)}


def script(server: str, game: str) -> list[dict[str, Any]]:
    with urllib.request.urlopen(f"{server}/api/guides/{game}") as response:
        steps: list[dict[str, Any]] = json.load(response)["steps"]
        return steps


def set_language(page: Any, server: str, code: str) -> None:
    page.goto(server + "/")
    page.evaluate(f"() => localStorage.setItem('atout.lang', '{code}')")


@pytest.mark.parametrize("game", RULED)
def test_each_rules_page_opens_from_the_lobby_in_both_languages(
    server: str, context: Any, artifacts: Path, game: str
) -> None:
    page = context.new_page()
    headings = {}
    for code in ("en", "fr"):
        set_language(page, server, code)
        page.goto(server + "/")
        page.click(f"#learn li[data-game='{game}'] a.learn-rules")
        page.wait_for_url(f"**/rules/{game}")
        expect(page.locator("#rules")).to_have_attribute("data-game", game)
        assert page.locator("html").get_attribute("lang") == code
        headings[code] = page.locator("#rules h2").all_inner_texts()
        assert len(headings[code]) >= 3
        page.screenshot(path=str(artifacts / f"rules-{game}-{code}.png"), full_page=True)
    # The same sections, written in each language.
    assert len(headings["en"]) == len(headings["fr"])
    assert all(en != fr for en, fr in zip(headings["en"], headings["fr"], strict=True))
    # The worked examples are drawn as cards, the winning one marked.
    if game != "bridge":
        assert page.locator("#rules .rules-example svg.card[data-card]").count() >= 3
        assert page.locator("#rules .rules-example svg.card.trick-winner").count() >= 1


def test_court_circular_rules_show_the_lines_in_french_notation(server: str, context: Any) -> None:
    page = context.new_page()
    set_language(page, server, "fr")
    page.goto(server + "/rules/court-circular")
    text = page.locator("#rules").inner_text()
    for word in ("Classe I", "Séquence", "Sympathie", "Valentin", "Étiquette", "Tête"):
        assert word in text, word
    # A king is drawn "R" in French, a queen "D", a jack "V".
    king = page.locator("#rules svg.card[data-card='KS'] text.rank").first
    assert king.text_content() == "R"
    set_language(page, server, "en")
    page.goto(server + "/rules/court-circular")
    assert page.locator("#rules svg.card[data-card='KS'] text.rank").first.text_content() == "K"


def test_the_table_menu_links_to_the_game_s_rules(server: str, context: Any) -> None:
    page = context.new_page()
    create_from_lobby(page, server, "court-circular")
    page.click("#table-menu summary")
    page.click("#table-menu a.learn-rules")
    page.wait_for_url("**/rules/court-circular")
    expect(page.locator("#rules")).to_be_visible()


def pick_card(page: Any, card: str) -> None:
    """Click a hand card where it shows: on a phone each card covers half the one before."""
    page.locator(f"#guide-hand svg.card[data-card='{card}']").click(position={"x": 8, "y": 30})


def make_move(page: Any, action: str) -> None:
    """Make the script's move: click its card or button, or pick a discard's cards and confirm."""
    if action.startswith("discard "):
        for card in action.split()[1:]:
            pick_card(page, card)
        page.click("#guide-discard")
    else:
        target = page.locator(f"#guide [data-action='{action}']")
        # A card shows its left edge where the next one covers it (a hand, bridge's dummy).
        is_card = target.evaluate("e => e.tagName.toLowerCase() === 'svg'")
        target.click(position={"x": 6, "y": 12} if is_card else None)


def play_guide(page: Any, steps: list[dict[str, Any]], shots: Path | None = None) -> list[str]:
    """Play the guided deal by clicking what it asks for; returns the texts of won tricks."""
    won: list[str] = []
    guide = page.locator("#guide")
    for _ in range(400):
        if guide.get_attribute("data-done") == "true":
            return won + page.locator("#guide-explain .guide-won").all_inner_texts()
        # One reading of the step and the prompt: bots move by themselves between two readings.
        at, asks = page.evaluate(
            "() => [Number(document.querySelector('#guide').dataset.step),"
            " !!document.querySelector('#guide-ask')]"
        )
        if page.locator("#guide-next").count():
            won += page.locator("#guide-explain .guide-won").all_inner_texts()
            if shots is not None and not (shots / "guide-paused.png").exists():
                page.screenshot(path=str(shots / "guide-paused.png"))
            page.click("#guide-next")
        elif asks:
            make_move(page, steps[at]["action"])
            expect(guide).not_to_have_attribute("data-step", str(at))
        else:
            page.wait_for_timeout(100)
    raise AssertionError("the guided deal did not end")


@pytest.mark.parametrize("game", GUIDED)
def test_the_guided_deal_plays_through_with_the_learner_making_the_moves(
    server: str, context: Any, artifacts: Path, game: str
) -> None:
    steps = script(server, game)
    page = context.new_page()
    set_language(page, server, "en")
    page.goto(server + "/")
    page.click(f"#learn li[data-game='{game}'] a.learn-guide")
    page.wait_for_url(f"**/learn/{game}")
    # The introduction comes first; a deal another player opens waits on it for "Continue".
    learner_first = bool(steps[0]["view"]["legal"])  # the learner acts first (bridge: South deals)
    expect(page.locator("#guide-ask" if learner_first else "#guide-next")).to_be_visible()
    page.screenshot(path=str(artifacts / f"guide-{game}-start.png"))
    won = play_guide(page, steps, artifacts)
    assert len(won) == sum(1 for step in steps if step["trick"])
    assert any("You take the trick" in text for text in won)
    # Each closed trick is explained with the guide's own words for it.
    explained = [step["won"]["en"] for step in steps if step["trick"]]
    assert all(any(words in text for text in won) for words in explained)
    expect(page.locator("#guide-outro")).to_be_visible()
    page.screenshot(path=str(artifacts / f"guide-{game}-end.png"))
    page.click("#guide-again")
    expect(page.locator("#guide")).to_have_attribute("data-step", "0")


def test_another_legal_move_is_explained_and_not_played(server: str, context: Any) -> None:
    steps = script(server, "court-piece")
    page = context.new_page()
    set_language(page, server, "fr")
    page.goto(server + "/learn/court-piece")
    ask = page.locator("#guide-ask")
    expect(ask).to_contain_text("Vos 5 premières cartes sont A♠, R♥, D♥, 9♥ et 7♥")
    # Naming spades is legal but worse: the page says why and stays at the same step.
    page.click("#guide button[data-action='trump S']")
    expect(page.locator("#guide-wrong")).to_contain_text(steps[0]["other"]["fr"])
    expect(page.locator("#guide")).to_have_attribute("data-step", "0")
    page.click("#guide button[data-action='trump H']")
    expect(page.locator("#guide")).not_to_have_attribute("data-step", "0")
    # Only the engine's legal cards are offered: after trump the hand has all 13 cards.
    expect(page.locator("#guide-hand svg.card")).to_have_count(13)
    legal = page.locator("#guide-hand svg.card.legal").count()
    assert legal == 13  # the trump caller leads: any card
    page.click("#guide-hand svg.card[data-action='2S']")
    expect(page.locator("#guide-wrong")).to_be_visible()
    expect(page.locator("#guide")).to_have_attribute("data-step", "1")


def test_five_hundred_guide_bids_and_explains_a_wrong_discard(
    server: str, browser: Any, artifacts: Path
) -> None:
    steps = script(server, "five-hundred")
    for size, lang_code in (("phone", "fr"), ("wide", "en")):
        width, height = SIZES[size]
        ctx = browser.new_context(viewport={"width": width, "height": height})
        try:
            page = ctx.new_page()
            set_language(page, server, lang_code)
            page.goto(server + "/learn/five-hundred")
            expect(page.locator("#guide-explain .guide-intro")).to_contain_text(
                intro_start(server, lang_code)
            )
            page.click("#guide-next")  # the opponent on the right passes, with a word on why
            page.click("#guide-next")
            ask = page.locator("#guide-ask")
            expect(ask).to_contain_text(steps[1]["say"][lang_code])
            # The bids are buttons in the page's symbols; a lower bid is explained, not made.
            expect(page.locator("#guide button[data-action='7H']")).to_have_text("7♥")
            page.screenshot(path=str(artifacts / f"guide-five-hundred-bid-{size}.png"))
            page.click("#guide button[data-action='6H']")
            expect(page.locator("#guide-wrong")).to_contain_text(steps[1]["other"][lang_code])
            expect(page.locator("#guide")).to_have_attribute("data-step", "1")
            page.click("#guide button[data-action='7H']")
            for _ in range(2):
                page.click("#guide-next")  # the two passes that make 7H the contract
            expect(page.locator("#guide-contract")).to_contain_text("7♥")
            # The kitty: 13 cards, the three it brought tinted, three to pick.
            expect(page.locator("#guide-hand svg.card")).to_have_count(13)
            expect(page.locator("#guide-hand svg.card.from-kitty")).to_have_count(3)
            discard = page.locator("#guide-discard")
            expect(discard).to_be_disabled()
            for card in ("AS", "KS", "5C"):
                pick_card(page, card)
            # A fourth card is not picked: a discard is exactly three.
            pick_card(page, "6D")
            expect(page.locator("#guide-hand svg.card.picked")).to_have_count(3)
            page.screenshot(path=str(artifacts / f"guide-five-hundred-kitty-{size}.png"))
            page.click("#guide-discard")
            expect(page.locator("#guide-wrong")).to_contain_text(steps[4]["other"][lang_code])
            expect(page.locator("#guide")).to_have_attribute("data-step", "4")
            make_move(page, steps[4]["action"])
            expect(page.locator("#guide-hand svg.card")).to_have_count(10)
            expect(page.locator("#guide-ask")).to_contain_text(steps[5]["say"][lang_code])
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width
            page.screenshot(path=str(artifacts / f"guide-five-hundred-lead-{size}.png"))
        finally:
            ctx.close()


def intro_start(server: str, code: str) -> str:
    """The guide's introduction in one language (the first sentence, enough to know it)."""
    with urllib.request.urlopen(f"{server}/api/guides/five-hundred") as response:
        intro: dict[str, str] = json.load(response)["intro"]
    return intro[code].split(".")[0]


@pytest.mark.parametrize("size", list(SIZES))
def test_the_guide_and_rules_fit_small_screens(
    server: str, browser: Any, artifacts: Path, size: str
) -> None:
    width, height = SIZES[size]
    ctx = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = ctx.new_page()
        set_language(page, server, "fr")
        page.goto(server + "/learn/court-circular")
        expect(page.locator("#guide-ask")).to_be_visible()
        scroll = page.evaluate("() => document.documentElement.scrollWidth")
        assert scroll <= width, f"the guide scrolls sideways at {size}"
        page.screenshot(path=str(artifacts / f"guide-cc-{size}.png"), full_page=True)
        page.goto(server + "/rules/court-circular")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(artifacts / f"rules-cc-{size}.png"), full_page=True)
    finally:
        ctx.close()


def test_bridge_guide_bids_plays_dummy_finesses_and_claims(
    server: str, browser: Any, artifacts: Path
) -> None:
    """South bids in a bidding box, plays dummy's cards from the top, finesses and claims."""
    steps = script(server, "bridge")
    finesse = next(i for i, step in enumerate(steps) if step["action"] == "QH")
    claim = next(i for i, step in enumerate(steps) if step["action"].startswith("claim "))
    for size, lang_code in (("wide", "en"), ("phone", "fr"), ("landscape", "en")):
        width, height = SIZES[size]
        ctx = browser.new_context(viewport={"width": width, "height": height})
        ctx.set_default_timeout(10_000)
        try:
            page = ctx.new_page()
            set_language(page, server, lang_code)
            page.goto(server + "/learn/bridge")
            expect(page.locator("#guide-bids button[data-action='1NT']")).to_be_visible()
            assert page.locator("#guide-bids button").count() == 35
            page.screenshot(path=str(artifacts / f"guide-bridge-bid-{size}.png"))
            guide = page.locator("#guide")
            advance_to(page, steps, finesse)
            # Dummy lies face up at the top; its hearts are the cards to play.
            dummy = page.locator("#guide-dummy")
            expect(dummy.locator("svg.card")).to_have_count(12)
            assert sorted(
                dummy.locator("svg.card.legal").evaluate_all("els => els.map(e => e.dataset.card)")
            ) == sorted(steps[finesse]["view"]["legal"])
            expect(page.locator("#guide-ask")).to_contain_text(steps[finesse]["say"][lang_code])
            dummy.locator("svg.card[data-card='AH']").click(position={"x": 4, "y": 4})
            expect(page.locator("#guide-wrong")).to_contain_text(steps[finesse]["other"][lang_code])
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width
            page.screenshot(path=str(artifacts / f"guide-bridge-finesse-{size}.png"))
            dummy.locator("svg.card[data-card='QH']").click(position={"x": 4, "y": 4})
            expect(guide).not_to_have_attribute("data-step", str(finesse))
            advance_to(page, steps, claim)
            button = page.locator("#guide button[data-action='claim 7']")
            expect(button).to_have_text("Réclamer 7" if lang_code == "fr" else "Claim 7")
            page.screenshot(path=str(artifacts / f"guide-bridge-claim-{size}.png"))
            button.click()
            page.click("#guide-next")  # West accepts; East's acceptance ends the deal
            expect(page.locator("#guide-outro")).to_be_visible()
            expect(page.locator("#guide-contract")).to_contain_text("3")
        finally:
            ctx.close()


def advance_to(page: Any, steps: list[dict[str, Any]], target: int) -> None:
    """Play the guide as it asks until the learner is asked for step ``target``."""
    guide = page.locator("#guide")
    for _ in range(200):
        # One reading of the step and the prompt: bots move by themselves between two readings.
        at, asks, paused = page.evaluate(
            "() => [Number(document.querySelector('#guide').dataset.step),"
            " !!document.querySelector('#guide-ask'), !!document.querySelector('#guide-next')]"
        )
        if at == target and asks:
            return
        if paused:
            page.click("#guide-next")
        elif asks:
            make_move(page, steps[at]["action"])
            expect(guide).not_to_have_attribute("data-step", str(at))
        else:
            page.wait_for_timeout(100)
    raise AssertionError(f"step {target} was never asked for")
