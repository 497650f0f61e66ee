// Cards drawn as SVG in code: no image files, crisp at any size.
import { has, lang, t } from "./i18n/index.js";

const NS = "http://www.w3.org/2000/svg";
export const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED = new Set(["H", "D"]);
const CARD_RE = /^(10|[2-9TJQKA])([SHDC])$/i;

const SUIT_ORDER = "SHDC";
const RANK_ORDER = "23456789TJQKA";

/** Cards as the dealt hand shows them: suits ♠ ♥ ♦ ♣, each from low to high. */
export function sortCards(cards) {
  const key = (c) => (c === "JK" ? 99 : SUIT_ORDER.indexOf(c[1]) * 20 + RANK_ORDER.indexOf(c[0]));
  return [...cards].sort((a, b) => key(a) - key(b));
}

/** Whether an action string is a plain card ("TH", "JK"). */
export function isCard(text) {
  return text === "JK" || CARD_RE.test(text);
}

/** Normalise typed text ("10h", "th") into the wire's card code ("TH"), or null. */
export function parseCard(text) {
  const t = text.trim().toUpperCase();
  if (t === "JK" || t === "JOKER") return "JK";
  const m = CARD_RE.exec(t);
  return m ? (m[1] === "10" ? "T" : m[1]) + m[2] : null;
}

// Court cards as French players write them: Roi, Dame, Valet (the ace stays A).
const FRENCH_RANKS = { K: "R", Q: "D", J: "V" };

/** The rank as people read it in the page's language ("T" is 10; in French K Q J are R D V). */
export function rankLabel(code) {
  if (code === "JK") return "★";
  if (code[0] === "T") return "10";
  return (lang() === "fr" && FRENCH_RANKS[code[0]]) || code[0];
}

/** A card in words and symbols: "10♥", "Q♠" ("D♠" in French), "Joker". */
export function cardText(code) {
  return pretty(code);
}

/** "TH" → "10♥"; suit letters in other actions get their symbols ("trump S" → "trump ♠"). */
export function pretty(text) {
  if (isCard(text)) {
    const card = parseCard(text);
    return card === "JK" ? t("jokerName") : rankLabel(card) + SUITS[card[1]];
  }
  return text
    .split(" ")
    .map((w) => {
      if (isCard(w)) return pretty(w);
      if (SUITS[w]) return SUITS[w];
      // The action's verb ("discard", "trump", "lead") in the page's language.
      if (has(`act_${w}`)) return t(`act_${w}`);
      const bid = /^(\d+)(S|H|D|C|NT)$/.exec(w);
      if (bid) return bid[1] + (SUITS[bid[2]] || "NT");
      return w;
    })
    .join(" ");
}

function el(name, attrs = {}, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

let corners = 0;

/** One card face (or its back when code is null), 60×84 user units. */
export function cardSvg(code, { className = "" } = {}) {
  const svg = el("svg", { viewBox: "0 0 60 84", class: `card ${className}`.trim(), role: "img" });
  if (!code) {
    svg.setAttribute("aria-label", t("cardBack"));
    svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, class: "back" }));
    svg.append(el("rect", { x: 6, y: 6, width: 48, height: 72, rx: 3, class: "back-inner" }));
    return svg;
  }
  const suit = code === "JK" ? null : code[1];
  const colour = suit && RED.has(suit) ? "red" : "black";
  svg.dataset.card = code;
  svg.setAttribute("aria-label", pretty(code));
  svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, class: "face" }));
  const symbol = suit ? SUITS[suit] : "★";
  const id = `corner-${++corners}`;
  // Colour and sizes come from the <g> itself (currentColor, em), not from the page's rules
  // on .rank and .pip: those do not reach into a <use>'s copy, which drew a red card's
  // second corner black and its "10" at another size.
  const corner = el("g", { class: `${colour} corner`, id, fill: "currentColor" });
  corner.append(el("text", { x: 5, y: 17, class: "rank", "font-size": "1em" }, rankLabel(code)));
  corner.append(el("text", { x: 5, y: 30, class: "pip", "font-size": "0.87em" }, symbol));
  // The other corner repeats this one (a <use>, not a copy: the card's text is written once,
  // so a card that is a button is named by what it shows); the copy inherits colour and size
  // from the <use>, which carries the same classes.
  const mirrored = el("use", { href: `#${id}`, transform: "rotate(180 30 42)", class: `${colour} corner` });
  // The word on the Joker's face, as the page's language writes it (i18n's jokerFace).
  const centre = code === "JK" ? t("jokerFace") : symbol;
  // The drawing's letters are hidden from screen readers: the card's name ("10♥") says it all,
  // and a card that is a button is named by exactly what it shows.
  const drawing = el("g", { "aria-hidden": "true" });
  drawing.append(
    corner,
    mirrored,
    el("text", { x: 30, y: code === "JK" ? 47 : 53, class: `centre ${colour} ${code === "JK" ? "joker" : ""}` }, centre),
  );
  svg.append(drawing);
  return svg;
}
