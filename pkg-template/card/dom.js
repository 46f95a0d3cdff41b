// What both cards build with: <elicit-form>'s question card (card/element.js)
// and the URL-mode consent card (url/element.js), which draws into the same
// shadow root. One module, so a page that shows both loads it once.
//
// Server text is data: these put it in as text nodes (`append` of a string),
// properties and attributes that are not parsed as markup, never through an
// HTML-parsing sink, so the cards work with Trusted Types required; their
// styles are constructed stylesheets, so a strict CSP needs no inline style.

/** Where the URL-mode consent card registers itself, for every copy of the element (one per entry) to find. */
export const URL_CARD = Symbol.for("elicit-form.url-card");

// A live region given its text as it is drawn is often not read out: the text
// comes a moment later.
const ANNOUNCE_DELAY_MS = 150;

/** An element with `part` names and properties set, and children appended as text or nodes. */
export function element(tag, part, properties, ...children) {
  const node = Object.assign(document.createElement(tag), properties);
  if (part) node.setAttribute("part", part);
  node.append(...children.filter((child) => child !== null && child !== undefined && child !== false));
  return node;
}

/**
 * `message` (a table's value) with its `{name}` slots filled from `slots`: a
 * list of text and nodes, for `append`. A function gets the slots as text.
 */
export function words(message, slots = {}) {
  if (typeof message === "function") {
    message = `${message(Object.fromEntries(Object.entries(slots).map(([name, value]) => [name, value?.textContent ?? value])))}`;
  }
  return `${message}`.split(/\{(\w+)\}/).map((piece, index) => (index % 2 ? (slots[piece] ?? `{${piece}}`) : piece));
}

/**
 * A card's words: `table` laid over the one below it key by key, and `say`,
 * a key's message with its slots filled, as text. `registry` names where the
 * shipped languages register (each a module that registers on import); the
 * one for `lang` (`de-AT` finds `de`) goes between `below` and the host's
 * `own` table, which has the last word. `dir` is the host table's, else
 * `dir` (the one the card below chose), else the shipped language's.
 */
export function pickLanguage(registry, lang, below, own, dir) {
  const registered = globalThis[registry] ?? {};
  const shipped = registered[lang] ?? registered[lang.split("-")[0]];
  const table = { ...below, ...shipped, ...own };
  const say = (key, slots) =>
    words(table[key], slots)
      .map((piece) => piece?.textContent ?? piece)
      .join("");
  return { lang, table, say, dir: own?.dir ?? dir ?? shipped?.dir };
}

/** The server's configured name, as the cards show it. */
export const serverLabel = (name) => element("span", "server-name", {}, name);

/** A card's heading: `message` with `{server}` the configured name. */
export const heading = (message, server) =>
  element("h2", "title", { id: "title" }, ...words(message, { server: serverLabel(server) }));

/** A button named by its key: its part, its id and its words. */
export const button = (say, name, type = "button") =>
  element("button", `button ${name}`, { type, id: name }, say(name));

/** The line that shows the fingerprint of what is shown. */
export const fingerprintLine = (table, fingerprint) =>
  element(
    "p",
    "fingerprint",
    {},
    ...words(table.fingerprint, { fingerprint: element("code", "fingerprint-value", {}, fingerprint) }),
  );

/** A refusal: nothing is asked or shown but why, so it takes focus itself. */
export const refusalPanel = (part, title, reason, facts, explanation, note) =>
  element(
    "div",
    part,
    { tabIndex: -1 },
    element("h2", "refusal-title", {}, title),
    element("p", "refusal-reason", {}, ...reason),
    facts,
    element("p", "refusal-explanation", {}, explanation),
    note,
  );

const sheets = new Map();
/** One constructed stylesheet for each CSS text, made on first use (a constructed sheet is not subject to style-src). */
export function styleSheet(css) {
  let sheet = sheets.get(css);
  if (sheet === undefined) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

const announcing = new WeakMap();
/** Tells assistive technology, politely, what just arrived, in the live region `status` (the last text wins). */
export function announce(status, text) {
  clearTimeout(announcing.get(status));
  status.textContent = "";
  announcing.set(
    status,
    setTimeout(() => {
      status.textContent = text;
    }, ANNOUNCE_DELAY_MS),
  );
}

/** Dispatches a card's event: it bubbles and leaves the shadow root. */
export function emit(card, type, detail) {
  card.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }));
}

/**
 * What a render finds is told once the task that caused it is done (a
 * framework's commit, say), and only if `shown()` says the card still shows it.
 */
export function emitAfterRender(card, type, detail, shown) {
  queueMicrotask(() => {
    if (shown()) emit(card, type, detail);
  });
}
