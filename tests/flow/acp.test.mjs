// elicit-form-acp with a real `@agentclientprotocol/sdk` ClientApp (the
// editor's side) talking to a real ACP agent process over stdio pipes
// (tests/flow/acp-agent.mjs, written with the SDK's AgentApp): the agent asks
// for a form with `elicitation/create` and reports what it received.
// "elicit-form" and "elicit-form-acp" are the packed packages installed by
// tests/flow/prepare.mjs; the SDK is the registry's.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Readable, Writable } from "node:stream";
import { afterEach, test } from "node:test";
import { fileURLToPath } from "node:url";
import * as acp from "@agentclientprotocol/sdk";
import { acpAdapter, form, formMcp } from "./scratch/modules.mjs";
import { runExample } from "./example-runner.mjs";
import {
  BILLING,
  BILLING_QUESTIONS,
  CREDENTIAL,
  SEATS_ONLY,
  billingAnswers,
  countingStore,
  urlEntry,
} from "./support.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const AGENT = join(here, "acp-agent.mjs");
// The agent's default link (tests/flow/acp-agent.mjs), as sent.
const LINK = {
  mode: "url",
  message: "Connect your account",
  url: "https://agent.example/connect?e=oauth-1",
  elicitationId: "oauth-1",
};

// Agents still running when a test ends (a failed assertion skips its close).
const running = new Set();
afterEach(async () => {
  for (const agent of running) await agent.close();
});

/**
 * A ClientApp with the adapter installed, connected to a fresh agent process
 * over its stdin and stdout. `prompt(ask)` runs one turn and resolves with the
 * agent's report of what it received.
 */
async function connect({
  store,
  profile,
  wrap = true,
  scopeOf,
  onUrlElicitation,
  declare = true,
  elicitationPolicy,
} = {}) {
  const child = spawn(process.execPath, [AGENT], { stdio: ["pipe", "pipe", "inherit"] });
  const pendings = [];
  const urlPendings = [];
  const completions = [];
  const forms = acpAdapter.formElicitation({
    agentName: "billing-agent",
    store,
    ...(profile ? { profile } : {}),
    ...(scopeOf ? { scopeOf } : {}),
    ...(onUrlElicitation ? { onUrlElicitation } : {}),
    ...(elicitationPolicy ? { elicitationPolicy } : {}),
    onPending: (pending, where) => {
      pendings.push({ pending, where });
    },
    onUrlPending: (pending, where) => {
      urlPendings.push({ pending, where });
    },
    onUrlComplete: (completion) => {
      completions.push(completion);
    },
  });
  const replies = [];
  const app = forms.install(acp.client({ name: "editor" })).onNotification("session/update", ({ params }) => {
    if (params.update.sessionUpdate === "agent_message_chunk") replies.push(JSON.parse(params.update.content.text));
  });
  const stdio = acp.ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout));
  const connection = app.connect(wrap ? forms.stream(stdio) : stdio);
  const agent = connection.agent;
  await agent.request("initialize", {
    protocolVersion: acp.PROTOCOL_VERSION,
    clientCapabilities: declare ? forms.clientCapabilities({ fs: { readTextFile: true } }) : {},
  });
  const { sessionId } = await agent.request("session/new", { cwd: here, mcpServers: [] });
  const agentHandle = {
    forms,
    pendings,
    urlPendings,
    completions,
    sessionId,
    async prompt(ask, session = sessionId) {
      const before = replies.length;
      const { stopReason } = await agent.request("session/prompt", {
        sessionId: session,
        prompt: [{ type: "text", text: JSON.stringify(ask) }],
      });
      assert.equal(stopReason, "end_turn");
      // The report is a notification sent before the turn's response, but the
      // SDK runs a notification through its chain of handlers (the adapter's
      // elicitation/complete one among them) while the response settles at
      // once: wait for it a little.
      for (let waited = 0; replies.length === before && waited < 2000; waited += 5) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      assert.equal(replies.length, before + 1, "one report per turn");
      return replies.at(-1);
    },
    newSession: async () => (await agent.request("session/new", { cwd: here, mcpServers: [] })).sessionId,
    async close() {
      running.delete(agentHandle);
      connection.close();
      child.stdin.end();
      const exited = new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
      const timer = setTimeout(() => child.kill(), 2000);
      await exited;
      clearTimeout(timer);
    },
  };
  running.add(agentHandle);
  return agentHandle;
}

test("the installed packages: the registry's @agentclientprotocol/sdk 2.4.x, and the adapter peers on exactly it", () => {
  const require = createRequire(join(here, "scratch", "package.json"));
  const sdk = JSON.parse(
    readFileSync(join(dirname(require.resolve("@agentclientprotocol/sdk")), "..", "..", "..", "package.json"), "utf8"),
  );
  assert.equal(sdk.name, "@agentclientprotocol/sdk");
  assert.match(sdk.version, /^2\.4\./);
  const adapter = JSON.parse(
    readFileSync(join(here, "scratch", "node_modules", "elicit-form-acp", "package.json"), "utf8"),
  );
  assert.deepEqual(Object.keys(adapter.peerDependencies).sort(), ["@agentclientprotocol/sdk", "elicit-form"]);
  assert.deepEqual(Object.keys(adapter.dependencies), ["elicit-form-mcp-core"]);
});

test("the client declares form and URL elicitation in initialize (with or without onUrlElicitation)", async () => {
  const plain = await connect({ store: countingStore(acpAdapter.MemoryFormAnswers) });
  const declared = (await plain.prompt({ form: "capabilities" })).capabilities;
  assert.deepEqual(declared.elicitation, { form: {}, url: {} });
  assert.equal(declared.fs.readTextFile, true, "the host's own capabilities are kept");
  await plain.close();
  const withUrl = await connect({
    store: countingStore(acpAdapter.MemoryFormAnswers),
    onUrlElicitation: () => ({ action: "decline" }),
  });
  assert.deepEqual((await withUrl.prompt({ form: "capabilities" })).capabilities.elicitation, { form: {}, url: {} });
  await withUrl.close();
});

test("the elicitationPolicy decides what initialize declares (the backend's names), and a form under url is refused -32602 with the backend's text, nothing taken", async () => {
  const declared = async (elicitationPolicy) => {
    const agent = await connect({ store: countingStore(acpAdapter.MemoryFormAnswers), elicitationPolicy });
    const { capabilities } = await agent.prompt({ form: "capabilities" });
    await agent.close();
    return capabilities.elicitation;
  };
  assert.deepEqual(await declared("url"), { url: {} });
  assert.equal(await declared("none"), undefined);
  const store = countingStore(acpAdapter.MemoryFormAnswers);
  const agent = await connect({ store, elicitationPolicy: "url" });
  const refused = await agent.prompt({ form: "billing" });
  assert.equal(refused.error.code, acpAdapter.FORM_REFUSED_ERROR_CODE);
  assert.equal(
    refused.error.message,
    `MCP server 'billing-agent' sent a form elicitation for tool '${agent.sessionId}', but this client ` +
      "did not declare form mode to it; everruns declares form mode only to servers whose elicitation_policy is url_and_form",
  );
  assert.deepEqual([store.takes, agent.pendings.length], [0, 0]);
  await agent.close();
});

test("billing: the first ask is pending with the backend's questions; the recorded answer reaches the agent once, exactly the backend's content", async () => {
  const store = countingStore(acpAdapter.MemoryFormAnswers);
  const agent = await connect({ store });

  const first = await agent.prompt({ form: "billing" });
  assert.equal(first.received, undefined, "nothing is answered that nobody decided");
  assert.equal(first.error.code, acpAdapter.FORM_PENDING_ERROR_CODE);
  assert.equal(
    first.error.message,
    `MCP server 'billing-agent' has questions for you before tool '${agent.sessionId}' can run`,
  );
  assert.equal(agent.pendings.length, 1);
  const [{ pending, where }] = agent.pendings;
  assert.deepEqual(where, { scope: agent.sessionId, sessionId: agent.sessionId, toolCallId: null, requestId: null });
  assert.equal(pending.server_name, "billing-agent");
  assert.equal(pending.tool_name, agent.sessionId);
  assert.equal(pending.message, "Pick a plan");
  // The questions of the form as the agent sent it (enumNames included, which the SDK's parse drops).
  assert.deepEqual(
    pending.questions,
    BILLING_QUESTIONS.map((question) => ({ ...question, header: "billing-agent" })),
  );
  assert.equal(pending.fingerprint, form.fingerprint(BILLING));

  store.record(
    form.recordFormAnswer({
      server: "billing-agent",
      tool: where.scope,
      fingerprint: pending.fingerprint,
      action: "accept",
      answers: billingAnswers,
    }),
  );
  const second = await agent.prompt({ form: "billing" });
  assert.equal(second.error, undefined, JSON.stringify(second));
  assert.equal(
    JSON.stringify(second.received),
    '{"action":"accept","content":{"email":"ada@example.com","notify":true,"plan":"team","seats":12}}',
    "the backend's content, in its key order, as the agent received it",
  );
  assert.deepEqual(second.received.content, form.contentFromAnswers(BILLING, billingAnswers));
  assert.equal(agent.pendings.length, 1, "an answered form is not shown again");

  const third = await agent.prompt({ form: "billing" });
  assert.equal(
    third.error.code,
    acpAdapter.FORM_PENDING_ERROR_CODE,
    "a recorded answer is sent once; the next ask is pending again",
  );
  assert.equal(agent.pendings.length, 2);
  assert.equal(store.takes, 3);
  await agent.close();
});

test("a changed schema is asked again: the record for the old questions is not sent to the new ones", async () => {
  const store = countingStore(acpAdapter.MemoryFormAnswers);
  const agent = await connect({ store });
  store.record(
    form.recordFormAnswer({
      server: "billing-agent",
      tool: agent.sessionId,
      fingerprint: form.fingerprint(BILLING),
      action: "accept",
      answers: billingAnswers,
    }),
  );
  const reply = await agent.prompt({ form: "seats" });
  assert.equal(reply.error.code, acpAdapter.FORM_PENDING_ERROR_CODE);
  assert.equal(agent.pendings.length, 1);
  assert.equal(agent.pendings[0].pending.fingerprint, form.fingerprint(SEATS_ONLY));
  assert.notEqual(agent.pendings[0].pending.fingerprint, form.fingerprint(BILLING));
  assert.equal(store.takes, 1, "the record was taken (single use) and not sent");
  const again = await agent.prompt({ form: "billing" });
  assert.equal(again.error.code, acpAdapter.FORM_PENDING_ERROR_CODE, "the old record is gone");
  await agent.close();
});

test("a credential form is refused without a prompt: the agent gets Invalid params with the refusal, nothing is shown, no record is taken", async () => {
  for (const profile of [undefined, "mcp-2026-07-28"]) {
    const store = countingStore(acpAdapter.MemoryFormAnswers);
    const agent = await connect({ store, profile });
    const reply = await agent.prompt({ form: "credential" });
    assert.equal(reply.received, undefined);
    assert.equal(reply.error.code, -32602);
    assert.equal(reply.error.code, acpAdapter.FORM_REFUSED_ERROR_CODE);
    assert.match(reply.error.message, /property 'apiKey' asks for a credential/);
    assert.deepEqual(reply.error.data, { kind: "credential", property: "apiKey", reason: null });
    assert.equal(agent.pendings.length, 0, `profile ${profile}: nothing shown`);
    assert.equal(store.takes, 0, `profile ${profile}: the store is not touched`);
    await agent.close();
  }
});

test("a recorded decline reaches the agent as decline, with no content", async () => {
  const store = countingStore(acpAdapter.MemoryFormAnswers);
  const agent = await connect({ store });
  store.record(
    form.recordFormAnswer({
      server: "billing-agent",
      tool: agent.sessionId,
      fingerprint: form.fingerprint(BILLING),
      action: "decline",
    }),
  );
  assert.deepEqual((await agent.prompt({ form: "billing" })).received, { action: "decline" });
  await agent.close();
});

test("mcp-2026-07-28: a dismissed form reaches the agent as cancel, distinct from decline; a recorded accept sends the profile's content", async () => {
  const store = countingStore(acpAdapter.MemoryFormAnswers);
  const agent = await connect({ store, profile: "mcp-2026-07-28" });
  const parked = await agent.prompt({ form: "billing" });
  assert.equal(parked.error.code, acpAdapter.FORM_PENDING_ERROR_CODE);
  const [{ pending }] = agent.pendings;
  assert.deepEqual(
    pending.questions,
    formMcp.pending(
      {
        serverName: "billing-agent",
        toolName: agent.sessionId,
        key: "0",
        message: "Pick a plan",
        requestedSchema: BILLING,
      },
      { profile: "mcp-2026-07-28" },
    ).questions,
  );
  const record = (fields) =>
    store.record(
      formMcp.recordFormAnswer(
        {
          server: "billing-agent",
          tool: agent.sessionId,
          fingerprint: pending.fingerprint,
          ...fields,
        },
        { profile: "mcp-2026-07-28" },
      ),
    );

  record({ action: "cancel" });
  assert.deepEqual((await agent.prompt({ form: "billing" })).received, { action: "cancel" });
  record({ action: "decline" });
  assert.deepEqual((await agent.prompt({ form: "billing" })).received, { action: "decline" });
  record({ action: "accept", answers: { plan: { selected: ["Pro"] }, seats: { other_text: "3" } } });
  const accepted = (await agent.prompt({ form: "billing" })).received;
  assert.equal(accepted.action, "accept");
  assert.deepEqual(
    accepted.content,
    { plan: "pro", seats: 3, notify: true },
    "the profile fills the declared default and leaves the optional email out",
  );
  await agent.close();
});

test("records are kept per session and per tool call: an answer for one is not sent to another", async () => {
  const store = countingStore(acpAdapter.MemoryFormAnswers);
  const agent = await connect({ store });
  const parked = await agent.prompt({ form: "billing", toolCallId: "call_1" });
  assert.equal(parked.error.code, acpAdapter.FORM_PENDING_ERROR_CODE);
  const [{ where, pending }] = agent.pendings;
  assert.deepEqual(where, {
    scope: `${agent.sessionId}/call_1`,
    sessionId: agent.sessionId,
    toolCallId: "call_1",
    requestId: null,
  });
  store.record(
    form.recordFormAnswer({
      server: "billing-agent",
      tool: where.scope,
      fingerprint: pending.fingerprint,
      action: "accept",
      answers: billingAnswers,
    }),
  );
  // Another session, and the same session without the tool call, are asked.
  const other = await agent.newSession();
  assert.equal(
    (await agent.prompt({ form: "billing", toolCallId: "call_1" }, other)).error.code,
    acpAdapter.FORM_PENDING_ERROR_CODE,
  );
  assert.equal((await agent.prompt({ form: "billing" })).error.code, acpAdapter.FORM_PENDING_ERROR_CODE);
  assert.equal((await agent.prompt({ form: "billing", toolCallId: "call_1" })).received.action, "accept");
  await agent.close();
});

test("scopeOf keys records by session alone, so an agent that asks again in a new tool call gets the answer", async () => {
  const store = countingStore(acpAdapter.MemoryFormAnswers);
  const agent = await connect({ store, scopeOf: (params) => params.sessionId });
  await agent.prompt({ form: "billing", toolCallId: "call_1" });
  const [{ where, pending }] = agent.pendings;
  assert.equal(where.scope, agent.sessionId);
  store.record(
    form.recordFormAnswer({
      server: "billing-agent",
      tool: where.scope,
      fingerprint: pending.fingerprint,
      action: "accept",
      answers: billingAnswers,
    }),
  );
  assert.equal((await agent.prompt({ form: "billing", toolCallId: "call_2" })).received.action, "accept");
  await agent.close();
});

test("a request-scoped form (before any session) is recorded under its request id", async () => {
  const store = countingStore(acpAdapter.MemoryFormAnswers);
  const agent = await connect({ store });
  await agent.prompt({ form: "billing", requestScoped: true });
  assert.deepEqual(agent.pendings[0].where, { scope: "request:7", sessionId: null, toolCallId: null, requestId: 7 });
  await agent.close();
});

test("URL mode: the first ask waits (-32001) with the consent view; a consent to its host reaches the agent as {action: accept} without content, once", async () => {
  const urlForm = await urlEntry();
  const store = countingStore(acpAdapter.MemoryFormAnswers);
  const agent = await connect({ store });
  const scope = `${agent.sessionId}/call_1`;

  const first = await agent.prompt({ form: "url", toolCallId: "call_1" });
  assert.equal(first.received, undefined, "nothing is answered that nobody decided");
  assert.equal(first.error.code, acpAdapter.FORM_PENDING_ERROR_CODE);
  assert.equal(
    first.error.message,
    `MCP server 'billing-agent' needs you to complete an interaction at agent.example before tool '${scope}' can run`,
  );
  assert.equal(agent.pendings.length, 0, "a link is not a form");
  assert.equal(agent.urlPendings.length, 1);
  const [{ pending, where }] = agent.urlPendings;
  assert.deepEqual(where, { scope, sessionId: agent.sessionId, toolCallId: "call_1", requestId: null });
  assert.equal(pending.serverName, "billing-agent");
  assert.equal(pending.toolName, scope);
  const view = urlForm.urlElicitation(LINK, "billing-agent");
  assert.deepEqual(pending.view, view, "elicit-form/url's consent view of the link as sent");
  assert.equal(pending.view.mode, "url");
  assert.equal(pending.view.header, "billing-agent", "the configured agent name, as the forms' question header");
  assert.equal(pending.view.site, "agent.example");
  assert.equal(pending.view.url, LINK.url);
  assert.equal(pending.view.elicitationId, "oauth-1");
  assert.match(pending.view.fingerprint, /^[0-9a-f]{64}$/);
  assert.deepEqual([store.takes, store.consentTakes], [0, 1], "a link takes a consent, never a form's answer");

  store.recordConsent(urlForm.recordUrlConsent({ server: "billing-agent", tool: where.scope, host: pending.host }));
  const second = await agent.prompt({ form: "url", toolCallId: "call_1" });
  assert.equal(second.error, undefined, JSON.stringify(second));
  assert.equal(JSON.stringify(second.received), '{"action":"accept"}', "the action alone: no content for a link");
  assert.equal(agent.urlPendings.length, 1, "an answered link is not shown again");

  const third = await agent.prompt({ form: "url", toolCallId: "call_1" });
  assert.equal(
    third.error.code,
    acpAdapter.FORM_PENDING_ERROR_CODE,
    "a consent is used once; the next ask waits again",
  );
  assert.equal(agent.urlPendings.length, 2);
  assert.equal(store.consentTakes, 3);
  await agent.close();
});

test("URL mode: a declined or cancelled link records nothing and waits again; a consent applies only to its scope and its host", async () => {
  const urlForm = await urlEntry();
  const store = countingStore(acpAdapter.MemoryFormAnswers);
  const agent = await connect({ store });
  const record = (tool = agent.sessionId, host = "agent.example") =>
    store.recordConsent(urlForm.recordUrlConsent({ server: "billing-agent", tool, host }));

  assert.equal((await agent.prompt({ form: "url" })).error.code, acpAdapter.FORM_PENDING_ERROR_CODE);
  assert.equal(
    (await agent.prompt({ form: "url" })).error.code,
    acpAdapter.FORM_PENDING_ERROR_CODE,
    "nothing decided, nothing sent",
  );

  // A consent to another host in the same scope: taken, not honoured.
  record(agent.sessionId, "evil.example");
  const other = await agent.prompt({ form: "url" });
  assert.equal(other.error.code, acpAdapter.FORM_PENDING_ERROR_CODE);
  assert.equal(store.takeConsent("billing-agent", agent.sessionId), null, "taken");
  // The same link in another tool call, or in another session: asked.
  record();
  assert.equal(
    (await agent.prompt({ form: "url", toolCallId: "call_9" })).error.code,
    acpAdapter.FORM_PENDING_ERROR_CODE,
  );
  const session = await agent.newSession();
  assert.equal((await agent.prompt({ form: "url" }, session)).error.code, acpAdapter.FORM_PENDING_ERROR_CODE);
  assert.deepEqual((await agent.prompt({ form: "url" })).received, { action: "accept" }, "its own scope still gets it");
  // A request-scoped link waits under request:<id>.
  await agent.prompt({ form: "url", requestScoped: true });
  assert.deepEqual(agent.urlPendings.at(-1).where, {
    scope: "request:7",
    sessionId: null,
    toolCallId: null,
    requestId: 7,
  });
  await agent.close();
});

test("URL mode: a hostile link is refused -32602 with {kind}, never shown, and no record is taken", async () => {
  const urlForm = await urlEntry();
  const store = countingStore(acpAdapter.MemoryFormAnswers);
  const agent = await connect({ store });
  store.recordConsent(
    urlForm.recordUrlConsent({ server: "billing-agent", tool: agent.sessionId, host: "agent.example" }),
  );
  const hostile = await agent.prompt({ form: "url", url: "https://accounts.example.com@evil.example/" });
  assert.equal(hostile.received, undefined);
  assert.equal(hostile.error.code, -32602);
  assert.equal(hostile.error.code, acpAdapter.FORM_REFUSED_ERROR_CODE);
  assert.deepEqual(hostile.error.data, { kind: "userInfo" });
  assert.equal(agent.urlPendings.length, 0, "nothing shown");
  assert.equal(agent.pendings.length, 0);
  assert.deepEqual([store.takes, store.consentTakes], [0, 0], "the store is not touched");
  assert.deepEqual(
    (await agent.prompt({ form: "url" })).received,
    { action: "accept" },
    "the consent survived the refusal",
  );
  await agent.close();
});

test("URL mode: elicitation/complete for an accepted link reaches onUrlComplete once; unknown, repeated and parked ids are ignored", async () => {
  const urlForm = await urlEntry();
  const store = countingStore(acpAdapter.MemoryFormAnswers);
  const agent = await connect({ store });
  const ask = (elicitationId) => ({
    form: "url",
    elicitationId,
    url: `https://agent.example/connect?e=${elicitationId}`,
    toolCallId: "call_1",
  });
  const scope = `${agent.sessionId}/call_1`;
  const record = () =>
    store.recordConsent(urlForm.recordUrlConsent({ server: "billing-agent", tool: scope, host: "agent.example" }));

  assert.equal((await agent.prompt(ask("parked-1"))).error.code, acpAdapter.FORM_PENDING_ERROR_CODE);
  record();
  assert.deepEqual((await agent.prompt(ask("oauth-7"))).received, { action: "accept" });

  const ids = ["unknown-9", "parked-1", "oauth-7", "oauth-7"];
  assert.deepEqual((await agent.prompt({ form: "complete", elicitationIds: ids })).completed, ids);
  // The notifications were sent before the turn's report; let their handlers run.
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(agent.completions.length, 1, "a known id once; the others are ignored");
  const params = { mode: "url", message: "Connect your account", url: ask("oauth-7").url, elicitationId: "oauth-7" };
  assert.deepEqual(agent.completions[0], {
    serverName: "billing-agent",
    toolName: scope,
    view: urlForm.urlElicitation(params, "billing-agent"),
    where: { scope, sessionId: agent.sessionId, toolCallId: "call_1", requestId: null },
  });
  await agent.prompt({ form: "complete", elicitationIds: ["oauth-7"] });
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(agent.completions.length, 1, "a repeated completion is ignored");
  await agent.close();
});

test("onUrlElicitation, when given, takes URL mode over: each request handed over untouched, nothing decided or shown here", async () => {
  const store = countingStore(acpAdapter.MemoryFormAnswers);
  const handed = [];
  const withUrl = await connect({
    store,
    onUrlElicitation: (params) => {
      handed.push(params);
      return { action: "accept" };
    },
  });
  assert.deepEqual((await withUrl.prompt({ form: "url" })).received, { action: "accept" });
  assert.deepEqual(handed, [{ sessionId: withUrl.sessionId, ...LINK }]);
  assert.equal(store.takes, 0);
  assert.equal(withUrl.urlPendings.length, 0);
  // Completions are the host's then: onUrlComplete is not called.
  await withUrl.prompt({ form: "complete", elicitationIds: ["oauth-1"] });
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(withUrl.completions.length, 0);
  // Forms are still the adapter's.
  assert.equal((await withUrl.prompt({ form: "billing" })).error.code, acpAdapter.FORM_PENDING_ERROR_CODE);
  await withUrl.close();
});

test("a form without the mode ACP requires, outside ACP's schema, or in another mode, is not answered as a form", async () => {
  const store = countingStore(acpAdapter.MemoryFormAnswers);
  const agent = await connect({ store });
  // No mode: the SDK's own parse answers Invalid params before any handler runs.
  const bare = await agent.prompt({ form: "no-mode" });
  assert.equal(bare.received, undefined);
  assert.deepEqual([bare.error.code, bare.error.message], [-32602, "Invalid params"]);
  // So does a format outside ACP's schema: the form is never shown either way.
  const password = await agent.prompt({ form: "password" });
  assert.deepEqual([password.error.code, password.error.message], [-32602, "Invalid params"]);
  // A custom mode reaches the handler, which takes only the modes it advertised.
  const custom = await agent.prompt({ form: "custom-mode" });
  assert.equal(custom.error.code, -32602);
  assert.equal(custom.error.message, 'elicitation mode "_picker" is not one this client advertised');
  assert.equal(agent.pendings.length, 0);
  assert.equal(store.takes, 0);
  await agent.close();
});

test("without forms.stream the handler fails closed: the SDK's parse of the form is never decided on", async () => {
  const store = countingStore(acpAdapter.MemoryFormAnswers);
  const agent = await connect({ store, wrap: false });
  const reply = await agent.prompt({ form: "billing" });
  assert.equal(reply.received, undefined);
  assert.equal(reply.error.code, -32603);
  assert.match(reply.error.message, /forms\.stream/);
  assert.equal(store.takes, 0);
  assert.equal(agent.pendings.length, 0);
  await agent.close();
});

test("bad options are a TypeError naming what is wrong", () => {
  assert.throws(() => acpAdapter.formElicitation({ store: new acpAdapter.MemoryFormAnswers() }), {
    name: "TypeError",
    message: /agentName/,
  });
  assert.throws(() => acpAdapter.formElicitation({ agentName: "a", store: {} }), {
    name: "TypeError",
    message: /take/,
  });
  assert.throws(
    () => acpAdapter.formElicitation({ agentName: "a", store: new acpAdapter.MemoryFormAnswers(), profile: "x" }),
    { name: "TypeError", message: /profile/ },
  );
  assert.throws(
    () => acpAdapter.formElicitation({ agentName: "a", store: new acpAdapter.MemoryFormAnswers(), scopeOf: "x" }),
    { name: "TypeError", message: /scopeOf/ },
  );
  for (const name of ["onUrlPending", "onUrlComplete"]) {
    assert.throws(
      () => acpAdapter.formElicitation({ agentName: "a", store: new acpAdapter.MemoryFormAnswers(), [name]: "log" }),
      { name: "TypeError", message: new RegExp(`${name} must be a function`) },
    );
  }
});

test("the adapter's shared names are elicit-form-mcp-core's one copy", async () => {
  const { core } = await import("./scratch/modules.mjs");
  assert.equal(acpAdapter.MemoryFormAnswers, core.MemoryFormAnswers);
  assert.equal(acpAdapter.FormElicitationPendingError, core.FormElicitationPendingError);
  assert.equal(acpAdapter.UrlElicitationPendingError, core.UrlElicitationPendingError);
});

test("examples/acp/editor.mjs (shown in docs/acp.md): waits, records, and the agent receives the backend's content", async () => {
  const lines = await runExample("acp/editor.mjs", [process.execPath, AGENT]);
  assert.equal(JSON.parse(lines[0]).error.code, acpAdapter.FORM_PENDING_ERROR_CODE);
  assert.equal(
    lines[1],
    "email (format: email) | Notify me | Plan: Which plan to buy | Seats (a whole number from 1 to 50)",
  );
  assert.deepEqual(JSON.parse(lines[2]).received, {
    action: "accept",
    content: { email: "ada@example.com", notify: false, plan: "team", seats: 12 },
  });
  const guide = readFileSync(join(here, "..", "..", "docs", "acp.md"), "utf8");
  const text = readFileSync(join(here, "..", "..", "examples", "acp", "editor.mjs"), "utf8");
  assert.ok(
    guide.includes(`\`\`\`js file=examples/acp/editor.mjs\n${text}\`\`\``),
    "docs/acp.md shows examples/acp/editor.mjs verbatim",
  );
});
