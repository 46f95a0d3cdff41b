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
// the logic both SDK adapters share is elicit-form-mcp-core's. This module
// holds what is SDK v1's: the handler registered with ElicitRequestSchema,
// the SDK's error codes, client.callTool's result schema argument, and which
// tool a pushed form belongs to (the one callTool in flight). Protocol
// 2025-11-25 arrives as an `elicitation/create` request during a tools/call
// (install, transport, callTool). Protocol 2026-07-28 arrives as a tools/call
// result with `resultType: "input_required"`, which SDK 1.32.2 does not
// model: answerInputRequired, retryParams and callToolWithRetries work on the
// JSON shapes themselves.
//
// URL mode (a link a person is asked to open) keeps the same rules with
// elicit-form/url's: a pushed `elicitation/create` in mode "url" is refused,
// parked (onUrlPending, UrlElicitationPendingError) or answered
// `{ action: "accept" }` on a consent (the store's takeConsent); a -32042
// error parks the call with nothing sent back; and
// `notifications/elicitation/complete` reaches onUrlComplete. Rounds are
// everruns-core's (elicit-form-mcp-core's answerRound), what is declared is
// the elicitationPolicy's, and readResourceWithRetries answers a resource
// read's rounds under `resources/read:<uri>`.

import * as core from "elicit-form-mcp-core";
import {
  ElicitRequestSchema,
  ElicitationCompleteNotificationSchema,
  ErrorCode,
} from "@modelcontextprotocol/sdk/types.js";

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

/** JSON-RPC error code answered while a form waits for a person. */
export const FORM_PENDING_ERROR_CODE = ErrorCode.RequestTimeout;
/** JSON-RPC error code answered for a refused form. */
export const FORM_REFUSED_ERROR_CODE = ErrorCode.InvalidParams;

const SDK = {
  name: "elicit-form-mcp-sdk",
  // The SDK sends such an error back as the JSON-RPC error of the server's
  // request, with its code, message and data exactly.
  protocolError: core.jsonRpcError,
  codes: {
    pending: FORM_PENDING_ERROR_CODE,
    refused: FORM_REFUSED_ERROR_CODE,
    internal: ErrorCode.InternalError,
  },
};

/**
 * The form-elicitation side of one connection to one configured server.
 *
 * options: { serverName, store: { take(server, tool), takeConsent?(server, tool) },
 *            elicitationPolicy?: "url" | "url_and_form" (the default) | "none", maxRounds?: number (default 2),
 *            profile?: "backend" | "mcp-2026-07-28", onPending?(pending),
 *            onUrlPending?(urlPending), onUrlComplete?({ serverName, toolName, view }),
 *            now?(): Date | number | string, onStoreError?(error, text),
 *            toolFor?(request, extra): string }
 */
export function formElicitation(options) {
  core.checkOptions(options);
  const sent = new core.SentForms();
  const calls = new core.ToolCallsInFlight();
  // Links a person was sent to, until their completion notification.
  const outstanding = new core.OutstandingUrlElicitations();

  function callFor(request, extra) {
    if (options.toolFor) {
      const toolName = options.toolFor(request, extra);
      return { toolName, call: calls.find(toolName) };
    }
    if (calls.size !== 1) {
      const why =
        calls.size === 0 ? "no tool call is in flight through callTool" : `${calls.size} tool calls are in flight`;
      throw core.jsonRpcError(ErrorCode.InvalidRequest, `cannot tell which tool asks for this form: ${why}`);
    }
    const [call] = calls.list();
    return { toolName: call.toolName, call };
  }

  async function answerRequest(request, extra) {
    const text = sent.take(extra.requestId);
    const { toolName, call } = callFor(request, extra);
    if (text === undefined) {
      const error = new Error(
        "elicit-form-mcp-sdk: connect the client through transport(...), " +
          "so the form is read as the server sent it (the SDK's parse drops keys such as writeOnly)",
      );
      call?.fail(error);
      throw core.jsonRpcError(ErrorCode.InternalError, error.message);
    }
    return core.answerPushedElicitation(SDK, options, {
      toolName,
      key: String(extra.requestId),
      text,
      call,
      outstanding,
    });
  }

  return {
    /**
     * Declares what the elicitationPolicy declares (`url_and_form`: form and
     * URL mode; `url`: URL mode; `none`: no elicitation, and no handler),
     * answers `elicitation/create`, and hands
     * `notifications/elicitation/complete` to onUrlComplete. Call before
     * connect.
     */
    install(client) {
      const elicitation = core.elicitationCapability(core.elicitationPolicy(options));
      if (elicitation === undefined) return client;
      client.registerCapabilities({ elicitation });
      client.setRequestHandler(ElicitRequestSchema, answerRequest);
      client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) =>
        core.urlCompleted(SDK, options, outstanding, notification.params),
      );
      return client;
    },

    /** Wraps a Transport so each elicitation's params are kept as sent. Connect the client through it. */
    transport(inner) {
      return core.observedTransport(inner, {
        outgoing: (message) => sent.observeOutgoing(message),
        incoming: (message) => sent.observeIncoming(message),
      });
    },

    /**
     * client.callTool, attributing the forms and links asked during it to
     * this tool. Throws FormRefusalError or UrlRefusalError (refused, nothing
     * shown), or FormElicitationPendingError or UrlElicitationPendingError
     * (parked: retry once a person answered; also for a -32042 error).
     */
    async callTool(client, params, resultSchema, requestOptions = {}) {
      core.checkToolName(params?.name);
      try {
        return await calls.run(params.name, requestOptions.signal, (signal) =>
          client.callTool(params, resultSchema, { ...requestOptions, signal }),
        );
      } catch (error) {
        const elicitations = core.urlRequiredFrom(error);
        if (elicitations === undefined) throw error;
        throw await core.urlRequiredError(SDK, options, params.name, elicitations, outstanding);
      }
    },

    /** answerInputRequired with this connection's options. */
    answerInputRequired(result, toolName) {
      return answerInputRequired(result, { ...options, toolName });
    },

    /** callToolWithRetries with this connection's options. */
    callToolWithRetries(send, params, retryOptions = {}) {
      return core.callToolWithRetries(SDK, send, params, { ...options, ...retryOptions }, { outstanding });
    },

    /** readResourceWithRetries with this connection's options. */
    readResourceWithRetries(send, params, retryOptions = {}) {
      return core.readResourceWithRetries(SDK, send, params, { ...options, ...retryOptions });
    },
  };
}

// --- Protocol 2026-07-28: input_required results and their retry ----------

/**
 * Answers one `input_required` round of a tools/call.
 *
 * result: the server's `{resultType: "input_required", inputRequests, requestState?}`.
 * Returns `{ inputResponses }` with each ElicitResult under its request's
 * key (none for a round with no requests), or throws FormRefusalError or
 * UrlRefusalError, FormElicitationPendingError or UrlElicitationPendingError
 * (with `.result`), or InputRequiredRoundError for a round the backend does
 * not answer (more than one form, a request of another kind, a mode the
 * policy did not declare). A resource read's round: `resourceUri` in place
 * of `toolName`.
 */
export function answerInputRequired(result, options) {
  return core.answerInputRequired(SDK, result, options);
}

/**
 * Sends a tools/call and answers `input_required` rounds until the server
 * gives a final result (at most 2 retries, the backend's bound, unless `maxRounds`). `send(params)`
 * sends one tools/call and returns its result object; with SDK 1.32.2 it can be
 * `(p) => client.request({ method: "tools/call", params: p }, CallToolResultSchema)`
 * (that schema keeps unknown keys, so resultType, inputRequests and
 * requestState reach this function).
 */
export function callToolWithRetries(send, params, options) {
  return core.callToolWithRetries(SDK, send, params, options);
}

/**
 * As callToolWithRetries for a resources/read, under the target
 * `resources/read:<params.uri>`; with SDK 1.32.2 `send` can be
 * `(p) => client.request({ method: "resources/read", params: p }, ReadResourceResultSchema)`.
 */
export function readResourceWithRetries(send, params, options) {
  return core.readResourceWithRetries(SDK, send, params, options);
}
