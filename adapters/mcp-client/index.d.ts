import type { Client, RequestOptions, Transport } from "@modelcontextprotocol/client";
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
  /** In manual mode: the input_required result to answer once the person has. */
  readonly result?: InputRequiredResult;
  constructor(pending: FormElicitationPending | SpecFormElicitationPending, options?: { result?: InputRequiredResult });
}

/** A round this client cannot answer whole (several forms, a URL-mode form, another kind of request): nothing was sent. */
export class InputRequiredRoundError extends Error {
  readonly name: "InputRequiredRoundError";
  /** The round's request keys, in the server's order. */
  readonly keys: string[];
  constructor(message: string, fields: { keys: string[] });
}

/** Where recorded answers are taken from: destructive, so each is sent at most once. */
export interface FormAnswerStore {
  take(server: string, tool: string):
    | StoredFormAnswer | SpecStoredFormAnswer | null | undefined
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
  now?: () => FormTime | undefined;
  /** A store that failed, or a record that is not a StoredFormAnswer (the form is asked again). */
  onStoreError?: (error: unknown, text: string) => void;
  /** For pushed forms (2025-11-25): which tool asks; by default the one tools/call in flight. */
  toolFor?: (request: { method: "elicitation/create"; params?: Record<string, unknown> }, ctx: unknown) => string;
}

/** The options under the whole MCP 2026-07-28 form schema: its questions, its content, and cancel distinct from decline. */
export interface SpecFormElicitationOptions extends Omit<FormElicitationOptions, "profile" | "onPending"> {
  profile: "mcp-2026-07-28";
  /** Gets the profile's questions when a call parks. */
  onPending?: (pending: SpecFormElicitationPending) => void | Promise<void>;
}

/** The ElicitResult sent for a recorded answer (under mcp-2026-07-28 also `cancel`, and `string[]` content). */
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
export interface ToolCallParams {
  name: string;
  arguments?: Record<string, unknown>;
  inputResponses?: Record<string, unknown>;
  requestState?: string;
  [key: string]: unknown;
}

export interface FormElicitationConnection {
  /** Declares form elicitation and answers elicitation/create. Call before connect. */
  install<C extends Client>(client: C): C;
  /** The transport to connect the client through: each form read as sent and tied to its tools/call. */
  transport<T extends Transport>(inner: T): T;
  /** client.callTool; throws FormRefusalError, FormElicitationPendingError or InputRequiredRoundError. */
  callTool(client: Client, params: ToolCallParams, options?: RequestOptions): ReturnType<Client["callTool"]>;
  /** Manual mode: answers one input_required round of `toolName`. */
  answerInputRequired(result: InputRequiredResult, toolName: string): Promise<{ inputResponses: Record<string, FormElicitResult> }>;
  /** Manual mode: tools/call with allowInputRequired, each round answered and retried, to the final result. */
  callToolWithRetries(client: Client, params: ToolCallParams, options?: RequestOptions & { maxRounds?: number }): Promise<any>;
}

export const FORM_PENDING_ERROR_CODE: number;
export const FORM_REFUSED_ERROR_CODE: number;

export function formElicitation(options: FormElicitationOptions | SpecFormElicitationOptions): FormElicitationConnection;

export function answerInputRequired(
  result: InputRequiredResult,
  options: (FormElicitationOptions | SpecFormElicitationOptions) & { toolName: string },
): Promise<{ inputResponses: Record<string, FormElicitResult> }>;

export function retryParams<P extends ToolCallParams>(
  params: P,
  result: InputRequiredResult,
  inputResponses: Record<string, FormElicitResult>,
): Omit<P, "inputResponses" | "requestState"> & { inputResponses: Record<string, FormElicitResult>; requestState?: string };

export function callToolWithRetries<R>(
  send: (params: ToolCallParams) => Promise<R>,
  params: ToolCallParams,
  options: (FormElicitationOptions | SpecFormElicitationOptions) & { maxRounds?: number },
): Promise<R>;
