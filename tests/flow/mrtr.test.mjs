// Protocol 2026-07-28 (MRTR): a tools/call answered with
// `resultType: "input_required"`, retried with `inputResponses` and the
// server's `requestState` echoed unchanged. @modelcontextprotocol/sdk 1.32.2
// does not model these results, so the adapter works on the JSON shapes; these
// tests feed it hand-made messages, and then the same messages through the
// SDK's own transport and Client.request from a low-level Server that speaks
// the shapes itself.

import assert from "node:assert/strict";
import { test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestParamsSchema,
  CallToolRequestSchema,
  CallToolResultSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { adapter, form } from "./scratch/modules.mjs";
import { BILLING, BILLING_QUESTIONS, CONNECT_URL, billingAnswers, countingStore, urlEntry } from "./support.mjs";

const STATE = "eyJzdGVwIjoxfQ.opaque+/=";

function inputRequired(requestedSchema, { key = "billing_details", requestState = STATE, params = {} } = {}) {
  return {
    resultType: "input_required",
    inputRequests: {
      [key]: {
        method: "elicitation/create",
        params: { mode: "form", message: "Pick a plan", requestedSchema, ...params },
      },
    },
    requestState,
  };
}

function storeWith(...records) {
  const store = countingStore(adapter.MemoryFormAnswers);
  for (const record of records) store.record(record);
  return store;
}

const accepted = (schema = BILLING, extra = {}) =>
  form.recordFormAnswer({
    server: "billing",
    tool: "buy",
    fingerprint: form.fingerprint(schema),
    action: "accept",
    answers: billingAnswers,
    ...extra,
  });

const options = (store, extra = {}) => ({ serverName: "billing", toolName: "buy", store, ...extra });

test("input_required with no recorded answer parks: onPending gets the backend's questions, the error keeps the result", async () => {
  const seen = [];
  const result = inputRequired(BILLING);
  const parked = await adapter
    .answerInputRequired(result, options(storeWith(), { onPending: (p) => seen.push(p) }))
    .catch((error) => error);
  assert.ok(parked instanceof adapter.FormElicitationPendingError);
  assert.equal(parked.result, result);
  assert.deepEqual(seen, [parked.pending]);
  assert.deepEqual(parked.pending.questions, BILLING_QUESTIONS);
  assert.equal(parked.pending.fingerprint, form.fingerprint(BILLING));
});

test("a recorded answer becomes inputResponses under the request's key; the retry echoes requestState unchanged", async () => {
  const result = inputRequired(BILLING);
  const store = storeWith(accepted());
  const { inputResponses } = await adapter.answerInputRequired(result, options(store));
  assert.deepEqual(inputResponses, {
    billing_details: { action: "accept", content: { email: "ada@example.com", notify: true, plan: "team", seats: 12 } },
  });
  const call = { name: "buy", arguments: { account: "acme" }, _meta: { progressToken: 7 } };
  const retry = adapter.retryParams(call, result, inputResponses);
  assert.deepEqual(retry, { ...call, inputResponses, requestState: STATE });
  assert.equal(retry.requestState, result.requestState);
  const objectState = { cursor: [1, 2], nested: { a: null } };
  assert.equal(
    adapter.retryParams(call, { ...result, requestState: objectState }, inputResponses).requestState,
    objectState,
    "a requestState of any JSON shape is passed back as it came",
  );
  assert.equal("requestState" in adapter.retryParams(call, { resultType: "input_required" }, inputResponses), false);
  // Single use: the same round again asks.
  const again = await adapter.answerInputRequired(result, options(store)).catch((error) => error);
  assert.ok(again instanceof adapter.FormElicitationPendingError);
});

test('an entry with no mode is a form: the same pending fingerprint and the same inputResponses as with mode "form"', async () => {
  const withMode = inputRequired(BILLING);
  const withoutMode = structuredClone(withMode);
  delete withoutMode.inputRequests.billing_details.params.mode;
  assert.equal("mode" in withoutMode.inputRequests.billing_details.params, false);
  const pendingOf = (result) => adapter.answerInputRequired(result, options(storeWith())).catch((error) => error);
  const [parkedWith, parkedWithout] = [await pendingOf(withMode), await pendingOf(withoutMode)];
  assert.ok(parkedWithout instanceof adapter.FormElicitationPendingError);
  assert.equal(parkedWithout.pending.fingerprint, parkedWith.pending.fingerprint);
  assert.deepEqual(parkedWithout.pending.questions, BILLING_QUESTIONS);
  const answered = (result) => adapter.answerInputRequired(result, options(storeWith(accepted())));
  assert.deepEqual(await answered(withoutMode), await answered(withMode));
});

test("a recorded decline is sent as decline", async () => {
  const { inputResponses } = await adapter.answerInputRequired(
    inputRequired(BILLING),
    options(storeWith(accepted(BILLING, { action: "decline", answers: {} }))),
  );
  assert.deepEqual(inputResponses, { billing_details: { action: "decline" } });
});

test("a refused form in inputRequests fails the round without touching the store or asking anyone", async () => {
  const store = storeWith(accepted());
  const seen = [];
  const refused = await adapter
    .answerInputRequired(
      inputRequired({ type: "object", properties: { password: { type: "string" } } }),
      options(store, { onPending: (p) => seen.push(p) }),
    )
    .catch((error) => error);
  assert.ok(refused instanceof form.FormRefusalError);
  assert.deepEqual([refused.kind, refused.property], ["credential", "password"]);
  assert.equal(store.takes, 0);
  assert.deepEqual(seen, []);
});

test("the engine's message bound: a message over 2,000 characters is refused after the schema parses", async () => {
  const long = "é".repeat(2001);
  const refused = await adapter
    .answerInputRequired(inputRequired(BILLING, { params: { message: long } }), options(storeWith()))
    .catch((error) => error);
  assert.ok(refused instanceof form.FormRefusalError);
  // The backend's text for the bound in a round (http.rs answer_form_elicitation).
  assert.equal(
    refused.message,
    "MCP server 'billing' sent a form elicitation message longer than 2000 characters for tool 'buy'",
  );
  assert.equal(refused.kind, "message");
  const fits = await adapter
    .answerInputRequired(inputRequired(BILLING, { params: { message: "é".repeat(2000) } }), options(storeWith()))
    .catch((error) => error);
  assert.ok(fits instanceof adapter.FormElicitationPendingError, "2,000 scalars (not UTF-16 units) fit");
});

const LINK = {
  method: "elicitation/create",
  params: { mode: "url", message: "Connect your calendar", url: CONNECT_URL },
};

test("rounds the backend does not answer fail with its texts, nothing taken: two forms at once, another kind of request, a mode it does not know, a link with no url", async () => {
  const store = storeWith(accepted());
  const two = inputRequired(BILLING);
  two.inputRequests.second = two.inputRequests.billing_details;
  await assert.rejects(adapter.answerInputRequired(two, options(store)), {
    name: "InputRequiredRoundError",
    message:
      "MCP server 'billing' sent 2 form elicitations in one round for tool 'buy'; Everruns answers at most one at a time",
  });
  const unsupported = (key, method) => ({
    name: "InputRequiredRoundError",
    message:
      `MCP server 'billing' requested input '${key}' ` +
      `(${method}) for tool 'buy' that this client does not support; everruns answers only URL and form mode elicitation`,
  });
  // The first in the backend's map order is named, though a form ahead of it in the server's order is fine.
  const sampling = {
    resultType: "input_required",
    inputRequests: {
      z: inputRequired(BILLING).inputRequests.billing_details,
      s: { method: "sampling/createMessage", params: {} },
    },
  };
  await assert.rejects(
    adapter.answerInputRequired(sampling, options(store)),
    unsupported("s", "sampling/createMessage"),
  );
  const other = inputRequired(BILLING, { params: { mode: "telepathy" } });
  await assert.rejects(
    adapter.answerInputRequired(other, options(store)),
    unsupported("billing_details", "elicitation/create"),
  );
  const noUrl = {
    resultType: "input_required",
    inputRequests: { connect: { ...LINK, params: { mode: "url", message: "Go" } } },
  };
  await assert.rejects(
    adapter.answerInputRequired(noUrl, options(store)),
    unsupported("connect", "elicitation/create"),
  );
  const noSchema = inputRequired(undefined);
  delete noSchema.inputRequests.billing_details.params.requestedSchema;
  await assert.rejects(
    adapter.answerInputRequired(noSchema, options(store)),
    unsupported("billing_details", "elicitation/create"),
  );
  await assert.rejects(adapter.answerInputRequired({ content: [] }, options(store)), TypeError);
  assert.equal(store.takes, 0, "no record was taken");
});

test("URL mode: a round asking a link parks with the consent view (no onPending); a consent for its host is taken once and sent as {action: accept}, without content; a hostile link is refused before the store", async () => {
  const urlForm = await urlEntry();
  const round = { resultType: "input_required", inputRequests: { connect: LINK }, requestState: STATE };
  const seen = [];
  const forms = [];
  const store = storeWith();
  const parked = await adapter
    .answerInputRequired(round, options(store, { onUrlPending: (p) => seen.push(p), onPending: (p) => forms.push(p) }))
    .catch((error) => error);
  assert.ok(parked instanceof adapter.UrlElicitationPendingError, String(parked));
  assert.equal(parked.result, round);
  assert.deepEqual(seen, [parked.pending]);
  assert.deepEqual(forms, []);
  assert.deepEqual(parked.pending.view, urlForm.urlElicitation(LINK, "billing"));
  // The backend's UrlElicitationPending text.
  assert.equal(
    parked.message,
    "MCP server 'billing' needs you to complete an interaction at accounts.example.com before tool 'buy' can run",
  );
  store.recordConsent(urlForm.recordUrlConsent({ server: "billing", tool: "buy", host: parked.pending.host }));
  const { inputResponses } = await adapter.answerInputRequired(round, options(store));
  assert.deepEqual(inputResponses, { connect: { action: "accept" } });
  assert.deepEqual(adapter.retryParams({ name: "buy" }, round, inputResponses), {
    name: "buy",
    inputResponses,
    requestState: STATE,
  });
  const again = await adapter.answerInputRequired(round, options(store)).catch((error) => error);
  assert.ok(again instanceof adapter.UrlElicitationPendingError, "used once");
  // A consent to another host is taken and not honoured (ConsentingUrlElicitations compares the host).
  store.recordConsent(urlForm.recordUrlConsent({ server: "billing", tool: "buy", host: "evil.example" }));
  assert.ok(
    (await adapter.answerInputRequired(round, options(store)).catch((error) => error)) instanceof
      adapter.UrlElicitationPendingError,
  );
  assert.equal(store.takeConsent("billing", "buy"), null, "taken");
  assert.equal(store.takes, 0, "a link never takes a form's answer");
  const consentTakes = store.consentTakes;
  const hostile = {
    resultType: "input_required",
    inputRequests: { connect: { ...LINK, params: { ...LINK.params, url: "https://a\u200bb.example/" } } },
  };
  const refused = await adapter.answerInputRequired(hostile, options(store)).catch((error) => error);
  assert.deepEqual([refused.name, refused.kind], ["UrlRefusalError", "hiddenCharacter"]);
  assert.match(refused.message, /^MCP server 'billing' sent an unusable elicitation URL: /);
  assert.equal(store.consentTakes, consentTakes, "the store was not touched");
});

test("a form and a link in one round are both answered, each from its own record under its own key; handled in map order, the first not answered stops the round", async () => {
  const urlForm = await urlEntry();
  const round = inputRequired(BILLING);
  round.inputRequests.connect = LINK;
  const store = storeWith();
  // "billing_details" sorts before "connect": the form is asked first, and the link is not touched.
  const first = await adapter.answerInputRequired(round, options(store)).catch((error) => error);
  assert.ok(first instanceof adapter.FormElicitationPendingError, String(first));
  assert.deepEqual([store.takes, store.consentTakes], [1, 0]);
  store.record(accepted());
  const second = await adapter.answerInputRequired(round, options(store)).catch((error) => error);
  assert.ok(second instanceof adapter.UrlElicitationPendingError, String(second));
  assert.deepEqual([store.takes, store.consentTakes], [2, 1]);
  store.record(accepted());
  store.recordConsent(urlForm.recordUrlConsent({ server: "billing", tool: "buy", host: second.pending.host }));
  const { inputResponses } = await adapter.answerInputRequired(round, options(store));
  assert.deepEqual(inputResponses, {
    billing_details: { action: "accept", content: { email: "ada@example.com", notify: true, plan: "team", seats: 12 } },
    connect: { action: "accept" },
  });
  // Any number of links beside it.
  round.inputRequests.mail = { ...LINK, params: { ...LINK.params, url: "https://mail.example.com/connect" } };
  store.record(accepted());
  store.recordConsent(urlForm.recordUrlConsent({ server: "billing", tool: "buy", host: "accounts.example.com" }));
  const mail = await adapter.answerInputRequired(round, options(store)).catch((error) => error);
  assert.ok(mail instanceof adapter.UrlElicitationPendingError, "one consent is one accept: the second link asks");
  assert.equal(mail.pending.host, "mail.example.com");
});

test("callToolWithRetries: a server that keeps asking stops after the backend's 2 retries, with its text", async () => {
  const urlForm = await urlEntry();
  let round = 0;
  const send = async () => {
    round += 1;
    return {
      resultType: "input_required",
      inputRequests: { connect: { ...LINK, params: { ...LINK.params, url: `${CONNECT_URL}?round=${round}` } } },
    };
  };
  const store = {
    take: () => null,
    takeConsent: (server, tool) => urlForm.recordUrlConsent({ server, tool, host: "accounts.example.com" }),
  };
  const error = await adapter.callToolWithRetries(send, { name: "buy" }, options(store)).catch((caught) => caught);
  assert.ok(error instanceof adapter.InputRequiredRoundsExceededError, String(error));
  assert.equal(
    error.message,
    "MCP request 'tools/call' for 'buy' still requires input after 2 rounds; " +
      "if you were asked to complete something in your browser, finish it and retry the request",
  );
  assert.deepEqual([error.rounds, error.method, error.target, error.asksUrl], [2, "tools/call", "buy", true]);
  assert.equal(round, 3, "two rounds answered, the third not");
  let sends = 0;
  const forms = await adapter
    .callToolWithRetries(
      async () => {
        sends += 1;
        return inputRequired(BILLING);
      },
      { name: "buy" },
      options({ take: () => accepted() }),
    )
    .catch((caught) => caught);
  assert.equal(forms.name, "InputRequiredRoundsExceededError");
  assert.equal(forms.asksUrl, false);
  assert.equal(sends, 3);
  // An empty round counts as a round: the backend retries it within the same bound.
  let empties = 0;
  const empty = await adapter
    .callToolWithRetries(
      async () => {
        empties += 1;
        return { resultType: "input_required", requestState: "s" };
      },
      { name: "buy" },
      options(storeWith()),
    )
    .catch((caught) => caught);
  assert.deepEqual([empty.name, empties], ["InputRequiredRoundsExceededError", 3]);
  // A host may choose its own bound.
  let more = 0;
  await adapter
    .callToolWithRetries(
      async () => {
        more += 1;
        return { resultType: "input_required", requestState: "s" };
      },
      { name: "buy" },
      options(storeWith(), { maxRounds: 4 }),
    )
    .catch(() => {});
  assert.equal(more, 5);
});

// A hand-written 2026-07-28 server: asks in round one, checks the retry.
function mrtrServer(schemas) {
  const log = [];
  let round = 0;
  async function send(params) {
    log.push(structuredClone(params));
    const schema = schemas[Math.min(round, schemas.length - 1)];
    if (params.inputResponses === undefined) {
      round += 1;
      return inputRequired(schema, { requestState: `${STATE}${round}` });
    }
    assert.equal(params.requestState, `${STATE}${round}`, "requestState echoed unchanged");
    const response = params.inputResponses.billing_details;
    if (response.action === "accept") {
      const check = new AjvJsonSchemaValidator().getValidator(schema)(response.content);
      assert.ok(check.valid, check.errorMessage);
    }
    return { content: [{ type: "text", text: JSON.stringify(response) }] };
  }
  return { send, log };
}

test("callToolWithRetries: ask, park; once answered, the retry carries the answer and the server's state", async () => {
  const memory = new adapter.MemoryFormAnswers();
  const server = mrtrServer([BILLING]);
  const parked = await adapter
    .callToolWithRetries(server.send, { name: "buy", arguments: {} }, options(memory))
    .catch((error) => error);
  assert.ok(parked instanceof adapter.FormElicitationPendingError);
  memory.record(accepted());
  const result = await adapter.callToolWithRetries(server.send, { name: "buy", arguments: {} }, options(memory));
  assert.deepEqual(JSON.parse(result.content[0].text), {
    action: "accept",
    content: form.contentFromAnswers(BILLING, billingAnswers),
  });
  assert.deepEqual(server.log.at(-1), {
    name: "buy",
    arguments: {},
    requestState: `${STATE}2`,
    inputResponses: {
      billing_details: {
        action: "accept",
        content: { email: "ada@example.com", notify: true, plan: "team", seats: 12 },
      },
    },
  });
});

test("callToolWithRetries: a schema changed between the ask and the retry is asked again", async () => {
  const changed = structuredClone(BILLING);
  changed.properties.plan.enumNames = ["Professional", "Team"];
  const memory = new adapter.MemoryFormAnswers();
  memory.record(accepted(BILLING));
  const server = mrtrServer([changed]);
  const parked = await adapter
    .callToolWithRetries(server.send, { name: "buy" }, options(memory))
    .catch((error) => error);
  assert.ok(parked instanceof adapter.FormElicitationPendingError);
  assert.equal(parked.pending.fingerprint, form.fingerprint(changed));
  assert.equal(memory.take("billing", "buy"), null, "the stale answer was used up, not sent");
});

test("through the SDK: a low-level Server speaking the 2026-07-28 shapes, driven by Client.request, gets the answer and its requestState back", async () => {
  // SDK 1.32.2's tools/call schema drops inputResponses and requestState, so
  // this server reads tools/call through a schema that keeps them.
  const LooseCallTool = CallToolRequestSchema.extend({ params: CallToolRequestParamsSchema.loose() });
  const server = new Server({ name: "billing-server", version: "1.0.0" }, { capabilities: { tools: {} } });
  const calls = [];
  server.setRequestHandler(LooseCallTool, async (request) => {
    calls.push(request.params);
    if (request.params.inputResponses === undefined) {
      return inputRequired(BILLING, { requestState: STATE });
    }
    return { content: [{ type: "text", text: JSON.stringify(request.params.inputResponses) }] };
  });
  const client = new Client({ name: "host", version: "1.0.0" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);

  const forms = adapter.formElicitation({ serverName: "billing", store: storeWith(accepted()) });
  const send = (params) => client.request({ method: "tools/call", params }, CallToolResultSchema);
  const result = await forms.callToolWithRetries(send, { name: "buy", arguments: { account: "acme" } });
  assert.equal(calls.length, 2);
  assert.equal(calls[1].requestState, STATE);
  assert.deepEqual(calls[1].arguments, { account: "acme" });
  assert.equal(
    result.content[0].text,
    '{"billing_details":{"action":"accept","content":{"email":"ada@example.com","notify":true,"plan":"team","seats":12}}}',
  );
  await client.close();
});
