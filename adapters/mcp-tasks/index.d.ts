// elicit-form-mcp-tasks: MCP Tasks (SEP-2663) form and URL-mode elicitations
// answered with elicit-form, over @modelcontextprotocol/ext-tasks' requester objects.
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

/**
 * A task parked on a form (a FormElicitationPendingError): a person must
 * answer `pending.questions` first. Resume with runTask(session.task(taskId), ...).
 */
export class TaskFormPendingError extends FormElicitationPendingError {
  readonly taskId: TaskId;
  readonly key: string;
  constructor(pending: FormElicitationPending | SpecFormElicitationPending, where: TaskInputLocation);
}

/**
 * A task parked on a link (URL mode; a UrlElicitationPendingError): a person
 * must decide on `pending.view` (the consent view) first. Resume with
 * runTask(session.task(taskId), ...) once the action is recorded (recordUrlAnswer).
 */
export class TaskUrlPendingError extends UrlElicitationPendingError {
  readonly taskId: TaskId;
  readonly key: string;
  constructor(pending: UrlPending, where: TaskInputLocation);
}

/** A task reused an input key for a different request after it was answered (SEP-2663 forbids it): nothing was sent. */
export class TaskInputKeyReusedError extends Error {
  readonly name: "TaskInputKeyReusedError";
  readonly taskId: TaskId;
  readonly key: string;
  constructor(taskId: TaskId, key: string);
}

/** Where a parked form or link waits. */
export interface TaskInputLocation {
  taskId: TaskId;
  key: string;
}

/**
 * @deprecated URL-mode requests are answered by the adapter itself with
 * elicit-form's URL rules (onUrlPending, TaskUrlPendingError, records from
 * recordUrlAnswer). A handler given here still takes precedence for links,
 * and bypasses those rules: it is called with the request as the server sent
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

export interface TaskFormOptions extends Omit<FormAnswerOptions, "onPending" | "onUrlPending" | "onUrlComplete"> {
  /** Gets the questions when a task parks on a form, once per task, key and form. */
  onPending?: (pending: FormElicitationPending, where: TaskInputLocation) => void | Promise<void>;
  /** Gets the link (`pending.view`, the consent view) when a task parks on one, once per task, key and link. */
  onUrlPending?: (pending: UrlPending, where: TaskInputLocation) => void | Promise<void>;
  /** @deprecated Links are answered with elicit-form's URL rules; a handler here takes precedence and bypasses them. */
  urlElicitation?: UrlElicitationHandler;
}

export interface SpecTaskFormOptions extends Omit<SpecFormAnswerOptions, "onPending" | "onUrlPending" | "onUrlComplete"> {
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
   * One poll: tasks/get, then one tasks/update for the keys not answered
   * before. `answered` is the keys sent now.
   */
  answerTask(controller: TaskController, options: TaskPollOptions): Promise<{ task: TaskView; answered: string[] }>;
  /** Polls and answers until the task ends; its ext-tasks TaskOutcome (unwrap with resultFromTaskOutcome). */
  runTask<TResult = unknown>(
    controller: TaskController,
    options: TaskPollOptions & { pollIntervalMs?: number },
  ): Promise<TaskOutcome<TResult>>;
  /** session.callTool, and a task run by runTask (detached from ext-tasks' own driver). */
  callTool<TResult = unknown, TApplicationContext = void>(
    session: TaskEnabledSession<TApplicationContext>,
    name: string,
    args?: Record<string, unknown>,
    options?: ToolCallOptions<TResult, TApplicationContext>,
  ): Promise<TaskOutcome<TResult>>;
  /** The keys answered so far for a task, in the order sent. */
  answeredKeys(taskId: string): string[];
  /** Drops what is remembered of a task (terminal tasks are dropped when seen). */
  forgetTask(taskId: string): void;
}

/** The ElicitResults this adapter sends: a form's, or a link's (`{ action }`, no content). */
export type TaskFormElicitResult = FormElicitResult | SpecFormElicitResult | UrlElicitResult;

export function taskForms(options: TaskFormOptions | SpecTaskFormOptions): TaskForms;
