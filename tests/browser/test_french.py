"""French everywhere: every page walked in French, failing on any English word left.

The English words are those of en.js whose French string differs (a word that the French
strings use too, such as "Joker" or "Court", is no English left over), less proper names.
The walk reads what a person sees: the text, the choices of every menu, the placeholders
and tooltips, and the rank letters drawn on the cards (R, D, V in French).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from atout.games import GAMES

from .test_learn import make_move
from .test_table import click_something, create_from_lobby, open_custom

WEB = Path(__file__).resolve().parents[2] / "src" / "atout" / "web"
EXAMPLES = Path("/work/shared/examples")
SEEDS = Path("/work/shared/seeds")
"""The French rule pages the games were made from (``README.md`` there says which is which)."""
COURT_PIECE_SEEDS = ("001_e3e2adda9179c323.txt", "003_1f6c0354d33a2853.txt")
TRICK_WORDS = {"pli": re.compile(r"\bplis?\b", re.I), "levée": re.compile(r"\blevées?\b", re.I)}
ENTRY = re.compile(r'^\s*"?([\w-]+)"?:\s*"((?:[^"\\]|\\.)*)",?\s*$')
WORD = re.compile(r"[A-Za-zÀ-ÿ]{3,}")
# Names, not English: bots' names, games' and lines' proper names, the author's name.
PROPER = {"alex", "bea", "cleo", "dani", "eli", "fay", "atout", "carroll", "bavney", "rang"}

# The text a person may read: the page, every menu's choices, placeholders and tooltips.
VISIBLE = """() => {
  const out = [document.body.innerText, document.title];
  for (const el of document.querySelectorAll('option')) out.push(el.textContent);
  for (const name of ['placeholder', 'title'])
    for (const el of document.querySelectorAll(`[${name}]`)) out.push(el.getAttribute(name));
  return out.join('\\n');
}"""
RANKS = "els => els.map(e => e.textContent)"
# Signs too short for the word list: English compass letters and strain ("W", "E-W", "NT"),
# an English card typed as an example ("th"), and a colon without the space French puts
# before it ("Plis: N-S"); a URL's "://" and a time's "1:05" are no such colon.
ENGLISH_SIGNS = re.compile(r"(?<![A-Za-zÀ-ÿ])(?:E-W|NT|W|th)(?![A-Za-zÀ-ÿ])|[A-Za-zÀ-ÿ)]:(?!//)")


def strings(name: str) -> dict[str, str]:
    """The key → string entries of one i18n dictionary."""
    out = {}
    for line in (WEB / "i18n" / name).read_text(encoding="utf-8").splitlines():
        m = ENTRY.match(line)
        if m:
            out[m[1]] = json.loads(f'"{m[2]}"')
    return out


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(re.sub(r"\{\w+\}", " ", text))}


def french_prose() -> str:
    """The French the rules pages and guides write beyond fr.js (from each file's French part)."""
    parts = [
        path.read_text(encoding="utf-8").split("\n  fr: {", 1)[1]
        for path in (WEB / "rules").glob("*.js")
    ]
    for path in (WEB / "guide").glob("*.json"):
        parts += re.findall(r'"fr": "((?:[^"\\]|\\.)*)"', path.read_text(encoding="utf-8"))
    return "\n".join(parts)


def english_words() -> set[str]:
    en, fr = strings("en.js"), strings("fr.js")
    assert len(en) > 200 and set(en) == set(fr), "en.js and fr.js must have the same keys"
    french = set().union(*(words(v) for v in fr.values())) | words(french_prose())
    english = set().union(*(words(v) for k, v in en.items() if v != fr[k]))
    return english - french - PROPER


ENGLISH = english_words()


class Walk:
    """Collects, page after page, the English words a French reader would meet."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.found: dict[str, set[str]] = {}

    def look(self, where: str) -> None:
        text = self.page.evaluate(VISIBLE)
        for line in text.splitlines():
            left = words(line) & ENGLISH
            if left:
                self.found.setdefault(where, set()).add(f"{sorted(left)} in {line.strip()[:90]!r}")
            signs = ENGLISH_SIGNS.findall(line)
            if signs:
                self.found.setdefault(where, set()).add(f"{signs} in {line.strip()[:90]!r}")
        ranks = self.page.locator("svg.card text.rank").evaluate_all(RANKS)
        english_ranks = {r for r in ranks if r in {"K", "Q", "J"}}
        if english_ranks:
            self.found.setdefault(where, set()).update(f"rank {r} on a card" for r in english_ranks)

    def check(self) -> None:
        assert not self.found, "English left on French pages: " + "; ".join(
            f"\n{where}: {sorted(found)}" for where, found in sorted(self.found.items())
        )


def french(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.evaluate("() => localStorage.setItem('atout.lang', 'fr')")
    page.goto(server + "/")
    page.wait_for_selector("#custom")
    open_custom(page)  # the form of rules and seats, closed at first, is walked too


def test_the_word_list_finds_english_and_spares_french() -> None:
    assert {"waiting", "players", "rematch", "trick"} <= ENGLISH
    assert not {"table", "joker", "court", "alex", "atout"} & ENGLISH
    assert words("Waiting for players… Seat 2") & ENGLISH == {"waiting", "for", "players", "seat"}
    for english in ("1NT chute", "W · Dani", "pour E-W", "(ex. th)", "Plis: N-S"):
        assert ENGLISH_SIGNS.search(english), english
    for french_text in ("1SA chute", "O · Dani", "E-O", "Plis : N-S", "https://x", "1:05"):
        assert not ENGLISH_SIGNS.search(french_text), french_text


def court_piece_french() -> dict[str, str]:
    """Every French text a Court Piece player reads: the page's words (fr.js, shared by every
    game's table), the rules page and the guide."""
    rules = (WEB / "rules" / "court_piece.js").read_text(encoding="utf-8").split("\n  fr: {", 1)
    guide = (WEB / "guide" / "court-piece.json").read_text(encoding="utf-8")
    return {
        "fr.js": "\n".join(strings("fr.js").values()),
        "rules/court_piece.js": rules[1],
        "guide/court-piece.json": "\n".join(re.findall(r'"fr": "((?:[^"\\]|\\.)*)"', guide)),
    }


def test_french_court_piece_says_trick_with_the_seeds_word_only() -> None:
    seeds = " ".join((SEEDS / name).read_text(encoding="utf-8") for name in COURT_PIECE_SEEDS)
    counts = {word: len(pattern.findall(seeds)) for word, pattern in TRICK_WORDS.items()}
    word = max(counts, key=lambda w: counts[w])
    assert counts[word] > 0
    texts = {**court_piece_french(), "every French text": french_prose()}
    for other, pattern in TRICK_WORDS.items():
        if other == word:
            continue
        used = {where: pattern.findall(text) for where, text in texts.items()}
        assert not any(used.values()), f"the seeds say {word!r}; these say {other!r}: {used}"
    assert all(TRICK_WORDS[word].search(text) for text in court_piece_french().values())


def test_french_writes_the_joker_as_its_seed_does() -> None:
    """Seed 002 writes "le joker" in its sentences; the French texts do too (the card's own
    label, "Joker", comes from fr.js: jokerName on its own, jokerFace on the card)."""
    seed = (SEEDS / "002_e2fa1894d033ee32.txt").read_text(encoding="utf-8")
    assert re.search(r"\b(le|du|un) joker\b", seed) and not re.search(r"\b(le|du|un) Joker", seed)
    prose = "\n".join(strings("fr.js").values()) + french_prose()
    assert not re.findall(r".{20}\b(?:le|du|un|au) Joker\b", prose)
    fr = strings("fr.js")
    assert fr["jokerFace"] != "JOKER" and fr["jokerName"] == "Joker"


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_joker_card_reads_from_the_page_s_dictionary(
    server: str, context: Any, artifacts: Path, language: str
) -> None:
    page = context.new_page()
    page.goto(server + "/")
    page.evaluate(f"() => localStorage.setItem('atout.lang', '{language}')")
    page.goto(f"{server}/rules/five-hundred")
    page.wait_for_selector("#rules svg.card[data-card='JK']")
    joker = page.locator("#rules svg.card[data-card='JK']").first
    said = strings(f"{language}.js")
    expect(joker.locator("text.centre")).to_have_text(said["jokerFace"])
    expect(joker).to_have_attribute("aria-label", said["jokerName"])
    joker.scroll_into_view_if_needed()
    joker.screenshot(path=str(artifacts / f"joker-{language}.png"))


def test_the_lobby_rules_guides_and_replay_in_french(
    server: str, context: Any, artifacts: Path
) -> None:
    page = context.new_page()
    walk = Walk(page)
    french(page, server)
    page.screenshot(path=str(artifacts / "fr-lobby.png"), full_page=True)
    for game in sorted(GAMES):
        page.select_option("#game", game)
        # Every option shown, including those that show only with another one set.
        for _ in range(2):
            for box in page.locator("#new-table .options input[type=checkbox]:visible").all():
                box.check()
        walk.look(f"lobby {game}")
    page.click("#create")  # a bad number or a refusal is worded in French too
    walk.look("lobby after create")
    for game in ("court-piece", "court-circular", "five-hundred", "bridge"):
        page.goto(f"{server}/rules/{game}")
        page.wait_for_selector("#rules")
        walk.look(f"rules {game}")
    for game in ("court-piece", "court-circular", "five-hundred"):
        page.goto(f"{server}/learn/{game}")
        page.wait_for_selector("#guide-ask, #guide-next")
        walk.look(f"guide {game}")
        # A wrong move, a paused trick, the end: every state of the guide.
        for _ in range(300):
            if page.locator("#guide[data-done='true']").count():
                break
            if page.locator("#guide-next").count():
                walk.look(f"guide {game} paused")
                page.click("#guide-next")
            elif page.locator("#guide-ask").count():
                if page.locator("#guide-discard").count():
                    # Five Hundred's kitty: three cards picked, then discarded together.
                    for card in page.locator("#guide-hand svg.card.pickable").all()[:3]:
                        card.click(position={"x": 4, "y": 4})  # the corner a fan leaves
                    page.click("#guide-discard")
                else:
                    page.locator("#guide [data-action]").first.click()
                walk.look(f"guide {game} answer")
                if page.locator("#guide-wrong").count():
                    at = int(page.locator("#guide").get_attribute("data-step"))
                    action = page.request.get(f"{server}/api/guides/{game}").json()["steps"][at]
                    make_move(page, action["action"])
            else:
                page.wait_for_timeout(80)
        walk.look(f"guide {game} end")
    page.goto(f"{server}/replay")
    page.wait_for_selector("#record-file")
    walk.look("replay")
    for record in sorted(EXAMPLES.glob("*.record.json")):
        page.goto(f"{server}/replay")
        page.set_input_files("#record-file", str(record))
        # A record the rules refuse shows why instead of its deals.
        page.wait_for_selector(".replay-page[data-index], #message")
        for _ in range(12):
            page.keyboard.press("ArrowRight")
        walk.look(f"replay {record.name}")
        page.keyboard.press("End")
        walk.look(f"replay {record.name} end")
    walk.check()


def test_a_person_without_a_name_is_named_in_french(server: str, browser: Any) -> None:
    """The server names a nameless person "Player 4"; the French lobby says "Joueur 4"."""
    other = browser.new_context()
    try:
        maker = other.new_page()
        maker.goto(server + "/")
        created = maker.request.post(
            f"{server}/api/tables",
            data={"game": "court-piece", "seats": ["bot:random", "human", "bot:random", "human"]},
            headers={"Origin": server},
        )
        assert created.ok
        table_id = created.json()["id"]
        other.clear_cookies()  # someone else, from another browser, joins without a name
        joined = maker.request.post(
            f"{server}/api/tables/{table_id}/join", data={"seat": 3}, headers={"Origin": server}
        )
        assert joined.ok
        seats = maker.request.get(f"{server}/api/tables/{table_id}").json()["seats"]
        assert seats[3]["name"] == "Player 4"
        page = browser.new_page()
        french(page, server)
        expect(page.locator(f"li:has(a[href='/t/{table_id}'])")).to_contain_text("Joueur 4")
        page.close()
    finally:
        other.close()


def test_a_table_waiting_for_players_in_french(server: str, context: Any) -> None:
    page = context.new_page()
    walk = Walk(page)
    french(page, server)
    table = create_from_lobby(page, server, "court-piece", humans=(2,))
    page.wait_for_selector(".table-page[data-phase='waiting']")
    walk.look("court-piece waiting")
    page.click("#table-menu summary")
    walk.look("court-piece waiting, menu open")
    # The server's refusal of a second seat to the same browser, said in French.
    second = context.new_page()
    second.goto(server + "/")
    second.evaluate("() => { localStorage.clear(); localStorage.setItem('atout.lang', 'fr'); }")
    second.goto(f"{server}/t/{table}")
    second.fill("#join-name", "Bo")  # a joiner is asked for a name first
    second.click("button.join[data-seat='2']")
    expect(second.locator("#message")).to_contain_text("une place par personne")
    walk.page = second
    walk.look("court-piece second seat refused")
    walk.check()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_s_table_in_french_in_every_phase_it_reaches(
    server: str, context: Any, artifacts: Path, game: str
) -> None:
    page = context.new_page()
    walk = Walk(page)
    french(page, server)
    create_from_lobby(page, server, game)
    page.wait_for_selector(".table-page")
    seen: set[str] = set()
    for _ in range(500):
        phase = page.locator(".table-page").get_attribute("data-phase") or ""
        if phase not in seen:
            seen.add(phase)
            walk.look(f"{game} {phase}")
            page.screenshot(path=str(artifacts / f"fr-{game}-{phase}.png"))
        if page.locator("#deal-result, #game-over").count():
            walk.look(f"{game} result")
            if game == "bridge" and "review" not in seen and page.locator(".review-open").count():
                # The review of the deal: its contract, seats, DD table and par in French.
                seen.add("review")
                page.locator(".review-open").first.click()
                page.wait_for_selector("#review-summary")
                walk.look(f"{game} review")
                page.screenshot(path=str(artifacts / f"fr-{game}-review.png"))
                page.click("#review-close")
            # A deal thrown in ends in its auction: play on into the next one.
            if len(seen) >= 2 or page.locator("#game-over").count():
                break
        if not click_something(page):
            page.wait_for_timeout(40)
    page.click("#table-menu summary")
    page.click("#last-trick")
    walk.look(f"{game} menu and last trick")
    assert len(seen) >= 2, seen
    walk.check()


@pytest.mark.parametrize("language", ["fr", "en"])
def test_hint_and_undo_say_what_they_do_in_the_page_s_language(
    server: str, context: Any, language: str
) -> None:
    page = context.new_page()
    page.goto(server + "/")
    page.evaluate(f"() => localStorage.setItem('atout.lang', '{language}')")
    create_from_lobby(page, server, "court-piece")  # against bots: both buttons are there
    said = strings(f"{language}.js")
    expect(page.locator("#hint")).to_have_text(said["hint"])
    expect(page.locator("#hint")).to_have_attribute("title", said["hintTitle"])
    # Nothing of the person's to take back yet: Undo is greyed and says why, in their words.
    expect(page.locator("#undo")).to_have_text(said["undo"])
    expect(page.locator("#undo")).to_have_attribute("aria-disabled", "true")
    expect(page.locator("#undo")).to_have_attribute("title", said["err_nothingToUndo"])


@pytest.mark.parametrize(("language", "ranks"), [("fr", "R D V 10"), ("en", "K Q J 10")])
def test_the_review_writes_hands_with_the_page_s_ranks_and_the_joker_s_name(
    server: str, context: Any, language: str, ranks: str
) -> None:
    page = context.new_page()
    page.goto(server + "/")
    page.evaluate(f"() => localStorage.setItem('atout.lang', '{language}')")
    page.goto(server + "/")
    shown = page.evaluate(
        """async () => {
          const { handText } = await import('/static/review.js');
          return handText(['TS', 'JS', 'QS', 'KS', 'JK']).map((group) => group.textContent);
        }"""
    )
    assert shown == [" " + strings(f"{language}.js")["jokerName"], "♠ " + ranks]


def test_server_refusals_are_worded_in_french_and_unknown_ones_are_not_shown_in_english(
    server: str, context: Any
) -> None:
    page = context.new_page()
    french(page, server)
    said = page.evaluate(
        """async () => {
          const { errorText } = await import('/static/i18n/index.js');
          return [
            "it is not your turn",
            "seat 2 is not free",
            "must follow clubs: you hold K♣ J♣ 3♣",
            "deal 0, action 2, 'JS' by seat 3: must follow clubs: you hold K♣ J♣ 3♣",
            "too many new tables: at most 10 a minute (try again in 7 s)",
            "some refusal nobody has met yet",
            "you have seen cards since that action (10♠ Q♥): it can no longer be taken back",
            "another seat has acted since that action: it can no longer be taken back",
            "hints are off at this table",
          ].map(errorText);
        }"""
    )
    assert said == [
        "Ce n'est pas votre tour.",
        "La place 3 est prise.",
        "Vous devez fournir trèfle : vous avez R♣ V♣ 3♣.",
        "Donne 1, action 3 (JS) par la place 4 : Vous devez fournir trèfle : vous avez R♣ V♣ 3♣.",
        "Trop de nouvelles tables : 10 par minute au plus (réessayez dans 7 s).",
        "Le serveur a refusé la demande.",
        "Ce coup ne peut plus être annulé : vous avez vu 10♠ D♥ depuis.",
        "Un autre joueur a joué depuis : ce coup ne peut plus être annulé.",
        "Les conseils sont désactivés à cette table.",
    ]
    for text in said:
        assert not words(text) & ENGLISH, text


def test_without_javascript_the_page_says_why_in_both_languages(server: str, browser: Any) -> None:
    """The page is drawn by JavaScript: without it, English and French readers are told so."""
    ctx = browser.new_context(java_script_enabled=False)
    try:
        page = ctx.new_page()
        page.goto(server + "/")
        expect(page.locator("noscript p[lang='en']")).to_have_text(
            "atout needs JavaScript to draw the table."
        )
        expect(page.locator("noscript p[lang='fr']")).to_have_text(
            "atout a besoin de JavaScript pour dessiner la table."
        )
        expect(page.locator("noscript p[lang='fr']")).to_be_visible()
    finally:
        ctx.close()
