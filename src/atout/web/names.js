// Names for the bots, one per seat, so a table reads like a table of people (as on the card
// sites); the level stays in the seat's tooltip and the details.
const BOT_NAMES = ["Alex", "Bea", "Cleo", "Dani", "Eli", "Fay"];

/** The bot's name at this seat: the same name for the seat at every table. */
export function botName(seat) {
  return BOT_NAMES[seat % BOT_NAMES.length];
}
