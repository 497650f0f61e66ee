// Court Circular: the Lead in the middle, each player's cards on the table
// with the line they form named as it forms, choosing the next Lead, conceding,
// and the piles (face-up cards shown, face-down counted).
import { SUITS, badge, cardSvg, contractText, facts, h, sheet, sideHead, sideSay, t } from "./common.js";
import { confirmAction } from "../confirm.js";

const ROMAN = { 1: "I", 2: "II", 3: "III" };

/** A line in words: "Class I: Sequence of 3 with the Lead", "Class III: Pair", "No line (best 9♦)". */
export function lineLabel(line) {
  if (!line) return "";
  if (line.kind === "none" || line.class === null) return t("noLine", { card: contractText(line.cards[0]) });
  const kind = t(`line_${line.kind}`);
  if (line.class === 1 && line.kind === "court" && line.cards.length === 4) return t("labelled", { label: t("lineClass", { c: "I" }), text: t("courtCircular") });
  const body = line.class === 1 ? t("lineWithLead", { kind, n: line.cards.length }) : line.class === 2 ? t("lineOf", { kind, n: 3 }) : kind;
  return t("labelled", { label: t("lineClass", { c: ROMAN[line.class] }), text: body });
}

function leadBadge(ctx) {
  const { view } = ctx;
  const out = [];
  if (view.lead) out.push(badge(t("lead"), contractText(view.lead), { id: "lead-badge" }));
  out.push(badge(t("stock"), String(view.stock_size)));
  if (view.is_last_trick && view.phase !== "over") out.push(badge("", t("lastTrickOfDeal"), { class: "felt-badge vul" }));
  return out;
}

/** One player's cards on the table; in the lead phase they are the choices for the new Lead. */
function tableRow(seat, ctx) {
  const { view } = ctx;
  const line = view.lines?.[seat];
  const inLine = new Set(line?.cards || []);
  const row = h("div", { class: "hand-row table-row", id: `table-${seat}` });
  for (const card of view.table[seat] || []) {
    const action = `lead ${card}`;
    const choosable = view.legal.includes(action);
    const svg = cardSvg(card, { className: [inLine.has(card) && line.class && "in-line", choosable && "legal", ctx.hint === action && "hinted"].filter(Boolean).join(" ") });
    if (choosable) ctx.clickable(svg, () => ctx.act(action));
    row.append(svg);
  }
  const label = line ? h("div", { class: `line-label ${line.class ? `class-${line.class}` : "no-line"}`, "data-line": line.kind }, lineLabel(line)) : null;
  return h("div", { class: `cc-side at-${ctx.pos(seat)}` }, ctx.pos(seat) === "bottom" ? [row, label] : [label, row]);
}

function centre(ctx) {
  const { view } = ctx;
  const lead = view.lead ? h("figure", { class: "cc-lead", id: "lead" }, cardSvg(view.lead, { className: view.lines?.some((l) => l?.class === 1) ? "in-line" : "" }), h("figcaption", {}, t("lead"))) : null;
  const sides = [0, 1].map((seat) => tableRow(seat, ctx));
  return h("div", { class: "cc-centre", id: "trick" }, sides.find((s) => s.classList.contains("at-top")), lead, sides.find((s) => s.classList.contains("at-bottom")));
}

function controls(ctx) {
  const { view } = ctx;
  const out = [];
  if (view.phase === "lead" && view.legal.length) out.push(h("p", { class: "prompt" }, t("chooseLead")));
  if (view.legal.includes("concede")) out.push(concedeButton(ctx));
  return out.length ? out : null;
}

/** Conceding gives the trick away and cannot be taken back: asked once, Cancel first. */
function concedeButton(ctx) {
  const ask = async () => {
    const sure = await confirmAction({ question: t("concedeAsk"), detail: t("concedeDetail"), confirm: t("concede"), id: "concede-confirm" });
    if (sure) ctx.act("concede");
  };
  return h("button", { class: `action concede ${ctx.hint === "concede" ? "hinted" : ""}`.trim(), "data-action": "concede", "aria-haspopup": "dialog", onclick: ask }, t("concede"));
}

const RANKS = "AKQJT98765432";

/** Face-up cards grouped by suit, best first: "♥ A 10 7  ♠ K 2". */
function bySuit(cards) {
  return ["H", "D", "C", "S"]
    .map((suit) => {
      const ranks = cards.filter((c) => c[1] === suit).map((c) => c[0]).sort((a, b) => RANKS.indexOf(a) - RANKS.indexOf(b));
      return ranks.length ? h("span", { class: `suit-group suit-${suit}` }, `${SUITS[suit]} ${ranks.map((r) => (r === "T" ? "10" : r)).join(" ")}`) : null;
    })
    .filter(Boolean);
}

function piles(ctx) {
  return (ctx.view.piles || []).map((pile, seat) =>
    h(
      "div",
      { class: "pile", id: `pile-${seat}` },
      h("strong", {}, ctx.name(seat)),
      h("span", {}, ` ${t("labelled", { label: t("faceUp"), text: pile.face_up.length })} · ${t("labelled", { label: t("faceDown"), text: pile.face_down })}`),
      pile.face_up.length ? h("div", { class: "pile-cards" }, bySuit(pile.face_up)) : null,
    ),
  );
}

function scoreSheet(ctx) {
  const m = ctx.view.match;
  const rows = [[t("points"), ...m.points.map(String)]];
  for (const deal of ctx.history) rows.push([t("dealN", { n: deal.number }), ...deal.points.map((p) => (p ? `+${p}` : ""))]);
  return [
    sheet(sideHead(ctx), rows, { id: "score" }),
    facts([[t("target"), String(m.target)], [t("tricksPlayed"), String(ctx.view.tricks_played)]], { id: "sheet-facts" }),
    h("h3", {}, t("piles")),
    h("div", { class: "piles", id: "piles" }, piles(ctx)),
  ];
}

/** The deal's result in the rules' words (1.9): each player's card points, what they come
 *  from (cards won face up or face down, hearts and court cards), and the difference scored. */
function result(deal, ctx) {
  const r = deal.result;
  const pileLine = t("ccCardPoints", { list: r.pile_points.map((p, i) => `${ctx.name(i)} ${p}`).join(" · ") });
  const counts = r.face_up.map((up, i) => t("ccCardsWon", { name: ctx.name(i), up, down: r.face_down[i] })).join(" · ");
  const values = t("ccValues");
  if (r.winner === null || r.winner === undefined) return [t("equalPiles"), pileLine, counts, values];
  const [high, low] = r.winner === 0 ? r.pile_points : [...r.pile_points].reverse();
  const headline = sideSay(ctx, "ccScore", r.winner, { n: r.points[r.winner] });
  return [headline, pileLine, t("ccDifference", { high, low, n: r.points[r.winner] }), counts, values];
}

export default {
  badge: leadBadge,
  centre,
  controls,
  sheet: scoreSheet,
  // Cards won so far stand for the trick count: a pile grows by each trick its owner takes.
  scoreline: (ctx) => ({
    score: ctx.view.match.points,
    scoreLabel: t("points"),
    tricks: (ctx.view.piles || []).map((p) => p.face_up.length + p.face_down),
    tricksLabel: t("cardsWon"),
  }),
  result,
  facts: (ctx) => [[t("dealerLabel"), ctx.name(ctx.view.dealer)]],
};
