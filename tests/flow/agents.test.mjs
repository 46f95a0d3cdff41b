// examples/agents-worker in workerd (Miniflare): a Cloudflare `agents` Agent
// whose MCPClientManager answers forms through elicit-form
// (configureElicitationHandlers({ form })), with answers in the Agent's own
// Durable Object storage. Bundled as wrangler bundles it (esbuild; node
// built-ins left to nodejs_compat). The MCP server is the real SDK v2 test
// server (tests/flow/v2-server.mjs) over Streamable HTTP on 127.0.0.1, in
// both eras: the per-request entry (2026-07-28 input_required rounds, which
// agents negotiates) and the sessionful 2025-11-25 entry (pushed forms).

import assert from "node:assert/strict";
import { cpSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { bundleWorker, bundledWorkerOptions } from "../js/bundle-worker.mjs";
import { form, formMcp } from "./scratch/modules.mjs";
import { BILLING, BILLING_QUESTIONS, SEATS_ONLY, billingAnswers } from "./support.mjs";
import { httpServersForSuite } from "./http-servers.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");
const scratch = join(here, "scratch");
const out = join(scratch, "agents-worker");
const SPEC = { profile: "mcp-2026-07-28" };

// The example is bundled from a copy inside the scratch project, so
// "elicit-form" resolves to the packed tarball installed there (the root's
// node_modules links the workspace's unbuilt pkg-template under that name),
// and agents and the SDK to the root's node_modules further up.
const example = join(scratch, "examples", "agents-worker");
rmSync(example, { recursive: true, force: true });
cpSync(join(root, "examples", "agents-worker", "src"), join(example, "src"), { recursive: true });
const bundled = await bundleWorker(out, {
  entryPoints: [join(example, "src", "index.js")],
  external: ["cloudflare:*", "node:*", ...builtinModules],
});

const endpoint = httpServersForSuite();

function worker(bindings = {}) {
  const mf = new Miniflare(bundledWorkerOptions(out, {
    compatibilityDate: "2026-04-20",
    compatibilityFlags: ["nodejs_compat"],
    durableObjects: { FormAgent: { className: "FormAgent", useSQLite: true } },
    bindings,
  }));
  const call = async (method, path, body) => {
    const response = await mf.dispatchFetch(`http://agents.test/agents/form-agent/host/${path}`, {
      method, body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  return { mf, call };
}

test("the bundle took elicit-form/mcp-2026-07-28's workerd entry (FORM_PROFILE may name either profile), no other, and the agents package", () => {
  const inputs = Object.keys(bundled.metafile.inputs);
  assert.ok(inputs.some((f) => f.endsWith("node_modules/elicit-form/mcp-2026-07-28/workerd.js")), inputs.join(", "));
  assert.ok(!inputs.some((f) => /node_modules\/elicit-form\/(mcp-2026-07-28\/)?(node|browser)\.js$/.test(f)), "no other entry");
  assert.ok(!inputs.some((f) => f.endsWith("node_modules/elicit-form/workerd.js")), "not the backend-only entry");
  assert.ok(inputs.some((f) => f.includes("node_modules/agents/")));
});

const ERAS = {
  "2026-07-28 (input_required)": () => endpoint("current"),
  "2025-11-25 (pushed elicitation/create)": () => endpoint("legacy"),
};

for (const [era, serverUrl] of Object.entries(ERAS)) {
  describe(`agents MCPClientManager in Miniflare, server ${era}`, () => {
    let w;
    let server;
    const buy = (args) => w.call("POST", "calls", { server, tool: "buy", ...(args ? { arguments: args } : {}) });
    const answer = (fingerprint, action, answers) => w.call("POST", "answers", { server, tool: "buy", fingerprint, action, answers });
    before(async () => {
      w = worker();
      const added = await w.call("POST", "servers", { name: "billing", url: serverUrl() });
      assert.equal(added.status, 201, JSON.stringify(added.body));
      assert.equal(added.body.state, "ready");
      server = added.body.id;
    });
    after(() => w.mf.dispose());

    test("ask -> pending -> record in the Durable Object -> retry: the server gets the backend's content; a second retry asks again", async () => {
      const first = await buy();
      assert.equal(first.status, 202, JSON.stringify(first.body));
      assert.deepEqual(first.body.pending.questions, BILLING_QUESTIONS);
      assert.equal(first.body.pending.fingerprint, form.fingerprint(BILLING));
      assert.equal(first.body.pending.summary, "MCP server 'billing' has questions for you before tool 'buy' can run");
      assert.deepEqual((await w.call("GET", `pending?server=${server}&tool=buy`)).body.pending, first.body.pending);

      assert.equal((await answer(first.body.pending.fingerprint, "accept", billingAnswers)).status, 201);
      const done = await buy();
      assert.equal(done.status, 200, JSON.stringify(done.body));
      assert.deepEqual(JSON.parse(done.body.result.content[0].text).received,
        { action: "accept", content: form.contentFromAnswers(BILLING, billingAnswers) });
      assert.equal((await buy()).status, 202, "the answer was sent once");
    });

    test("a changed schema is asked again and the old answer is used up; an answer to other questions is refused", async () => {
      assert.equal((await answer(form.fingerprint(BILLING), "accept", billingAnswers)).status, 201);
      const changed = await buy({ variant: "seats-only" });
      assert.equal(changed.status, 202);
      assert.equal(changed.body.pending.fingerprint, form.fingerprint(SEATS_ONLY));
      assert.equal((await answer(form.fingerprint(BILLING), "accept", billingAnswers)).status, 409);
      assert.equal((await buy()).status, 202);
    });

    test("a recorded decline reaches the server as decline", async () => {
      await buy();
      assert.equal((await answer(form.fingerprint(BILLING), "decline")).status, 201);
      const done = await buy();
      assert.deepEqual(JSON.parse(done.body.result.content[0].text).received, { action: "decline" });
    });

    test("a credential form is refused without prompting: 422 with the backend's refusal, nothing pending", async () => {
      const refused = await w.call("POST", "calls", { server, tool: "connect-account" });
      assert.equal(refused.status, 422, JSON.stringify(refused.body));
      assert.deepEqual([refused.body.refused.kind, refused.body.refused.property], ["credential", "apiKey"]);
      assert.match(refused.body.refused.message, /URL mode elicitation instead/);
      assert.equal((await w.call("GET", `pending?server=${server}&tool=connect-account`)).status, 404);
    });
  });
}

test("with FORM_PROFILE = mcp-2026-07-28: the profile's questions, and a recorded cancel reaches the server as cancel", async () => {
  const w = worker({ FORM_PROFILE: "mcp-2026-07-28" });
  try {
    const added = await w.call("POST", "servers", { name: "billing", url: ERAS["2026-07-28 (input_required)"]() });
    const server = added.body.id;
    const first = await w.call("POST", "calls", { server, tool: "buy" });
    assert.equal(first.status, 202);
    assert.deepEqual(first.body.pending.questions, formMcp.questions(BILLING, "billing", SPEC));
    await w.call("POST", "answers", { server, tool: "buy", fingerprint: first.body.pending.fingerprint, action: "cancel" });
    const done = await w.call("POST", "calls", { server, tool: "buy" });
    assert.deepEqual(JSON.parse(done.body.result.content[0].text).received, { action: "cancel" });
  } finally {
    await w.mf.dispose();
  }
});
