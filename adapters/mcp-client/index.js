// elicit-form-mcp-client: answers an MCP server's form elicitations for an
// SDK v2 `@modelcontextprotocol/client` Client the way the everruns-core
// backend does, on both protocol eras the client speaks:
//
// - 2026-07-28: the server answers tools/call with `resultType:
//   "input_required"`. By default the client fulfils each round inside
//   callTool through the `elicitation/create` handler this module installs;
//   with `inputRequired: { autoFulfill: false }` the host gets the round
//   (`allowInputRequired: true`) and answers it with answerInputRequired.
// - 2025-11-25 and earlier: the server pushes `elicitation/create` during
//   the tools/call; the same handler answers it.
//
// The rules are the backend's, decided by elicit-form (the wasm build of its
// rules); this module only routes messages:
//
// - A refused schema is never shown: the call fails with FormRefusalError;
//   no record is taken and onPending sees nothing.
// - A turn does not block on a person: with no usable recorded answer the
//   call parks (onPending gets the backend's questions and fingerprint, the
//   call throws FormElicitationPendingError). The host records the person's
//   answer (elicit-form's recordFormAnswer) and calls the tool again.
// - A recorded answer is taken from the host's store (destructive) and sent
//   at most once, only to the questions it answered, within 30 minutes.
//
// Why the transport wrapper: the client parses each form with its own schema
// before a handler sees it (keys reordered, unknown keys such as `writeOnly`
// dropped), and the handler of an embedded request is not told which tool
// asked. The wrapper keeps each form's params as the server sent them and
// which tools/call they came with.

import { FormRefusalError, answerForm, formAnswerStorageKey, pending } from "elicit-form";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/client";

/** A tool call stopped until a person answers the form in `pending`. */
export class FormElicitationPendingError extends Error {
  constructor(pending, { result } = {}) {
    super(pending.summary);
    this.name = "FormElicitationPendingError";
    /** The backend's FormElicitationPending: server_name, tool_name, message, questions, fingerprint, summary. */
    this.pending = pending;
    /** In manual mode: the input_required result to answer once the person has. */
    if (result !== undefined) this.result = result;
  }
}

/** A round this client cannot answer whole (several forms, a URL-mode form, another kind of request): nothing was sent. */
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

/** JSON-RPC error code answered to a pushed form while it waits for a person (MCP's request timeout, as the v1 adapter answers). */
export const FORM_PENDING_ERROR_CODE = -32001;
/** JSON-RPC error code answered to a pushed form that is refused. */
export const FORM_REFUSED_ERROR_CODE = ProtocolErrorCode.InvalidParams;

const PROFILES = new Set(["backend", "mcp-2026-07-28"]);
// Rounds seen on the wire whose forms no handler call has claimed yet.
const MAX_UNCLAIMED_ROUNDS = 32;

function checkOptions(options) {
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
}

function warn(options, text, error) {
  if (options.onStoreError) options.onStoreError(error, text);
  else console.warn(`elicit-form-mcp-client: ${text}: ${error}`);
}

function profileOptions(options) {
  return options.profile === undefined ? undefined : { profile: options.profile };
}

function elicitationOf(options, toolName, key, params) {
  return {
    serverName: options.serverName,
    toolName,
    key,
    message: params.message,
    requestedSchema: params.requestedSchema,
  };
}

// One form, decided as StoredFormAnswers::answer_form decides it: the
// ElicitResult to send, or FormRefusalError / FormElicitationPendingError.
async function decide(options, elicitation, result) {
  const profile = profileOptions(options);
  // Refused before the store is touched: a refusal never uses up an answer.
  pending(elicitation, profile);
  let record = null;
  try {
    record = (await options.store.take(elicitation.serverName, elicitation.toolName)) ?? null;
  } catch (error) {
    // An unreachable store must not turn into an answer nobody gave.
    warn(options, `could not take a recorded answer for ${elicitation.serverName}/${elicitation.toolName}; asking again`, error);
  }
  const now = options.now?.();
  let outcome;
  try {
    outcome = answerForm(elicitation, record, now, profile);
  } catch (error) {
    if (!(error instanceof TypeError) || record === null) throw error;
    warn(options, `the recorded answer for ${elicitation.serverName}/${elicitation.toolName} is not a StoredFormAnswer; asking again`, error);
    outcome = answerForm(elicitation, null, now, profile);
  }
  if (outcome.action === "ask") {
    const parked = new FormElicitationPendingError(outcome.pending, { result });
    if (options.onPending) await options.onPending(outcome.pending);
    throw parked;
  }
  return outcome.action === "accept" ? { action: "accept", content: outcome.content } : { action: outcome.action };
}

// The form elicitations of one input_required round, each checked: every
// form is refused or not before any record is taken, and a round this
// client cannot answer whole is answered not at all.
async function answerRound(options, toolName, requests, result, { othersAnsweredElsewhere }) {
  const keys = Object.keys(requests);
  const forms = [];
  for (const [key, request] of Object.entries(requests)) {
    if (request?.method !== "elicitation/create") {
      if (othersAnsweredElsewhere) continue;
      throw new InputRequiredRoundError(
        `input request "${key}" is "${request?.method}", which elicit-form does not answer; nothing was sent`, { keys });
    }
    const params = request.params ?? {};
    const mode = params.mode ?? "form";
    if (mode !== "form") {
      throw new InputRequiredRoundError(
        `input request "${key}" is an elicitation in mode "${mode}", which elicit-form does not answer; nothing was sent`, { keys });
    }
    forms.push([key, elicitationOf(options, toolName, key, params)]);
  }
  if (forms.length === 0) throw new InputRequiredRoundError("the input_required round asks no form", { keys });
  for (const [, elicitation] of forms) pending(elicitation, profileOptions(options));
  if (forms.length > 1) {
    throw new InputRequiredRoundError(
      `the server asks ${forms.length} forms in one round (${forms.map(([key]) => `"${key}"`).join(", ")}) for tool '${toolName}'; `
      + "one recorded answer is kept per server and tool, so the round cannot be answered whole and nothing was sent", { keys });
  }
  const [[key, elicitation]] = forms;
  return { [key]: await decide(options, elicitation, result) };
}

/**
 * The form-elicitation side of one connection to one configured server.
 *
 * options: { serverName, store: { take(server, tool) }, profile?: "backend" | "mcp-2026-07-28",
 *            onPending?(pending), now?(): Date | number | string,
 *            onStoreError?(error, text), toolFor?(request, ctx): string }
 */
export function formElicitation(options) {
  checkOptions(options);
  // tools/call requests sent and not yet answered: JSON-RPC id -> tool name.
  const toolCalls = new Map();
  // Pushed elicitation/create params as sent: JSON-RPC id -> JSON text.
  const pushed = new Map();
  // input_required rounds seen and not yet fully handed to the handler, oldest first.
  const rounds = [];
  // Calls through forms.callTool, so a pushed form's failure ends its call.
  const calls = new Set();

  function observeOutgoing(message) {
    if (message?.method === "tools/call" && "id" in message) toolCalls.set(message.id, message.params?.name);
    // A call the client gave up on gets no answer: it is no longer in flight.
    else if (message?.method === "notifications/cancelled") toolCalls.delete(message.params?.requestId);
    else if (message && "id" in message && !("method" in message)) pushed.delete(message.id);
  }

  function observeIncoming(message) {
    if (!message || typeof message !== "object") return;
    if (message.method === "elicitation/create" && "id" in message) {
      pushed.set(message.id, JSON.stringify(message.params ?? {}));
      return;
    }
    if ("method" in message || !("id" in message) || !toolCalls.has(message.id)) return;
    const toolName = toolCalls.get(message.id);
    toolCalls.delete(message.id);
    const result = message.result;
    if (result?.resultType !== "input_required" || typeof result.inputRequests !== "object" || result.inputRequests === null) return;
    // Kept as text and read back: the copy the handler sees is the SDK's parse.
    const requests = JSON.parse(JSON.stringify(result.inputRequests));
    const formKeys = Object.keys(requests).filter((key) => requests[key]?.method === "elicitation/create");
    if (formKeys.length === 0) return;
    rounds.push({ toolName, requests, undelivered: new Set(formKeys), decision: undefined });
    // In manual mode no handler claims the rounds seen: keep only the latest.
    if (rounds.length > MAX_UNCLAIMED_ROUNDS) rounds.shift();
  }

  // The round a handler call for embedded request `key` belongs to: the
  // oldest one not yet handed that key (the client dispatches rounds in the
  // order their results arrive).
  function roundFor(key) {
    const index = rounds.findIndex((round) => round.undelivered.has(key));
    if (index < 0) return undefined;
    const round = rounds[index];
    round.undelivered.delete(key);
    if (round.undelivered.size === 0) rounds.splice(index, 1);
    return round;
  }

  function pushedToolFor(request, ctx) {
    if (options.toolFor) return options.toolFor(request, ctx);
    const open = [...new Set(toolCalls.values())];
    if (toolCalls.size !== 1) {
      const why = toolCalls.size === 0 ? "no tool call is in flight" : `${toolCalls.size} tool calls are in flight (${open.join(", ")})`;
      throw new ProtocolError(ProtocolErrorCode.InvalidRequest, `cannot tell which tool asks for this form: ${why}`);
    }
    return open[0];
  }

  async function answerPushed(request, ctx, text) {
    const toolName = pushedToolFor(request, ctx);
    const call = [...calls].find((c) => c.toolName === toolName);
    try {
      const params = JSON.parse(text);
      if ((params.mode ?? "form") !== "form") throw new Error(`elicitation mode "${params.mode}" is not answered by elicit-form`);
      return await decide(options, elicitationOf(options, toolName, String(ctx.mcpReq.id), params));
    } catch (error) {
      // The tool call ends with this error; the server is told why below.
      if (call) {
        call.failure = error;
        call.controller.abort(error);
      }
      if (error instanceof FormRefusalError) {
        throw new ProtocolError(FORM_REFUSED_ERROR_CODE, error.message,
          { kind: error.kind, property: error.property ?? null, reason: error.reason ?? null });
      }
      if (error instanceof FormElicitationPendingError) throw new ProtocolError(FORM_PENDING_ERROR_CODE, error.message);
      throw new ProtocolError(ProtocolErrorCode.InternalError, error instanceof Error ? error.message : String(error));
    }
  }

  async function answerRequest(request, ctx) {
    const id = ctx.mcpReq.id;
    const text = pushed.get(id);
    if (text !== undefined) {
      pushed.delete(id);
      return answerPushed(request, ctx, text);
    }
    const round = roundFor(String(id));
    if (round === undefined) {
      throw new Error("elicit-form-mcp-client: connect the client through forms.transport(...), so each form "
        + "is read as the server sent it and attributed to the tool that asked");
    }
    // One decision per round, shared by its keys: several forms fail together.
    round.decision ??= answerRound(options, round.toolName, round.requests, undefined, { othersAnsweredElsewhere: true });
    const responses = await round.decision;
    return responses[String(id)];
  }

  return {
    /** Declares form elicitation and answers `elicitation/create`. Call before connect. */
    install(client) {
      client.registerCapabilities({ elicitation: { form: {} } });
      client.setRequestHandler("elicitation/create", answerRequest);
      return client;
    },

    /**
     * The transport to connect the client through: `inner` itself, with each
     * form's params kept as the server sent them and tied to its tools/call.
     */
    transport(inner) {
      let outerOnMessage;
      return new Proxy(inner, {
        get(target, prop) {
          if (prop === "send") {
            return (message, sendOptions) => {
              observeOutgoing(message);
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
            observeIncoming(message);
            value(message, extra);
          };
          return true;
        },
      });
    },

    /**
     * client.callTool, auto-fulfilling input_required rounds (2026-07-28) or
     * answering pushed forms (2025-11-25). Throws FormRefusalError (refused,
     * nothing shown), FormElicitationPendingError (parked: call again once a
     * person answered) or InputRequiredRoundError.
     */
    async callTool(client, params, requestOptions = {}) {
      const controller = new AbortController();
      const outer = requestOptions.signal;
      const forward = () => controller.abort(outer.reason);
      if (outer?.aborted) forward();
      else outer?.addEventListener("abort", forward, { once: true });
      const call = { toolName: params.name, controller, failure: undefined };
      calls.add(call);
      try {
        const result = await client.callTool(params, { ...requestOptions, signal: controller.signal });
        if (call.failure) throw call.failure;
        return result;
      } catch (error) {
        throw call.failure ?? error;
      } finally {
        calls.delete(call);
        outer?.removeEventListener("abort", forward);
      }
    },

    /** answerInputRequired with this connection's options (manual mode). */
    answerInputRequired(result, toolName) {
      return answerInputRequired(result, { ...options, toolName });
    },

    /**
     * Manual mode: sends tools/call with `allowInputRequired: true`, answers
     * each input_required round and retries with inputResponses and
     * requestState echoed, until the server gives a final result.
     */
    callToolWithRetries(client, params, retryOptions = {}) {
      const { maxRounds, ...requestOptions } = retryOptions;
      const send = (p) => client.request({ method: "tools/call", params: p }, { ...requestOptions, allowInputRequired: true });
      return callToolWithRetries(send, params, { ...options, maxRounds });
    },
  };
}

/**
 * Answers one `input_required` round of a tools/call (manual mode).
 *
 * result: the server's `{resultType: "input_required", inputRequests, requestState?}`.
 * Returns `{ inputResponses }` under the server's keys, or throws
 * FormRefusalError, FormElicitationPendingError (with `.result`), or
 * InputRequiredRoundError for a round that cannot be answered whole.
 */
export async function answerInputRequired(result, options) {
  checkOptions(options);
  if (typeof options.toolName !== "string") throw new TypeError("toolName must be the tool's name (a string)");
  if (result?.resultType !== "input_required") throw new TypeError('result is not resultType "input_required"');
  const requests = result.inputRequests;
  if (typeof requests !== "object" || requests === null || Array.isArray(requests)) {
    throw new TypeError("inputRequests must be an object of requests by key");
  }
  const inputResponses = await answerRound(options, options.toolName, requests, result, { othersAnsweredElsewhere: false });
  return { inputResponses };
}

/** The tools/call params of the retry: the call's own, the responses, and requestState echoed unchanged. */
export function retryParams(params, result, inputResponses) {
  const { inputResponses: _previous, requestState: _state, ...original } = params;
  const retry = { ...original, inputResponses };
  if (result.requestState !== undefined) retry.requestState = result.requestState;
  return retry;
}

/**
 * Sends a tools/call and answers `input_required` rounds until the server
 * gives a final result. `send(params)` sends one tools/call and returns its
 * result, an input_required one included (SDK v2:
 * `(p) => client.request({ method: "tools/call", params: p }, { allowInputRequired: true })`).
 */
export async function callToolWithRetries(send, params, options) {
  const maxRounds = options.maxRounds ?? 10;
  let result = await send(params);
  for (let round = 0; result?.resultType === "input_required"; round += 1) {
    if (round >= maxRounds) throw new Error(`the server still asks for input after ${maxRounds} rounds`);
    const { inputResponses } = await answerInputRequired(result, { ...options, toolName: params.name });
    result = await send(retryParams(params, result, inputResponses));
  }
  return result;
}
