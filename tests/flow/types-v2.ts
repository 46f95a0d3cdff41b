// Compiled by types.test.mjs with tsc --strict against the installed
// packages: elicit-form-mcp-client's declarations fit SDK v2's Client and
// transports, elicit-form-redis' fit node-redis, under both profiles.
import { Client, isInputRequiredResult } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { type FormElicitationPending, type SpecFormElicitationPending } from "elicit-form";
import { recordFormAnswer } from "elicit-form/mcp-2026-07-28";
import { recordUrlConsent, type UrlPending } from "elicit-form/url";
import {
  FormElicitationPendingError,
  InputRequiredRoundError,
  InputRequiredRoundsExceededError,
  UrlElicitationPendingError,
  type UrlCompletion,
  MemoryFormAnswers,
  formElicitation,
  retryParams,
  type InputRequiredResult,
} from "elicit-form-mcp-client";
import { RedisFormAnswers } from "elicit-form-redis";
import { createClient } from "redis";

const store = new MemoryFormAnswers();
store.record(recordFormAnswer({ server: "billing", tool: "buy", fingerprint: "f", action: "cancel" }, { profile: "mcp-2026-07-28" }));
const backendSeen: FormElicitationPending[] = [];
const specSeen: SpecFormElicitationPending[] = [];
store.recordConsent(recordUrlConsent({ server: "billing", tool: "connect_account", host: "accounts.example.com" }));
const links: UrlPending[] = [];
const backend = formElicitation({
  serverName: "billing", store, onPending: (p) => { backendSeen.push(p); },
  onUrlPending: (p) => { links.push(p); }, onUrlComplete: (c: UrlCompletion) => { void c.view.elicitationId; },
});
const spec = formElicitation({ serverName: "billing", store, profile: "mcp-2026-07-28", onPending: (p) => { specSeen.push(p); } });
const redis = new RedisFormAnswers(createClient({ url: "redis://127.0.0.1:6379" }), { prefix: "forms:" });
const onRedis = formElicitation({ serverName: "billing", store: redis, now: () => new Date() });
void onRedis;

export async function auto(): Promise<string> {
  const client = backend.install(new Client({ name: "host", version: "1.0.0" }));
  await client.connect(backend.transport(new StdioClientTransport({ command: "node", args: ["server.js"] })));
  try {
    const result = await backend.callTool(client, { name: "buy", arguments: {} });
    return JSON.stringify(result.content);
  } catch (error) {
    if (error instanceof FormElicitationPendingError) return error.pending.questions.map((q) => q.id).join();
    if (error instanceof InputRequiredRoundError) return error.keys.join();
    if (error instanceof UrlElicitationPendingError) return `${error.pending.view.displayHost} ${error.pending.view.fingerprint}`;
    if (error instanceof InputRequiredRoundsExceededError) return error.message;
    throw error;
  }
}

export async function manual(client: Client): Promise<unknown> {
  const params = { name: "buy", arguments: {} };
  const round = await client.request({ method: "tools/call", params }, { allowInputRequired: true });
  if (!isInputRequiredResult(round)) return round;
  const { inputResponses } = await spec.answerInputRequired(round as InputRequiredResult, "buy");
  const answered = inputResponses["billing"];
  if (answered?.action === "cancel") return "cancelled";
  const retry = retryParams(params, round as InputRequiredResult, inputResponses);
  const state: string | undefined = retry.requestState;
  void state;
  return spec.callToolWithRetries(client, params, { maxRounds: 3 });
}
