// elicit-form-mcp-tasks: MCP Tasks (SEP-2663) form and URL-mode elicitations
// answered with elicit-form, over @modelcontextprotocol/ext-tasks' requester
// objects, waited for as the everruns-core backend's Tasks client waits.
import type {
  TaskController,
  TaskEnabledSession,
  TaskOutcome,
  TaskView,
  ToolCallOptions,
} from "@modelcontextprotocol/ext-tasks/client";
import type { TaskId } from "@modelcontextprotocol/ext-tasks/core";
import type { FormElicitationPending, SpecFormElicitationPending } from "elicit-form/mcp-2026-07-28";
import type { UrlPending } from "elicit-form/url";
import { FormElicitationPendingError, UrlElicitationPendingError } from "elicit-form-mcp-core";
import type { FormAnswerOptions, FormElicitResult, SpecFormAnswerOptions, SpecFormElicitResult, UrlElicitResult } from "elicit-form-mcp-core";

export {
  FormElicitationPendingError,
  InputRequiredRoundError,
  MemoryFormAnswers,
  UrlElicitationPendingError,
  type FormAnswerStore,
  type UrlElicitResult,
} from "elicit-form-mcp-core";

/** How long one task is waited for (everruns-core's TASK_WAIT_LIMIT): 30 minutes. */
export const TASK_WAIT_LIMIT_MS: number;
/** The poll interval when the server suggests none: 1 s. */
export const DEFAULT_POLL_INTERVAL_MS: number;
/** The floor on a server's `pollIntervalMs`: 250 ms. */
export const MIN_POLL_INTERVAL_MS: number;
/** The ceiling on a server's `pollIntervalMs`: 30 s. */
export const MAX_POLL_INTERVAL_MS: number;

/**
 * A task's `pollIntervalMs` (a whole number of milliseconds), or
 * `fallbackMs` (DEFAULT_POLL_INTERVAL_MS) when it has none, bounded to
 * MIN_POLL_INTERVAL_MS..MAX_POLL_INTERVAL_MS, as the backend bounds it.
 */
export function taskPollInterval(task: { pollIntervalMs?: unknown } | undefined, fallbackMs?: number): number;

/**
 * A task parked on a form (a FormElicitationPendingError): a person must
 * answer `pending.questions` first. The task was cancelled (`taskCancelled`;
 * record the answer and call the tool again), or under keepTaskOpen left
 * open (resume with runTask(session.task(taskId), ...)).
 */
export class TaskFormPendingError extends FormElicitationPendingError {
  readonly taskId: TaskId;
  readonly key: string;
  /** Whether the task was cancelled (tasks/cancel acknowledged) when the wait stopped here. */
  readonly taskCancelled: boolean;
  constructor(pending: FormElicitationPending | SpecFormElicitationPending, where: TaskInputLocation);
}

/**
 * A task parked on a link (URL mode; a UrlElicitationPendingError): a person
 * must decide on `pending.view` (the consent view) first. Cancelled or kept
 * open as TaskFormPendingError says.
 */
export class TaskUrlPendingError extends UrlElicitationPendingError {
  readonly taskId: TaskId;
  readonly key: string;
  readonly taskCancelled: boolean;
  constructor(pending: UrlPending, where: TaskInputLocation);
}

/**
 * The task was still running after taskWaitLimitMs; it was cancelled. The
 * message is the backend's ("MCP tool '…' on server '…' was still running
 * after 30 minutes; Everruns cancelled the task").
 */
export class TaskWaitLimitError extends Error {
  readonly name: "TaskWaitLimitError";
  readonly taskId: TaskId;
  readonly waitLimitMs: number;
  /** Whether the server acknowledged tasks/cancel. */
  readonly taskCancelled: boolean;
  constructor(where: { serverName: string; toolName: string; taskId: TaskId; waitLimitMs: number });
}

/**
 * What an error that stopped a task's round carries besides its own fields
 * (FormRefusalError, UrlRefusalError, InputRequiredRoundError, ...): its
 * message is the backend's text, ending `(task '<taskId>')`.
 */
export interface TaskNamed {
  readonly taskId: TaskId;
  /** Whether the task was cancelled for it (by runTask and callTool; answerTask never cancels). */
  readonly taskCancelled: boolean;
}

/** Where the adapter's waits come from: the system's by default; a test's own to run 30 minutes at once. */
export interface TaskClock {
  /** A monotonic time in milliseconds. */
  now(): number;
  /** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Where a parked form or link waits. */
export interface TaskInputLocation {
  taskId: TaskId;
  key: string;
}

/**
 * @deprecated URL-mode requests are answered by the adapter itself with
 * elicit-form's URL rules (onUrlPending, TaskUrlPendingError, consents
 * recorded with recordUrlConsent and taken by store.takeConsent). A handler
 * given here still takes precedence for links the elicitationPolicy
 * declares (never under `none`), and bypasses those rules: it is called with the request as the server sent
 * it and returns the ElicitResult to send for `key`, or undefined to leave it
 * unanswered for now (it is offered again on the next poll). This adapter
 * opens and fetches nothing.
 */
export type UrlElicitationHandler = (request: {
  taskId: TaskId;
  key: string;
  toolName: string;
  params: Record<string, unknown>;
}) => { action: "accept" | "decline" | "cancel"; content?: Record<string, unknown> } | undefined
  | Promise<{ action: "accept" | "decline" | "cancel"; content?: Record<string, unknown> } | undefined>;

/** How a task is waited for, as the backend waits. */
export interface TaskWaitOptions {
  /**
   * Leave a task parked on a person (a form or link with no usable record)
   * open, to resume it with runTask once the answer is recorded. Default
   * false: it is cancelled, as the backend does, and a call of the tool
   * again finds the record. Every other stop cancels the task either way.
   */
  keepTaskOpen?: boolean;
  /** How long one task is waited for (TASK_WAIT_LIMIT_MS). */
  taskWaitLimitMs?: number;
  /** The timers the wait uses (the system's by default). */
  clock?: TaskClock;
}

export interface TaskFormOptions extends Omit<FormAnswerOptions, "onPending" | "onUrlPending" | "onUrlComplete">, TaskWaitOptions {
  /** Gets the questions when a task parks on a form, once per task, key and form. */
  onPending?: (pending: FormElicitationPending, where: TaskInputLocation) => void | Promise<void>;
  /** Gets the link (`pending.view`, the consent view) when a task parks on one, once per task, key and link. */
  onUrlPending?: (pending: UrlPending, where: TaskInputLocation) => void | Promise<void>;
  /** @deprecated Links are answered with elicit-form's URL rules; a handler here takes precedence and bypasses them. */
  urlElicitation?: UrlElicitationHandler;
}

export interface SpecTaskFormOptions extends Omit<SpecFormAnswerOptions, "onPending" | "onUrlPending" | "onUrlComplete">, TaskWaitOptions {
  onPending?: (pending: SpecFormElicitationPending, where: TaskInputLocation) => void | Promise<void>;
  onUrlPending?: (pending: UrlPending, where: TaskInputLocation) => void | Promise<void>;
  /** @deprecated Links are answered with elicit-form's URL rules; a handler here takes precedence and bypasses them. */
  urlElicitation?: UrlElicitationHandler;
}

export interface TaskPollOptions {
  /** The tool the task runs: half the recorded answer's storage key. */
  toolName: string;
  signal?: AbortSignal;
}

export interface TaskForms {
  /**
   * `capabilities` (the clientCapabilities a host frames its requests with)
   * with what the elicitationPolicy declares (`url_and_form`:
   * `elicitation: { form: {}, url: {} }`; `url`: `{ url: {} }`; `none`:
   * nothing). A mode it did not declare is refused when a task asks it.
   */
  clientCapabilities<C extends Record<string, unknown>>(capabilities?: C):
    C & { elicitation?: { form?: Record<string, never>; url?: Record<string, never> } };
  /**
   * One poll: tasks/get, then one tasks/update for the keys not answered
   * before (a key answered before is skipped). `answered` is the keys sent
   * now. Never cancels the task.
   */
  answerTask(controller: TaskController, options: TaskPollOptions): Promise<{ task: TaskView; answered: string[] }>;
  /**
   * Waits as the backend does: sleeps the poll interval (the server's,
   * bounded; `pollIntervalMs`, bounded alike, until it suggests one), polls
   * and answers until the task ends; its ext-tasks TaskOutcome (unwrap with
   * resultFromTaskOutcome). A task it stops waiting for is cancelled (one
   * parked on a person only without keepTaskOpen); after taskWaitLimitMs,
   * TaskWaitLimitError.
   */
  runTask<TResult = unknown>(
    controller: TaskController,
    options: TaskPollOptions & { pollIntervalMs?: number },
  ): Promise<TaskOutcome<TResult>>;
  /** session.callTool, and a task waited for as runTask waits, from the interval it was created with (detached from ext-tasks' own driver). */
  callTool<TResult = unknown, TApplicationContext = void>(
    session: TaskEnabledSession<TApplicationContext>,
    name: string,
    args?: Record<string, unknown>,
    options?: ToolCallOptions<TResult, TApplicationContext>,
  ): Promise<TaskOutcome<TResult>>;
  /** The keys answered so far for a task, in the order sent. */
  answeredKeys(taskId: string): string[];
  /** Drops what is remembered of a task (terminal and cancelled tasks are dropped when seen). */
  forgetTask(taskId: string): void;
}

/** The ElicitResults this adapter sends: a form's, or a link's (`{ action }`, no content). */
export type TaskFormElicitResult = FormElicitResult | SpecFormElicitResult | UrlElicitResult;

export function taskForms(options: TaskFormOptions | SpecTaskFormOptions): TaskForms;
