// A small DOM morph: a redraw builds a fresh tree with h() and `patch` brings the page's
// tree to it, keeping the elements that are still there. A button under the pointer stays
// the same node (a click is never lost to a detached element), an animation plays when its
// element arrives and not again on each frame, and what the person did that the page does
// not own (a <details> opened, text typed, a caret, the focus, a choice in a <select>) stays.
//
// Matching: among an element's children, a new child takes the old child of the same key. The
// key is `data-key`, else `data-card` (a card is the same card wherever it moves in its row),
// else the id of an HTML element. A child without a key takes the next old one of its tag
// without a key that holds one of the same ids inside (a <p> around the Review button), or,
// holding none, one that holds none; failing that, the next one whose ids no later new child
// holds. An old child nobody takes is removed; a new child with no old one is inserted.
//
// Handlers: `on(node, type, fn)` keeps `fn` in `node._on[type]` behind one listener per type,
// so a morph can swap a kept element's handlers for the new tree's (addEventListener could
// not be copied). h() (lobby.js) sets its `on...` attributes this way.
//
// The page's say over user state: an attribute the new tree has is set; a <details>' `open`
// is only ever set by the morph, never removed (the person closes what they opened); a
// form field's value, checked state and a <select>'s choice follow the new tree only when the
// page changed what it asks for since the last redraw, so a person's typing or choice stays.

const HTML = "http://www.w3.org/1999/xhtml";

function dispatch(event) {
  const fn = this._on?.[event.type];
  if (fn) return fn.call(this, event);
}

/** Run `fn` on `type` events of `node` (one handler a type: a later one replaces it). */
export function on(node, type, fn) {
  node._on ??= {};
  if (!(type in node._on)) node.addEventListener(type, dispatch);
  node._on[type] = fn;
  return node;
}

function key(node) {
  if (node.nodeType !== 1) return null;
  const k = node.getAttribute("data-key") ?? node.getAttribute("data-card");
  if (k !== null) return `k:${k}`;
  if (node.id && node.namespaceURI === HTML) return `#${node.id}`;
  return null;
}

const NONE = new Set();

/** The ids inside an HTML element (not a card's drawing's): what an unkeyed element holds. */
function idsIn(node) {
  if (node.nodeType !== 1 || node.namespaceURI !== HTML) return NONE;
  const found = node.querySelectorAll("[id]:not(svg *)");
  return found.length ? new Set([...found].map((e) => e.id)) : NONE;
}

function meets(a, b) {
  for (const id of a) if (b.has(id)) return true;
  return false;
}

function same(a, b) {
  if (a.nodeType !== b.nodeType) return false;
  if (a.nodeType !== 1) return true;
  if (a.nodeName !== b.nodeName || a.namespaceURI !== b.namespaceURI) return false;
  return a.nodeName !== "INPUT" || a.type === b.type;
}

const FIELDS = "input, select, textarea";

/** What the page asked a form field to hold: its value, and checked state for a box. */
function asked(field) {
  return field.type === "checkbox" || field.type === "radio" ? `${field.checked}` : field.value;
}

/** Note what the page asked of each form field of a tree it has just inserted. */
function noteFields(node) {
  if (node.nodeType !== 1) return;
  if (node.matches(FIELDS)) node._asked = asked(node);
  for (const field of node.querySelectorAll(FIELDS)) field._asked = asked(field);
}

function syncAttributes(old, next) {
  for (const { name } of [...old.attributes]) {
    if (next.hasAttribute(name)) continue;
    if (name === "open" && old.nodeName === "DETAILS") continue;
    if (name === "style") old.style.cssText = "";
    else old.removeAttribute(name);
  }
  for (const { name, value } of next.attributes) {
    if (old.getAttribute(name) === value) continue;
    // Styles go through the CSSOM: the page's CSP refuses a style attribute set as text.
    if (name === "style") old.style.cssText = next.style.cssText;
    else old.setAttribute(name, value);
  }
}

function syncField(old, next, wanted) {
  if (old._asked === wanted) return; // the page asks what it asked: the person's input stays
  old._asked = wanted;
  if (old.type === "checkbox" || old.type === "radio") old.checked = next.checked;
  else if (old.value !== wanted) old.value = wanted;
}

/** Bring `old` to `next` (the same kind of node); `next` is spent. */
export function morph(old, next) {
  if (old.nodeType !== 1) {
    if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
    return old;
  }
  // A <select>'s value comes from its options: read it before they move to the old one.
  const wanted = old.matches(FIELDS) ? asked(next) : null;
  syncAttributes(old, next);
  const handlers = next._on || {};
  for (const type of Object.keys(old._on || {})) if (!(type in handlers)) old._on[type] = null;
  for (const [type, fn] of Object.entries(handlers)) on(old, type, fn);
  patch(old, [...next.childNodes]);
  if (wanted !== null) syncField(old, next, wanted);
  return old;
}

/** Make `parent`'s children match `children` (new nodes, or strings for text), keeping the old. */
export function patch(parent, children) {
  const fresh = children
    .flat(Infinity)
    .filter((c) => c !== null && c !== undefined && c !== false)
    .map((c) => (typeof c === "object" ? c : document.createTextNode(String(c))));
  const olds = [...parent.childNodes];
  const keyed = new Map();
  for (const node of olds) {
    const k = key(node);
    if (k !== null && !keyed.has(k)) keyed.set(k, node);
  }
  const taken = new Set();
  const inside = new Map(); // old node -> the ids it holds, computed once
  const idsOf = (old) => {
    if (!inside.has(old)) inside.set(old, idsIn(old));
    return inside.get(old);
  };
  // The ids each new child holds, and how many of the new children still to place hold each.
  const held = fresh.map((next) => (key(next) === null ? idsIn(next) : NONE));
  const wanted = new Map();
  for (const ids of held) for (const id of ids) wanted.set(id, (wanted.get(id) || 0) + 1);
  let from = 0;
  const result = fresh.map((next, i) => {
    for (const id of held[i]) wanted.set(id, wanted.get(id) - 1);
    const k = key(next);
    let match = null;
    if (k !== null) {
      const old = keyed.get(k);
      if (old && !taken.has(old) && same(old, next)) match = old;
    } else {
      // An unkeyed element takes the next old one of its tag that holds one of its ids (or, holding
      // none, one that holds none), else the next one whose ids no later new child holds: a <p>
      // around the Review button is never taken for the one around Next deal.
      const mine = held[i];
      const free = (old) => !taken.has(old) && key(old) === null && same(old, next);
      const later = (old) => ![...idsOf(old)].some((id) => wanted.get(id) > 0);
      const tests = [(old) => (mine.size ? meets(mine, idsOf(old)) : idsOf(old).size === 0), later];
      for (const test of tests) {
        const j = olds.findIndex((old, at) => at >= from && free(old) && test(old));
        if (j < 0) continue;
        match = olds[j];
        from = j + 1;
        break;
      }
    }
    if (!match) {
      noteFields(next);
      return next;
    }
    taken.add(match);
    return morph(match, next);
  });
  for (const node of olds) if (!taken.has(node)) node.remove();
  // Place the nodes in order, moving only those out of place (a move would blur or detach).
  let cursor = parent.firstChild;
  for (const node of result) {
    if (node === cursor) cursor = cursor.nextSibling;
    else parent.insertBefore(node, cursor);
  }
}
