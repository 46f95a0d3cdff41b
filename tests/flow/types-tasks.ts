// elicit-form-mcp-tasks' declarations in use, against the installed
// ext-tasks: taskForms with both profiles, callTool, runTask and the errors.
import { createTaskSessionEndpointId, resultFromTaskOutcome, type TaskEnabledSession } from "@modelcontextprotocol/ext-tasks/client";
import { recordFormAnswer } from "elicit-form/mcp-2026-07-28";
import {
  FormElicitationPendingError,
  InputRequiredRoundError,
  MemoryFormAnswers,
  TaskFormPendingError,
  TaskInputKeyReusedError,
  taskForms,
} from "elicit-form-mcp-tasks";

declare const session: TaskEnabledSession;
const store = new MemoryFormAnswers();
const forms = taskForms({
  serverName: "deployer", store, profile: "mcp-2026-07-28",
  onPending: (pending, { taskId, key }) => console.log(pending.summary, taskId, key),
  urlElicitation: ({ key }) => (key === "consent" ? { action: "decline" } : undefined),
});
const backend = taskForms({ serverName: "deployer", store, onPending: (pending) => console.log(pending.questions.length) });

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
  } else if (error instanceof TaskInputKeyReusedError) {
    console.log(error.taskId, error.key);
  } else if (error instanceof InputRequiredRoundError) {
    console.log(error.keys);
  }
}
console.log(await createTaskSessionEndpointId("deployer", { url: "https://example.com/mcp" }));
