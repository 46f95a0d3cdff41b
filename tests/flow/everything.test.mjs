// The reference server @modelcontextprotocol/server-everything (SDK v1, so
// protocol 2025-11-25: it pushes elicitation/create) as a child process over
// stdio, with its `trigger-elicitation-request` tool (13 properties: formats,
// defaults, titled and untitled single- and multi-selects, a legacy
// enumNames enum). Through the SDK v2 adapter and the v1 adapter: the backend
// profile refuses the form and says which property and why; mcp-2026-07-28
// shows it, and the tool's reply shows the content the server received,
// defaults included.

import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { describe, test } from "node:test";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as V1StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { adapter, clientAdapter, form, formMcp } from "./scratch/modules.mjs";
import { countingStore } from "./support.mjs";

const require = createRequire(import.meta.url);
const EVERYTHING = require.resolve("@modelcontextprotocol/server-everything/dist/index.js");
const TOOL = "trigger-elicitation-request";
const SPEC = { profile: "mcp-2026-07-28" };

// A person's answers: the required name, one yes/no; everything else left blank.
const ANSWERS = { name: { other_text: "Ada Lovelace" }, check: { selected: ["Yes"] } };

const SDKS = {
  "SDK v2 (elicit-form-mcp-client)": {
    adapter: clientAdapter,
    client: () => new Client({ name: "host", version: "1.0.0" }),
    transport: () =>
      new StdioClientTransport({ command: process.execPath, args: [EVERYTHING, "stdio"], stderr: "ignore" }),
  },
  "SDK v1 (elicit-form-mcp-sdk)": {
    adapter,
    client: () => new V1Client({ name: "host", version: "1.0.0" }),
    transport: () =>
      new V1StdioClientTransport({ command: process.execPath, args: [EVERYTHING, "stdio"], stderr: "ignore" }),
  },
};

// Connects through the adapter, keeping each pushed form's params as sent
// (from under the adapter's own observer) so the test can compare with them.
async function connect(sdk, profile) {
  const store = countingStore(sdk.adapter.MemoryFormAnswers);
  const pendings = [];
  const forms = sdk.adapter.formElicitation({
    serverName: "everything",
    store,
    ...(profile ? { profile } : {}),
    onPending: (p) => {
      pendings.push(p);
    },
  });
  const client = forms.install(sdk.client());
  const inner = sdk.transport();
  await client.connect(forms.transport(inner));
  const asked = [];
  const observed = inner.onmessage;
  inner.onmessage = (message, extra) => {
    if (message?.method === "elicitation/create") asked.push(structuredClone(message.params));
    observed(message, extra);
  };
  return { client, forms, store, pendings, asked, close: () => client.close() };
}

for (const [name, sdk] of Object.entries(SDKS)) {
  describe(`server-everything over stdio, ${name}`, () => {
    test("backend profile: the form is refused, naming the property and why, with nothing shown and no record taken", async () => {
      const c = await connect(sdk);
      try {
        const tools = await c.client.listTools();
        assert.ok(
          tools.tools.some((tool) => tool.name === TOOL),
          "the tool is offered to a client that declares elicitation",
        );
        const refused = await c.forms.callTool(c.client, { name: TOOL, arguments: {} }).catch((error) => error);
        assert.ok(refused instanceof form.FormRefusalError, String(refused));
        assert.equal(refused.kind, "outOfProfile");
        assert.equal(refused.property, "titledMultipleSelectEnum");
        assert.equal(refused.reason, 'type "array" is not a primitive');
        assert.equal(
          refused.message,
          "property 'titledMultipleSelectEnum' is outside the form elicitation profile: " +
            'type "array" is not a primitive',
        );
        assert.throws(
          () => form.questions(c.asked[0].requestedSchema, "everything"),
          (error) => error.message === refused.message,
          "the adapter's refusal is elicit-form's own",
        );
        assert.deepEqual(c.pendings, []);
        assert.equal(c.store.takes, 0);
      } finally {
        await c.close();
      }
    });

    test("mcp-2026-07-28: 13 questions; the answered form reaches the server with every default applied", async () => {
      const c = await connect(sdk, "mcp-2026-07-28");
      try {
        const first = await c.forms.callTool(c.client, { name: TOOL, arguments: {} }).catch((error) => error);
        assert.ok(first instanceof sdk.adapter.FormElicitationPendingError, String(first));
        const [params] = c.asked;
        assert.equal(Object.keys(params.requestedSchema.properties).length, 13);
        assert.deepEqual(first.pending.questions, formMcp.questions(params.requestedSchema, "everything", SPEC));
        assert.equal(first.pending.questions.length, 13);
        assert.equal(first.pending.fingerprint, formMcp.fingerprint(params.requestedSchema, SPEC));
        assert.deepEqual(
          first.pending.questions.filter((q) => q.multi_select).map((q) => q.id),
          ["titledMultipleSelectEnum", "untitledMultipleSelectEnum"],
        );

        c.store.record(
          formMcp.recordFormAnswer(
            {
              server: "everything",
              tool: TOOL,
              fingerprint: first.pending.fingerprint,
              action: "accept",
              answers: ANSWERS,
            },
            SPEC,
          ),
        );
        const result = await c.forms.callTool(c.client, { name: TOOL, arguments: {} });
        const texts = result.content.map((block) => block.text);
        assert.equal(texts[0], "✅ User provided the requested information!");
        const raw = JSON.parse(texts.at(-1).replace(/^\s*Raw result: /, ""));
        const expected = formMcp.contentFromAnswers(c.asked[1].requestedSchema, ANSWERS, SPEC);
        assert.deepEqual(raw, { action: "accept", content: expected });
        assert.deepEqual(
          raw.content,
          {
            check: true,
            firstLine: "It was a dark and stormy night.",
            integer: 42,
            legacyTitledEnum: "pet-1",
            name: "Ada Lovelace",
            number: 3.14,
            titledMultipleSelectEnum: ["fish-1"],
            titledSingleSelectEnum: "hero-1",
            untitledMultipleSelectEnum: ["Guitar"],
            untitledSingleSelectEnum: "Monica",
          },
          "the defaults the server declared, and the blanks without one left out",
        );
        assert.match(
          texts[1],
          /- Name: Ada Lovelace\n- Agreed to terms: true\n- Favorite Integer: 42\n- Favorite Number: 3.14/,
        );
      } finally {
        await c.close();
      }
    });

    test("mcp-2026-07-28: a recorded cancel reaches the server as cancel, not decline", async () => {
      const c = await connect(sdk, "mcp-2026-07-28");
      try {
        const first = await c.forms.callTool(c.client, { name: TOOL, arguments: {} }).catch((error) => error);
        c.store.record(
          formMcp.recordFormAnswer(
            {
              server: "everything",
              tool: TOOL,
              fingerprint: first.pending.fingerprint,
              action: "cancel",
            },
            SPEC,
          ),
        );
        const result = await c.forms.callTool(c.client, { name: TOOL, arguments: {} });
        assert.equal(result.content[0].text, "⚠️ User cancelled the elicitation dialog.");
      } finally {
        await c.close();
      }
    });
  });
}
