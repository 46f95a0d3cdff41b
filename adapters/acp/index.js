// elicit-form-acp: answers an Agent Client Protocol agent's form
// elicitations on the client's side (the editor's), for a
// `@agentclientprotocol/sdk` ClientApp, the way the everruns-core backend
// answers an MCP server's:
//
// - A refused schema is never shown: the agent gets JSON-RPC error -32602
//   (Invalid params) with the refusal in `data`; no record is taken and
//   onPending sees nothing. A credential belongs to URL mode, as ACP's
//   elicitation page says form mode must not ask for one.
// - A turn does not block on a person: with no usable recorded answer the
//   request is answered with error -32001 and onPending gets the backend's
//   questions and fingerprint, for the editor's UI. The editor records the
//   person's answer (elicit-form's recordFormAnswer) and the agent asks again.
// - A recorded answer is taken from the host's store (destructive) and sent
//   at most once, only to the questions it answered, within 30 minutes.
// - URL mode (a link the agent asks a person to open) follows the same three
//   rules with elicit-form/url's: a refused link is never shown (-32602 with
//   `{kind}`, the store untouched); one with no consent waits (-32001,
//   onUrlPending gets the consent view); a consent (the backend's
//   StoredConsent, the store's takeConsent) for the same scope and host is
//   sent once as `{action: "accept"}`, no content; a declined link records
//   nothing. What is declared follows the elicitationPolicy. An accepted link's
//   `elicitationId` is kept until the agent's `elicitation/complete`, which
//   reaches onUrlComplete once; unknown and repeated ids are ignored.
//
// The decision is elicit-form-mcp-core's (answerPushedElicitation: for a
// form the wasm build of the backend's rules, for a link elicit-form/url's);
// this module holds what is ACP's: the handlers registered on the ClientApp,
// the SDK's RequestError, the capabilities the client declares, the scope an
// elicitation is recorded under, and the onUrlElicitation escape hatch.
//
// Why the stream wrapper: the SDK parses each request with its zod schemas
// before a handler sees it, dropping keys the backend reads (`enumNames`,
// `writeOnly`) and reordering the rest. The wrapper keeps each
// `elicitation/create` params as the agent sent them, by JSON-RPC id.

import * as core from "elicit-form-mcp-core";
import { RequestError } from "@agentclientprotocol/sdk";

export { FormElicitationPendingError, MemoryFormAnswers, UrlElicitationPendingError } from "elicit-form-mcp-core";

/** JSON-RPC error code answered to a form or link while it waits for a person (as the MCP adapters answer a parked one). */
export const FORM_PENDING_ERROR_CODE = -32001;
/** JSON-RPC error code answered to a refused form or link, and to a mode this client does not take (ACP's Invalid params). */
export const FORM_REFUSED_ERROR_CODE = -32602;

const SDK = {
  name: "elicit-form-acp",
  protocolError: (code, message, data) => new RequestError(code, message, data),
  codes: { pending: FORM_PENDING_ERROR_CODE, refused: FORM_REFUSED_ERROR_CODE, internal: -32603 },
};

/**
 * Where an elicitation's recorded answer is kept, beside the agent's name:
 * its session, and its tool call when the agent names one
 * (`<sessionId>/<toolCallId>`); a request-scoped one (before any session)
 * under `request:<requestId>`.
 */
export function formScope(params) {
  if (typeof params?.sessionId === "string") {
    return typeof params.toolCallId === "string" ? `${params.sessionId}/${params.toolCallId}` : params.sessionId;
  }
  if (params?.requestId !== undefined && params.requestId !== null) return `request:${params.requestId}`;
  throw new RequestError(FORM_REFUSED_ERROR_CODE, "elicitation/create names neither a sessionId nor a requestId");
}

function checkAcpOptions(options) {
  if (typeof options !== "object" || options === null) throw new TypeError("formElicitation needs options");
  if (typeof options.agentName !== "string") {
    throw new TypeError("agentName must be the configured name of the agent (a string)");
  }
  for (const name of ["onPending", "onUrlPending", "onUrlComplete", "scopeOf", "onUrlElicitation"]) {
    if (options[name] !== undefined && typeof options[name] !== "function")
      throw new TypeError(`${name} must be a function`);
  }
}

/**
 * The form-elicitation side of one client connection to one configured agent.
 *
 * options: { agentName, store: { take(agent, scope), takeConsent?(agent, scope) }, profile?: "backend" | "mcp-2026-07-28",
 *            elicitationPolicy?: "url_and_form" (the default) | "url" | "none",
 *            onPending?(pending, scope), now?(): Date | number | string, onStoreError?(error, text),
 *            onUrlPending?(urlPending, where), onUrlComplete?({ serverName, toolName, view, where }),
 *            scopeOf?(params): string, onUrlElicitation?(params, ctx) }
 *
 * onUrlElicitation, when given, takes URL mode over whole, as before this
 * adapter answered links: each URL-mode request is handed to it untouched,
 * and `elicitation/complete` is left to the host.
 */
export function formElicitation(options) {
  checkAcpOptions(options);
  const { agentName, onPending, onUrlPending, onUrlComplete, scopeOf = formScope, onUrlElicitation, ...rest } = options;
  // elicit-form-mcp-core speaks of a server and a tool: here, the agent and the scope.
  const coreOptions = { ...rest, serverName: agentName };
  core.checkOptions(coreOptions);
  const sent = new core.SentForms();
  // Accepted links by elicitationId, until the agent's elicitation/complete.
  const outstanding = new core.OutstandingUrlElicitations();

  async function answerRequest(ctx) {
    const text = sent.take(ctx.requestId);
    if (text === undefined) {
      throw new RequestError(
        SDK.codes.internal,
        "elicit-form-acp: connect the client through forms.stream(...), " + "so each form is read as the agent sent it",
      );
    }
    const params = JSON.parse(text);
    if (params.mode === "url" && onUrlElicitation) return onUrlElicitation(params, ctx);
    // ACP requires the mode; a mode not advertised is Invalid params.
    if (params.mode !== "form" && params.mode !== "url") {
      throw new RequestError(
        FORM_REFUSED_ERROR_CODE,
        `elicitation mode ${JSON.stringify(params.mode)} is not one this client advertised`,
      );
    }
    const scope = scopeOf(params);
    if (typeof scope !== "string") throw new TypeError("scopeOf must return a string");
    const where = {
      scope,
      sessionId: params.sessionId ?? null,
      toolCallId: params.toolCallId ?? null,
      requestId: params.requestId ?? null,
    };
    const perRequest = {
      ...coreOptions,
      onPending: onPending && ((pending) => onPending(pending, where)),
      onUrlPending: onUrlPending && ((pending) => onUrlPending(pending, where)),
    };
    // An accepted link is kept with where it was asked, for onUrlComplete.
    const keep = { add: (elicitationId, completion) => outstanding.add(elicitationId, { ...completion, where }) };
    return core.answerPushedElicitation(SDK, perRequest, {
      toolName: scope,
      key: String(ctx.requestId),
      text,
      outstanding: keep,
    });
  }

  return {
    /**
     * Registers the `elicitation/create` handler on a ClientApp (`client()`
     * of `@agentclientprotocol/sdk`), and the `elicitation/complete` one
     * (unless onUrlElicitation was given: then completions are the host's).
     */
    install(app) {
      app.onRequest("elicitation/create", answerRequest);
      if (!onUrlElicitation) {
        app.onNotification("elicitation/complete", ({ params }) =>
          core.urlCompleted(SDK, { onUrlComplete }, outstanding, params),
        );
      }
      return app;
    },

    /**
     * `capabilities` (the `clientCapabilities` of your `initialize`) with
     * what the elicitationPolicy declares: form and URL mode
     * (`url_and_form`, the default), URL mode (`url`), or no elicitation
     * (`none`). A mode the policy did not declare is refused when asked
     * (-32602, the backend's text).
     */
    clientCapabilities(capabilities = {}) {
      const declared = core.elicitationCapability(core.elicitationPolicy(coreOptions));
      if (declared === undefined) return { ...capabilities };
      return { ...capabilities, elicitation: { ...capabilities.elicitation, ...declared } };
    },

    /**
     * The stream to connect the ClientApp through: `inner` (an ACP Stream,
     * e.g. ndJsonStream(...)) with each `elicitation/create` kept as sent.
     */
    stream(inner) {
      const incoming = new TransformStream({
        transform(message, controller) {
          sent.observeIncoming(message);
          controller.enqueue(message);
        },
      });
      const outgoing = new TransformStream({
        transform(message, controller) {
          sent.observeOutgoing(message);
          controller.enqueue(message);
        },
      });
      // Errors and closing pass through both pipes as they would directly.
      inner.readable.pipeTo(incoming.writable).catch(() => {});
      outgoing.readable.pipeTo(inner.writable).catch(() => {});
      return { readable: incoming.readable, writable: outgoing.writable };
    },
  };
}
