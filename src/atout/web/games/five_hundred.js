// Five Hundred: the Avondale bidding box, kitty and discard, the joker lead
// naming a suit, and a running score sheet with each contract's value.
import { SUITS, actionButton, auctionTable, badge, contractText, facts, h, num, sheet, sideHead, signed, suitName, t } from "./common.js";

const STRAINS = ["S", "C", "D", "H", "NT"];
const TRICKS = [6, 7, 8, 9, 10];
const SPECIAL = { misere: 250, "open-misere": 500 };

/** The Avondale value of a call (6♠ 40 … 10NT 520; misère 250, open misère 500). */
export function callValue(call) {
  if (SPECIAL[call]) return SPECIAL[call];
  const m = /^(\d+)(S|C|D|H|NT)$/.exec(call || "");
  return m ? 40 + 100 * (Number(m[1]) - 6) + 20 * STRAINS.indexOf(m[2]) : null;
}

function highestBid(auction) {
  for (let i = auction.length - 1; i >= 0; i--) if (auction[i][1] !== "pass") return auction[i];
  return null;
}

function contractBadge(ctx) {
  const { view, name } = ctx;
  const out = [];
  if (view.contract) {
    const c = view.contract;
    out.push(badge(t("contract"), `${contractText(c.bid)} · ${name(c.contractor)}`, { id: "contract-badge" }));
  } else if (view.phase === "auction") {
    const high = highestBid(view.auction);
    out.push(badge(t("highestBid"), high ? `${contractText(high[1])} · ${name(high[0])}` : t("noBidYet"), { id: "contract-badge" }));
  }
  if (view.trick?.named_suit) out.push(badge(t("jokerCalls"), `${SUITS[view.trick.named_suit]} ${suitName(view.trick.named_suit)}`, { id: "joker-badge" }));
  return out;
}

/** 5 rows (6..10 tricks) x 5 strains in Avondale order, each with its value; pass and misères below. */
function biddingBox(ctx) {
  const legal = new Set(ctx.view.legal);
  const grid = TRICKS.map((n) =>
    h(
      "div",
      { class: "bid-row" },
      STRAINS.map((s) => {
        const call = `${n}${s}`;
        return actionButton(ctx, call, [contractText(call), h("small", {}, String(callValue(call)))], {
          className: `bid strain-${s}`,
          enabled: legal.has(call),
        });
      }),
    ),
  );
  const extra = ["pass", "misere", "open-misere"]
    .filter((call) => legal.has(call))
    .map((call) =>
      actionButton(ctx, call, call === "pass" ? t("pass") : [contractText(call), h("small", {}, String(SPECIAL[call]))], { className: `call-${call}` }),
    );
  return h("div", { class: "bidding-box five-hundred-box", id: "bidding-box" }, grid, h("div", { class: "bid-row calls" }, extra));
}

/** Pick exactly three cards (the kitty's cards are marked), then confirm. */
function discardPicker(ctx) {
  const discards = ctx.view.legal.filter((a) => a.startsWith("discard "));
  if (!discards.length) return null;
  const chosen = [...ctx.picked];
  const match = discards.find((a) => {
    const cards = a.split(" ").slice(1);
    return cards.length === chosen.length && cards.every((c) => ctx.picked.has(c));
  });
  return h(
    "div",
    { class: "discard-picker" },
    ctx.view.kitty ? h("p", {}, t("kittyTaken", { cards: ctx.view.kitty.map((c) => contractText(c)).join(" ") })) : null,
    h("span", {}, t("discardPick", { n: 3 }), ` (${chosen.length}/3) `),
    h("button", { class: "primary action", id: "discard", disabled: !match, onclick: () => match && ctx.act(match) }, t("discard")),
  );
}

/** A joker lead in no-trumps names the suit the others must follow. */
function jokerLead(ctx) {
  const calls = ctx.view.legal.filter((a) => /^JK [SHDC]$/.test(a));
  if (!calls.length) return null;
  return h(
    "div",
    { class: `joker-lead ${ctx.ui.jokerPicked ? "picked" : ""}`, id: "joker-lead" },
    h("span", {}, t("jokerLead")),
    calls.map((a) => actionButton(ctx, a, `${SUITS[a.slice(-1)]} ${suitName(a.slice(-1))}`, { className: `suit-button suit-${a.slice(-1)}` })),
  );
}

function controls(ctx) {
  const phase = ctx.view.phase;
  if (phase === "auction") return biddingBox(ctx);
  if (phase === "kitty" || phase === "discard") return discardPicker(ctx);
  const joker = jokerLead(ctx);
  if (joker) return [joker, ...ctx.view.legal.filter((a) => !/^JK [SHDC]$/.test(a) && !/^([2-9TJQKA][SHDC]|JK)$/.test(a)).map((a) => actionButton(ctx, a))];
  return null;
}

function outcome(r, points) {
  const side = r.contractor % 2;
  return r.made ? `${t("made")} ${signed(points[side])}` : `${t("set")} ${signed(points[side])}`;
}

function historyRows(ctx) {
  const running = [0, 0];
  const complete = ctx.history.length && ctx.history[0].number === 1;
  return ctx.history.map((deal) => {
    const r = deal.result;
    deal.points.forEach((p, i) => (running[i] += p));
    const label = r.thrown_in
      ? t("thrownIn")
      : [`${contractText(r.contract)} (${r.value}) `, h("small", {}, `${ctx.name(r.contractor)} · ${r.made ? t("made") : t("set")}`)];
    const cells = deal.points.map((p, i) => (complete ? [num(running[i]), " ", h("small", {}, signed(p))] : signed(p)));
    return h("tr", { class: r.made ? "made" : "set" }, h("th", {}, label), cells.map((c) => h("td", {}, c)));
  });
}

function scoreSheet(ctx) {
  const m = ctx.view.match;
  const rows = [
    ...historyRows(ctx),
    h("tr", { class: "total" }, h("th", {}, t("score")), m.scores.map((s) => h("td", {}, num(s)))),
    [t("tricksThisDeal"), ...ctx.view.tricks_won.map(String)],
  ];
  return [sheet(sideHead(ctx), rows, { id: "score" }), facts([[t("target"), `±${m.target}`], [t("dealsPlayed"), String(m.deals)]], { id: "sheet-facts" })];
}

function result(deal, ctx) {
  const r = deal.result;
  if (r.thrown_in) return [t("allPassed")];
  const side = r.contractor % 2;
  const lines = [t("fhResult", { contract: contractText(r.contract), name: ctx.name(r.contractor), outcome: outcome(r, deal.points) })];
  if (r.made && r.tricks_won[side] === 10 && r.value < 250) lines.push(t("slam"));
  lines.push(t("labelled", { label: t("tricks"), text: r.tricks_won.map((n, i) => `${ctx.sideName(i)} ${n}`).join(" · ") }));
  if (deal.points[1 - side]) lines.push(t("defendersScore", { points: signed(deal.points[1 - side]) }));
  return lines;
}

export default {
  badge: contractBadge,
  controls,
  sheet: scoreSheet,
  result,
  auction: (ctx) => auctionTable(ctx.view.auction || [], 4, ctx.name),
  scoreline: (ctx) => ({ score: ctx.view.match.scores.map(num), scoreLabel: t("score"), tricks: ctx.view.tricks_won }),
  cardClass: (card, ctx) => (ctx.view.kitty?.includes(card) && ctx.view.phase !== "play" ? "from-kitty" : ""),
  /** The joker, when it may only be led naming a suit: clicking it points at the suit buttons. */
  cardClick: (card, ctx) =>
    card === "JK" && ctx.view.legal.some((a) => a.startsWith("JK "))
      ? () => {
          ctx.ui.jokerPicked = true;
          ctx.render();
          document.querySelector("#joker-lead button")?.focus();
        }
      : null,
  facts: (ctx) => {
    const c = ctx.view.contract;
    return [
      [t("dealerLabel"), ctx.name(ctx.view.dealer)],
      [t("contract"), c ? `${contractText(c.bid)} (${c.value}) · ${ctx.name(c.contractor)}` : null],
      [t("trump"), c ? (c.trump ? `${SUITS[c.trump]} ${suitName(c.trump)}` : t("noTrumps")) : null],
      [t("sitsOut"), c && c.sits_out !== null ? ctx.name(c.sits_out) : null],
    ];
  },
};
