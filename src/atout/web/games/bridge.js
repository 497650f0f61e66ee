// Contract Bridge: compass seats, the bidding box (levels x strains, pass,
// X, XX), the auction in N E S W columns, dummy, claims, vulnerability, and a
// rubber sheet (above/below the line) or a duplicate sheet (board by board).
import { actionButton, auctionTable, badge, contractText, facts, h, num, sheet, signed, t } from "./common.js";
import { callMeaning } from "../i18n/calls.js";

const STRAINS = ["C", "D", "H", "S", "NT"];
const COMPASS = ["N", "E", "S", "W"];

export const compass = (seat) => t(`compass${COMPASS[seat]}`);
const letter = (seat) => t(`letter${COMPASS[seat]}`);
const pairName = (side) => t(side === 0 ? "pairNS" : "pairEW");

/** Who is vulnerable, in words: None, N-S, E-W, Both. */
function vulWords(vul) {
  if (vul[0] && vul[1]) return t("vulBoth");
  if (vul[0]) return pairName(0);
  if (vul[1]) return pairName(1);
  return t("vulNone");
}

/** The contract code parsed: {level, strain, doubled 0/1/2}, or null. */
export function parseContract(code) {
  const m = /^([1-7])(C|D|H|S|NT)(X{0,2})$/.exec(code || "");
  return m ? { level: Number(m[1]), strain: m[2], doubled: m[3].length } : null;
}

/** Trick score of a made contract (below the line): Law 77. */
export function trickScore({ level, strain, doubled }) {
  const base = strain === "NT" ? 40 + 30 * (level - 1) : (strain === "C" || strain === "D" ? 20 : 30) * level;
  return base * 2 ** doubled;
}

function badges(ctx) {
  const { view } = ctx;
  const out = [];
  if (view.contract) {
    out.push(badge(t("contract"), `${contractText(view.contract)} · ${compass(view.declarer)}`, { id: "contract-badge" }));
  } else {
    out.push(badge(t("dealerLabel"), compass(view.dealer), { id: "contract-badge" }));
  }
  if (view.board) out.push(badge(t("board"), String(view.board)));
  out.push(badge(t("vulnerable"), vulWords(view.vulnerable), { id: "vul-badge", class: `felt-badge ${view.vulnerable.some(Boolean) ? "vul" : ""}` }));
  return out;
}

function seatExtra(seat, ctx) {
  const { view } = ctx;
  const out = [h("span", { class: `compass ${view.vulnerable[seat % 2] ? "vul" : ""}`, title: view.vulnerable[seat % 2] ? t("vulnerable") : t("notVulnerable") }, letter(seat))];
  if (view.declarer === seat) out.push(h("span", { class: "badge" }, t("declarer")));
  if (view.dummy_seat === seat && view.contract) {
    const mine = playsDummy(ctx);
    out.push(h("span", { class: `badge dummy${mine ? " yours" : ""}`, id: "dummy-tag" }, t(mine ? "dummyYouPlay" : "dummy")));
  }
  return out;
}

/** Whether the person plays dummy's cards: as declarer, or as dummy playing their bot
 *  partner's contract (the server's plays_for), when their side declares. */
function playsDummy(ctx) {
  const { view, me } = ctx;
  if (me === null || me === undefined || view.declarer === null || view.declarer === undefined) return false;
  return me === view.declarer || (me === view.dummy_seat && view.plays_for?.seat === view.declarer);
}

/** Levels 1-7 x ♣ ♦ ♥ ♠ NT, with Pass, X and XX under it; only legal calls are enabled. */
function biddingBox(ctx) {
  const legal = new Set(ctx.view.legal);
  const rows = [1, 2, 3, 4, 5, 6, 7].map((level) =>
    h(
      "div",
      { class: "bid-row" },
      STRAINS.map((s) => actionButton(ctx, `${level}${s}`, contractText(`${level}${s}`), { className: `bid strain-${s}`, enabled: legal.has(`${level}${s}`) })),
    ),
  );
  const calls = [
    ["pass", t("pass"), "call-pass"],
    ["X", "X", "call-double"],
    ["XX", "XX", "call-redouble"],
  ].map(([call, label, cls]) => actionButton(ctx, call, label, { className: cls, enabled: legal.has(call), title: t(`callTitle${call}`) }));
  return h("div", { class: "bidding-box bridge-box", id: "bidding-box" }, rows, h("div", { class: "bid-row calls" }, calls));
}

/** Declarer's claim: a number of the remaining tricks, then Claim. */
function claimPicker(ctx) {
  const remaining = 13 - (ctx.view.tricks?.length || 0);
  const choose = (event) => (ctx.ui.claimCount = Number(event.currentTarget.value));
  const select = h("select", { id: "claim-count", "aria-label": t("claimTricks"), onchange: choose }, Array.from({ length: remaining + 1 }, (_, i) => h("option", { value: String(i) }, String(i))));
  select.value = String(ctx.ui.claimCount ?? remaining);
  return h(
    "div",
    { class: "claim", id: "claim" },
    h("label", { for: "claim-count" }, t("claimTricks"), " "),
    select,
    h("button", { id: "claim-button", onclick: () => ctx.act(`claim ${ctx.ui.claimCount ?? remaining}`) }, t("claim")),
  );
}

/** What was claimed, in words, and that the claimer's hand is face up on the felt. */
function claimWords(ctx) {
  const claim = ctx.view.claim;
  const left = 13 - (ctx.view.tricks?.length || 0);
  return h(
    "p",
    { class: "claim-words", id: "claim-words" },
    t("claimMade", { name: `${compass(claim.by)} (${ctx.name(claim.by)})`, n: claim.tricks }),
    " ",
    t("claimLeft", { n: left - claim.tricks }),
    claim.hand && claim.by !== ctx.me ? ` ${t("claimHandShown")}` : "",
  );
}

function claimAnswer(ctx) {
  return h(
    "div",
    { class: "claim-answer", id: "claim-answer" },
    claimWords(ctx),
    actionButton(ctx, "accept", t("accept"), { className: "primary" }),
    actionButton(ctx, "reject", t("reject")),
  );
}

function controls(ctx) {
  const { view } = ctx;
  if (view.phase === "auction" && view.legal.length) return biddingBox(ctx);
  if (view.phase === "claim") return view.legal.length ? claimAnswer(ctx) : claimWords(ctx);
  if (view.phase === "play" && view.can_claim && view.legal.length) return claimPicker(ctx);
  return null;
}

/** The call's meaning when the server offers one (``explanations`` or a third auction field). */
function explainer(view) {
  return (i) => callMeaning(view.explanations?.[i] || view.auction[i]?.[2] || null);
}

// The score sheets.

/** A finished deal split for the rubber sheet: trick score below, everything else above. */
function rubberEntry(deal) {
  const r = deal.result;
  const c = parseContract(r.contract);
  const below = [0, 0];
  const above = [...deal.points];
  if (c && (r.result === "=" || r.result?.startsWith("+"))) {
    const side = r.declarer_seat % 2;
    below[side] = trickScore(c);
    above[side] -= below[side];
  }
  return { below, above };
}

function rubberSheet(ctx) {
  const m = ctx.view.match;
  const complete = ctx.history.length === m.deals && (!ctx.history.length || ctx.history[0].number === 1);
  const head = ["", ...[0, 1].map((side) => [ctx.sideName(side), h("small", {}, ` ${pairName(side)}`)])];
  if (!complete) {
    const rows = [
      [t("above"), ...m.above.map(num)],
      [t("belowThisGame"), ...m.below.map(num)],
      [t("below"), ...m.below_total.map(num)],
      [t("games"), ...m.games.map(String)],
    ];
    return [sheet(head, rows, { id: "score" }), totals(ctx, m)];
  }
  const entries = ctx.history.map(rubberEntry);
  const aboveRows = entries
    .filter((e) => e.above.some(Boolean))
    .reverse()
    .map((e) => h("tr", { class: "above" }, h("th", {}), e.above.map((p) => h("td", {}, p ? String(p) : ""))));
  const belowRows = [];
  let game = [0, 0];
  for (const e of entries) {
    if (!e.below.some(Boolean)) continue;
    belowRows.push(h("tr", { class: "below" }, h("th", {}), e.below.map((p) => h("td", {}, p ? String(p) : ""))));
    game = game.map((g, i) => g + e.below[i]);
    if (game.some((g) => g >= 100)) {
      belowRows.push(h("tr", { class: "game-line" }, h("td", { colspan: 3 })));
      game = [0, 0];
    }
  }
  const line = h("tr", { class: "the-line" }, h("th", {}, t("above") + " ↑ / " + t("below") + " ↓"), h("td", {}), h("td", {}));
  // Nothing scored on one side of the line yet: a dash per pair, not a gap that looks broken.
  const nothing = (where) =>
    h("tr", { class: `${where} nothing` }, h("th", {}), [0, 1].map(() => h("td", { "aria-label": t("nothingScored") }, "—")));
  const above = aboveRows.length ? aboveRows : [nothing("above")];
  const below = belowRows.length ? belowRows : [nothing("below")];
  const rows = [...above, line, ...below, [t("games"), ...m.games.map(String)]];
  return [sheet(head, rows, { id: "score", class: "score rubber" }), totals(ctx, m)];
}

function totals(ctx, m) {
  return facts(
    [
      [t("total"), m.totals.map((n, i) => `${ctx.sideName(i)} ${num(n)}`).join(" · ")],
      [t("vulnerable"), vulWords(m.vulnerable)],
      [t("dealsPlayed"), String(m.deals)],
    ],
    { id: "sheet-facts" },
  );
}

/** The running score and this deal's tricks by pair, for the line always in view. */
function scoreline(ctx) {
  const m = ctx.view.match;
  const won = ctx.view.tricks_won || [];
  const tricks = won.length === 4 ? [won[0] + won[2], won[1] + won[3]] : won;
  if (m.scoring === "duplicate") return { score: (m.totals || []).map(num), scoreLabel: t("total"), tricks };
  return { score: m.above.map((a, i) => num(a + m.below_total[i])), scoreLabel: t("score"), tricks };
}

function duplicateSheet(ctx) {
  const m = ctx.view.match;
  const mine = ctx.me === null ? 0 : ctx.me % 2;
  let running = 0;
  const rows = ctx.history.map((deal) => {
    const r = deal.result;
    const score = deal.points[mine] - deal.points[1 - mine];
    running += score;
    const contract = r.passed_out ? t("passedOut") : `${contractText(r.contract)} ${letter(r.declarer_seat)} ${r.result}`;
    return [String(r.board ?? deal.number), vulWords(r.vulnerable), contract, signed(score), num(running)];
  });
  rows.push(h("tr", { class: "total" }, h("th", {}, t("total")), h("td", {}), h("td", {}), h("td", {}), h("td", {}, num(m.totals[mine] - m.totals[1 - mine]))));
  const head = [t("board"), t("vulShort"), t("contract"), pairName(mine), t("total")];
  return [sheet(head, rows, { id: "score", class: "score duplicate" }), facts([[t("boardsPlayed"), String(m.boards)]], { id: "sheet-facts" })];
}

function result(deal, ctx) {
  const r = deal.result;
  if (r.passed_out) return [t("passedOutDeal")];
  const side = r.declarer_seat % 2;
  const net = deal.points[side] - deal.points[1 - side];
  const made = r.result === "=" || r.result.startsWith("+");
  const how = made ? (r.result === "=" ? t("madeExactly") : t("madeOver", { n: r.result.slice(1) })) : t("down", { n: r.result.slice(1) });
  const lines = [t("bridgeResult", { contract: contractText(r.contract), declarer: compass(r.declarer_seat), how, score: signed(net) })];
  lines.push(t("labelled", { label: t("tricks"), text: `${r.tricks_won.map((n, i) => `${pairName(i)} ${n}`).join(" · ")}${r.claimed ? ` (${t("claimed")})` : ""}` }));
  return lines;
}

export default {
  badge: badges,
  seatExtra,
  controls,
  sheet: (ctx) => (ctx.view.match.scoring === "duplicate" ? duplicateSheet(ctx) : rubberSheet(ctx)),
  result,
  scoreline,
  auction: (ctx) => auctionTable(ctx.view.auction || [], 4, (seat) => [letter(seat), h("small", {}, ctx.name(seat))], explainer(ctx.view)),
  facts: (ctx) => [
    [t("dealerLabel"), compass(ctx.view.dealer)],
    [t("declarerLabel"), ctx.view.declarer === null ? null : `${compass(ctx.view.declarer)} (${ctx.name(ctx.view.declarer)})`],
  ],
};
