// The whole MCP 2026-07-28 form schema, answers kept in Redis, against the
// reference server: node redis-everything.mjs <redis-url>
import { createRequire } from "node:module";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { recordFormAnswer } from "elicit-form/mcp-2026-07-28";
import { FormElicitationPendingError, formElicitation } from "elicit-form-mcp-client";
import { RedisFormAnswers } from "elicit-form-redis";
import { createClient } from "redis";

const redis = await createClient({ url: process.argv[2] }).connect();
const store = new RedisFormAnswers(redis); // take is one GETDEL: each answer used once, across hosts
const forms = formElicitation({ serverName: "everything", store, profile: "mcp-2026-07-28" });
const client = forms.install(new Client({ name: "host", version: "1.0.0" }));
const server = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/dist/index.js");
await client.connect(forms.transport(new StdioClientTransport({ command: process.execPath, args: [server, "stdio"] })));

const call = { name: "trigger-elicitation-request", arguments: {} };
try {
  await forms.callTool(client, call);
} catch (error) {
  if (!(error instanceof FormElicitationPendingError)) throw error;
  console.log(`${error.pending.questions.length} questions`);
  await store.record(recordFormAnswer({ // blank answers take the schema's defaults
    server: "everything", tool: call.name, fingerprint: error.pending.fingerprint, action: "accept",
    answers: { name: { other_text: "Ada Lovelace" }, check: { selected: ["Yes"] } },
  }, { profile: "mcp-2026-07-28" }));
}
const result = await forms.callTool(client, call);
console.log(result.content.at(-1).text);
await client.close();
await redis.close();
