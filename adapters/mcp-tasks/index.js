// elicit-form-mcp-tasks: answers the form elicitations of MCP Tasks
// (@modelcontextprotocol/ext-tasks, SEP-2663) the way the everruns-core
// backend answers any form.
//
// A task-augmented tools/call returns a task; while it runs, `tasks/get`
// shows `status: "input_required"` with the server's `inputRequests` (keyed),
// and the client answers them with `tasks/update` `{ inputResponses }`. The
// same key stays in `inputRequests` until the server has taken the answer
// (the update is eventually consistent), so a client must not answer a key
// twice across polls: this module remembers, per task, each key it answered
// (and the request it answered) and never sends that key again.
//
// It works with ext-tasks' own objects: a TaskController
// (`session.task(taskId)`: snapshot() is tasks/get, updateJson() is
// tasks/update, validated by ext-tasks) and a TaskEnabledSession for
// callTool. The rules are elicit-form's, through elicit-form-mcp-core's
// decideForm and answerRound, as for the SDK adapters:
//
// - A refused form is never shown and nothing is sent: FormRefusalError;
//   the store is not touched. The task stays input_required; the host may
//   cancel it (controller.cancel(), tasks/cancel).
// - With no usable recorded answer the form parks: onPending once per key,
//   then TaskFormPendingError (a FormElicitationPendingError with taskId
//   and key). The key is not answered, so the task waits; once the person
//   has answered and the host recorded it, runTask (or answerTask) again
//   sends it.
// - A recorded answer is taken once (destructive) and sent once.
//
// URL-mode requests (a link a person is asked to open) are answered the same
// way, through elicit-form-mcp-core's answerRound and decideUrl, with
// elicit-form/url's rules, as the SDK adapters answer them:
//
// - A refused link (user info, a script scheme, ...) is never shown and
//   nothing is sent: UrlRefusalError; the store is not touched.
// - With no usable recorded action the task parks: onUrlPending once per key
//   and link, then TaskUrlPendingError (a UrlElicitationPendingError with
//   taskId and key); the key is not answered.
// - A recorded action (recordUrlAnswer, same server, tool and fingerprint)
//   is taken once and sent once as `{ action }`, with no content.
// - A round with a link and a form, or two links, is answered not at all:
//   InputRequiredRoundError (one record is kept per server and tool).
//
// The deprecated `urlElicitation` option, when a host gives one, still takes
// precedence: URL-mode requests then go to it as before (the host's own
// rules, not elicit-form's), and forms alone to answerRound.

import { InputRequestsV2Schema } from "@modelcontextprotocol/ext-tasks/core/v2";
import * as core from "elicit-form-mcp-core";

export {
  FormElicitationPendingError,
  InputRequiredRoundError,
  MemoryFormAnswers,
  UrlElicitationPendingError,
} from "elicit-form-mcp-core";

/**
 * A task parked on a form (a FormElicitationPendingError, so one catch
 * serves every adapter): `taskId` and `key` say which task and input key
 * wait; resume with runTask(session.task(taskId), { toolName }).
 */
export class TaskFormPendingError extends core.FormElicitationPendingError {
  constructor(pending, { taskId, key }) {
    super(pending);
    this.taskId = taskId;
    this.key = key;
  }
}

/**
 * A task parked on a link (URL mode; a UrlElicitationPendingError, so one
 * catch serves every adapter): `pending.view` is the consent view; `taskId`
 * and `key` say which task and input key wait; resume with
 * runTask(session.task(taskId), { toolName }) once the action is recorded.
 */
export class TaskUrlPendingError extends core.UrlElicitationPendingError {
  constructor(pending, { taskId, key }) {
    super(pending);
    this.taskId = taskId;
    this.key = key;
  }
}

/** A task reused an input key for a different request (SEP-2663 forbids it): nothing was sent for it. */
export class TaskInputKeyReusedError extends Error {
  constructor(taskId, key) {
    super(`task ${taskId} reused input key "${key}" for a different request after it was answered; nothing was sent`);
    this.name = "TaskInputKeyReusedError";
    this.taskId = taskId;
    this.key = key;
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
const DEFAULT_POLL_INTERVAL_MS = 1000;

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

/** The server's inputRequests of a task snapshot (an ext-tasks TaskView), checked with ext-tasks' wire schema. */
function inputRequestsOf(view) {
  const requests = view.raw?.inputRequests;
  const parsed = InputRequestsV2Schema.safeParse(requests);
  if (!parsed.success) {
    throw new TypeError(`task ${view.taskId} is input_required but its inputRequests are not an object of requests by key`);
  }
  // ext-tasks' copy of what the server sent (its schema keeps keys it does
  // not know, such as writeOnly), so each form is decided as sent.
  return requests;
}

function isUrlElicitation(request) {
  return request?.method === "elicitation/create" && (request.params?.mode ?? "form") === "url";
}

/**
 * The elicitation side (forms and links) of one configured server's tasks.
 *
 * options: { serverName, store: { take(server, tool) }, profile?: "backend" | "mcp-2026-07-28",
 *            onPending?(pending, { taskId, key }), onUrlPending?(pending, { taskId, key }),
 *            now?(), onStoreError?(error, text),
 *            urlElicitation?({ taskId, key, toolName, params }): ElicitResult | undefined (deprecated) }
 */
export function taskForms(options) {
  core.checkOptions(options);
  if (options.urlElicitation !== undefined && typeof options.urlElicitation !== "function") {
    throw new TypeError("urlElicitation must be a function ({ taskId, key, toolName, params }) => ElicitResult | undefined");
  }
  // taskId -> Map(key -> the request answered, as JSON text).
  const answered = new Map();
  // taskId -> Map(key -> "form:"/"url:" + the fingerprint already handed to onPending / onUrlPending).
  const parked = new Map();

  function keysOf(table, taskId) {
    let keys = table.get(taskId);
    if (keys === undefined) table.set(taskId, (keys = new Map()));
    return keys;
  }

  function forget(taskId) {
    answered.delete(taskId);
    parked.delete(taskId);
  }

  // The requests of this snapshot not answered before; a key answered
  // before with another request is the server's error, and fails the poll.
  function unanswered(taskId, requests) {
    const done = answered.get(taskId);
    const open = {};
    for (const [key, request] of Object.entries(requests)) {
      const sent = done?.get(key);
      if (sent === undefined) open[key] = request;
      else if (sent !== JSON.stringify(request)) throw new TaskInputKeyReusedError(taskId, key);
    }
    return open;
  }

  // onPending (onUrlPending) once per key and form (link): a poll that sees
  // the same parked request again throws again, but does not present it to
  // the person twice.
  function pendingOnce(taskId, key, kind) {
    return async (pending) => {
      const shown = keysOf(parked, taskId);
      const seen = kind === "url" ? `url:${pending.view.fingerprint}` : `form:${pending.fingerprint}`;
      if (shown.get(key) === seen) return;
      shown.set(key, seen);
      await (kind === "url" ? options.onUrlPending : options.onPending)?.(pending, { taskId, key });
    };
  }

  // One round through core's answerRound, the SDK adapters' rules: every
  // form and link checked before any record is taken, a round of more than
  // one elicitation (a link and a form, two links, two forms) refused whole.
  // Only a round of one elicitation can park, so the key it parks on is the first.
  async function answerOne(taskId, toolName, requests) {
    const [key] = Object.keys(requests);
    const roundOptions = { ...options, onPending: pendingOnce(taskId, key, "form"), onUrlPending: pendingOnce(taskId, key, "url") };
    try {
      return await core.answerRound(HOST, roundOptions, toolName, requests);
    } catch (error) {
      if (error instanceof core.FormElicitationPendingError) throw new TaskFormPendingError(error.pending, { taskId, key });
      if (error instanceof core.UrlElicitationPendingError) throw new TaskUrlPendingError(error.pending, { taskId, key });
      throw error;
    }
  }

  // The responses to send for this poll's open keys. Every check that can
  // fail comes before anything is taken or handed to the URL seam, so a
  // poll that throws has used up nothing.
  async function decide(taskId, toolName, open) {
    if (options.urlElicitation === undefined) return answerOne(taskId, toolName, open);
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

  /**
   * One poll: tasks/get, and if the task asks for input, answers each key
   * not answered before with one tasks/update. Resolves with
   * `{ task, answered }` (the ext-tasks TaskView, the keys sent now), or
   * throws FormRefusalError, UrlRefusalError, TaskFormPendingError,
   * TaskUrlPendingError, InputRequiredRoundError or TaskInputKeyReusedError
   * (nothing sent).
   */
  async function answerTask(controller, { toolName, signal } = {}) {
    if (typeof toolName !== "string") throw new TypeError("toolName must be the name of the tool the task runs (a string)");
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
    const responses = await decide(task.taskId, toolName, open);
    const keys = Object.keys(responses);
    if (keys.length === 0) return { task, answered: [] };
    await controller.updateJson(responses, signal);
    // Remembered only once the server acknowledged: a failed update may be sent again.
    const done = keysOf(answered, task.taskId);
    for (const key of keys) {
      done.set(key, JSON.stringify(open[key]));
      parked.get(task.taskId)?.delete(key);
    }
    return { task, answered: keys };
  }

  /**
   * Polls the task (at its pollIntervalMs, at least `pollIntervalMs`) and
   * answers its forms and links until it ends; resolves with ext-tasks'
   * TaskOutcome (`controller.result()`). Throws as answerTask does: a parked
   * form or link ends the wait, and runTask again resumes it.
   */
  async function runTask(controller, { toolName, signal, pollIntervalMs } = {}) {
    for (;;) {
      const { task } = await answerTask(controller, { toolName, signal });
      if (TERMINAL.has(task.status)) return controller.result({ signal });
      // The server's suggested interval (SEP-2663: clients SHOULD honour it), never below pollIntervalMs.
      await sleep(Math.max(task.suggestedPollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS, pollIntervalMs ?? 0), signal);
    }
  }

  return {
    answerTask,
    runTask,

    /**
     * session.callTool(name, args, options) through an ext-tasks session:
     * an immediate result is returned as ext-tasks' TaskOutcome; a task is
     * detached from ext-tasks' own driver (which would answer a form it
     * cannot decide with cancel) and run by runTask. A parked form's
     * TaskFormPendingError (a link's TaskUrlPendingError) carries `taskId`: resume with
     * `runTask(session.task(error.taskId), { toolName })`.
     */
    async callTool(session, name, args, callOptions = {}) {
      const execution = await session.callTool(name, args, callOptions);
      if (execution.kind !== "task") return execution.result();
      const { taskId } = execution.handle;
      await execution.detach();
      return runTask(session.task(taskId), { toolName: name, signal: callOptions.signal });
    },

    /** The keys answered so far for a task, in the order sent. */
    answeredKeys(taskId) {
      return [...(answered.get(taskId)?.keys() ?? [])];
    },

    /** Drops what is remembered of a task (after tasks/cancel, say). Terminal tasks are dropped when seen. */
    forgetTask: forget,
  };
}
