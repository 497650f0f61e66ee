// The table page: one WebSocket, one state frame at a time, everything drawn
// from the seat's view. The server is the authority: the page only sends the
// actions listed in `legal` and shows what comes back.
import { api, forgetSeat, playerName, saveSeat, savedSeat, setPlayerName } from "./api.js";
import { cardSvg, isCard, parseCard, pretty } from "./cards.js";
import { BID_RE, cardActions, sideOf, visibleHands } from "./games.js";
import { facts as factList, num } from "./games/common.js";
import { rendererFor } from "./games/index.js";
import { errorText, reasonText, t } from "./i18n/index.js";
import { callMeaning } from "./i18n/calls.js";
import { gameName, joinLabel, seatLabel } from "./i18n/words.js";
import { learnLinks } from "./learn.js";
import { botName, personName } from "./names.js";
import { h } from "./lobby.js";
import { on, patch } from "./morph.js";
import { BOT_SPEEDS, beep, prefs, setBotSpeed } from "./prefs.js";
import { confirmAction } from "./confirm.js";
import { openReview } from "./review.js";

// Where each seat sits from the viewer's, in playing order: clockwise play puts the next
// seat on the left; anticlockwise play (seed 003's Court Piece) on the right.
const POSITIONS = { 2: ["bottom", "top"], 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"] };
const ANTICLOCKWISE = { 4: ["bottom", "right", "top", "left"] };

export function openTable(root, tableId, navigate, settings = () => null) {
  const s = {
    frame: null,
    seat: null,
    token: savedSeat(tableId)?.token || null,
    ws: null,
    closed: false,
    retry: 0,
    awaitingSeat: false, // a hello with our token is on its way: the spectators' frame waits
    spectatorFrame: null,
    seatTimer: null,
    focus: 0,
    keyFocus: false, // set by the first arrow key: until then no card looks chosen
    picked: new Set(),
    hint: null,
    showLast: false,
    dismissedDeal: 0,
    pausedDeal: 0,
    typed: "",
    wantRematch: false,
    message: "",
    history: new Map(), // finished deals: number -> {number, result, points}
    historyAsked: false,
    ui: {}, // a game renderer's scratch state (a claim count, a picked joker), cleared each action
  };

  // The connection.

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${tableId}`);
    s.ws = ws;
    ws.onopen = () => {
      s.retry = 0;
      // Every connection is first sent the spectators' frame; with a seat to take, wait for
      // the seated one the hello brings, or the page shows our own seat as another player's
      // ("Ana is choosing" for a moment before "You choose").
      s.awaitingSeat = Boolean(s.token);
      ws.send(JSON.stringify({ type: "hello", token: s.token, since: s.frame?.version ?? null }));
    };
    ws.onmessage = (event) => receive(JSON.parse(event.data));
    ws.onclose = () => {
      if (s.closed) return;
      s.message = t("disconnected");
      render();
      s.retry = Math.min(s.retry + 1, 6);
      setTimeout(() => !s.closed && connect(), 250 * 2 ** s.retry);
    };
  }

  function send(message) {
    if (s.ws?.readyState === WebSocket.OPEN) s.ws.send(JSON.stringify(message));
  }

  function receive(msg) {
    if (msg.type === "state" && s.awaitingSeat && msg.seat == null) {
      s.spectatorFrame = msg; // drawn only if the hello is refused or never answered
      clearTimeout(s.seatTimer);
      s.seatTimer = setTimeout(stopAwaitingSeat, 2000);
      return;
    }
    if (msg.type === "state") {
      s.awaitingSeat = false;
      s.spectatorFrame = null;
      clearTimeout(s.seatTimer);
      const before = s.frame;
      s.frame = msg;
      s.seat = msg.seat ?? null;
      if (msg.last_trick && msg.last_trick.version === msg.version && before && before.version !== msg.version) {
        // The action closed a trick: keep it on the felt a moment (in its own deal only). A
        // frame of the same version (a robot duplicate board stored, a seat's news) closed none.
        s.held = { ...msg.last_trick, deal: msg.view?.match?.deal_number };
        clearTimeout(s.heldTimer);
        s.heldTimer = setTimeout(() => {
          s.held = null;
          if (!s.closed) render();
        }, 1200);
      } else if (msg.view?.trick?.cards?.length) s.held = null;
      s.message = "";
      s.hint = null;
      if (!before || before.seq !== msg.seq) {
        s.picked.clear();
        s.ui = {};
      }
      remember(msg.last_deal);
      const myTurn = (msg.view?.legal || []).length > 0;
      if (myTurn && !(before?.view?.legal || []).length) beep("turn");
      else if (before && before.seq !== msg.seq) beep("card");
      followRematch();
      render();
    } else if (msg.type === "error") {
      if (/unknown seat token/.test(msg.message)) {
        forgetSeat(tableId);
        s.token = null;
      }
      stopAwaitingSeat();
      s.message = errorText(msg.message);
      beep("error");
      render();
    } else if (msg.type === "hint") {
      s.hint = msg.action;
      s.hintWhy = msg.why || null;
      render();
    }
  }

  function stopAwaitingSeat() {
    // The hello was refused (or went unanswered): show the table as a spectator sees it.
    clearTimeout(s.seatTimer);
    if (s.closed) return;
    const frame = s.spectatorFrame;
    s.awaitingSeat = false;
    s.spectatorFrame = null;
    if (frame) receive(frame);
  }

  // Finished deals for the score sheets: the record tells those before this page, frames the rest.

  function remember(deal) {
    if (!deal?.result || !deal.points) return;
    s.history.set(deal.number, { number: deal.number, result: deal.result, points: deal.points });
    const missing = deal.number > 1 && [...Array(deal.number - 1).keys()].some((i) => !s.history.has(i + 1));
    if (missing && !s.historyAsked) loadHistory();
  }

  async function loadHistory() {
    s.historyAsked = true;
    try {
      const record = await api(`/api/tables/${tableId}/record`, { token: s.token });
      (record.deals || []).forEach((deal, i) => {
        if (deal.result && deal.points && !s.history.has(i + 1)) s.history.set(i + 1, { number: i + 1, result: deal.result, points: deal.points });
      });
      if (!s.closed) render();
    } catch {
      /* the sheet shows the totals only */
    }
  }

  function act(action) {
    closeMenu(); // a card played or a bid made: the menu has had its turn
    send({ type: "action", action, seq: s.frame?.seq });
  }

  function followRematch() {
    const table = s.frame?.table;
    if (!table?.rematch || s.seat === null || !s.token) return;
    // Everyone keeps their seat at the rematch, with the same token.
    if (!savedSeat(table.rematch)) saveSeat(table.rematch, s.seat, s.token);
    if (s.wantRematch) navigate(`/t/${table.rematch}`);
  }

  // Actions from the page.

  async function join(seat) {
    // A person sits down under a name the others can call them by.
    const name = (s.joinName ?? playerName()).trim();
    // The ask stays until this person sits down: a state frame (another player's card, a
    // watcher arriving) clears the server's messages, and must not take this one away.
    s.askName = !name;
    if (!name) {
      render();
      root.querySelector("#join-name")?.focus();
      return;
    }
    setPlayerName(name);
    try {
      // The seat this browser already holds here (if any) goes along: one seat a person.
      const data = await api(`/api/tables/${tableId}/join`, { method: "POST", body: { seat, name }, token: s.token });
      saveSeat(tableId, data.seat, data.token);
      s.token = data.token;
      send({ type: "hello", token: data.token });
    } catch (error) {
      s.message = error.message;
      render();
    }
  }

  async function post(path, body) {
    try {
      await api(`/api/tables/${tableId}/${path}`, { method: "POST", token: s.token, body });
    } catch (error) {
      s.message = error.message;
      render();
    }
  }

  /** Leave the table for the lobby. A seated person gives up their seat (the API's leave: a
   *  bot plays it until someone takes it), asked once while a game runs; a watcher just goes. */
  async function leaveTable() {
    closeMenu();
    const table = s.frame?.table;
    if (s.seat !== null && s.token && table && table.status !== "over") {
      if (table.status === "playing") {
        const sure = await confirmAction({ question: t("leaveAsk"), detail: t("leaveDetail"), confirm: t("leaveTable"), id: "leave-confirm" });
        if (!sure || s.closed) return;
      }
      try {
        await api(`/api/tables/${tableId}/leave`, { method: "POST", token: s.token });
      } catch (error) {
        s.message = error.message;
        render();
        return;
      }
      forgetSeat(tableId);
    }
    navigate("/");
  }

  async function downloadRecord(format = "json") {
    const pbn = format === "pbn";
    const response = await fetch(`/api/tables/${tableId}/record${pbn ? "?format=pbn" : ""}`, {
      headers: s.token ? { Authorization: `Bearer ${s.token}` } : {},
    });
    if (!response.ok) {
      s.message = errorText((await response.json().catch(() => ({}))).error || `${response.status}`);
      render();
      return;
    }
    const blob = pbn
      ? new Blob([await response.text()], { type: "application/x-pbn" })
      : new Blob([JSON.stringify(await response.json(), null, 1)], { type: "application/json" });
    const link = h("a", { href: URL.createObjectURL(blob), download: `atout-${tableId}.${pbn ? "pbn" : "json"}` });
    document.body.append(link);
    link.click();
    link.remove();
  }

  // Keyboard: arrows + Enter over the legal cards, or type a card ("th", "10h").

  /** Close the ⋯ menu; `back` returns the focus to its button (Escape, as a menu button does). */
  function closeMenu(back = false) {
    const menu = root.querySelector("#table-menu");
    if (!menu?.open) return false;
    menu.open = false;
    if (back) menu.querySelector("summary")?.focus();
    return true;
  }

  /** A tap or click anywhere outside the open ⋯ menu closes it, as a menu does: left open it
   *  covered the score sheet (#35). */
  function onPointer(event) {
    if (!event.target.closest?.("#table-menu")) closeMenu();
  }

  function onKey(event) {
    if (event.key === "Escape" && closeMenu(true)) {
      event.preventDefault();
      return;
    }
    if (event.target.closest?.("input, select, textarea")) return;
    const legalCards = cardActions(s.frame?.view?.legal || [], isCard);
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      if (!legalCards.length) return;
      // The first arrow shows the focus where it is; no card looks chosen before that.
      if (s.keyFocus) s.focus = (s.focus + (event.key === "ArrowRight" ? 1 : legalCards.length - 1)) % legalCards.length;
      s.keyFocus = true;
      render();
      event.preventDefault();
    } else if (event.key === "Enter" && s.keyFocus && legalCards.length && !event.target.closest?.("button")) {
      act(legalCards[Math.min(s.focus, legalCards.length - 1)]);
      event.preventDefault();
    } else if (event.key === "Escape") {
      s.showLast = false;
      render();
    } else if (/^[0-9a-zA-Z]$/.test(event.key)) {
      s.typed = (s.typed + event.key).slice(-3);
      for (const size of [3, 2]) {
        const card = parseCard(s.typed.slice(-size));
        if (card && legalCards.includes(card)) {
          s.typed = "";
          act(card);
          return;
        }
      }
    }
  }
  document.addEventListener("keydown", onKey);
  document.addEventListener("pointerdown", onPointer, true);

  // Drawing.

  function name(seat) {
    const info = s.frame?.table?.seats?.[seat];
    const label = seatLabel(s.frame?.table?.game, seat);
    if (!info) return label;
    if (seat === s.seat) return t("you");
    if (botSeat(seat)) return botName(seat);
    return personName(info.name) || label;
  }

  /** Whether a bot plays `seat`: a bot's seat, or at a friends' table a seat nobody took once
   *  the game began (a bot fills it until someone joins; "Seat 2" read like nobody played). */
  function botSeat(seat) {
    const table = s.frame?.table;
    const info = table?.seats?.[seat];
    if (!info) return false;
    return info.kind === "bot" || (info.kind === "human" && !info.taken && table.status !== "waiting");
  }

  /** Whether seat is the viewer's partner: the other seat of their side in a game of two sides. */
  function isPartner(seat, n) {
    return n === 4 && s.seat !== null && seat !== s.seat && sideOf(seat, n) === sideOf(s.seat, n);
  }

  function botLevel(seat) {
    // A free seat is played by the server's stand-in bot (greedy: "Easy").
    const level = s.frame?.table?.seats?.[seat]?.bot ?? (botSeat(seat) ? "greedy" : null);
    return level ? t(`level_${level}`) : "";
  }

  function sideName(side, n) {
    if (n !== 4) return name(side);
    if (s.seat === null) return t("side", { n: side + 1 });
    return sideOf(s.seat, n) === side ? t("us") : t("them");
  }

  function context(frame, n, pos) {
    // The bridge calls' meanings come beside the view (public: from the auction alone).
    const view = frame.explanations ? { ...frame.view, explanations: frame.explanations } : frame.view;
    return {
      view,
      frame,
      table: frame.table,
      n,
      me: s.seat,
      pos,
      name,
      sideName: (side) => sideName(side, n),
      sideOf: (seat) => sideOf(seat, n),
      act,
      ui: s.ui,
      render,
      hint: s.hint,
      picked: s.picked,
      history: [...s.history.values()].sort((a, b) => a.number - b.number),
      clickable,
    };
  }

  function render() {
    const frame = s.frame;
    if (!frame) {
      patch(root, [h("p", { class: "status" }, s.message || t("connecting"))]);
      return;
    }
    const view = frame.view;
    const table = frame.table;
    const n = table.seats.length;
    const me = s.seat ?? 0;
    const game = rendererFor(table.game);
    const positions = (game.anticlockwise?.(table.options) && ANTICLOCKWISE[n]) || POSITIONS[n] || POSITIONS[4];
    const pos = (seat) => positions[(seat - me + n) % n];
    const ctx = view ? context(frame, n, pos) : null;
    const page = h(
      "section",
      { class: `table-page game-${table.game}`, "data-version": frame.version, "data-seq": frame.seq, "data-phase": view?.phase || table.status },
      // What a player needs while playing fits one screen; the sheet and details come below.
      h(
        "div",
        { class: "play-area" },
        topBar(frame, view, table),
        joinPanel(table),
        invitePanel(table),
        h(
          "div",
          { class: "felt-wrap" },
          ctx ? h("div", { class: "felt-badges", id: "badges" }, scoreLine(game, ctx), game.badge(ctx)) : null,
          h(
            "div",
            { class: "felt", id: "felt" },
            ...Array.from({ length: n }, (_, seat) => seatBox(seat, pos(seat), view, table, game, ctx)),
            (ctx && game.centre?.(ctx)) || centreOfFelt(view, pos, n, game, ctx),
            ...feltMessages(frame, view, table, n, game, ctx),
          ),
        ),
        controls(view, game, ctx),
        hand(view, game, ctx),
      ),
      sidePanel(view, game, ctx),
      overlays(frame, view, table, n, game, ctx),
    );
    // The page is patched, not replaced (morph.js): what did not change stays the same nodes,
    // with their focus, caret, open menu and animations that have played.
    patch(root, [page]);
    // Next deal takes the focus when it appears (Enter goes on), unless the person is typing.
    const next = root.querySelector("#next-deal");
    const typing = document.activeElement?.matches?.("input, select, textarea");
    if (next && !typing && s.focusedNext !== frame.table.deal_number) {
      s.focusedNext = frame.table.deal_number;
      next.focus({ preventScroll: true });
    }
  }

  function inviteUrl(table) {
    return `${location.origin}/t/${table.id}`;
  }

  /** Copy the invite link: the clipboard API where the page may use it (https, localhost),
   * else the selected text and the copy command (plain http on a LAN address has no
   * clipboard API), else the link stays selected for the person to copy. */
  async function copyText(text, field, button) {
    let done = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(text);
        done = true;
      }
    } catch {
      done = false;
    }
    if (!done && field) {
      field.focus();
      field.select();
      field.setSelectionRange(0, text.length);
      try {
        done = document.execCommand("copy");
      } catch {
        done = false;
      }
    }
    s.copied = done ? "yes" : "no";
    if (button) button.textContent = done ? t("copied") : t("copyByHand");
    const note = root.querySelector("#copy-note");
    if (note) note.textContent = done ? t("copied") : t("copyByHand");
    if (!done) field?.select();
  }

  /** While seats wait for people: the invite link as text, with a copy button. */
  function invitePanel(table) {
    if (table.status !== "waiting" || s.seat === null) return null;
    const url = inviteUrl(table);
    const field = h("input", { id: "invite-url", value: url, readonly: true, "aria-label": t("invite"), "aria-describedby": "invite-help", onfocus: (e) => e.currentTarget.select() });
    const copy = () => copyText(url, root.querySelector("#invite-url"), null);
    return h(
      "div",
      { class: "invite-panel", id: "invite-panel" },
      h("label", { for: "invite-url" }, t("invite")),
      h("div", { class: "invite-row" }, field, h("button", { class: "primary", id: "copy-invite", onclick: copy }, t("copy"))),
      h("small", { class: "help", id: "invite-help" }, t("inviteHelp")),
      h("span", { class: "copy-note", id: "copy-note", role: "status" }, s.copied ? (s.copied === "yes" ? t("copied") : t("copyByHand")) : ""),
    );
  }

  /** A watcher's way to sit down at a free seat: asked for a name first. */
  function joinPanel(table) {
    const free = table.seats.filter((seat) => !seat.taken);
    if (s.seat !== null || !free.length || (table.status !== "waiting" && table.status !== "playing")) return null;
    const typed = (e) => (s.joinName = e.currentTarget.value);
    const input = h("input", { id: "join-name", value: s.joinName ?? playerName(), maxlength: 24, autocomplete: "nickname", oninput: typed });
    return h(
      "div",
      { class: "join-panel", id: "join-panel" },
      h("label", { for: "join-name" }, t("joinAsk")),
      input,
      free.map((seat) => h("button", { class: "primary join", "data-seat": seat.seat, onclick: () => join(seat.seat) }, joinLabel(table.game, seat.seat))),
    );
  }

  /** Seconds left of the turn timer for the person to play (counted here from the frame that
   * began the turn; the server keeps the real clock). */
  function secondsLeft(table, view) {
    const turn = view?.turn;
    if (!table.turn_seconds || turn === null || turn === undefined || table.seats[turn]?.kind !== "human" || table.seats[turn]?.stand_in) return null;
    const key = `${s.frame.version}:${turn}`;
    if (s.turnKey !== key) {
      s.turnKey = key;
      s.turnStart = Date.now();
    }
    return Math.max(0, Math.ceil(table.turn_seconds - (Date.now() - s.turnStart) / 1000));
  }

  function timerBadge(table, view) {
    const left = secondsLeft(table, view);
    if (left === null) return null;
    return h("span", { class: `badge timer ${left <= 10 ? "low" : ""}`, id: "turn-timer" }, t("timeLeft", { n: left }));
  }

  // The timer's text changes every second without redrawing the table.
  const ticker = setInterval(() => {
    const badge = root.querySelector("#turn-timer");
    const left = s.frame && secondsLeft(s.frame.table, s.frame.view);
    if (badge && left !== null) {
      badge.textContent = t("timeLeft", { n: left });
      badge.classList.toggle("low", left <= 10);
    }
  }, 1000);

  /** The table's bot speed, which any person seated may change (and this browser remembers). */
  function speedPicker(table) {
    const change = (event) => {
      setBotSpeed(event.currentTarget.value);
      post("speed", { speed: event.currentTarget.value });
    };
    const select = h("select", { id: "table-bot-speed", onchange: change }, BOT_SPEEDS.map((v) => h("option", { value: v }, t(`speed_${v}`))));
    select.value = table.bot_speed || "normal";
    return h("label", { class: "speed" }, `${t("botSpeed")} `, select);
  }

  function topBar(frame, view, table) {
    const turn = view?.turn;
    const mine = (view?.legal || []).length > 0;
    let status;
    if (table.status === "waiting") status = t("waiting");
    else if (table.status === "expired") status = t("tableClosed", { minutes: table.closed_after_minutes ?? 10 });
    else if (view?.match?.over) status = t("gameOver");
    else if (mine) status = t("yourTurn");
    else if (turn !== null && turn !== undefined) status = t("turnOf", { name: name(turn) });
    else status = "";
    const buttons = [];
    const more = [];
    if (s.seat !== null && mine && table.hints !== false) buttons.push(h("button", { id: "hint", title: t("hintTitle"), onclick: () => send({ type: "hint" }) }, t("hint")));
    if (s.seat !== null && table.undo && table.status === "playing" && view) buttons.push(...undoButton(frame));
    buttons.push(h("button", { id: "last-trick", "aria-pressed": String(s.showLast), onclick: () => { s.showLast = !s.showLast; render(); } }, t("lastTrick")));
    const over = table.status === "over";
    // Once the game is over the record is what people want; before, it waits in the menu.
    const records = over ? buttons : more;
    if (over && table.game === "bridge") {
      records.push(h("button", { id: "record", onclick: () => downloadRecord("json") }, t("recordJson")));
      records.push(h("button", { id: "record-pbn", onclick: () => downloadRecord("pbn") }, t("recordPbn")));
    } else records.push(h("button", { id: "record", onclick: () => downloadRecord("json") }, t("record")));
    if (over) buttons.push(h("a", { href: `/replay?table=${table.id}`, "data-link": "1", class: "button", id: "replay-link" }, t("replay")));
    const invite = inviteUrl(table);
    const inviteButton = h("button", { id: "invite", title: invite, onclick: (e) => copyText(invite, null, e.currentTarget) }, t("invite"));
    // While seats wait for people the invite panel below the bar shows the link; later it is here.
    if (table.status !== "waiting" && table.status !== "over") more.push(inviteButton);
    if (s.seat !== null && table.seats[s.seat]?.kind === "human" && table.status !== "over") more.push(speedPicker(table));
    more.push(learnLinks(table.game), settings());
    const asks = s.seat !== null && table.status === "playing";
    more.push(h("button", { id: "leave-table", "aria-haspopup": asks ? "dialog" : undefined, onclick: leaveTable }, t("leaveTable")));
    buttons.push(h("details", { class: "menu", id: "table-menu" }, h("summary", { class: "button", "aria-label": t("menu") }, "⋯"), h("div", { class: "menu-items" }, more)));
    if (table.status === "waiting" && s.seat !== null) buttons.push(h("button", { id: "start", onclick: () => post("start") }, t("start")));
    const note = s.message || (s.askName && s.seat === null ? t("needName") : "");
    return h(
      "header",
      { class: "bar" },
      h("a", { href: "/", "data-link": "1", class: "home" }, "atout"),
      h("span", { class: "title" }, gameName(table.game, table.title), view ? ` · ${t(countsBoards(table) ? "board" : "deal")} ${view.match?.deal_number ?? ""}` : ""),
      h("span", { class: `turn ${mine ? "mine" : ""}`, id: "status", role: "status" }, s.seat === null ? `${t("spectating")} · ${status}` : status),
      timerBadge(table, view),
      table.practice ? h("span", { class: "badge practice", id: "practice", title: t("practiceNote") }, t("practice")) : null,
      note ? h("span", { class: "message", id: "message", role: "alert" }, note) : null,
      h("span", { class: "buttons" }, buttons),
    );
  }

  /** Undo takes back a move of the deal in play. When it cannot (the trick closed, the deal's
   *  result is out, a bot answered) it stays in its place, greyed, saying why: a button that
   *  vanished left people wondering where it went. The server tells why (frame.undo_refusal);
   *  an older frame without it is judged by the deal alone. */
  function undoButton(frame) {
    const refusal = "undo_refusal" in frame ? frame.undo_refusal : dealOver(frame) ? "the deal is over: nothing in it can be taken back" : null;
    const why = refusal ? reasonText(refusal) : "";
    // A phone has no hover: a tap (or Enter) on the greyed button shows the reason a moment.
    const shown = Boolean(refusal) && s.undoWhy === refusal;
    const click = () => (refusal ? showUndoWhy(refusal) : send({ type: "undo" }));
    return [
      h("button", { id: "undo", title: why || t("undoTitle"), "aria-disabled": refusal ? "true" : undefined, "aria-describedby": refusal ? "undo-why" : undefined, onclick: click }, t("undo")),
      h("span", { class: shown ? "undo-why" : "visually-hidden", id: "undo-why" }, why),
    ];
  }

  /** Show why Undo is greyed for a few seconds; a frame with another reason hides it at once. */
  function showUndoWhy(refusal) {
    s.undoWhy = refusal;
    clearTimeout(s.undoWhyTimer);
    s.undoWhyTimer = setTimeout(() => {
      s.undoWhy = null;
      if (!s.closed) render();
    }, 6000);
    render();
  }

  /** The score and this deal's tricks per side, always in view (the sheet has the detail). */
  function scoreLine(game, ctx) {
    const line = game.scoreline?.(ctx);
    if (!line) return null;
    const sides = (values) => values.map((v, i) => h("span", { class: "sl-side" }, h("span", { class: "sl-name" }, ctx.sideName(i)), " ", h("strong", {}, typeof v === "number" ? num(v) : String(v))));
    return h(
      "div",
      { class: "scoreline", id: "scoreline" },
      line.score ? h("span", { class: "sl-part", id: "score-now" }, h("small", {}, line.scoreLabel), " ", sides(line.score)) : null,
      line.tricks ? h("span", { class: "sl-part", id: "trick-count" }, h("small", {}, line.tricksLabel || t("tricks")), " ", sides(line.tricks)) : null,
    );
  }

  function seatBox(seat, where, view, table, game, ctx) {
    const info = table.seats[seat];
    const badges = ctx && game.seatExtra ? game.seatExtra(seat, ctx) : [];
    // Your partner plays across the table: named so, as the lobby's form named them.
    if (isPartner(seat, table.seats.length)) badges.push(h("span", { class: "badge partner", id: "partner-tag" }, t("partner")));
    if (view?.dealer === seat) badges.push(h("span", { class: "badge" }, t("dealer")));
    if (view?.plays_for?.seat === seat) badges.push(h("span", { class: "badge plays-for", id: "plays-for" }, t("youPlayThisHand")));
    if (info.stand_in && seat !== s.seat) badges.push(h("span", { class: "badge away stand-in" }, t("standInFor", { name: personName(info.name) || seatLabel(table.game, seat) })));
    else if (info.kind === "human" && info.taken && !info.connected && seat !== s.seat) badges.push(h("span", { class: "badge away" }, t("away")));
    const cards = [];
    const shown = view ? visibleHands(view)[seat] : null;
    if (where !== "bottom" || s.seat === null) {
      if (shown) cards.push(handRow(shown, view, `dummy-${seat}`, game, ctx, true));
      else {
        const count = view?.hand_sizes?.[seat] ?? 0;
        cards.push(h("div", { class: "backs" }, Array.from({ length: Math.min(count, 13) }, () => cardSvg(null, { className: "small" }))));
      }
    }
    const turn = view?.turn === seat;
    return h(
      "div",
      { class: `seat-box pos-${where} ${turn ? "turn" : ""}`, "data-seat": seat, "aria-current": turn ? "true" : undefined },
      h(
        "div",
        { class: "seat-name", title: botSeat(seat) ? t(info.kind === "bot" ? "botTitle" : "botFreeSeat", { level: botLevel(seat) }) : undefined },
        name(seat),
        botSeat(seat) ? h("span", { class: "level" }, botLevel(seat)) : null,
        ...badges,
      ),
      cards,
    );
  }

  /** The middle of the felt: the auction while it runs (as on BBO), else the trick. */
  function centreOfFelt(view, pos, n, game, ctx) {
    if (ctx && view.phase === "auction" && game.auction) {
      const grid = game.auction(ctx);
      if (grid) return h("div", { class: "felt-auction" }, grid);
    }
    return trickArea(view, pos, n);
  }

  function trickArea(view, pos, n) {
    const area = h("div", { class: "trick-area", id: "trick" });
    const held = s.held && s.held.deal === view?.match?.deal_number && !view?.trick?.cards?.length ? s.held : null;
    const trick = held || view?.trick;
    if (!trick || !trick.cards) return area;
    const winner = held && held.winner !== null && held.winner !== undefined ? held.winner : null;
    if (held) area.classList.add("held");
    // A finished trick: its winning card is marked, then the cards go to the winner's seat.
    if (winner !== null) area.classList.add(`to-${pos(winner)}`);
    const crowded = trick.cards.length > n;
    // Every card of the trick is "fresh": the morph keeps a card's node while it lies here, so
    // its drop plays once, when it arrives (a new class on a kept node would not replay it).
    trick.cards.forEach((card, i) => {
      const seat = ((trick.leader ?? 0) + i) % n;
      const won = winner === seat ? "trick-winner" : "";
      const svg = cardSvg(card, { className: `${crowded ? "row" : `at-${pos(seat)}`} fresh ${won}` });
      area.append(svg);
    });
    if (winner !== null) area.append(h("div", { class: "trick-note", id: "trick-winner", role: "status" }, winner === s.seat ? t("takesTrickYou") : t("takesTrick", { name: name(winner) })));
    return area;
  }

  /** Make a card a button: click, Enter or Space runs `onChoose`. */
  function clickable(svg, onChoose) {
    svg.setAttribute("tabindex", "0");
    svg.setAttribute("role", "button");
    on(svg, "click", onChoose);
    on(svg, "keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      event.stopPropagation();
      onChoose();
    });
    return svg;
  }

  function handRow(cards, view, id, game, ctx, bySuit = false) {
    const legal = view.legal || [];
    const legalCards = cardActions(legal, isCard);
    const discard = legal.find((a) => a.startsWith("discard "));
    const row = h("div", { class: "hand-row", id });
    // How many cards share the row: the CSS overlaps them just enough to fit the width.
    row.style.setProperty("--n", String(Math.max(cards.length, 1)));
    for (const card of cards) {
      const special = ctx && game.cardClick?.(card, ctx);
      const playable = legalCards.includes(card);
      const picked = s.picked.has(card);
      const focused = s.keyFocus && playable && legalCards.indexOf(card) === Math.min(s.focus, legalCards.length - 1);
      // A hinted discard ("discard 4S 9H JC") marks each of its cards.
      const hinted = s.hint === card || (s.hint?.startsWith("discard ") && s.hint.split(" ").includes(card));
      const extra = ctx && game.cardClass ? game.cardClass(card, ctx) : "";
      const svg = cardSvg(card, {
        className: [playable && "legal", special && "special", picked && "picked", focused && "focused", hinted && "hinted", discard && "pickable", extra].filter(Boolean).join(" "),
      });
      if (discard) {
        clickable(svg, () => {
          if (s.picked.has(card)) s.picked.delete(card);
          else s.picked.add(card);
          render();
        });
      } else if (special) clickable(svg, special);
      else if (playable) clickable(svg, () => act(card));
      row.append(svg);
    }
    return bySuit ? suitColumns(row) : row;
  }

  /** An exposed hand (dummy) laid out as on paper: one column (or, at the side, one row) a suit. */
  function suitColumns(row) {
    const groups = new Map();
    for (const svg of [...row.children]) {
      const suit = svg.dataset.card === "JK" ? "J" : svg.dataset.card.slice(-1);
      if (!groups.has(suit)) groups.set(suit, h("div", { class: `suit-column suit-${suit}` }));
      groups.get(suit).append(svg);
    }
    row.classList.add("by-suit");
    row.replaceChildren(...groups.values());
    return row;
  }

  function hand(view, game, ctx) {
    if (!view || s.seat === null) return h("div", { class: "hand empty" });
    return h("div", { class: "hand", id: "hand" }, handRow(game.handOrder?.(view.hand || [], ctx) ?? view.hand ?? [], view, "my-hand", game, ctx), h("p", { class: "keys" }, t("keyboardHelp")));
  }

  function controls(view, game, ctx) {
    const box = h("div", { class: "controls", id: "controls" });
    if (!view) return box;
    if (s.hint && s.hintWhy) box.append(h("p", { class: "hint-why", id: "hint-why", role: "status" }, t("hintWhy", { action: pretty(s.hint), why: callMeaning(s.hintWhy) })));
    const own = game.controls(ctx);
    if (own) {
      box.append(...[own].flat());
      return box;
    }
    const cards = cardActions(view.legal || [], isCard);
    const other = (view.legal || []).filter((a) => !cards.includes(a));
    if (!other.length) return box;
    const discards = other.filter((a) => a.startsWith("discard "));
    const bids = other.filter((a) => BID_RE.test(a));
    const rest = other.filter((a) => !discards.includes(a) && !bids.includes(a));
    if (discards.length) {
      const size = discards[0].split(" ").length - 1;
      const chosen = [...s.picked];
      const match = discards.find((a) => {
        const cards = a.split(" ").slice(1);
        return cards.length === chosen.length && cards.every((c) => s.picked.has(c));
      });
      box.append(
        h("span", {}, t("discardPick", { n: size }), ` (${chosen.length}/${size}) `),
        h("button", { class: "primary action", id: "discard", disabled: !match, onclick: () => match && act(match) }, t("discard")),
      );
    }
    if (bids.length) {
      const levels = new Map();
      for (const bid of bids) {
        const level = BID_RE.exec(bid)[1];
        if (!levels.has(level)) levels.set(level, []);
        levels.get(level).push(bid);
      }
      box.append(
        h("div", { class: "bidding-box" }, [...levels.values()].map((row) => h("div", { class: "bid-row" }, row.map((a) => actionButton(a))))),
      );
    }
    box.append(...rest.map((a) => actionButton(a)));
    return box;
  }

  function actionButton(action) {
    return h("button", { class: `action ${s.hint === action ? "hinted" : ""}`, "data-action": action, onclick: () => act(action) }, pretty(action));
  }

  function sidePanel(view, game, ctx) {
    const panel = h("aside", { class: "panel", id: "panel" });
    if (!view) return panel;
    panel.append(h("h3", {}, t("scoreSheet")), ...[game.sheet(ctx)].flat());
    const duplicate = duplicateSheet(ctx.table, view);
    if (duplicate) panel.append(duplicate);
    const again = ctx.table.again_of;
    if (again) panel.prepend(h("p", { class: "help", id: "again-of" }, t("againOf", { deal: again.deal + 1 })));
    const details = [[t("phase"), t(`phase_${view.phase}`)], ...game.facts(ctx)];
    panel.append(h("h3", {}, t("details")), factList(details, { id: "facts" }));
    const auction = view.phase === "auction" ? null : game.auction?.(ctx);
    if (auction) panel.append(h("h3", {}, t("auction")), auction);
    return panel;
  }

  function lastTrickPanel(frame, view, n) {
    // This deal's last trick; before its first one, the previous deal's (the server's last_trick).
    const last = (Array.isArray(view?.tricks) && view.tricks[view.tricks.length - 1]) || frame.last_trick;
    return h(
      "div",
      { class: "overlay last", id: "last-trick-panel", onclick: () => { s.showLast = false; render(); } },
      h("h3", {}, t("lastTrick")),
      last
        ? h(
            "div",
            { class: "trick-list" },
            last.cards.map((card, i) => {
              const seat = (last.leader + i) % n;
              return h("figure", { class: seat === last.winner ? "winner" : "" }, cardSvg(card), h("figcaption", {}, name(seat)));
            }),
          )
        : h("p", {}, t("noLastTrick")),
    );
  }

  function resultLines(deal, game, ctx) {
    if (!deal?.result || !ctx) return [];
    return game.result(deal, ctx).map((line, i) => h("p", { class: i ? "" : "headline" }, line));
  }

  /** Whether this frame shows a finished deal whose next deal is not dealt yet. */
  function dealOver(frame) {
    return !!frame.last_deal && frame.last_deal.number === frame.table.deal_number;
  }

  /** Whether the table waits for this seat's Next deal: its deal is over, the next not dealt. */
  function pausedForMe(frame, deal) {
    const table = frame.table;
    return !!table.pause_deals && s.seat !== null && table.status === "playing" && table.deal_number === deal.number && table.seats[s.seat]?.kind === "human";
  }

  function dealResult(frame, deal, game, ctx) {
    const paused = pausedForMe(frame, deal);
    // A result the table waited on was read: once the next deal is dealt it goes at once.
    if (paused) s.pausedDeal = deal.number;
    if (s.toastFor !== deal.number && !paused) {
      s.toastFor = deal.number;
      setTimeout(() => {
        s.dismissedDeal = Math.max(s.dismissedDeal, deal.number);
        if (!s.closed) render();
      }, 8000);
    }
    const ready = (frame.table.ready || []).includes(s.seat);
    // At a pausing table the result stays until Next deal: a click does not hide it.
    const dismiss = paused ? undefined : () => { s.dismissedDeal = deal.number; render(); };
    return h(
      "div",
      { class: "toast result", id: "deal-result", role: "status", onclick: dismiss },
      h("strong", {}, t("dealResult", { n: deal.number })),
      resultLines(deal, game, ctx),
      paused
        ? ready
          ? h("p", { class: "waiting-others", id: "waiting-others" }, t("waitingOthers"))
          : h("p", {}, h("button", { class: "primary", id: "next-deal", onclick: () => post("next") }, t("nextDeal")))
        : null,
      reviewButton(deal),
      // Over the next deal (read during its pause, kept a few seconds) it can always be closed.
      paused ? null : h("p", {}, h("button", { id: "close-result", onclick: (e) => { e.stopPropagation(); dismiss(); } }, t("close"))),
    );
  }

  /** A line of a deal (as played, or Hard's) in the game's words: its result's first line. */
  /** A line of Play it again in the table's words; `hardSeat`: the line is Hard's, who played
   *  that seat (so a trump it named is "named by Hard", not by the person). A game whose
   *  first result line leaves out what the line was played in (Court Piece's trump) adds it. */
  function lineWords(number, line, hardSeat = null) {
    const frame = s.frame;
    if (!frame?.view) return [];
    const game = rendererFor(frame.table.game);
    const ctx = context(frame, frame.table.seats.length, () => "south");
    if (hardSeat !== null) ctx.name = (seat) => (seat === hardSeat ? t("level_hard") : name(seat));
    const deal = { number, result: line.result, points: line.points };
    const words = game.result(deal, ctx);
    const facts = game.lineFacts?.(deal, ctx);
    return facts && words.length ? [`${words[0]} · ${facts}`, ...words.slice(1)] : words;
  }

  /** Whether the table counts boards, not deals (duplicate bridge), as its score sheet does. */
  function countsBoards(table) {
    return table?.game === "bridge" && table.options?.scoring === "duplicate";
  }

  /** Opens the double-dummy review of a finished deal (web/review.js) over the table;
   *  `again`: at once on "Play it again", Hard's line beside the player's. */
  function openDealReview(deal, again) {
    s.closeReview?.();
    const alone = s.frame?.table.seats.filter((seat) => seat.kind === "human").length === 1;
    s.closeReview = openReview({
      tableId,
      deal: deal.number - 1,
      boards: countsBoards(s.frame?.table),
      token: s.token,
      name,
      again,
      resultText: (line, hardSeat) => lineWords(deal.number, line, hardSeat),
      // The person plays the deal again at a new table: their token opens their seat there.
      onReplay: alone
        ? (id) => {
            saveSeat(id, s.seat, s.token);
            navigate(`/t/${id}`);
          }
        : null,
    });
  }

  function reviewButton(deal) {
    if (s.seat === null || !deal) return null;
    const open = (again) => (event) => {
      event.stopPropagation();
      closeMenu(); // the menu never sits over the review
      openDealReview(deal, again);
    };
    return h(
      "p",
      { class: "review-buttons" },
      h("button", { class: "review-open", id: `review-deal-${deal.number}`, onclick: open(false) }, t("review")),
      " ",
      h("button", { class: "again-open", id: `again-deal-${deal.number}`, onclick: open(true) }, t("playAgain")),
    );
  }

  /** Robot duplicate: each deal's result beside Hard's at the hidden table, and the totals. */
  function duplicateSheet(table, view) {
    if (!table.robot_duplicate) return null;
    const bridge = table.game === "bridge";
    const boards = table.duplicate || [];
    const finished = view?.match?.history?.length ?? 0;
    const signedText = (v) => (v > 0 ? `+${v}` : num(v));
    // The person's side's score: its points less the other side's (as the server counts).
    const score = (line) => {
      const side = (s.seat ?? 0) % line.points.length;
      return line.points.length === 2 ? line.points[side] - line.points[1 - side] : line.points[side];
    };
    const words = (board, line) => lineWords(board.number, line)[0] || "";
    return h(
      "div",
      { id: "duplicate-sheet" },
      h("h3", {}, t("duplicateSheet")),
      h(
        "table",
        { class: "sheet duplicate" },
        h(
          "tr",
          {},
          h("th", { scope: "col" }, t(bridge ? "board" : "duplicateDeal")), // bridge says "Board", as its score sheet does
          h("th", { scope: "col" }, t("duplicateYou")),
          h("th", { scope: "col" }, t("duplicateHard")),
          h("th", { scope: "col" }, t("duplicateDiff")),
          bridge ? h("th", { scope: "col" }, t("duplicateImps")) : null,
        ),
        boards.map((b) =>
          h(
            "tr",
            { "data-deal": b.number },
            h("th", { scope: "row" }, String(b.number)),
            h("td", { title: words(b, b.mine) }, signedText(score(b.mine))),
            h("td", { title: words(b, b.hard) }, signedText(score(b.hard))),
            h("td", { class: b.difference > 0 ? "gain" : b.difference < 0 ? "loss" : "" }, signedText(b.difference)),
            bridge ? h("td", {}, signedText(b.imps)) : null,
          ),
        ),
        h(
          "tr",
          { class: "total", id: "duplicate-total" },
          h("th", { scope: "row" }, t("duplicateTotal")),
          h("td", {}, ""),
          h("td", {}, ""),
          h("td", {}, signedText(table.duplicate_total ?? 0)),
          bridge ? h("td", {}, signedText(table.duplicate_imps ?? 0)) : null,
        ),
      ),
      // What ± (and IMPs) mean: a bare "±" column left people guessing whose score less whose.
      h("p", { class: "help", id: "duplicate-note" }, t("duplicateDiffNote"), bridge ? ` ${t("duplicateImpsNote")}` : null),
      finished > boards.length ? h("p", { class: "help", id: "duplicate-pending" }, t(bridge ? "duplicatePendingBoard" : "duplicatePending", { n: boards.length + 1 })) : null,
    );
  }

  function gameOver(frame, view, table, n, game, ctx) {
    const winner = view.match.winner;
    return h(
      "div",
      { class: "toast over", id: "game-over" },
      h("strong", {}, t("gameOver")),
      resultLines(frame.last_deal, game, ctx),
      reviewButton(frame.last_deal),
      h("p", {}, h("a", { href: `/replay?table=${table.id}`, "data-link": "1", id: "replay-over" }, t("replayThisGame"))),
      h("p", { class: "winner" }, winner === null ? t("draw") : t("winner", { side: sideName(winner, n) })),
      table.rematch && s.seat !== null
        ? h("button", { class: "primary", id: "go-rematch", onclick: () => navigate(`/t/${table.rematch}`) }, t("goRematch"))
        : s.seat !== null
          ? h("button", { class: "primary", id: "rematch", onclick: () => { s.wantRematch = true; post("rematch"); } }, t("rematch"))
          : null,
    );
  }

  /** The deal's result and the game's end sit on the felt: they never cover the hand or buttons. */
  function feltMessages(frame, view, table, n, game, ctx) {
    const out = [];
    const deal = frame.last_deal;
    if (table.status === "expired") {
      // Closed while everyone was away: say so, not a result frozen on the felt (issue #35).
      out.push(h("div", { class: "toast result", id: "table-closed", role: "status" }, h("strong", {}, t("tableClosed", { minutes: table.closed_after_minutes ?? 10 }))));
      return out;
    }
    // A result is shown when its deal ends (or stays a few seconds more, closable, once this
    // page showed it): coming back during the next deal, the last one's result covered it.
    const seen = deal && (dealOver(frame) || s.toastFor === deal.number);
    const unread = seen && deal.number > s.dismissedDeal && s.pausedDeal !== deal.number;
    if (deal && !view?.match?.over && (unread || pausedForMe(frame, deal))) out.push(dealResult(frame, deal, game, ctx));
    if (view?.match?.over) out.push(gameOver(frame, view, table, n, game, ctx));
    return out;
  }

  function overlays(frame, view, table, n, game, ctx) {
    const out = [];
    if (s.showLast) out.push(lastTrickPanel(frame, view, n));
    if (frame.notice && frame.notice.version > (s.noticeSeen ?? 0)) out.push(noticeToast(frame.notice));
    return out;
  }

  /** A revoke corrected or claimed, told to everyone at the table. */
  function noticeToast(notice) {
    if (s.noticeFor !== notice.version) {
      s.noticeFor = notice.version;
      setTimeout(() => {
        s.noticeSeen = Math.max(s.noticeSeen ?? 0, notice.version);
        if (!s.closed) render();
      }, 8000);
    }
    const who = name(notice.seat);
    const text =
      notice.action === "left"
        ? t("noticeLeft", { name: personName(notice.name) || seatLabel(s.frame?.table?.game, notice.seat), bot: name(notice.seat) })
        : notice.action === "reject"
        ? t("noticeClaimRejected", { name: who })
        : notice.action === "claim revoke"
          ? t("noticeRevokeClaimed", { name: who })
          : t("noticeRevokeCorrected", { name: who, card: pretty(notice.action.slice(8)) });
    return h("div", { class: "toast notice", id: "notice", role: "alert", onclick: () => { s.noticeSeen = notice.version; render(); } }, text);
  }

  // The page before (the lobby) is not morphed into the table: its nodes keep their own listeners.
  root.replaceChildren();
  // The table opens at its top: the lobby's scroll (down to a Play button) would leave the bar
  // above the screen and, on a phone, the table's sheet where the felt should be.
  window.scrollTo(0, 0);
  connect();
  render();
  return () => {
    s.closed = true;
    clearInterval(ticker);
    s.closeReview?.();
    document.removeEventListener("keydown", onKey);
    document.removeEventListener("pointerdown", onPointer, true);
    clearTimeout(s.undoWhyTimer);
    s.ws?.close();
  };
}
