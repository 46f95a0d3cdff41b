import type { Client, RequestOptions, Transport } from "@modelcontextprotocol/client";
import type { FormContent, SpecFormContent } from "elicit-form/mcp-2026-07-28";
import type { FormAnswerOptions, SpecFormAnswerOptions, ToolCallParams as CoreToolCallParams, UrlElicitResult } from "elicit-form-mcp-core";

// Shared with elicit-form-mcp-sdk, declared once in elicit-form-mcp-core.
export {
  ELICITATION_POLICIES,
  FormElicitationPendingError,
  InputRequiredRoundError,
  InputRequiredRoundsExceededError,
  MAX_INPUT_REQUIRED_ROUNDS,
  MemoryFormAnswers,
  UrlElicitationPendingError,
  type ElicitationPolicy,
  type FormAnswerStore,
  type StoredAnswer,
  type UrlCompletion,
  type UrlElicitResult,
} from "elicit-form-mcp-core";

export interface FormElicitationOptions extends FormAnswerOptions {
  /** For pushed forms (2025-11-25): which tool asks; by default the one tools/call in flight. */
  toolFor?: (request: { method: "elicitation/create"; params?: Record<string, unknown> }, ctx: unknown) => string;
}

/** The options under the whole MCP 2026-07-28 form schema: its questions, its content, and cancel distinct from decline. */
export interface SpecFormElicitationOptions extends SpecFormAnswerOptions {
  toolFor?: FormElicitationOptions["toolFor"];
}

/** The ElicitResult sent for a recorded answer (under mcp-2026-07-28 also `cancel`, and `string[]` content; a link's is `{ action }`). */
export type FormElicitResult =
  | { action: "accept"; content: FormContent | SpecFormContent }
  | { action: "decline" }
  | { action: "cancel" };

/** A 2026-07-28 result asking for input. */
export interface InputRequiredResult {
  resultType: "input_required";
  inputRequests?: Record<string, { method: string; params?: Record<string, unknown> }>;
  requestState?: string;
  [key: string]: unknown;
}

/** tools/call params, with the 2026-07-28 retry fields. */
export type ToolCallParams = CoreToolCallParams<string>;

export interface FormElicitationConnection {
  /**
   * Declares what the elicitationPolicy declares (none: no handler), answers elicitation/create, hands
   * completions to onUrlComplete, and bounds the client's auto-fulfilled rounds at maxRounds (2). Call before connect.
   */
  install<C extends Client>(client: C): C;
  /** The transport to connect the client through: each form read as sent and tied to its tools/call. */
  transport<T extends Transport>(inner: T): T;
  /**
   * client.callTool; throws FormRefusalError or UrlRefusalError, FormElicitationPendingError or
   * UrlElicitationPendingError (also for -32042), InputRequiredRoundError or InputRequiredRoundsExceededError.
   */
  callTool(client: Client, params: ToolCallParams, options?: RequestOptions): ReturnType<Client["callTool"]>;
  /** Manual mode: answers one input_required round of `toolName`. */
  answerInputRequired(result: InputRequiredResult, toolName: string): Promise<{ inputResponses: Record<string, FormElicitResult | UrlElicitResult> }>;
  /** Manual mode: tools/call with allowInputRequired, each round answered and retried, to the final result. */
  callToolWithRetries(client: Client, params: ToolCallParams, options?: RequestOptions & { maxRounds?: number }): Promise<any>;
  /** client.readResource, its rounds answered under `resources/read:<uri>`. */
  readResource(client: Client, params: { uri: string }, options?: RequestOptions): ReturnType<Client["readResource"]>;
  /** Manual mode for resources/read, under `resources/read:<uri>`. */
  readResourceWithRetries(client: Client, params: { uri: string }, options?: RequestOptions & { maxRounds?: number }): Promise<any>;
}

export const FORM_PENDING_ERROR_CODE: number;
export const FORM_REFUSED_ERROR_CODE: number;

export function formElicitation(options: FormElicitationOptions | SpecFormElicitationOptions): FormElicitationConnection;

export function answerInputRequired(
  result: InputRequiredResult,
  options: (FormElicitationOptions | SpecFormElicitationOptions) & ({ toolName: string } | { resourceUri: string }),
): Promise<{ inputResponses: Record<string, FormElicitResult | UrlElicitResult> }>;

export function retryParams<P extends ToolCallParams>(
  params: P,
  result: InputRequiredResult,
  inputResponses: Record<string, FormElicitResult | UrlElicitResult>,
): Omit<P, "inputResponses" | "requestState"> & { inputResponses: Record<string, FormElicitResult | UrlElicitResult>; requestState?: string };

export function callToolWithRetries<R>(
  send: (params: ToolCallParams) => Promise<R>,
  params: ToolCallParams,
  options: (FormElicitationOptions | SpecFormElicitationOptions) & { maxRounds?: number },
): Promise<R>;

export function readResourceWithRetries<R>(
  send: (params: { uri: string; inputResponses?: Record<string, unknown>; requestState?: string }) => Promise<R>,
  params: { uri: string },
  options: (FormElicitationOptions | SpecFormElicitationOptions) & { maxRounds?: number },
): Promise<R>;
