// Small pieces shared by the per-game renderers: tables, buttons, words for
// sides and contracts. A renderer receives a `ctx` from table.js:
//   { view, frame, table, n, me, name(seat), sideName(side), sideOf(seat),
//     act(action), ui (page-lifetime scratch state), render(), history, hint, picked }
import { SUITS, cardSvg, pretty } from "../cards.js";
import { t } from "../i18n/index.js";
import { h } from "../lobby.js";

export { h, t, pretty, SUITS, cardSvg };

/** "+450", "−100" (a true minus sign), "0". */
export function signed(n) {
  if (n > 0) return `+${n}`;
  if (n < 0) return `−${-n}`;
  return "0";
}

/** A number as a table cell shows it (negative with a true minus sign). */
export function num(n) {
  return n < 0 ? `−${-n}` : String(n);
}

/** The suit's name in words ("spades", "piques"). */
export function suitName(letter) {
  return t(`suit${letter}`);
}

/** A bid or contract in symbols: "4S" → "4♠", "7NTXX" → "7NT XX", "misere" → "Misère". */
export function contractText(code) {
  if (!code) return t("none");
  if (code === "misere") return t("misere");
  if (code === "open-misere") return t("openMisere");
  const m = /^(\d+)(S|H|D|C|NT)(X{0,2})$/.exec(code);
  if (!m) return pretty(code);
  return `${m[1]}${SUITS[m[2]] || t("nt")}${m[3] ? ` ${m[3]}` : ""}`;
}

/** Words about a side, from where the viewer sits: key_we, key_they, or key_other with {side}. */
export function sideSay(ctx, key, side, vars = {}) {
  if (ctx.me !== null && ctx.sideOf(ctx.me) === side) return t(`${key}_we`, vars);
  if (ctx.me !== null && ctx.n === 4) return t(`${key}_they`, vars);
  return t(`${key}_other`, { ...vars, side: ctx.sideName(side) });
}

/** A small table: `head` is the column titles, each row [label, ...cells]. */
export function sheet(head, rows, attrs = {}) {
  return h(
    "table",
    { class: "score", ...attrs },
    h("thead", {}, h("tr", {}, head.map((cell) => h("th", {}, cell)))),
    // A number cell is written with a true minus sign when negative.
    h("tbody", {}, rows.map((row) => (row instanceof Node ? row : h("tr", {}, h("th", {}, row[0]), row.slice(1).map((c) => h("td", {}, typeof c === "number" ? num(c) : c)))))),
  );
}

/** One row per side header: ["", Us, Them] or the players' names. */
export function sideHead(ctx, sides = 2) {
  return ["", ...Array.from({ length: sides }, (_, i) => ctx.sideName(i))];
}

/** Label/value pairs as a definition list. */
export function facts(pairs, attrs = {}) {
  return h(
    "dl",
    { class: "facts", ...attrs },
    pairs.filter(([, v]) => v !== null && v !== undefined && v !== "").map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)]),
  );
}

/** A button that sends a legal action (tests and the hint find it by data-action). */
export function actionButton(ctx, action, label, { className = "", enabled = true, title } = {}) {
  return h(
    "button",
    {
      class: `action ${className} ${ctx.hint === action ? "hinted" : ""}`.trim(),
      "data-action": action,
      disabled: !enabled,
      title,
      onclick: () => ctx.act(action),
    },
    label ?? pretty(action),
  );
}

/** A labelled badge on the felt (trump, contract, lead). */
export function badge(label, value, attrs = {}) {
  return h("span", { class: "felt-badge", ...attrs }, h("small", {}, label), " ", h("strong", {}, value));
}

/** The auction as a table: one column per seat (0..n-1), the first call under its caller. */
export function auctionTable(auction, n, label, explain = () => null) {
  const rows = [];
  let row = [];
  if (!auction.length) return null;
  // Each call in its seat's column: in Five Hundred a seat that passed is out of the
  // auction and skipped, so the calls of a round do not fill every column.
  const close = () => {
    while (row.length < n) row.push(h("td", {}));
    rows.push(h("tr", {}, row));
    row = [];
  };
  auction.forEach(([seat, call], i) => {
    if (seat < row.length) close();
    while (row.length < seat) row.push(h("td", {}));
    const meaning = explain(i, call);
    row.push(
      h(
        "td",
        { class: meaning ? "explained" : "", title: meaning || undefined, tabindex: meaning ? "0" : undefined },
        call === "pass" ? t("passShort") : contractText(call),
        meaning ? h("span", { class: "meaning" }, meaning) : null,
      ),
    );
    if (row.length === n) close();
  });
  if (row.length) close();
  return h(
    "table",
    { class: "auction", id: "auction" },
    h("thead", {}, h("tr", {}, Array.from({ length: n }, (_, i) => h("th", {}, label(i))))),
    h("tbody", {}, rows),
  );
}
