// The lobby: pick a game, its options (from the API, with their ranges), fill
// the seats with people or bots, and see the open tables.
import { api, playerName, saveSeat, setPlayerName } from "./api.js";
import { errorText, t } from "./i18n/index.js";
import { choiceLabel, gameName, levelName, optionLabel, optionWords } from "./i18n/words.js";
import { learnPanel } from "./learn.js";

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children.flat(Infinity).filter((c) => c !== null && c !== undefined));
  return node;
}
export { h };

function preferredBot(bots) {
  for (const name of ["medium", "greedy", "easy", "hard"]) if (bots.includes(name)) return name;
  return bots[bots.length - 1];
}

/** The input of one option, from its declaration (type, default, range or choices). */
function optionInput(spec) {
  const id = `opt-${spec.name}`;
  let input;
  let extra = null;
  if (spec.type === "bool") {
    input = h("input", { type: "checkbox", id, "data-option": spec.name });
    input.checked = !!spec.default;
  } else if (spec.type === "session") {
    // A session's length in words: a number, then deals or minutes.
    const [unit, amount] = Object.entries(spec.default)[0];
    input = h("input", { type: "number", id, min: spec.units[unit].min, max: spec.units[unit].max, value: amount, "data-option": spec.name, inputmode: "numeric" });
    extra = h(
      "select",
      { id: `${id}-unit`, "aria-label": t("sessionUnit") },
      Object.keys(spec.units).map((u) => h("option", { value: u }, t(`unit_${u}`))),
    );
    extra.value = unit;
    extra.addEventListener("change", () => {
      input.min = spec.units[extra.value].min;
      input.max = spec.units[extra.value].max;
    });
  } else if (spec.type === "seat") {
    input = h("select", { id, "data-option": spec.name });
    input.append(h("option", { value: "" }, t("atRandom")));
    for (const v of spec.choices) input.append(h("option", { value: String(v) }, t("seat", { n: v + 1 })));
    input.value = spec.default === null ? "" : String(spec.default);
  } else if (spec.type === "choice") {
    input = h("select", { id, "data-option": spec.name });
    for (const v of spec.choices) input.append(h("option", { value: String(v) }, choiceLabel(spec.name, v)));
    input.value = String(spec.default);
  } else {
    input = h("input", { type: "number", id, min: spec.min, max: spec.max, value: spec.default ?? "", placeholder: spec.nullable ? t("none") : undefined, "data-option": spec.name, inputmode: "numeric" });
  }
  const label = h("label", { for: id, title: optionWords(spec.name, spec.words) || undefined }, optionLabel(spec.name));
  const hint = spec.min !== undefined && spec.min !== null ? h("small", {}, ` ${spec.min}–${spec.max}`) : null;
  const field = extra ? h("span", { class: "session-input" }, input, extra) : input;
  return h("div", { class: "option", "data-requires": spec.requires ? JSON.stringify(spec.requires) : null }, label, hint, field);
}

/** The value of one option's input, or a sentence saying what it takes. */
function readValue(spec, input, form) {
  if (spec.type === "bool") return input.checked;
  if (spec.type === "session") {
    const unit = form.querySelector(`#opt-${spec.name}-unit`).value;
    const { min, max } = spec.units[unit];
    const amount = Number(input.value);
    if (!input.value.trim() || !Number.isInteger(amount) || amount < min || amount > max)
      throw new Error(t("badSession", { name: optionLabel(spec.name), min, max, unit: t(`unit_${unit}`) }));
    return { [unit]: amount };
  }
  if (input.value === "") {
    if (spec.nullable) return null;
    throw new Error(t("badNumber", { name: optionLabel(spec.name), min: spec.min, max: spec.max }));
  }
  if (spec.type === "seat") return Number(input.value);
  if (spec.type === "choice") return typeof spec.default === "number" ? Number(input.value) : input.value;
  const n = Number(input.value);
  if (!Number.isInteger(n) || n < spec.min || n > spec.max) throw new Error(t("badNumber", { name: optionLabel(spec.name), min: spec.min, max: spec.max }));
  return n;
}

function readOptions(form, game) {
  const options = {};
  for (const spec of game.options) {
    const wrap = form.querySelector(`#opt-${spec.name}`)?.closest(".option");
    if (!wrap || wrap.hidden) continue;
    const value = readValue(spec, wrap.querySelector("[data-option]"), form);
    if (JSON.stringify(value) !== JSON.stringify(spec.default)) options[spec.name] = value;
  }
  return options;
}

function refreshRequirements(form) {
  for (const wrap of form.querySelectorAll(".option[data-requires]")) {
    const needs = JSON.parse(wrap.dataset.requires);
    wrap.hidden = !Object.entries(needs).every(([name, value]) => {
      const input = form.querySelector(`#opt-${name}`);
      return input && (input.type === "checkbox" ? input.checked === value : input.value === String(value));
    });
  }
}

export async function renderLobby(root, navigate) {
  const games = await api("/api/games");
  const status = h("p", { class: "status", role: "status" });
  const gameSelect = h("select", { id: "game", name: "game" }, games.map((g) => h("option", { value: g.id }, gameName(g.id, g.title))));
  const optionsBox = h("fieldset", { class: "options" });
  const seatsBox = h("fieldset", { class: "seats" });
  const nameInput = h("input", { id: "name", value: playerName(), maxlength: 24, autocomplete: "nickname" });
  const form = h(
    "form",
    { class: "card-panel new-table", id: "new-table", novalidate: true },
    h("h2", {}, t("newTable")),
    h("label", { for: "game" }, t("game")),
    gameSelect,
    optionsBox,
    seatsBox,
    h("label", { for: "name" }, t("yourName")),
    nameInput,
    h("button", { type: "submit", class: "primary", id: "create" }, t("create")),
    status,
  );
  const current = () => games.find((g) => g.id === gameSelect.value);
  const fill = () => {
    const game = current();
    optionsBox.replaceChildren(h("legend", {}, t("options")), ...game.options.map(optionInput));
    refreshRequirements(form);
    const choices = ["human", ...game.bots.map((b) => `bot:${b}`)];
    const best = `bot:${preferredBot(game.bots)}`;
    const home = game.home_seat ?? 0;
    const seatName = (i) => (game.id === "bridge" ? t(`compass${"NESW"[i]}`) : t("seat", { n: i + 1 }));
    seatsBox.replaceChildren(
      h("legend", {}, t("seats")),
      ...Array.from({ length: game.players }, (_, i) =>
        h(
          "div",
          { class: "seat-choice" },
          h("label", { for: `seat-${i}` }, i === home ? `${seatName(i)} (${t("you")})` : seatName(i)),
          (() => {
            const select = h(
              "select",
              { id: `seat-${i}`, disabled: i === home },
              choices.map((c) => h("option", { value: c }, c === "human" ? t("human") : t("bot", { name: levelName(c.slice(4)) }))),
            );
            select.value = i === home ? "human" : best;
            return select;
          })(),
        ),
      ),
    );
  };
  gameSelect.addEventListener("change", fill);
  optionsBox.addEventListener("change", () => refreshRequirements(form));
  fill();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const game = current();
    try {
      setPlayerName(nameInput.value.trim());
      const seats = Array.from({ length: game.players }, (_, i) => form.querySelector(`#seat-${i}`).value);
      const table = await api("/api/tables", {
        method: "POST",
        body: { game: game.id, options: readOptions(form, game), seats, sit: game.home_seat ?? 0, name: nameInput.value.trim() || undefined },
      });
      saveSeat(table.id, table.seat, table.token);
      navigate(`/t/${table.id}`);
    } catch (error) {
      status.textContent = `${t("error")}: ${errorText(error)}`;
    }
  });

  const list = h("ul", { class: "tables", id: "open-tables" });
  const tables = await api("/api/tables");
  if (!tables.length) list.append(h("li", {}, t("noTables")));
  for (const table of tables) {
    const free = table.seats.filter((s) => !s.taken).length;
    const people = table.seats.filter((s) => s.kind === "human" && s.name).map((s) => s.name).join(", ");
    list.append(
      h(
        "li",
        {},
        h("strong", {}, gameName(table.game, table.title)),
        ` · ${t(table.status === "waiting" ? "open" : "playing")} · ${people || ""} `,
        h("a", { href: `/t/${table.id}`, "data-link": "1", class: "button" }, free ? t("join") : t("watch")),
      ),
    );
  }
  root.replaceChildren(
    h(
      "section",
      { class: "lobby" },
      form,
      h("section", { class: "card-panel" }, h("h2", {}, t("openTables")), list),
      learnPanel(games),
      h("section", { class: "card-panel" }, h("h2", {}, t("replay")), h("p", {}, t("replayIntro")), h("a", { href: "/replay", "data-link": "1", class: "button", id: "replay-link" }, t("openReplay"))),
    ),
  );
}
