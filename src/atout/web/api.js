// The HTTP API and the seat tokens kept in localStorage (one per table).
import { errorText } from "./i18n/index.js";

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  // The server words its refusals in English; the page says them in the reader's language.
  if (!response.ok) throw new Error(errorText(data.error || `${response.status}`));
  return data;
}

export function savedSeat(tableId) {
  try {
    return JSON.parse(localStorage.getItem(`atout.seat.${tableId}`) || "null");
  } catch {
    return null;
  }
}

export function saveSeat(tableId, seat, token) {
  localStorage.setItem(`atout.seat.${tableId}`, JSON.stringify({ seat, token, at: Date.now() }));
}

/** The tables this browser holds a seat at, the most recently taken first. */
export function savedTables() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith("atout.seat.")) continue;
    const seat = savedSeat(key.slice("atout.seat.".length));
    if (seat) out.push({ id: key.slice("atout.seat.".length), ...seat });
  }
  return out.sort((a, b) => (b.at ?? 0) - (a.at ?? 0));
}

export function forgetSeat(tableId) {
  localStorage.removeItem(`atout.seat.${tableId}`);
}

export function playerName() {
  return localStorage.getItem("atout.name") || "";
}

export function setPlayerName(name) {
  localStorage.setItem("atout.name", name);
}
