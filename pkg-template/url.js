// The API of `elicit-form/url` (scripts/build.mjs writes that entry's api.js
// to export this module and core.js's init and initSync): a URL-mode
// request's view for a consent card, and the backend's consent record
// (everruns-core's StoredConsent, under its own key) and decision. Its wasm has
// the URL rules alone (the crate's `url-mode` feature), so a page that only
// renders forms never downloads them. As in core.js, every rule is decided in
// Rust: this module checks argument types, converts, and turns the reply
// envelope into a value or an error.
//
// The entry's wasm has the URL rules for plain ASCII hosts; every rule,
// with the Unicode ones, is a second wasm with its own glue, loaded when a
// host needs it. The first refuses such a link with the kind `unicodeRules`
// and decides nothing else about it; this module then hands the same call to
// the second. The runtime entry (pkg-template/url/) says how the second
// loads: at once where it can be read synchronously (Node.js, Deno, Bun,
// workerd), or by fetching it (browsers), where a call before it arrives
// throws the `unicodeRules` refusal and starts the fetch
// (docs/url-mode.md, "Two wasm builds").

/** @import * as G from "./generated.js" */

// The types of elicit-form/url; the view and decision shapes are generated
// from the Rust types (generated.d.ts).

/** @typedef {import("./types.js").FormTime} FormTime */
/** @typedef {import("./types.js").InitInput} InitInput */
/** @typedef {G.UrlView} UrlView */
/** @typedef {G.UrlWarning} UrlWarning */
/** @typedef {G.UrlWarningKind} UrlWarningKind */
/** @typedef {G.UrlPending} UrlPending */
/** @typedef {G.UrlDecision} UrlDecision */
/**
 * A person's consent to a link, everruns-core's StoredConsent: read and
 * written by the backend as it is by this package. `expires_at` is RFC 3339.
 * @typedef {G.StoredConsent} StoredConsent
 */

/**
 * Why a link is refused: `UrlRefusalError.kind`. `unicodeRules`, in
 * browsers only: the link's host is not plain ASCII and the Unicode rules
 * that decide it were not loaded yet (nothing is shown); the call started
 * loading them: ask again once `loadUnicodeRules()` resolves.
 * @typedef {"params" | "message" | "hiddenText" | "urlTooLong" | "hiddenCharacter" | "unparseable" | "scheme" | "plainHttp" | "userInfo" | "emptyHost" | "singleLabelHost" | "host" | "unicodeRules"} UrlRefusalKind
 */

/**
 * A URL-mode request's params: 2025-11-25's `elicitation/create` params, or
 * a 2026-07-28 `input_required` entry holding them; or their JSON text.
 * @typedef {{ mode: "url"; message?: string; url: string; elicitationId?: string } | { method: "elicitation/create"; params: { mode: "url"; message?: string; url: string } } | object | string} UrlParams
 */

import { afterCall, boundedInstance, jsonText, name, nowArgument, objectArgument, wasm, whenReady } from "./core.js";

const URL_REFUSAL_BRAND = Symbol.for("elicit-form.UrlRefusalError");

/**
 * The link cannot be put in front of a person (src/url_mode/refusal.rs). Its
 * public declaration is errors.d.ts's, as core.js's classes.
 */
export class UrlRefusalError extends Error {
  /**
   * @param {string} message
   * @param {{ kind?: UrlRefusalKind }} [details]
   */
  constructor(message, { kind } = {}) {
    super(message);
    Object.defineProperty(this, URL_REFUSAL_BRAND, { value: true });
    this.kind = kind;
  }
}
// As core.js brands its classes: `instanceof` across copies of the package,
// and a name minifiers cannot change.
Object.defineProperty(UrlRefusalError, Symbol.hasInstance, {
  /** @param {any} value */
  value(value) {
    if (this !== UrlRefusalError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && value[URL_REFUSAL_BRAND] === true;
  },
});
Object.defineProperty(UrlRefusalError, "name", { value: "UrlRefusalError", configurable: true });
Object.defineProperty(UrlRefusalError.prototype, "name", {
  value: "UrlRefusalError",
  writable: true,
  configurable: true,
});

// The Unicode rules once instantiated: their glue (the same exports as the
// first wasm's) and its instance's exports. The runtime entry says how they
// load: `now`, which instantiates them at once, or `later`, which gives a
// promise of them (browsers). (Inline types: a typedef would be declared
// with the package's types.)
/** @type {{ glue: typeof import("./elicit_form.js"); exports: { memory: WebAssembly.Memory } } | undefined} */
let unicode;
/** @type {{ now?: () => { glue: typeof import("./elicit_form.js"); exports: { memory: WebAssembly.Memory } }; later?: () => Promise<{ glue: typeof import("./elicit_form.js"); exports: { memory: WebAssembly.Memory } }> } | undefined} */
let unicodeSource;
/** @type {Promise<void> | undefined} */
let unicodeLoading;

/**
 * The runtime entry's way of loading the Unicode rules.
 * @param {{ now?: () => { glue: typeof import("./elicit_form.js"); exports: { memory: WebAssembly.Memory } }; later?: () => Promise<{ glue: typeof import("./elicit_form.js"); exports: { memory: WebAssembly.Memory } }> }} source
 * @internal
 */
export function unicodeRulesFrom(source) {
  unicodeSource = source;
}

function unicodeRulesNow() {
  if (unicode === undefined && unicodeSource?.now !== undefined) unicode = unicodeSource.now();
  return unicode;
}

/**
 * Loads the URL rules for hosts that are not plain ASCII (IDNA, the display
 * policy, the Public Suffix List's internationalized rules), a second wasm
 * the entry otherwise loads on the first such host: synchronously in
 * Node.js, Deno, Bun and Workers (this resolves at once), by fetching it in
 * browsers, where a call for such a host before it arrives throws the
 * `unicodeRules` refusal. Await it to have every link decided at once.
 * @returns {Promise<void>}
 */
export function loadUnicodeRules() {
  whenReady();
  if (unicode !== undefined) return Promise.resolve();
  const later = unicodeSource?.later;
  if (later === undefined) {
    try {
      unicodeRulesNow();
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(error);
    }
  }
  unicodeLoading ??= later().then(
    (loaded) => {
      unicode ??= loaded;
    },
    (error) => {
      unicodeLoading = undefined;
      throw error;
    },
  );
  return unicodeLoading;
}

// What the first wasm answers for a link whose host needs the Unicode rules.
const UNICODE_RULES = '{"urlRefused":{"kind":"unicodeRules"';

/**
 * `call` with the first wasm's exports, or, for a host that needs the Unicode rules, the second's.
 * @param {(rules: typeof import("./elicit_form.js")) => string} call
 */
function decided(call) {
  const text = call(wasm);
  if (!text.startsWith(UNICODE_RULES)) return urlEnvelope(text);
  const rules = unicodeRulesNow();
  if (rules === undefined) {
    // A browser: the refusal says they are not loaded; the fetch starts now,
    // and a call after loadUnicodeRules() resolves is decided.
    loadUnicodeRules().catch(() => {});
    return urlEnvelope(text);
  }
  const answer = call(rules.glue);
  unicode = { glue: rules.glue, exports: boundedInstance(rules.glue, rules.exports) };
  return urlEnvelope(answer);
}

// The URL exports' envelope: `{"ok"}`, `{"urlRefused"}` or `{"type"}`.
/**
 * @param {string} text
 * @returns {any}
 */
function urlEnvelope(text) {
  afterCall();
  const reply = JSON.parse(text);
  if ("ok" in reply) return reply.ok;
  if ("urlRefused" in reply) {
    const { kind, message } = reply.urlRefused;
    throw new UrlRefusalError(message, { kind });
  }
  throw new TypeError(reply.type);
}

// The server's params as JSON text. What only JS can see (a lone surrogate,
// a value JSON.stringify throws on, such as nesting past its stack) is
// reported to the wasm, which words it as the URL refusal `params`
// (src/argument.rs): the params are the server's, not the caller's.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * @param {string} argument
 * @param {unknown} params
 * @returns {string}
 */
function paramsText(argument, params) {
  /** @type {(...report: [string, string, string, number, number]) => string} */
  const problem = (...report) => urlEnvelope(wasm.argument_problem(...report));
  if (typeof params === "string") {
    const lone = LONE_SURROGATE.exec(params);
    return lone === null ? params : problem("loneSurrogateInJson", argument, "", lone[0].charCodeAt(0), lone.index);
  }
  let text;
  try {
    text = JSON.stringify(params);
  } catch (error) {
    return problem("notJson", argument, error instanceof Error ? error.message : String(error), 0, 0);
  }
  if (text === undefined) return problem("noJson", argument, params === null ? "null" : typeof params, 0, 0);
  return text;
}

/**
 * The consent card's view of a URL-mode request's `params` (2025-11-25's
 * `{ mode: "url", message, url, elicitationId? }`, or a 2026-07-28
 * `input_required` entry `{ method: "elicitation/create", params }`),
 * attributed to `serverName`; or a `UrlRefusalError`.
 * @param {UrlParams} params
 * @param {string} serverName
 * @returns {UrlView}
 */
export function urlElicitation(params, serverName) {
  whenReady();
  const text = paramsText("params", params);
  name("serverName", serverName);
  return decided((rules) => rules.url_elicitation(text, serverName));
}

/**
 * The key a consent for `server`'s `tool` is kept under, the backend's:
 * `mcp/elicitation-consent/<server>/<tool>`, each part folded. Never a form
 * answer's key.
 * @param {string} server
 * @param {string} tool
 * @returns {string}
 */
export function consentStorageKey(server, tool) {
  whenReady();
  return wasm.consent_storage_key(name("server", server), name("tool", tool));
}

/**
 * A person's consent to a link, the backend's StoredConsent
 * `{ server, tool, host, expires_at }`, usable for 30 minutes from `now`.
 * `host` is the ASCII host the person saw (the pending view's `host`).
 * @param {{ server: string; tool: string; host: string; now?: FormTime }} request
 * @returns {StoredConsent}
 */
export function recordUrlConsent(request) {
  whenReady();
  const { now, ...rest } = objectArgument("the consent request", request);
  const text = jsonText("the consent request", rest);
  return urlEnvelope(wasm.record_url_consent(text, ...nowArgument(now)));
}

/**
 * The retry decision for `{ serverName, toolName, params }` on the consent
 * the host took from its store (null or undefined when it found none): the
 * link's rules first (a `UrlRefusalError`), then the backend's decision:
 * `{ action: "accept" }` for a fresh consent of this server and tool to this
 * very host, `{ action: "ask", pending }` otherwise. Throws `TypeError` for a
 * malformed consent.
 * @param {{ serverName: string; toolName: string; params: UrlParams }} elicitation
 * @param {StoredConsent | null | undefined} consent
 * @param {FormTime} [now]
 * @returns {UrlDecision}
 */
export function answerUrl(elicitation, consent, now) {
  whenReady();
  objectArgument("elicitation", elicitation);
  const serverName = name("elicitation.serverName", elicitation.serverName);
  const toolName = name("elicitation.toolName", elicitation.toolName);
  const params = paramsText("elicitation.params", elicitation.params);
  /** @type {string | undefined} */
  let consentText;
  if (consent !== null && consent !== undefined) {
    consentText = jsonText("consent", objectArgument("consent", consent));
  }
  const at = nowArgument(now);
  return decided((rules) => rules.answer_url(serverName, toolName, params, consentText, ...at));
}
