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
// - POST /answers records the person's answer in this Agent's own Durable
//   Object storage: a form's as the backend's StoredFormAnswer under its form
//   key; a link opened as the backend's StoredConsent under its consent key
//   (`mcp/elicitation-consent/…`, apart: a link never takes a form's answer);
//   a link declined or cancelled records nothing and stays pending. The next
//   call takes the record (get and delete in one storage transaction, so it
//   is used at most once) and elicit-form decides whether it answers this
//   request now.
// - Rounds are the backend's (everruns-core's gather_input_responses): one
//   form and any number of links are answered; two forms, or a mode the
//   server's elicitationPolicy did not declare, end the call 422 with the
//   backend's text and no record taken; the first entry with no usable record
//   parks the call and nothing is sent. Each server has a policy (url,
//   url_and_form (the default here), none: the backend's names), given
//   when it is added.
// - A 2025-11-25 server may instead fail the call with -32042 (URL
//   elicitation required): its links are checked and parked the same way,
//   all of them; nothing is sent back for them, and the retry is a new POST calls.
//
// Routes (under /agents/form-agent/<name>/, routeAgentRequest's scheme):
//   POST servers {name, url, elicitationPolicy?} -> 201 {id}
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
import { UrlRefusalError, answerUrl, consentStorageKey, recordUrlConsent, urlElicitation } from "elicit-form/url";

const json = (status, body) => Response.json(body, { status });

// The -32042 error of a 2025-11-25 server (SDK v2's UrlElicitationRequiredError), by its code and data.
const urlElicitationsRequired = (error) => {
  const elicitations = error?.code === -32042 ? error.data?.elicitations : undefined;
  return Array.isArray(elicitations) && elicitations.length > 0 ? elicitations : undefined;
};

// The backend's refusals of a round (everruns-core's http.rs), worded for this call.
const TEXTS = {
  forms: (call, n) => `MCP server '${call.serverName}' sent ${n} form elicitations in one round for tool '${call.tool}'; Everruns answers at most one at a time`,
  formUndeclared: (call) => `MCP server '${call.serverName}' sent a form elicitation for tool '${call.tool}', but this client did not declare `
    + "form mode to it; everruns declares form mode only to servers whose elicitation_policy is url_and_form",
  urlUndeclared: (call) => `MCP server '${call.serverName}' sent a URL elicitation for tool '${call.tool}', but this host declared no `
    + "elicitation capability and has no way to ask a user",
};

// What each policy (the backend's McpElicitationPolicy names) declares and answers.
const POLICIES = {
  url_and_form: { form: true, url: true },
  url: { form: false, url: true },
  none: { form: false, url: false },
};
const DEFAULT_POLICY = "url_and_form";

export class FormAgent extends Agent {
  // serverId -> the one tools/call in flight on it: { tool, serverName, policy, outcome, rounds }.
  #calls = new Map();

  onStart() {
    this.mcp.configureElicitationHandlers({
      form: (request, serverId, signal) => this.#answer("form", request, serverId, signal),
      url: (request, serverId, signal) => this.#answer("url", request, serverId, signal),
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
  // request has a signal of its own. Joined before any await.
  #joinRound(call, mode, request, signal) {
    const by = signal ?? request;
    const round = call.rounds.get(by) ?? { entries: [], decision: undefined };
    call.rounds.set(by, round);
    round.entries.push({ mode, params: request.params });
    return { round, index: round.entries.length - 1 };
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

  // One handler per request; the round is decided once, whole, for all of them.
  async #answer(mode, request, serverId, signal) {
    const call = this.#callOn(serverId);
    const { round, index } = this.#joinRound(call, mode, request, signal);
    round.decision ??= this.#decideRound(call, round);
    return (await round.decision)[index];
  }

  // The backend's gather_input_responses: at most one form; a mode the
  // server's policy did not declare refused; every entry checked before any
  // record is taken (a refusal uses up nothing); then each answered in turn,
  // and the first with no usable record parks the call, with nothing sent.
  // The handlers are not told the round's keys, so the turn is the server's
  // order where the backend's is its keys' order: only which record a
  // parked round used up before it stopped can differ.
  async #decideRound(call, round) {
    // Every request of the round has joined one macrotask later.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (call.outcome !== undefined) throw new Error("this tool call has already ended");
    const stop = (outcome, error) => {
      this.#end(call, outcome);
      throw error;
    };
    const requests = round.entries.map(({ mode, params }) => ({ mode, message: params.message }));
    const forms = round.entries.filter(({ mode }) => mode === "form").length;
    if (forms > 1) {
      const message = TEXTS.forms(call, forms);
      stop({ round: { requests, message } }, new Error(message));
    }
    const declared = POLICIES[call.policy];
    for (const { mode, params } of round.entries) {
      if (!declared[mode]) {
        const message = mode === "form" ? TEXTS.formUndeclared(call) : TEXTS.urlUndeclared(call);
        stop({ round: { requests, message } }, new Error(message));
      }
      try {
        // Refused before the store is touched.
        if (mode === "form") pending(this.#elicitation(call, params), this.#profile());
        else urlElicitation(params, call.serverName);
      } catch (error) {
        stop({ refused: error }, error);
      }
    }
    const responses = [];
    for (const { mode, params } of round.entries) {
      responses.push(await (mode === "form" ? this.#answerForm(call, params) : this.#answerLink(call, params)));
    }
    return responses;
  }

  #elicitation(call, params) {
    return { serverName: call.serverName, toolName: call.tool, key: call.tool, message: params.message, requestedSchema: params.requestedSchema };
  }

  // One form, decided by elicit-form: the ElicitResult, or a throw that ends the call.
  async #answerForm(call, params) {
    const elicitation = this.#elicitation(call, params);
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

  // One link, decided by elicit-form/url on the consent kept under the
  // backend's consent key (never a form's): { action: "accept" } for a fresh
  // consent to this very host, or a throw that parks the call.
  async #answerLink(call, params) {
    const key = formAnswerStorageKey(call.serverName, call.tool);
    const consent = await this.#take(consentStorageKey(call.serverName, call.tool));
    const outcome = answerUrl({ serverName: call.serverName, toolName: call.tool, params }, consent);
    if (outcome.action === "ask") {
      await this.#park(call, key, { mode: "url", pending: outcome.pending });
      throw new Error(outcome.pending.summary);
    }
    await this.ctx.storage.delete(`pending:${key}`);
    return { action: "accept" };
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
      const { name, url: serverUrl, elicitationPolicy = DEFAULT_POLICY } = await request.json();
      if (!Object.hasOwn(POLICIES, elicitationPolicy)) return json(400, { error: 'elicitationPolicy is "url", "url_and_form" or "none"' });
      // What this server is told: the policy's modes (agents declares what
      // the handlers answer unless a server's client options say otherwise;
      // `none` cannot undeclare them there, so it is enforced by refusing).
      const { form: asksForms, url: asksLinks } = POLICIES[elicitationPolicy];
      const elicitation = asksForms || asksLinks ? { ...(asksForms ? { form: {} } : {}), ...(asksLinks ? { url: {} } : {}) } : undefined;
      const added = await this.addMcpServer(name, serverUrl, {
        transport: { type: "streamable-http" },
        ...(elicitation === undefined ? {} : { client: { capabilities: { elicitation } } }),
      });
      await this.ctx.storage.put(`server-name:${added.id}`, name);
      await this.ctx.storage.put(`server-policy:${added.id}`, elicitationPolicy);
      return json(201, { id: added.id, state: added.state });
    }
    if (route === "POST calls") {
      const { server, tool, arguments: args = {} } = await request.json();
      if (this.#calls.has(server)) return json(409, { error: "a tool call is already in flight on this server" });
      // Read before the call, so the handlers check each request before their first await.
      const call = { tool, serverName: undefined, policy: DEFAULT_POLICY, outcome: undefined, rounds: new Map() };
      this.#calls.set(server, call);
      try {
        call.serverName = await this.ctx.storage.get(`server-name:${server}`);
        call.policy = (await this.ctx.storage.get(`server-policy:${server}`)) ?? DEFAULT_POLICY;
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
        // What the person did with the link: accept (they chose to open it)
        // records the backend's StoredConsent for the host they saw; decline
        // and cancel record nothing, so the link stays pending and nothing
        // is ever sent for it.
        const link = (waiting.pendings ?? [waiting.pending]).find(({ view }) => view.fingerprint === body.fingerprint);
        if (link === undefined) return json(409, { error: "no link with this fingerprint is pending for this tool" });
        if (body.action !== "accept") return json(200, { record: null });
        const record = recordUrlConsent({ server: serverName, tool: body.tool, host: link.host ?? link.view.host });
        await this.ctx.storage.put(consentStorageKey(serverName, body.tool), record);
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
