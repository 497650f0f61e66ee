// Names the server sends as identifiers (games) in the page's language. The server's
// catalogue stays in English for the API; the page words it. Options, their choices and bot
// levels are worded by the lobby (opt_*, optv_*, level_* keys).
import { has, t } from "./index.js";

/** A game's name ("Cinq Cents" in French); the server's title when no word is known. */
export function gameName(id, fallback = id) {
  return has(`game_${id}`) ? t(`game_${id}`) : fallback;
}
