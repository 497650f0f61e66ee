// The server's refusals in the page's language. The server words its errors in English for
// logs, curl and tests; the page recognises the ones a person can meet and says them in the
// reader's language, and anything else as a plain "refused" rather than in another language.

/** [pattern of the server's English message, key of the translation]: named groups fill {vars}. */
export const SERVER_ERRORS = [
  [/^deal (?<deal>\d+), action (?<action>\d+), '(?<act>[^']*)' by seat (?<seat>\d+): (?<why>.*)$/, "err_replayRefused"],
  [/^this is one seat's copy of a game still in play/, "err_partialRecord"],
  [/^it is not your turn/, "err_notYourTurn"],
  [/^not seat \d+'s turn/, "err_notYourTurn"],
  [/^no such table/, "err_noTable"],
  [/^no free seat at this table/, "err_noFreeSeat"],
  [/^seat (?<n>\d+) (?:is not free|was just taken)/, "err_seatTaken"],
  [/^you already sit at (?:seat \d+ of )?this table/, "err_oneSeat"],
  [/^unknown seat token/, "err_lostSeat"],
  [/^you no longer hold this seat/, "err_lostSeat"],
  [/^this table has expired/, "err_expired"],
  [/^this game is over/, "err_gameOver"],
  [/^the game is (?:over|finished)/, "err_gameOver"],
  [/^the game has already started/, "err_started"],
  [/^the game has not started/, "err_notStarted"],
  [/^the table has moved on/, "err_movedOn"],
  [/^another server took that turn/, "err_movedOn"],
  [/^the action could not be saved/, "err_notSaved"],
  [/^nothing (?:of yours )?to undo/, "err_nothingToUndo"],
  [/^undo is only for games against bots/, "err_undoBots"],
  [/^you have seen cards since that action \((?<cards>[^)]*)\)/, "err_undoSeen"],
  [/^another seat has acted since that action/, "err_undoAnswered"],
  [/^the deal is over: nothing in it can be taken back/, "err_undoDealOver"],
  [/^hints are off at this table/, "err_hintsOff"],
  [/^a deal is played again against bots only/, "err_againBots"],
  [/^robot duplicate/, "err_robotDuplicate"],
  [/^deal (?<deal>\d+) is still in play/, "err_dealInPlay"],
  [/^spectators/, "err_spectator"],
  [/^a rematch is offered once the game is over/, "err_rematch"],
  [/^too many open tables: at most (?<n>\d+)/, "err_tooManyOpen"],
  [/^too many new tables: at most (?<n>\d+) a minute \(try again in (?<s>\d+) s\)/, "err_tooManyNew"],
  [/^too many/, "err_tooMany"],
  [/^(?:cross-site )?requests .*are refused/, "err_origin"],
  [/^must follow (?<suit>clubs|diamonds|hearts|spades): you hold (?<cards>.*)$/, "err_mustFollow"],
  [/^you do not hold/, "err_illegal"],
  [/^must follow|^follow /, "err_illegal"],
  [/is not (?:legal|possible|allowed)/, "err_illegal"],
  [/^Failed to fetch|^NetworkError|^Load failed/, "err_network"],
];

/** The key and values that say `message` in the page's words, or null when it is unknown. */
export function matchError(message) {
  for (const [pattern, key] of SERVER_ERRORS) {
    const m = pattern.exec(message);
    if (m) return { key, vars: { ...(m.groups || {}) } };
  }
  return null;
}
