// The adapter with a real @modelcontextprotocol/sdk McpServer and Client,
// linked in memory (protocol 2025-11-25: elicitation/create during a
// tools/call). "elicit-form" and "elicit-form-mcp-sdk" are the packed
// packages installed by tests/flow/prepare.mjs.

import assert from "node:assert/strict";
import { test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { LATEST_PROTOCOL_VERSION, UrlElicitationRequiredError } from "@modelcontextprotocol/sdk/types.js";
import { adapter, form } from "./scratch/modules.mjs";
import { BILLING, BILLING_QUESTIONS, CONNECT_URL, billingAnswers, until, countingStore, urlEntry } from "./support.mjs";

const CREDENTIAL = {
  type: "object",
  properties: { apiKey: { type: "string", title: "API key" }, region: { type: "string" } },
};

// A server whose tools each elicit one form and report what came back. The
// server's own check (the SDK validates accepted content against the
// requestedSchema with ajv) runs inside elicitInput.
async function connect({ schemas, store, onPending, wrap = true }) {
  const server = new McpServer({ name: "billing-server", version: "1.0.0" });
  const received = [];
  for (const [tool, schemaFor] of Object.entries(schemas)) {
    server.registerTool(tool, { description: `asks a form (${tool})` }, async () => {
      const requestedSchema = typeof schemaFor === "function" ? schemaFor() : schemaFor;
      try {
        const result = await server.server.elicitInput({ message: "Pick a plan", requestedSchema });
        received.push({ tool, result });
        return { content: [{ type: "text", text: JSON.stringify(result) }] };
      } catch (error) {
        received.push({ tool, error: { code: error.code, message: error.message, data: error.data } });
        return { content: [{ type: "text", text: String(error) }], isError: true };
      }
    });
  }
  const pendings = [];
  const forms = adapter.formElicitation({
    serverName: "billing",
    store,
    onPending: (pending) => {
      pendings.push(pending);
      return onPending?.(pending);
    },
  });
  const client = new Client({ name: "host", version: "1.0.0" });
  forms.install(client);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(wrap ? forms.transport(clientSide) : clientSide);
  return { client, server, forms, received, pendings, close: () => client.close() };
}

test("the installed SDK speaks protocol 2025-11-25 at most, and the client declares form elicitation, with url beside it for URL mode", async () => {
  assert.equal(LATEST_PROTOCOL_VERSION, "2025-11-25");
  const { client, server, close } = await connect({ schemas: {}, store: countingStore(adapter.MemoryFormAnswers) });
  assert.deepEqual(server.server.getClientCapabilities().elicitation, { form: {}, url: {} });
  assert.equal(client.getServerVersion().name, "billing-server");
  await close();
});

test("billing: the first call parks with the backend's questions; the recorded answer reaches the server once, as the backend's content, and passes the server's schema check", async () => {
  const store = countingStore(adapter.MemoryFormAnswers);
  const { forms, client, received, pendings, close } = await connect({ schemas: { buy: BILLING }, store });

  const parked = await forms.callTool(client, { name: "buy", arguments: {} }).then(
    () => assert.fail("the call must park"),
    (error) => error,
  );
  assert.ok(parked instanceof adapter.FormElicitationPendingError, String(parked));
  assert.equal(parked.message, "MCP server 'billing' has questions for you before tool 'buy' can run");
  assert.deepEqual(pendings, [parked.pending]);
  assert.equal(parked.pending.server_name, "billing");
  assert.equal(parked.pending.tool_name, "buy");
  assert.equal(parked.pending.message, "Pick a plan");
  assert.deepEqual(parked.pending.questions, BILLING_QUESTIONS);
  assert.deepEqual(parked.pending.questions, form.questions(BILLING, "billing"));
  assert.equal(parked.pending.fingerprint, form.fingerprint(BILLING));
  // The server was answered with an error, not with a decision nobody made.
  await until(() => received.length === 1);
  assert.deepEqual(received[0].error.code, adapter.FORM_PENDING_ERROR_CODE);
  assert.match(received[0].error.message, /has questions for you before tool 'buy' can run/);

  store.record(
    form.recordFormAnswer({
      server: "billing",
      tool: "buy",
      fingerprint: parked.pending.fingerprint,
      action: "accept",
      answers: billingAnswers,
    }),
  );
  const result = await forms.callTool(client, { name: "buy", arguments: {} });
  assert.equal(result.isError, undefined, result.content[0].text);
  await until(() => received.length === 2);
  assert.equal(received[1].error, undefined, JSON.stringify(received[1]));
  assert.equal(
    JSON.stringify(received[1].result.content),
    '{"email":"ada@example.com","notify":true,"plan":"team","seats":12}',
    "the backend's content, in its key order",
  );
  assert.deepEqual(received[1].result, {
    action: "accept",
    content: form.contentFromAnswers(BILLING, billingAnswers),
  });

  const again = await forms.callTool(client, { name: "buy", arguments: {} }).catch((error) => error);
  assert.ok(
    again instanceof adapter.FormElicitationPendingError,
    "a recorded answer is sent once; the next call asks again",
  );
  assert.equal(pendings.length, 2);
  assert.equal(store.takes, 3);
  await close();
});

test("billing: a recorded decline reaches the server as decline, with no content", async () => {
  const store = countingStore(adapter.MemoryFormAnswers);
  const { forms, client, received, close } = await connect({ schemas: { buy: BILLING }, store });
  store.record(
    form.recordFormAnswer({
      server: "billing",
      tool: "buy",
      fingerprint: form.fingerprint(BILLING),
      action: "decline",
    }),
  );
  await forms.callTool(client, { name: "buy", arguments: {} });
  await until(() => received.length === 1);
  assert.deepEqual(received[0].result, { action: "decline" });
  await close();
});

test("a credential-asking tool is refused without a prompt: the call fails, nothing is shown, no record is taken", async () => {
  const store = countingStore(adapter.MemoryFormAnswers);
  const { forms, client, received, pendings, close } = await connect({ schemas: { connect: CREDENTIAL }, store });
  const kept = form.recordFormAnswer({
    server: "billing",
    tool: "connect",
    fingerprint: "0".repeat(64),
    action: "decline",
  });
  store.record(kept);
  const refused = await forms.callTool(client, { name: "connect", arguments: {} }).catch((error) => error);
  assert.ok(refused instanceof form.FormRefusalError, String(refused));
  assert.equal(refused.kind, "credential");
  assert.equal(refused.property, "apiKey");
  assert.equal(
    refused.message,
    "property 'apiKey' asks for a credential; Everruns does not collect credentials " +
      "through form elicitation. The server should use URL mode elicitation instead",
  );
  assert.deepEqual(pendings, [], "no question reached the host");
  assert.equal(store.takes, 0, "the store was not touched");
  assert.deepEqual(store.take("billing", "connect"), kept);
  await until(() => received.length === 1);
  assert.deepEqual(received[0].error, {
    code: adapter.FORM_REFUSED_ERROR_CODE,
    message: `MCP error -32602: ${refused.message}`,
    data: { kind: "credential", property: "apiKey", reason: null },
  });
  await close();
});

test("keys the SDK's parse drops are still read: writeOnly is a credential, an array property is out of profile", async () => {
  const store = countingStore(adapter.MemoryFormAnswers);
  const { forms, client, pendings, close } = await connect({
    schemas: {
      hidden: { type: "object", properties: { answer: { type: "string", writeOnly: true } } },
      tags: { type: "object", properties: { tags: { type: "array", items: { type: "string", enum: ["a", "b"] } } } },
    },
    store,
  });
  const hidden = await forms.callTool(client, { name: "hidden" }).catch((error) => error);
  assert.deepEqual([hidden.name, hidden.kind, hidden.property], ["FormRefusalError", "credential", "answer"]);
  const tags = await forms.callTool(client, { name: "tags" }).catch((error) => error);
  assert.deepEqual([tags.name, tags.kind, tags.property], ["FormRefusalError", "outOfProfile", "tags"]);
  assert.deepEqual(pendings, []);
  assert.equal(store.takes, 0);
  await close();
});

test("a client not connected through the adapter's transport fails closed instead of reading the SDK's trimmed copy", async () => {
  const store = countingStore(adapter.MemoryFormAnswers);
  const { forms, client, pendings, close } = await connect({ schemas: { buy: BILLING }, store, wrap: false });
  const failed = await forms.callTool(client, { name: "buy" }).catch((error) => error);
  assert.match(failed.message, /connect the client through transport/);
  assert.deepEqual(pendings, []);
  assert.equal(store.takes, 0);
  await close();
});

test("a server that changes its schema between the ask and the retry is asked again; the old answer is used up", async () => {
  const store = countingStore(adapter.MemoryFormAnswers);
  let asked = 0;
  const changed = structuredClone(BILLING);
  changed.properties.seats.maximum = 500;
  const { forms, client, received, pendings, close } = await connect({
    schemas: { buy: () => (asked++ === 0 ? BILLING : changed) },
    store,
  });
  const first = await forms.callTool(client, { name: "buy" }).catch((error) => error);
  assert.ok(first instanceof adapter.FormElicitationPendingError);
  store.record(
    form.recordFormAnswer({
      server: "billing",
      tool: "buy",
      fingerprint: first.pending.fingerprint,
      action: "accept",
      answers: billingAnswers,
    }),
  );

  const second = await forms.callTool(client, { name: "buy" }).catch((error) => error);
  assert.ok(second instanceof adapter.FormElicitationPendingError, "asked again, not answered with the old answer");
  assert.notEqual(second.pending.fingerprint, first.pending.fingerprint);
  assert.equal(second.pending.fingerprint, form.fingerprint(changed));
  assert.equal(second.pending.questions.find((q) => q.id === "seats").question, "Seats (a whole number from 1 to 500)");
  assert.equal(store.take("billing", "buy"), null, "the stale record was taken (single use) and not sent");
  await until(() => received.length === 2);
  assert.ok(
    received.every((r) => r.result === undefined),
    "the server never received content",
  );

  store.record(
    form.recordFormAnswer({
      server: "billing",
      tool: "buy",
      fingerprint: second.pending.fingerprint,
      action: "accept",
      answers: billingAnswers,
    }),
  );
  await forms.callTool(client, { name: "buy" });
  await until(() => received.length === 3);
  assert.equal(received[2].result.action, "accept");
  assert.equal(pendings.length, 2);
  await close();
});

test("an answer recorded for another tool of the same server is not sent", async () => {
  const store = countingStore(adapter.MemoryFormAnswers);
  const { forms, client, close } = await connect({ schemas: { buy: BILLING, upgrade: BILLING }, store });
  store.record(
    form.recordFormAnswer({
      server: "billing",
      tool: "upgrade",
      fingerprint: form.fingerprint(BILLING),
      action: "accept",
      answers: billingAnswers,
    }),
  );
  const parked = await forms.callTool(client, { name: "buy" }).catch((error) => error);
  assert.ok(parked instanceof adapter.FormElicitationPendingError);
  await forms.callTool(client, { name: "upgrade" });
  await close();
});

test("an unreachable store asks again rather than inventing an answer", async () => {
  const warnings = [];
  const forms = adapter.formElicitation({
    serverName: "billing",
    store: {
      take: () => {
        throw new Error("store is down");
      },
    },
    onStoreError: (error) => warnings.push(String(error)),
  });
  const outcome = await forms
    .answerInputRequired(
      {
        resultType: "input_required",
        inputRequests: {
          details: { method: "elicitation/create", params: { message: "m", requestedSchema: BILLING } },
        },
      },
      "buy",
    )
    .catch((error) => error);
  assert.ok(outcome instanceof adapter.FormElicitationPendingError);
  assert.deepEqual(warnings, ["Error: store is down"]);
});

test("callTool honours the caller's AbortSignal, also one aborted before the call", async () => {
  const store = countingStore(adapter.MemoryFormAnswers);
  const { forms, client, close } = await connect({ schemas: { buy: BILLING }, store });
  const aborted = await forms
    .callTool(client, { name: "buy" }, undefined, { signal: AbortSignal.abort(new Error("stop")) })
    .catch((error) => error);
  assert.equal(aborted.message, "stop");
  assert.equal(store.takes, 0, "no form was asked");
  await close();
});

// URL mode (2025-11-25): a tool that pushes a link with server.server.elicitInput
// and, once accepted, sends its completion notification (and one for an
// unknown id); a tool that fails with -32042.
async function connectUrl({ store, url = CONNECT_URL }) {
  const server = new McpServer({ name: "calendar-server", version: "1.0.0" });
  const received = [];
  let pushes = 0;
  server.registerTool("connect", { description: "asks a link to be opened" }, async () => {
    pushes += 1;
    const elicitationId = `oauth-${pushes}`;
    try {
      const result = await server.server.elicitInput({
        mode: "url",
        message: "Connect your calendar",
        url,
        elicitationId,
      });
      received.push({ elicitationId, result });
      if (result.action === "accept") {
        await server.server.createElicitationCompletionNotifier("unknown-1")();
        await server.server.createElicitationCompletionNotifier(elicitationId)();
        await server.server.createElicitationCompletionNotifier(elicitationId)();
      }
      return { content: [{ type: "text", text: JSON.stringify(result) }] };
    } catch (error) {
      received.push({ elicitationId, error: { code: error.code, data: error.data } });
      return { content: [{ type: "text", text: String(error) }], isError: true };
    }
  });
  server.registerTool("url_required", { description: "fails with -32042" }, async () => {
    throw new UrlElicitationRequiredError([
      { mode: "url", elicitationId: "calendar-1", url, message: "Connect your calendar" },
    ]);
  });
  const urlPendings = [];
  const completed = [];
  const forms = adapter.formElicitation({
    serverName: "calendar",
    store,
    onUrlPending: (pending) => {
      urlPendings.push(pending);
    },
    onUrlComplete: (completion) => {
      completed.push(completion);
    },
  });
  const client = forms.install(new Client({ name: "host", version: "1.0.0" }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(forms.transport(clientSide));
  return { server, client, forms, received, urlPendings, completed, close: () => client.close() };
}

test("URL mode, pushed: the link parks the call with its consent view (-32001 to the server); the recorded accept is sent as {action: accept}; its completion notification reaches onUrlComplete once, an unknown id is ignored", async () => {
  const urlForm = await urlEntry();
  const store = countingStore(adapter.MemoryFormAnswers);
  const c = await connectUrl({ store });
  const parked = await c.forms.callTool(c.client, { name: "connect" }).catch((error) => error);
  assert.ok(parked instanceof adapter.UrlElicitationPendingError, String(parked));
  assert.deepEqual(
    parked.pending.view,
    urlForm.urlElicitation(
      { mode: "url", message: "Connect your calendar", url: CONNECT_URL, elicitationId: "oauth-1" },
      "calendar",
    ),
  );
  assert.deepEqual(
    [parked.pending.view.site, parked.pending.view.displayHost, parked.pending.view.header],
    ["example.com", "accounts.example.com", "calendar"],
  );
  assert.deepEqual(c.urlPendings, [parked.pending]);
  await until(() => c.received.length === 1);
  assert.equal(c.received[0].error.code, adapter.FORM_PENDING_ERROR_CODE);

  store.recordConsent(urlForm.recordUrlConsent({ server: "calendar", tool: "connect", host: parked.pending.host }));
  const result = await c.forms.callTool(c.client, { name: "connect" });
  assert.deepEqual(JSON.parse(result.content[0].text), { action: "accept" });
  assert.deepEqual(c.received[1], { elicitationId: "oauth-2", result: { action: "accept" } });
  await until(() => c.completed.length === 1);
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(c.completed.length, 1, "a repeated id is ignored");
  assert.deepEqual(
    [c.completed[0].serverName, c.completed[0].toolName, c.completed[0].view.elicitationId],
    ["calendar", "connect", "oauth-2"],
  );

  const again = await c.forms.callTool(c.client, { name: "connect" }).catch((error) => error);
  assert.ok(again instanceof adapter.UrlElicitationPendingError, "a consent is used once");
  assert.equal(store.takes, 0, "a link never takes a form's answer");
  await c.close();
});

test("URL mode, pushed: a hostile link is refused with -32602 and {kind}; nothing pending, the store untouched", async () => {
  const store = countingStore(adapter.MemoryFormAnswers);
  const c = await connectUrl({ store, url: "https://accounts.example.com@evil.example/" });
  const refused = await c.forms.callTool(c.client, { name: "connect" }).catch((error) => error);
  assert.deepEqual([refused.name, refused.kind], ["UrlRefusalError", "userInfo"]);
  await until(() => c.received.length === 1);
  assert.deepEqual(c.received[0].error, { code: adapter.FORM_REFUSED_ERROR_CODE, data: { kind: "userInfo" } });
  assert.deepEqual(c.urlPendings, []);
  assert.equal(store.takes, 0);
  await c.close();
});

test("URL mode, -32042: the call parks with the link's view, no record is taken, and the link's completion notification reaches onUrlComplete", async () => {
  const store = countingStore(adapter.MemoryFormAnswers);
  const c = await connectUrl({ store });
  const parked = await c.forms.callTool(c.client, { name: "url_required" }).catch((error) => error);
  assert.ok(parked instanceof adapter.UrlElicitationPendingError, String(parked));
  assert.equal(
    parked.message,
    "MCP server 'calendar' needs you to complete an interaction at accounts.example.com before tool 'url_required' can run",
  );
  assert.equal(parked.pending.view.elicitationId, "calendar-1");
  assert.equal(parked.pending.view.url, CONNECT_URL);
  assert.deepEqual(c.urlPendings, [parked.pending]);
  assert.equal(store.takes, 0);
  await c.server.server.createElicitationCompletionNotifier("calendar-1")();
  await until(() => c.completed.length === 1);
  assert.deepEqual(c.completed[0], { serverName: "calendar", toolName: "url_required", view: parked.pending.view });

  const hostile = await connectUrl({ store, url: "javascript:alert(1)" });
  const refused = await hostile.forms.callTool(hostile.client, { name: "url_required" }).catch((error) => error);
  assert.deepEqual([refused.name, refused.kind], ["UrlRefusalError", "scheme"]);
  assert.deepEqual(hostile.urlPendings, []);
  await hostile.close();
  await c.close();
});
