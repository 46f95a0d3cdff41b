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
export type UrlAnswerAction = G.UrlAnswerAction;
/** A URL answer on record: a form record's shape, with no answers. */
export type StoredUrlAnswer = G.StoredFormAnswerOf<G.UrlAnswerAction>;

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
  | "host";

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
  | { mode: "url"; message: string; url: string; elicitationId?: string }
  | { method: "elicitation/create"; params: { mode: "url"; message: string; url: string } }
  | object
  | string;

/** Loads the wasm (by default the `.wasm` beside the module). A no-op once ready. */
export function init(options?: {
  module_or_path?: InitInput | Promise<InitInput>;
}): Promise<void>;

/** Loads the wasm from its bytes or a compiled module. A no-op once ready. */
export function initSync(options: { module: BufferSource | WebAssembly.Module }): void;

/** The consent card's view, attributed to `serverName`; throws `UrlRefusalError`. */
export function urlElicitation(params: UrlParams, serverName: string): UrlView;

/** A record of what a person did with the link, usable until `now` (default: the current time) plus 30 minutes. */
export function recordUrlAnswer(request: {
  server: string;
  tool: string;
  fingerprint: string;
  action: UrlAnswerAction;
  now?: FormTime;
}): StoredUrlAnswer;

/** Whether `record` may answer this server's tool for this link at `now`. */
export function urlAnswerAppliesTo(
  record: StoredUrlAnswer,
  server: string,
  tool: string,
  fingerprint: string,
  now?: FormTime,
): boolean;

/**
 * The retry decision on a record already taken from the host's store (used
 * once): the action to send, or `ask` with the view. Throws `UrlRefusalError`.
 */
export function answerUrl(
  elicitation: { serverName: string; toolName: string; params: UrlParams },
  record: StoredUrlAnswer | null | undefined,
  now?: FormTime,
): UrlDecision;
