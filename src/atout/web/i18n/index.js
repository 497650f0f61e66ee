// The i18n dictionaries and t(): English and French, chosen once and remembered.
import en from "./en.js";
import fr from "./fr.js";

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
