// The client's entry: a tiny router between the lobby (/), a table (/t/<id>), replays (/replay),
// a game's rules (/rules/<game>) and its guided first deal (/learn/<game>), plus the settings bar
// (language, sound, animations).
import { LANGUAGES, errorText, lang, setLang, t } from "./i18n/index.js";
import { openGuide, renderRules } from "./learn.js";
import { renderLobby, h } from "./lobby.js";
import { applyPrefs, prefs, setPref } from "./prefs.js";
import { openReplay } from "./replay.js";
import { openTable } from "./table.js";

const root = document.getElementById("app");
let close = null;

function settings() {
  const choose = (event) => {
    setLang(event.currentTarget.value);
    route();
  };
  const language = h("select", { id: "lang", "aria-label": t("language"), onchange: choose }, Object.keys(LANGUAGES).map((code) => h("option", { value: code }, code.toUpperCase())));
  language.value = lang();
  const toggle = (key) => {
    const box = h("input", { type: "checkbox", id: `pref-${key}`, onchange: (event) => setPref(key, event.currentTarget.checked) });
    box.checked = prefs[key];
    return h("label", { class: "toggle" }, box, ` ${t(key)}`);
  };
  return h("div", { class: "settings" }, language, toggle("sound"), toggle("animations"));
}

function navigate(path) {
  history.pushState({}, "", path);
  route();
}

async function route() {
  close?.();
  close = null;
  const match = /^\/t\/([\w-]+)/.exec(location.pathname);
  // At a table the settings live in its menu, leaving the screen to the game.
  document.getElementById("settings").replaceChildren(match ? "" : settings());
  if (match) {
    close = openTable(root, match[1], navigate, settings);
  } else if (/^\/rules\/[\w-]+$/.test(location.pathname)) {
    renderRules(root, location.pathname.slice("/rules/".length));
  } else if (/^\/learn\/[\w-]+$/.test(location.pathname)) {
    close = openGuide(root, location.pathname.slice("/learn/".length));
  } else if (location.pathname === "/replay") {
    document.title = `${t("replay")} · ${t("appTitle")}`;
    close = openReplay(root, new URLSearchParams(location.search).get("table"));
  } else {
    document.title = `${t("appTitle")} · ${t("tagline")}`;
    try {
      await renderLobby(root, navigate);
    } catch (error) {
      root.replaceChildren(h("p", { class: "status" }, `${t("error")}: ${errorText(error)}`));
    }
  }
}

document.addEventListener("click", (event) => {
  const link = event.target.closest?.("a[data-link]");
  if (link && link.origin === location.origin && !event.ctrlKey && !event.metaKey) {
    event.preventDefault();
    navigate(link.pathname + link.search);
  }
});
window.addEventListener("popstate", route);
applyPrefs();
route();
