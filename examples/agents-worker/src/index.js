// A Cloudflare Worker whose Agent (a Durable Object) calls MCP servers through
// the `agents` MCPClientManager (`this.mcp`) and answers their elicitations
// through elicit-form: configureElicitationHandlers({ form, url }) routes
// every form and every link a server asks a person to open (URL mode),
// whichever protocol the server speaks (2026-07-28 input_required rounds, or
// pushed elicitation/create), to elicit-form's rules. Giving the `url`
// handler is what makes agents declare the `elicitation.url` capability.
//
// - A refused form or link is never shown: the call ends 422 with the refusal.
// - With no usable recorded answer the call parks: 202 with the pending
//   questions or the link's consent view, kept until answered.
// - POST /answers records the person's answer (a form's, or what they did
//   with the link: accept, decline, cancel) in this Agent's own Durable
//   Object storage; the next call takes it (get and delete in one storage
//   transaction, so it is sent at most once) and elicit-form decides whether
//   it answers this request now.
// - A round asking more than one thing (two forms, or a link and a form) is
//   answered whole or not at all: one record is kept per server and tool, so
//   the call ends 422 and no record is taken.
// - A 2025-11-25 server may instead fail the call with -32042 (URL
//   elicitation required): its links are checked and parked the same way,
//   all of them; nothing is sent back for them, and the retry is a new POST calls.
//
// Routes (under /agents/form-agent/<name>/, routeAgentRequest's scheme):
//   POST servers {name, url}                 -> 201 {id}
//   POST calls {server, tool, arguments?}     -> 200 {result} | 202 {mode, pending} | 422 {mode, refused} | 422 {round}
//   GET  pending?server=&tool=                -> 200 {mode, pending} | 404
//   POST answers {server, tool, fingerprint, action, answers?}  -> 201 {record} | 409
// `mode` is "form" (pending: questions and fingerprint) or "url" (pending:
// summary and view, the view's fingerprint to answer with, no answers; after
// -32042 also pendings, one per link).
// No authentication: a real service checks who may call tools and answer first.

import { Agent, routeAgentRequest } from "agents";
// FORM_PROFILE may name either profile, so the Worker loads the entry with both.
import { FormRefusalError, answerForm, formAnswerStorageKey, pending, recordFormAnswer } from "elicit-form/mcp-2026-07-28";
import { UrlRefusalError, answerUrl, recordUrlAnswer, urlElicitation } from "elicit-form/url";

const json = (status, body) => Response.json(body, { status });

// The -32042 error of a 2025-11-25 server (SDK v2's UrlElicitationRequiredError), by its code and data.
const urlElicitationsRequired = (error) => {
  const elicitations = error?.code === -32042 ? error.data?.elicitations : undefined;
  return Array.isArray(elicitations) && elicitations.length > 0 ? elicitations : undefined;
};

export class FormAgent extends Agent {
  // serverId -> the one tools/call in flight on it: { tool, serverName, outcome, rounds }.
  #calls = new Map();

  onStart() {
    this.mcp.configureElicitationHandlers({
      form: (request, serverId, signal) => this.#answer(request, serverId, signal),
      url: (request, serverId, signal) => this.#answerUrl(request, serverId, signal),
    });
  }

  #profile() {
    return this.env.FORM_PROFILE ? { profile: this.env.FORM_PROFILE } : undefined;
  }

  #callOn(serverId) {
    const call = this.#calls.get(serverId);
    if (call === undefined) throw new Error("an elicitation arrived with no tool call in flight on this server");
    return call;
  }

  // The first outcome ends the call; what a sibling request does after it changes nothing.
  #end(call, outcome) {
    call.outcome ??= outcome;
  }

  // The requests of one input_required round reach the handlers together
  // (the SDK dispatches them at once, under one abort signal); a pushed
  // request has a signal of its own. Joined before any await. The handlers
  // are not told the round's keys, so a request is named by its mode and message.
  #joinRound(call, request, signal) {
    const by = signal ?? request;
    const round = call.rounds.get(by) ?? [];
    call.rounds.set(by, round);
    round.push({ mode: request.params.mode === "url" ? "url" : "form", message: request.params.message });
    return round;
  }

  // After every request of the round has joined (one macrotask later), a
  // round asking more than one thing ends the call before any record is taken.
  async #alone(call, round) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (call.outcome !== undefined) throw new Error("this tool call has already ended");
    if (round.length > 1) {
      const asked = round.map(({ mode }) => (mode === "url" ? "a link" : "a form")).join(", ");
      const message = `the server asks ${round.length} things in one round (${asked}) for tool '${call.tool}'; `
        + "one recorded answer is kept per server and tool, so the round is answered whole or not at all, "
        + "and nothing was sent";
      this.#end(call, { round: { requests: [...round], message } });
      throw new Error(message);
    }
  }

  // Single use: get and delete in one storage transaction.
  #take(storageKey) {
    return this.ctx.storage.transaction(async (txn) => {
      const found = (await txn.get(storageKey)) ?? null;
      await txn.delete(storageKey);
      return found;
    });
  }

  async #park(call, key, parked) {
    await this.ctx.storage.put(`pending:${key}`, parked);
    this.#end(call, { parked });
  }

  // One form, decided by elicit-form: the ElicitResult, or a throw that ends the call.
  async #answer(request, serverId, signal) {
    const call = this.#callOn(serverId);
    const round = this.#joinRound(call, request, signal);
    const { message, requestedSchema } = request.params;
    const elicitation = { serverName: call.serverName, toolName: call.tool, key: call.tool, message, requestedSchema };
    try {
      pending(elicitation, this.#profile()); // refused before the store is touched
    } catch (error) {
      this.#end(call, { refused: error });
      throw error;
    }
    await this.#alone(call, round);
    const key = formAnswerStorageKey(call.serverName, call.tool);
    const record = await this.#take(`answer:${key}`);
    const outcome = answerForm(elicitation, record, undefined, this.#profile());
    if (outcome.action === "ask") {
      await this.#park(call, key, { mode: "form", pending: outcome.pending });
      throw new Error(outcome.pending.summary);
    }
    await this.ctx.storage.delete(`pending:${key}`);
    return outcome.action === "accept" ? { action: "accept", content: outcome.content } : { action: outcome.action };
  }

  // One link, decided by elicit-form/url: { action } (no content), or a throw that ends the call.
  async #answerUrl(request, serverId, signal) {
    const call = this.#callOn(serverId);
    const round = this.#joinRound(call, request, signal);
    try {
      urlElicitation(request.params, call.serverName); // refused before the store is touched
    } catch (error) {
      this.#end(call, { refused: error });
      throw error;
    }
    await this.#alone(call, round);
    const key = formAnswerStorageKey(call.serverName, call.tool);
    const record = await this.#take(`url-answer:${key}`);
    const outcome = answerUrl({ serverName: call.serverName, toolName: call.tool, params: request.params }, record);
    if (outcome.action === "ask") {
      await this.#park(call, key, { mode: "url", pending: outcome.pending });
      throw new Error(outcome.pending.summary);
    }
    await this.ctx.storage.delete(`pending:${key}`);
    return { action: outcome.action };
  }

  // -32042: the links are checked and parked, all of them (nothing is
  // recorded or sent for them, so several can be shown at once); nothing goes
  // back to the server. `pending` is the first, `pendings` every one.
  async #urlRequired(call, elicitations) {
    const pendings = [];
    try {
      for (const params of elicitations) {
        pendings.push(answerUrl({ serverName: call.serverName, toolName: call.tool, params }, null).pending);
      }
    } catch (error) {
      this.#end(call, { refused: error });
      return;
    }
    await this.#park(call, formAnswerStorageKey(call.serverName, call.tool), { mode: "url", pending: pendings[0], pendings });
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
      // Read before the call, so the handlers check each request before their first await.
      const call = { tool, serverName: undefined, outcome: undefined, rounds: new Map() };
      this.#calls.set(server, call);
      try {
        call.serverName = await this.ctx.storage.get(`server-name:${server}`);
        const result = await this.mcp.callTool({ serverId: server, name: tool, arguments: args });
        if (call.outcome === undefined) return json(200, { result });
      } catch (error) {
        const elicitations = call.outcome === undefined ? urlElicitationsRequired(error) : undefined;
        if (elicitations !== undefined) await this.#urlRequired(call, elicitations);
        if (call.outcome === undefined) throw error;
      } finally {
        this.#calls.delete(server);
      }
      const { parked, round, refused } = call.outcome;
      if (parked) return json(202, parked);
      if (round) return json(422, { round });
      if (refused instanceof UrlRefusalError) return json(422, { mode: "url", refused: { kind: refused.kind, message: refused.message } });
      if (!(refused instanceof FormRefusalError)) throw refused;
      return json(422, { mode: "form", refused: { kind: refused.kind, property: refused.property ?? null,
                                                   reason: refused.reason ?? null, message: refused.message } });
    }
    if (route === "GET pending") {
      const serverName = await this.ctx.storage.get(`server-name:${url.searchParams.get("server")}`);
      const found = await this.ctx.storage.get(`pending:${formAnswerStorageKey(serverName, url.searchParams.get("tool"))}`);
      return found === undefined ? json(404, { error: "nothing pending" }) : json(200, found);
    }
    if (route === "POST answers") {
      const body = await request.json();
      const serverName = await this.ctx.storage.get(`server-name:${body.server}`);
      const key = formAnswerStorageKey(serverName, body.tool);
      const waiting = await this.ctx.storage.get(`pending:${key}`);
      if (waiting?.mode === "url") {
        // What the person did with the link: accept (they chose to open it), decline or cancel; no answers.
        if (!(waiting.pendings ?? [waiting.pending]).some(({ view }) => view.fingerprint === body.fingerprint)) {
          return json(409, { error: "no link with this fingerprint is pending for this tool" });
        }
        const record = recordUrlAnswer({ server: serverName, tool: body.tool, fingerprint: body.fingerprint, action: body.action });
        await this.ctx.storage.put(`url-answer:${key}`, record);
        return json(201, { record });
      }
      if (waiting === undefined || waiting.pending.fingerprint !== body.fingerprint) {
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
