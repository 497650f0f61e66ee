// The lobby: one click to play a game against bots or to invite friends, your own running
// games first, the rules and seats in words for those who want to choose, the open tables.
import { api, forgetSeat, playerName, saveSeat, savedTables, setPlayerName } from "./api.js";
import { has, t } from "./i18n/index.js";
import { gameName, seatLabel } from "./i18n/words.js";
import { learnPanel } from "./learn.js";
import { botName, personName } from "./names.js";
import { on } from "./morph.js";
import { BOT_SPEEDS, botSpeed, setBotSpeed } from "./prefs.js";

/** An element: attributes, `on<type>` handlers (kept where morph.js can swap them), children. */
function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) {
      if (v) on(node, k.slice(2), v);
    } else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children.flat(Infinity).filter((c) => c !== null && c !== undefined));
  return node;
}
export { h };

// The levels a person chooses from; the other bots (random, greedy) stay for the API and tests.
const LEVELS = ["easy", "medium", "hard"];
const RESUMED = 8; // saved seats looked up for "Your games"

/** The levels this game offers, easiest first (all its bots if it has none of the three). */
function levelsOf(game) {
  const levels = LEVELS.filter((l) => game.bots.includes(l));
  return levels.length ? levels : game.bots;
}

function chosenLevel(game) {
  const wanted = localStorage.getItem("atout.botLevel") || "medium";
  const levels = levelsOf(game);
  return levels.includes(wanted) ? wanted : levels[Math.min(1, levels.length - 1)];
}

/** An option's name for people: its label in the language, else its name in words. */
function optionLabel(spec) {
  return has(`opt_${spec.name}`) ? t(`opt_${spec.name}`) : spec.name.replaceAll("_", " ");
}

function choiceLabel(spec, value) {
  const key = `optv_${spec.name}_${value}`;
  return has(key) ? t(key) : String(value);
}

/** The input of one option, from its declaration (type, default, range or choices). */
function optionInput(spec, game) {
  const id = `opt-${spec.name}`;
  const help = has(`opt_${spec.name}_help`) ? t(`opt_${spec.name}_help`) : spec.words;
  const described = { "aria-describedby": `${id}-help` };
  let input;
  let extra = null;
  if (spec.type === "bool") {
    input = h("input", { type: "checkbox", id, "data-option": spec.name, ...described });
    input.checked = !!spec.default;
  } else if (spec.type === "session") {
    // A session's length in words: a number, then deals or minutes.
    const [unit, amount] = Object.entries(spec.default)[0];
    input = h("input", { type: "number", id, min: spec.units[unit].min, max: spec.units[unit].max, value: amount, "data-option": spec.name, inputmode: "numeric", ...described });
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
    input = h("select", { id, "data-option": spec.name, ...described });
    input.append(h("option", { value: "" }, t("atRandom")));
    for (const v of spec.choices) input.append(h("option", { value: String(v) }, seatLabel(game.id, v)));
    input.value = spec.default === null ? "" : String(spec.default);
  } else if (spec.type === "choice") {
    input = h("select", { id, "data-option": spec.name, ...described });
    for (const v of spec.choices) input.append(h("option", { value: String(v) }, choiceLabel(spec, v)));
    input.value = String(spec.default);
  } else {
    input = h("input", { type: "number", id, min: spec.min, max: spec.max, value: spec.default ?? "", placeholder: spec.nullable ? t("none") : undefined, "data-option": spec.name, inputmode: "numeric", ...described });
  }
  const label = h("label", { for: id }, optionLabel(spec));
  const field = extra ? h("span", { class: "session-input" }, input, extra) : input;
  return h(
    "div",
    { class: `option option-${spec.type}`, "data-requires": spec.requires ? JSON.stringify(spec.requires) : null },
    label,
    field,
    h("small", { class: "help", id: `${id}-help` }, help),
  );
}

/** The value of one option's input, or a sentence saying what it takes. */
function readValue(spec, input, form) {
  const name = optionLabel(spec);
  if (spec.type === "bool") return input.checked;
  if (spec.type === "session") {
    const unit = form.querySelector(`#opt-${spec.name}-unit`).value;
    const { min, max } = spec.units[unit];
    const amount = Number(input.value);
    if (!input.value.trim() || !Number.isInteger(amount) || amount < min || amount > max)
      throw new Error(t("badSession", { name, min, max, unit: t(`unit_${unit}`) }));
    return { [unit]: amount };
  }
  if (input.value === "") {
    if (spec.nullable) return null;
    throw new Error(t("badNumber", { name, min: spec.min, max: spec.max }));
  }
  if (spec.type === "seat") return Number(input.value);
  if (spec.type === "choice") return typeof spec.default === "number" ? Number(input.value) : input.value;
  const n = Number(input.value);
  if (!Number.isInteger(n) || n < spec.min || n > spec.max) throw new Error(t("badNumber", { name, min: spec.min, max: spec.max }));
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

/** Sit down at a new table and go to it. */
async function createTable(body, navigate) {
  const name = playerName();
  // A person's table pauses after each deal, at this browser's bot speed, unless the form says.
  const full = { pause_deals: true, bot_speed: botSpeed(), ...body, name: name || undefined };
  const table = await api("/api/tables", { method: "POST", body: full });
  saveSeat(table.id, table.seat, table.token);
  navigate(`/t/${table.id}`);
}

/** The seats of a quick table: you at your home seat, bots (or friends) at the others. */
function quickSeats(game, other) {
  const home = game.home_seat ?? 0;
  return Array.from({ length: game.players }, (_, i) => (i === home ? "human" : other));
}

/** One game: what it is, and a click to play it against bots or with friends. */
function gameCard(game, levelOf, start) {
  return h(
    "li",
    { class: "game-card", "data-game": game.id },
    h("h3", {}, gameName(game.id, game.title)),
    h("p", { class: "about" }, has(`about_${game.id}`) ? t(`about_${game.id}`) : ""),
    h(
      "div",
      { class: "game-actions" },
      h(
        "button",
        { class: "primary", id: `play-${game.id}`, onclick: () => start({ game: game.id, options: {}, seats: quickSeats(game, `bot:${levelOf(game)}`), sit: game.home_seat ?? 0 }) },
        t("playVsBots", { game: gameName(game.id, game.title) }),
      ),
      h(
        "button",
        { id: `friends-${game.id}`, onclick: () => start({ game: game.id, options: {}, seats: quickSeats(game, "human"), sit: game.home_seat ?? 0, private: true, fill_bot: levelOf(game) }) },
        t("inviteFriends"),
      ),
    ),
  );
}

/** Easy / Medium / Hard, remembered in this browser. */
function levelPicker(onChange) {
  const wanted = localStorage.getItem("atout.botLevel") || "medium";
  return h(
    "fieldset",
    { class: "levels", id: "bot-level", "aria-describedby": "bot-level-help" },
    h("legend", {}, t("botsPlay")),
    LEVELS.map((level) => {
      const radio = h("input", { type: "radio", name: "bot-level", id: `level-${level}`, value: level, onchange: () => onChange(level) });
      radio.checked = level === wanted;
      return h("label", { class: "level-choice" }, radio, ` ${t(`level_${level}`)}`);
    }),
    h("small", { class: "help", id: "bot-level-help" }, t("botsPlayHelp")),
  );
}

/** Your running games, found from the seats this browser keeps; gone tables are forgotten. */
async function yourGames() {
  const found = [];
  for (const saved of savedTables().slice(0, RESUMED)) {
    try {
      const table = await api(`/api/tables/${saved.id}`);
      if (table.status === "waiting" || table.status === "playing") found.push({ table, seat: saved.seat });
    } catch {
      forgetSeat(saved.id);
    }
  }
  return found;
}

function yourGamesPanel(found) {
  if (!found.length) return null;
  return h(
    "section",
    { class: "card-panel your-games", id: "your-games" },
    h("h2", {}, t("yourGames")),
    h(
      "ul",
      { class: "tables" },
      found.map(({ table }) =>
        h(
          "li",
          { "data-table": table.id },
          h("strong", {}, gameName(table.game, table.title)),
          ` · ${t(table.status === "waiting" ? "open" : "playing")}${table.deal_number ? ` · ${t("dealN", { n: table.deal_number })}` : ""} `,
          h("a", { href: `/t/${table.id}`, "data-link": "1", class: "button primary resume" }, t("resume")),
        ),
      ),
    ),
  );
}

export async function renderLobby(root, navigate) {
  const [games, tables, mine] = await Promise.all([api("/api/games"), api("/api/tables"), yourGames()]);
  const status = h("p", { class: "status", role: "status" });
  const nameInput = h("input", { id: "name", value: playerName(), maxlength: 24, autocomplete: "nickname" });
  // Kept as it is typed: a person who types their name, then opens a friend's invite link
  // from a message, never blurs the field (no change event) and found the join field empty.
  nameInput.addEventListener("input", () => setPlayerName(nameInput.value.trim()));
  // A refusal is shown under the button that asked (the game's, or the form's).
  const start = async (body, where = status) => {
    try {
      setPlayerName(nameInput.value.trim());
      await createTable(body, navigate);
    } catch (error) {
      where.textContent = `${t("error")}: ${error.message}`;
    }
  };
  const play = h(
    "section",
    { class: "card-panel play", id: "play" },
    h("h2", {}, t("play")),
    h("div", { class: "who" }, h("label", { for: "name" }, t("yourName")), nameInput),
    levelPicker((level) => localStorage.setItem("atout.botLevel", level)),
    h("ul", { class: "game-list" }, games.map((g) => gameCard(g, chosenLevel, start))),
    status,
  );
  const form = customForm(games, start);
  const held = new Set(mine.map((m) => m.table.id));
  const list = h("ul", { class: "tables", id: "open-tables" });
  const others = tables.filter((table) => !held.has(table.id));
  if (!others.length) list.append(h("li", {}, t("noTables")));
  for (const table of others) {
    const free = table.seats.filter((s) => !s.taken).length;
    const people = table.seats.filter((s) => s.kind === "human" && s.name).map((s) => personName(s.name)).join(", ");
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
      yourGamesPanel(mine),
      play,
      h("details", { class: "card-panel custom", id: "custom" }, h("summary", {}, h("h2", {}, t("customTable"))), form),
      h("section", { class: "card-panel" }, h("h2", {}, t("openTables")), list),
      learnPanel(games),
      h("section", { class: "card-panel" }, h("h2", {}, t("replay")), h("p", {}, t("replayIntro")), h("a", { href: "/replay", "data-link": "1", class: "button", id: "replay-link" }, t("openReplay"))),
    ),
  );
}

const DUPLICATE_GAMES = ["bridge", "court-piece", "five-hundred"];

/** Every rule option and seat, in words: for those who want more than the defaults. */
function customForm(games, start) {
  const status = h("p", { class: "status", role: "status" });
  const gameSelect = h("select", { id: "game", name: "game" }, games.map((g) => h("option", { value: g.id }, gameName(g.id, g.title))));
  const optionsBox = h("fieldset", { class: "options" });
  const seatsBox = h("fieldset", { class: "seats" });
  const privateBox = h("input", { type: "checkbox", id: "private", checked: true, "aria-describedby": "private-help" });
  const pauseBox = h("input", { type: "checkbox", id: "pause-deals", checked: true, "aria-describedby": "pause-deals-help" });
  const speedSelect = h("select", { id: "bot-speed", "aria-describedby": "bot-speed-help" }, BOT_SPEEDS.map((v) => h("option", { value: v }, t(`speed_${v}`))));
  speedSelect.value = botSpeed();
  const timerSelect = h("select", { id: "turn-seconds", "aria-describedby": "turn-seconds-help" }, ["off", "30", "60", "120"].map((v) => h("option", { value: v }, t(`timer_${v}`))));
  const hintsBox = h("input", { type: "checkbox", id: "hints", checked: true, "aria-describedby": "hints-help" });
  // Bridge: when your robot partner wins the auction, you play the contract (as on BBO).
  const declareBox = h("input", { type: "checkbox", id: "play-side-contracts", checked: true, "aria-describedby": "play-side-contracts-help" });
  const declareOption = h("div", { class: "option option-bool", id: "play-side-contracts-option" }, h("label", { for: "play-side-contracts" }, t("playSideContracts")), declareBox, h("small", { class: "help", id: "play-side-contracts-help" }, t("playSideContractsHelp")));
  const duplicateBox = h("input", { type: "checkbox", id: "robot-duplicate", "aria-describedby": "robot-duplicate-help" });
  // Robot duplicate: one person against bots, at bridge (duplicate scoring), Court Piece, Five Hundred.
  const duplicateRow = h("div", { class: "option option-bool", id: "robot-duplicate-option" }, h("label", { for: "robot-duplicate" }, t("robotDuplicate")), duplicateBox, h("small", { class: "help", id: "robot-duplicate-help" }, t("robotDuplicateHelp")));
  // The timer and hints matter only among several people (against bots they never apply).
  const friendsBox = h(
    "div",
    { class: "among-friends", id: "among-friends" },
    h("div", { class: "option" }, h("label", { for: "turn-seconds" }, t("turnTimer")), timerSelect, h("small", { class: "help", id: "turn-seconds-help" }, t("turnTimerHelp"))),
    h("div", { class: "option option-bool" }, h("label", { for: "hints" }, t("hintsAllowed")), hintsBox, h("small", { class: "help", id: "hints-help" }, t("hintsHelp"))),
  );
  const form = h(
    "form",
    { class: "new-table", id: "new-table", novalidate: true },
    h("label", { for: "game" }, t("game")),
    gameSelect,
    optionsBox,
    seatsBox,
    h(
      "fieldset",
      { class: "table-settings" },
      h("div", { class: "option option-bool" }, h("label", { for: "private" }, t("privateTable")), privateBox, h("small", { class: "help", id: "private-help" }, t("privateHelp"))),
      h("div", { class: "option option-bool" }, h("label", { for: "pause-deals" }, t("pauseDeals")), pauseBox, h("small", { class: "help", id: "pause-deals-help" }, t("pauseDealsHelp"))),
      h("div", { class: "option" }, h("label", { for: "bot-speed" }, t("botSpeed")), speedSelect, h("small", { class: "help", id: "bot-speed-help" }, t("botSpeedHelp"))),
      declareOption,
      duplicateRow,
      friendsBox,
    ),
    h("button", { type: "submit", class: "primary", id: "create" }, t("create")),
    status,
  );
  const current = () => games.find((g) => g.id === gameSelect.value);
  const fill = () => {
    const game = current();
    declareOption.hidden = game.id !== "bridge";
    optionsBox.replaceChildren(h("legend", {}, t("options")), ...game.options.map((spec) => optionInput(spec, game)));
    refreshRequirements(form);
    const level = chosenLevel(game);
    const choices = ["human", ...levelsOf(game).map((b) => `bot:${b}`)];
    const home = game.home_seat ?? 0;
    // In a four-player game of two sides, the seat across the table is your partner's.
    const partner = game.players === 4 && game.sides === 2 ? (home + 2) % 4 : null;
    const labelOf = (i) => (i === home ? `${seatLabel(game.id, i)} (${t("you")})` : i === partner ? `${seatLabel(game.id, i)} (${t("partner")})` : seatLabel(game.id, i));
    seatsBox.replaceChildren(
      h("legend", {}, t("seats")),
      ...Array.from({ length: game.players }, (_, i) => {
        const select = h(
          "select",
          { id: `seat-${i}`, disabled: i === home },
          choices.map((c) => h("option", { value: c }, c === "human" ? (i === home ? t("you") : t("seatFriend")) : t("botSeat", { name: botName(i), level: t(`level_${c.slice(4)}`) }))),
        );
        select.value = i === home ? "human" : `bot:${level}`;
        return h("div", { class: `seat-choice${i === partner ? " partner" : ""}`, "data-seat": i }, h("label", { for: `seat-${i}` }, labelOf(i)), select);
      }),
    );
  };
  const people = () => [...seatsBox.querySelectorAll("select")].filter((select) => select.value === "human").length;
  const duplicateAllowed = () => {
    const game = current();
    if (!DUPLICATE_GAMES.includes(game.id) || people() !== 1) return false;
    return game.id !== "bridge" || form.querySelector("#opt-scoring")?.value === "duplicate";
  };
  const refreshFriends = () => {
    friendsBox.hidden = people() < 2;
    duplicateRow.hidden = !duplicateAllowed();
  };
  seatsBox.addEventListener("change", refreshFriends);
  gameSelect.addEventListener("change", () => {
    fill();
    refreshFriends();
  });
  optionsBox.addEventListener("change", () => {
    refreshRequirements(form);
    refreshFriends();
  });
  fill();
  refreshFriends();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const game = current();
    let body;
    try {
      const seats = Array.from({ length: game.players }, (_, i) => form.querySelector(`#seat-${i}`).value);
      body = { game: game.id, options: readOptions(form, game), seats, sit: game.home_seat ?? 0, private: privateBox.checked, pause_deals: pauseBox.checked, bot_speed: speedSelect.value, fill_bot: chosenLevel(game) };
      if (game.id === "bridge") body.play_side_contracts = declareBox.checked;
      if (people() >= 2) Object.assign(body, { turn_seconds: timerSelect.value === "off" ? null : Number(timerSelect.value), hints: hintsBox.checked });
      if (duplicateAllowed() && duplicateBox.checked) body.robot_duplicate = true;
      setBotSpeed(speedSelect.value);
    } catch (error) {
      status.textContent = `${t("error")}: ${error.message}`;
      return;
    }
    status.textContent = "";
    await start(body, status);
  });
  return form;
}
