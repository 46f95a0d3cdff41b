// Compiled by types.test.mjs with tsc --strict against the installed
// packages: the adapter's declarations fit the SDK's Client and elicit-form.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { recordFormAnswer, type FormElicitationPending } from "elicit-form";
import { recordUrlConsent, UrlRefusalError, type UrlPending } from "elicit-form/url";
import {
  FormElicitationPendingError,
  InputRequiredRoundsExceededError,
  UrlElicitationPendingError,
  type UrlCompletion,
  MemoryFormAnswers,
  answerInputRequired,
  formElicitation,
  retryParams,
  type InputRequiredResult,
  type ToolCallParams,
} from "elicit-form-mcp-sdk";

const store = new MemoryFormAnswers();
store.record(recordFormAnswer({ server: "billing", tool: "buy", fingerprint: "f", action: "decline" }));
store.recordConsent(recordUrlConsent({ server: "calendar", tool: "connect", host: "accounts.example.com" }));
// @ts-expect-error a link's consent is not a form's answer: kept apart
store.record(recordUrlConsent({ server: "calendar", tool: "connect", host: "accounts.example.com" }));
const seen: FormElicitationPending[] = [];
const links: UrlPending[] = [];
const completions: UrlCompletion[] = [];
const forms = formElicitation({
  serverName: "billing", store, onPending: (p) => { seen.push(p); }, now: () => Date.now(),
  onUrlPending: (p) => { links.push(p); }, onUrlComplete: (c) => { completions.push(c); },
});
const client = forms.install(new Client({ name: "host", version: "1.0.0" }));
const [clientSide] = InMemoryTransport.createLinkedPair();

export async function run(): Promise<string> {
  await client.connect(forms.transport(clientSide));
  try {
    const result = await forms.callTool(client, { name: "buy", arguments: {} });
    return JSON.stringify(result.content);
  } catch (error) {
    if (error instanceof FormElicitationPendingError) return error.pending.questions.map((q) => q.id).join();
    if (error instanceof UrlElicitationPendingError) return error.pendings.map((p) => `${p.view.site} ${p.view.url}`).join();
    if (error instanceof UrlRefusalError) return error.kind;
    throw error;
  }
}

export async function retry(result: InputRequiredResult): Promise<unknown> {
  const { inputResponses } = await answerInputRequired(result, { serverName: "billing", toolName: "buy", store });
  const params = retryParams({ name: "buy", arguments: {} }, result, inputResponses);
  const send = (p: ToolCallParams) => client.request({ method: "tools/call", params: p }, CallToolResultSchema);
  const answered = inputResponses["details"];
  if (answered?.action === "accept" && answered.content !== undefined) {
    const seats: string | number | boolean | undefined = answered.content["seats"];
    void seats;
  }
  try {
    return await forms.callToolWithRetries(send, params);
  } catch (error) {
    if (error instanceof InputRequiredRoundsExceededError) return `${error.rounds} ${error.asksUrl}`;
    throw error;
  }
}
