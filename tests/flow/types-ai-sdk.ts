// Compiled by types.test.mjs with tsc --strict against the installed
// packages: elicit-form-ai-sdk-mcp's declarations fit @ai-sdk/mcp's client
// and the AI SDK's tools, under both profiles.
import { createMCPClient, type MCPClient } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio";
import { generateText, type ToolSet } from "ai";
import { FormRefusalError, type FormElicitationPending, type SpecFormElicitationPending } from "elicit-form";
import { recordFormAnswer } from "elicit-form/mcp-2026-07-28";
import {
  FORM_PENDING_ERROR_CODE,
  FormElicitationPendingError,
  InputRequiredRoundError,
  MemoryFormAnswers,
  formElicitation,
  type FormRequest,
} from "elicit-form-ai-sdk-mcp";

const store = new MemoryFormAnswers();
const backendSeen: Array<[FormElicitationPending, FormRequest]> = [];
const specSeen: SpecFormElicitationPending[] = [];
const backend = formElicitation({ serverName: "billing", store, onPending: (p, request) => { backendSeen.push([p, request]); } });
const spec = formElicitation({
  serverName: "billing", store, profile: "mcp-2026-07-28", toolFor: (request) => String(request.params.message),
  onPending: (p) => { specSeen.push(p); },
});
// @ts-expect-error: a profile is one of the two.
formElicitation({ serverName: "billing", store, profile: "2026" });
const pendingCode: -32001 = FORM_PENDING_ERROR_CODE;
void pendingCode;

export async function chat(model: Parameters<typeof generateText>[0]["model"]): Promise<string> {
  const client: MCPClient = backend.install(await createMCPClient({
    transport: new Experimental_StdioMCPTransport({ command: "node", args: ["server.mjs"] }),
    capabilities: { elicitation: { form: {} } },
  }));
  const tools: ToolSet = await client.tools();
  const result = await generateText({ model, tools, prompt: "buy a plan" });
  for (const part of result.steps.flatMap((step) => step.content)) {
    if (part.type !== "tool-error") continue;
    if (part.error instanceof FormElicitationPendingError) return part.error.pending.fingerprint;
    if (part.error instanceof FormRefusalError) return part.error.kind;
    if (part.error instanceof InputRequiredRoundError) return part.error.keys.join(",");
  }
  store.record(recordFormAnswer({ server: "billing", tool: "buy", fingerprint: "f", action: "cancel" }, { profile: "mcp-2026-07-28" }));
  spec.install(client);
  return result.text;
}
