// The JS suite inside workerd (Miniflare): a module Worker that imports
// "elicit-form" and "elicit-form/mcp-2026-07-28" from the scratch project, bundled by esbuild the way wrangler
// bundles (conditions workerd, worker, browser; the .wasm left as a module of
// its own, loaded by the CompiledWasm rule). Driven by mf.dispatchFetch.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import { bundleWorker, bundledWorkerOptions } from "./bundle-worker.mjs";
import { Miniflare } from "miniflare";
import { checks } from "./checks.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const scratch = join(here, "scratch");
const out = join(scratch, "worker");
const vectors = readFileSync(join(here, "..", "data", "backend-vectors.jsonl"), "utf8");
const expectedChecks = checks({}, vectors, "").map(([name]) => name);

const WORKER = `
import * as api from "elicit-form";
import * as mcp from "elicit-form/mcp-2026-07-28";
import * as ui from "elicit-form/ui";
import * as mcpUi from "elicit-form/mcp-2026-07-28/ui";
import * as links from "elicit-form/url";
import { runChecks } from ${JSON.stringify(join(here, "checks.mjs"))};
import vectors from ${JSON.stringify(join(here, "..", "data", "backend-vectors.jsonl"))};
import profileVectors from ${JSON.stringify(join(here, "..", "data", "mcp-2026-07-28-vectors.jsonl"))};

// Under nodejs_compat, the host's SHA-256 the full entries' fingerprints
// take (host_sha256.js), counted as each entry looks it up.
let hostLookups = 0;
const getBuiltinModule = globalThis.process?.getBuiltinModule;
if (typeof getBuiltinModule === "function") {
  globalThis.process.getBuiltinModule = (name) => {
    if (name === "node:crypto") hostLookups += 1;
    return getBuiltinModule.call(globalThis.process, name);
  };
}

export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === "/host-lookups") return Response.json(hostLookups);
    if (url.pathname === "/bound-fingerprints") {
      // A schema at every bound, fingerprinted often enough that the full
      // entries' wasm asks the host for its SHA-256 (after a first stretch
      // of input hashed itself), under each profile each entry has.
      const properties = {};
      for (let at = 0; at < 16; at += 1) {
        const member = (kind) => Array.from({ length: 32 }, (_, m) => \`\${kind} \${at} \${m} \`.padEnd(200, "é"));
        properties[\`p\${at}\`.padEnd(64, "n")] = {
          type: "string", title: "t".padEnd(200, "€"), description: "d".padEnd(2000, "日"),
          enum: member("value"), enumNames: member("Label"),
        };
      }
      const schema = { type: "object", properties };
      const prints = [];
      for (let round = 0; round < 30; round += 1) {
        prints.length = 0;
        prints.push(api.fingerprint(schema), mcp.fingerprint(schema), mcp.fingerprint(schema, { profile: "mcp-2026-07-28" }));
      }
      return Response.json(prints);
    }
    if (url.pathname === "/url") {
      const views = [];
      for (const link of await request.json()) {
        try {
          views.push(links.urlElicitation({ mode: "url", message: "Sign in", url: link }, "s"));
        } catch (error) {
          views.push({ error: error.name, kind: error.kind });
        }
      }
      return Response.json(views);
    }
    if (url.pathname === "/checks") return Response.json(await runChecks(api, vectors, profileVectors, mcp, { backend: ui, mcp: mcpUi }));
    const { schema, serverName } = await request.json();
    try {
      return Response.json({ questions: api.questions(schema, serverName) });
    } catch (error) {
      return Response.json({ error: error.name, kind: error.kind, message: error.message,
                             isRefusal: error instanceof api.FormRefusalError });
    }
  },
};
`;

const bundled = await bundleWorker(out, {
  stdin: { contents: WORKER, resolveDir: scratch, sourcefile: "worker.js", loader: "js" },
  loader: { ".jsonl": "text" },
});

const mf = new Miniflare(bundledWorkerOptions(out));
after(() => mf.dispose());

async function post(body) {
  const response = await mf.dispatchFetch("http://worker/questions", { method: "POST", body: JSON.stringify(body) });
  return response.json();
}

const results = await (await mf.dispatchFetch("http://worker/checks")).json();
// The same Worker with nodejs_compat, where workerd gives node:crypto through
// process.getBuiltinModule: the full entries' fingerprints go through it.
const compat = new Miniflare(bundledWorkerOptions(out, { compatibilityFlags: ["nodejs_compat"] }));
after(() => compat.dispose());
const compatBound = await (await compat.dispatchFetch("http://worker/bound-fingerprints")).json();
const compatResults = await (await compat.dispatchFetch("http://worker/checks")).json();

test("workerd: the bundle took each entry's workerd.js and left each .wasm as a module of its own", () => {
  const inputs = Object.keys(bundled.metafile.inputs);
  assert.ok(
    inputs.some((f) => f.endsWith("node_modules/elicit-form/workerd.js")),
    inputs.join(", "),
  );
  assert.ok(
    inputs.some((f) => f.endsWith("node_modules/elicit-form/mcp-2026-07-28/workerd.js")),
    inputs.join(", "),
  );
  assert.ok(!inputs.some((f) => /elicit-form\/(mcp-2026-07-28\/)?(node|browser)\.js$/.test(f)), "no other entry");
  const worker = readFileSync(join(out, "worker.mjs"), "utf8");
  assert.match(worker, /from "\.\/elicit_form_bg\.wasm"/);
  assert.match(worker, /from "\.\/elicit_form_mcp_2026_07_28_bg\.wasm"/);
});

test("workerd: elicit-form/url decides plain ASCII hosts with its first wasm and loads the Unicode rules, a module of their own, on the first host that needs them", async () => {
  const worker = readFileSync(join(out, "worker.mjs"), "utf8");
  assert.match(worker, /from "\.\/elicit_form_url_bg\.wasm"/);
  assert.match(worker, /from "\.\/elicit_form_url_unicode_bg\.wasm"/);
  const response = await mf.dispatchFetch("http://worker/url", {
    method: "POST",
    body: JSON.stringify([
      "https://login.example.co.uk/",
      "https://b\u00fccher.example/",
      "https://xn--pple-43d.com/",
      "https://accounts.google.com.evil.xn--p1ai/",
      "javascript:alert(1)",
    ]),
  });
  const [ascii, unicode, lookalike, suffix, scheme] = await response.json();
  assert.deepEqual([ascii.displayHost, ascii.site], ["login.example.co.uk", "example.co.uk"]);
  assert.deepEqual(
    [unicode.host, unicode.displayHost, unicode.site],
    ["xn--bcher-kva.example", "b\u00fccher.example", "b\u00fccher.example"],
  );
  assert.deepEqual(
    [lookalike.displayHost, lookalike.warnings.map((w) => w.kind)],
    ["xn--pple-43d.com", ["lookalikeHost"]],
  );
  assert.equal(suffix.site, "evil.\u0440\u0444");
  assert.deepEqual(scheme, { error: "UrlRefusalError", kind: "scheme" });
});

test("workerd: the Worker ran every check", () => {
  assert.deepEqual(
    results.map((r) => r.name),
    expectedChecks,
  );
});

for (const [index, name] of expectedChecks.entries()) {
  test(`workerd: ${name}`, () => {
    const result = results[index];
    assert.equal(result?.name, name);
    assert.ok(result.ok, result.error);
  });
}

test("workerd with nodejs_compat: a schema at every bound fingerprinted until the full entries take workerd's node:crypto (each looked it up once; without the flag, none did) gives the fingerprints workerd without it gives, and every check passes after", async () => {
  assert.deepEqual(
    compatResults.map((r) => r.name),
    expectedChecks,
  );
  for (const result of compatResults) assert.ok(result.ok, `${result.name}: ${result.error}`);
  assert.deepEqual(compatBound, await (await mf.dispatchFetch("http://worker/bound-fingerprints")).json());
  assert.equal(
    await (await compat.dispatchFetch("http://worker/host-lookups")).json(),
    2,
    "elicit-form and elicit-form/mcp-2026-07-28",
  );
  assert.equal(await (await mf.dispatchFetch("http://worker/host-lookups")).json(), 0);
});

test("workerd: the Worker keeps answering requests after refusals and type errors", async () => {
  const billing = { type: "object", properties: { seats: { type: "integer", minimum: 1, maximum: 50 } } };
  const refused = await post({
    schema: { type: "object", properties: { password: { type: "string" } } },
    serverName: "s",
  });
  assert.deepEqual([refused.error, refused.kind, refused.isRefusal], ["FormRefusalError", "credential", true]);
  const typeError = await post({ schema: billing, serverName: 5 });
  assert.equal(typeError.error, "TypeError");
  const notJson = await post({ schema: "{", serverName: "s" });
  assert.equal(notJson.kind, "schema");
  const answered = await post({ schema: billing, serverName: "billing" });
  assert.equal(answered.questions[0].question, "seats (a whole number from 1 to 50)");
  const again = await (await mf.dispatchFetch("http://worker/checks")).json();
  assert.deepEqual(
    again.filter((r) => !r.ok),
    [],
    "a second run of every check in the same isolate",
  );
});
