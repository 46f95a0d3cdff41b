// The consent card of a URL-mode request, for <elicit-form>
// (`import "elicit-form/url/element"`): importing it registers the card with
// whichever <elicit-form> the page defines (any entry's; it imports none of
// them), so a card whose request has `mode: "url"` shows the link instead of
// refusing the mode. A page that renders forms only never downloads it, nor
// the URL rules' wasm it loads (elicit-form/url).
//
// It keeps the element's rules, and one of its own:
// - the view comes from the package's wasm (`urlElicitation`): the exact URL
//   that will be opened, its site, the warnings, the fingerprint; a link the
//   rules refuse is shown as a refusal, never as a link;
// - attribution is the configured server name (the view's `header`), never
//   server text, and server text reaches the DOM as text nodes only: the URL
//   is selectable text, not an <a href>, so nothing follows, prefetches or
//   previews it;
// - the link is opened by a person's click on Open only, in a new tab with
//   neither opener nor referrer (`window.open(url, "_blank",
//   "noopener,noreferrer")`); drawing the card opens and fetches nothing;
// - that click is the person's consent, and only it: Open's event carries the
//   backend's consent record (`recordUrlConsent`, bound to the host shown)
//   for the host to keep under `consentStorageKey`; Decline and Cancel carry
//   none.
//
// Its words come from the element's table (the host's `messages`, the
// shipped language, English), with URL_MESSAGES below as the English of its
// own keys and its own language modules (url/element-messages/*.js) for
// theirs.

import { UrlRefusalError, loadUnicodeRules, recordUrlConsent, urlElicitation } from "./browser.js";

// The element's hook (element.js, URL_CARD) and where this card's language
// modules register their tables.
const URL_CARD = Symbol.for("elicit-form.url-card");
const LANGUAGES = Symbol.for("elicit-form.url-messages");
// As the element's: a live region given its text at once is often not read out.
const ANNOUNCE_DELAY_MS = 150;

/**
 * The English of the card's own keys. The card also uses the element's
 * `decline`, `cancel`, `fingerprint` and `refusedMessage`.
 */
export const URL_MESSAGES = {
  urlTitle: "{server} asks you to open a link",
  urlSite: "Site",
  urlHost: "Host",
  urlAddress: "Opens",
  urlNote: "Nothing is opened until you choose Open; it opens in a new tab.",
  open: "Open",
  urlWarnings: "Before you open it",
  warningLookalikeHost: "The name could pass for another site's, so it is shown as the browser reads it.",
  warningIpAddress: "The link goes to a numeric address, not to a named site.",
  warningPlainHttp: "The link is not encrypted (plain http); it goes to a program on this computer.",
  warningTrailingDot: "The host ends with a dot: the same name, but another site to the browser.",
  warningPublicSuffix: "The host is a public suffix, under which many unrelated sites are registered.",
  warningPort: "The link names an unusual port.",
  announceUrl: "{server} asks you to open a link",
  urlLoading: "Checking the link…",
  urlRefusalTitle: "Refused: this link is not shown",
  urlRefusalExplanation: "The link breaks a rule for links a person is asked to open: nothing is shown or opened.",
  urlRefusedRequest: "This request cannot be shown.",
  urlRefusedLength: "The link is too long to show.",
  urlRefusedHidden: "The link has hidden or invisible characters.",
  urlRefusedAddress: "The link is not a web address a browser can open.",
  urlRefusedScheme: "The link is not a web page link (https).",
  urlRefusedPlainHttp: "The link is not encrypted (plain http) and goes to another computer.",
  urlRefusedUserInfo: "The link has a name before its site (text before an @), which makes it read as another site's.",
  urlRefusedHost: "The link's site name is not a valid name.",
};

// A refusal's kind (UrlRefusalError.kind) as the key of its words.
const REFUSALS = {
  message: "refusedMessage",
  urlTooLong: "urlRefusedLength",
  hiddenCharacter: "urlRefusedHidden",
  unparseable: "urlRefusedAddress",
  scheme: "urlRefusedScheme",
  plainHttp: "urlRefusedPlainHttp",
  userInfo: "urlRefusedUserInfo",
  emptyHost: "urlRefusedHost",
  singleLabelHost: "urlRefusedHost",
  host: "urlRefusedHost",
};

// What the element's stylesheet does not have: the site prominent, the
// link as text read left to right, the warnings as a note, Open as the
// primary button. Its own constructed sheet, so no inline style.
const STYLE = `
[part~=url-facts] { align-items: baseline; }
[part~=site] { font-size: 1.5em; font-weight: 700; line-height: 1.25; }
[part~=site], [part~=host], [part~=url] { unicode-bidi: isolate; overflow-wrap: anywhere; }
[part~=url] { font-family: var(--_mono); font-size: .875em; user-select: all; }
[part~=url-note] { color: var(--_muted); font-size: .875em; }
[part~=warnings] {
  background: var(--_note);
  border: 1px solid var(--_note-line);
  border-radius: 6px;
  padding: .6em .75em;
  margin: 0 0 .75em;
}
[part~=warnings-title] { font-weight: 600; margin: 0 0 .25em; }
[part~=warnings] ul { margin: 0; padding-inline-start: 1.25em; }
[part~=open] { background: var(--_accent); color: var(--_accent-ink); }
`;

let sheet;
function styleSheet() {
  if (sheet === undefined) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
  }
  return sheet;
}

/** An element with `part` names and properties set, and children appended as text or nodes. */
function element(tag, part, properties, ...children) {
  const node = Object.assign(document.createElement(tag), properties);
  if (part) node.setAttribute("part", part);
  node.append(...children.filter((child) => child !== null && child !== undefined && child !== false));
  return node;
}

/** `message` with its `{name}` slots filled: a list of text and nodes, for `append` (as the element's `words`). */
function words(message, slots = {}) {
  if (typeof message === "function") {
    message = `${message(Object.fromEntries(Object.entries(slots).map(([name, value]) => [name, value?.textContent ?? value])))}`;
  }
  return `${message}`.split(/\{(\w+)\}/).map((piece, index) => (index % 2 ? slots[piece] ?? `{${piece}}` : piece));
}

/**
 * The card's table: this card's English, the element's table (its English,
 * its shipped language, the host's), this card's shipped language for the
 * nearest `lang`, and the host's table again, which has the last word.
 */
function language(card, { lang, table, dir }) {
  const registered = globalThis[LANGUAGES] ?? {};
  const shipped = registered[lang] ?? registered[lang.split("-")[0]];
  const all = { ...URL_MESSAGES, ...table, ...shipped, ...card.messages };
  const say = (key, slots) => words(all[key], slots).map((piece) => piece?.textContent ?? piece).join("");
  return { table: all, say, dir: dir ?? shipped?.dir };
}

/** Key of a warning's words: `lookalikeHost` → `warningLookalikeHost`. */
const warningKey = (kind) => `warning${kind[0].toUpperCase()}${kind.slice(1)}`;

/**
 * The element's hook: draws the card for `params` into `card`'s shadow root
 * and fills `view` (the element's: `state`, `panel` for focus, `fingerprint`,
 * `refusal`). Errors other than a refusal (the wasm not loaded) are thrown
 * for the element to show as an unreadable request.
 */
function showUrlCard(card, params, view) {
  const root = card.shadowRoot;
  if (!root.adoptedStyleSheets.includes(styleSheet())) root.adoptedStyleSheets = [...root.adoptedStyleSheets, styleSheet()];
  const [status, body] = [root.firstChild, root.lastChild];
  const { table, say, dir } = language(card, view.language);
  if (dir && !card.dir) body.dir = dir;
  let shown;
  try {
    shown = urlElicitation(params, card.serverName);
  } catch (error) {
    if (!(error instanceof UrlRefusalError)) throw error;
    if (error.kind !== "unicodeRules") return showRefusal(card, error, view, { body, status, say });
    // The host needs the Unicode rules, which the entry is fetching: nothing
    // of the link is shown until they decide it, then the card draws again
    // (unless the request changed meanwhile and took the card's body).
    const waiting = element("p", "url-loading", {}, say("urlLoading"));
    body.append(waiting);
    const again = () => body.contains(waiting) && (waiting.remove(), true);
    loadUnicodeRules().then(() => again() && showUrlCard(card, params, view),
      () => again() && showRefusal(card, error, view, { body, status, say }));
    return;
  }
  const server = () => element("span", "server-name", {}, shown.header);
  const site = shown.site;
  const host = shown.displayHost;
  const emit = (action, consent = null) => {
    card.dispatchEvent(new CustomEvent("elicit-result", {
      bubbles: true,
      composed: true,
      detail: {
        action, mode: "url", fingerprint: shown.fingerprint, url: shown.url, elicitationId: shown.elicitationId,
        host: shown.host, consent,
      },
    }));
  };
  const button = (name) => element("button", `button ${name}`, { type: "button", id: name }, say(name));
  const open = button("open");
  const decline = button("decline");
  const cancel = button("cancel");
  open.addEventListener("click", () => {
    if (card.disabled) return;
    // The person's consent, to the host they were shown, made at the click.
    const consent = recordUrlConsent({ server: card.serverName, tool: card.toolName, host: shown.host });
    // The exact text shown, in a new tab that cannot reach back to this page
    // or learn where it came from. A click opens it, nothing else does.
    window.open(shown.url, "_blank", "noopener,noreferrer");
    emit("accept", consent);
  });
  decline.addEventListener("click", () => card.disabled || emit("decline"));
  cancel.addEventListener("click", () => card.disabled || emit("cancel"));
  const ltr = { dir: "ltr" };
  const warnings = shown.warnings.length === 0 ? null : element("div", "warnings", {},
    element("p", "warnings-title", { id: "warnings-title" }, say("urlWarnings")),
    // A kind this card has no words for (a newer package's) keeps the package's English sentence.
    element("ul", "", {}, ...shown.warnings.map(({ kind, message }) =>
      element("li", `warning warning-${kind}`, {}, table[warningKey(kind)] === undefined ? message : say(warningKey(kind))))));
  const panel = element(
    "div",
    "card url-card",
    { tabIndex: -1 },
    element("h2", "title", { id: "title" }, ...words(table.urlTitle, { server: server() })),
    element("p", "message", {}, shown.message),
    element("dl", "url-facts", {},
      element("dt", "", {}, say("urlSite")),
      element("dd", "site", ltr, site),
      host === site ? null : element("dt", "", {}, say("urlHost")),
      // The host with its site set apart, as a person should read it: the
      // labels before the site are the site's to choose.
      host === site ? null : element("dd", "host", ltr, ...(host.endsWith(`.${site}`)
        ? [element("span", "host-rest", {}, host.slice(0, -site.length)), element("strong", "host-site", {}, site)]
        : [host])),
      element("dt", "", {}, say("urlAddress")),
      element("dd", "url", ltr, shown.url)),
    warnings,
    element("p", "url-note", {}, say("urlNote")),
    element("div", "actions", {}, open, decline, cancel),
    element("p", "fingerprint", {}, ...words(table.fingerprint, {
      fingerprint: element("code", "fingerprint-value", {}, shown.fingerprint),
    })),
  );
  // Focus lands on the card itself (a person reads before choosing), named by its title.
  panel.setAttribute("role", "group");
  panel.setAttribute("aria-labelledby", "title");
  body.append(panel);
  const buttons = [open, decline, cancel];
  const applyDisabled = () => {
    for (const control of buttons) control.disabled = card.disabled;
  };
  applyDisabled();
  // The element applies `disabled` to a form's controls; these follow it
  // here, for as long as this card is the one shown.
  const watch = new MutationObserver(() => (body.contains(panel) ? applyDisabled() : watch.disconnect()));
  watch.observe(card, { attributes: true, attributeFilter: ["disabled"] });
  Object.assign(view, { state: "url", panel, fingerprint: shown.fingerprint });
  announce(status, say("announceUrl", { server: card.serverName }));
}

/** A refused link: the refusal in the card's words, no link, nothing to open; `elicit-refused` after the render. */
function showRefusal(card, refusal, view, { body, status, say }) {
  const panel = element(
    "div",
    "refusal url-refusal",
    { tabIndex: -1 },
    element("h2", "refusal-title", {}, say("urlRefusalTitle")),
    element("p", "refusal-reason", {}, say(REFUSALS[refusal.kind] ?? "urlRefusedRequest")),
    element("p", "refusal-explanation", {}, say("urlRefusalExplanation")),
  );
  body.append(panel);
  // The package's exact text stays in the event and `card.refusal`, for the host.
  const detail = { mode: "url", kind: refusal.kind, message: refusal.message };
  Object.assign(view, { state: "refused", refusal: detail, panel });
  announce(status, say("announceRefusal", { server: card.serverName }));
  // As the element's: told once the task that drew it is done, if still shown.
  queueMicrotask(() => {
    if (body.contains(panel)) card.dispatchEvent(new CustomEvent("elicit-refused", { bubbles: true, composed: true, detail }));
  });
}

function announce(status, text) {
  status.textContent = "";
  setTimeout(() => {
    status.textContent = text;
  }, ANNOUNCE_DELAY_MS);
}

// Registered where every copy of the element looks (one copy per entry); a
// second copy of this module leaves the first in place.
globalThis[URL_CARD] ??= showUrlCard;
