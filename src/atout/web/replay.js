// The replay page (/replay, /replay?table=<id>): open a record (a JSON record or a
// bridge PBN file from disk, or a finished table's record) and step through it.
// The server replays the record and sends, deal by deal, one frame per action
// (the spectator's view plus every hand); this page only draws them.
import { cardSvg, pretty } from "./cards.js";
import { sideOf } from "./games.js";
import { facts as factList, num } from "./games/common.js";
import { rendererFor } from "./games/index.js";
import { errorText, t } from "./i18n/index.js";
import { gameName } from "./i18n/words.js";
import { h } from "./lobby.js";
import { botName } from "./names.js";

const POSITIONS = { 2: ["bottom", "top"], 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"] };
/** The seat drawn at the bottom at first (bridge diagrams put South there); ↻ turns the table. */
const BOTTOM = { bridge: 2 };

/** POST a record's text; the answer for one deal (an Error with the server's message otherwise). */
async function fetchDeal(text, deal) {
  const response = await fetch(`/api/replay?deal=${deal}`, { method: "POST", body: text, headers: { "Content-Type": "text/plain" } });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || `${response.status}`);
  return data;
}

/** POST a record's text: every play decision of one deal judged double dummy (POST /api/analyse). */
async function fetchAnalysis(text, deal) {
  const response = await fetch(`/api/analyse?deal=${deal}`, { method: "POST", body: text, headers: { "Content-Type": "text/plain" } });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || `${response.status}`);
  return data;
}

export function openReplay(root, tableId) {
  const s = { text: null, data: null, frames: new Map(), deal: 0, index: 0, bottom: 0, message: "", closed: false, busy: false, dd: false, analyses: new Map() };

  async function load(text) {
    s.text = text;
    s.frames.clear();
    s.analyses.clear();
    s.message = "";
    try {
      const data = await fetchDeal(text, 0);
      s.data = data;
      s.frames.set(0, data.frames);
      s.deal = 0;
      s.index = 0;
      s.bottom = BOTTOM[data.game] ?? 0;
    } catch (error) {
      s.data = null;
      s.message = errorText(error);
    }
    render();
  }

  /** The deal's double-dummy analysis, asked once per deal while the DD switch is on. */
  function analysisOf(deal) {
    if (!s.analyses.has(deal)) {
      const entry = { data: null, error: null };
      s.analyses.set(deal, entry);
      fetchAnalysis(s.text, deal)
        .then((data) => (entry.data = data))
        .catch((error) => (entry.error = error.message))
        .finally(() => !s.closed && render());
    }
    return s.analyses.get(deal);
  }

  /** The decision taken at frame `index` of the current deal (values before it), if judged. */
  function decisionAt(index) {
    const analysis = s.dd ? analysisOf(s.deal) : null;
    return analysis?.data?.decisions.find((d) => d.index === index) || null;
  }

  async function framesOf(deal) {
    if (!s.frames.has(deal)) s.frames.set(deal, (await fetchDeal(s.text, deal)).frames);
    return s.frames.get(deal);
  }

  /** Go to deal `deal`, frame `index` (negative: from the end). */
  async function go(deal, index) {
    if (!s.data || s.busy || deal < 0 || deal >= s.data.deals.length) return;
    s.busy = true;
    try {
      const frames = await framesOf(deal);
      s.deal = deal;
      s.index = Math.max(0, Math.min(frames.length - 1, index < 0 ? frames.length + index : index));
    } catch (error) {
      s.message = errorText(error);
    } finally {
      s.busy = false;
    }
    if (!s.closed) render();
  }

  const current = () => s.frames.get(s.deal) || [];
  const step = (delta) => {
    const frames = current();
    const next = s.index + delta;
    if (next < 0) return go(s.deal - 1, -1);
    if (next >= frames.length) return go(s.deal + 1, 0);
    return go(s.deal, next);
  };
  const first = () => go(0, 0);
  const last = () => go(s.data.deals.length - 1, -1);

  function onKey(event) {
    if (!s.data || event.target.closest?.("select, textarea, input:not([type=range])")) return;
    const keys = { ArrowRight: () => step(1), ArrowLeft: () => step(-1), Home: first, End: last };
    if (keys[event.key]) {
      event.preventDefault();
      keys[event.key]();
    }
  }
  document.addEventListener("keydown", onKey);

  // Drawing.

  /** Each player named as the table named them: people by their names, bots by theirs. */
  function name(seat) {
    const label = s.data?.names?.[seat];
    if (!label) return t("seat", { n: seat + 1 });
    return /^bot:/.test(label) ? botName(seat) : label;
  }

  function botLevel(seat) {
    const bot = /^bot:(.*)$/.exec(s.data?.names?.[seat] || "");
    return bot ? h("span", { class: "level" }, t(`level_${bot[1]}`)) : null;
  }

  /** A side: bridge's pairs by their compass names, partners by their names, else the player. */
  function sideName(i, n) {
    if (n !== 4) return name(i);
    if (s.data.game === "bridge") return t(i === 0 ? "pairNS" : "pairEW");
    // A record without its players' names (a file) has sides only.
    if (!s.data.names?.[i] || !s.data.names?.[i + 2]) return t("side", { n: i + 1 });
    return `${name(i)} & ${name(i + 2)}`;
  }

  function context(view, n, pos) {
    const history = s.data.deals
      .filter((d, i) => d.result && (i < s.deal || (i === s.deal && view.phase === "over")))
      .map((d) => ({ number: d.number, result: d.result, points: d.points }));
    const side = (i) => sideName(i, n);
    const none = () => {};
    return { view, frame: null, table: null, n, me: null, pos, name, sideName: side, sideOf: (seat) => sideOf(seat, n), act: none, ui: {}, render: none, hint: null, picked: new Set(), history, clickable: (svg) => svg };
  }

  function picker() {
    const input = h("input", { type: "file", id: "record-file", accept: ".json,.pbn,.txt,application/json" });
    input.addEventListener("change", async () => {
      const file = input.files?.[0];
      if (file) load(await file.text());
    });
    return h("label", { class: "button file" }, t("openRecord"), " ", input);
  }

  function bar() {
    const title = s.data ? `${gameName(s.data.game, s.data.title)} · ${t("dealOf", { n: s.deal + 1, m: s.data.deals.length })}` : t("replay");
    return h(
      "header",
      { class: "bar" },
      h("a", { href: "/", "data-link": "1", class: "home" }, "atout"),
      h("span", { class: "title", id: "replay-title" }, `${t("replay")} · ${title}`),
      s.message ? h("span", { class: "message", id: "message", role: "alert" }, s.message) : null,
      h("span", { class: "buttons" }, picker()),
    );
  }

  function stepper(frames) {
    const frame = frames[s.index];
    const button = (id, label, title, onclick) => h("button", { id, title, "aria-label": title, onclick }, label);
    const slider = h("input", { type: "range", id: "replay-slider", min: 0, max: frames.length - 1, value: s.index, "aria-label": t("actionOf", { i: s.index, n: frames.length - 1 }) });
    slider.addEventListener("input", () => go(s.deal, Number(slider.value)));
    const select = h("select", { id: "replay-deal", "aria-label": t("deal") }, s.data.deals.map((d, i) => h("option", { value: String(i) }, t("dealN", { n: d.number }))));
    select.value = String(s.deal);
    select.addEventListener("change", () => go(Number(select.value), 0));
    const what = frame.action ? t("playedBy", { name: name(frame.action[0]), action: pretty(frame.action[1]) }) : t("dealDealt");
    return h(
      "div",
      { class: "controls replay-controls", id: "controls" },
      button("replay-first", "|◀", t("first"), first),
      button("replay-prev", "◀", t("previous"), () => step(-1)),
      button("replay-next", "▶", t("next"), () => step(1)),
      button("replay-last", "▶|", t("last"), last),
      button("replay-rotate", "↻", t("rotate"), () => {
        s.bottom = (s.bottom + 1) % s.data.players;
        render();
      }),
      select,
      slider,
      h("span", { id: "replay-step", role: "status" }, `${t("actionOf", { i: s.index, n: frames.length - 1 })} · ${what}`),
      ddSwitch(),
      s.dd ? ddNote(frame) : null,
      h("p", { class: "keys" }, t("replayKeys")),
    );
  }

  function ddSwitch() {
    const box = h("input", { type: "checkbox", id: "replay-dd" });
    box.checked = s.dd;
    box.addEventListener("change", () => {
      s.dd = box.checked;
      render();
    });
    return h("label", { class: "toggle", title: t("ddTitle") }, box, ` ${t("ddSwitch")}`);
  }

  /** What double dummy says of this step: the card just played, then the values shown. */
  function ddNote(frame) {
    const analysis = analysisOf(s.deal);
    if (analysis.error) return h("p", { class: "dd-note", id: "dd-note" }, `${t("error")}: ${analysis.error}`);
    if (!analysis.data) return h("p", { class: "dd-note", id: "dd-note" }, t("ddSolving"));
    const lines = [];
    const played = decisionAt(s.index - 1);
    if (played?.solved) {
      const card = pretty(played.action);
      const better = played.better.map(pretty).join(", ");
      lines.push(played.cost ? h("span", { class: "dd-note costly", id: "dd-played" }, t("ddCostly", { card, cost: played.cost, better })) : h("span", { class: "dd-note", id: "dd-played" }, t("ddGood", { card })));
    }
    const next = decisionAt(s.index);
    if (next && !next.solved) lines.push(h("span", {}, t("ddNotSolved", { reason: next.reason })));
    else if (next) lines.push(h("span", {}, t("ddValues", { unit: t(`ddUnit_${analysis.data.unit}`) })));
    if (!lines.length) lines.push(h("span", {}, t("ddNoCard")));
    return h("p", { class: "dd-note", id: "dd-note" }, lines.flatMap((line, i) => (i ? [" · ", line] : [line])));
  }

  /** A card of the hand to play, with its double-dummy value when the switch is on. */
  function ddCard(card, decision) {
    const svg = cardSvg(card);
    if (!decision?.values) return svg;
    const actions = Object.keys(decision.values).filter((a) => a.split(" ")[0] === card);
    if (!actions.length) return svg;
    const value = Math.max(...actions.map((a) => decision.values[a]));
    const best = actions.some((a) => decision.values[a] === decision.best);
    return h("span", { class: `dd-card ${best ? "dd-best" : ""}`, "data-card": card, "data-dd": value }, svg, h("span", { class: "dd-value" }, String(value)));
  }

  /** The trick on the felt; once a trick is complete, it stays shown until the next card. */
  function trickArea(frames, view, pos, n) {
    const area = h("div", { class: "trick-area", id: "trick" });
    let trick = view.trick;
    const before = frames[s.index - 1]?.view;
    const closed = Array.isArray(view.tricks) && before && (before.tricks?.length || 0) < view.tricks.length;
    if (!trick?.cards?.length && closed) {
      trick = view.tricks[view.tricks.length - 1];
      area.classList.add("held");
    }
    if (!trick?.cards) return area;
    trick.cards.forEach((card, i) => {
      const seat = ((trick.leader ?? 0) + i) % n;
      area.append(cardSvg(card, { className: trick.cards.length > n ? "row" : `at-${pos(seat)}` }));
    });
    return area;
  }

  function seatBox(seat, where, frame, game, ctx) {
    const view = frame.view;
    const badges = game.seatExtra ? game.seatExtra(seat, ctx) : [];
    if (view.dealer === seat) badges.push(h("span", { class: "badge" }, t("dealer")));
    const decision = s.dd && view.turn === seat ? decisionAt(s.index) : null;
    const row = h("div", { class: "hand-row", id: `replay-hand-${seat}` }, frame.hands[seat].map((c) => ddCard(c, decision)));
    const turn = view.turn === seat;
    return h("div", { class: `seat-box pos-${where} ${turn ? "turn" : ""}`, "data-seat": seat }, h("div", { class: "seat-name" }, name(seat), botLevel(seat), ...badges), row);
  }

  function dealList(game, ctx) {
    const rows = ctx.history.map((deal) =>
      h("li", { "data-deal": deal.number }, h("strong", {}, t("dealResult", { n: deal.number })), game.result(deal, ctx).map((line) => h("div", {}, line))),
    );
    return rows.length ? h("ol", { class: "replay-deals", id: "replay-deals" }, rows) : h("p", {}, t("noDealYet"));
  }

  function panel(frames, view, game, ctx, n) {
    const totals = view.match?.totals || [];
    const end = s.deal === s.data.deals.length - 1 && s.index === frames.length - 1;
    const pairs = [
      [t("phase"), t(`phase_${view.phase}`)],
      ...game.facts(ctx),
      Array.isArray(view.tricks_won) ? [t("tricksThisDeal"), view.tricks_won.map((k, i) => `${ctx.sideName(i)} ${k}`).join(" · ")] : [t("tricks"), null],
      [t("total"), totals.map((p, i) => `${ctx.sideName(i)} ${num(p)}`).join(" · ")],
    ];
    if (end && s.data.complete) pairs.push([t("gameOver"), s.data.winner === null ? t("draw") : t("winner", { side: ctx.sideName(s.data.winner) })]);
    const out = [h("h3", {}, t("details")), factList(pairs, { id: "facts" })];
    const auction = game.auction?.(ctx);
    if (auction) out.push(h("h3", {}, t("auction")), auction);
    const costly = s.dd ? costlyList() : null;
    if (costly) out.push(h("h3", {}, t("ddCostlyList")), costly);
    out.push(h("h3", {}, t("scoreSheet")), ...[game.sheet(ctx)].flat(), h("h3", {}, t("deals")), dealList(game, ctx));
    return h("aside", { class: "panel", id: "panel" }, out);
  }

  /** The deal's cards that cost something double dummy; a click goes to the decision. */
  function costlyList() {
    const data = analysisOf(s.deal).data;
    if (!data) return null;
    const found = data.decisions.filter((d) => d.solved && d.cost > 0);
    if (!found.length) return h("p", { id: "dd-costly" }, t("ddNoCostly"));
    return h(
      "ul",
      { class: "dd-costly", id: "dd-costly" },
      found.map((d) =>
        h(
          "li",
          {},
          h(
            "button",
            { class: "link", "data-index": d.index, onclick: () => go(s.deal, d.index) },
            t("ddCostlyItem", { trick: d.trick, name: name(d.seat), card: pretty(d.action), cost: d.cost, better: d.better.map(pretty).join(", ") }),
          ),
        ),
      ),
    );
  }

  function render() {
    if (s.closed) return;
    if (!s.data) {
      root.replaceChildren(
        h("section", { class: "table-page replay-page" }, bar(), h("p", { class: "status card-panel" }, tableId && !s.message ? t("connecting") : t("noRecord"))),
      );
      return;
    }
    const frames = current();
    const frame = frames[s.index];
    const view = frame.view;
    const n = s.data.players;
    const positions = POSITIONS[n] || POSITIONS[4];
    const pos = (seat) => positions[(seat - s.bottom + n) % n];
    const game = rendererFor(s.data.game);
    const ctx = context(view, n, pos);
    root.replaceChildren(
      h(
        "section",
        { class: `table-page replay-page game-${s.data.game}`, "data-deal": s.deal, "data-index": s.index, "data-phase": view.phase },
        bar(),
        h(
          "div",
          { class: "felt-wrap" },
          h("div", { class: "felt-badges", id: "badges" }, game.badge(ctx)),
          h("div", { class: "felt", id: "felt" }, Array.from({ length: n }, (_, seat) => seatBox(seat, pos(seat), frame, game, ctx)), game.centre?.(ctx) || trickArea(frames, view, pos, n)),
        ),
        stepper(frames),
        panel(frames, view, game, ctx, n),
      ),
    );
  }

  render();
  if (tableId) {
    fetch(`/api/tables/${encodeURIComponent(tableId)}/record`)
      .then(async (response) => {
        if (!response.ok) throw new Error((await response.json().catch(() => ({}))).error || `${response.status}`);
        return response.text();
      })
      .then(load)
      .catch((error) => {
        s.message = errorText(error);
        render();
      });
  }
  return () => {
    s.closed = true;
    document.removeEventListener("keydown", onKey);
  };
}
