// The SDK v2 adapter (elicit-form-mcp-client) against a real SDK v2
// McpServer (tests/flow/v2-server.mjs) whose tools answer with
// inputRequired(...): over stdio (the server as a child process) and over
// Streamable HTTP on 127.0.0.1, in the client's auto-fulfilment mode and in
// manual mode, under both profiles; then the same server negotiated down to
// 2025-11-25 (it pushes elicitation/create) with the v2 client and with an
// SDK v1 client (elicit-form-mcp-sdk). URL mode through the same server:
// `connect_account` (one link), `keep_asking_url` (a new link every round)
// and `url_required` (-32042 on 2025-11-25). "elicit-form" and the adapters
// are the packed packages installed by tests/flow/prepare.mjs.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as V1StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as V1StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { adapter, clientAdapter, core, form, formMcp } from "./scratch/modules.mjs";
import {
  BILLING,
  BILLING_QUESTIONS,
  CONNECT_URL,
  SEATS_ONLY,
  billingAnswers,
  countingStore,
  urlEntry,
} from "./support.mjs";
import { httpServersForSuite } from "./http-servers.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const SERVER_SCRIPT = join(here, "v2-server.mjs");
const SPEC = { profile: "mcp-2026-07-28" };
const MINUTE = 60_000;

// Both eras per request (createMcpHandler), and a sessionful 2025 entry for pushed forms.
const endpoint = httpServersForSuite();

const TRANSPORTS = {
  stdio: () =>
    new StdioClientTransport({ command: process.execPath, args: [SERVER_SCRIPT, "stdio"], stderr: "ignore" }),
  "Streamable HTTP": (era) => new StreamableHTTPClientTransport(new URL(endpoint(era))),
};

// One v2 client connected to the test server, with the adapter installed.
// `sent` logs the tools/call requests the client sent.
async function connect(
  transportName,
  { mode, profile, era = "modern", store = countingStore(clientAdapter.MemoryFormAnswers) },
) {
  const clock = { now: undefined };
  const pendings = [];
  const urlPendings = [];
  const sent = [];
  const forms = clientAdapter.formElicitation({
    serverName: "billing",
    store,
    ...(profile === undefined ? {} : { profile }),
    now: () => clock.now,
    onPending: (pending) => {
      pendings.push(pending);
    },
    onUrlPending: (pending) => {
      urlPendings.push(pending);
    },
  });
  const client = forms.install(
    new Client(
      { name: "host", version: "1.0.0" },
      {
        versionNegotiation: era === "modern" ? { mode: { pin: "2026-07-28" } } : { mode: "legacy" },
        ...(mode === "manual" ? { inputRequired: { autoFulfill: false } } : {}),
      },
    ),
  );
  const wire = core.observedTransport(TRANSPORTS[transportName](era), {
    outgoing: (message) => {
      if (message?.method === "tools/call") sent.push(structuredClone(message.params));
    },
    incoming: () => {},
  });
  await client.connect(forms.transport(wire));
  // Calls the tool the way the mode does it; returns what the server received, or throws.
  async function call(name, args = {}) {
    const params = { name, arguments: args };
    const result =
      mode === "manual" ? await forms.callToolWithRetries(client, params) : await forms.callTool(client, params);
    assert.equal(result.isError, undefined, JSON.stringify(result));
    return JSON.parse(result.content[0].text);
  }
  return { client, forms, store, clock, pendings, urlPendings, sent, call, close: () => client.close() };
}

async function urlParked(promise) {
  const error = await promise.then(
    () => assert.fail("the call must park"),
    (caught) => caught,
  );
  assert.ok(error instanceof clientAdapter.UrlElicitationPendingError, String(error?.stack ?? error));
  return error;
}

async function parked(promise) {
  const error = await promise.then(
    () => assert.fail("the call must park"),
    (caught) => caught,
  );
  assert.ok(error instanceof clientAdapter.FormElicitationPendingError, String(error?.stack ?? error));
  return error;
}

// A record under the second profile comes from the entry that has it.
function record(store, fingerprint, action, options, extra = {}) {
  store.record(
    (options === undefined ? form : formMcp).recordFormAnswer(
      {
        server: "billing",
        tool: "buy",
        fingerprint,
        action,
        ...(action === "accept" ? { answers: billingAnswers } : {}),
        ...extra,
      },
      options,
    ),
  );
}

for (const transportName of Object.keys(TRANSPORTS)) {
  for (const mode of ["auto", "manual"]) {
    describe(`SDK v2 client, 2026-07-28 over ${transportName}, ${mode} mode`, () => {
      let c;
      before(async () => {
        c = await connect(transportName, { mode });
      });
      after(() => c.close());

      test("the connection negotiated 2026-07-28", () => {
        assert.equal(c.client.getProtocolEra(), "modern");
      });

      test("ask -> pending -> record -> retry: the server gets exactly the backend's content and requestState back; a second retry asks again", async () => {
        const first = await parked(c.call("buy"));
        assert.equal(first.message, "MCP server 'billing' has questions for you before tool 'buy' can run");
        assert.deepEqual(first.pending.questions, BILLING_QUESTIONS);
        assert.equal(first.pending.fingerprint, form.fingerprint(BILLING));
        assert.deepEqual(c.pendings.at(-1), first.pending);
        if (mode === "manual") assert.equal(first.result.resultType, "input_required");

        record(c.store, first.pending.fingerprint, "accept");
        const got = await c.call("buy");
        assert.equal(
          JSON.stringify(got.received.content),
          '{"email":"ada@example.com","notify":true,"plan":"team","seats":12}',
          "the backend's content, in its key order",
        );
        assert.deepEqual(got.received, { action: "accept", content: form.contentFromAnswers(BILLING, billingAnswers) });
        assert.equal(got.state, 'buy:billing:ünïcödé "state"', "requestState echoed byte for byte");

        await parked(c.call("buy"));
      });

      test("a changed schema under the same tool is asked again, and the old answer is used up", async () => {
        record(c.store, form.fingerprint(BILLING), "accept");
        const takes = c.store.takes;
        const changed = await parked(c.call("buy", { variant: "seats-only" }));
        assert.equal(changed.pending.fingerprint, form.fingerprint(SEATS_ONLY));
        assert.notEqual(changed.pending.fingerprint, form.fingerprint(BILLING));
        assert.equal(c.store.takes, takes + 1);
        await parked(c.call("buy"));
      });

      test("an answer recorded 30 minutes ago is not sent: the form is asked again", async () => {
        const t0 = Date.parse("2026-08-01T10:00:00Z");
        record(c.store, form.fingerprint(BILLING), "accept", undefined, { now: t0 });
        c.clock.now = t0 + 30 * MINUTE;
        try {
          await parked(c.call("buy"));
          record(c.store, form.fingerprint(BILLING), "accept", undefined, { now: t0 });
          c.clock.now = t0 + 30 * MINUTE - 1;
          assert.equal((await c.call("buy")).received.action, "accept", "a millisecond before, the answer is sent");
        } finally {
          c.clock.now = undefined;
        }
      });

      test("a credential form is refused without prompting: nothing shown, the store untouched", async () => {
        const takes = c.store.takes;
        const shown = c.pendings.length;
        const refused = await c.call("connect-account").then(
          () => assert.fail("refused"),
          (error) => error,
        );
        assert.ok(refused instanceof form.FormRefusalError, String(refused));
        assert.deepEqual([refused.kind, refused.property], ["credential", "apiKey"]);
        assert.match(refused.message, /URL mode elicitation instead/);
        assert.equal(c.store.takes, takes);
        assert.equal(c.pendings.length, shown);
      });

      test("a recorded decline reaches the server as decline, with no content", async () => {
        record(c.store, form.fingerprint(BILLING), "decline");
        assert.deepEqual((await c.call("buy")).received, { action: "decline" });
      });

      test("two calls of one tool in flight, asking different forms under the same key: each parks with its own form", async () => {
        const [billing, seats] = await Promise.all([
          parked(c.call("buy")),
          parked(c.call("buy", { variant: "seats-only" })),
        ]);
        assert.equal(billing.pending.fingerprint, form.fingerprint(BILLING));
        assert.equal(seats.pending.fingerprint, form.fingerprint(SEATS_ONLY));
      });

      test("a round with two forms is answered not at all, with the backend's text", async () => {
        const takes = c.store.takes;
        const error = await c.call("setup").then(
          () => assert.fail("unanswerable"),
          (caught) => caught,
        );
        assert.ok(error instanceof clientAdapter.InputRequiredRoundError, String(error));
        assert.equal(
          error.message,
          "MCP server 'billing' sent 2 form elicitations in one round for tool 'setup'; Everruns answers at most one at a time",
        );
        assert.deepEqual(error.keys, ["name", "region"]);
        assert.equal(c.store.takes, takes, "no record was used up");
      });
    });

    describe(`SDK v2 client, 2026-07-28 over ${transportName}, ${mode} mode, profile mcp-2026-07-28`, () => {
      let c;
      before(async () => {
        c = await connect(transportName, { mode, profile: "mcp-2026-07-28" });
      });
      after(() => c.close());

      test("the questions and fingerprint are the profile's; accept sends the profile's content", async () => {
        const first = await parked(c.call("buy"));
        assert.deepEqual(first.pending.questions, formMcp.questions(BILLING, "billing", SPEC));
        assert.equal(first.pending.fingerprint, formMcp.fingerprint(BILLING, SPEC));
        record(c.store, first.pending.fingerprint, "accept", SPEC);
        assert.deepEqual((await c.call("buy")).received, {
          action: "accept",
          content: formMcp.contentFromAnswers(BILLING, billingAnswers, SPEC),
        });
      });

      test("cancel is distinct from decline: each reaches the server as recorded", async () => {
        record(c.store, formMcp.fingerprint(BILLING, SPEC), "cancel", SPEC);
        assert.deepEqual((await c.call("buy")).received, { action: "cancel" });
        record(c.store, formMcp.fingerprint(BILLING, SPEC), "decline", SPEC);
        assert.deepEqual((await c.call("buy")).received, { action: "decline" });
      });

      test("a record made under the backend profile never answers under this one", async () => {
        record(c.store, form.fingerprint(BILLING), "accept");
        await parked(c.call("buy"));
      });

      test("a credential form is refused under this profile too", async () => {
        const refused = await c.call("connect-account").catch((error) => error);
        assert.deepEqual([refused.name, refused.kind, refused.property], ["FormRefusalError", "credential", "apiKey"]);
      });
    });

    describe(`SDK v2 client, URL mode, 2026-07-28 over ${transportName}, ${mode} mode`, () => {
      let c;
      let urlForm;
      before(async () => {
        urlForm = await urlEntry();
        c = await connect(transportName, { mode });
      });
      after(() => c.close());

      const connectView = (url = CONNECT_URL) =>
        urlForm.urlElicitation({ mode: "url", message: "Connect your calendar", url }, "billing");
      // The backend's StoredConsent: the host the person saw, under the consent key.
      const consent = (tool = "connect_account", host = "accounts.example.com") =>
        c.store.recordConsent(urlForm.recordUrlConsent({ server: "billing", tool, host }));
      const retries = () =>
        c.sent.filter((params) => params.inputResponses !== undefined || params.requestState !== undefined);

      test("ask -> UrlElicitationPendingError with the consent view -> record accept -> the retry sends {action: accept} once with requestState exactly; a second retry asks again", async () => {
        const first = await urlParked(c.call("connect_account"));
        assert.equal(
          first.message,
          "MCP server 'billing' needs you to complete an interaction at accounts.example.com before tool 'connect_account' can run",
        );
        assert.deepEqual(first.pending.view, connectView());
        assert.equal(first.pending.view.url, CONNECT_URL);
        assert.equal(first.pending.view.site, "example.com");
        assert.equal(first.pending.view.displayHost, "accounts.example.com");
        assert.equal(first.pending.view.header, "billing", "the configured server name, never server text");
        assert.match(first.pending.view.fingerprint, /^[0-9a-f]{64}$/);
        assert.equal(first.pending.view.elicitationId, null, "2026-07-28 entries carry none");
        assert.deepEqual([first.pending.serverName, first.pending.toolName], ["billing", "connect_account"]);
        assert.deepEqual(first.pendings, [first.pending]);
        assert.deepEqual(c.urlPendings.at(-1), first.pending);
        if (mode === "manual") assert.equal(first.result.resultType, "input_required");

        consent();
        const before = c.sent.length;
        const got = await c.call("connect_account");
        assert.deepEqual(got.received, { action: "accept" }, "no content with a URL-mode answer");
        assert.equal(got.state, 'connect:ünïcödé "state"', "requestState echoed byte for byte");
        const retried = c.sent.slice(before).filter((params) => params.inputResponses !== undefined);
        assert.deepEqual(
          retried.map((params) => params.inputResponses),
          [{ connect: { action: "accept" } }],
          "sent once",
        );
        assert.equal(retried[0].requestState, 'connect:ünïcödé "state"');

        await urlParked(c.call("connect_account"));
      });

      test("a link declined or cancelled records nothing: the call parks again and nothing is sent (the backend's UrlElicitationPending)", async () => {
        const before = retries().length;
        const again = await urlParked(c.call("connect_account"));
        assert.equal(again.pending.summary, again.message);
        assert.equal(retries().length, before, "nothing reached the server for the link");
      });

      for (const [hostile, kind] of [
        ["https://accounts.example.com@evil.example/", "userInfo"],
        ["javascript:alert(1)", "scheme"],
      ]) {
        test(`a hostile link (${kind}) is refused: nothing pending, the store untouched, nothing sent back`, async () => {
          consent();
          const takes = c.store.consentTakes;
          const shown = c.urlPendings.length;
          const before = retries().length;
          const refused = await c.call("connect_account", { url: hostile }).then(
            () => assert.fail("refused"),
            (error) => error,
          );
          assert.equal(refused.name, "UrlRefusalError", String(refused));
          assert.ok(refused instanceof urlForm.UrlRefusalError);
          assert.equal(refused.kind, kind);
          assert.match(
            refused.message,
            /^MCP server 'billing' sent an unusable elicitation URL: /,
            "the backend's words in a round",
          );
          assert.equal(c.store.consentTakes, takes, "no consent was taken");
          assert.equal(c.urlPendings.length, shown, "nothing shown");
          assert.equal(retries().length, before, "no retry was sent");
          assert.equal(
            c.store.takeConsent("billing", "connect_account").host,
            "accounts.example.com",
            "the consent is still there",
          );
        });
      }

      test("a link to another host under the same tool is asked again: the consent is used up, not applied (bound to the host the person saw)", async () => {
        consent();
        const takes = c.store.consentTakes;
        const changed = await urlParked(c.call("connect_account", { url: "https://mail.example.com/connect" }));
        assert.equal(changed.pending.host, "mail.example.com");
        assert.equal(c.store.consentTakes, takes + 1);
        await urlParked(c.call("connect_account"));
      });

      test("form answers and link consents are kept apart: a link never takes a form's answer, nor a form a consent", async () => {
        c.store.record(
          form.recordFormAnswer({
            server: "billing",
            tool: "connect_account",
            fingerprint: form.fingerprint(BILLING),
            action: "accept",
            answers: billingAnswers,
          }),
        );
        await urlParked(c.call("connect_account"));
        assert.equal(
          c.store.take("billing", "connect_account")?.tool,
          "connect_account",
          "the form's answer is still there",
        );
        consent("buy");
        await parked(c.call("buy"));
        assert.equal(c.store.takeConsent("billing", "buy")?.host, "accounts.example.com", "the consent is still there");
      });

      // Handled in the backend's map order, the first entry not answered ends the call: nothing is sent.
      for (const [also, Parked, takesFirst] of [
        ["form", clientAdapter.FormElicitationPendingError, "billing"],
        ["url", clientAdapter.UrlElicitationPendingError, "connect"],
      ]) {
        test(`a round with a link and ${also === "form" ? "a form" : "another link"} is answered in map order and stops at the first not answered ("${takesFirst}")`, async () => {
          const before = retries().length;
          const error = await c.call("connect_account", { also }).then(
            () => assert.fail("parked"),
            (caught) => caught,
          );
          assert.ok(error instanceof Parked, String(error));
          assert.equal(retries().length, before, "no retry was sent");
        });
      }

      test("a round with a form and a link is answered whole from the form's answer and the link's consent, each under its own key", async () => {
        c.store.record(
          form.recordFormAnswer({
            server: "billing",
            tool: "connect_account",
            fingerprint: form.fingerprint(BILLING),
            action: "accept",
            answers: billingAnswers,
          }),
        );
        consent();
        const before = c.sent.length;
        const got = await c.call("connect_account", { also: "form" });
        assert.deepEqual(got.received, { action: "accept" });
        const retried = c.sent.slice(before).filter((params) => params.inputResponses !== undefined);
        assert.deepEqual(
          retried.map((params) => params.inputResponses),
          [
            {
              billing: { action: "accept", content: form.contentFromAnswers(BILLING, billingAnswers) },
              connect: { action: "accept" },
            },
          ],
        );
        assert.equal(c.store.take("billing", "connect_account"), null, "the form's answer was used");
        assert.equal(c.store.takeConsent("billing", "connect_account"), null, "the consent was used");
      });
    });

    test(`SDK v2 client, URL mode over ${transportName}, ${mode} mode: a server asking a new link every round stops after the backend's 2 retries, with its text`, async () => {
      const urlForm = await urlEntry();
      // Accepts whatever link keep_asking_url numbers next, so every round is answered.
      const store = {
        takes: 0,
        take: () => null,
        takeConsent(server, tool) {
          store.takes += 1;
          return urlForm.recordUrlConsent({ server, tool, host: "accounts.example.com" });
        },
      };
      const c = await connect(transportName, { mode, store });
      try {
        const error = await c.call("keep_asking_url").then(
          () => assert.fail("unbounded"),
          (caught) => caught,
        );
        assert.ok(error instanceof clientAdapter.InputRequiredRoundsExceededError, String(error?.stack ?? error));
        assert.equal(
          error.message,
          "MCP request 'tools/call' for 'keep_asking_url' still requires input after 2 rounds; " +
            "if you were asked to complete something in your browser, finish it and retry the request",
        );
        assert.equal(error.rounds, 2);
        assert.equal(error.asksUrl, true);
        assert.equal(error.lastResult.inputRequests.connect.params.url, `${CONNECT_URL}?round=3`);
        assert.equal(store.takes, 2, "each of the 2 rounds answered once");
      } finally {
        await c.close();
      }
    });
  }
}

test("manual mode by hand: the host parks on the input_required round, then retries with inputResponses under the server's key and requestState echoed", async () => {
  const c = await connect("stdio", { mode: "manual" });
  try {
    const params = { name: "buy", arguments: {} };
    const round = await c.client.request({ method: "tools/call", params }, { allowInputRequired: true });
    assert.equal(round.resultType, "input_required");
    const waiting = await parked(c.forms.answerInputRequired(round, "buy"));
    assert.equal(waiting.result, round);
    record(c.store, waiting.pending.fingerprint, "accept");
    const { inputResponses } = await c.forms.answerInputRequired(round, "buy");
    assert.deepEqual(Object.keys(inputResponses), ["billing"]);
    const retry = clientAdapter.retryParams(params, round, inputResponses);
    assert.equal(retry.requestState, round.requestState);
    const done = await c.client.request({ method: "tools/call", params: retry }, { allowInputRequired: true });
    const got = JSON.parse(done.content[0].text);
    assert.deepEqual(got.received, { action: "accept", content: form.contentFromAnswers(BILLING, billingAnswers) });
    assert.equal(got.state, round.requestState);
  } finally {
    await c.close();
  }
});

describe("the same server negotiated down to 2025-11-25 (pushed elicitation/create)", () => {
  for (const transportName of Object.keys(TRANSPORTS))
    test(`SDK v2 client over ${transportName}: park, record, the retry gets the backend's content; a credential is refused with the backend's text`, async () => {
      const c = await connect(transportName, { mode: "auto", era: "legacy" });
      try {
        assert.equal(c.client.getProtocolEra(), "legacy");
        const first = await parked(c.call("buy"));
        assert.deepEqual(first.pending.questions, BILLING_QUESTIONS);
        record(c.store, first.pending.fingerprint, "accept");
        const got = await c.call("buy");
        assert.deepEqual(got.received, { action: "accept", content: form.contentFromAnswers(BILLING, billingAnswers) });
        await parked(c.call("buy"));
        const refused = await c.call("connect-account").catch((error) => error);
        assert.deepEqual([refused.name, refused.kind, refused.property], ["FormRefusalError", "credential", "apiKey"]);
      } finally {
        await c.close();
      }
    });

  for (const transportName of Object.keys(TRANSPORTS))
    test(`SDK v2 client over ${transportName}: a pushed link (minted elicitationId) parks with its view, the recorded accept is sent as {action: accept}; a hostile link is refused`, async () => {
      const urlForm = await urlEntry();
      const c = await connect(transportName, { mode: "auto", era: "legacy" });
      try {
        const first = await urlParked(c.call("connect_account"));
        assert.match(first.pending.view.elicitationId, /^[0-9a-f-]{36}$/, "the server's shim mints a UUID");
        assert.equal(first.pending.view.url, CONNECT_URL);
        assert.equal(first.pending.view.header, "billing");
        c.store.recordConsent(
          urlForm.recordUrlConsent({ server: "billing", tool: "connect_account", host: first.pending.host }),
        );
        const got = await c.call("connect_account");
        assert.deepEqual(got.received, { action: "accept" });
        await urlParked(c.call("connect_account"));
        const takes = c.store.consentTakes;
        const refused = await c
          .call("connect_account", { url: "https://accounts.example.com@evil.example/" })
          .catch((error) => error);
        assert.deepEqual([refused.name, refused.kind], ["UrlRefusalError", "userInfo"]);
        assert.equal(c.store.consentTakes, takes);
      } finally {
        await c.close();
      }
    });

  for (const transportName of Object.keys(TRANSPORTS))
    test(`SDK v2 client over ${transportName}: -32042 parks with a view for each link, takes no record and sends nothing back; a hostile link refuses them all`, async () => {
      const urlForm = await urlEntry();
      const c = await connect(transportName, { mode: "auto", era: "legacy" });
      try {
        c.store.recordConsent(
          urlForm.recordUrlConsent({ server: "billing", tool: "url_required", host: "accounts.example.com" }),
        );
        const takes = c.store.consentTakes;
        const error = await urlParked(c.call("url_required"));
        assert.equal(error.message, "MCP server 'billing' asks you to open 2 links before tool 'url_required' can run");
        assert.deepEqual(
          error.pendings.map((pending) => [pending.view.elicitationId, pending.view.url, pending.view.site]),
          [
            ["calendar-1", CONNECT_URL, "example.com"],
            ["mail-1", "https://mail.example.com/connect", "example.com"],
          ],
        );
        assert.equal(error.pending, error.pendings[0]);
        assert.deepEqual(c.urlPendings.slice(-2), error.pendings);
        assert.equal(c.store.consentTakes, takes, "nothing is sent for -32042, so no consent is used up");
        assert.equal(c.sent.filter((params) => params.name === "url_required").length, 1, "the retry is the host's");
        const shown = c.urlPendings.length;
        const refused = await c.call("url_required", { url: "javascript:alert(1)" }).catch((caught) => caught);
        assert.deepEqual([refused.name, refused.kind], ["UrlRefusalError", "scheme"]);
        assert.equal(c.urlPendings.length, shown, "nothing shown");
      } finally {
        await c.close();
      }
    });

  const V1_TRANSPORTS = {
    stdio: () =>
      new V1StdioClientTransport({ command: process.execPath, args: [SERVER_SCRIPT, "stdio"], stderr: "ignore" }),
    "Streamable HTTP": () => new V1StreamableHTTPClientTransport(new URL(endpoint("legacy"))),
  };
  for (const transportName of Object.keys(V1_TRANSPORTS))
    test(`SDK v1 client (elicit-form-mcp-sdk) over ${transportName}: park, record, the retry gets the backend's content; a pushed link parks and a consent is sent as accept; -32042 parks`, async () => {
      const store = countingStore(clientAdapter.MemoryFormAnswers);
      const forms = adapter.formElicitation({ serverName: "billing", store });
      const client = forms.install(new V1Client({ name: "host", version: "1.0.0" }));
      await client.connect(forms.transport(V1_TRANSPORTS[transportName]()));
      try {
        assert.equal(client.getServerVersion().name, "billing-server");
        const first = await forms.callTool(client, { name: "buy", arguments: {} }).catch((error) => error);
        assert.ok(first instanceof adapter.FormElicitationPendingError, String(first));
        assert.deepEqual(first.pending.questions, BILLING_QUESTIONS);
        record(store, first.pending.fingerprint, "accept");
        const result = await forms.callTool(client, { name: "buy", arguments: {} });
        assert.deepEqual(JSON.parse(result.content[0].text).received, {
          action: "accept",
          content: form.contentFromAnswers(BILLING, billingAnswers),
        });
        const refused = await forms
          .callTool(client, { name: "connect-account", arguments: {} })
          .catch((error) => error);
        assert.deepEqual([refused.name, refused.kind], ["FormRefusalError", "credential"]);

        // URL mode: a pushed link, then -32042.
        const urlForm = await urlEntry();
        const link = await forms.callTool(client, { name: "connect_account", arguments: {} }).catch((error) => error);
        assert.ok(link instanceof adapter.UrlElicitationPendingError, String(link));
        assert.equal(link.pending.view.url, CONNECT_URL);
        store.recordConsent(
          urlForm.recordUrlConsent({ server: "billing", tool: "connect_account", host: link.pending.host }),
        );
        const consented = await forms.callTool(client, { name: "connect_account", arguments: {} });
        assert.deepEqual(JSON.parse(consented.content[0].text).received, { action: "accept" });
        const required = await forms.callTool(client, { name: "url_required", arguments: {} }).catch((error) => error);
        assert.ok(required instanceof adapter.UrlElicitationPendingError, String(required));
        assert.deepEqual(
          required.pendings.map((pending) => pending.view.elicitationId),
          ["calendar-1", "mail-1"],
        );
      } finally {
        await client.close();
      }
    });
});

test("a client not connected through forms.transport fails closed: the SDK's parsed copy is never read, no record taken", async () => {
  const store = countingStore(clientAdapter.MemoryFormAnswers);
  const pendings = [];
  const forms = clientAdapter.formElicitation({
    serverName: "billing",
    store,
    onPending: (p) => {
      pendings.push(p);
    },
  });
  const client = forms.install(
    new Client({ name: "host", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } }),
  );
  await client.connect(TRANSPORTS.stdio());
  try {
    const failed = await forms.callTool(client, { name: "buy", arguments: {} }).then(
      () => assert.fail("must fail"),
      (error) => error,
    );
    assert.match(failed.message, /connect the client through forms\.transport/);
    assert.deepEqual(pendings, []);
    assert.equal(store.takes, 0);
  } finally {
    await client.close();
  }
});

test("bad options are a TypeError naming the option", () => {
  assert.throws(
    () => clientAdapter.formElicitation({ store: countingStore(clientAdapter.MemoryFormAnswers) }),
    /serverName/,
  );
  assert.throws(() => clientAdapter.formElicitation({ serverName: "billing", store: {} }), /store must have take/);
  assert.throws(
    () =>
      clientAdapter.formElicitation({
        serverName: "billing",
        store: countingStore(clientAdapter.MemoryFormAnswers),
        profile: "2026",
      }),
    /profile must be "backend" or "mcp-2026-07-28"/,
  );
  assert.throws(
    () =>
      clientAdapter.formElicitation({
        serverName: "billing",
        store: countingStore(clientAdapter.MemoryFormAnswers),
        onUrlPending: "log",
      }),
    /onUrlPending must be a function/,
  );
});

test("pushed forms (2025-11-25): the server is answered -32001 with the backend's summary while parked, -32602 with the refusal's data when refused", async () => {
  for (const [schema, expected] of [
    [BILLING, { code: -32001, message: "MCP server 'billing' has questions for you before tool 'buy' can run" }],
    [
      { type: "object", properties: { answer: { type: "string", writeOnly: true } } },
      { code: -32602, data: { kind: "credential", property: "answer", reason: null } },
    ],
  ]) {
    const hand = handWrittenPushingServer({ mode: "form", message: "Pick a plan", requestedSchema: schema });
    const forms = clientAdapter.formElicitation({
      serverName: "billing",
      store: countingStore(clientAdapter.MemoryFormAnswers),
    });
    const client = forms.install(new Client({ name: "host", version: "1.0.0" }));
    await client.connect(forms.transport(hand.transport));
    const error = await forms.callTool(client, { name: "buy", arguments: {} }).catch((caught) => caught);
    assert.ok(error instanceof Error);
    assert.equal(hand.answered.length, 1);
    assert.equal(hand.answered[0].code, expected.code);
    if (expected.message) assert.equal(hand.answered[0].message, expected.message);
    if (expected.data) {
      assert.deepEqual(
        hand.answered[0].data,
        expected.data,
        "writeOnly was read from the form as sent, not the SDK's copy",
      );
      assert.deepEqual([error.name, error.kind, error.property], ["FormRefusalError", "credential", "answer"]);
    }
    await client.close();
  }
});

// A 2025-11-25 server spoken by hand over a Transport object: during
// tools/call it pushes one elicitation/create with `params`, keeps what the
// client answered (and the capabilities it declared), then sends the
// completion notifications listed in `completes`.
function handWrittenPushingServer(params, completes = []) {
  const answered = [];
  const transport = {
    onmessage: undefined,
    async start() {},
    async close() {
      transport.onclose?.();
    },
    async send(message) {
      const reply = (m) => queueMicrotask(() => transport.onmessage?.({ jsonrpc: "2.0", ...m }));
      if (message.method === "initialize") {
        transport.declared = message.params.capabilities;
        reply({
          id: message.id,
          result: {
            protocolVersion: "2025-11-25",
            capabilities: { tools: {} },
            serverInfo: { name: "hand", version: "1" },
          },
        });
      } else if (message.method === "tools/call") {
        transport.call = message.id;
        reply({ id: "push-1", method: "elicitation/create", params });
      } else if (message.id === "push-1") {
        answered.push(message.error ?? message.result);
        for (const elicitationId of completes)
          reply({ method: "notifications/elicitation/complete", params: { elicitationId } });
        reply({ id: transport.call, result: { content: [{ type: "text", text: "done" }] } });
      }
    },
  };
  return { transport, answered };
}

test("pushed links (2025-11-25): declared as elicitation.url; the server is answered -32001 while parked, -32602 with {kind} when refused, {action: accept} from a consent; completion reaches onUrlComplete once, unknown ids ignored", async () => {
  const urlForm = await urlEntry();
  const LINK = { mode: "url", elicitationId: "oauth-1", url: CONNECT_URL, message: "Connect your calendar" };
  const run = async (params, { record, completes } = {}) => {
    const hand = handWrittenPushingServer(params, completes);
    const completed = [];
    const store = countingStore(clientAdapter.MemoryFormAnswers);
    if (record) store.recordConsent(urlForm.recordUrlConsent(record));
    const forms = clientAdapter.formElicitation({
      serverName: "billing",
      store,
      onUrlComplete: (completion) => {
        completed.push(completion);
      },
    });
    const client = forms.install(new Client({ name: "host", version: "1.0.0" }));
    await client.connect(forms.transport(hand.transport));
    const outcome = await forms.callTool(client, { name: "connect", arguments: {} }).catch((caught) => caught);
    // The notifications were sent before the call's result.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await client.close();
    return { hand, outcome, completed };
  };

  const parkedRun = await run(LINK);
  assert.deepEqual(parkedRun.hand.transport.declared.elicitation, { form: {}, url: {} });
  assert.equal(parkedRun.outcome.name, "UrlElicitationPendingError");
  assert.deepEqual(parkedRun.hand.answered, [
    {
      code: -32001,
      message:
        "MCP server 'billing' needs you to complete an interaction at accounts.example.com before tool 'connect' can run",
    },
  ]);

  const refusedRun = await run({ ...LINK, url: "https://accounts.example.com@evil.example/" });
  assert.equal(refusedRun.outcome.name, "UrlRefusalError");
  assert.equal(refusedRun.hand.answered[0].code, -32602);
  assert.deepEqual(refusedRun.hand.answered[0].data, { kind: "userInfo" });

  const accepted = await run(LINK, {
    record: { server: "billing", tool: "connect", host: "accounts.example.com" },
    completes: ["unknown-7", "oauth-1", "oauth-1"],
  });
  assert.deepEqual(accepted.hand.answered, [{ action: "accept" }]);
  assert.equal(accepted.outcome.content[0].text, "done");
  assert.equal(accepted.completed.length, 1, "a known id once; an unknown or repeated id is ignored");
  assert.deepEqual(accepted.completed[0], {
    serverName: "billing",
    toolName: "connect",
    view: urlForm.urlElicitation(LINK, "billing"),
  });

  // Declined or cancelled: nothing was recorded, so the link parks again (-32001) and never completes.
  const declined = await run(LINK, { completes: ["oauth-1"] });
  assert.equal(declined.hand.answered[0].code, -32001);
  assert.deepEqual(declined.completed, [], "only a link the person was sent to completes");
});

test("a pushed elicitation in a mode the page does not define (2025-11-25) is answered -32602 Invalid params", async () => {
  const hand = handWrittenPushingServer({ mode: "telepathy", message: "Think of a number" });
  const forms = clientAdapter.formElicitation({ serverName: "billing", store: new clientAdapter.MemoryFormAnswers() });
  const client = forms.install(new Client({ name: "host", version: "1.0.0" }));
  await client.connect(forms.transport(hand.transport));
  await forms.callTool(client, { name: "connect", arguments: {} }).catch(() => {});
  await client.close();
  assert.equal(hand.answered.length, 1);
  assert.equal(hand.answered[0].code, -32602, JSON.stringify(hand.answered[0]));
});
