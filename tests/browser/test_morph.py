"""web/morph.js in the page: what a patch keeps, what it changes, whose handlers run.

Each case builds a tree with the page's own h() (lobby.js), patches a second one onto it, and
reports what happened; the module is imported by the page as the table imports it.
"""

from __future__ import annotations

from typing import Any

import pytest

PRELUDE = """async () => {
  const { patch } = await import('/static/morph.js');
  const { h } = await import('/static/lobby.js');
  const box = document.createElement('div');
  document.body.append(box);
"""


@pytest.fixture
def page(server: str, context: Any) -> Any:
    page = context.new_page()
    page.goto(server + "/rules/bridge")
    return page


def run(page: Any, body: str) -> Any:
    """Run ``body`` in the page with patch, h and a fresh box; what it returns comes back."""
    return page.evaluate(PRELUDE + body + "}")


def test_the_review_button_is_kept_when_next_deal_goes_or_comes(page: Any) -> None:
    kept = run(
        page,
        """
  const toast = (next) => h('div', { id: 'deal-result' },
    h('strong', {}, 'Deal 1'), h('p', {}, 'line'),
    next ? h('p', {}, h('button', { id: 'next-deal' }, 'Next')) : null,
    h('p', {}, h('button', { id: 'review-deal-1' }, 'Review')));
  patch(box, [toast(true)]);
  const review = box.querySelector('#review-deal-1');
  patch(box, [toast(false)]);
  const gone = review.isConnected && !box.querySelector('#next-deal');
  patch(box, [toast(true)]);
  return [gone, review.isConnected, !!box.querySelector('#next-deal'), box.textContent];
""",
    )
    assert kept == [True, True, True, "Deal 1lineNextReview"]


def test_cards_are_keyed_and_text_and_attributes_follow(page: Any) -> None:
    result = run(
        page,
        """
  const row = (cards, cls) =>
    h('div', { class: cls }, cards.map((c) => h('span', { 'data-card': c }, c)));
  patch(box, [row(['AS', 'KH', 'QD'], 'a')]);
  const kh = box.querySelector('[data-card=KH]');
  patch(box, [row(['KH', 'QD', '2C'], 'b')]);
  return [kh.isConnected, box.firstChild.className, box.textContent];
""",
    )
    assert result == [True, "b", "KHQD2C"]


def test_what_the_person_did_stays_unless_the_page_asks_otherwise(page: Any) -> None:
    result = run(
        page,
        """
  const tree = (value, speed) => {
    const options = ['slow', 'normal', 'fast'].map((v) => h('option', { value: v }, v));
    const select = h('select', { id: 'speed' }, options);
    select.value = speed;
    return h('div', {}, h('details', { id: 'menu' }, h('summary', {}, 'menu')),
      h('input', { id: 'name', value }), select);
  };
  patch(box, [tree('Ana', 'normal')]);
  const input = box.querySelector('#name');
  input.focus();
  input.value = 'Anabel';
  input.setSelectionRange(2, 2);
  box.querySelector('#menu').open = true;
  box.querySelector('#speed').value = 'fast';
  patch(box, [tree('Ana', 'normal')]);  // the same asks: the person's input stays
  const kept = [input.value, document.activeElement === input, input.selectionStart,
    box.querySelector('#menu').open, box.querySelector('#speed').value];
  patch(box, [tree('Bea', 'slow')]);  // the page asks anew: its values win
  return [kept, [input.value, box.querySelector('#speed').value, box.querySelector('#menu').open]];
""",
    )
    assert result == [["Anabel", True, 2, True, "fast"], ["Bea", "slow", True]]


def test_a_kept_element_runs_the_new_trees_handler(page: Any) -> None:
    result = run(
        page,
        """
  const seen = [];
  const tree = (n) => {
    const button = h('button', { id: 'b', onclick: () => seen.push(n) }, 'go');
    button.style.setProperty('--n', String(n));
    return button;
  };
  patch(box, [tree(1)]);
  const button = box.querySelector('#b');
  button.click();
  patch(box, [tree(2)]);
  button.click();
  patch(box, [h('button', { id: 'b' }, 'go')]);
  button.click();
  return [seen, button.isConnected, button.style.getPropertyValue('--n')];
""",
    )
    assert result == [[1, 2], True, ""]
