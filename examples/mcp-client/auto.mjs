// SDK v2, auto-fulfilment: forms are answered inside callTool.
// node auto.mjs <command> [args...]   (an MCP server over stdio)
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { recordFormAnswer } from "elicit-form";
import { FormElicitationPendingError, MemoryFormAnswers, formElicitation } from "elicit-form-mcp-client";

const [command, ...args] = process.argv.slice(2);
const store = new MemoryFormAnswers(); // or anything with take(server, tool): destructive
const forms = formElicitation({
  serverName: "billing", // the configured name: question headers and the storage key
  store,
  onPending: (pending) => console.log(pending.summary), // show pending.questions on a card
});
const client = forms.install(new Client({ name: "host", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } }));
await client.connect(forms.transport(new StdioClientTransport({ command, args })));

const call = { name: "buy", arguments: {} };
try {
  await forms.callTool(client, call);
} catch (error) {
  if (!(error instanceof FormElicitationPendingError)) throw error; // FormRefusalError: refused, never shown
  // Later, once the person has answered error.pending.questions:
  store.record(recordFormAnswer({
    server: "billing", tool: "buy", fingerprint: error.pending.fingerprint, action: "accept",
    answers: { plan: { selected: ["Team"] }, seats: { other_text: "12" }, notify: { selected: ["No"] },
               email: { other_text: "ada@example.com" } },
  }));
}
const result = await forms.callTool(client, call); // asked again; the answer is sent, once
console.log(result.content[0].text);
await client.close();
