import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type {
  CallToolRequest,
  CallToolResultSchema,
  CompatibilityCallToolResultSchema,
  ElicitRequest,
} from "@modelcontextprotocol/sdk/types.js";
import type {
  FormAnswerOptions,
  FormElicitResult,
  InputRequiredResult,
  SpecFormAnswerOptions,
  SpecFormElicitResult,
  ToolCallParams,
  UrlElicitResult,
} from "elicit-form-mcp-core";

// Shared with elicit-form-mcp-client, declared once in elicit-form-mcp-core.
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
  type FormElicitResult,
  type InputRequiredResult,
  type SpecFormElicitResult,
  type StoredAnswer,
  type ToolCallParams,
  type UrlCompletion,
  type UrlElicitResult,
} from "elicit-form-mcp-core";

export interface FormElicitationOptions extends FormAnswerOptions {
  /** Which tool asks; by default the one call in flight through callTool. */
  toolFor?: (request: ElicitRequest, extra: { requestId: string | number }) => string;
}

/** The options under the whole MCP 2026-07-28 form schema: its questions, its content, and cancel distinct from decline. */
export interface SpecFormElicitationOptions extends SpecFormAnswerOptions {
  toolFor?: FormElicitationOptions["toolFor"];
}

export interface FormElicitationConnection {
  /** Declares what the elicitationPolicy declares (none: no handler), answers elicitation/create, hands completions to onUrlComplete. Call before connect. */
  install<C extends Client>(client: C): C;
  /** Wraps a Transport so each form is read as the server sent it. Connect the client through it. */
  transport(inner: Transport): Transport;
  /** client.callTool; throws FormRefusalError or UrlRefusalError, FormElicitationPendingError or UrlElicitationPendingError (also for -32042). */
  callTool(
    client: Client,
    params: CallToolRequest["params"],
    resultSchema?: typeof CallToolResultSchema | typeof CompatibilityCallToolResultSchema,
    options?: RequestOptions,
  ): ReturnType<Client["callTool"]>;
  answerInputRequired(result: InputRequiredResult, toolName: string): Promise<{ inputResponses: Record<string, FormElicitResult | SpecFormElicitResult | UrlElicitResult> }>;
  callToolWithRetries<R>(
    send: (params: ToolCallParams) => Promise<R>,
    params: ToolCallParams,
    options?: { maxRounds?: number },
  ): Promise<R>;
  /** As callToolWithRetries for resources/read, under `resources/read:<uri>`. */
  readResourceWithRetries<R>(
    send: (params: { uri: string; inputResponses?: Record<string, unknown>; requestState?: unknown }) => Promise<R>,
    params: { uri: string },
    options?: { maxRounds?: number },
  ): Promise<R>;
}

export const FORM_PENDING_ERROR_CODE: number;
export const FORM_REFUSED_ERROR_CODE: number;

export function formElicitation(options: FormElicitationOptions | SpecFormElicitationOptions): FormElicitationConnection;

export function answerInputRequired(
  result: InputRequiredResult,
  options: FormElicitationOptions & { toolName: string },
): Promise<{ inputResponses: Record<string, FormElicitResult | UrlElicitResult> }>;
export function answerInputRequired(
  result: InputRequiredResult,
  options: SpecFormElicitationOptions & { toolName: string },
): Promise<{ inputResponses: Record<string, SpecFormElicitResult | UrlElicitResult> }>;

export function retryParams<P extends ToolCallParams>(
  params: P,
  result: InputRequiredResult,
  inputResponses: Record<string, FormElicitResult | SpecFormElicitResult | UrlElicitResult>,
): P & { inputResponses: Record<string, FormElicitResult | SpecFormElicitResult | UrlElicitResult>; requestState?: unknown };

export function callToolWithRetries<R>(
  send: (params: ToolCallParams) => Promise<R>,
  params: ToolCallParams,
  options: (FormElicitationOptions | SpecFormElicitationOptions) & { maxRounds?: number },
): Promise<R>;

export function readResourceWithRetries<R>(
  send: (params: { uri: string; inputResponses?: Record<string, unknown>; requestState?: unknown }) => Promise<R>,
  params: { uri: string },
  options: (FormElicitationOptions | SpecFormElicitationOptions) & { maxRounds?: number },
): Promise<R>;
