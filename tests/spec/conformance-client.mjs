// A minimal MCP client for the official conformance suite's client scenario
// `elicitation-sep1034-client-defaults` (npm @modelcontextprotocol/conformance):
// the runner starts a server on loopback and runs this script with its URL.
// Every form elicitation is answered through elicit-form under the opt-in
// mcp-2026-07-28 profile: the schema is checked (pending), and the content is
// contentFromAnswers on empty answers, which applies the schema's defaults
// (SEP-1034). A refused schema is declined, never answered.
//
//   node tests/spec/conformance-client.mjs <server-url>

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";

// The profile is in the elicit-form/mcp-2026-07-28 entry (the default entry has the backend only).
const ef = await import(new URL("../js/scratch/esm-mcp.mjs", import.meta.url));
const SPEC = { profile: "mcp-2026-07-28" };

const serverUrl = process.argv[2];
if (!serverUrl) {
  console.error("usage: conformance-client.mjs <server-url>");
  process.exit(2);
}

const client = new Client(
  { name: "elicit-form-conformance-client", version: "1.0.0" },
  { capabilities: { elicitation: {} } },
);

client.setRequestHandler(ElicitRequestSchema, async (request) => {
  const { message, requestedSchema } = request.params;
  const elicitation = {
    serverName: "conformance",
    toolName: "conformance",
    key: "conformance",
    message,
    requestedSchema,
  };
  try {
    const asked = ef.pending(elicitation, SPEC);
    console.log(`elicitation: ${asked.questions.map((q) => q.question).join(" | ")}`);
    const content = ef.contentFromAnswers(requestedSchema, {}, SPEC);
    console.log(`answer: accept ${JSON.stringify(content)}`);
    return { action: "accept", content };
  } catch (error) {
    console.log(`answer: decline (${error.name}: ${error.message})`);
    return { action: "decline" };
  }
});

await client.connect(new StreamableHTTPClientTransport(new URL(serverUrl)));
const { tools } = await client.listTools();
for (const tool of tools) {
  const result = await client.callTool({ name: tool.name, arguments: {} });
  console.log(`${tool.name}: ${JSON.stringify(result.content)}`);
}
await client.close();
