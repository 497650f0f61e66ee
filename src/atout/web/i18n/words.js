// Names the server sends as identifiers (games, options, their choices, bot levels) in the
// page's language. The server's catalogue stays in English for the API; the page words it.
import { has, t } from "./index.js";

/** A game's name ("Cinq Cents" in French); the server's title when no word is known. */
export function gameName(id, fallback = id) {
  return has(`game_${id}`) ? t(`game_${id}`) : fallback;
}

/** An option's label: its words in the page's language, else its name with spaces. */
export function optionLabel(name) {
  return has(`opt_${name}`) ? t(`opt_${name}`) : name.replaceAll("_", " ");
}

/** What an option does, as its tooltip says it. */
export function optionWords(name, fallback) {
  return has(`optWords_${name}`) ? t(`optWords_${name}`) : fallback;
}

/** One of an option's choices ("courts", "after_first_trick", 20) in words. */
export function choiceLabel(name, value) {
  const key = `choice_${name}_${value}`;
  return has(key) ? t(key) : String(value).replaceAll("_", " ");
}

/** A bot level ("medium") as players say it. */
export function levelName(level) {
  return has(`level_${level}`) ? t(`level_${level}`) : level;
}
