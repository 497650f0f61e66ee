// The few per-game touches of the client. Everything else is generic: the
// table is drawn from the view's common keys and the actions from `legal`.

/** Hands shown face up besides your own: {seat: [cards]} (bridge dummy, Court Circular tables). */
export function visibleHands(view) {
  const out = {};
  if (Array.isArray(view.dummy) && view.dummy_seat !== null && view.dummy_seat !== undefined) {
    out[view.dummy_seat] = view.dummy;
  }
  return out;
}

/** Per-seat rows of face-up cards (Court Circular's cards on the table). */
export function tableCards(view) {
  if (Array.isArray(view.table) && view.table.every((row) => Array.isArray(row))) return view.table;
  return null;
}

/** Side labels: teams in four-player games, players in two-player ones. */
export function sideOf(seat, players) {
  return players === 4 ? seat % 2 : seat;
}

/** Keys of the view that the generic table already draws (not repeated in the facts panel). */
export const DRAWN = new Set([
  "game", "seat", "phase", "turn", "hand", "trick", "legal", "tricks_won", "match",
  "hand_sizes", "tricks", "dummy", "dummy_seat", "table", "result", "auction",
]);

/** Which bids look like a bidding box (level + strain) rather than buttons. */
export const BID_RE = /^(\d+)(S|C|D|H|NT)$/;

/** The legal actions that are card plays. In an auction "2C" is a bid, not the two of clubs:
 * an auction is recognised by a legal no-trump bid, which every level that is open offers. */
export function cardActions(legal, isCard) {
  if (legal.some((a) => /^\d+NT$/.test(a))) return [];
  return legal.filter(isCard);
}
