// What the elicit-form MCP adapters share; each re-exports the public names.
// No MCP SDK type appears here.
import type {
  FormContent,
  FormElicitationPending,
  FormTime,
  SpecFormContent,
  SpecFormElicitationPending,
  SpecStoredFormAnswer,
  StoredFormAnswer,
} from "elicit-form/mcp-2026-07-28";
import type { StoredConsent, UrlPending, UrlView } from "elicit-form/url";

/** A tool call stopped until a person answers the form in `pending`. */
export class FormElicitationPendingError extends Error {
  readonly name: "FormElicitationPendingError";
  /** The backend's FormElicitationPending; `message` is its `summary`. Under mcp-2026-07-28 it is a SpecFormElicitationPending. */
  readonly pending: FormElicitationPending;
  /** For 2026-07-28 answered by hand: the input_required result to answer once the person has. */
  readonly result?: InputRequiredResult;
  constructor(pending: FormElicitationPending | SpecFormElicitationPending, options?: { result?: InputRequiredResult });
}

/**
 * A tool call stopped until a person decides on the link in `pending` (URL
 * mode): `pending.view` is what a consent card shows. Its `message` is the
 * pending summary.
 */
export class UrlElicitationPendingError extends Error {
  readonly name: "UrlElicitationPendingError";
  /** elicit-form/url's UrlPending: serverName, toolName, summary, view (`view.mode` is `"url"`). */
  readonly pending: UrlPending;
  /** Every link asked: `[pending]`, except for a -32042 error listing several (2025-11-25). */
  readonly pendings: UrlPending[];
  /** For 2026-07-28 answered by hand: the input_required result to answer once the person has. */
  readonly result?: InputRequiredResult;
  constructor(pending: UrlPending, options?: { result?: InputRequiredResult | undefined; pendings?: UrlPending[] | undefined });
}

/**
 * The backend's bound on rounds (MAX_INPUT_REQUIRED_ROUNDS, 2 retries, or
 * the options' maxRounds): "MCP request '{method}' for '{target}' still
 * requires input after {rounds} rounds; ...".
 */
export class InputRequiredRoundsExceededError extends Error {
  readonly name: "InputRequiredRoundsExceededError";
  readonly rounds: number;
  /** The last round, not answered. */
  readonly lastResult: { inputRequests?: InputRequiredResult["inputRequests"]; requestState?: unknown } | undefined;
  /** `tools/call` or `resources/read`. */
  readonly method: string;
  /** The tool's name, or `resources/read:<uri>`. */
  readonly target: string | undefined;
  /** Whether that round asked for a link. */
  readonly asksUrl: boolean;
  constructor(rounds: number, lastResult?: { inputRequests?: InputRequiredResult["inputRequests"]; requestState?: unknown },
    request?: { method?: string; target?: string | undefined });
}

/**
 * A round the backend does not answer (two forms, an input of another kind,
 * a mode the policy did not declare), or a tool named with the resource
 * reads' reserved prefix: nothing was sent. The message is the backend's.
 */
export class InputRequiredRoundError extends Error {
  readonly name: "InputRequiredRoundError";
  /** The round's request keys, in the order they are handled (the backend's: by code point). */
  readonly keys: string[];
  /** The key refused, when one entry is. */
  readonly key?: string;
  constructor(message: string, fields?: { keys?: string[]; key?: string });
}

/** A form's record (either profile). One per server and tool. */
export type StoredAnswer = StoredFormAnswer | SpecStoredFormAnswer;

/**
 * Where records are taken from, each destructively (sent at most once):
 * form answers by `take`, link consents by `takeConsent` (the backend's
 * StoredConsent, kept apart; without it every link parks).
 */
export interface FormAnswerStore {
  take(server: string, tool: string):
    | StoredAnswer | null | undefined
    | Promise<StoredAnswer | null | undefined>;
  takeConsent?(server: string, tool: string):
    | StoredConsent | null | undefined
    | Promise<StoredConsent | null | undefined>;
}

/** A FormAnswerStore in Maps, for one process: form answers and consents apart. */
export class MemoryFormAnswers implements FormAnswerStore {
  record(record: StoredAnswer): void;
  take(server: string, tool: string): StoredAnswer | null;
  /** Keep a StoredConsent (elicit-form/url's recordUrlConsent). */
  recordConsent(consent: StoredConsent): void;
  takeConsent(server: string, tool: string): StoredConsent | null;
}

/** The backend's McpElicitationPolicy names: what is declared to a server, and answered. */
export type ElicitationPolicy = "url" | "url_and_form" | "none";
export const ELICITATION_POLICIES: readonly ElicitationPolicy[];
/** `url_and_form` (the backend's default is `url`). */
export const DEFAULT_ELICITATION_POLICY: "url_and_form";
/** The backend's bound on input_required retries: 2. */
export const MAX_INPUT_REQUIRED_ROUNDS: 2;
/** `resources/read:`, the prefix of a resource read's target; no tool may take it. */
export const RESOURCE_READ_SCOPE: "resources/read:";
/** The message of a URL-mode entry that has none (the backend's). */
export const DEFAULT_URL_MESSAGE: string;
export function policyModes(policy?: ElicitationPolicy): { url: boolean; form: boolean };
export function elicitationPolicy(options: { elicitationPolicy?: ElicitationPolicy | undefined } | undefined): ElicitationPolicy;
/** The client capabilities' `elicitation` member a policy declares, or undefined (`none`). */
export function elicitationCapability(policy?: ElicitationPolicy): { form?: Record<string, never>; url?: Record<string, never> } | undefined;
export function checkPolicy(policy: unknown): void;
/** `resources/read:<uri>`. */
export function resourceTarget(uri: string): string;
/** Throws InputRequiredRoundError for a tool named with RESOURCE_READ_SCOPE. */
export function checkToolName(toolName: unknown): void;
/** The keys of an inputRequests map in the backend's order. */
export function mapOrder(requests: Record<string, unknown>): string[];

/** What onUrlComplete gets: the link a person was sent to, whose completion the server notified (2025-11-25). */
export interface UrlCompletion {
  serverName: string;
  toolName: string;
  /** The consent view of the link; `view.elicitationId` is the id the notification named. */
  view: UrlView;
}

/** The options the adapters take, under the backend's rules; each adapter adds its `toolFor`. */
export interface FormAnswerOptions {
  /** The configured name of the server: the questions' header and half the storage key. */
  serverName: string;
  store: FormAnswerStore;
  /** What is declared to this server and answered: `url_and_form` by default (the backend's default is `url`). */
  elicitationPolicy?: ElicitationPolicy;
  /** input_required retries before InputRequiredRoundsExceededError: 2 by default, the backend's. */
  maxRounds?: number;
  /** The backend's rules (the default). */
  profile?: "backend";
  /** Gets the questions when a call parks. */
  onPending?: (pending: FormElicitationPending) => void | Promise<void>;
  /** Gets the link (its consent view) when a call parks on one (URL mode). */
  onUrlPending?: (pending: UrlPending) => void | Promise<void>;
  /** A link this connection sent a person to is complete (2025-11-25's notification; once per id). */
  onUrlComplete?: (completion: UrlCompletion) => void | Promise<void>;
  /** The time to judge expiry by; the current time when absent. */
  now?: () => FormTime | undefined;
  /** A store that failed, or a record that is not a StoredFormAnswer (the form is asked again). */
  onStoreError?: (error: unknown, text: string) => void;
}

/** The options under the whole MCP 2026-07-28 form schema: its questions, its content, and cancel distinct from decline. */
export interface SpecFormAnswerOptions extends Omit<FormAnswerOptions, "profile" | "onPending"> {
  profile: "mcp-2026-07-28";
  /** Gets the profile's questions when a call parks. */
  onPending?: (pending: SpecFormElicitationPending) => void | Promise<void>;
}

/** The ElicitResult sent for a recorded answer. */
export type FormElicitResult = { action: "accept"; content: FormContent } | { action: "decline" };
/** The ElicitResult sent under mcp-2026-07-28. */
export type SpecFormElicitResult = { action: "accept"; content: SpecFormContent } | { action: "decline" } | { action: "cancel" };
/**
 * The ElicitResult sent for a link (URL mode): accept alone, only on a
 * consent; a link declined or cancelled sends nothing (the call parks).
 * `content?: never`, so `result.content !== undefined` tells a form's accept from a link's.
 */
export type UrlElicitResult = { action: "accept"; content?: never };

/** A 2026-07-28 tools/call result asking for input. */
export interface InputRequiredResult {
  resultType: "input_required";
  /** Absent in a round that only carries requestState (retried at once). */
  inputRequests?: Record<string, { method: string; params?: Record<string, unknown> }>;
  requestState?: unknown;
  [key: string]: unknown;
}

/** tools/call params, with the 2026-07-28 retry fields; `State` is the type of requestState. */
export interface ToolCallParams<State = unknown> {
  name: string;
  arguments?: Record<string, unknown>;
  inputResponses?: Record<string, unknown>;
  requestState?: State;
  [key: string]: unknown;
}

/**
 * The tools/call params of the retry: the call's own, the responses (left out
 * when there are none: a round that only carried requestState), and requestState echoed unchanged.
 */
export function retryParams<P extends ToolCallParams<unknown>, R extends { requestState?: unknown }, E>(
  params: P,
  result: R,
  inputResponses: Record<string, E>,
): Omit<P, "inputResponses" | "requestState"> & { inputResponses?: Record<string, E>; requestState?: R["requestState"] };

// --- For the adapters: what each passes as `sdk` and the logic it shares ----

/** What an adapter says about its SDK to the shared logic. */
export interface AdapterSdk {
  /** The adapter's package name, the prefix of its warnings. */
  name: string;
  /** The SDK's error that is answered to the server as the JSON-RPC error with this code, message and data. */
  protocolError(code: number, message: string, data?: unknown): Error;
  codes: { pending: number; refused: number; internal: number };
}

/** The tools/call requests or pushed forms a transport's messages are shown to. */
export interface MessageObservers {
  outgoing(message: unknown): void;
  incoming(message: unknown): void;
}

/** One call in flight through an adapter's callTool. */
export interface ToolCallInFlight {
  readonly toolName: string;
  readonly failure: unknown;
  /** Ends the call with `error`. */
  fail(error: unknown): void;
}

export class ToolCallsInFlight {
  readonly size: number;
  list(): ToolCallInFlight[];
  find(toolName: string): ToolCallInFlight | undefined;
  run<R>(toolName: string, callerSignal: AbortSignal | undefined, send: (signal: AbortSignal, call: ToolCallInFlight) => Promise<R>): Promise<R>;
}

export class SentForms {
  observeIncoming(message: unknown): void;
  observeOutgoing(message: unknown): void;
  take(id: string | number): string | undefined;
}

export function observedTransport<T extends object>(inner: T, observers: MessageObservers): T;
export function checkOptions(options: unknown): void;
export function elicitationOf(options: FormAnswerOptions | SpecFormAnswerOptions, toolName: string, key: string, params: Record<string, unknown>): {
  serverName: string; toolName: string; key: string; message: unknown; requestedSchema: unknown;
};
export function decideForm(
  sdk: AdapterSdk, options: FormAnswerOptions | SpecFormAnswerOptions, elicitation: ReturnType<typeof elicitationOf>, result?: InputRequiredResult,
): Promise<FormElicitResult | SpecFormElicitResult>;
export function answerPushedElicitation(
  sdk: AdapterSdk, options: FormAnswerOptions | SpecFormAnswerOptions,
  request: { toolName: string; key: string; text: string; call?: ToolCallInFlight | undefined; outstanding?: OutstandingUrlElicitations | undefined },
): Promise<FormElicitResult | SpecFormElicitResult | UrlElicitResult>;
/** answerPushedElicitation's earlier name. */
export const answerPushedForm: typeof answerPushedElicitation;
export function answerRound(
  sdk: AdapterSdk, options: FormAnswerOptions | SpecFormAnswerOptions, toolName: string,
  requests: NonNullable<InputRequiredResult["inputRequests"]>, result?: InputRequiredResult, how?: { othersAnsweredElsewhere?: boolean },
): Promise<Record<string, FormElicitResult | SpecFormElicitResult | UrlElicitResult>>;
export function answerInputRequired(
  sdk: AdapterSdk, result: InputRequiredResult,
  options: (FormAnswerOptions | SpecFormAnswerOptions) & ({ toolName: string } | { resourceUri: string }),
): Promise<{ inputResponses: Record<string, FormElicitResult | SpecFormElicitResult | UrlElicitResult> }>;
export function callToolWithRetries<R>(
  sdk: AdapterSdk, send: (params: ToolCallParams) => Promise<R>, params: ToolCallParams,
  options: (FormAnswerOptions | SpecFormAnswerOptions) & { maxRounds?: number | undefined },
  connection?: { outstanding?: OutstandingUrlElicitations | undefined },
): Promise<R>;
/** resources/read params, with the 2026-07-28 retry fields. */
export interface ResourceReadParams<State = unknown> {
  uri: string;
  inputResponses?: Record<string, unknown>;
  requestState?: State;
  [key: string]: unknown;
}
export function readResourceWithRetries<R>(
  sdk: AdapterSdk, send: (params: ResourceReadParams) => Promise<R>, params: ResourceReadParams,
  options: (FormAnswerOptions | SpecFormAnswerOptions) & { maxRounds?: number | undefined },
): Promise<R>;

// --- URL mode -----------------------------------------------------------------

/** A link's request as elicit-form/url decides on it. */
export interface UrlElicitation {
  serverName: string;
  toolName: string;
  key: string;
  params: { mode: unknown; message: unknown; url: unknown; elicitationId?: unknown };
}
export function urlElicitationOf(
  options: FormAnswerOptions | SpecFormAnswerOptions, toolName: string, key: string, params: Record<string, unknown>,
): UrlElicitation;
/** Resolves with the action to send, or throws UrlRefusalError or UrlElicitationPendingError. */
export function decideUrl(
  sdk: AdapterSdk, options: FormAnswerOptions | SpecFormAnswerOptions, elicitation: UrlElicitation, result?: InputRequiredResult,
): Promise<UrlElicitResult>;
/** The links of a -32042 error (`data.elicitations`), or undefined for any other error. */
export function urlRequiredFrom(error: unknown): unknown[] | undefined;
/** The error a -32042 tool call ends with: UrlElicitationPendingError, UrlRefusalError, or InputRequiredRoundError (no link). */
export function urlRequiredError(
  sdk: AdapterSdk, options: FormAnswerOptions | SpecFormAnswerOptions, toolName: string, elicitations: unknown[],
  outstanding?: OutstandingUrlElicitations | undefined,
): Promise<Error>;
/** Links a person was sent to, by elicitationId, until their completion notification. */
export class OutstandingUrlElicitations {
  add(elicitationId: string, completion: UrlCompletion): void;
  complete(elicitationId: string): UrlCompletion | undefined;
}
/** A completion notification's params: onUrlComplete for a known id, once; others ignored. */
export function urlCompleted(
  sdk: AdapterSdk, options: FormAnswerOptions | SpecFormAnswerOptions, outstanding: OutstandingUrlElicitations, params: unknown,
): Promise<void>;

/** A plain Error carrying a JSON-RPC `code` (and `data` when given), for an adapter's `protocolError`. */
export function jsonRpcError(code: number, message: string, data?: unknown): Error & { code: number; data?: unknown };
