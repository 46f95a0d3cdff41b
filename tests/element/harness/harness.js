// The page the element suites drive (tests/element/checks.mjs): it imports the
// installed package's element the way a page without a bundler does, and keeps
// a record of every event, every CSP violation and every element ever added,
// inside shadow roots too. `?entry=mcp-2026-07-28` loads the element with both
// profiles (elicit-form/mcp-2026-07-28/element) instead of the default one;
// `?entry=ui` and `?entry=mcp-2026-07-28/ui` those of the ui entries.
// `?url=stub` or `?url=real` adds the URL-mode consent card (below).

const ENTRIES = ["mcp-2026-07-28", "ui", "mcp-2026-07-28/ui"];
const asked = new URLSearchParams(location.search).get("entry");
const entry = `/node_modules/elicit-form/${ENTRIES.includes(asked) ? `${asked}/` : ""}`;
const ElicitFormModule = await import(`${entry}element.js`);
const { ElicitFormElement } = ElicitFormModule;
const { fingerprint } = await import(`${entry}browser.js`);
// `?url=stub` adds the URL-mode consent card (elicit-form/url/element) and
// keeps every window.open call in `opened` instead of opening anything;
// `?url=real` adds the card and leaves window.open as it is.
const url = new URLSearchParams(location.search).get("url");
if (url !== null) await import("/node_modules/elicit-form/url/element.js");
const opened = [];
if (url === "stub") {
  window.open = (...args) => {
    opened.push(args);
    return null;
  };
}

const events = [];
const violations = [];
const added = [];

const observer = new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node.nodeType !== Node.ELEMENT_NODE) continue;
      added.push(node.tagName, ...[...node.querySelectorAll("*")].map((child) => child.tagName));
    }
  }
});
observer.observe(document, { childList: true, subtree: true });

for (const type of ["elicit-result", "elicit-refused", "elicit-invalid"]) {
  document.addEventListener(type, (event) => {
    events.push({ type, detail: event.detail, composed: event.composed, from: event.target.localName });
  });
}
document.addEventListener("securitypolicyviolation", (event) => violations.push(event.violatedDirective));

/**
 * A new card in the slot: attributes first, then other properties (a host's
 * `messages`, say), then the request, as a host sets them.
 */
function show(request, attributes = { "server-name": "billing", "tool-name": "buy_plan" }, properties = {}) {
  const card = document.createElement("elicit-form");
  observer.observe(card.shadowRoot, { childList: true, subtree: true });
  for (const [name, value] of Object.entries(attributes)) card.setAttribute(name, value);
  Object.assign(card, properties);
  card.request = request;
  document.getElementById("slot").replaceChildren(card);
  return card.state;
}

const shadow = () => document.querySelector("elicit-form").shadowRoot;

/** Every element's tag name, in the document and in every open shadow root below it. */
function tags(from = document) {
  const names = [];
  for (const node of from.querySelectorAll("*")) {
    names.push(node.tagName);
    if (node.shadowRoot) names.push(...tags(node.shadowRoot));
  }
  return names;
}

/** What has focus inside the card: the control, its label and its error. */
function focused() {
  const control = shadow().activeElement;
  if (control === null) return null;
  const described = control.getAttribute("aria-describedby");
  return {
    tag: control.localName,
    type: control.type,
    value: control.value,
    label: control.labels?.[0]?.textContent ?? null,
    text: control.localName === "button" ? control.textContent : null,
    invalid: control.getAttribute("aria-invalid"),
    error: described === null ? null : (shadow().getElementById(described)?.textContent ?? null),
  };
}

window.harness = {
  shadow,
  texts: (selector) => [...shadow().querySelectorAll(selector)].map((node) => node.textContent),
  focused,
  tags,
  show,
  card: () => document.querySelector("elicit-form"),
  events,
  violations,
  added,
  fingerprint,
  defined: () => customElements.get("elicit-form") === ElicitFormElement,
  /** Imports a shipped language (`elicit-form/element/messages/<code>`), which registers it. */
  language: (code) => import(`/node_modules/elicit-form/element-messages/${code}.js`).then((module) => module.default),
  /** Imports a shipped language of the URL card (`elicit-form/url/element/messages/<code>`). */
  urlLanguage: (code) =>
    import(`/node_modules/elicit-form/url/element-messages/${code}.js`).then((module) => module.default),
  opened,
  /** The English table of the element loaded. */
  english: () => ElicitFormModule.MESSAGES,
  entry,
};
document.body.dataset.ready = "true";
