// The API of `elicit-form/url` (scripts/build.mjs writes that entry's api.js
// to export this module and core.js's init and initSync): a URL-mode
// request's view for a consent card, and the backend's consent record
// (everruns-core's StoredConsent, under its own key) and decision. Its wasm has
// the URL rules alone (the crate's `url-mode` feature), so a page that only
// renders forms never downloads them. As in core.js, every rule is decided in
// Rust: this module checks argument types, converts, and turns the reply
// envelope into a value or an error.

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
 * Why a link is refused: `UrlRefusalError.kind`.
 * @typedef {"params" | "message" | "hiddenText" | "urlTooLong" | "hiddenCharacter" | "unparseable" | "scheme" | "plainHttp" | "userInfo" | "emptyHost" | "singleLabelHost" | "host"} UrlRefusalKind
 */

/**
 * A URL-mode request's params: 2025-11-25's `elicitation/create` params, or
 * a 2026-07-28 `input_required` entry holding them; or their JSON text.
 * @typedef {{ mode: "url"; message?: string; url: string; elicitationId?: string } | { method: "elicitation/create"; params: { mode: "url"; message?: string; url: string } } | object | string} UrlParams
 */

import { afterCall, jsonText, name, nowArgument, objectArgument, wasm, whenReady } from "./core.js";

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
  value: "UrlRefusalError", writable: true, configurable: true,
});

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
  return urlEnvelope(wasm.url_elicitation(text, serverName));
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
  let consentText;
  if (consent !== null && consent !== undefined) {
    consentText = jsonText("consent", objectArgument("consent", consent));
  }
  return urlEnvelope(wasm.answer_url(serverName, toolName, params, consentText, ...nowArgument(now)));
}
