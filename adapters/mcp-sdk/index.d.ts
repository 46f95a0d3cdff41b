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
  FormContent,
  FormElicitationPending,
  FormTime,
  SpecFormContent,
  SpecFormElicitationPending,
  SpecStoredFormAnswer,
  StoredFormAnswer,
} from "elicit-form";

/** A tool call stopped until a person answers the form in `pending`. */
export class FormElicitationPendingError extends Error {
  readonly name: "FormElicitationPendingError";
  /** The backend's FormElicitationPending; `message` is its `summary`. Under mcp-2026-07-28 it is a SpecFormElicitationPending. */
  readonly pending: FormElicitationPending;
  /** For 2026-07-28: the input_required result that asked. */
  readonly result?: InputRequiredResult;
  constructor(pending: FormElicitationPending | SpecFormElicitationPending, options?: { result?: InputRequiredResult });
}

/** Where recorded answers are taken from: destructive, so each is sent at most once. */
export interface FormAnswerStore {
  take(server: string, tool: string): StoredFormAnswer | SpecStoredFormAnswer | null | undefined
    | Promise<StoredFormAnswer | SpecStoredFormAnswer | null | undefined>;
}

/** A FormAnswerStore in a Map, for one process. */
export class MemoryFormAnswers implements FormAnswerStore {
  record(record: StoredFormAnswer | SpecStoredFormAnswer): void;
  take(server: string, tool: string): StoredFormAnswer | SpecStoredFormAnswer | null;
}

export interface FormElicitationOptions {
  /** The configured name of the server: the questions' header and half the storage key. */
  serverName: string;
  store: FormAnswerStore;
  /** The backend's rules (the default). */
  profile?: "backend";
  /** Gets the questions when a call parks. */
  onPending?: (pending: FormElicitationPending) => void | Promise<void>;
  /** The time to judge expiry by; the current time when absent. */
  now?: () => FormTime;
  /** A store that failed, or a record that is not a StoredFormAnswer (the form is asked again). */
  onStoreError?: (error: unknown, text: string) => void;
  /** Which tool asks; by default the one call in flight through callTool. */
  toolFor?: (request: ElicitRequest, extra: { requestId: string | number }) => string;
}

/** The options under the whole MCP 2026-07-28 form schema: its questions, its content, and cancel distinct from decline. */
export interface SpecFormElicitationOptions extends Omit<FormElicitationOptions, "profile" | "onPending"> {
  profile: "mcp-2026-07-28";
  /** Gets the profile's questions when a call parks. */
  onPending?: (pending: SpecFormElicitationPending) => void | Promise<void>;
}

/** The ElicitResult sent for a recorded answer. */
export type FormElicitResult = { action: "accept"; content: FormContent } | { action: "decline" };
/** The ElicitResult sent under mcp-2026-07-28. */
export type SpecFormElicitResult = { action: "accept"; content: SpecFormContent } | { action: "decline" } | { action: "cancel" };

/** A 2026-07-28 tools/call result asking for input. */
export interface InputRequiredResult {
  resultType: "input_required";
  inputRequests: Record<string, { method: string; params?: Record<string, unknown> }>;
  requestState?: unknown;
  [key: string]: unknown;
}

export interface FormElicitationConnection {
  /** Declares form elicitation and answers elicitation/create. Call before connect. */
  install<C extends Client>(client: C): C;
  /** Wraps a Transport so each form is read as the server sent it. Connect the client through it. */
  transport(inner: Transport): Transport;
  /** client.callTool; throws FormRefusalError or FormElicitationPendingError. */
  callTool(
    client: Client,
    params: CallToolRequest["params"],
    resultSchema?: typeof CallToolResultSchema | typeof CompatibilityCallToolResultSchema,
    options?: RequestOptions,
  ): ReturnType<Client["callTool"]>;
  answerInputRequired(result: InputRequiredResult, toolName: string): Promise<{ inputResponses: Record<string, FormElicitResult> }>;
  callToolWithRetries<R>(
    send: (params: ToolCallParams) => Promise<R>,
    params: ToolCallParams,
    options?: { maxRounds?: number },
  ): Promise<R>;
}

/** tools/call params, with the 2026-07-28 retry fields. */
export interface ToolCallParams {
  name: string;
  arguments?: Record<string, unknown>;
  inputResponses?: Record<string, unknown>;
  requestState?: unknown;
  [key: string]: unknown;
}

export const FORM_PENDING_ERROR_CODE: number;
export const FORM_REFUSED_ERROR_CODE: number;

export function formElicitation(options: FormElicitationOptions | SpecFormElicitationOptions): FormElicitationConnection;

export function answerInputRequired(
  result: InputRequiredResult,
  options: FormElicitationOptions & { toolName: string },
): Promise<{ inputResponses: Record<string, FormElicitResult> }>;

export function retryParams<P extends ToolCallParams>(
  params: P,
  result: InputRequiredResult,
  inputResponses: Record<string, FormElicitResult>,
): P & { inputResponses: Record<string, FormElicitResult>; requestState?: unknown };

export function callToolWithRetries<R>(
  send: (params: ToolCallParams) => Promise<R>,
  params: ToolCallParams,
  options: FormElicitationOptions & { maxRounds?: number },
): Promise<R>;
