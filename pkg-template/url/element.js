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
// theirs. It builds with the DOM helpers it shares with the element
// (../card/dom.js): the element hands them over with each request (each
// entry's element has them inside), so this card imports no entry's element
// and a page that shows both cards loads them once.

import { UrlRefusalError, loadUnicodeRules, recordUrlConsent, urlElicitation } from "./browser.js";
import STYLE from "./style.css";

/** The element's DOM helpers (card/dom.js), as it last handed them over. */
let dom;

// Where this card's language modules register their tables.
const LANGUAGES = Symbol.for("elicit-form.url-messages");

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

/**
 * The card's table: this card's English, the element's table (its English,
 * its shipped language, the host's), this card's shipped language for the
 * nearest `lang`, and the host's table again, which has the last word.
 */
function language(card, { lang, table, dir }) {
  return dom.pickLanguage(LANGUAGES, lang, { ...URL_MESSAGES, ...table }, card.messages, dir);
}

/** Key of a warning's words: `lookalikeHost` → `warningLookalikeHost`. */
const warningKey = (kind) => `warning${kind[0].toUpperCase()}${kind.slice(1)}`;

/**
 * The element's hook: draws the card for `params` into `card`'s shadow root
 * and fills `view` (the element's: `state`, `panel` for focus, `fingerprint`,
 * `refusal`). Errors other than a refusal (the wasm not loaded) are thrown
 * for the element to show as an unreadable request.
 */
function showUrlCard(card, params, view, helpers) {
  dom = helpers;
  const root = card.shadowRoot;
  const sheet = dom.styleSheet(STYLE);
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
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
    const waiting = dom.element("p", "url-loading", {}, say("urlLoading"));
    body.append(waiting);
    const again = () => {
      if (!body.contains(waiting)) return false;
      waiting.remove();
      return true;
    };
    loadUnicodeRules().then(
      () => again() && showUrlCard(card, params, view, helpers),
      () => again() && showRefusal(card, error, view, { body, status, say }),
    );
    return;
  }
  const site = shown.site;
  const host = shown.displayHost;
  const report = (action, consent = null) =>
    dom.emit(card, "elicit-result", {
      action,
      mode: "url",
      fingerprint: shown.fingerprint,
      url: shown.url,
      elicitationId: shown.elicitationId,
      host: shown.host,
      consent,
    });
  const [open, decline, cancel] = ["open", "decline", "cancel"].map((name) => dom.button(say, name));
  open.addEventListener("click", () => {
    if (card.disabled) return;
    // The person's consent, to the host they were shown, made at the click.
    const consent = recordUrlConsent({ server: card.serverName, tool: card.toolName, host: shown.host });
    // The exact text shown, in a new tab that cannot reach back to this page
    // or learn where it came from. A click opens it, nothing else does.
    window.open(shown.url, "_blank", "noopener,noreferrer");
    report("accept", consent);
  });
  decline.addEventListener("click", () => card.disabled || report("decline"));
  cancel.addEventListener("click", () => card.disabled || report("cancel"));
  const ltr = { dir: "ltr" };
  const warnings =
    shown.warnings.length === 0
      ? null
      : dom.element(
          "div",
          "warnings",
          {},
          dom.element("p", "warnings-title", { id: "warnings-title" }, say("urlWarnings")),
          // A kind this card has no words for (a newer package's) keeps the package's English sentence.
          dom.element(
            "ul",
            "",
            {},
            ...shown.warnings.map(({ kind, message }) =>
              dom.element(
                "li",
                `warning warning-${kind}`,
                {},
                table[warningKey(kind)] === undefined ? message : say(warningKey(kind)),
              ),
            ),
          ),
        );
  const panel = dom.element(
    "div",
    "card url-card",
    { tabIndex: -1 },
    dom.heading(table.urlTitle, shown.header),
    dom.element("p", "message", {}, shown.message),
    dom.element(
      "dl",
      "url-facts",
      {},
      dom.element("dt", "", {}, say("urlSite")),
      dom.element("dd", "site", ltr, site),
      host === site ? null : dom.element("dt", "", {}, say("urlHost")),
      // The host with its site set apart, as a person should read it: the
      // labels before the site are the site's to choose.
      host === site
        ? null
        : dom.element(
            "dd",
            "host",
            ltr,
            ...(host.endsWith(`.${site}`)
              ? [
                  dom.element("span", "host-rest", {}, host.slice(0, -site.length)),
                  dom.element("strong", "host-site", {}, site),
                ]
              : [host]),
          ),
      dom.element("dt", "", {}, say("urlAddress")),
      dom.element("dd", "url", ltr, shown.url),
    ),
    warnings,
    dom.element("p", "url-note", {}, say("urlNote")),
    dom.element("div", "actions", {}, open, decline, cancel),
    dom.fingerprintLine(table, shown.fingerprint),
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
  dom.announce(status, say("announceUrl", { server: card.serverName }));
}

/** A refused link: the refusal in the card's words, no link, nothing to open; `elicit-refused` after the render. */
function showRefusal(card, refusal, view, { body, status, say }) {
  const panel = dom.refusalPanel(
    "refusal url-refusal",
    say("urlRefusalTitle"),
    [say(REFUSALS[refusal.kind] ?? "urlRefusedRequest")],
    null,
    say("urlRefusalExplanation"),
    null,
  );
  body.append(panel);
  // The package's exact text stays in the event and `card.refusal`, for the host.
  const detail = { mode: "url", kind: refusal.kind, message: refusal.message };
  Object.assign(view, { state: "refused", refusal: detail, panel });
  dom.announce(status, say("announceRefusal", { server: card.serverName }));
  dom.emitAfterRender(card, "elicit-refused", detail, () => body.contains(panel));
}

// Registered where every copy of the element looks (one copy per entry; the
// key is card/dom.js's URL_CARD); a second copy of this module leaves the
// first in place.
globalThis[Symbol.for("elicit-form.url-card")] ??= showUrlCard;
