// An Agent Client Protocol agent over stdio (newline-delimited JSON on its
// stdin and stdout), written with `@agentclientprotocol/sdk`'s AgentApp as a
// coding agent is: each prompt asks the client for one form with
// `elicitation/create` and reports what came back as an
// `agent_message_chunk`, then ends the turn.
//
// The prompt's text is JSON: { form: "billing" | "seats" | "credential" |
// "password" | "url" | "no-mode" | "custom-mode", toolCallId?,
// requestScoped? }; for "url" also url?, elicitationId? and message? (the
// link asked; a default one when absent). The reply's text is JSON:
// { received } (the client's response, as the agent got it) or
// { error: { code, message, data } }. A prompt { form: "complete",
// elicitationIds } sends one `elicitation/complete` notification per id, in
// order, and reports { completed: elicitationIds }.
// `initialize` records the client's declared capabilities, reported as
// { capabilities } to a prompt { form: "capabilities" }.
//
// node acp-agent.mjs

import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import { BILLING, CREDENTIAL, SEATS_ONLY } from "./support.mjs";

const FORMS = {
  billing: BILLING,
  seats: SEATS_ONLY,
  credential: CREDENTIAL,
  // A format outside ACP's four: the client SDK's own parse refuses it.
  password: { type: "object", properties: { pin: { type: "string", format: "password" } } },
};

let clientCapabilities = null;
let sessions = 0;

function elicitationFor(ask, sessionId) {
  const scope = ask.requestScoped
    ? { requestId: 7 }
    : { sessionId, ...(ask.toolCallId ? { toolCallId: ask.toolCallId } : {}) };
  if (ask.form === "url") {
    return {
      ...scope,
      mode: "url",
      elicitationId: ask.elicitationId ?? "oauth-1",
      url: ask.url ?? "https://agent.example/connect?e=oauth-1",
      message: ask.message ?? "Connect your account",
    };
  }
  if (ask.form === "no-mode") return { ...scope, message: "Pick a plan", requestedSchema: BILLING };
  if (ask.form === "custom-mode")
    return { ...scope, mode: "_picker", message: "Pick a plan", requestedSchema: BILLING };
  return { ...scope, mode: "form", message: "Pick a plan", requestedSchema: FORMS[ask.form] };
}

const agent = acp
  .agent({ name: "billing-agent" })
  .onRequest("initialize", ({ params }) => {
    clientCapabilities = params.clientCapabilities ?? null;
    return { protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: {} };
  })
  .onRequest("session/new", () => {
    sessions += 1;
    return { sessionId: `sess_${sessions}` };
  })
  .onRequest("session/prompt", async ({ params, client }) => {
    const ask = JSON.parse(params.prompt[0].text);
    let reply;
    if (ask.form === "capabilities") {
      reply = { capabilities: clientCapabilities };
    } else if (ask.form === "complete") {
      for (const elicitationId of ask.elicitationIds) await client.notify("elicitation/complete", { elicitationId });
      reply = { completed: ask.elicitationIds };
    } else {
      try {
        reply = { received: await client.request("elicitation/create", elicitationFor(ask, params.sessionId)) };
      } catch (error) {
        reply = { error: { code: error.code, message: error.message, data: error.data ?? null } };
      }
    }
    await client.notify("session/update", {
      sessionId: params.sessionId,
      update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: JSON.stringify(reply) } },
    });
    return { stopReason: "end_turn" };
  });

const connection = agent.connect(acp.ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin)));
await connection.closed;
