// An editor's side of the Agent Client Protocol: the agent's forms answered
// with elicit-form. The first ask waits for a person (the agent gets an
// error); the person's answer is recorded; the agent asks again and gets it.
// node editor.mjs <command> [args...]   (an ACP agent over stdio)
import { spawn } from "node:child_process";
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import { recordFormAnswer } from "elicit-form";
import { MemoryFormAnswers, formElicitation } from "elicit-form-acp";

const [command, ...args] = process.argv.slice(2);
const agentProcess = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
const store = new MemoryFormAnswers(); // or anything with take(agent, scope): destructive
const waiting = [];
const forms = formElicitation({
  agentName: "billing-agent", // the configured name: question headers and the storage key
  store,
  onPending: (pending, where) => waiting.push({ pending, where }), // show pending.questions on a card
});
const app = forms.install(acp.client({ name: "editor" }))
  .onNotification("session/update", ({ params }) => {
    if (params.update.sessionUpdate === "agent_message_chunk") console.log(params.update.content.text);
  });
const stdio = acp.ndJsonStream(Writable.toWeb(agentProcess.stdin), Readable.toWeb(agentProcess.stdout));
const connection = app.connect(forms.stream(stdio)); // forms.stream: each form read as the agent sent it
const { agent } = connection;
await agent.request("initialize", { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: forms.clientCapabilities() });
const { sessionId } = await agent.request("session/new", { cwd: process.cwd(), mcpServers: [] });
const prompt = [{ type: "text", text: JSON.stringify({ form: "billing" }) }];

await agent.request("session/prompt", { sessionId, prompt }); // the form waits for a person
const { pending, where } = waiting.shift();
console.log(pending.questions.map((question) => question.question).join(" | "));
// Later, once the person has answered pending.questions:
store.record(recordFormAnswer({
  server: "billing-agent", tool: where.scope, fingerprint: pending.fingerprint, action: "accept",
  answers: { plan: { selected: ["Team"] }, seats: { other_text: "12" }, notify: { selected: ["No"] },
             email: { other_text: "ada@example.com" } },
}));
await agent.request("session/prompt", { sessionId, prompt }); // asked again: the answer is sent, once
connection.close();
agentProcess.stdin.end();
