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
// URL mode (a link the server asks a person to open) follows the same three
// rules with elicit-form/url's: a refused link is never shown, one with no
// consent parks the call (onUrlPending, UrlElicitationPendingError with the
// consent view), and a consent (the backend's StoredConsent, from the
// store's takeConsent) is sent once, as `{ action: "accept" }`; a declined
// link sends nothing. A -32042 error (2025-11-25) parks the same way, with
// nothing sent back, and `notifications/elicitation/complete` reaches
// onUrlComplete.
//
// Rounds are everruns-core's (elicit-form-mcp-core's answerRound: one form
// and any number of links, its texts, 2 retries), what is declared is the
// elicitationPolicy's, and a resource read's round is answered under
// `resources/read:<uri>`.
//
// The logic both SDK adapters share is elicit-form-mcp-core's. This module
// holds what is SDK v2's: the handler registered by method name, the SDK's
// ProtocolError, client.callTool's arguments, the tools/call requests seen
// on the wire (which tool a pushed form belongs to), and the input_required
// rounds the client auto-fulfils.
//
// Why the transport wrapper: the client parses each form with its own schema
// before a handler sees it (keys reordered, unknown keys such as `writeOnly`
// dropped), and the handler of an embedded request is not told which tool
// asked. The wrapper keeps each form's params as the server sent them and
// which tools/call they came with.

import * as core from "elicit-form-mcp-core";
import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";

export {
  ELICITATION_POLICIES,
  FormElicitationPendingError,
  InputRequiredRoundError,
  InputRequiredRoundsExceededError,
  MAX_INPUT_REQUIRED_ROUNDS,
  MemoryFormAnswers,
  UrlElicitationPendingError,
  retryParams,
} from "elicit-form-mcp-core";

/** JSON-RPC error code answered to a pushed form while it waits for a person (MCP's request timeout, as the v1 adapter answers). */
export const FORM_PENDING_ERROR_CODE = -32001;
/** JSON-RPC error code answered to a pushed form that is refused. */
export const FORM_REFUSED_ERROR_CODE = ProtocolErrorCode.InvalidParams;

const SDK = {
  name: "elicit-form-mcp-client",
  protocolError: (code, message, data) => new ProtocolError(code, message, data),
  codes: {
    pending: FORM_PENDING_ERROR_CODE,
    refused: FORM_REFUSED_ERROR_CODE,
    internal: ProtocolErrorCode.InternalError,
  },
};

// Rounds seen on the wire whose forms no handler call has claimed yet.
const MAX_UNCLAIMED_ROUNDS = 32;

/**
 * The form-elicitation side of one connection to one configured server.
 *
 * options: { serverName, store: { take(server, tool), takeConsent?(server, tool) },
 *            elicitationPolicy?: "url" | "url_and_form" (the default) | "none", maxRounds?: number (default 2),
 *            profile?: "backend" | "mcp-2026-07-28",
 *            onPending?(pending), onUrlPending?(urlPending), onUrlComplete?({ serverName, toolName, view }),
 *            now?(): Date | number | string, onStoreError?(error, text), toolFor?(request, ctx): string }
 */
export function formElicitation(options) {
  core.checkOptions(options);
  const policy = core.elicitationPolicy(options);
  const maxRounds = options.maxRounds ?? core.MAX_INPUT_REQUIRED_ROUNDS;
  // tools/call requests sent and not yet answered: JSON-RPC id -> tool name.
  const toolCalls = new Map();
  // resources/read requests sent and not yet answered: JSON-RPC id -> target (resources/read:<uri>).
  const resourceReads = new Map();
  // Pushed elicitation/create params as sent.
  const pushed = new core.SentForms();
  // input_required rounds seen and not yet fully handed to the handler, oldest first.
  const rounds = [];
  // Calls through forms.callTool, so a pushed form's failure ends its call.
  const calls = new core.ToolCallsInFlight();
  // Links a person was sent to (2025-11-25), until their completion notification.
  const outstanding = new core.OutstandingUrlElicitations();

  function observeOutgoing(message) {
    if (message?.method === "tools/call" && "id" in message) toolCalls.set(message.id, message.params?.name);
    else if (message?.method === "resources/read" && "id" in message && typeof message.params?.uri === "string") {
      resourceReads.set(message.id, core.resourceTarget(message.params.uri));
    } else if (message?.method === "notifications/cancelled") {
      // A request the client gave up on gets no answer: it is no longer in flight.
      toolCalls.delete(message.params?.requestId);
      resourceReads.delete(message.params?.requestId);
    } else pushed.observeOutgoing(message);
  }

  function observeIncoming(message) {
    if (!message || typeof message !== "object") return;
    if (message.method === "elicitation/create" && "id" in message) {
      pushed.observeIncoming(message);
      return;
    }
    if ("method" in message || !("id" in message)) return;
    // The target a round's answers are kept under: the tool, or resources/read:<uri>.
    const target = toolCalls.get(message.id) ?? resourceReads.get(message.id);
    toolCalls.delete(message.id);
    resourceReads.delete(message.id);
    if (target === undefined) return;
    const result = message.result;
    if (
      result?.resultType !== "input_required" ||
      typeof result.inputRequests !== "object" ||
      result.inputRequests === null
    )
      return;
    // Kept as text and read back: the copy the handler sees is the SDK's parse.
    const requests = JSON.parse(JSON.stringify(result.inputRequests));
    // Forms and links alike: both reach the elicitation/create handler.
    const elicitationKeys = Object.keys(requests).filter((key) => requests[key]?.method === "elicitation/create");
    if (elicitationKeys.length === 0) return;
    rounds.push({ target, requests, undelivered: new Set(elicitationKeys), decision: undefined });
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
      const why =
        toolCalls.size === 0
          ? "no tool call is in flight"
          : `${toolCalls.size} tool calls are in flight (${open.join(", ")})`;
      throw new ProtocolError(ProtocolErrorCode.InvalidRequest, `cannot tell which tool asks for this form: ${why}`);
    }
    return open[0];
  }

  async function answerRequest(request, ctx) {
    const id = ctx.mcpReq.id;
    const text = pushed.take(id);
    if (text !== undefined) {
      const toolName = pushedToolFor(request, ctx);
      return core.answerPushedElicitation(SDK, options, {
        toolName,
        key: String(id),
        text,
        call: calls.find(toolName),
        outstanding,
      });
    }
    const round = roundFor(String(id));
    if (round === undefined) {
      throw new Error(
        "elicit-form-mcp-client: connect the client through forms.transport(...), so each form " +
          "is read as the server sent it and attributed to the tool that asked",
      );
    }
    // One decision per round, shared by its keys: the backend's, whole.
    round.decision ??= core.answerRound(SDK, options, round.target, round.requests, undefined, {
      othersAnsweredElsewhere: true,
    });
    const responses = await round.decision;
    return responses[String(id)];
  }

  // The SDK's own bound on auto-fulfilled rounds ends a call with its
  // SdkError; it is reported as the adapters report theirs.
  function roundsExceeded(error, method, target) {
    if (!(error instanceof SdkError) || error.code !== SdkErrorCode.InputRequiredRoundsExceeded) return error;
    return new core.InputRequiredRoundsExceededError(error.data?.rounds, error.data?.lastResult, { method, target });
  }

  return {
    /**
     * Declares what the elicitationPolicy declares (`url_and_form`: form and
     * URL mode; `url`: URL mode; `none`: no elicitation, and no handler),
     * answers `elicitation/create`, hands
     * `notifications/elicitation/complete` to onUrlComplete, and bounds the
     * client's auto-fulfilled rounds at the backend's 2 retries (or
     * `maxRounds`). Call before connect.
     */
    install(client) {
      // SDK v2 reads its round bound from the Client's options
      // (inputRequired.maxRounds, default 10) as each request's rounds begin.
      const driver = client._inputRequiredDriverConfig;
      if (typeof driver === "object" && driver !== null) client._inputRequiredDriverConfig = { ...driver, maxRounds };
      const elicitation = core.elicitationCapability(policy);
      if (elicitation === undefined) return client;
      client.registerCapabilities({ elicitation });
      client.setRequestHandler("elicitation/create", answerRequest);
      client.setNotificationHandler("notifications/elicitation/complete", (notification) =>
        core.urlCompleted(SDK, options, outstanding, notification.params),
      );
      return client;
    },

    /**
     * The transport to connect the client through: `inner` itself, with each
     * form's params kept as the server sent them and tied to its tools/call.
     */
    transport(inner) {
      return core.observedTransport(inner, { outgoing: observeOutgoing, incoming: observeIncoming });
    },

    /**
     * client.callTool, auto-fulfilling input_required rounds (2026-07-28) or
     * answering pushed forms and links (2025-11-25). Throws FormRefusalError
     * or UrlRefusalError (refused, nothing shown), FormElicitationPendingError
     * or UrlElicitationPendingError (parked: call again once a person
     * answered; also for a -32042 error), InputRequiredRoundError, or
     * InputRequiredRoundsExceededError (the SDK's inputRequired.maxRounds).
     */
    async callTool(client, params, requestOptions = {}) {
      core.checkToolName(params?.name);
      try {
        return await calls.run(params.name, requestOptions.signal, (signal) =>
          client.callTool(params, { ...requestOptions, signal }),
        );
      } catch (error) {
        const elicitations = core.urlRequiredFrom(error);
        if (elicitations !== undefined)
          throw await core.urlRequiredError(SDK, options, params.name, elicitations, outstanding);
        throw roundsExceeded(error, "tools/call", params.name);
      }
    },

    /**
     * client.readResource, auto-fulfilling input_required rounds
     * (2026-07-28) as callTool does, under the target
     * `resources/read:<params.uri>`.
     */
    async readResource(client, params, requestOptions = {}) {
      const target = core.resourceTarget(params?.uri);
      try {
        return await client.readResource(params, requestOptions);
      } catch (error) {
        throw roundsExceeded(error, "resources/read", target);
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
      const { maxRounds: bound = maxRounds, ...requestOptions } = retryOptions;
      const send = (p) =>
        client.request({ method: "tools/call", params: p }, { ...requestOptions, allowInputRequired: true });
      return core.callToolWithRetries(SDK, send, params, { ...options, maxRounds: bound }, { outstanding });
    },

    /** Manual mode for resources/read: as callToolWithRetries, under the target `resources/read:<params.uri>`. */
    readResourceWithRetries(client, params, retryOptions = {}) {
      const { maxRounds: bound = maxRounds, ...requestOptions } = retryOptions;
      const send = (p) =>
        client.request({ method: "resources/read", params: p }, { ...requestOptions, allowInputRequired: true });
      return core.readResourceWithRetries(SDK, send, params, { ...options, maxRounds: bound });
    },
  };
}

/**
 * Answers one `input_required` round of a tools/call (manual mode).
 *
 * result: the server's `{resultType: "input_required", inputRequests, requestState?}`.
 * Returns `{ inputResponses }` under the server's keys (none for a round
 * that only carries requestState), or throws FormRefusalError or
 * UrlRefusalError, FormElicitationPendingError or UrlElicitationPendingError
 * (with `.result`), or InputRequiredRoundError for a round that cannot be
 * answered whole.
 */
export function answerInputRequired(result, options) {
  return core.answerInputRequired(SDK, result, options);
}

/**
 * Sends a tools/call and answers `input_required` rounds until the server
 * gives a final result (at most 2 retries, the backend's bound, unless `maxRounds`). `send(params)`
 * sends one tools/call and returns its result, an input_required one included
 * (SDK v2: `(p) => client.request({ method: "tools/call", params: p }, { allowInputRequired: true })`).
 */
export function callToolWithRetries(send, params, options) {
  return core.callToolWithRetries(SDK, send, params, options);
}

/**
 * As callToolWithRetries for a resources/read (`send(params)` sends one),
 * under the target `resources/read:<params.uri>`.
 */
export function readResourceWithRetries(send, params, options) {
  return core.readResourceWithRetries(SDK, send, params, options);
}
