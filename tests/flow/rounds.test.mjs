// The backend's rounds, policy and resource reads over a real transport:
// SDK v2's Client (auto-fulfilment and manual mode) against the v2 test
// server over stdio, and SDK v1's manual rounds on hand-made messages.
// The rules are everruns-core 0.50.1's mcp/http.rs gather_input_responses,
// mcp/http/mrtr.rs and contracts/policy.rs.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as V1StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { adapter, clientAdapter, core, form } from "./scratch/modules.mjs";
import { BILLING, billingAnswers, countingStore } from "./support.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const SERVER_SCRIPT = join(here, "v2-server.mjs");
const PLAN = "billing://plan";
const PLAN_TARGET = `resources/read:${PLAN}`;

async function connect({ mode, elicitationPolicy }) {
  const store = countingStore(clientAdapter.MemoryFormAnswers);
  const pendings = [];
  const sent = [];
  const forms = clientAdapter.formElicitation({
    serverName: "billing",
    store,
    ...(elicitationPolicy === undefined ? {} : { elicitationPolicy }),
    onPending: (pending) => {
      pendings.push(pending);
    },
  });
  const client = forms.install(
    new Client(
      { name: "host", version: "1.0.0" },
      {
        versionNegotiation: { mode: { pin: "2026-07-28" } },
        ...(mode === "manual" ? { inputRequired: { autoFulfill: false } } : {}),
      },
    ),
  );
  const wire = core.observedTransport(
    new StdioClientTransport({ command: process.execPath, args: [SERVER_SCRIPT, "stdio"], stderr: "ignore" }),
    {
      outgoing: (message) => {
        if (message?.method === "tools/call" || message?.method === "resources/read")
          sent.push(structuredClone(message));
      },
      incoming: () => {},
    },
  );
  await client.connect(forms.transport(wire));
  const call = async (name, args = {}) => {
    const params = { name, arguments: args };
    const result =
      mode === "manual" ? await forms.callToolWithRetries(client, params) : await forms.callTool(client, params);
    return JSON.parse(result.content[0].text);
  };
  const read = async (uri) => {
    const result =
      mode === "manual"
        ? await forms.readResourceWithRetries(client, { uri })
        : await forms.readResource(client, { uri });
    return JSON.parse(result.contents[0].text);
  };
  return { client, forms, store, pendings, sent, call, read, close: () => client.close() };
}

const recordFor = (tool, action = "accept") =>
  form.recordFormAnswer({
    server: "billing",
    tool,
    fingerprint: form.fingerprint(BILLING),
    action,
    ...(action === "accept" ? { answers: billingAnswers } : {}),
  });

for (const mode of ["auto", "manual"]) {
  describe(`SDK v2 client over stdio, ${mode} mode: the backend's rounds`, () => {
    let c;
    before(async () => {
      c = await connect({ mode });
    });
    after(() => c.close());

    test("a resource read's form is asked under resources/read:<exact uri>, and answered from a record made for that target only", async () => {
      const first = await c.read(PLAN).then(
        () => assert.fail("parks"),
        (error) => error,
      );
      assert.ok(first instanceof clientAdapter.FormElicitationPendingError, String(first));
      assert.equal(first.pending.tool_name, PLAN_TARGET);
      assert.equal(first.message, `MCP server 'billing' has questions for you before tool '${PLAN_TARGET}' can run`);
      // A record for a tool, or for another resource, is not this read's.
      c.store.record(recordFor("plan"));
      c.store.record(recordFor(`${PLAN_TARGET}/other`));
      await c.read(PLAN).then(
        () => assert.fail("parks"),
        (error) => assert.ok(error instanceof clientAdapter.FormElicitationPendingError),
      );
      c.store.record(recordFor(PLAN_TARGET));
      const got = await c.read(PLAN);
      assert.deepEqual(got.received, {
        action: "accept",
        content: { email: "ada@example.com", notify: true, plan: "team", seats: 12 },
      });
      assert.equal(got.state, "plan:state");
      assert.equal(c.store.take("billing", "plan")?.tool, "plan", "the tool's record was never taken");
    });

    test("a tool named with the resource reads' prefix is refused with the backend's text, and nothing is sent", async () => {
      const before = c.sent.length;
      const error = await c.call(`${PLAN_TARGET}`).then(
        () => assert.fail("refused"),
        (caught) => caught,
      );
      assert.ok(error instanceof clientAdapter.InputRequiredRoundError, String(error));
      assert.equal(error.message, "MCP tool name uses the reserved resource consent scope");
      assert.equal(c.sent.length, before);
    });

    test("a round with only requestState is retried with the state echoed and no inputResponses", async () => {
      const before = c.sent.length;
      const got = await c.call("warm_up");
      assert.equal(got.state, "warm");
      const retry = c.sent
        .slice(before)
        .map((message) => message.params)
        .filter((params) => params.name === "warm_up")[1];
      assert.equal(retry.requestState, "warm");
      assert.equal("inputResponses" in retry, false);
    });
  });
}

describe("the elicitationPolicy decides what the client declares (the backend's McpElicitationPolicy) and what it answers", () => {
  const declared = {
    url_and_form: { elicitation: { form: {}, url: {} } },
    url: { elicitation: { url: {} } },
    none: {},
  };
  for (const [policy, capabilities] of Object.entries(declared)) {
    test(`${policy}: ${JSON.stringify(capabilities)}`, async () => {
      const c = await connect({ mode: "auto", elicitationPolicy: policy });
      try {
        const got = await c.call("capabilities");
        const { elicitation } = got.capabilities;
        assert.deepEqual(elicitation === undefined ? {} : { elicitation }, capabilities);
      } finally {
        await c.close();
      }
    });
  }

  test("the default is url_and_form (the backend's default is url): a host installs elicit-form to answer forms", () => {
    assert.equal(core.DEFAULT_ELICITATION_POLICY, "url_and_form");
    assert.deepEqual(core.elicitationCapability(), declared.url_and_form.elicitation);
  });

  test("under url, the server does not ask the form (none was declared); a form asked anyway is refused with the backend's text, nothing taken", async () => {
    const c = await connect({ mode: "manual", elicitationPolicy: "url" });
    try {
      c.store.record(recordFor("buy"));
      const error = await c.call("buy").then(
        () => assert.fail("refused"),
        (caught) => caught,
      );
      assert.match(
        String(error.message),
        /do not declare the required capability/,
        "the server saw no form mode declared",
      );
      assert.equal(c.store.takes, 0);
    } finally {
      await c.close();
    }
    const round = {
      resultType: "input_required",
      inputRequests: {
        billing: { method: "elicitation/create", params: { message: "Pick a plan", requestedSchema: BILLING } },
      },
    };
    const store = countingStore(clientAdapter.MemoryFormAnswers);
    store.record(recordFor("buy"));
    const refused = await clientAdapter
      .answerInputRequired(round, { serverName: "billing", toolName: "buy", store, elicitationPolicy: "url" })
      .catch((caught) => caught);
    assert.ok(refused instanceof clientAdapter.InputRequiredRoundError, String(refused));
    assert.equal(
      refused.message,
      "MCP server 'billing' sent a form elicitation for tool 'buy', but this client did not declare form " +
        "mode to it; everruns declares form mode only to servers whose elicitation_policy is url_and_form",
    );
    assert.equal(store.takes, 0);
  });

  test("under none, a link is refused with the backend's text; an unknown policy is a TypeError", async () => {
    const round = {
      resultType: "input_required",
      inputRequests: {
        connect: {
          method: "elicitation/create",
          params: { mode: "url", message: "Connect", url: "https://accounts.example.com/connect" },
        },
      },
    };
    const error = await adapter
      .answerInputRequired(round, {
        serverName: "billing",
        toolName: "connect",
        store: new adapter.MemoryFormAnswers(),
        elicitationPolicy: "none",
      })
      .catch((caught) => caught);
    assert.equal(
      error.message,
      "MCP server 'billing' sent a URL elicitation for tool 'connect', but this host declared no " +
        "elicitation capability and has no way to ask a user",
    );
    assert.throws(
      () =>
        clientAdapter.formElicitation({
          serverName: "billing",
          store: new clientAdapter.MemoryFormAnswers(),
          elicitationPolicy: "everything",
        }),
      TypeError,
    );
  });
});

test("SDK v1 (2025-11-25 over stdio): initialize declares what the elicitationPolicy declares", async () => {
  for (const [policy, elicitation] of [
    ["url_and_form", { form: {}, url: {} }],
    ["url", { url: {} }],
    ["none", undefined],
  ]) {
    const forms = adapter.formElicitation({
      serverName: "billing",
      store: new adapter.MemoryFormAnswers(),
      elicitationPolicy: policy,
    });
    const client = forms.install(new V1Client({ name: "host", version: "1.0.0" }));
    await client.connect(
      forms.transport(
        new V1StdioClientTransport({ command: process.execPath, args: [SERVER_SCRIPT, "stdio"], stderr: "ignore" }),
      ),
    );
    try {
      const result = await forms.callTool(client, { name: "capabilities", arguments: {} });
      assert.deepEqual(JSON.parse(result.content[0].text).capabilities.elicitation, elicitation, policy);
    } finally {
      await client.close();
    }
  }
});

test("SDK v1: readResourceWithRetries answers a resource read's round under resources/read:<uri> and retries with the state", async () => {
  const store = new adapter.MemoryFormAnswers();
  store.record(recordFor(PLAN_TARGET));
  const sent = [];
  const replies = [
    {
      resultType: "input_required",
      inputRequests: {
        billing: { method: "elicitation/create", params: { message: "Pick a plan", requestedSchema: BILLING } },
      },
      requestState: "s",
    },
    { contents: [{ uri: PLAN, text: "ok" }] },
  ];
  const send = async (params) => replies[sent.push(structuredClone(params)) - 1];
  const result = await adapter.readResourceWithRetries(send, { uri: PLAN }, { serverName: "billing", store });
  assert.deepEqual(result.contents, [{ uri: PLAN, text: "ok" }]);
  assert.deepEqual(Object.keys(sent[1].inputResponses), ["billing"]);
  assert.equal(sent[1].requestState, "s");
  assert.equal(sent[1].uri, PLAN);
  await assert.rejects(adapter.readResourceWithRetries(send, {}, { serverName: "billing", store }), {
    message: "MCP resources/read requires a URI",
  });
});
