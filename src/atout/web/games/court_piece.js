// Court Piece: the trump call from five cards, points to the target (simple)
// or courts and series (classic), and the deal's result in words.
import { sortCards } from "../cards.js";
import { SUITS, actionButton, badge, facts, h, pretty, sheet, sideHead, sideSay, suitName, t } from "./common.js";

function trumpBadge(ctx) {
  const { view, name } = ctx;
  if (view.trump) {
    // Who named it matters (a bot's choice tells about its hand): say it beside the suit.
    const by = view.caller === null || view.caller === undefined ? "" : ` · ${t("namedBy", { name: name(view.caller) })}`;
    return badge(t("trump"), `${SUITS[view.trump]} ${suitName(view.trump)}${by}`, { id: "trump-badge", class: `felt-badge suit-${view.trump}` });
  }
  if (view.caller === null || view.caller === undefined) return null;
  const who = view.caller === ctx.me ? t("youChoose") : t("callerChoosing", { name: name(view.caller) });
  return badge(t("trump"), who, { id: "trump-badge" });
}

/** Four suit buttons, each with how many of the five cards are of that suit. */
function trumpCall(ctx) {
  const calls = ctx.view.legal.filter((a) => a.startsWith("trump "));
  if (!calls.length) return null;
  const count = (suit) => ctx.view.hand.filter((c) => c[1] === suit).length;
  return h(
    "div",
    { class: "trump-call", id: "trump-call" },
    h("p", {}, t("chooseTrump")),
    h(
      "div",
      { class: "suit-buttons" },
      calls.map((action) => {
        const suit = action.slice(-1);
        return actionButton(ctx, action, [h("span", { class: `suit-symbol suit-${suit}` }, SUITS[suit]), ` ${suitName(suit)} `, h("small", {}, `(${count(suit)})`)], {
          className: "suit-button",
        });
      }),
    ),
  );
}

function pointsWord(n) {
  return n === 1 ? t("onePoint") : t("nPoints", { n });
}

function historyRows(ctx, cell) {
  return ctx.history.map((deal) => {
    const cells = [0, 1].map((side) => (deal.result.winner === side ? cell(deal, side) : ""));
    return [t("dealN", { n: deal.number }), ...cells];
  });
}

function simpleSheet(ctx) {
  const m = ctx.view.match;
  const rows = [
    [t("points"), ...m.points.map(String)],
    [t("tricksThisDeal"), ...ctx.view.tricks_won.map(String)],
    ...historyRows(ctx, (deal, side) => (deal.result.bavney ? `${t("bavney")} +${deal.points[side]}` : `+${deal.points[side]}`)),
  ];
  return [sheet(sideHead(ctx), rows, { id: "score" }), facts([[t("target"), String(m.target)], [t("dealsPlayed"), String(m.deals)]], { id: "sheet-facts" })];
}

function session(m) {
  const end = m.session_end;
  if (!end) return t("sessionOpen");
  if (end.deals) return t("sessionDeals", { n: end.deals });
  if (end.minutes) return t("sessionMinutes", { n: end.minutes });
  return "";
}

function courtsSheet(ctx) {
  const m = ctx.view.match;
  const rows = [
    [t("courts"), ...m.courts.map(String)],
    [t("series"), ...m.series.map((n) => `${n} / 7`)],
    [t("tricksThisDeal"), ...ctx.view.tricks_won.map(String)],
    ...historyRows(ctx, (deal) => (deal.result.court ? t("court") : t("dealWon"))),
  ];
  return [sheet(sideHead(ctx), rows, { id: "score" }), facts([[t("dealsPlayed"), String(m.deals)], [t("session"), session(m)]], { id: "sheet-facts" })];
}

function result(deal, ctx) {
  const r = deal.result;
  const w = r.winner;
  const [mine, theirs] = [r.tricks_won[w], r.tricks_won[1 - w]];
  // Each count beside its side's name: a bare "7–4" left people asking whose seven.
  const tricks = t("tricksBySide", { a: ctx.sideName(w), n: mine, b: ctx.sideName(1 - w), m: theirs });
  const score = `${tricks} · ${t("trump")} ${SUITS[r.trump]} (${t("namedBy", { name: ctx.name(r.caller) })})`;
  if ("court" in r) {
    if (r.revoke_claimed_by !== undefined && r.revoke_claimed_by !== null) return [sideSay(ctx, "cpCourt", w), t("courtRevoke"), score];
    if (r.court) return [sideSay(ctx, "cpCourt", w), theirs === 0 ? t("courtFirstSeven") : t("courtSeries"), score];
    const series = ctx.view.match.series ?? [];
    return [sideSay(ctx, "cpWon", w, { tricks: t("tricksTo", { n: mine, m: theirs }) }), t("labelled", { label: t("series"), text: series.map((n, i) => `${ctx.sideName(i)} ${n}`).join(" · ") })];
  }
  if (r.bavney) return [sideSay(ctx, "cpBavney", w, { points: pointsWord(deal.points[w]) }), score];
  return [sideSay(ctx, "cpMade", w, { tricks: mine, points: pointsWord(deal.points[w]) }), score];
}

/** The trump a line of a deal was played in, and who named it, for Play it again: Hard's line
 *  and the person's may differ, and the result's first line does not say it. */
function lineFacts(deal, ctx) {
  const r = deal.result;
  return r?.trump ? `${t("trump")} ${SUITS[r.trump]} (${t("namedBy", { name: ctx.name(r.caller) })})` : null;
}

/** Honour mode: take back a renege (or a card played after one), or claim a revoke. */
function honourControls(ctx) {
  const anytime = ctx.view.out_of_turn || [];
  if (!anytime.length) return null;
  const corrections = anytime.filter((a) => a.startsWith("correct "));
  return h(
    "div",
    { class: "honour", id: "honour" },
    corrections.length ? h("span", {}, t("correctPrompt"), " ") : null,
    corrections.map((a) => actionButton(ctx, a, [t("playInstead"), " ", h("span", { class: `suit-${a.slice(-1)}` }, pretty(a.slice(8)))], { className: "correct" })),
    anytime.includes("claim revoke") ? actionButton(ctx, "claim revoke", t("claimRevoke"), { className: "claim-revoke", title: t("claimRevokeTitle") }) : null,
  );
}

/** Seed 003 plays anticlockwise ("on joue vers la droite"): the next seat sits on your right. */
function anticlockwise(options) {
  return options?.variant === "courts";
}

export default {
  badge: trumpBadge,
  scoreline: (ctx) => ({ score: ctx.view.match.courts ? ctx.view.match.courts : ctx.view.match.points, scoreLabel: ctx.view.match.courts ? t("courts") : t("points"), tricks: ctx.view.tricks_won }),
  anticlockwise,
  // The five cards of the trump call come in deal order; show them sorted like the full hand.
  handOrder: (cards, ctx) => (ctx.view.phase === "trump" ? sortCards(cards) : cards),
  controls: (ctx) => (ctx.view.phase === "trump" ? trumpCall(ctx) : honourControls(ctx)),
  sheet: (ctx) => (ctx.view.match.courts ? courtsSheet(ctx) : simpleSheet(ctx)),
  result,
  lineFacts,
  facts: (ctx) => [
    [t("dealerLabel"), ctx.name(ctx.view.dealer)],
    [t("trumpCaller"), ctx.view.caller === null ? null : ctx.name(ctx.view.caller)],
  ],
};
