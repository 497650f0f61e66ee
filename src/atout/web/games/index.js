// Which renderer draws a game's own parts (score sheet, result words, phase
// controls, badges). table.js stays generic and asks the renderer; a game
// without one gets the generic parts below.
import bridge from "./bridge.js";
import courtCircular from "./court_circular.js";
import courtPiece from "./court_piece.js";
import fiveHundred from "./five_hundred.js";
import { num, sheet, sideHead, t } from "./common.js";

const RENDERERS = {
  "court-piece": courtPiece,
  "five-hundred": fiveHundred,
  bridge,
  "court-circular": courtCircular,
};

/** The generic score sheet: each per-side list of the match view as a row. */
function genericSheet(ctx) {
  const match = ctx.view.match || {};
  const sides = match.totals?.length || 2;
  const rows = Object.entries(match)
    .filter(([, v]) => Array.isArray(v) && v.length === sides && v.every((x) => typeof x === "number"))
    .map(([k, v]) => [k.replaceAll("_", " "), ...v.map(num)]);
  return sheet(sideHead(ctx, sides), rows, { id: "score" });
}

function genericResult(deal, ctx) {
  return [t("labelled", { label: t("points"), text: deal.points.map((p, i) => `${ctx.sideName(i)} ${num(p)}`).join(" · ") })];
}

const GENERIC = {
  sheet: genericSheet,
  result: genericResult,
  badge: () => null,
  controls: () => null,
  facts: () => [],
};

/** The renderer of a game, generic parts filling what it leaves out. */
export function rendererFor(game) {
  return { ...GENERIC, ...(RENDERERS[game] || {}) };
}
