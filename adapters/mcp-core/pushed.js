// Protocol 2025-11-25 and earlier: the server pushes `elicitation/create`
// during a tools/call (a form or a link), or fails the call with -32042
// (URL elicitation required) listing links; `notifications/elicitation/
// complete` tells when a link's interaction finished. The backend speaks
// only 2026-07-28 rounds; these are answered by the same decision routine
// (decide.js), so a pushed form or link is decided exactly as an entry of
// a round.

import { FormRefusalError } from "elicit-form/mcp-2026-07-28";
import { answerEntry, checkEntry, isUrlRefusal, urlElicitationOf, urlModule } from "./decide.js";
import { FormElicitationPendingError, InputRequiredRoundError, UrlElicitationPendingError } from "./errors.js";

/** A pushed elicitation in a mode that is neither "form" nor "url". */
class UnknownModeError extends Error {
  constructor(mode) {
    super(`elicitation mode ${JSON.stringify(mode)} is not declared by this client (it answers "form" and "url")`);
    this.name = "UnknownModeError";
  }
}

// A pushed request's params as an entry: an absent mode is form.
function pushedEntry(params) {
  const mode = params.mode ?? "form";
  if (mode === "form") return { kind: "form", message: params.message, requestedSchema: params.requestedSchema };
  if (mode !== "url") throw new UnknownModeError(mode);
  const link = { kind: "url", message: params.message, url: params.url };
  if (params.elicitationId !== undefined) link.elicitationId = params.elicitationId;
  return link;
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
    const checked = await checkEntry(options, toolName, key, pushedEntry(JSON.parse(text)));
    const response = await answerEntry(sdk, options, checked);
    if (checked.kind === "url" && response.action === "accept" && typeof checked.view.elicitationId === "string") {
      outstanding?.add(checked.view.elicitationId, { serverName: options.serverName, toolName, view: checked.view });
    }
    return response;
  } catch (error) {
    // The tool call ends with this error; the server is told why below.
    call?.fail(error);
    if (error instanceof FormRefusalError) {
      throw sdk.protocolError(sdk.codes.refused, error.message, {
        kind: error.kind,
        property: error.property ?? null,
        reason: error.reason ?? null,
      });
    }
    if (isUrlRefusal(error)) throw sdk.protocolError(sdk.codes.refused, error.message, { kind: error.kind });
    // A mode the client did not declare: Invalid params, as the page asks.
    if (error instanceof UnknownModeError || error instanceof InputRequiredRoundError) {
      throw sdk.protocolError(sdk.codes.refused, error.message);
    }
    if (error instanceof FormElicitationPendingError || error instanceof UrlElicitationPendingError) {
      throw sdk.protocolError(sdk.codes.pending, error.message);
    }
    throw sdk.protocolError(sdk.codes.internal, error instanceof Error ? error.message : String(error));
  }
}

/** The earlier name of answerPushedElicitation, from when only forms were answered. */
export const answerPushedForm = answerPushedElicitation;

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
    return new InputRequiredRoundError(
      `the server answered tool '${toolName}' with -32042 but listed no link; nothing was shown`,
      { keys: [] },
    );
  }
  const requests = elicitations.map((entry, index) =>
    urlElicitationOf(options, toolName, String(index), entry && typeof entry === "object" ? entry : {}),
  );
  // With no record, answerUrl gives each link's pending view, or throws the
  // first link's refusal before anything is shown.
  let pendings;
  try {
    pendings = requests.map(
      ({ params }) => answerUrl({ serverName: options.serverName, toolName, params }, null).pending,
    );
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
