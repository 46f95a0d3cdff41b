// The Vercel AI SDK's MCP client (@ai-sdk/mcp's createMCPClient, from the
// registry) with elicit-form-ai-sdk-mcp installed, against the real SDK v2
// McpServer of tests/flow/v2-server.mjs: over stdio (the server as a child
// process, @ai-sdk/mcp's own stdio transport) and Streamable HTTP on
// 127.0.0.1 (@ai-sdk/mcp's own HTTP transport), in both protocol eras the
// client speaks: 2026-07-28 (found with server/discover; input_required
// rounds retried by the client) and 2025-11-25 (initialize; the server
// pushes elicitation/create). "elicit-form" and the adapter are the packed
// packages installed by tests/flow/prepare.mjs.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createMCPClient } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio";
import { aiSdkAdapter, form, formMcp } from "./scratch/modules.mjs";
import { BILLING, BILLING_QUESTIONS, SEATS_ONLY, billingAnswers, countingStore } from "./support.mjs";
import { httpServersForSuite } from "./http-servers.mjs";
import { createServer } from "node:http";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler, inputRequired } from "@modelcontextprotocol/server";
import { buildServer } from "./v2-server.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const SERVER_SCRIPT = join(here, "v2-server.mjs");
const SPEC = { profile: "mcp-2026-07-28" };
const ERA_VERSIONS = { modern: "2026-07-28", legacy: "2025-11-25" };

const endpoint = httpServersForSuite();

// Each transport with a spy on what the client sends (under the adapter's own
// observation, so it sees the messages as they leave).
const TRANSPORTS = {
  stdio: () =>
    new Experimental_StdioMCPTransport({ command: process.execPath, args: [SERVER_SCRIPT, "stdio"], stderr: "ignore" }),
  "Streamable HTTP": (era) => ({ type: "http", url: endpoint(era) }),
};

async function connect(transportName, { era, profile }) {
  const store = countingStore(aiSdkAdapter.MemoryFormAnswers);
  const pendings = [];
  const uncaught = [];
  const transport = TRANSPORTS[transportName](era);
  const client = await createMCPClient({
    transport,
    capabilities: { elicitation: { form: {} } },
    protocolVersionDiscovery: era === "modern",
    onUncaughtError: (error) => uncaught.push(error),
  });
  assert.equal(client.initializeResult.protocolVersion, ERA_VERSIONS[era]);
  const sent = [];
  const send = client.transport.send.bind(client.transport);
  client.transport.send = (message, options) => {
    sent.push(message);
    return send(message, options);
  };
  const forms = aiSdkAdapter.formElicitation({
    serverName: "billing",
    store,
    ...profile,
    onPending: (pending) => {
      pendings.push(pending);
    },
  });
  assert.equal(forms.install(client), client);
  async function call(name, args = {}) {
    const result = await client.callTool({ name, arguments: args });
    assert.equal(result.isError, false, JSON.stringify(result));
    return JSON.parse(result.content[0].text);
  }
  return { client, store, pendings, uncaught, sent, call, close: () => client.close() };
}

async function rejection(promise, ErrorClass) {
  const error = await promise.then(
    () => assert.fail("the call must not finish"),
    (caught) => caught,
  );
  assert.ok(error instanceof ErrorClass, String(error?.stack ?? error));
  return error;
}

function record(store, fingerprint, action, profile, extra = {}) {
  store.record(
    (profile === undefined ? form : formMcp).recordFormAnswer(
      {
        server: "billing",
        tool: "buy",
        fingerprint,
        action,
        ...(action === "accept" ? { answers: billingAnswers } : {}),
        ...extra,
      },
      profile,
    ),
  );
}

// The JSON-RPC errors the client answered pushed forms with (2025-11-25).
const pushedErrors = (sent) => sent.filter((message) => "error" in message).map(({ error }) => error);

for (const transportName of Object.keys(TRANSPORTS)) {
  for (const era of ["modern", "legacy"]) {
    describe(`@ai-sdk/mcp over ${transportName}, protocol ${ERA_VERSIONS[era]}`, () => {
      test("ask, pending, record, retry: the server receives exactly the backend's content, once", async () => {
        const { store, pendings, sent, call, close } = await connect(transportName, { era });
        try {
          const first = await rejection(call("buy"), aiSdkAdapter.FormElicitationPendingError);
          assert.equal(first.message, "MCP server 'billing' has questions for you before tool 'buy' can run");
          assert.deepEqual(pendings, [first.pending]);
          assert.deepEqual(first.pending.questions, BILLING_QUESTIONS);
          assert.equal(first.pending.fingerprint, form.fingerprint(BILLING));
          if (era === "legacy") {
            assert.deepEqual(pushedErrors(sent), [
              { code: aiSdkAdapter.FORM_PENDING_ERROR_CODE, message: first.message },
            ]);
          } else {
            assert.ok(!sent.some((message) => message.params?.inputResponses), "no retry was sent for a parked form");
          }

          record(store, first.pending.fingerprint, "accept");
          const reply = await call("buy");
          assert.deepEqual(reply.received, {
            action: "accept",
            content: form.contentFromAnswers(BILLING, billingAnswers),
          });
          assert.equal(
            JSON.stringify(reply.received.content),
            '{"email":"ada@example.com","notify":true,"plan":"team","seats":12}',
          );
          if (era === "modern") assert.equal(reply.state, 'buy:billing:ünïcödé "state"', "requestState echoed as sent");

          await rejection(call("buy"), aiSdkAdapter.FormElicitationPendingError);
          assert.equal(pendings.length, 2, "a recorded answer is sent once: the next call asks again");
          assert.equal(store.takes, 3);
        } finally {
          await close();
        }
      });

      test("a changed schema is asked again; the old answer is used up and never sent", async () => {
        const { store, pendings, call, close } = await connect(transportName, { era });
        try {
          record(store, form.fingerprint(BILLING), "accept");
          const changed = await rejection(
            call("buy", { variant: "seats-only" }),
            aiSdkAdapter.FormElicitationPendingError,
          );
          assert.equal(changed.pending.fingerprint, form.fingerprint(SEATS_ONLY));
          assert.deepEqual(
            changed.pending.questions.map((q) => q.id),
            ["seats"],
          );
          assert.equal(store.take("billing", "buy"), null, "the stale record was taken (single use)");
          assert.equal(pendings.length, 1);
          record(store, changed.pending.fingerprint, "accept", undefined, { answers: { seats: billingAnswers.seats } });
          assert.deepEqual((await call("buy", { variant: "seats-only" })).received, {
            action: "accept",
            content: { seats: 12 },
          });
        } finally {
          await close();
        }
      });

      test("a credential form is refused without a prompt: nothing pending, the store untouched", async () => {
        const { store, pendings, sent, call, close } = await connect(transportName, { era });
        try {
          const refused = await rejection(call("connect-account"), form.FormRefusalError);
          assert.equal(refused.kind, "credential");
          assert.equal(refused.property, "apiKey");
          // A round's refusal in the backend's words (http.rs); a pushed form's is the form module's own.
          assert.match(
            refused.message,
            era === "legacy"
              ? /^property 'apiKey' asks for a credential; Everruns does not collect credentials/
              : /^MCP server 'billing' asked questions for tool 'connect-account' that Everruns will not put to a person: property 'apiKey' asks for a credential; Everruns does not collect credentials/,
          );
          assert.deepEqual(pendings, []);
          assert.equal(store.takes, 0);
          if (era === "legacy") {
            assert.deepEqual(pushedErrors(sent), [
              {
                code: aiSdkAdapter.FORM_REFUSED_ERROR_CODE,
                message: refused.message,
                data: { kind: "credential", property: "apiKey", reason: null },
              },
            ]);
          }
        } finally {
          await close();
        }
      });

      test("decline reaches the server as decline; under mcp-2026-07-28 cancel is cancel", async () => {
        const backend = await connect(transportName, { era });
        try {
          record(backend.store, form.fingerprint(BILLING), "decline");
          assert.deepEqual((await backend.call("buy")).received, { action: "decline" });
        } finally {
          await backend.close();
        }
        const spec = await connect(transportName, { era, profile: SPEC });
        try {
          const parked = await rejection(spec.call("buy"), aiSdkAdapter.FormElicitationPendingError);
          record(spec.store, parked.pending.fingerprint, "cancel", SPEC);
          assert.deepEqual((await spec.call("buy")).received, { action: "cancel" });
          record(spec.store, parked.pending.fingerprint, "accept", SPEC);
          assert.deepEqual((await spec.call("buy")).received, {
            action: "accept",
            content: formMcp.contentFromAnswers(BILLING, billingAnswers, SPEC),
          });
        } finally {
          await spec.close();
        }
      });
    });
  }
}

describe("@ai-sdk/mcp: forms tied to their call", () => {
  for (const era of ["modern", "legacy"]) {
    // 2025-11-25 over Streamable HTTP too: a pushed form comes on its call's response stream.
    test(`two calls of one tool in flight each park on their own form (Streamable HTTP, ${ERA_VERSIONS[era]})`, async () => {
      await twoCallsInFlight(era);
    });
  }

  async function twoCallsInFlight(era) {
    const { pendings, call, close } = await connect("Streamable HTTP", { era });
    try {
      const [billing, seats] = await Promise.all([
        rejection(call("buy"), aiSdkAdapter.FormElicitationPendingError),
        rejection(call("buy", { variant: "seats-only" }), aiSdkAdapter.FormElicitationPendingError),
      ]);
      assert.equal(billing.pending.fingerprint, form.fingerprint(BILLING));
      assert.equal(seats.pending.fingerprint, form.fingerprint(SEATS_ONLY));
      assert.equal(pendings.length, 2);
    } finally {
      await close();
    }
  }

  test("a round of two forms is not answered at all: no record taken, nothing sent", async () => {
    const { store, pendings, sent, call, close } = await connect("stdio", { era: "modern" });
    try {
      store.record(
        form.recordFormAnswer({ server: "billing", tool: "setup", fingerprint: "0".repeat(64), action: "decline" }),
      );
      const error = await rejection(call("setup"), aiSdkAdapter.InputRequiredRoundError);
      assert.deepEqual(error.keys, ["name", "region"]);
      assert.equal(
        error.message,
        "MCP server 'billing' sent 2 form elicitations in one round for tool 'setup'; Everruns answers at most one at a time",
      );
      assert.equal(store.takes, 0);
      assert.deepEqual(pendings, []);
      assert.ok(!sent.some((message) => message.params?.inputResponses));
    } finally {
      await close();
    }
  });
});

describe("@ai-sdk/mcp under the backend's rounds: the bound, resource reads, the reserved prefix, the policy", () => {
  test("a server that keeps asking stops after the backend's 2 retries with its text, under the client's own bound of 10", async () => {
    const { store, sent, call, close } = await connect("stdio", { era: "modern" });
    try {
      // Every round finds an answer, so only the bound ends the call.
      store.take = (server, tool) =>
        form.recordFormAnswer({
          server,
          tool,
          fingerprint: form.fingerprint(BILLING),
          action: "accept",
          answers: billingAnswers,
        });
      const error = await rejection(call("keep_asking_form"), aiSdkAdapter.InputRequiredRoundsExceededError);
      assert.equal(
        error.message,
        "MCP request 'tools/call' for 'keep_asking_form' still requires input after 2 rounds; " +
          "if you were asked to complete something in your browser, finish it and retry the request",
      );
      assert.equal(sent.filter((message) => message.method === "tools/call").length, 3, "the first call and 2 retries");
    } finally {
      await close();
    }
  });

  test("a resource read's form is asked under resources/read:<uri> and answered from that target's record", async () => {
    const { client, store, close } = await connect("stdio", { era: "modern" });
    try {
      const parked = await rejection(
        client.readResource({ uri: "billing://plan" }),
        aiSdkAdapter.FormElicitationPendingError,
      );
      assert.equal(parked.pending.tool_name, "resources/read:billing://plan");
      store.record(
        form.recordFormAnswer({
          server: "billing",
          tool: "resources/read:billing://plan",
          fingerprint: form.fingerprint(BILLING),
          action: "accept",
          answers: billingAnswers,
        }),
      );
      const read = await client.readResource({ uri: "billing://plan" });
      assert.equal(JSON.parse(read.contents[0].text).received.action, "accept");
      await assert.rejects(client.callTool({ name: "resources/read:billing://plan", arguments: {} }), {
        name: "InputRequiredRoundError",
        message: "MCP tool name uses the reserved resource consent scope",
      });
    } finally {
      await close();
    }
  });

  test("capabilities() follows the policy: form mode under url_and_form, nothing under url or none (links are never declared)", () => {
    const make = (elicitationPolicy) =>
      aiSdkAdapter.formElicitation({
        serverName: "billing",
        store: new aiSdkAdapter.MemoryFormAnswers(),
        ...(elicitationPolicy === undefined ? {} : { elicitationPolicy }),
      });
    assert.deepEqual(make().capabilities(), { elicitation: { form: {} } });
    assert.deepEqual(make("url").capabilities(), {});
    assert.deepEqual(make("none").capabilities(), {});
  });
});

describe("@ai-sdk/mcp hands the form over unchecked; the adapter reads all of it", () => {
  test("writeOnly (a credential) and an array property (outside the backend's profile) are refused, nothing pending", async () => {
    // The test server with two more tools, whose forms carry keys a flat form reader would miss.
    const HIDDEN = {
      hidden: { type: "object", properties: { answer: { type: "string", writeOnly: true } } },
      tags: { type: "object", properties: { tags: { type: "array", items: { type: "string", enum: ["a", "b"] } } } },
    };
    const handler = toNodeHandler(
      createMcpHandler(() => {
        const server = buildServer();
        for (const [name, requestedSchema] of Object.entries(HIDDEN)) {
          server.registerTool(name, { description: `asks a form (${name})` }, async () =>
            inputRequired({
              inputRequests: { form: inputRequired.elicit({ message: "A question", requestedSchema }) },
            }),
          );
        }
        return server;
      }),
    );
    const http = createServer((req, res) => void handler(req, res));
    await new Promise((resolve) => http.listen(0, "127.0.0.1", resolve));
    const store = countingStore(aiSdkAdapter.MemoryFormAnswers);
    const pendings = [];
    const client = aiSdkAdapter
      .formElicitation({
        serverName: "billing",
        store,
        onPending: (p) => {
          pendings.push(p);
        },
      })
      .install(
        await createMCPClient({
          transport: { type: "http", url: `http://127.0.0.1:${http.address().port}/mcp` },
          capabilities: { elicitation: { form: {} } },
        }),
      );
    try {
      assert.equal(client.initializeResult.protocolVersion, "2026-07-28");
      const hidden = await rejection(client.callTool({ name: "hidden" }), form.FormRefusalError);
      assert.deepEqual([hidden.kind, hidden.property], ["credential", "answer"]);
      const tags = await rejection(client.callTool({ name: "tags" }), form.FormRefusalError);
      assert.deepEqual([tags.kind, tags.property], ["outOfProfile", "tags"]);
      assert.deepEqual(pendings, []);
      assert.equal(store.takes, 0);
    } finally {
      await client.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  });
});
