// The server side of the chat: one MCP server ("billing", at MCP_SERVER_URL,
// Streamable HTTP), its recorded answers, and a client per request with
// elicit-form's rules installed. Shared by the two route handlers.

import { createMCPClient } from "@ai-sdk/mcp";
import { MemoryFormAnswers, formElicitation } from "elicit-form-ai-sdk-mcp";

/** The configured name of the server: every question's header and half the storage key. */
export const SERVER_NAME = "billing";

// One process keeps the answers in memory; several processes (or serverless
// functions) need a shared store with a destructive take, such as elicit-form-redis.
export const store = new MemoryFormAnswers();

/**
 * A connected client whose forms are decided by elicit-form, and `asked()`:
 * the form a call of this client parked on ({ pending, request }), or null.
 */
export async function connectBilling() {
  let parked = null;
  const forms = formElicitation({
    serverName: SERVER_NAME,
    store,
    onPending: (pending, request) => { parked = { pending, request }; },
  });
  const url = process.env.MCP_SERVER_URL;
  if (!url) throw new Error("set MCP_SERVER_URL to the billing server's Streamable HTTP endpoint");
  const client = forms.install(await createMCPClient({
    transport: { type: "http", url },
    capabilities: { elicitation: { form: {} } }, // without it a server asks no form
  }));
  return { client, asked: () => parked };
}
