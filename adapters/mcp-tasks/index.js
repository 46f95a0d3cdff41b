// elicit-form-mcp-tasks: answers the form and URL-mode elicitations of MCP
// Tasks (@modelcontextprotocol/ext-tasks, SEP-2663) the way the everruns-core
// backend's Tasks client (its `mcp::tasks`) does.
//
// A task-augmented tools/call returns a task; while it runs, `tasks/get`
// shows `status: "input_required"` with the server's `inputRequests` (keyed),
// and the client answers them with `tasks/update` `{ inputResponses }`. The
// backend's client waits for the task as it waits for any tool call, and
// keeps four rules, each kept here:
//
// - It polls at the server's `pollIntervalMs`, bounded to 250 ms..30 s (1 s
//   when the server suggests none): faster is load nobody needs, slower
//   leaves a finished task unnoticed.
// - It waits at most 30 minutes for one task, then cancels it and ends the
//   call with its text: a task is still one tool call.
// - A key it answered is skipped on later polls, whatever the server lists
//   under it: the update is eventually consistent, so the key may still be
//   listed before the server has taken the answer in.
// - It cancels a task it stops waiting for: a form or link that must go to a
//   person (the call stands down; a rerun creates a new task and finds the
//   recorded answer there), a refusal, an error, an abort. Nothing is left
//   running on the server that nobody will collect. A host that resumes the
//   same task once the person has answered may keep it open instead
//   (keepTaskOpen); everything else still cancels.
//
// It works with ext-tasks' own objects: a TaskController
// (`session.task(taskId)`: snapshot() is tasks/get, updateJson() is
// tasks/update, cancel() is tasks/cancel, validated by ext-tasks) and a
// TaskEnabledSession for callTool. Each round is answered by
// elicit-form-mcp-core's answerRound, as the backend's
// gather_input_responses answers it: at most one form (two are refused with
// the backend's text), any number of links, in the backend's map order; a
// mode the elicitationPolicy did not declare is refused; a refused form or
// link is never shown and nothing is sent. A form is answered from the
// store's form answers (store.take), a link only from a consent
// (store.takeConsent, recorded with elicit-form/url's recordUrlConsent): a
// link the person declined or dismissed records nothing, so nothing is sent
// for it and the task parks again. With no usable record a round parks
// (onPending / onUrlPending once per task, key and request, then
// TaskFormPendingError / TaskUrlPendingError); a record is taken once and
// sent once. An error that stops a task names it (`taskId`), so a host can
// act on it.
//
// The deprecated `urlElicitation` option, when a host gives one, still takes
// precedence for links the policy declares: URL-mode requests then go to it
// as before (the host's own rules, not elicit-form's), and forms alone to
// answerRound.

import { InputRequestsV2Schema } from "@modelcontextprotocol/ext-tasks/core/v2";
import { FormRefusalError } from "elicit-form/mcp-2026-07-28";
import * as core from "elicit-form-mcp-core";

export {
  FormElicitationPendingError,
  InputRequiredRoundError,
  MemoryFormAnswers,
  UrlElicitationPendingError,
} from "elicit-form-mcp-core";

/** How long one task is waited for (everruns-core's TASK_WAIT_LIMIT): 30 minutes. */
export const TASK_WAIT_LIMIT_MS = 30 * 60 * 1000;
/** The poll interval when the server suggests none (everruns-core's DEFAULT_POLL_INTERVAL). */
export const DEFAULT_POLL_INTERVAL_MS = 1000;
/** The bounds on a server's `pollIntervalMs` (everruns-core's MIN_ and MAX_POLL_INTERVAL). */
export const MIN_POLL_INTERVAL_MS = 250;
export const MAX_POLL_INTERVAL_MS = 30 * 1000;

/**
 * A task parked on a form (a FormElicitationPendingError, so one catch
 * serves every adapter): `taskId` and `key` say which task and input key
 * asked; `taskCancelled` whether the task was cancelled for it (the default:
 * record the answer and call the tool again) or kept open (keepTaskOpen:
 * resume with runTask(session.task(taskId), { toolName })).
 */
export class TaskFormPendingError extends core.FormElicitationPendingError {
  constructor(pending, { taskId, key }) {
    super(pending);
    this.taskId = taskId;
    this.key = key;
    this.taskCancelled = false;
  }
}

/**
 * A task parked on a link (URL mode; a UrlElicitationPendingError, so one
 * catch serves every adapter): `pending.view` is the consent view; `taskId`,
 * `key` and `taskCancelled` as for TaskFormPendingError.
 */
export class TaskUrlPendingError extends core.UrlElicitationPendingError {
  constructor(pending, { taskId, key }) {
    super(pending);
    this.taskId = taskId;
    this.key = key;
    this.taskCancelled = false;
  }
}

/** The task was still running after the wait limit: it was cancelled (the backend's text). */
export class TaskWaitLimitError extends Error {
  constructor({ serverName, toolName, taskId, waitLimitMs }) {
    // The backend counts whole minutes of whole seconds (`as_secs() / 60`).
    const minutes = Math.floor(Math.floor(waitLimitMs / 1000) / 60);
    super(
      `MCP tool '${toolName}' on server '${serverName}' was still running after ${minutes} minutes; ` +
        "Everruns cancelled the task",
    );
    this.name = "TaskWaitLimitError";
    this.taskId = taskId;
    this.waitLimitMs = waitLimitMs;
    this.taskCancelled = false;
  }
}

// What core's shared logic needs to know about this host. The codes are for
// pushed forms, which tasks do not have; decideForm uses only the name.
const HOST = {
  name: "elicit-form-mcp-tasks",
  maxRounds: 0,
  protocolError: (code, message) => Object.assign(new Error(message), { code }),
  codes: { pending: -32001, refused: -32602, internal: -32603 },
};

const TERMINAL = new Set(["completed", "failed", "cancelled"]);

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

const SYSTEM_CLOCK = { now: () => performance.now(), sleep };

/**
 * The server's suggested poll interval in a task (its `pollIntervalMs`, a
 * whole number of milliseconds), or `fallbackMs` when it has none, bounded
 * to MIN_POLL_INTERVAL_MS..MAX_POLL_INTERVAL_MS as the backend bounds it.
 */
export function taskPollInterval(task, fallbackMs = DEFAULT_POLL_INTERVAL_MS) {
  const suggested = task?.pollIntervalMs;
  const ms = Number.isInteger(suggested) && suggested >= 0 ? suggested : fallbackMs;
  return Math.min(Math.max(ms, MIN_POLL_INTERVAL_MS), MAX_POLL_INTERVAL_MS);
}

/** The server's inputRequests of a task snapshot (an ext-tasks TaskView), checked with ext-tasks' wire schema. */
function inputRequestsOf(view) {
  const requests = view.raw?.inputRequests;
  const parsed = InputRequestsV2Schema.safeParse(requests);
  if (!parsed.success) {
    throw new TypeError(
      `task ${view.taskId} is input_required but its inputRequests are not an object of requests by key`,
    );
  }
  // ext-tasks' copy of what the server sent (its schema keeps keys it does
  // not know, such as writeOnly), so each form is decided as sent.
  return requests;
}

function isUrlElicitation(request) {
  return request?.method === "elicitation/create" && (request.params?.mode ?? "form") === "url";
}

function isFormElicitation(request) {
  return request?.method === "elicitation/create" && (request.params?.mode ?? "form") === "form";
}

// UrlRefusalError is branded across copies of elicit-form; the URL entry is
// not loaded for a server that only asks forms, so it is known by its name.
function isUrlRefusal(error) {
  return error instanceof Error && error.name === "UrlRefusalError" && typeof error.kind === "string";
}

/**
 * The input key a parked request was asked under: a round holds at most one
 * form, and a link is found by its URL among the round's links.
 */
function parkedKey(requests, kind, pending) {
  // The backend's map order, the order answerRound handles the entries in.
  const entries = core
    .mapOrder(requests)
    .map((key) => [key, requests[key]])
    .filter(([, request]) => (kind === "url" ? isUrlElicitation(request) : isFormElicitation(request)));
  if (kind === "url" && entries.length > 1) {
    const exact = entries.find(([, request]) => request.params?.url === pending?.view?.url);
    if (exact !== undefined) return exact[0];
  }
  return entries[0]?.[0];
}

function isParked(error) {
  return error instanceof core.FormElicitationPendingError || error instanceof core.UrlElicitationPendingError;
}

/**
 * The text of a refusal that stopped a task: answerRound's (the backend's
 * gather_input_responses' text), naming the task so a host can act on it.
 */
function refusalText(error, taskId) {
  return `${error.message} (task '${taskId}')`;
}

/**
 * The elicitation side (forms and links) of one configured server's tasks.
 *
 * options: { serverName, store: { take(server, tool), takeConsent?(server, tool) },
 *            profile?: "backend" | "mcp-2026-07-28",
 *            elicitationPolicy?: "url_and_form" (the default) | "url" | "none",
 *            onPending?(pending, { taskId, key }), onUrlPending?(pending, { taskId, key }),
 *            now?(), onStoreError?(error, text), keepTaskOpen?: boolean (false),
 *            taskWaitLimitMs?: number (TASK_WAIT_LIMIT_MS),
 *            clock?: { now(): number (ms), sleep(ms, signal?): Promise<void> },
 *            urlElicitation?({ taskId, key, toolName, params }): ElicitResult | undefined (deprecated) }
 */
export function taskForms(options) {
  core.checkOptions(options);
  if (options.urlElicitation !== undefined && typeof options.urlElicitation !== "function") {
    throw new TypeError(
      "urlElicitation must be a function ({ taskId, key, toolName, params }) => ElicitResult | undefined",
    );
  }
  if (options.keepTaskOpen !== undefined && typeof options.keepTaskOpen !== "boolean") {
    throw new TypeError("keepTaskOpen must be true or false");
  }
  const waitLimitMs = options.taskWaitLimitMs ?? TASK_WAIT_LIMIT_MS;
  if (typeof waitLimitMs !== "number" || !Number.isFinite(waitLimitMs) || waitLimitMs <= 0) {
    throw new TypeError("taskWaitLimitMs must be a positive number of milliseconds");
  }
  const policy = core.elicitationPolicy(options);
  const clock = options.clock ?? SYSTEM_CLOCK;
  if (typeof clock?.now !== "function" || typeof clock?.sleep !== "function") {
    throw new TypeError("clock must have now() (milliseconds) and sleep(ms, signal)");
  }
  // taskId -> Set of the keys answered, in the order sent.
  const answered = new Map();
  // taskId -> Map(key -> "form:"/"url:" + the fingerprint already handed to onPending / onUrlPending).
  const parked = new Map();

  function forget(taskId) {
    answered.delete(taskId);
    parked.delete(taskId);
  }

  // The requests of this snapshot under keys not answered before.
  function unanswered(taskId, requests) {
    const done = answered.get(taskId);
    return Object.fromEntries(Object.entries(requests).filter(([key]) => !done?.has(key)));
  }

  // onPending (onUrlPending) once per key and form (link): a poll that sees
  // the same parked request again throws again, but does not present it to
  // the person twice.
  function pendingOnce(taskId, requests, kind) {
    return async (pending) => {
      const key = parkedKey(requests, kind, pending);
      let shown = parked.get(taskId);
      if (shown === undefined) parked.set(taskId, (shown = new Map()));
      const seen = kind === "url" ? `url:${pending.view.fingerprint}` : `form:${pending.fingerprint}`;
      if (shown.get(key) === seen) return;
      shown.set(key, seen);
      await (kind === "url" ? options.onUrlPending : options.onPending)?.(pending, { taskId, key });
    };
  }

  // One round through core's answerRound, the SDK adapters' rules: every
  // form and link checked before any record is taken.
  async function answerOne(taskId, toolName, requests) {
    const roundOptions = {
      ...options,
      onPending: pendingOnce(taskId, requests, "form"),
      onUrlPending: pendingOnce(taskId, requests, "url"),
    };
    try {
      return await core.answerRound(HOST, roundOptions, toolName, requests);
    } catch (error) {
      if (error instanceof core.FormElicitationPendingError) {
        throw new TaskFormPendingError(error.pending, { taskId, key: parkedKey(requests, "form", error.pending) });
      }
      if (error instanceof core.UrlElicitationPendingError) {
        throw new TaskUrlPendingError(error.pending, { taskId, key: parkedKey(requests, "url", error.pending) });
      }
      throw error;
    }
  }

  // The responses to send for this poll's open keys. Every check that can
  // fail comes before anything is taken or handed to the URL seam, so a
  // poll that throws has used up nothing.
  async function decide(taskId, toolName, open) {
    // A policy that declares no URL mode refuses links (answerRound), seam or not.
    if (options.urlElicitation === undefined || !core.policyModes(policy).url) return answerOne(taskId, toolName, open);
    // The deprecated seam takes precedence for links: forms go to answerRound, links to the host.
    const forms = {};
    const urls = [];
    for (const [key, request] of Object.entries(open)) {
      if (isUrlElicitation(request)) urls.push([key, request]);
      else forms[key] = request;
    }
    const responses = Object.keys(forms).length > 0 ? await answerOne(taskId, toolName, forms) : {};
    for (const [key, request] of urls) {
      const result = await options.urlElicitation({ taskId, key, toolName, params: request.params ?? {} });
      if (result !== undefined) responses[key] = result;
    }
    return responses;
  }

  // A refusal of a task's round names the task: it gets `taskId`, and its
  // text is the backend's with the task named. Parked errors carry the task
  // by class; a host's own error (from onPending, say) is left as it is.
  function namingTask(error, taskId) {
    const refusal =
      error instanceof FormRefusalError || isUrlRefusal(error) || error instanceof core.InputRequiredRoundError;
    if (!refusal) return error;
    error.message = refusalText(error, taskId);
    error.taskId = taskId;
    error.taskCancelled = false;
    return error;
  }

  /**
   * One poll: tasks/get, and if the task asks for input, answers each key
   * not answered before with one tasks/update. Resolves with
   * `{ task, answered }` (the ext-tasks TaskView, the keys sent now), or
   * throws FormRefusalError, UrlRefusalError or InputRequiredRoundError
   * (with `taskId`), TaskFormPendingError or TaskUrlPendingError, with
   * nothing sent. It never cancels the task: that is the caller's to decide.
   */
  async function answerTask(controller, { toolName, signal } = {}) {
    if (typeof toolName !== "string")
      throw new TypeError("toolName must be the name of the tool the task runs (a string)");
    if (typeof controller?.snapshot !== "function" || typeof controller?.updateJson !== "function") {
      throw new TypeError("controller must be an ext-tasks TaskController (session.task(taskId))");
    }
    const task = await controller.snapshot(signal);
    if (TERMINAL.has(task.status)) {
      // SEP-2663: a client may drop a task's keys once it is over.
      forget(task.taskId);
      return { task, answered: [] };
    }
    if (task.status !== "input_required") return { task, answered: [] };
    const open = unanswered(task.taskId, inputRequestsOf(task));
    if (Object.keys(open).length === 0) return { task, answered: [] };
    let responses;
    try {
      responses = await decide(task.taskId, toolName, open);
    } catch (error) {
      throw namingTask(error, task.taskId);
    }
    const keys = Object.keys(responses);
    if (keys.length === 0) return { task, answered: [] };
    await controller.updateJson(responses, signal);
    // Remembered only once the server acknowledged: a failed update may be sent again.
    let done = answered.get(task.taskId);
    if (done === undefined) answered.set(task.taskId, (done = new Set()));
    for (const key of keys) {
      done.add(key);
      parked.get(task.taskId)?.delete(key);
    }
    return { task, answered: keys };
  }

  // tasks/cancel, best effort: a task that cannot be cancelled (the
  // connection is gone, the server refuses) must not hide why it was.
  async function cancel(controller) {
    try {
      await controller.cancel();
      return true;
    } catch {
      return false;
    } finally {
      forget(controller.taskId);
    }
  }

  // The backend's await_task: sleep, poll, answer, until the task ends or
  // the wait limit; a task it stops waiting for is cancelled, except one
  // parked on a person under keepTaskOpen.
  async function waitFor(controller, toolName, signal, firstIntervalMs) {
    const deadline = clock.now() + waitLimitMs;
    let interval = firstIntervalMs;
    try {
      for (;;) {
        const now = clock.now();
        if (now >= deadline) {
          throw new TaskWaitLimitError({
            serverName: options.serverName,
            toolName,
            taskId: controller.taskId,
            waitLimitMs,
          });
        }
        await clock.sleep(Math.min(interval, deadline - now), signal);
        const { task } = await answerTask(controller, { toolName, signal });
        interval = taskPollInterval(task.raw, interval);
        if (TERMINAL.has(task.status)) break;
      }
    } catch (error) {
      if (options.keepTaskOpen === true && isParked(error)) throw error;
      const cancelled = await cancel(controller);
      if (error instanceof Error && Object.hasOwn(error, "taskId")) error.taskCancelled = cancelled;
      throw error;
    }
    return controller.result({ signal });
  }

  /**
   * Waits for the task as the backend does: polls at the task's
   * pollIntervalMs (MIN_POLL_INTERVAL_MS..MAX_POLL_INTERVAL_MS;
   * `pollIntervalMs`, bounded alike, before the server suggests one),
   * answers its forms and links, and resolves with ext-tasks' TaskOutcome
   * (`controller.result()`) once it ends. Throws as answerTask does, or
   * TaskWaitLimitError after taskWaitLimitMs; the task is cancelled first
   * (a parked one only without keepTaskOpen).
   */
  async function runTask(controller, { toolName, signal, pollIntervalMs } = {}) {
    // A host's mistake is reported before the task is touched, never by cancelling it.
    if (typeof toolName !== "string")
      throw new TypeError("toolName must be the name of the tool the task runs (a string)");
    if (typeof controller?.cancel !== "function") {
      throw new TypeError("controller must be an ext-tasks TaskController (session.task(taskId))");
    }
    return waitFor(controller, toolName, signal, taskPollInterval({ pollIntervalMs }, DEFAULT_POLL_INTERVAL_MS));
  }

  return {
    answerTask,
    runTask,

    /**
     * `capabilities` (the clientCapabilities a host frames its 2026-07-28
     * requests with) with what the elicitationPolicy declares: form and URL
     * mode (`url_and_form`, the default), URL mode (`url`), or no
     * elicitation (`none`). A mode the policy did not declare is refused
     * when a task asks it, with the backend's text.
     */
    clientCapabilities(capabilities = {}) {
      const declared = core.elicitationCapability(policy);
      if (declared === undefined) return { ...capabilities };
      return { ...capabilities, elicitation: { ...capabilities.elicitation, ...declared } };
    },

    /**
     * session.callTool(name, args, options) through an ext-tasks session:
     * an immediate result is returned as ext-tasks' TaskOutcome; a task is
     * detached from ext-tasks' own driver (which would answer a form it
     * cannot decide with cancel) and waited for as runTask waits, from the
     * poll interval it was created with.
     */
    async callTool(session, name, args, callOptions = {}) {
      const execution = await session.callTool(name, args, callOptions);
      if (execution.kind !== "task") return execution.result();
      const created = await createdTask(execution);
      await execution.detach();
      const controller = session.task(execution.handle.taskId);
      return waitFor(controller, name, callOptions.signal, taskPollInterval(created?.raw, DEFAULT_POLL_INTERVAL_MS));
    },

    /** The keys answered so far for a task, in the order sent. */
    answeredKeys(taskId) {
      return [...(answered.get(taskId) ?? [])];
    },

    /** Drops what is remembered of a task. Terminal and cancelled tasks are dropped when seen. */
    forgetTask: forget,
  };
}

/** The task as the server created it (its first event: the CreateTaskResult), for its poll interval. */
async function createdTask(execution) {
  const events = execution.updates()[Symbol.asyncIterator]();
  try {
    const first = await events.next();
    return first.done || first.value?.type !== "task" ? undefined : first.value.task;
  } finally {
    await events.return?.();
  }
}
