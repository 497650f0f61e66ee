// What a bridge call means, in the page's language. The server explains calls in English
// (atout.bots.bridge_bidding.explain, public information only); these patterns say the same
// sentences in French. An explanation no pattern knows stays as the server wrote it.
import { lang } from "./index.js";

const SUIT = "(?<name>clubs|diamonds|hearts|spades|no-trumps)";
const SUIT_FR = { clubs: "trèfles", diamonds: "carreaux", hearts: "cœurs", spades: "piques", "no-trumps": "sans-atout" };
const N = "(?<n>\\d+\\+?(?:-\\d+)?)";

/** [English pattern, French sentence]: {name} is a suit in words, {n} and others as caught. */
const FRENCH = [
  [`^pass: fewer than 12 points, no weak two or preempt$`, "passe : moins de 12 points, ni deux faible ni barrage"],
  [`^pass: no overcall or double$`, "passe : ni intervention ni contre"],
  [`^pass: too weak to respond$`, "passe : trop faible pour répondre"],
  [`^pass: nothing more to say$`, "passe : rien de plus à dire"],
  [`^takeout double: 12\\+ points, short in their suit, support for the others$`, "contre d'appel : 12+ points, court dans leur couleur, soutien dans les autres"],
  [`^penalty double: they will not make it$`, "contre punitif : ils ne le feront pas"],
  [`^redouble: we will make it, and more$`, "surcontre : nous le ferons, et plus"],
  [`^answer to partner's takeout double: longest suit, ${SUIT}$`, "réponse au contre d'appel du partenaire : couleur la plus longue, {name}"],
  [`^1NT overcall: ${N} high-card points, balanced, a stopper$`, "intervention à 1SA : {n} points d'honneurs, main régulière, un arrêt"],
  [`^overcall: five or more ${SUIT}, ${N} points$`, "intervention : cinq {name} ou plus, {n} points"],
  [`^Blackwood: asks partner how many aces he holds$`, "Blackwood : demande au partenaire combien d'as il a"],
  [`^answer to Blackwood: (?<aces>\\d)(?: or (?<other>\\d))? aces$`, "réponse au Blackwood : {aces} as"],
  [`^Stayman: asks for a four-card major; ${N} points$`, "Stayman : demande une majeure quatrième ; {n} points"],
  [`^answer to Stayman: four hearts$`, "réponse au Stayman : quatre cœurs"],
  [`^answer to Stayman: four spades, not four hearts$`, "réponse au Stayman : quatre piques, pas quatre cœurs"],
  [`^answer to Stayman: no four-card major$`, "réponse au Stayman : pas de majeure quatrième"],
  [`^completes partner's transfer: ${SUIT}$`, "complète le transfert du partenaire : {name}"],
  [`^game raise: three-card support, ${N} points$`, "soutien de manche : soutien troisième, {n} points"],
  [`^limit raise: three-card support, ${N} points$`, "soutien limite : soutien troisième, {n} points"],
  [`^single raise: three-card support, ${N} points$`, "soutien simple : soutien troisième, {n} points"],
  [`^raise: support for ${SUIT}, ${N} points$`, "soutien : fit à {name}, {n} points"],
  [`^invitational: ${N} points, asks partner to bid 3NT with a maximum$`, "proposition : {n} points, demande au partenaire de dire 3SA avec un maximum"],
  [`^natural: (?<level>\\d)NT to play, stoppers in their suits$`, "naturel : {level}SA pour le jouer, arrêts dans leurs couleurs"],
  [`^natural: ${SUIT}, to play or towards game$`, "naturel : {name}, pour le jouer ou vers la manche"],
  [`^natural: ${SUIT}$`, "naturel : {name}"],
  [`^new suit at the two level: four or more ${SUIT}, ${N} points, forcing$`, "couleur nouvelle au palier de deux : quatre {name} ou plus, {n} points, forcing"],
  [`^new suit: four or more ${SUIT}, ${N} points, forcing$`, "couleur nouvelle : quatre {name} ou plus, {n} points, forcing"],
  [`^opener's raise: four ${SUIT}$`, "soutien de l'ouvreur : quatre {name}"],
  [`^opener's rebid: ${N} high-card points, balanced$`, "redemande de l'ouvreur : {n} points d'honneurs, main régulière"],
  [`^opener's rebid: six or more ${SUIT}$`, "redemande de l'ouvreur : six {name} ou plus"],
  [`^opening: five or more ${SUIT}, ${N} points$`, "ouverture : cinq {name} ou plus, {n} points"],
  [`^opening: three or more ${SUIT}, ${N} points, no five-card major$`, "ouverture : trois {name} ou plus, {n} points, pas de majeure cinquième"],
  [`^${N} high-card points, balanced$`, "{n} points d'honneurs, main régulière"],
  [`^${N} points, no fit, nothing better to bid$`, "{n} points, pas de fit, rien de mieux à dire"],
  [`^preempt: long ${SUIT}, weak$`, "barrage : {name} longs, main faible"],
  [`^preempt: seven ${SUIT}, ${N} high-card points$`, "barrage : sept {name}, {n} points d'honneurs"],
  [`^weak two: six ${SUIT}, ${N} high-card points$`, "deux faible : six {name}, {n} points d'honneurs"],
  [`^strong and artificial: ${N} high-card points$`, "fort et artificiel : {n} points d'honneurs"],
  [`^to play: ${N} points$`, "pour le jouer : {n} points"],
  [`^waiting: artificial, any hand$`, "attente : artificiel, toute main"],
].map(([pattern, french]) => [new RegExp(pattern), french]);

const CHOICE = " (the system's choice with this hand)";

function frenchMeaning(text) {
  const chosen = text.endsWith(CHOICE);
  const body = chosen ? text.slice(0, -CHOICE.length) : text;
  for (const [pattern, french] of FRENCH) {
    const m = pattern.exec(body);
    if (!m) continue;
    const groups = { ...(m.groups || {}) };
    if (groups.name) groups.name = SUIT_FR[groups.name];
    if (groups.other) groups.aces = `${groups.aces} ou ${groups.other}`;
    const said = french.replace(/\{(\w+)\}/g, (_, k) => groups[k] ?? "");
    return chosen ? `${said} (le choix du système avec cette main)` : said;
  }
  return text;
}

/** A call's meaning as the server explains it, in the page's language. */
export function callMeaning(text) {
  if (!text || lang() !== "fr") return text;
  return frenchMeaning(text);
}
