"""Phones are first-class: in every game and phase, at desktop, portrait and landscape phone
sizes, nothing a player needs overlaps anything else or leaves the screen.

The test plays a deal against bots by clicking what the page offers; the first time the page
shows a phase (bidding, trump call, kitty, play, the deal's result) it measures the bounding
boxes of the hand's cards, the seat names, the buttons, the score line with the trick count,
the bidding box, the auction and the messages at each size, with the page scrolled to the
top. The hand itself is checked first as the page is, unscrolled: the whole hand and the bar
are on the first screen without scrolling (the table once opened at the lobby's scroll, the
bar above the screen). Screenshots of every measured screen go to test-artifacts/browser/layout/.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from atout.games import GAMES

from .test_table import click_something, create_from_lobby

SIZES = [(1280, 860), (390, 844), (844, 390)]
# Where the bar, felt, controls and hand make one screen (the sheet below): a phone's sizes.
PHONES = SIZES[1:]

# What a player must see, by kind; each kind's elements are measured one by one.
PARTS = {
    "hand card": "#my-hand svg.card",
    "name": ".seat-name",
    "button": ".bar button, .bar .button, #controls button",
    "score": "#scoreline",
    "trick count": "#trick-count",
    "bidding box": "#bidding-box, #trump-call",
    # The auction is in view while it runs; later it waits in the sheet below the table.
    "auction": ".table-page[data-phase='auction'] #auction",
    "message": "#deal-result, #game-over, #message, #hint-why",
    "trick card": "#trick svg.card",
}
# Kinds whose elements may overlap each other by design (a fanned hand, a trick's cards).
FANNED = {"hand card", "trick card"}
# A message may sit over the felt (names, the trick), never over the hand, buttons or score.
MESSAGE_MAY_COVER = {"name", "trick card", "auction"}

MEASURE = """(parts) => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const items = [];
  for (const [kind, selector] of Object.entries(parts)) {
    for (const el of document.querySelectorAll(selector)) {
      const r = el.getBoundingClientRect();
      // A card gathered to the trick's winner has faded out (opacity 0): it covers nothing.
      const seen = {visibilityProperty: true, opacityProperty: true};
      if (r.width < 1 || r.height < 1 || !el.checkVisibility(seen)) continue;
      const label = (el.id ? '#' + el.id : '') + ' ' + (el.dataset.card || el.dataset.action
        || el.textContent.trim().slice(0, 24));
      items.push({kind, el, r, label: kind + ' ' + label.trim()});
    }
  }
  const problems = [];
  for (const it of items) {
    const r = it.r;
    if (r.left < -1 || r.top < -1 || r.right > vw + 1 || r.bottom > vh + 1)
      problems.push(`${it.label} is off screen (${Math.round(r.left)},${Math.round(r.top)}`
        + `-${Math.round(r.right)},${Math.round(r.bottom)} in ${vw}x${vh})`);
  }
  const mayOverlap = (a, b) => {
    if (a.el.contains(b.el) || b.el.contains(a.el)) return true;
    if (a.kind === b.kind) return FANNED.includes(a.kind);
    if (a.kind === 'message') return MAY.includes(b.kind);
    if (b.kind === 'message') return MAY.includes(a.kind);
    return false;
  };
  for (let i = 0; i < items.length; i++)
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i], b = items[j];
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > 1 && h > 1 && !mayOverlap(a, b)) problems.push(`${a.label} overlaps ${b.label}`);
    }
  return problems;
}"""


HAND_IN_VIEW = """() => {
  const vh = window.innerHeight, problems = [];
  const parts = [...document.querySelectorAll('#hand, #my-hand svg.card, .play-area > .bar')];
  for (const el of parts) {
    const r = el.getBoundingClientRect();
    if (r.height < 1) continue;
    const name = el.id ? '#' + el.id : el.dataset.card || el.className.baseVal || el.className;
    if (r.bottom > vh || r.top < 0)
      problems.push(`${name} is not in the first screen (${Math.round(r.top)}-`
        + `${Math.round(r.bottom)} of ${vh}, scrolled ${Math.round(window.scrollY)})`);
  }
  return problems;
}"""


SETTLE = """async (most) => {
  // Finite animations only (an endless one, a pulse, never settles); a card removed mid-way
  // rejects its promise, which counts as settled too.
  const moving = document.getAnimations().filter(
    a => a.effect && a.effect.getComputedTiming().endTime !== Infinity);
  const done = Promise.all(moving.map(a => a.finished.catch(() => null)));
  await Promise.race([done, new Promise(r => setTimeout(r, most))]);
}"""


def settle(page: Any, most_ms: int = 3000) -> None:
    """Wait for the page's animations to end, as a player's eye would (at most ``most_ms``).

    A finished trick stays on the felt a moment, then its cards slide toward the winner's
    name and fade: mid-slide a card passes over that name by design. What is measured is
    the screen at rest, not a frame of the slide (a run that measured one failed at random).
    """
    page.evaluate(SETTLE, most_ms)


def hand_in_view(page: Any) -> list[str]:
    """The bar, the hand and each of its cards within the screen, as the page is (not scrolled)."""
    problems: list[str] = page.evaluate(HAND_IN_VIEW)
    return problems


def measure(page: Any) -> list[str]:
    """Every overlap or off-screen part at the page's present size, scrolled to the top."""
    page.evaluate("window.scrollTo(0, 0)")
    script = MEASURE.replace("FANNED", repr(sorted(FANNED))).replace(
        "MAY", repr(sorted(MESSAGE_MAY_COVER))
    )
    problems: list[str] = page.evaluate(script, PARTS)
    return problems


def phase_of(page: Any) -> str:
    if page.locator("#deal-result, #game-over").count():
        return "result"
    my_turn = page.locator("#my-hand svg.card.legal, #controls button.action").count()
    phase = str(page.evaluate("document.querySelector('.table-page')?.dataset.phase"))
    return phase if my_turn else ""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_phase_fits_every_screen(
    game: str, server: str, browser: Any, artifacts: Path
) -> None:
    folder = artifacts / "layout"
    folder.mkdir(exist_ok=True)
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, has_touch=True)
    ctx.set_default_timeout(10_000)
    try:
        page = ctx.new_page()
        create_from_lobby(page, server, game)
        page.wait_for_selector("#my-hand svg.card")
        seen: dict[str, list[str]] = {}
        # Bounded by time, not by clicks: on a busy machine the bots' answers come slowly.
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            phase = phase_of(page)
            if phase and phase not in seen:
                problems = []
                # The phones first: their hand is checked as the page opened, before any scroll.
                for width, height in [*PHONES, SIZES[0]]:
                    page.set_viewport_size({"width": width, "height": height})
                    page.wait_for_timeout(250)  # let the layout settle
                    settle(page)
                    shot = folder / f"{game}-{phase}-{width}x{height}.png"
                    page.screenshot(path=str(shot))
                    if (width, height) in PHONES:
                        problems += [f"{width}x{height}: {p}" for p in hand_in_view(page)]
                    problems += [f"{width}x{height}: {p}" for p in measure(page)]
                page.set_viewport_size({"width": 1280, "height": 860})
                # The trick count per side is always in view, in every game.
                if page.locator("#trick-count").count() != 1:
                    problems.append("no trick count")
                seen[phase] = problems
            if phase == "result":
                break
            grand = page.locator("#bidding-box button[data-action='7NT']:enabled")
            if game == "bridge" and phase == "auction" and grand.count():
                # The grand slam makes us declarer: the deal then has a play phase for us.
                grand.click()
                page.wait_for_timeout(100)
            elif not click_something(page):
                page.wait_for_timeout(40)
        assert "result" in seen and "play" in seen, f"phases seen: {sorted(seen)}"
        bad = {phase: problems for phase, problems in seen.items() if problems}
        assert not bad, "\n".join(f"{ph}: {p}" for ph, ps in bad.items() for p in ps[:12])
    finally:
        ctx.close()
