// Names the server sends as identifiers (games) in the page's language. The server's
// catalogue stays in English for the API; the page words it. Options, their choices and bot
// levels are worded by the lobby (opt_*, optv_*, level_* keys). Seats are numbers to the
// server; bridge players know them by the compass, so the page names them so in bridge.
import { has, t } from "./index.js";

/** A game's name ("Cinq Cents" in French); the server's title when no word is known. */
export function gameName(id, fallback = id) {
  return has(`game_${id}`) ? t(`game_${id}`) : fallback;
}

const COMPASS = "NESW";

/** A seat's name before anyone sits there: "North" in bridge, "Seat 2" elsewhere. */
export function seatLabel(gameId, seat) {
  return gameId === "bridge" ? t(`compass${COMPASS[seat]}`) : t("seat", { n: seat + 1 });
}

/** A join button's words: "Sit North" in bridge, "Sit at seat 2" elsewhere (whole sentences,
 * since French says "au Nord" but "à l'Est"). */
export function joinLabel(gameId, seat) {
  return gameId === "bridge" ? t(`joinCompass${COMPASS[seat]}`) : t("joinSeat", { n: seat + 1 });
}
