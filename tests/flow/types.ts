// Compiled by types.test.mjs with tsc --strict against the installed
// packages: the adapter's declarations fit the SDK's Client and elicit-form.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { recordFormAnswer, type FormElicitationPending } from "elicit-form";
import {
  FormElicitationPendingError,
  MemoryFormAnswers,
  answerInputRequired,
  formElicitation,
  retryParams,
  type InputRequiredResult,
  type ToolCallParams,
} from "elicit-form-mcp-sdk";

const store = new MemoryFormAnswers();
store.record(recordFormAnswer({ server: "billing", tool: "buy", fingerprint: "f", action: "decline" }));
const seen: FormElicitationPending[] = [];
const forms = formElicitation({ serverName: "billing", store, onPending: (p) => { seen.push(p); }, now: () => Date.now() });
const client = forms.install(new Client({ name: "host", version: "1.0.0" }));
const [clientSide] = InMemoryTransport.createLinkedPair();

export async function run(): Promise<string> {
  await client.connect(forms.transport(clientSide));
  try {
    const result = await forms.callTool(client, { name: "buy", arguments: {} });
    return JSON.stringify(result.content);
  } catch (error) {
    if (error instanceof FormElicitationPendingError) return error.pending.questions.map((q) => q.id).join();
    throw error;
  }
}

export async function retry(result: InputRequiredResult): Promise<unknown> {
  const { inputResponses } = await answerInputRequired(result, { serverName: "billing", toolName: "buy", store });
  const params = retryParams({ name: "buy", arguments: {} }, result, inputResponses);
  const send = (p: ToolCallParams) => client.request({ method: "tools/call", params: p }, CallToolResultSchema);
  const answered = inputResponses["details"];
  if (answered?.action === "accept") {
    const seats: string | number | boolean | undefined = answered.content["seats"];
    void seats;
  }
  return forms.callToolWithRetries(send, params);
}
