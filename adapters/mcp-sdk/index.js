// elicit-form-mcp-sdk: answers an MCP server's form elicitations for an
// @modelcontextprotocol/sdk Client the way the everruns-core backend does.
//
// Three rules, as the backend keeps them:
//
// - A refused schema is never shown. The elicitation is answered with an error
//   carrying the backend's refusal text, and the tool call fails with the
//   FormRefusalError; no record is taken and no callback sees a question.
// - A turn does not block on a person. With no usable recorded answer the
//   call is parked: the host's onPending gets the backend's pending questions
//   and the call throws FormElicitationPendingError. The host records the
//   person's answer (elicit-form's recordFormAnswer) and calls the tool again.
// - A recorded answer is sent at most once, and only to the questions it
//   answered: the host's store `take`s it (destructive), and elicit-form's
//   answerForm honours it only for the same server, tool and fingerprint
//   within 30 minutes.
//
// Every decision is elicit-form's (the wasm build of the backend's rules);
// this module only routes messages. Protocol 2025-11-25 arrives as an
// `elicitation/create` request during a tools/call (install, transport,
// callTool). Protocol 2026-07-28 arrives as a tools/call result with
// `resultType: "input_required"`, which SDK 1.32.2 does not model: the
// functions answerInputRequired, retryParams and callToolWithRetries work on
// the JSON shapes themselves.

import {
  FormRefusalError,
  answerForm,
  formAnswerStorageKey,
  pending,
} from "elicit-form";
import { ElicitRequestSchema, ErrorCode } from "@modelcontextprotocol/sdk/types.js";

/** A tool call stopped until a person answers the form in `pending`. */
export class FormElicitationPendingError extends Error {
  constructor(pending, { result } = {}) {
    super(pending.summary);
    this.name = "FormElicitationPendingError";
    /** The backend's FormElicitationPending: server_name, tool_name, message, questions, fingerprint, summary. */
    this.pending = pending;
    /** For 2026-07-28: the input_required result that asked. */
    if (result !== undefined) this.result = result;
  }
}

/**
 * A store for one process: records kept in a Map under the backend's storage
 * key. `take` removes what it returns, so an answer is used at most once.
 * Durable hosts put the same two operations on their own storage (see
 * examples/worker for a Durable Object).
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

function warn(options, text, error) {
  if (options.onStoreError) options.onStoreError(error, text);
  else console.warn(`elicit-form-mcp-sdk: ${text}: ${error}`);
}

// One form elicitation, decided as StoredFormAnswers::answer_form decides it.
// Returns the ElicitResult to send, or throws FormRefusalError or
// FormElicitationPendingError.
async function decide(options, toolName, key, params, result) {
  const elicitation = {
    serverName: options.serverName,
    toolName,
    key,
    message: params.message,
    requestedSchema: params.requestedSchema,
  };
  const profile = options.profile === undefined ? undefined : { profile: options.profile };
  // Refused before the store is touched: a refusal never uses up an answer.
  // pending() checks the schema, then the message's bound, as the engine does.
  pending(elicitation, profile);

  let record = null;
  try {
    record = (await options.store.take(options.serverName, toolName)) ?? null;
  } catch (error) {
    // An unreachable store must not turn into an answer nobody gave.
    warn(options, `could not take a recorded answer for ${options.serverName}/${toolName}; asking again`, error);
  }
  const now = options.now?.();
  let outcome;
  try {
    outcome = answerForm(elicitation, record, now, profile);
  } catch (error) {
    if (!(error instanceof TypeError) || record === null) throw error;
    warn(options, `the recorded answer for ${options.serverName}/${toolName} is not a StoredFormAnswer; asking again`, error);
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

// An error the SDK sends back as the JSON-RPC error of the server's request,
// with this code, message and data exactly.
function protocolError(code, message, data) {
  const error = new Error(message);
  error.code = code;
  if (data !== undefined) error.data = data;
  return error;
}

/** JSON-RPC error code answered while a form waits for a person. */
export const FORM_PENDING_ERROR_CODE = ErrorCode.RequestTimeout;
/** JSON-RPC error code answered for a refused form. */
export const FORM_REFUSED_ERROR_CODE = ErrorCode.InvalidParams;

function checkOptions(options) {
  if (typeof options !== "object" || options === null) throw new TypeError("formElicitation needs options");
  if (typeof options.serverName !== "string") {
    throw new TypeError("serverName must be the configured name of the server (a string)");
  }
  if (typeof options.store?.take !== "function") {
    throw new TypeError("store must have take(server, tool), returning a StoredFormAnswer or null");
  }
  if (options.profile !== undefined && options.profile !== "backend" && options.profile !== "mcp-2026-07-28") {
    throw new TypeError(`profile must be "backend" or "mcp-2026-07-28", not ${JSON.stringify(options.profile)}`);
  }
}

/**
 * The form-elicitation side of one connection to one configured server.
 *
 * options: { serverName, store: { take(server, tool) }, profile?: "backend" | "mcp-2026-07-28", onPending?(pending),
 *            now?(): Date | number | string, onStoreError?(error, text),
 *            toolFor?(request, extra): string }
 */
export function formElicitation(options) {
  checkOptions(options);
  // Each server request's params as JSON text, as the server sent them: the
  // SDK's own parse drops keys the backend reads (writeOnly, $ref).
  const sentParams = new Map();
  const calls = new Set();

  function callFor(request, extra) {
    if (options.toolFor) {
      const toolName = options.toolFor(request, extra);
      return { toolName, call: [...calls].find((c) => c.toolName === toolName) };
    }
    if (calls.size !== 1) {
      const why = calls.size === 0 ? "no tool call is in flight through callTool" : `${calls.size} tool calls are in flight`;
      throw protocolError(ErrorCode.InvalidRequest, `cannot tell which tool asks for this form: ${why}`);
    }
    const [call] = calls;
    return { toolName: call.toolName, call };
  }

  async function answerRequest(request, extra) {
    const text = sentParams.get(extra.requestId);
    sentParams.delete(extra.requestId);
    const { toolName, call } = callFor(request, extra);
    try {
      if (text === undefined) {
        throw new Error("elicit-form-mcp-sdk: connect the client through transport(...), "
          + "so the form is read as the server sent it (the SDK's parse drops keys such as writeOnly)");
      }
      const params = JSON.parse(text);
      if ((params.mode ?? "form") !== "form") {
        throw new Error(`elicitation mode "${params.mode}" is not answered by elicit-form`);
      }
      return await decide(options, toolName, String(extra.requestId), params);
    } catch (error) {
      // The tool call ends with this error; the server is told why below.
      if (call) {
        call.failure = error;
        call.controller.abort(error);
      }
      if (error instanceof FormRefusalError) {
        throw protocolError(FORM_REFUSED_ERROR_CODE, error.message,
          { kind: error.kind, property: error.property ?? null, reason: error.reason ?? null });
      }
      if (error instanceof FormElicitationPendingError) {
        throw protocolError(FORM_PENDING_ERROR_CODE, error.message);
      }
      throw protocolError(ErrorCode.InternalError, error instanceof Error ? error.message : String(error));
    }
  }

  return {
    /** Declares form elicitation and answers `elicitation/create`. Call before connect. */
    install(client) {
      client.registerCapabilities({ elicitation: { form: {} } });
      client.setRequestHandler(ElicitRequestSchema, answerRequest);
      return client;
    },

    /** Wraps a Transport so each elicitation's params are kept as sent. Connect the client through it. */
    transport(inner) {
      const outer = {
        start: () => inner.start(),
        close: () => inner.close(),
        send(message, sendOptions) {
          // A request answered (or failed by the SDK before the handler) needs its params no longer.
          if (message && "id" in message && !("method" in message)) sentParams.delete(message.id);
          return inner.send(message, sendOptions);
        },
        get sessionId() { return inner.sessionId; },
      };
      if (typeof inner.setProtocolVersion === "function") {
        outer.setProtocolVersion = (version) => inner.setProtocolVersion(version);
      }
      inner.onmessage = (message, extra) => {
        if (message?.method === "elicitation/create" && "id" in message) {
          sentParams.set(message.id, JSON.stringify(message.params ?? {}));
        }
        outer.onmessage?.(message, extra);
      };
      inner.onclose = () => outer.onclose?.();
      inner.onerror = (error) => outer.onerror?.(error);
      return outer;
    },

    /**
     * client.callTool, attributing the forms asked during it to this tool.
     * Throws FormRefusalError (refused, nothing shown) or
     * FormElicitationPendingError (parked: retry once a person answered).
     */
    async callTool(client, params, resultSchema, requestOptions = {}) {
      const controller = new AbortController();
      const outer = requestOptions.signal;
      const forward = () => controller.abort(outer.reason);
      if (outer?.aborted) forward();
      else outer?.addEventListener("abort", forward, { once: true });
      const call = { toolName: params.name, controller, failure: undefined };
      calls.add(call);
      try {
        const result = await client.callTool(params, resultSchema, { ...requestOptions, signal: controller.signal });
        if (call.failure) throw call.failure;
        return result;
      } catch (error) {
        throw call.failure ?? error;
      } finally {
        calls.delete(call);
        outer?.removeEventListener("abort", forward);
      }
    },

    /** answerInputRequired with this connection's options. */
    answerInputRequired(result, toolName) {
      return answerInputRequired(result, { ...options, toolName });
    },

    /** callToolWithRetries with this connection's options. */
    callToolWithRetries(send, params, retryOptions = {}) {
      return callToolWithRetries(send, params, { ...options, ...retryOptions });
    },
  };
}

// --- Protocol 2026-07-28: input_required results and their retry ----------

/**
 * Answers one `input_required` round of a tools/call.
 *
 * result: the server's `{resultType: "input_required", inputRequests, requestState?}`.
 * Returns `{ inputResponses }` with the ElicitResult under the request's key,
 * or throws FormRefusalError, FormElicitationPendingError (with `.result`), or
 * an Error for a round this client does not answer (no form, a request of
 * another kind, or more than one form: the backend answers one per round).
 */
export async function answerInputRequired(result, options) {
  checkOptions(options);
  if (typeof options.toolName !== "string") throw new TypeError("toolName must be the tool's name (a string)");
  if (result?.resultType !== "input_required") throw new TypeError('result is not resultType "input_required"');
  const requests = result.inputRequests;
  if (typeof requests !== "object" || requests === null || Array.isArray(requests)) {
    throw new TypeError("inputRequests must be an object of requests by key");
  }
  const entries = Object.entries(requests);
  if (entries.length === 0) throw new Error("input_required with no inputRequests");
  for (const [key, request] of entries) {
    const mode = request?.params?.mode ?? "form";
    if (request?.method !== "elicitation/create" || mode !== "form") {
      const what = request?.method === "elicitation/create" ? `elicitation in mode "${mode}"` : `"${request?.method}"`;
      throw new Error(`input request "${key}" is ${what}, which this client does not answer`);
    }
  }
  if (entries.length > 1) {
    throw new Error(`the server asks ${entries.length} forms in one round; at most one form elicitation is answered per round`);
  }
  const [[key, request]] = entries;
  const response = await decide(options, options.toolName, key, request.params ?? {}, result);
  return { inputResponses: { [key]: response } };
}

/** The tools/call params of the retry: the call's own, the responses, and requestState echoed unchanged. */
export function retryParams(params, result, inputResponses) {
  const retry = { ...params, inputResponses };
  if ("requestState" in result) retry.requestState = result.requestState;
  return retry;
}

/**
 * Sends a tools/call and answers `input_required` rounds until the server
 * gives a final result. `send(params)` sends one tools/call and returns its
 * result object; with SDK 1.32.2 it can be
 * `(p) => client.request({ method: "tools/call", params: p }, CallToolResultSchema)`
 * (that schema keeps unknown keys, so resultType, inputRequests and
 * requestState reach this function).
 */
export async function callToolWithRetries(send, params, options) {
  const maxRounds = options.maxRounds ?? 8;
  let result = await send(params);
  for (let round = 0; result?.resultType === "input_required"; round += 1) {
    if (round >= maxRounds) throw new Error(`the server still asks for input after ${maxRounds} rounds`);
    const { inputResponses } = await answerInputRequired(result, { ...options, toolName: params.name });
    result = await send(retryParams(params, result, inputResponses));
  }
  return result;
}
