// SDK v2, manual mode: the host holds the input_required round, parks on it,
// and retries it itself once the person has answered.
// node manual.mjs <command> [args...]   (a 2026-07-28 MCP server over stdio)
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { recordFormAnswer } from "elicit-form/mcp-2026-07-28";
import { FormElicitationPendingError, MemoryFormAnswers, formElicitation, retryParams } from "elicit-form-mcp-client";

const [command, ...args] = process.argv.slice(2);
const store = new MemoryFormAnswers();
const forms = formElicitation({ serverName: "billing", store, profile: "mcp-2026-07-28" });
const client = forms.install(new Client({ name: "host", version: "1.0.0" }, {
  versionNegotiation: { mode: { pin: "2026-07-28" } },
  inputRequired: { autoFulfill: false },
}));
await client.connect(forms.transport(new StdioClientTransport({ command, args })));

const call = { name: "buy", arguments: {} };
const round = await client.request({ method: "tools/call", params: call }, { allowInputRequired: true });
try {
  await forms.answerInputRequired(round, "buy");
} catch (error) {
  if (!(error instanceof FormElicitationPendingError)) throw error; // refused, or a round it cannot answer whole
  console.log(error.pending.summary);
  // The person dismissed the card: under mcp-2026-07-28 that is cancel, not decline.
  store.record(recordFormAnswer({ server: "billing", tool: "buy", fingerprint: error.pending.fingerprint,
                                  action: "cancel" }, { profile: "mcp-2026-07-28" }));
}
const { inputResponses } = await forms.answerInputRequired(round, "buy");
const retry = retryParams(call, round, inputResponses); // inputResponses under the server's keys, requestState as sent
const result = await client.request({ method: "tools/call", params: retry }, { allowInputRequired: true });
console.log(result.content[0].text);
await client.close();
