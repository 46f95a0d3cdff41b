// SDK v1 (@modelcontextprotocol/sdk, protocol 2025-11-25): pushed forms.
// node v1.mjs <command> [args...]   (an MCP server over stdio)
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { recordFormAnswer } from "elicit-form";
import { FormElicitationPendingError, MemoryFormAnswers, formElicitation } from "elicit-form-mcp-sdk";

const [command, ...args] = process.argv.slice(2);
const store = new MemoryFormAnswers();
const forms = formElicitation({ serverName: "billing", store, onPending: (pending) => console.log(pending.summary) });
const client = forms.install(new Client({ name: "host", version: "1.0.0" })); // declares elicitation.form
await client.connect(forms.transport(new StdioClientTransport({ command, args }))); // keeps each form as sent

const call = { name: "buy", arguments: {} };
try {
  await forms.callTool(client, call);
} catch (error) {
  if (!(error instanceof FormElicitationPendingError)) throw error; // a FormRefusalError: the call failed
  store.record(recordFormAnswer({ server: "billing", tool: "buy", fingerprint: error.pending.fingerprint,
                                  action: "decline" }));
}
const result = await forms.callTool(client, call);
console.log(result.content[0].text);
await client.close();
