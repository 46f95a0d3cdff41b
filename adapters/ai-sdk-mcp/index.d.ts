import type { ElicitationRequest, MCPClient } from "@ai-sdk/mcp";
import type { FormElicitationPending, SpecFormElicitationPending } from "elicit-form/mcp-2026-07-28";
import type { FormAnswerOptions, SpecFormAnswerOptions } from "elicit-form-mcp-core";

// Shared with the MCP SDK adapters, declared once in elicit-form-mcp-core.
export {
  FormElicitationPendingError,
  InputRequiredRoundError,
  InputRequiredRoundsExceededError,
  MAX_INPUT_REQUIRED_ROUNDS,
  MemoryFormAnswers,
  type ElicitationPolicy,
  type FormAnswerStore,
  type FormElicitResult,
  type SpecFormElicitResult,
} from "elicit-form-mcp-core";

/** The form's params as the server sent them: what `<elicit-form>`'s `request` property takes. */
export interface FormRequest {
  message: string;
  requestedSchema: unknown;
}

export interface FormElicitationOptions extends Omit<FormAnswerOptions, "onPending"> {
  /** Gets the backend's questions when a call parks, and the form to draw them from. */
  onPending?: (pending: FormElicitationPending, request: FormRequest) => void | Promise<void>;
  /**
   * Which tool asks a pushed (2025-11-25) form that arrives outside its call's
   * context (over stdio); by default the one call in flight.
   */
  toolFor?: (request: ElicitationRequest) => string;
}

/** The options under the whole MCP 2026-07-28 form schema: its questions, its content, and cancel distinct from decline. */
export interface SpecFormElicitationOptions extends Omit<SpecFormAnswerOptions, "onPending"> {
  /** Gets the profile's questions when a call parks, and the form to draw them from. */
  onPending?: (pending: SpecFormElicitationPending, request: FormRequest) => void | Promise<void>;
  toolFor?: FormElicitationOptions["toolFor"];
}

export interface FormElicitationClient {
  /** createMCPClient's `capabilities`: `{ elicitation: { form: {} } }` under url_and_form, else `{}` (links are never declared). */
  capabilities(): { elicitation?: { form: Record<string, never> } };
  /**
   * Registers the elicitation handler on a client from createMCPClient,
   * wraps its callTool (which the tools from `client.tools()` call) and
   * readResource so each form is tied to its call or read, and observes
   * its transport. Afterwards callTool rejects with FormRefusalError
   * (refused, nothing shown), FormElicitationPendingError (parked: call
   * again once a person answered), InputRequiredRoundError (a round the
   * backend or @ai-sdk/mcp does not answer) or InputRequiredRoundsExceededError
   * (past the backend's 2 retries).
   */
  install<C extends MCPClient>(client: C): C;
}

/** JSON-RPC error code a 2025-11-25 server gets while a form waits for a person. */
export const FORM_PENDING_ERROR_CODE: -32001;
/** JSON-RPC error code a 2025-11-25 server gets for a refused form. */
export const FORM_REFUSED_ERROR_CODE: -32602;

export function formElicitation(options: FormElicitationOptions | SpecFormElicitationOptions): FormElicitationClient;
