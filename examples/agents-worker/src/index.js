// A Cloudflare Worker whose Agent (a Durable Object) calls MCP servers through
// the `agents` MCPClientManager (`this.mcp`) and answers their forms through
// elicit-form: configureElicitationHandlers({ form }) routes every form
// elicitation, whichever protocol the server speaks (2026-07-28 input_required
// rounds, or pushed elicitation/create), to the backend's rules.
//
// - A refused form is never shown: the call ends 422 with the refusal.
// - With no usable recorded answer the call parks: 202 with the backend's
//   pending questions and fingerprint, kept until answered.
// - POST /answers records the person's answer in this Agent's own Durable
//   Object storage; the next call takes it (get and delete in one storage
//   transaction, so it is sent at most once) and elicit-form decides whether
//   it answers these questions now.
//
// Routes (under /agents/form-agent/<name>/, routeAgentRequest's scheme):
//   POST servers {name, url}                 -> 201 {id}
//   POST calls {server, tool, arguments?}     -> 200 {result} | 202 {pending} | 422 {refused}
//   GET  pending?server=&tool=                -> 200 {pending} | 404
//   POST answers {server, tool, fingerprint, action, answers?}  -> 201 {record} | 409
// No authentication: a real service checks who may call tools and answer first.

import { Agent, routeAgentRequest } from "agents";
// FORM_PROFILE may name either profile, so the Worker loads the entry with both.
import { FormRefusalError, answerForm, formAnswerStorageKey, pending, recordFormAnswer } from "elicit-form/mcp-2026-07-28";

const json = (status, body) => Response.json(body, { status });

export class FormAgent extends Agent {
  // serverId -> the one tools/call in flight on it: { tool, outcome }.
  #calls = new Map();

  onStart() {
    this.mcp.configureElicitationHandlers({ form: (request, serverId) => this.#answer(request.params, serverId) });
  }

  #profile() {
    return this.env.FORM_PROFILE ? { profile: this.env.FORM_PROFILE } : undefined;
  }

  // One form, decided by elicit-form: the ElicitResult, or a throw that ends the call.
  async #answer(params, serverId) {
    const call = this.#calls.get(serverId);
    if (call === undefined) throw new Error("a form arrived with no tool call in flight on this server");
    const serverName = await this.ctx.storage.get(`server-name:${serverId}`);
    const elicitation = {
      serverName, toolName: call.tool, key: call.tool, message: params.message, requestedSchema: params.requestedSchema,
    };
    try {
      pending(elicitation, this.#profile()); // refused before the store is touched
    } catch (error) {
      call.outcome = { refused: error };
      throw error;
    }
    const key = formAnswerStorageKey(serverName, call.tool);
    const record = await this.ctx.storage.transaction(async (txn) => {
      const found = (await txn.get(`answer:${key}`)) ?? null;
      await txn.delete(`answer:${key}`);
      return found;
    });
    const outcome = answerForm(elicitation, record, undefined, this.#profile());
    if (outcome.action === "ask") {
      await this.ctx.storage.put(`pending:${key}`, outcome.pending);
      call.outcome = { pending: outcome.pending };
      throw new Error(outcome.pending.summary);
    }
    await this.ctx.storage.delete(`pending:${key}`);
    return outcome.action === "accept" ? { action: "accept", content: outcome.content } : { action: outcome.action };
  }

  async onRequest(request) {
    const url = new URL(request.url);
    const route = `${request.method} ${url.pathname.split("/").pop()}`;
    if (route === "POST servers") {
      const { name, url: serverUrl } = await request.json();
      const added = await this.addMcpServer(name, serverUrl, { transport: { type: "streamable-http" } });
      await this.ctx.storage.put(`server-name:${added.id}`, name);
      return json(201, { id: added.id, state: added.state });
    }
    if (route === "POST calls") {
      const { server, tool, arguments: args = {} } = await request.json();
      if (this.#calls.has(server)) return json(409, { error: "a tool call is already in flight on this server" });
      const call = { tool, outcome: undefined };
      this.#calls.set(server, call);
      try {
        const result = await this.mcp.callTool({ serverId: server, name: tool, arguments: args });
        if (call.outcome === undefined) return json(200, { result });
      } catch (error) {
        if (call.outcome === undefined) throw error;
      } finally {
        this.#calls.delete(server);
      }
      if (call.outcome.pending) return json(202, { pending: call.outcome.pending });
      const refused = call.outcome.refused;
      if (!(refused instanceof FormRefusalError)) throw refused;
      return json(422, { refused: { kind: refused.kind, property: refused.property ?? null, reason: refused.reason ?? null,
                                    message: refused.message } });
    }
    if (route === "GET pending") {
      const serverName = await this.ctx.storage.get(`server-name:${url.searchParams.get("server")}`);
      const found = await this.ctx.storage.get(`pending:${formAnswerStorageKey(serverName, url.searchParams.get("tool"))}`);
      return found === undefined ? json(404, { error: "nothing pending" }) : json(200, { pending: found });
    }
    if (route === "POST answers") {
      const body = await request.json();
      const serverName = await this.ctx.storage.get(`server-name:${body.server}`);
      const key = formAnswerStorageKey(serverName, body.tool);
      const waiting = await this.ctx.storage.get(`pending:${key}`);
      if (waiting === undefined || waiting.fingerprint !== body.fingerprint) {
        return json(409, { error: "no form with these questions is pending for this tool" });
      }
      const record = recordFormAnswer({
        server: serverName, tool: body.tool, fingerprint: body.fingerprint, action: body.action, answers: body.answers,
      }, this.#profile());
      await this.ctx.storage.put(`answer:${key}`, record);
      return json(201, { record });
    }
    return json(404, { error: "no such route" });
  }
}

export default {
  async fetch(request, env) {
    return (await routeAgentRequest(request, env)) ?? Response.json({ error: "no such agent" }, { status: 404 });
  },
};
