// elicit-form-mcp-core: what the two MCP client adapters share, written once
// and free of either SDK. elicit-form-mcp-client (SDK v2) and
// elicit-form-mcp-sdk (SDK v1) depend on it and re-export its public names;
// a host installs an adapter, never this package on its own.
//
// Each function that speaks for an adapter takes that adapter's `sdk`
// description: { name (for warnings and errors), maxRounds (the default bound
// of callToolWithRetries), protocolError(code, message, data) (the SDK's
// error that becomes the JSON-RPC error answered to the server), codes:
// { pending, refused, internal } }. What differs per SDK
// (registering the `elicitation/create` handler, how client.callTool is
// called, which tool a pushed form belongs to, v2's auto-fulfilled rounds)
// stays in the adapter.
//
// Every decision is elicit-form's (the wasm build of the backend's rules):
// this module only routes messages. It imports the `elicit-form/mcp-2026-07-28`
// entry (the wasm with both profiles), since a host may pick either profile,
// and `elicit-form/url` (URL mode's rules, a wasm of their own) the first
// time a server asks for a link, so a host whose servers only ask forms
// never loads it.

import { FormRefusalError, answerForm, formAnswerStorageKey, pending } from "elicit-form/mcp-2026-07-28";

/**
 * A plain Error carrying a JSON-RPC `code` (and `data` when given): the
 * `protocolError` of an SDK that answers a handler's thrown error with that
 * code, message and data (SDK v1; the AI SDK adapter's transport).
 */
export function jsonRpcError(code, message, data) {
  const error = new Error(message);
  error.code = code;
  if (data !== undefined) error.data = data;
  return error;
}

/** A tool call stopped until a person answers the form in `pending`. */
export class FormElicitationPendingError extends Error {
  constructor(pending, { result } = {}) {
    super(pending.summary);
    this.name = "FormElicitationPendingError";
    /** The backend's FormElicitationPending: server_name, tool_name, message, questions, fingerprint, summary. */
    this.pending = pending;
    /** For 2026-07-28 answered by hand: the input_required result to answer once the person has. */
    if (result !== undefined) this.result = result;
  }
}

/**
 * A tool call stopped until a person decides on the link in `pending`
 * (URL mode): `pending.view` is what a consent card shows.
 */
export class UrlElicitationPendingError extends Error {
  constructor(pending, { result, pendings } = {}) {
    const all = pendings ?? [pending];
    super(all.length === 1 ? pending.summary
      : `MCP server '${pending.serverName}' asks you to open ${all.length} links before tool '${pending.toolName}' can run`);
    this.name = "UrlElicitationPendingError";
    /** elicit-form/url's UrlPending: serverName, toolName, summary, view (the consent view, `view.mode === "url"`). */
    this.pending = pending;
    /** Every link asked: one, except for a -32042 error listing several (2025-11-25). */
    this.pendings = all;
    /** For 2026-07-28 answered by hand: the input_required result to answer once the person has. */
    if (result !== undefined) this.result = result;
  }
}

/** callToolWithRetries' bound: the server still asked after `rounds` rounds (SDK v2's own bound, in auto mode, is reported the same way). */
export class InputRequiredRoundsExceededError extends Error {
  constructor(rounds, lastResult) {
    const asksUrl = roundAsksUrl(lastResult);
    super(asksUrl ? `the server still asks for a URL to be opened after ${rounds} rounds`
      : `the server still asks for input after ${rounds} rounds`);
    this.name = "InputRequiredRoundsExceededError";
    /** The bound that was reached. */
    this.rounds = rounds;
    /** The last input_required round, which was not answered. */
    this.lastResult = lastResult;
    /** Whether that round asked for a link (URL mode). */
    this.asksUrl = asksUrl;
  }
}

function roundAsksUrl(result) {
  return Object.values(result?.inputRequests ?? {})
    .some((request) => request?.method === "elicitation/create" && request.params?.mode === "url");
}

/** A round this client cannot answer whole (several elicitations, another kind of request): nothing was sent. */
export class InputRequiredRoundError extends Error {
  constructor(message, { keys }) {
    super(message);
    this.name = "InputRequiredRoundError";
    /** The round's request keys, in the server's order. */
    this.keys = keys;
  }
}

/**
 * A store for one process: records kept in a Map under the backend's storage
 * key. `take` removes what it returns, so an answer is used at most once.
 * Durable hosts put the same two operations on their own storage (see
 * elicit-form-redis, or examples/worker for a Durable Object).
 */
export class MemoryFormAnswers {
  #records = new Map();

  /** Keep a StoredFormAnswer (from recordFormAnswer), replacing an earlier one for its server and tool. */
  record(record) {
    this.#records.set(formAnswerStorageKey(record.server, record.tool), record);
  }

  /** Remove and return the record for server/tool, or null. */
  take(server, tool) {
    const key = formAnswerStorageKey(server, tool);
    const record = this.#records.get(key) ?? null;
    this.#records.delete(key);
    return record;
  }
}

const PROFILES = new Set(["backend", "mcp-2026-07-28"]);

/** Throws a TypeError for options formElicitation, answerInputRequired and callToolWithRetries cannot work with. */
export function checkOptions(options) {
  if (typeof options !== "object" || options === null) throw new TypeError("formElicitation needs options");
  if (typeof options.serverName !== "string") {
    throw new TypeError("serverName must be the configured name of the server (a string)");
  }
  if (typeof options.store?.take !== "function") {
    throw new TypeError("store must have take(server, tool), returning a StoredFormAnswer or null");
  }
  if (options.profile !== undefined && !PROFILES.has(options.profile)) {
    throw new TypeError(`profile must be "backend" or "mcp-2026-07-28", not ${JSON.stringify(options.profile)}`);
  }
  for (const callback of ["onPending", "onUrlPending", "onUrlComplete", "onStoreError", "now"]) {
    if (options[callback] !== undefined && typeof options[callback] !== "function") {
      throw new TypeError(`${callback} must be a function`);
    }
  }
}

function warn(sdk, options, text, error) {
  if (options.onStoreError) options.onStoreError(error, text);
  else console.warn(`${sdk.name}: ${text}: ${error}`);
}

function profileOptions(options) {
  return options.profile === undefined ? undefined : { profile: options.profile };
}

/** The FormElicitation elicit-form decides on, for one form of `toolName` under request key `key`. */
export function elicitationOf(options, toolName, key, params) {
  return {
    serverName: options.serverName,
    toolName,
    key,
    message: params.message,
    requestedSchema: params.requestedSchema,
  };
}

/**
 * One form, decided as StoredFormAnswers::answer_form decides it: resolves
 * with the ElicitResult to send, or throws FormRefusalError or
 * FormElicitationPendingError (carrying `result` when given).
 */
export async function decideForm(sdk, options, elicitation, result) {
  const profile = profileOptions(options);
  // Refused before the store is touched: a refusal never uses up an answer.
  // pending() checks the schema, then the message's bound, as the engine does.
  pending(elicitation, profile);
  let record = null;
  try {
    record = (await options.store.take(elicitation.serverName, elicitation.toolName)) ?? null;
  } catch (error) {
    // An unreachable store must not turn into an answer nobody gave.
    warn(sdk, options, `could not take a recorded answer for ${elicitation.serverName}/${elicitation.toolName}; asking again`, error);
  }
  const now = options.now?.();
  let outcome;
  try {
    outcome = answerForm(elicitation, record, now, profile);
  } catch (error) {
    if (!(error instanceof TypeError) || record === null) throw error;
    warn(sdk, options, `the recorded answer for ${elicitation.serverName}/${elicitation.toolName} is not a StoredFormAnswer; asking again`, error);
    outcome = answerForm(elicitation, null, now, profile);
  }
  if (outcome.action === "ask") {
    const parked = new FormElicitationPendingError(outcome.pending, { result });
    if (options.onPending) await options.onPending(outcome.pending);
    throw parked;
  }
  // decline, or under mcp-2026-07-28 also cancel (dismissed, not refused).
  return outcome.action === "accept" ? { action: "accept", content: outcome.content } : { action: outcome.action };
}

/**
 * Answers a pushed `elicitation/create` (2025-11-25) of `toolName`: `text`
 * is its params as the server sent them, a form or (mode "url") a link. A
 * refusal, a parked request or any other failure ends `call` (the callTool
 * in flight, if any) with that error, and the server is answered with the
 * SDK's protocol error for it. A link accepted with an `elicitationId` is
 * kept in `outstanding`, for its completion notification.
 */
export async function answerPushedElicitation(sdk, options, { toolName, key, text, call, outstanding }) {
  try {
    const params = JSON.parse(text);
    const mode = params.mode ?? "form";
    if (mode === "url") {
      const { response, view } = await decideUrlWithView(sdk, options, urlElicitationOf(options, toolName, key, params));
      if (response.action === "accept" && typeof view.elicitationId === "string") {
        outstanding?.add(view.elicitationId, { serverName: options.serverName, toolName, view });
      }
      return response;
    }
    if (mode !== "form") throw new UnknownModeError(mode);
    return await decideForm(sdk, options, elicitationOf(options, toolName, key, params));
  } catch (error) {
    // The tool call ends with this error; the server is told why below.
    call?.fail(error);
    if (error instanceof FormRefusalError) {
      throw sdk.protocolError(sdk.codes.refused, error.message,
        { kind: error.kind, property: error.property ?? null, reason: error.reason ?? null });
    }
    if (isUrlRefusal(error)) throw sdk.protocolError(sdk.codes.refused, error.message, { kind: error.kind });
    // A mode the client did not declare: Invalid params, as the page asks.
    if (error instanceof UnknownModeError) throw sdk.protocolError(sdk.codes.refused, error.message);
    if (error instanceof FormElicitationPendingError || error instanceof UrlElicitationPendingError) {
      throw sdk.protocolError(sdk.codes.pending, error.message);
    }
    throw sdk.protocolError(sdk.codes.internal, error instanceof Error ? error.message : String(error));
  }
}

/** A pushed elicitation in a mode that is neither "form" nor "url". */
class UnknownModeError extends Error {
  constructor(mode) {
    super(`elicitation mode ${JSON.stringify(mode)} is not declared by this client (it answers "form" and "url")`);
    this.name = "UnknownModeError";
  }
}

/** The earlier name of answerPushedElicitation, from when only forms were answered. */
export const answerPushedForm = answerPushedElicitation;

// --- URL mode: a link a person is asked to open ----------------------------

let urlRules;
/** elicit-form/url, loaded the first time a server asks for a link. */
function urlModule() {
  urlRules ??= import("elicit-form/url");
  return urlRules;
}

// UrlRefusalError is branded across copies of elicit-form (Symbol.for), so
// the name is checked here without loading the URL entry for a form.
function isUrlRefusal(error) {
  return error instanceof Error && error.name === "UrlRefusalError" && typeof error.kind === "string";
}

/**
 * The URL-mode request elicit-form decides on, for one link of `toolName`
 * under request key `key`: its params reduced to what the URL rules read.
 */
export function urlElicitationOf(options, toolName, key, params) {
  const request = { mode: params.mode, message: params.message, url: params.url };
  if (params.elicitationId !== undefined) request.elicitationId = params.elicitationId;
  return { serverName: options.serverName, toolName, key, params: request };
}

async function decideUrlWithView(sdk, options, elicitation, result) {
  const { urlElicitation, answerUrl } = await urlModule();
  const { serverName, toolName, params } = elicitation;
  // Refused before the store is touched: a refusal never uses up an answer,
  // and nothing is shown.
  const view = urlElicitation(params, serverName);
  let record = null;
  try {
    record = (await options.store.take(serverName, toolName)) ?? null;
  } catch (error) {
    warn(sdk, options, `could not take a recorded answer for ${serverName}/${toolName}; asking again`, error);
  }
  const now = options.now?.();
  let outcome;
  try {
    // The record applies only for the same server, tool and fingerprint
    // (the link and its message) within 30 minutes: a form's never does.
    outcome = answerUrl({ serverName, toolName, params }, record, now);
  } catch (error) {
    if (!(error instanceof TypeError) || record === null) throw error;
    warn(sdk, options, `the recorded answer for ${serverName}/${toolName} is not a stored URL answer; asking again`, error);
    outcome = answerUrl({ serverName, toolName, params }, null, now);
  }
  if (outcome.action === "ask") {
    const parked = new UrlElicitationPendingError(outcome.pending, { result });
    if (options.onUrlPending) await options.onUrlPending(outcome.pending);
    throw parked;
  }
  return { response: { action: outcome.action }, view };
}

/**
 * One link, decided as elicit-form/url's answerUrl decides it: resolves with
 * the ElicitResult to send (`{ action }`, no content), or throws
 * UrlRefusalError (nothing shown, the store untouched) or
 * UrlElicitationPendingError (carrying `result` when given).
 */
export async function decideUrl(sdk, options, elicitation, result) {
  return (await decideUrlWithView(sdk, options, elicitation, result)).response;
}

/**
 * The links of a JSON-RPC error -32042 (URLElicitationRequiredError,
 * 2025-11-25): `data.elicitations`, or undefined for any other error. Read by
 * shape, so SDK v1's McpError and v2's ProtocolError both qualify.
 */
export function urlRequiredFrom(error) {
  return error?.code === -32042 && Array.isArray(error.data?.elicitations) ? error.data.elicitations : undefined;
}

/**
 * The error a tool call ends with when the server answered it with -32042:
 * every link checked by the URL rules (one refused refuses them all,
 * nothing shown), then a UrlElicitationPendingError with a view for each.
 * Nothing is sent back for these and the store is not touched: the host
 * retries the call itself once the person has opened the link (or on
 * onUrlComplete). Links with an `elicitationId` are kept in `outstanding`.
 */
export async function urlRequiredError(sdk, options, toolName, elicitations, outstanding) {
  const { answerUrl } = await urlModule();
  if (elicitations.length === 0) {
    return new InputRequiredRoundError(`the server answered tool '${toolName}' with -32042 but listed no link; nothing was shown`, { keys: [] });
  }
  const requests = elicitations.map((entry, index) =>
    urlElicitationOf(options, toolName, String(index), entry && typeof entry === "object" ? entry : {}));
  // With no record, answerUrl gives each link's pending view, or throws the
  // first link's refusal before anything is shown.
  let pendings;
  try {
    pendings = requests.map(({ params }) => answerUrl({ serverName: options.serverName, toolName, params }, null).pending);
  } catch (error) {
    if (isUrlRefusal(error)) return error;
    throw error;
  }
  for (const pending of pendings) {
    if (typeof pending.view.elicitationId === "string") {
      outstanding?.add(pending.view.elicitationId, { serverName: options.serverName, toolName, view: pending.view });
    }
    if (options.onUrlPending) await options.onUrlPending(pending);
  }
  return new UrlElicitationPendingError(pendings[0], { pendings });
}

const MAX_OUTSTANDING_URLS = 64;

/**
 * Links a person was sent to (2025-11-25: accepted pushed requests and
 * -32042 links) by elicitationId, until the server's
 * `notifications/elicitation/complete` for them.
 */
export class OutstandingUrlElicitations {
  #byId = new Map();

  /** Keeps `completion` ({ serverName, toolName, view }) under `elicitationId`. */
  add(elicitationId, completion) {
    this.#byId.delete(elicitationId);
    this.#byId.set(elicitationId, completion);
    if (this.#byId.size > MAX_OUTSTANDING_URLS) this.#byId.delete(this.#byId.keys().next().value);
  }

  /** Removes and returns the completion kept under `elicitationId`, or undefined (unknown or already completed). */
  complete(elicitationId) {
    const completion = this.#byId.get(elicitationId);
    this.#byId.delete(elicitationId);
    return completion;
  }
}

/**
 * A `notifications/elicitation/complete`: for a link this connection sent a
 * person to, `onUrlComplete({ serverName, toolName, view })`, once.
 * Unknown and repeated ids are ignored, as the protocol requires.
 */
export async function urlCompleted(sdk, options, outstanding, params) {
  const completion = typeof params?.elicitationId === "string" ? outstanding.complete(params.elicitationId) : undefined;
  if (completion === undefined || !options.onUrlComplete) return;
  try {
    await options.onUrlComplete(completion);
  } catch (error) {
    console.warn(`${sdk.name}: onUrlComplete failed for elicitation ${params.elicitationId}: ${error}`);
  }
}

/**
 * The tool calls in flight through an adapter's callTool, so a pushed form's
 * failure ends the call that asked with that failure (not the SDK's error
 * for the aborted request).
 */
export class ToolCallsInFlight {
  #calls = new Set();

  get size() { return this.#calls.size; }

  /** The calls in flight, oldest first. */
  list() { return [...this.#calls]; }

  /** The oldest call in flight of `toolName`, or undefined. */
  find(toolName) { return this.list().find((call) => call.toolName === toolName); }

  /**
   * Runs `send(signal, call)` (the SDK's client.callTool) as a call of
   * `toolName`: `signal` aborts when the caller's does or when a form of this
   * call fails, and the call then throws that form's failure. `call` is this
   * call's entry, for an adapter that ties forms to calls itself.
   */
  async run(toolName, callerSignal, send) {
    const controller = new AbortController();
    const forward = () => controller.abort(callerSignal.reason);
    if (callerSignal?.aborted) forward();
    else callerSignal?.addEventListener("abort", forward, { once: true });
    const call = {
      toolName,
      failure: undefined,
      fail(error) {
        call.failure = error;
        controller.abort(error);
      },
    };
    this.#calls.add(call);
    try {
      const result = await send(controller.signal, call);
      if (call.failure) throw call.failure;
      return result;
    } catch (error) {
      throw call.failure ?? error;
    } finally {
      this.#calls.delete(call);
      callerSignal?.removeEventListener("abort", forward);
    }
  }
}

/**
 * Pushed `elicitation/create` params as the server sent them (JSON text by
 * JSON-RPC id): the SDKs parse each form with their own schema before a
 * handler sees it, dropping keys the backend reads (writeOnly, $ref).
 */
export class SentForms {
  #texts = new Map();

  /** Keeps the params of an incoming `elicitation/create` request. */
  observeIncoming(message) {
    if (message?.method === "elicitation/create" && "id" in message) {
      this.#texts.set(message.id, JSON.stringify(message.params ?? {}));
    }
  }

  /** A request answered (or failed by the SDK before the handler) needs its params no longer. */
  observeOutgoing(message) {
    if (message && typeof message === "object" && "id" in message && !("method" in message)) this.#texts.delete(message.id);
  }

  /** Removes and returns the params text of request `id`, or undefined. */
  take(id) {
    const text = this.#texts.get(id);
    this.#texts.delete(id);
    return text;
  }
}

/**
 * `inner` itself, with every message it sends shown to `outgoing` and every
 * message it receives shown to `incoming` before the SDK sees it.
 */
export function observedTransport(inner, { outgoing, incoming }) {
  let outerOnMessage;
  return new Proxy(inner, {
    get(target, prop) {
      if (prop === "send") {
        return (message, sendOptions) => {
          outgoing(message);
          return target.send(message, sendOptions);
        };
      }
      if (prop === "onmessage") return outerOnMessage;
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
    set(target, prop, value) {
      if (prop !== "onmessage") return Reflect.set(target, prop, value, target);
      outerOnMessage = value;
      target.onmessage = typeof value !== "function" ? value : (message, extra) => {
        incoming(message);
        value(message, extra);
      };
      return true;
    },
  });
}

// --- Protocol 2026-07-28: input_required rounds and their retry -----------

function counted(n, what) {
  return n === 1 ? `a ${what}` : `${n} ${what}s`;
}

/**
 * The elicitations of one input_required round, each checked: every form
 * and link is refused or not before any record is taken, and a round this
 * client cannot answer whole is answered not at all. With
 * othersAnsweredElsewhere (SDK v2's auto-fulfilment, which answers other
 * kinds of request itself) requests that are not elicitations are left alone.
 */
export async function answerRound(sdk, options, toolName, requests, result, { othersAnsweredElsewhere = false } = {}) {
  const keys = Object.keys(requests);
  const forms = [];
  const urls = [];
  for (const [key, request] of Object.entries(requests)) {
    if (request?.method !== "elicitation/create") {
      if (othersAnsweredElsewhere) continue;
      throw new InputRequiredRoundError(
        `input request "${key}" is "${request?.method}", which this client does not answer; nothing was sent`, { keys });
    }
    const params = request.params ?? {};
    const mode = params.mode ?? "form";
    if (mode === "url") {
      urls.push([key, urlElicitationOf(options, toolName, key, params)]);
      continue;
    }
    if (mode !== "form") {
      throw new InputRequiredRoundError(
        `input request "${key}" is an elicitation in mode "${mode}", which elicit-form does not answer; nothing was sent`, { keys });
    }
    forms.push([key, elicitationOf(options, toolName, key, params)]);
  }
  if (forms.length + urls.length === 0) throw new InputRequiredRoundError("the input_required round asks no elicitation", { keys });
  for (const [, elicitation] of forms) pending(elicitation, profileOptions(options));
  if (urls.length > 0) {
    const { urlElicitation } = await urlModule();
    for (const [, elicitation] of urls) urlElicitation(elicitation.params, elicitation.serverName);
  }
  const asked = [...forms, ...urls].map(([key]) => `"${key}"`).join(", ");
  if (urls.length === 0 && forms.length > 1) {
    throw new InputRequiredRoundError(
      `the server asks ${forms.length} forms in one round (${asked}) for tool '${toolName}'; `
      + "at most one form elicitation is answered per round (one recorded answer is kept per server and tool), "
      + "so the round cannot be answered whole and nothing was sent", { keys });
  }
  if (forms.length + urls.length > 1) {
    const what = [forms.length > 0 ? counted(forms.length, "form") : "", counted(urls.length, "URL")].filter(Boolean).join(" and ");
    throw new InputRequiredRoundError(
      `the server asks ${what} in one round (${asked}) for tool '${toolName}'; `
      + "at most one elicitation is answered per round (one recorded answer is kept per server and tool), "
      + "so the round cannot be answered whole and nothing was sent", { keys });
  }
  if (urls.length === 1) {
    const [[key, elicitation]] = urls;
    return { [key]: await decideUrl(sdk, options, elicitation, result) };
  }
  const [[key, elicitation]] = forms;
  return { [key]: await decideForm(sdk, options, elicitation, result) };
}

/**
 * Answers one `input_required` round of a tools/call by hand.
 *
 * result: the server's `{resultType: "input_required", inputRequests, requestState?}`.
 * Resolves with `{ inputResponses }` under the server's keys (none for a round
 * that only carries requestState), or throws FormRefusalError or
 * UrlRefusalError, FormElicitationPendingError or UrlElicitationPendingError
 * (with `.result`), or InputRequiredRoundError for a round that cannot be
 * answered whole.
 */
export async function answerInputRequired(sdk, result, options) {
  checkOptions(options);
  if (typeof options.toolName !== "string") throw new TypeError("toolName must be the tool's name (a string)");
  if (result?.resultType !== "input_required") throw new TypeError('result is not resultType "input_required"');
  const requests = result.inputRequests;
  if (requests === undefined) {
    // A round may carry only requestState (2026-07-28, multi round-trip:
    // "the client MAY retry the original request immediately"): nothing to
    // answer, and the retry (retryParams) echoes the state with no inputResponses.
    if (result.requestState === undefined) {
      throw new InputRequiredRoundError(
        `the input_required result for tool '${options.toolName}' has neither inputRequests nor requestState, `
        + "which the protocol requires at least one of; nothing was sent", { keys: [] });
    }
    return { inputResponses: {} };
  }
  if (typeof requests !== "object" || requests === null || Array.isArray(requests)) {
    throw new TypeError("inputRequests must be an object of requests by key");
  }
  const inputResponses = await answerRound(sdk, options, options.toolName, requests, result);
  return { inputResponses };
}

/**
 * The tools/call params of the retry: the call's own, the responses (none
 * for a round that only carried requestState), and requestState echoed
 * unchanged.
 */
export function retryParams(params, result, inputResponses) {
  const { inputResponses: _previous, requestState: _state, ...original } = params;
  const retry = Object.keys(inputResponses).length === 0 ? { ...original } : { ...original, inputResponses };
  if (result.requestState !== undefined) retry.requestState = result.requestState;
  return retry;
}

/**
 * Sends a tools/call and answers `input_required` rounds until the server
 * gives a final result. `send(params)` sends one tools/call and resolves
 * with its result, an input_required one included. Past `maxRounds` rounds
 * it throws InputRequiredRoundsExceededError; a -32042 error (2025-11-25)
 * ends it with UrlElicitationPendingError (see urlRequiredError).
 */
export async function callToolWithRetries(sdk, send, params, options, { outstanding } = {}) {
  const maxRounds = options.maxRounds ?? sdk.maxRounds;
  const sendOrPark = async (p) => {
    try {
      return await send(p);
    } catch (error) {
      const elicitations = urlRequiredFrom(error);
      if (elicitations === undefined) throw error;
      throw await urlRequiredError(sdk, options, params.name, elicitations, outstanding);
    }
  };
  let result = await sendOrPark(params);
  for (let round = 0; result?.resultType === "input_required"; round += 1) {
    if (round >= maxRounds) throw new InputRequiredRoundsExceededError(maxRounds, result);
    const { inputResponses } = await answerInputRequired(sdk, result, { ...options, toolName: params.name });
    result = await sendOrPark(retryParams(params, result, inputResponses));
  }
  return result;
}
