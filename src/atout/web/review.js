// The review of a finished deal, over the table: every hand as dealt, the tricks with the
// player's costly cards marked and the better cards named, the side's double-dummy result,
// the contract's makeability and, in bridge, par and the DD table. A click on a trick shows
// the hands as they were once it closed. The server judges (GET .../deals/{k}/review);
// this module only draws its answer. "Play it again" shows the same deal played from the
// start by Hard in the player's seat beside the player's own line, trick by trick
// (GET .../deals/{k}/again); "Replay it yourself" opens a new table with the same cards.
import { api } from "./api.js";
import { SUITS, pretty, rankLabel, sortCards } from "./cards.js";
import { contractText } from "./games/common.js";
import { t } from "./i18n/index.js";
import { h } from "./lobby.js";
import { patch } from "./morph.js";

const SEAT_LETTERS = "NESW";

/** A bridge seat's letter as the table writes it ("O" for West in French). */
const letter = (code) => t(`letter${code}`);

/** A par contract from the solver ("2♠S+1", "3NTEW=") in the table's words ("3SA E-O=" in French). */
export function parText(code) {
  const m = /^(\d)(♠|♥|♦|♣|NT)(X{0,2})([NESW]+)(.*)$/.exec(code);
  if (!m) return code;
  const who = m[4].length === 2 ? t(m[4] === "NS" ? "pairNS" : "pairEW") : letter(m[4]);
  return `${m[1]}${m[2] === "NT" ? t("nt") : m[2]}${m[3]} ${who}${m[5]}`;
}

/** Cards grouped by suit as text ("♠ A K 7 ♥ Q 3", "♠ A R 7 ♥ D 3" in French): four hands fit a
 * phone's width. */
export function handText(cards) {
  const groups = new Map(["JK", "S", "H", "D", "C"].map((suit) => [suit, []]));
  for (const card of sortCards(cards).reverse()) {
    // Ranks as the page's language writes them (R D V in French), the Joker by its name.
    groups.get(card === "JK" ? "JK" : card[1]).push(card === "JK" ? t("jokerName") : rankLabel(card));
  }
  return [...groups].filter(([, ranks]) => ranks.length).map(([suit, ranks]) =>
    h("span", { class: `suit-group ${suit === "H" || suit === "D" ? "red" : ""}` }, suit === "JK" ? "" : SUITS[suit], " ", ranks.join(" ")),
  );
}

/** The first word of an action is the card it puts down ("JK H" names a suit for the joker). */
const cardOf = (action) => action.split(" ")[0];

/**
 * Open the review of deal `deal` (from 0) of table `tableId` over the page.
 * `name(seat)` labels seats as the table does; `boards`: the table counts boards (duplicate
 * bridge), so the title does too. Returns a function that closes it.
 */
export function openReview({ tableId, deal, boards = false, token, name, seat = null, again = false, resultText = null, onReplay = null }) {
  const s = { data: null, message: "", step: 0, trick: null, closed: false, again, againData: null, againMessage: "", asked: false, replaying: false };
  const backdrop = h("div", { class: "review-backdrop", id: "review" });
  const close = () => {
    s.closed = true;
    backdrop.remove();
    document.removeEventListener("keydown", onKey);
  };
  const onKey = (event) => {
    if (event.key === "Escape") close();
  };
  backdrop.addEventListener("click", (event) => {
    if (event.target === backdrop) close();
  });
  document.addEventListener("keydown", onKey);
  document.body.append(backdrop);

  const unit = (n) => t(`review${s.data?.unit === "points" ? "Points" : "Tricks"}${n === 1 ? "1" : ""}`, { n });

  function summary(data) {
    const lines = [];
    const start = data.start;
    if (!start.solved) lines.push(t("reviewStartNotSolved", { reason: start.reason }));
    else if ("set" in start) lines.push(t(start.set ? "reviewMisereSet" : "reviewMisereSafe"));
    else lines.push(t("reviewStart", { tricks: start.tricks, of: start.of }));
    const c = data.contract;
    if (c && "makes" in c) {
      const contract = data.game === "bridge" ? contractText(c.contract) : pretty(c.contract || "");
      lines.push("needs" in c ? t(c.makes ? "reviewMakes" : "reviewDown", { contract, tricks: c.tricks, needs: c.needs }) : t(c.makes ? "reviewMisereMakes" : "reviewMisereDown", { contract }));
    }
    if (data.judged) lines.push(data.cost ? t("reviewCost", { cost: unit(data.cost), judged: data.judged }) : t("reviewNoCost", { judged: data.judged }));
    else if (!data.not_solved) lines.push(t("reviewNothing"));
    if (data.not_solved) lines.push(t("reviewUnsolved", { n: data.not_solved }));
    if (data.par) lines.push(t("reviewPar", { score: data.par.score > 0 ? `+${data.par.score}` : data.par.score < 0 ? `−${-data.par.score}` : "0", contracts: data.par.contracts.map(parText).join(", ") }));
    return h("div", { id: "review-summary" }, lines.map((line) => h("p", {}, line)));
  }

  function ddTable(data) {
    const table = data.dd_table;
    if (!table) return null;
    const strains = Object.keys(table);
    const seats = Object.keys(table[strains[0]]);
    const label = (seat) => (data.game === "bridge" ? letter(seat) : name(Number(seat)));
    const strainLabel = (strain) => SUITS[strain] || (strain === "NT" ? t("nt") : strain);
    return h(
      "table",
      { class: "dd-table", id: "review-dd-table" },
      h("caption", {}, t("reviewDDTable")),
      h("tr", {}, h("th", {}, ""), strains.map((strain) => h("th", { class: strain === "H" || strain === "D" ? "red" : "" }, strainLabel(strain)))),
      seats.map((seat) => h("tr", {}, h("th", {}, label(seat)), strains.map((strain) => h("td", {}, String(table[strain][seat]))))),
    );
  }

  function hands(data) {
    const step = data.steps[s.step];
    const caption = s.trick === null ? t("reviewHandsDealt") : t("reviewHandsAfter", { n: s.trick + 1 });
    const rows = step.map((cards, seat) =>
      h("div", { class: `review-hand ${seat === data.seat ? "mine" : ""}`, "data-seat": seat }, h("span", { class: "review-who" }, data.game === "bridge" ? `${letter(SEAT_LETTERS[seat])} · ${name(seat)}` : name(seat)), h("span", { class: "review-cards" }, cards.length ? handText(cards) : "—")),
    );
    const kitty = s.step === 0 && data.layout.kitty ? h("div", { class: "review-hand" }, h("span", { class: "review-who" }, t("reviewKitty")), h("span", { class: "review-cards" }, handText(data.layout.kitty))) : null;
    return h(
      "div",
      { id: "review-hands" },
      h("h3", {}, caption, s.trick === null ? null : h("button", { id: "review-dealt", class: "link", onclick: () => show(null) }, t("reviewDealt"))),
      rows,
      kitty,
    );
  }

  /** The seat's decisions by trick and card, to mark them in the trick history. */
  function judgedCards(data) {
    const out = new Map();
    for (const d of data.decisions) out.set(`${d.trick}:${cardOf(d.action)}`, d);
    return out;
  }

  function tricks(data) {
    const judged = judgedCards(data);
    const n = data.steps[0].length;
    const rows = data.tricks.map((trick, k) =>
      h(
        "li",
        {
          class: `review-trick ${s.trick === k ? "current" : ""}`,
          "data-trick": k + 1,
          tabindex: 0,
          role: "button",
          "aria-label": t("reviewTrickN", { n: k + 1 }),
          onclick: () => show(k),
          onkeydown: (event) => (event.key === "Enter" || event.key === " ") && (event.preventDefault(), show(k)),
        },
        h("span", { class: "review-n" }, String(k + 1)),
        trick.cards.map((card, i) => {
          const seat = (trick.leader + i) % n;
          const d = judged.get(`${k + 1}:${card}`);
          const costly = d?.solved && d.cost > 0;
          const title = costly ? t("reviewCostlyTitle", { cost: unit(d.cost), better: d.better.map(pretty).join(", ") }) : undefined;
          return h(
            "span",
            { class: `review-card ${seat === trick.winner ? "winner" : ""} ${costly ? "costly" : ""} ${card[1] === "H" || card[1] === "D" ? "red" : ""}`, title, "data-card": card },
            h("small", {}, data.game === "bridge" ? letter(SEAT_LETTERS[seat]) : name(seat)),
            " ",
            pretty(card),
            costly ? h("sup", {}, `−${d.cost}`) : null,
          );
        }),
      ),
    );
    return h("div", { id: "review-trick-list" }, h("h3", {}, t("reviewTrickHistory")), h("ol", { class: "review-tricks", id: "review-tricks" }, rows));
  }

  function costly(data) {
    const found = data.decisions.filter((d) => d.solved && d.cost > 0);
    if (!found.length) return null;
    return h(
      "div",
      { id: "review-costly" },
      h("h3", {}, t("reviewCostly")),
      h(
        "ul",
        {},
        found.map((d) => h("li", {}, t("reviewCostlyLine", { trick: d.trick, card: pretty(d.action), cost: unit(d.cost), better: d.better.map(pretty).join(", ") }))),
      ),
    );
  }

  /** Show the hands once trick `k` closed (null: as dealt). */
  function show(k) {
    s.trick = k;
    s.step = k === null ? 0 : s.data.trick_ends[k];
    render();
  }

  /** One line's result in words (the table's own wording when it gave one); in rubber
   * bridge, with what it is worth on the sheet for the seat's side (what the verdict compares). */
  function lineResult(line, side = 0, hardSeat = null) {
    const words = resultText?.(line, hardSeat);
    const text = words?.length ? words[0] : line.points.join(" / ");
    if (!line.counted) return text;
    const n = line.counted[side] - line.counted[1 - side];
    return `${text} ${t("againCountedAs", { n: n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0" })}`;
  }

  function lineCards(trick, n, data, label) {
    if (!trick) return h("td", { class: "again-none", "data-label": label }, "—");
    return h(
      "td",
      { "data-label": label },
      trick.cards.map((card, i) => {
        const seat = (trick.leader + i) % n;
        return h(
          "span",
          { class: `review-card ${seat === trick.winner ? "winner" : ""} ${seat === data.seat ? "mine" : ""} ${card[1] === "H" || card[1] === "D" ? "red" : ""}`, "data-card": card },
          h("small", {}, data.game === "bridge" ? letter(SEAT_LETTERS[seat]) : name(seat)),
          " ",
          pretty(card),
        );
      }),
    );
  }

  /** The player's line and Hard's, trick by trick, with both results. */
  function againPanel() {
    const data = s.againData;
    if (!data) return h("p", { id: "again-status", role: "status" }, s.againMessage || t("againLoading"));
    const n = data.layout.hands?.length || data.bots.length;
    const diff = data.difference;
    const verdict = diff > 0 ? t("againHardBetter", { n: diff }) : diff < 0 ? t("againYouBetter", { n: -diff }) : t("againSame");
    return h(
      "div",
      { id: "again" },
      h(
        "div",
        { id: "again-summary" },
        h("p", { id: "again-mine" }, h("strong", {}, t("againYou")), " ", lineResult(data.mine, data.side)),
        h("p", { id: "again-hard" }, h("strong", {}, t("againHard")), " ", lineResult(data.hard, data.side, data.seat)),
        h("p", { id: "again-verdict", class: "headline" }, verdict),
        data.counted === "rubber standing" ? h("p", { id: "again-counted", class: "help" }, t("againRubber")) : null,
        h("p", { class: "help" }, t("againNote"), " ", t("againTime", { s: data.seconds.toFixed(1) })),
      ),
      h(
        "table",
        { class: "again-table", id: "again-tricks" },
        h("caption", {}, t("againTricks")),
        h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, t("againYou")), h("th", { scope: "col" }, t("againHard"))),
        data.tricks.map((row, k) => h("tr", { "data-trick": k + 1 }, h("th", { scope: "row" }, String(k + 1)), lineCards(row.mine, n, data, t("againYou")), lineCards(row.hard, n, data, t("againHard")))),
      ),
    );
  }

  function askAgain() {
    s.again = true;
    render();
    if (s.asked) return;
    s.asked = true;
    const query = seat === null ? "" : `?seat=${seat}`;
    api(`/api/tables/${encodeURIComponent(tableId)}/deals/${deal}/again${query}`, { token })
      .then((data) => {
        s.againData = data;
        render();
      })
      .catch((error) => {
        s.againMessage = `${t("error")}: ${error.message}`;
        s.asked = false;
        render();
      });
  }

  async function replayYourself() {
    if (s.replaying) return;
    s.replaying = true;
    try {
      const table = await api(`/api/tables/${encodeURIComponent(tableId)}/deals/${deal}/replay`, { method: "POST", token });
      close();
      onReplay(table.id);
    } catch (error) {
      s.replaying = false;
      s.againMessage = `${t("error")}: ${error.message}`;
      s.message = s.againMessage;
      render();
    }
  }

  function actions() {
    return h(
      "nav",
      { class: "review-actions" },
      s.again
        ? h("button", { id: "review-back", onclick: () => { s.again = false; render(); } }, t("againBack"))
        : h("button", { id: "review-again", class: "primary", onclick: askAgain }, t("playAgain")),
      onReplay ? h("button", { id: "review-replay", onclick: replayYourself, disabled: s.replaying }, t("replayYourself")) : null,
      s.replaying ? null : s.again || !s.message ? null : h("span", { role: "status" }, s.message),
    );
  }

  function render() {
    if (s.closed) return;
    const data = s.data;
    const body = s.again
      ? [actions(), againPanel()]
      : data
        ? [actions(), summary(data), h("div", { class: "review-grid" }, h("div", {}, hands(data), ddTable(data)), h("div", {}, tricks(data), costly(data)))]
        : [h("p", { id: "review-status", role: "status" }, s.message || t("reviewLoading"))];
    // Patched: a trick chosen by keyboard keeps the focus while the hands change beside it.
    patch(backdrop, [
      h(
        "section",
        { class: "review", role: "dialog", "aria-modal": "true", "aria-label": t(boards ? "reviewBoardTitle" : "reviewTitle", { n: deal + 1 }) },
        h("header", {}, h("h2", {}, t(boards ? "reviewBoardTitle" : "reviewTitle", { n: deal + 1 })), h("button", { id: "review-close", "aria-label": t("close"), onclick: close }, "×")),
        body,
      ),
    ]);
  }

  render();
  if (s.again) askAgain();
  const query = seat === null ? "" : `?seat=${seat}`;
  api(`/api/tables/${encodeURIComponent(tableId)}/deals/${deal}/review${query}`, { token })
    .then((data) => {
      s.data = data;
      render();
    })
    .catch((error) => {
      s.message = `${t("error")}: ${error.message}`;
      render();
    });
  return close;
}
