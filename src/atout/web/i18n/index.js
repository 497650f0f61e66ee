// The i18n dictionaries and t(): English and French, chosen once and remembered.
import en from "./en.js";
import fr from "./fr.js";
import { matchError } from "./errors.js";

export const LANGUAGES = { en, fr };
let current = localStorage.getItem("atout.lang") || (navigator.language || "en").slice(0, 2);
if (!LANGUAGES[current]) current = "en";
document.documentElement.lang = current;

export function lang() {
  return current;
}

export function setLang(code) {
  if (!LANGUAGES[code]) return;
  current = code;
  localStorage.setItem("atout.lang", code);
  document.documentElement.lang = code;
}

/** Whether the current language (or English) has a string for key. */
export function has(key) {
  return key in LANGUAGES[current] || key in en;
}

/** The string for key in the current language, with {name} values filled in. */
export function t(key, vars = {}) {
  const text = LANGUAGES[current][key] ?? en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => (k in vars ? vars[k] : `{${k}}`));
}

/** A server refusal (an Error or its message) in the page's language: English as the server
 * words it; in another language its translation, or a plain "refused" for an unknown one. */
export function errorText(error) {
  const message = String(error?.message ?? error ?? "");
  if (current === "en") return message;
  return reasonText(message);
}

/** A server's reason in the page's words in every language, English too: the page's own
 *  sentence where it knows one ("The deal is over: …" for a greyed button's tooltip), else
 *  a plain "refused". errorText keeps the server's English words for an English page. */
export function reasonText(message) {
  const known = matchError(message);
  if (!known) return t("err_other");
  const vars = { ...known.vars };
  // The server counts seats and deals from 0, the page from 1.
  if (vars.n !== undefined && known.key !== "err_tooManyOpen" && known.key !== "err_tooManyNew") vars.n = String(Number(vars.n) + 1);
  for (const k of ["deal", "seat", "action"]) if (vars[k] !== undefined) vars[k] = String(Number(vars[k]) + 1);
  if (vars.why !== undefined) vars.why = errorText(vars.why);
  if (vars.cards !== undefined && current !== "en") vars.cards = vars.cards.replace(/\b([KQJ])(?=[♠♥♦♣])/g, (r) => ({ K: "R", Q: "D", J: "V" })[r]);
  if (vars.suit !== undefined) vars.suit = t(`suit${{ clubs: "C", diamonds: "D", hearts: "H", spades: "S" }[vars.suit]}`);
  return t(known.key, vars);
}

