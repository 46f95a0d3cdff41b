// Types of elicit-form/url: URL-mode elicitation (issue 30). The link an MCP
// server asks a person to open, checked in Rust before a consent card shows
// it; its own wasm, so a page that renders forms only never downloads it.
// The view and decision shapes are generated from the Rust types
// (../generated.d.ts).

import type * as G from "../generated.js";
import type { FormTime, InitInput } from "../index.js";

export type { FormTime, InitInput } from "../index.js";
export type UrlView = G.UrlView;
export type UrlWarning = G.UrlWarning;
export type UrlWarningKind = G.UrlWarningKind;
export type UrlPending = G.UrlPending;
export type UrlDecision = G.UrlDecision;
/**
 * A person's consent to a link, everruns-core's StoredConsent: read and
 * written by the backend as it is by this package. `expires_at` is RFC 3339.
 */
export type StoredConsent = G.StoredConsent;

/** Why a link is refused: `UrlRefusalError.kind`. */
export type UrlRefusalKind =
  | "params"
  | "message"
  | "hiddenText"
  | "urlTooLong"
  | "hiddenCharacter"
  | "unparseable"
  | "scheme"
  | "plainHttp"
  | "userInfo"
  | "emptyHost"
  | "singleLabelHost"
  | "host"
  /**
   * Browsers only: the link's host is not plain ASCII and the Unicode rules
   * that decide it were not loaded yet (nothing is shown). The call started
   * loading them: ask again once `loadUnicodeRules()` resolves.
   */
  | "unicodeRules";

/** The link cannot be put in front of a person: nothing is shown or opened. */
export class UrlRefusalError extends Error {
  constructor(message: string, details?: { kind?: UrlRefusalKind });
  name: "UrlRefusalError";
  kind: UrlRefusalKind;
}

/**
 * A URL-mode request's params: 2025-11-25's `elicitation/create` params, or
 * a 2026-07-28 `input_required` entry holding them; or their JSON text.
 */
export type UrlParams =
  | { mode: "url"; message?: string; url: string; elicitationId?: string }
  | { method: "elicitation/create"; params: { mode: "url"; message?: string; url: string } }
  | object
  | string;

/** Loads the wasm (by default the `.wasm` beside the module). A no-op once ready. */
export function init(options?: {
  module_or_path?: InitInput | Promise<InitInput>;
}): Promise<void>;

/** Loads the wasm from its bytes or a compiled module. A no-op once ready. */
export function initSync(options: { module: BufferSource | WebAssembly.Module }): void;

/**
 * Loads the URL rules for hosts that are not plain ASCII (IDNA, the display
 * policy, the Public Suffix List's internationalized rules), a second wasm the
 * entry otherwise loads on the first such host: synchronously in Node.js,
 * Deno, Bun and Workers (this resolves at once), by fetching it in browsers,
 * where a call for such a host before it arrives throws the `unicodeRules`
 * refusal. Await it to have every link decided at once.
 */
export function loadUnicodeRules(): Promise<void>;

/** The consent card's view, attributed to `serverName`; throws `UrlRefusalError`. */
export function urlElicitation(params: UrlParams, serverName: string): UrlView;

/** The key a consent for `server`'s `tool` is kept under: `mcp/elicitation-consent/<server>/<tool>`, folded. */
export function consentStorageKey(server: string, tool: string): string;

/**
 * A person's consent to a link, usable until `now` (default: the current
 * time) plus 30 minutes. `host` is the pending view's ASCII `host`.
 */
export function recordUrlConsent(request: {
  server: string;
  tool: string;
  host: string;
  now?: FormTime;
}): StoredConsent;

/**
 * The retry decision on a consent already taken from the host's store (used
 * once): `accept` for a fresh consent of this server and tool to this very
 * host, or `ask` with the pending link. Throws `UrlRefusalError` for a
 * refused link, `TypeError` for a malformed consent.
 */
export function answerUrl(
  elicitation: { serverName: string; toolName: string; params: UrlParams },
  consent: StoredConsent | null | undefined,
  now?: FormTime,
): UrlDecision;
