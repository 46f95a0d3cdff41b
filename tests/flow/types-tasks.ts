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
  TaskFormPendingError,
  TaskInputKeyReusedError,
  TaskUrlPendingError,
  UrlElicitationPendingError,
  taskForms,
  type TaskFormElicitResult,
  type UrlElicitResult,
} from "elicit-form-mcp-tasks";

declare const session: TaskEnabledSession;
const store = new MemoryFormAnswers();
const forms = taskForms({
  serverName: "deployer", store, profile: "mcp-2026-07-28",
  onPending: (pending, { taskId, key }) => console.log(pending.summary, taskId, key),
  urlElicitation: ({ key }) => (key === "consent" ? { action: "decline" } : undefined),
});
const backend = taskForms({
  serverName: "deployer", store, onPending: (pending) => console.log(pending.questions.length),
  onUrlPending: (pending, { taskId, key }) => console.log(pending.view.header, pending.view.site, pending.view.fingerprint, taskId, key),
});

try {
  const outcome = await forms.callTool(session, "deploy", { env: "prod" }, { task: { preference: "require" } });
  console.log(resultFromTaskOutcome(outcome));
} catch (error) {
  if (error instanceof TaskFormPendingError) {
    const { taskId } = error;
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
    console.log(error.kind);
  } else if (error instanceof TaskInputKeyReusedError) {
    console.log(error.taskId, error.key);
  } else if (error instanceof InputRequiredRoundError) {
    console.log(error.keys);
  }
}
console.log(await createTaskSessionEndpointId("deployer", { url: "https://example.com/mcp" }));
const sentForLink: UrlElicitResult = { action: "accept" };
const sent: TaskFormElicitResult = sentForLink;
console.log(sent.action);
