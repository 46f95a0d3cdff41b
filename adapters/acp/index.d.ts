// elicit-form-acp: an Agent Client Protocol agent's form elicitations,
// answered on the editor's side with the backend's rules.
import type { ClientApp, ClientCapabilities, ClientRequestContext, CreateElicitationResponse, Stream } from "@agentclientprotocol/sdk";
import type { FormElicitationPending, FormTime, SpecFormElicitationPending } from "elicit-form/mcp-2026-07-28";
import type { ElicitationPolicy, FormAnswerStore, UrlCompletion } from "elicit-form-mcp-core";
import type { UrlPending } from "elicit-form/url";

export { FormElicitationPendingError, MemoryFormAnswers, UrlElicitationPendingError } from "elicit-form-mcp-core";
export type { ElicitationPolicy, FormAnswerStore } from "elicit-form-mcp-core";

/** JSON-RPC error code answered to a form or link while it waits for a person. */
export const FORM_PENDING_ERROR_CODE: -32001;
/** JSON-RPC error code answered to a refused form or link, and to a mode this client does not take (Invalid params). */
export const FORM_REFUSED_ERROR_CODE: -32602;

/** The `elicitation/create` params as the agent sent them (a form, or URL mode's request). */
export interface AcpElicitationParams {
  mode: string;
  message: string;
  sessionId?: string;
  toolCallId?: string | null;
  requestId?: string | number | null;
  requestedSchema?: Record<string, unknown>;
  elicitationId?: string;
  url?: string;
  [key: string]: unknown;
}

/** Where a pending form or link was asked: its record's scope and ACP's fields for it. */
export interface FormScope {
  /** The storage key's second half: what to record the person's answer under, with the agent's name. */
  scope: string;
  sessionId: string | null;
  toolCallId: string | null;
  requestId: string | number | null;
}

/** A form's (or link's) record scope: `<sessionId>`, `<sessionId>/<toolCallId>`, or `request:<requestId>`. */
export function formScope(params: AcpElicitationParams): string;

/** What onUrlComplete gets: the accepted link whose `elicitation/complete` the agent sent (`toolName` is the scope). */
export interface AcpUrlCompletion extends UrlCompletion {
  /** Where the link was asked. */
  where: FormScope;
}

interface CommonOptions {
  /** The configured name of the agent: the questions' header and half the storage key. */
  agentName: string;
  /** Where records are taken from, destructively: form answers by `take(agentName, scope)`, link consents by `takeConsent`. */
  store: FormAnswerStore;
  /** What clientCapabilities declares and what is answered: `url_and_form` by default (the backend's default is `url`). */
  elicitationPolicy?: ElicitationPolicy;
  /** The time to judge expiry by; the current time when absent. */
  now?: () => FormTime | undefined;
  /** A store that failed, or a record that is not a StoredFormAnswer (the form is asked again). */
  onStoreError?: (error: unknown, text: string) => void;
  /** The record scope of a form or link; formScope when absent. */
  scopeOf?: (params: AcpElicitationParams) => string;
  /**
   * Gets the link (elicit-form/url's consent view, `pending.view`) when a
   * URL-mode request waits for a person, and where it was asked; the agent
   * gets -32001. When they open it, keep elicit-form/url's `recordUrlConsent`
   * in the store (`recordConsent`); a decline or a cancel records nothing.
   */
  onUrlPending?: (pending: UrlPending, where: FormScope) => void | Promise<void>;
  /** An accepted link is complete (the agent's `elicitation/complete`; once per id, unknown ids ignored). */
  onUrlComplete?: (completion: AcpUrlCompletion) => void | Promise<void>;
  /**
   * Takes URL mode over from the adapter: each URL-mode request is handed
   * here untouched (no rules, no store, no onUrlPending), and
   * `elicitation/complete` is left to the host (no onUrlComplete). The URL
   * must not be opened or fetched without a person's click. Kept for hosts
   * written before the adapter answered links; prefer onUrlPending.
   */
  onUrlElicitation?: (params: AcpElicitationParams, ctx: ClientRequestContext<unknown>) =>
    CreateElicitationResponse | Promise<CreateElicitationResponse>;
}

/** Under the backend's rules (the default). */
export interface FormElicitationOptions extends CommonOptions {
  profile?: "backend";
  /** Gets the questions when a form waits for a person, and where it was asked. */
  onPending?: (pending: FormElicitationPending, where: FormScope) => void | Promise<void>;
}

/** Under the whole MCP 2026-07-28 form schema (ACP's form schema): cancel distinct from decline. */
export interface SpecFormElicitationOptions extends CommonOptions {
  profile: "mcp-2026-07-28";
  onPending?: (pending: SpecFormElicitationPending, where: FormScope) => void | Promise<void>;
}

export interface FormElicitation {
  /** Registers the `elicitation/create` handler on a ClientApp, and `elicitation/complete`'s (unless onUrlElicitation is given). */
  install<A extends Pick<ClientApp, "onRequest" | "onNotification">>(app: A): A;
  /** `capabilities` with what the elicitationPolicy declares (`url_and_form`: `elicitation: { form: {}, url: {} }`; `url`: `{ url: {} }`; `none`: nothing). */
  clientCapabilities(capabilities?: ClientCapabilities): ClientCapabilities;
  /** The stream to connect the ClientApp through: `inner` with each form kept as the agent sent it. */
  stream(inner: Stream): Stream;
}

export function formElicitation(options: FormElicitationOptions | SpecFormElicitationOptions): FormElicitation;
