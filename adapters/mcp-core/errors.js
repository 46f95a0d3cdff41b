// The errors a tool call or a resource read ends with, shared by every
// adapter so one `catch` serves them all. The round errors carry the
// backend's texts (everruns-core's mcp/http.rs and mcp/http/mrtr.rs).

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
    super(
      all.length === 1
        ? pending.summary
        : `MCP server '${pending.serverName}' asks you to open ${all.length} links before tool '${pending.toolName}' can run`,
    );
    this.name = "UrlElicitationPendingError";
    /** elicit-form/url's UrlPending: serverName, toolName, summary, view (the consent view, `view.mode === "url"`). */
    this.pending = pending;
    /** Every link asked: one, except for a -32042 error listing several (2025-11-25). */
    this.pendings = all;
    /** For 2026-07-28 answered by hand: the input_required result to answer once the person has. */
    if (result !== undefined) this.result = result;
  }
}

/**
 * The round loop's bound (the backend's MAX_INPUT_REQUIRED_ROUNDS, 2
 * retries): the server still asked for input after `rounds` rounds of
 * `method` for `target` (a tool's name, or `resources/read:<uri>`).
 */
export class InputRequiredRoundsExceededError extends Error {
  constructor(rounds, lastResult, { method = "tools/call", target } = {}) {
    super(
      `MCP request '${method}' for '${target}' still requires input after ${rounds} rounds; ` +
        "if you were asked to complete something in your browser, finish it and retry the request",
    );
    this.name = "InputRequiredRoundsExceededError";
    /** The bound that was reached. */
    this.rounds = rounds;
    /** The last input_required round, which was not answered. */
    this.lastResult = lastResult;
    /** The request's method and the target its answers are kept under. */
    this.method = method;
    this.target = target;
    /** Whether that round asked for a link (URL mode). */
    this.asksUrl = Object.values(lastResult?.inputRequests ?? {}).some(
      (request) => request?.method === "elicitation/create" && request.params?.mode === "url",
    );
  }
}

/**
 * A round this client does not answer (two forms, an input of a kind it
 * does not take, a mode its policy did not declare), or a target it does
 * not ask for: nothing was sent.
 */
export class InputRequiredRoundError extends Error {
  constructor(message, { keys = [], key } = {}) {
    super(message);
    this.name = "InputRequiredRoundError";
    /** The round's request keys, in the order they are handled (the backend's map order). */
    this.keys = keys;
    /** The key refused, when one entry is. */
    if (key !== undefined) this.key = key;
  }
}
