// elicit-form-ai-sdk-mcp: answers an MCP server's form elicitations for the
// Vercel AI SDK's MCP client (@ai-sdk/mcp's createMCPClient) the way the
// everruns-core backend does.
//
// @ai-sdk/mcp 2.x hands every form to one callback,
// client.onElicitationRequest(ElicitationRequestSchema, handler), with the
// requestedSchema unchecked and nothing about which tool asked. It calls that
// callback in both protocol eras:
//
// - 2026-07-28 (found with server/discover): a tools/call answered with
//   `resultType: "input_required"`; the client calls the handler once per
//   form of the round, inside its own retry loop, and retries with the
//   answers under the server's keys and requestState unchanged.
// - 2025-11-25 (initialize): the server pushes `elicitation/create` during
//   the tools/call; a handler that throws is answered with a JSON-RPC error.
//
// install(client) registers that handler and ties each form to its tool
// call: it wraps the client's callTool (the one `client.tools()` hands to
// generateText/streamText calls it too) so each call runs in an
// AsyncLocalStorage context, and it observes the client's transport to see
// each 2026-07-28 round whole, as the server sent it. Every decision is
// elicit-form's, through elicit-form-mcp-core (shared with the MCP SDK
// adapters): a refused form fails the call and is never shown, a form with no
// usable record parks the call (onPending, then FormElicitationPendingError),
// a recorded answer is taken once.
//
// Rounds are the backend's (elicit-form-mcp-core's answerRound: at most
// one form, checked whole before a record is taken) within what @ai-sdk/mcp
// can send: it answers form entries only, so a round holding a link is
// refused before anything is taken (the client would throw on the link),
// and a round with neither inputRequests nor requestState fails in the
// client's own parse. The bound is the backend's, 2 retries (or
// `maxRounds`): the third input_required answer of one call or read ends
// it with InputRequiredRoundsExceededError, which the adapter counts on the
// transport, under the client's own bound of 10. Resource reads through
// client.readResource are answered under `resources/read:<uri>`.
//
// URL-mode elicitations are not answered here: @ai-sdk/mcp 2.0.99 throws on
// them itself (2026-07-28) or hands them to this handler, which refuses them
// (2025-11-25).

import { AsyncLocalStorage } from "node:async_hooks";
import { ElicitationRequestSchema } from "@ai-sdk/mcp";
import * as core from "elicit-form-mcp-core";

export {
  FormElicitationPendingError,
  InputRequiredRoundError,
  InputRequiredRoundsExceededError,
  MAX_INPUT_REQUIRED_ROUNDS,
  MemoryFormAnswers,
} from "elicit-form-mcp-core";

/** JSON-RPC error code a 2025-11-25 server gets while a form waits for a person (MCP's request timeout). */
export const FORM_PENDING_ERROR_CODE = -32001;
/** JSON-RPC error code a 2025-11-25 server gets for a refused form (invalid params). */
export const FORM_REFUSED_ERROR_CODE = -32602;
const INVALID_REQUEST = -32600;
const INTERNAL_ERROR = -32603;

const SDK = {
  name: "elicit-form-ai-sdk-mcp",
  // @ai-sdk/mcp answers a throwing handler with -32603 and the error's
  // message; the adapter's transport puts this error's code and data in its place.
  protocolError: core.jsonRpcError,
  codes: { pending: FORM_PENDING_ERROR_CODE, refused: FORM_REFUSED_ERROR_CODE, internal: INTERNAL_ERROR },
};

/**
 * The form-elicitation side of one MCP client (one configured server).
 *
 * options: { serverName, store: { take(server, tool) }, profile?: "backend" | "mcp-2026-07-28",
 *            elicitationPolicy?: "url_and_form" (the default) | "url" | "none", maxRounds?: number (default 2),
 *            onPending?(pending, request), now?(), onStoreError?(error, text), toolFor?(request): string }
 * onPending's `request` is the form's { message, requestedSchema } as the
 * server sent them: what <elicit-form>'s `request` property takes.
 */
export function formElicitation(options) {
  core.checkOptions(options);
  if (options.toolFor !== undefined && typeof options.toolFor !== "function") {
    throw new TypeError("toolFor must be a function (request) => tool name");
  }
  const policy = core.elicitationPolicy(options);
  const maxRounds = options.maxRounds ?? core.MAX_INPUT_REQUIRED_ROUNDS;
  const calls = new core.ToolCallsInFlight();
  // The tool call (or resource read) a piece of work belongs to:
  // { toolName (the target), call, round, rounds (input_required answers seen), method }.
  const context = new AsyncLocalStorage();
  // JSON-RPC ids of the tools/call requests in flight, to their call.
  const callsById = new Map();
  // A pushed elicitation/create while the client hands it to the handler
  // (synchronously, inside the transport's onmessage), and the errors to
  // answer pushed requests with.
  let pushedId;
  const pushedErrors = new Map();

  // 2025-11-25: which tool asks. Over Streamable HTTP the pushed form arrives
  // on the tools/call's own response stream, so its context is the call's;
  // over stdio it arrives from the process's output: the one call in flight,
  // or toolFor.
  function pushedCall(request) {
    const state = context.getStore();
    if (state) return { toolName: state.toolName, call: state.call };
    if (options.toolFor) {
      const toolName = options.toolFor(request);
      return { toolName, call: calls.find(toolName) };
    }
    if (calls.size !== 1) {
      const why =
        calls.size === 0
          ? "no tool call is in flight through the installed client"
          : `${calls.size} tool calls are in flight`;
      throw core.jsonRpcError(INVALID_REQUEST, `cannot tell which tool asks for this form: ${why}`);
    }
    const [call] = calls.list();
    return { toolName: call.toolName, call };
  }

  // The options for one form: onPending also gets the form's params, which
  // <elicit-form> takes as its `request` (the pending questions alone do not
  // draw the card).
  function optionsFor(params) {
    if (!options.onPending) return options;
    return {
      ...options,
      onPending: (pending) =>
        options.onPending(pending, { message: params?.message, requestedSchema: params?.requestedSchema }),
    };
  }

  async function answerPushed(request, id) {
    try {
      const { toolName, call } = pushedCall(request);
      return await core.answerPushedForm(SDK, optionsFor(request.params), {
        toolName,
        key: String(id),
        text: JSON.stringify(request.params),
        call,
      });
    } catch (error) {
      pushedErrors.set(id, error);
      throw error;
    }
  }

  // 2026-07-28: the round the transport saw for this call, decided whole
  // (every form checked before a record is taken; one form per round).
  async function answerFromRound(request, state) {
    const round = state.round;
    state.round = null;
    try {
      if (round === null) throw new Error("a form arrived with no input_required round seen for its tool call");
      if (state.exceeded) throw state.exceeded;
      // @ai-sdk/mcp sends form answers only: a round with a link is refused before any record is taken.
      const link = core
        .mapOrder(round.inputRequests)
        .find((key) => core.readEntry(round.inputRequests[key]).kind === "url");
      if (link !== undefined) {
        throw new core.InputRequiredRoundError(
          `MCP server '${options.serverName}' sent a URL elicitation ('${link}') for tool ` +
            `'${state.toolName}', which @ai-sdk/mcp cannot answer; nothing was sent`,
          { keys: core.mapOrder(round.inputRequests), key: link },
        );
      }
      // Of several forms the round is refused whole before onPending, so the params are the one form's.
      const form = Object.values(round.inputRequests).find(
        (inputRequest) => inputRequest?.method === "elicitation/create",
      );
      const responses = await core.answerRound(SDK, optionsFor(form?.params), state.toolName, round.inputRequests);
      const [[key, response]] = Object.entries(responses);
      if (round.inputRequests[key].params?.message !== request.params.message) {
        throw new Error(`the form the client hands over is not the round's "${key}"`);
      }
      return response;
    } catch (error) {
      state.call.fail(error);
      throw error;
    }
  }

  // The handler registered with onElicitationRequest: a pushed request
  // (2025-11-25), a form or a link, is answered by elicit-form-mcp-core; a
  // 2026-07-28 round's form by answerFromRound, which refuses a round with a
  // link (@ai-sdk/mcp sends form answers only).
  function answer(request) {
    // Read before any await: the client calls this synchronously for a pushed form.
    const id = pushedId;
    if (id !== undefined) return answerPushed(request, id);
    const state = context.getStore();
    if (state === undefined) {
      return Promise.reject(
        new Error(
          "elicit-form-ai-sdk-mcp: a form arrived outside a tool call made through the " +
            "installed client's callTool (or outside a tools/call); not answered",
        ),
      );
    }
    return answerFromRound(request, state);
  }

  function observeOutgoing(message) {
    if ((message?.method === "tools/call" || message?.method === "resources/read") && "id" in message) {
      const state = context.getStore();
      if (state) callsById.set(message.id, state);
      return message;
    }
    if (message && "id" in message && !("method" in message) && pushedErrors.has(message.id)) {
      const error = pushedErrors.get(message.id);
      pushedErrors.delete(message.id);
      if ("error" in message && typeof error.code === "number") {
        return {
          ...message,
          error: {
            code: error.code,
            message: error.message,
            ...(error.data === undefined ? {} : { data: error.data }),
          },
        };
      }
    }
    return message;
  }

  function observeIncoming(message) {
    if (message && "id" in message && !("method" in message) && callsById.has(message.id)) {
      const state = callsById.get(message.id);
      callsById.delete(message.id);
      const result = message.result;
      if (result?.resultType !== "input_required") return;
      // The backend's bound: the answer after the last retry ends the call, before the client answers it.
      state.rounds += 1;
      if (state.rounds > maxRounds) {
        state.exceeded = new core.InputRequiredRoundsExceededError(maxRounds, result, {
          method: state.method,
          target: state.toolName,
        });
        state.call.fail(state.exceeded);
        return;
      }
      if (typeof result.inputRequests === "object" && result.inputRequests !== null) {
        state.round = { inputRequests: result.inputRequests };
      }
    }
  }

  return {
    /**
     * The `capabilities` to create the client with (createMCPClient's
     * option), as the elicitationPolicy declares what this client can
     * answer: `{ elicitation: { form: {} } }` under `url_and_form`, `{}`
     * otherwise (@ai-sdk/mcp answers no link, so URL mode is never declared).
     */
    capabilities() {
      return core.policyModes(policy).form ? { elicitation: { form: {} } } : {};
    },

    /**
     * Registers the elicitation handler on a client from createMCPClient
     * (created with `capabilities: forms.capabilities()`), wraps its
     * callTool and readResource so each form is tied to its call or read,
     * and observes its transport. Returns the client.
     */
    install(client) {
      if (typeof client?.onElicitationRequest !== "function" || typeof client.callTool !== "function") {
        throw new TypeError("install takes the client createMCPClient resolves with");
      }
      // @ai-sdk/mcp 2.x keeps its transport on the client; its messages are
      // the only place the 2026-07-28 round is seen whole.
      const transport = client.transport;
      if (typeof transport?.send !== "function" || typeof transport.onmessage !== "function") {
        throw new TypeError(
          "this client keeps no transport the adapter can observe (elicit-form-ai-sdk-mcp is written for @ai-sdk/mcp 2.x)",
        );
      }
      const send = transport.send.bind(transport);
      transport.send = (message, sendOptions) => send(observeOutgoing(message), sendOptions);
      const deliver = transport.onmessage;
      transport.onmessage = (message) => {
        observeIncoming(message);
        if (message?.method !== "elicitation/create" || !("id" in message)) return deliver(message);
        pushedId = message.id;
        try {
          return deliver(message);
        } finally {
          pushedId = undefined;
        }
      };

      const callTool = client.callTool.bind(client);
      client.callTool = async (args) => {
        core.checkToolName(args?.name);
        return calls.run(args.name, args.options?.signal, (signal, call) =>
          context.run({ toolName: args.name, method: "tools/call", call, round: null, rounds: 0 }, () =>
            callTool({ ...args, options: { ...args.options, signal } }),
          ),
        );
      };
      if (typeof client.readResource === "function") {
        const readResource = client.readResource.bind(client);
        client.readResource = async (args) => {
          const target = core.resourceTarget(args?.uri);
          return calls.run(target, args.options?.signal, (signal, call) =>
            context.run({ toolName: target, method: "resources/read", call, round: null, rounds: 0 }, () =>
              readResource({ ...args, options: { ...args.options, signal } }),
            ),
          );
        };
      }

      client.onElicitationRequest(ElicitationRequestSchema, answer);
      return client;
    },
  };
}
