// Protocol 2026-07-28's input_required rounds, as the backend answers them
// (everruns-core's mcp/http.rs gather_input_responses and the round loop of
// mcp/http/mrtr.rs):
//
// - A round holds at most one form: two or more are refused with the
//   backend's text. One form and any number of links are answered.
// - Any other entry (sampling, roots, a mode the reading does not know) is
//   refused naming its key; so is a mode the elicitationPolicy did not
//   declare to this server.
// - Entries are handled in the backend's map order (keys by code point),
//   and the first that cannot be answered now (a form or a link parked for
//   a person) ends the call with nothing sent.
// - A round with no inputRequests (or only requestState) is retried at once,
//   with requestState echoed and no inputResponses.
// - At most MAX_INPUT_REQUIRED_ROUNDS (2) retries, then
//   InputRequiredRoundsExceededError with the backend's text.
// - A resource read is answered like a tool call, under the target
//   `resources/read:<exact uri>`; a tool whose name takes that prefix is
//   refused.
//
// One difference that no server can see: every entry of a round is checked
// (refused or not) before any record is taken, where the backend takes as it
// goes. A round the backend would refuse half-way is refused here whole, so
// no answer or consent is used up by a round that sends nothing; whenever
// the backend would finish a round, what is sent is the same.

import { FormRefusalError, MAX_FORM_TEXT_CHARS } from "elicit-form/mcp-2026-07-28";
import { answerEntry, checkEntry, isUrlRefusal, readEntry, urlModule } from "./decide.js";
import { InputRequiredRoundError, InputRequiredRoundsExceededError } from "./errors.js";
import { checkOptions } from "./options.js";
import { urlRequiredError, urlRequiredFrom } from "./pushed.js";

/** How many input_required rounds one request is retried for (the backend's MAX_INPUT_REQUIRED_ROUNDS). */
export const MAX_INPUT_REQUIRED_ROUNDS = 2;

/** The prefix of a resource read's target; no tool may be named with it. */
export const RESOURCE_READ_SCOPE = "resources/read:";

/** The target a resource read's answers are kept under: `resources/read:<exact uri>`. */
export function resourceTarget(uri) {
  if (typeof uri !== "string") throw new TypeError("MCP resources/read requires a URI");
  return `${RESOURCE_READ_SCOPE}${uri}`;
}

/** Refuses a tool whose name takes the resource reads' reserved prefix (the backend's text). */
export function checkToolName(toolName) {
  if (typeof toolName === "string" && toolName.startsWith(RESOURCE_READ_SCOPE)) {
    throw new InputRequiredRoundError("MCP tool name uses the reserved resource consent scope");
  }
}

// serde_json's map (a BTreeMap) orders keys by their UTF-8 bytes, which is
// code point order; JS's default sort compares UTF-16 units.
function byMapOrder(a, b) {
  const left = [...a];
  const right = [...b];
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const diff = left[i].codePointAt(0) - right[i].codePointAt(0);
    if (diff !== 0) return diff;
  }
  return left.length - right.length;
}

/** The keys of an inputRequests map in the order the backend handles them. */
export function mapOrder(requests) {
  return Object.keys(requests).sort(byMapOrder);
}

// A refusal in a round, worded as the backend words it there.
async function inRound(error, options, target, keys) {
  const server = options.serverName;
  if (error instanceof FormRefusalError) {
    const text =
      error.kind === "message"
        ? `MCP server '${server}' sent a form elicitation message longer than ${MAX_FORM_TEXT_CHARS} characters for tool '${target}'`
        : `MCP server '${server}' asked questions for tool '${target}' that Everruns will not put to a person: ${error.message}`;
    return new FormRefusalError(text, { kind: error.kind, property: error.property, reason: error.reason });
  }
  if (isUrlRefusal(error)) {
    const { UrlRefusalError } = await urlModule();
    return new UrlRefusalError(`MCP server '${server}' sent an unusable elicitation URL: ${error.message}`, {
      kind: error.kind,
    });
  }
  if (error instanceof InputRequiredRoundError)
    return new InputRequiredRoundError(error.message, { keys, key: error.key });
  return error;
}

/**
 * The inputResponses of one round of `target` (a tool's name, or
 * `resources/read:<uri>`), as gather_input_responses builds them. With
 * othersAnsweredElsewhere (SDK v2's auto-fulfilment, which answers the
 * kinds of request the host declared itself) entries that are not
 * elicitations are left alone.
 */
export async function answerRound(sdk, options, target, requests, result, { othersAnsweredElsewhere = false } = {}) {
  const keys = mapOrder(requests);
  const entries = keys.map((key) => [key, readEntry(requests[key])]);
  const forms = entries.filter(([, entry]) => entry.kind === "form").length;
  if (forms > 1) {
    throw new InputRequiredRoundError(
      `MCP server '${options.serverName}' sent ${forms} form elicitations in one round for tool ` +
        `'${target}'; Everruns answers at most one at a time`,
      { keys },
    );
  }
  const checked = [];
  for (const [key, entry] of entries) {
    if (entry.kind === "other") {
      if (othersAnsweredElsewhere && entry.method !== "elicitation/create") continue;
      throw new InputRequiredRoundError(
        `MCP server '${options.serverName}' requested input '${key}' (${entry.method}) for tool ` +
          `'${target}' that this client does not support; everruns answers only URL and form mode elicitation`,
        { keys, key },
      );
    }
    try {
      checked.push(await checkEntry(options, target, key, entry));
    } catch (error) {
      throw await inRound(error, options, target, keys);
    }
  }
  const responses = {};
  for (const entry of checked) responses[entry.key] = await answerEntry(sdk, options, entry, result);
  return responses;
}

/** The target of answerInputRequired's options: `resources/read:<resourceUri>`, or the tool's name. */
function targetOf(options) {
  if (options.resourceUri !== undefined) return resourceTarget(options.resourceUri);
  if (typeof options.toolName !== "string") throw new TypeError("toolName must be the tool's name (a string)");
  checkToolName(options.toolName);
  return options.toolName;
}

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Answers one `input_required` round by hand, of a tools/call
 * (`options.toolName`) or a resources/read (`options.resourceUri`).
 *
 * Resolves with `{ inputResponses }` under the server's keys (none for a
 * round with no inputRequests, which is retried as it is), or throws
 * FormRefusalError or UrlRefusalError, FormElicitationPendingError or
 * UrlElicitationPendingError (with `.result`), or InputRequiredRoundError.
 */
export async function answerInputRequired(sdk, result, options) {
  checkOptions(options);
  const target = targetOf(options);
  if (result?.resultType !== "input_required") throw new TypeError('result is not resultType "input_required"');
  // A map that is absent or not an object holds no request (protocol.rs input_requests).
  const requests = isObject(result.inputRequests) ? result.inputRequests : {};
  return { inputResponses: await answerRound(sdk, options, target, requests, result) };
}

/**
 * The params of the retry: the request's own, with the previous round's
 * requestState and inputResponses removed, then this round's added (no
 * inputResponses when there are none; requestState echoed unchanged).
 */
export function retryParams(params, result, inputResponses) {
  const { inputResponses: _previous, requestState: _state, ...original } = params;
  const retry = Object.keys(inputResponses).length === 0 ? { ...original } : { ...original, inputResponses };
  if (result.requestState !== undefined) retry.requestState = result.requestState;
  return retry;
}

async function runRounds(sdk, send, params, options, { method, target, outstanding }) {
  checkOptions(options);
  const maxRounds = options.maxRounds ?? MAX_INPUT_REQUIRED_ROUNDS;
  const sendOrPark = async (p) => {
    try {
      return await send(p);
    } catch (error) {
      const elicitations = urlRequiredFrom(error);
      if (elicitations === undefined) throw error;
      throw await urlRequiredError(sdk, options, target, elicitations, outstanding);
    }
  };
  const answering =
    method === "resources/read" ? { ...options, resourceUri: params.uri } : { ...options, toolName: params.name };
  let result = await sendOrPark(params);
  for (let round = 0; result?.resultType === "input_required"; round += 1) {
    if (round >= maxRounds) throw new InputRequiredRoundsExceededError(maxRounds, result, { method, target });
    const { inputResponses } = await answerInputRequired(sdk, result, answering);
    result = await sendOrPark(retryParams(params, result, inputResponses));
  }
  return result;
}

/**
 * Sends a tools/call and answers `input_required` rounds until the server
 * gives a final result. `send(params)` sends one tools/call and resolves
 * with its result, an input_required one included. Past `maxRounds`
 * (default 2) retries it throws InputRequiredRoundsExceededError; a -32042
 * error (2025-11-25) ends it with UrlElicitationPendingError.
 */
export async function callToolWithRetries(sdk, send, params, options, { outstanding } = {}) {
  checkToolName(params?.name);
  return runRounds(sdk, send, params, options, { method: "tools/call", target: params.name, outstanding });
}

/**
 * Sends a resources/read and answers `input_required` rounds as for a tool
 * call, under the target `resources/read:<params.uri>`.
 */
export async function readResourceWithRetries(sdk, send, params, options) {
  const target = resourceTarget(params?.uri);
  return runRounds(sdk, send, params, options, { method: "resources/read", target });
}
