// MCP Tasks (ext-tasks, SEP-2663): a long-running tool's task asks a form in
// its inputRequests; elicit-form parks the call and cancels the task, as the
// backend does; once the person's answer is recorded, the tool is called
// again and its new task gets the answer in one tasks/update.
// node deploy.mjs <command> [args...]   (a 2026-07-28 MCP Tasks server over stdio)
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { resultFromTaskOutcome, withTasks } from "@modelcontextprotocol/ext-tasks/client";
import { recordFormAnswer } from "elicit-form";
import { MemoryFormAnswers, TaskFormPendingError, taskForms } from "elicit-form-mcp-tasks";

// The host's request coordinator, as ext-tasks asks of a 2026-07-28 host: it
// owns request ids and frames each request with the protocol version, the
// client's info and its capabilities (the Tasks extension among them).
async function tasksPort(transport) {
  const waiting = new Map();
  let next = 0;
  transport.onmessage = (message) => {
    if ("id" in message && !("method" in message)) waiting.get(message.id)?.(message);
  };
  await transport.start();
  return {
    endpointId: "deployer",
    taskCapabilities: { generation: "v2", capabilities: {} },
    invalidated: false,
    async dispatch(request) {
      const id = (next += 1);
      const _meta = {
        ...request.params?._meta,
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { name: "host", version: "1.0.0" },
        "io.modelcontextprotocol/clientCapabilities": { extensions: { "io.modelcontextprotocol/tasks": {} } },
      };
      const answered = new Promise((resolve) => waiting.set(id, resolve));
      await transport.send({ jsonrpc: "2.0", id, method: request.method, params: { ...request.params, _meta } });
      const message = await answered;
      waiting.delete(id);
      return "error" in message ? { kind: "error", error: message.error } : { kind: "result", result: message.result };
    },
    onServerRequest: () => () => {},
    onNotification: () => () => {},
    onInvalidated: () => () => {},
  };
}

const [command, ...args] = process.argv.slice(2);
const transport = new StdioClientTransport({ command, args });
const session = withTasks(await tasksPort(transport));
const store = new MemoryFormAnswers(); // or anything with take(server, tool): destructive
const forms = taskForms({
  serverName: "billing", // the configured name: question headers and the storage key
  store,
  onPending: (pending, { key }) => console.log(`${pending.summary} (input ${key})`), // show pending.questions
});

let outcome;
try {
  outcome = await forms.callTool(session, "deploy", {}, { task: { preference: "require" } });
} catch (error) {
  if (!(error instanceof TaskFormPendingError)) throw error; // FormRefusalError: refused, never shown
  // error.taskId was cancelled: nothing waits on the server for the person.
  // Later, once the person has answered error.pending.questions:
  store.record(recordFormAnswer({
    server: "billing", tool: "deploy", fingerprint: error.pending.fingerprint, action: "accept",
    answers: { plan: { selected: ["Team"] }, seats: { other_text: "12" }, notify: { selected: ["No"] },
               email: { other_text: "ada@example.com" } },
  }));
  // The tool again: its new task asks the same form, answered now from the record, once.
  outcome = await forms.callTool(session, "deploy", {}, { task: { preference: "require" } });
}
console.log(resultFromTaskOutcome(outcome).content[0].text);
await session.close();
await transport.close();
