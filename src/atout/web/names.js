import { t } from "./i18n/index.js";

// Names for the bots, one per seat, so a table reads like a table of people (as on the card
// sites); the level stays in the seat's tooltip and the details.
const BOT_NAMES = ["Alex", "Bea", "Cleo", "Dani", "Eli", "Fay"];

/** The bot's name at this seat: the same name for the seat at every table. */
export function botName(seat) {
  return BOT_NAMES[seat % BOT_NAMES.length];
}

/** A person's name as the page says it: the server's default "Player 3" in the page's language. */
export function personName(name) {
  const seat = /^Player (\d+)$/.exec(name ?? "");
  return seat ? t("playerN", { n: seat[1] }) : name;
}
