// elicit-form-mcp-tasks' declarations in use, against the installed
// ext-tasks: taskForms with both profiles, callTool, runTask and the errors,
// URL mode (onUrlPending, TaskUrlPendingError, recordUrlConsent) included.
import { createTaskSessionEndpointId, resultFromTaskOutcome, type TaskEnabledSession } from "@modelcontextprotocol/ext-tasks/client";
import { recordFormAnswer } from "elicit-form/mcp-2026-07-28";
import { UrlRefusalError, recordUrlConsent } from "elicit-form/url";
import {
  FormElicitationPendingError,
  InputRequiredRoundError,
  MemoryFormAnswers,
  MAX_POLL_INTERVAL_MS,
  TASK_WAIT_LIMIT_MS,
  TaskFormPendingError,
  TaskUrlPendingError,
  TaskWaitLimitError,
  UrlElicitationPendingError,
  taskForms,
  taskPollInterval,
  type TaskClock,
  type TaskFormElicitResult,
  type TaskNamed,
  type UrlElicitResult,
} from "elicit-form-mcp-tasks";

declare const session: TaskEnabledSession;
const store = new MemoryFormAnswers();
const forms = taskForms({
  serverName: "deployer", store, profile: "mcp-2026-07-28",
  onPending: (pending, { taskId, key }) => console.log(pending.summary, taskId, key),
  urlElicitation: ({ key }) => (key === "consent" ? { action: "decline" } : undefined),
});
const clock: TaskClock = { now: () => performance.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };
const backend = taskForms({
  serverName: "deployer", store, keepTaskOpen: true, elicitationPolicy: "url", taskWaitLimitMs: TASK_WAIT_LIMIT_MS / 2, clock,
  onPending: (pending) => console.log(pending.questions.length),
  onUrlPending: (pending, { taskId, key }) => console.log(pending.view.header, pending.view.site, pending.view.fingerprint, taskId, key),
});

try {
  const outcome = await forms.callTool(session, "deploy", { env: "prod" }, { task: { preference: "require" } });
  console.log(resultFromTaskOutcome(outcome));
} catch (error) {
  if (error instanceof TaskFormPendingError) {
    const { taskId } = error;
    const cancelled: boolean = error.taskCancelled;
    console.log(cancelled);
    store.record(recordFormAnswer({ server: "deployer", tool: "deploy", fingerprint: error.pending.fingerprint,
                                    action: "cancel" }, { profile: "mcp-2026-07-28" }));
    const { task, answered } = await backend.answerTask(session.task(taskId), { toolName: "deploy" });
    const keys: string[] = [...answered, ...forms.answeredKeys(task.taskId)];
    console.log(task.status, keys, error instanceof FormElicitationPendingError);
    await forms.runTask(session.task(taskId), { toolName: "deploy", pollIntervalMs: 500 });
    forms.forgetTask(taskId);
  } else if (error instanceof TaskUrlPendingError) {
    const { taskId, key } = error;
    const parkedOnLink: UrlElicitationPendingError = error;
    store.recordConsent(recordUrlConsent({ server: "deployer", tool: "connect", host: error.pending.host }));
    console.log(key, parkedOnLink.pendings.length);
    await backend.runTask(session.task(taskId), { toolName: "connect" });
  } else if (error instanceof UrlRefusalError) {
    const named = error as UrlRefusalError & Partial<TaskNamed>;
    console.log(error.kind, named.taskId, named.taskCancelled);
  } else if (error instanceof TaskWaitLimitError) {
    const waited: number = error.waitLimitMs;
    console.log(error.taskId, waited, error.taskCancelled);
  } else if (error instanceof InputRequiredRoundError) {
    console.log(error.keys);
  }
}
const declared = backend.clientCapabilities({ extensions: { "io.modelcontextprotocol/tasks": {} } });
console.log(declared.elicitation?.url, declared.extensions);
console.log(await createTaskSessionEndpointId("deployer", { url: "https://example.com/mcp" }));
const interval: number = taskPollInterval({ pollIntervalMs: 60_000 }, 1000);
console.log(interval === MAX_POLL_INTERVAL_MS);
const sentForLink: UrlElicitResult = { action: "accept" };
const sent: TaskFormElicitResult = sentForLink;
console.log(sent.action);
