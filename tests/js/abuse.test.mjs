// The abuse suite (tests/js/abuse.mjs) against the packed package installed in
// the scratch project (tests/js/prepare.mjs): in Node through `import
// "elicit-form"`, and inside a Miniflare Worker bundled as wrangler bundles
// (as tests/js/workerd.test.mjs does). The wasm memory is read from the
// package's own wasm-bindgen glue, imported by file URL (bypassing `exports`),
// which is the same module instance core.js imports.

import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleWorker, bundledWorkerOptions } from "./bundle-worker.mjs";
import { Miniflare } from "miniflare";
import { abuseChecks } from "./abuse.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const scratch = join(here, "scratch");
const glueFile = join(scratch, "node_modules", "elicit-form", "elicit_form.js");
const MiB = 1024 * 1024;
const NODE_SIZES = { big: 64 * MiB, warmup: 10000, calls: 100000 };
const WORKERD_SIZES = { big: Number(process.env.ABUSE_WORKERD_BIG_MIB ?? 64) * MiB, warmup: 10000, calls: 100000 };

const api = await import(pathToFileURL(join(scratch, "esm.mjs")).href);
const glue = await import(pathToFileURL(glueFile).href);
const names = abuseChecks(api, glue, NODE_SIZES).map(([name]) => name);

// ---- Node ----------------------------------------------------------------

for (const [name, run] of abuseChecks(api, glue, NODE_SIZES)) {
  test(`node: ${name}`, () => {
    const value = run();
    if (value?.afterWarmup !== undefined) {
      console.log(`node: wasm memory ${value.afterWarmup} bytes after ${NODE_SIZES.warmup} warm-up calls, `
        + `${value.afterCalls} bytes after ${NODE_SIZES.calls} more`);
    }
  });
}

test("node: the glue imported by file URL is the instance the package initialised", () => {
  // Not initialised, initSync would have to compile the (empty) bytes and throw.
  const exports = glue.initSync({ module: new Uint8Array(0) });
  assert.ok(exports.memory instanceof WebAssembly.Memory);
  const before = exports.memory.buffer.byteLength;
  // A call bigger than the memory grows it, and the growth shows in this instance.
  assert.throws(() => api.fingerprint("x".repeat(before + 8 * MiB)), api.FormRefusalError);
  assert.ok(exports.memory.buffer.byteLength > before, "the package's calls grow this memory");
});

// ---- workerd -------------------------------------------------------------

const out = join(scratch, "abuse-worker");
const WORKER = `
import * as api from "elicit-form";
import * as glue from ${JSON.stringify(glueFile)};
import { runAbuseChecks } from ${JSON.stringify(join(here, "abuse.mjs"))};

export default {
  async fetch() {
    return Response.json(runAbuseChecks(api, glue, ${JSON.stringify(WORKERD_SIZES)}));
  },
};
`;

const bundled = await bundleWorker(out, {
  stdin: { contents: WORKER, resolveDir: scratch, sourcefile: "worker.js", loader: "js" },
});

const mf = new Miniflare(bundledWorkerOptions(out));
after(() => mf.dispose());

const results = await (await mf.dispatchFetch("http://worker/abuse")).json();

test("workerd: the bundle has one copy of the glue (the Worker's import and core.js's are one module) and the workerd entry", () => {
  const inputs = Object.keys(bundled.metafile.inputs);
  assert.equal(inputs.filter((f) => f.endsWith("elicit_form.js")).length, 1, inputs.join(", "));
  assert.ok(inputs.some((f) => f.endsWith("node_modules/elicit-form/workerd.js")), inputs.join(", "));
});

test("workerd: the Worker ran every abuse check", () => {
  assert.deepEqual(results.map((r) => r.name), names.map((n) => n.replace(/^\d+ \+ \d+/, `${WORKERD_SIZES.warmup} + ${WORKERD_SIZES.calls}`)
    .replace(/a \d+ MiB string/, `a ${WORKERD_SIZES.big / MiB} MiB string`)));
});

for (const [index, result] of results.entries()) {
  test(`workerd: ${result.name}`, () => {
    assert.ok(result.ok, result.error);
    if (result.value?.afterWarmup !== undefined) {
      console.log(`workerd: wasm memory ${result.value.afterWarmup} bytes after ${WORKERD_SIZES.warmup} warm-up calls, `
        + `${result.value.afterCalls} bytes after ${WORKERD_SIZES.calls} more`);
    }
    assert.equal(index, results.indexOf(result));
  });
}

test("workerd: a second run of every abuse check in the same isolate passes", async () => {
  const again = await (await mf.dispatchFetch("http://worker/abuse")).json();
  assert.deepEqual(again.filter((r) => !r.ok), []);
});
