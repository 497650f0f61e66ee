// "Learn here": a game's rules written for players (/rules/<game>) and its guided first deal
// (/learn/<game>). The rules are static text per language (rules/*.js); the guided deal is the
// server's: the engine plays a published fixed deal and the page explains each step.
import { api } from "./api.js";
import { SUITS, cardSvg, cardText, sortCards } from "./cards.js";
import { errorText, lang, t } from "./i18n/index.js";
import { gameName } from "./i18n/words.js";
import { compass } from "./games/bridge.js";
import { contractText } from "./games/common.js";
import { h } from "./lobby.js";
import { botName } from "./names.js";
import bridge from "./rules/bridge.js";
import courtCircular from "./rules/court_circular.js";
import courtPiece from "./rules/court_piece.js";
import fiveHundred from "./rules/five_hundred.js";

export const RULES = {
  "court-piece": courtPiece,
  "court-circular": courtCircular,
  "five-hundred": fiveHundred,
  bridge,
};

/** Games with a guided first deal (a web/guide/<game>.json the server plays). */
export const GUIDED = new Set(["court-piece", "court-circular", "five-hundred", "bridge"]);

/** The links a page shows for a game: its rules, and its guided deal if it has one. */
export function learnLinks(game) {
  if (!RULES[game]) return null;
  return h(
    "span",
    { class: "learn-links" },
    h("a", { href: `/rules/${game}`, "data-link": "1", class: "button learn-rules" }, t("rulesLink")),
    GUIDED.has(game) ? h("a", { href: `/learn/${game}`, "data-link": "1", class: "button learn-guide" }, t("guideLink")) : null,
  );
}

/** The lobby's panel: each game's rules and, where there is one, its guided first deal. */
export function learnPanel(games) {
  return h(
    "section",
    { class: "card-panel learn-panel", id: "learn" },
    h("h2", {}, t("learnTitle")),
    h("p", {}, t("learnIntro")),
    h(
      "ul",
      { class: "tables" },
      games.filter((g) => RULES[g.id]).map((g) => h("li", { "data-game": g.id }, h("strong", {}, gameName(g.id, g.title)), learnLinks(g.id))),
    ),
  );
}

/** One worked example: rows of labelled cards, the card that wins marked, and the words. */
function example(ex) {
  const rows = ex.rows.map(([label, cards]) =>
    h(
      "div",
      { class: "ex-row" },
      label ? h("span", { class: "ex-label" }, label) : null,
      h("span", { class: "ex-cards" }, cards.map((c) => cardSvg(c, { className: `small ${c === ex.win ? "trick-winner" : ""}`.trim() }))),
    ),
  );
  return h("figure", { class: "rules-example" }, h("div", { class: "ex-rows" }, rows), h("figcaption", {}, ex.text));
}

function table(rows) {
  return h("table", { class: "score rules-table" }, h("tbody", {}, rows.map((row) => h("tr", {}, row.map((cell, i) => h(i ? "td" : "th", {}, cell))))));
}

/** The rules page of a game, in the page's language. */
export function renderRules(root, game) {
  const rules = RULES[game];
  if (!rules) {
    root.replaceChildren(h("p", { class: "status" }, t("noRules")));
    return;
  }
  const text = rules[lang()] || rules.en;
  document.title = `${text.title} · ${t("appTitle")}`;
  root.replaceChildren(
    h(
      "article",
      { class: "rules-page card-panel", id: "rules", "data-game": game },
      h("nav", { class: "rules-nav" }, h("a", { href: "/", "data-link": "1", class: "home" }, t("lobby")), learnLinks(game)),
      h("h1", {}, text.title),
      h("p", { class: "rules-intro" }, text.intro),
      text.sections.map((section) =>
        h(
          "section",
          { class: "rules-section" },
          h("h2", {}, section.h),
          (section.p || []).map((para) => h("p", {}, para)),
          section.list ? h("ul", {}, section.list.map((item) => h("li", {}, item))) : null,
          section.table ? table(section.table) : null,
          (section.examples || []).map(example),
        ),
      ),
    ),
  );
}

// The guided first deal.

const PLACES = { 2: ["bottom", "top"], 4: ["bottom", "left", "top", "right"] };

/** The page's own stylesheet, added once: the lobby and table keep theirs. */
function ensureStyle() {
  if (document.getElementById("learn-style")) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/static/learn.css", id: "learn-style" }));
}

/** Words for an action that is not a plain card ("trump H", "lead KS", "concede", "pass", "7H", "discard …",
 * a bridge "claim 7", "accept"). */
function actionLabel(action) {
  const [verb, arg, ...rest] = action.split(" ");
  if (verb === "claim") return `${t("claim")} ${arg}`;
  if (verb === "accept" || verb === "reject") return t(verb);
  if (verb === "X" || verb === "XX") return verb;
  if (verb === "trump") return t(`suit${arg}`);
  if (verb === "lead") return `${t("lead")} ${cardText(arg)}`;
  if (verb === "concede") return t("concede");
  if (verb === "pass") return t("pass");
  if (verb === "discard") return `${t("discard")} ${[arg, ...rest].map(cardText).join(" ")}`;
  if (/^\d+(S|H|D|C|NT)$/.test(verb)) return contractText(verb);
  return cardText(action);
}

/** Whether two discards name the same cards, in whatever order. */
function sameCards(a, b) {
  const x = a.split(" ").slice(1).sort();
  const y = b.split(" ").slice(1).sort();
  return x.length === y.length && x.every((c, i) => c === y[i]);
}


/** Open the guided deal of `game` at /learn/<game>; returns a function that stops it. */
export function openGuide(root, game) {
  ensureStyle();
  const s = { data: null, at: 0, paused: false, notes: [], wrong: null, held: null, timer: null, closed: false, picked: new Set() };
  const say = (text) => (text ? text[lang()] || text.en : "");

  function name(seat) {
    if (seat === s.data.seat) return t("you");
    // Bridge players are named by the compass, as the lesson's words name them.
    return game === "bridge" ? compass(seat) : botName(seat);
  }

  /** Play step `s.at` (the script's move) and decide whether to wait for the reader. */
  function advance() {
    const step = s.data.steps[s.at];
    s.wrong = null;
    s.notes = [];
    if (step.actor !== s.data.seat) s.notes.push(h("p", { class: "guide-move" }, t("guidePlays", { name: name(step.actor), action: actionLabel(step.action) })));
    if (step.actor !== s.data.seat && step.say) s.notes.push(h("p", {}, say(step.say)));
    if (step.trick) {
      s.held = step.trick;
      const taker = step.trick.winner === s.data.seat ? t("takesTrickYou") : t("takesTrick", { name: name(step.trick.winner) });
      s.notes.push(h("p", { class: "guide-won" }, h("strong", {}, `${taker}.`), " ", say(step.won)));
    } else s.held = null;
    s.at += 1;
    s.paused = Boolean(step.trick || (step.actor !== s.data.seat && step.say));
    schedule();
    render();
  }

  /** Silent bot moves follow each other by themselves; explained ones wait for "Continue". */
  function schedule() {
    clearTimeout(s.timer);
    const next = s.data.steps[s.at];
    if (!s.paused && next && next.actor !== s.data.seat) s.timer = setTimeout(() => !s.closed && advance(), 700);
  }

  function resume() {
    s.paused = false;
    s.held = null;
    const next = s.data.steps[s.at];
    if (next && next.actor !== s.data.seat) advance();
    else render();
  }

  function choose(action) {
    const step = s.data.steps[s.at];
    if (!step || step.actor !== s.data.seat || s.paused) return;
    s.picked = new Set();
    if (action === step.action) advance();
    else {
      s.wrong = say(step.other) || t("guideOther");
      render();
    }
  }

  /** A deal whose first move is another player's waits on its introduction for "Continue". */
  function begin() {
    clearTimeout(s.timer);
    Object.assign(s, { at: 0, paused: s.data.steps[0]?.actor !== s.data.seat, notes: [], wrong: null, held: null, picked: new Set() });
    render();
  }

  /** Five Hundred's kitty: the hand's cards are picked three at a time, then discarded together. */
  function togglePick(card, size) {
    if (s.picked.has(card)) s.picked.delete(card);
    else if (s.picked.size < size) s.picked.add(card);
    render();
  }

  function cardButton(code, action, legal, className = "", pick = 0) {
    if (pick) {
      const svg = cardSvg(code, { className: `${className} legal pickable ${s.picked.has(code) ? "picked" : ""}`.trim() });
      svg.setAttribute("tabindex", "0");
      svg.setAttribute("role", "checkbox");
      svg.setAttribute("aria-checked", String(s.picked.has(code)));
      svg.dataset.card = code;
      svg.addEventListener("click", () => togglePick(code, pick));
      svg.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          togglePick(code, pick);
        }
      });
      return svg;
    }
    return plainCardButton(code, action, legal, className);
  }

  function plainCardButton(code, action, legal, className) {
    const svg = cardSvg(code, { className: `${className} ${legal ? "legal" : ""}`.trim() });
    if (legal) {
      svg.setAttribute("tabindex", "0");
      svg.setAttribute("role", "button");
      svg.dataset.action = action;
      svg.addEventListener("click", () => choose(action));
      svg.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          choose(action);
        }
      });
    }
    return svg;
  }

  function seatBox(seat, place, view, legal) {
    const count = view.hand_sizes?.[seat] ?? 0;
    const turn = s.data.steps[s.at]?.actor === seat;
    // A bridge dummy lies face up once the opening lead is made; declarer plays its cards.
    const dummy = Array.isArray(view.dummy) && view.dummy_seat === seat && place !== "bottom";
    let cards = null;
    if (dummy) cards = h("div", { class: "guide-dummy", id: "guide-dummy" }, sortCards(view.dummy).map((c) => plainCardButton(c, c, legal.includes(c), "")));
    else if (place !== "bottom") cards = h("div", { class: "backs" }, Array.from({ length: Math.min(count, 13) }, () => cardSvg(null, { className: "small" })));
    return h(
      "div",
      { class: `guide-seat at-${place} ${turn ? "turn" : ""}`, "data-seat": seat },
      h("div", { class: "seat-name" }, name(seat), dummy ? h("small", { class: "guide-dummy-tag" }, ` · ${t("dummy")}`) : null),
      cards,
    );
  }

  /** A bridge auction's calls so far, in order ("S 1NT · W pass · N 3NT"). */
  function auctionLine(view) {
    if (!Array.isArray(view.auction) || !view.auction.length) return null;
    const calls = view.auction.map(([seat, call]) => `${name(seat)} ${actionLabel(call)}`).join(" · ");
    return h("span", { class: "felt-badge", id: "guide-auction" }, h("small", {}, t("auction")), " ", h("strong", {}, calls));
  }

  /** Many bids (bridge: 1♣ to 7NT) as a bidding box, a row a level; few as plain buttons. */
  function bidButtons(bids) {
    const button = (a) => h("button", { class: "action", "data-action": a, onclick: () => choose(a) }, actionLabel(a));
    if (bids.length <= 10) return bids.map(button);
    const levels = new Map();
    for (const bid of bids) {
      const level = bid[0];
      if (!levels.has(level)) levels.set(level, []);
      levels.get(level).push(bid);
    }
    return [h("div", { class: "bidding-box guide-bids", id: "guide-bids" }, [...levels.values()].map((row) => h("div", { class: "bid-row" }, row.map(button))))];
  }

  /** The middle: the trick (or the one just closed), or Court Circular's Lead and table. */
  function centre(view, legal, places) {
    if (view.table) {
      const rows = view.table.map((cards, seat) =>
        h(
          "div",
          { class: `guide-row at-${places[seat]}`, id: `guide-table-${seat}` },
          cards.map((c) => cardButton(c, `lead ${c}`, legal.includes(`lead ${c}`))),
        ),
      );
      const lead = view.lead ? h("figure", { class: "guide-lead", id: "guide-lead" }, cardSvg(view.lead), h("figcaption", {}, t("lead"))) : null;
      return h("div", { class: "guide-centre cc" }, rows.find((r) => r.classList.contains("at-top")), lead, rows.find((r) => r.classList.contains("at-bottom")));
    }
    const trick = s.held || view.trick;
    const n = s.data.players;
    const cards = (trick?.cards || []).map((c, i) => {
      const seat = ((trick.leader ?? 0) + i) % n;
      return cardSvg(c, { className: `at-${places[seat]} ${s.held && s.held.winner === seat ? "trick-winner" : ""}`.trim() });
    });
    return h("div", { class: "guide-centre trick", id: "guide-trick" }, cards);
  }

  function render() {
    if (s.closed) return;
    const d = s.data;
    const done = s.at >= d.steps.length;
    const step = d.steps[s.at];
    // While a closed trick is shown, the table as it was after the trick's last card.
    const view = done ? d.final : step.view;
    const mine = !done && !s.paused && step.actor === d.seat;
    const legal = mine ? view.legal : [];
    // Each seat's place, the learner at the bottom (South in bridge, seat 0 elsewhere).
    const places = Array.from({ length: d.players }, (_, seat) => PLACES[d.players][(seat - d.seat + d.players) % d.players]);
    const discards = legal.filter((a) => a.startsWith("discard "));
    const pick = discards.length ? discards[0].split(" ").length - 1 : 0;
    // In an auction "7H" is a bid, not the 7♥: no card is played until the bidding ends.
    const cards = view.phase === "auction" ? [] : legal.filter((a) => view.hand?.includes(a));
    const dummyCards = view.phase === "auction" ? [] : legal.filter((a) => view.dummy?.includes(a) && !cards.includes(a));
    const hand = sortCards(view.hand || []).map((c) => cardButton(c, c, cards.includes(c), pick && view.kitty?.includes(c) ? "from-kitty" : "", pick));
    const others = legal.filter((a) => !a.startsWith("lead ") && !a.startsWith("discard ") && !cards.includes(a) && !dummyCards.includes(a));
    // A bridge declarer's claim is offered beside the cards when the lesson claims.
    if (mine && view.can_claim && step.action.startsWith("claim ")) others.push(step.action);
    const badges = [];
    if (typeof view.contract === "string") badges.push(h("span", { class: "felt-badge", id: "guide-contract" }, h("small", {}, t("contract")), " ", h("strong", {}, `${contractText(view.contract)} · ${name(view.declarer)}`)));
    else if (view.contract) badges.push(h("span", { class: "felt-badge", id: "guide-contract" }, h("small", {}, t("contract")), " ", h("strong", {}, `${contractText(view.contract.bid)} · ${name(view.contract.contractor)}`)));
    const trump = view.trump || view.contract?.trump;
    if (trump) badges.push(h("span", { class: "felt-badge" }, h("small", {}, t("trump")), " ", h("strong", {}, `${SUITS[trump]} ${t(`suit${trump}`)}`)));
    if (view.tricks_won) badges.push(h("span", { class: "felt-badge", id: "guide-tricks" }, h("small", {}, t("tricks")), " ", h("strong", {}, `${t("us")} ${view.tricks_won[0]} · ${t("them")} ${view.tricks_won[1]}`)));
    if (view.piles) badges.push(h("span", { class: "felt-badge", id: "guide-piles" }, h("small", {}, t("cardsWon")), " ", h("strong", {}, view.piles.map((p, seat) => `${name(seat)} ${p.face_up.length + p.face_down}`).join(" · "))));
    const auction = view.phase === "auction" || !view.contract ? auctionLine(view) : null;
    if (auction) badges.push(auction);
    if (view.stock_size !== undefined) badges.push(h("span", { class: "felt-badge" }, h("small", {}, t("stock")), " ", h("strong", {}, String(view.stock_size))));
    const explain = [];
    if (s.at === 0 && !s.notes.length) explain.push(h("p", { class: "guide-intro" }, say(d.intro)));
    explain.push(...s.notes);
    if (mine) explain.push(h("p", { class: "guide-ask", id: "guide-ask" }, say(step.say) || t("guideYourMove")));
    if (s.wrong) explain.push(h("p", { class: "guide-wrong", id: "guide-wrong", role: "alert" }, s.wrong));
    if (done) explain.push(h("p", { class: "guide-outro", id: "guide-outro" }, say(d.outro)));
    const buttons = [];
    if (s.paused && !done) buttons.push(h("button", { class: "primary", id: "guide-next", onclick: resume }, t("guideContinue")));
    if (mine && pick) {
      const chosen = discards.find((a) => sameCards(a, `discard ${[...s.picked].join(" ")}`));
      if (view.kitty) explain.push(h("p", { class: "guide-kitty" }, t("kittyTaken", { cards: view.kitty.map(cardText).join(" ") })));
      buttons.push(
        h("span", { class: "guide-pick" }, `${t("discardPick", { n: pick })} (${s.picked.size}/${pick})`),
        h("button", { class: "primary action", id: "guide-discard", disabled: !chosen, onclick: () => chosen && choose(chosen) }, t("discard")),
      );
    }
    if (mine) {
      const bids = others.filter((a) => /^\d(S|H|D|C|NT)$/.test(a));
      buttons.push(...bidButtons(bids), ...others.filter((a) => !bids.includes(a)).map((a) => h("button", { class: "action", "data-action": a, onclick: () => choose(a) }, actionLabel(a))));
    }
    if (done) buttons.push(h("button", { id: "guide-again", onclick: begin }, t("guideAgain")), h("a", { href: "/", "data-link": "1", class: "button primary" }, t("guidePlayReal")));
    root.replaceChildren(
      h(
        "section",
        { class: "guide-page", id: "guide", "data-step": s.at, "data-done": String(done) },
        h("nav", { class: "rules-nav" }, h("a", { href: "/", "data-link": "1", class: "home" }, t("lobby")), h("strong", {}, `${t("guideTitle")} · ${gameName(game, d.title)}`), h("a", { href: `/rules/${game}`, "data-link": "1", class: "button learn-rules" }, t("rulesLink"))),
        h("div", { class: "guide-badges" }, badges),
        h("div", { class: `guide-felt players-${d.players}` }, Array.from({ length: d.players }, (_, seat) => seatBox(seat, places[seat], view, dummyCards)), centre(view, legal, places)),
        h("div", { class: "guide-explain card-panel", id: "guide-explain", role: "status" }, explain, h("div", { class: "guide-buttons" }, buttons)),
        h("div", { class: "guide-hand", id: "guide-hand" }, hand),
      ),
    );
  }

  root.replaceChildren(h("p", { class: "status" }, t("connecting")));
  api(`/api/guides/${game}`)
    .then((data) => {
      s.data = data;
      document.title = `${t("guideTitle")} · ${t("appTitle")}`;
      begin();
    })
    .catch((error) => root.replaceChildren(h("p", { class: "status" }, `${t("error")}: ${errorText(error)}`)));
  return () => {
    s.closed = true;
    clearTimeout(s.timer);
  };
}
