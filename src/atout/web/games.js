// The few per-game touches of the client. Everything else is generic: the
// table is drawn from the view's common keys and the actions from `legal`.

/** Hands shown face up besides your own: {seat: [cards]} (bridge dummy, the bot declarer whose
 * contract you play, Five Hundred's open misère). */
export function visibleHands(view) {
  const out = {};
  if (Array.isArray(view.dummy) && view.dummy_seat !== null && view.dummy_seat !== undefined) {
    out[view.dummy_seat] = view.dummy;
  }
  if (view.exposed?.hand) out[view.exposed.seat] = view.exposed.hand;
  // At bridge against bots, the person plays their bot partner's contract: declarer's hand.
  if (Array.isArray(view.plays_for?.hand)) out[view.plays_for.seat] = view.plays_for.hand;
  // A bridge claim faces the claimer's hand for everyone while it is open (Law 68).
  if (view.phase === "claim" && Array.isArray(view.claim?.hand)) out[view.claim.by] = view.claim.hand;
  return out;
}

/** Side labels: teams in four-player games, players in two-player ones. */
export function sideOf(seat, players) {
  return players === 4 ? seat % 2 : seat;
}

/** Which bids look like a bidding box (level + strain) rather than buttons. */
export const BID_RE = /^(\d+)(S|C|D|H|NT)$/;

/** The legal actions that are card plays. In an auction "2C" is a bid, not the two of clubs:
 * an auction is recognised by a legal no-trump bid, which every level that is open offers. */
export function cardActions(legal, isCard) {
  if (legal.some((a) => /^\d+NT$/.test(a))) return [];
  return legal.filter(isCard);
}
