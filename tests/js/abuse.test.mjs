// The abuse suite (tests/js/abuse.mjs) against the packed package installed in
// the scratch project (tests/js/prepare.mjs): in Node through `import
// "elicit-form"` and `import "elicit-form/mcp-2026-07-28"`, and inside a Miniflare Worker bundled as wrangler bundles
// (as tests/js/workerd.test.mjs does). The wasm memory is read from the
// instance the package uses now. In the Worker, that is what the package's
// own glue (elicit_form.js, imported by file URL, bypassing `exports`: the
// same module instance the workerd entry imports) hands out. The node entry
// has its glue inside (scripts/build.mjs), so in Node this file watches
// `new WebAssembly.Instance` from before the first import, and the instance
// the package uses now is the last one made of the entry's module.

import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
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

// The last instance made of each module, and the module of the last one made.
// Only the last: an instance held here would keep its (grown) memory taken.
const lastOf = new Map();
let lastModule;
WebAssembly.Instance = new Proxy(WebAssembly.Instance, {
  construct(target, args, newTarget) {
    const instance = Reflect.construct(target, args, newTarget);
    [lastModule] = args;
    lastOf.set(lastModule, instance);
    return instance;
  },
});

/**
 * The entry imported from `file`, and in place of its glue, `{ initSync }`
 * that gives the exports of the instance it uses now, as the glue's initSync
 * does once initialised: the last one made of the module its import made.
 */
async function importWatched(file) {
  lastModule = undefined;
  const entry = await import(pathToFileURL(join(scratch, file)).href);
  const module = lastModule;
  assert.ok(module !== undefined, `${file}: its import made a wasm instance`);
  return [entry, { initSync: () => lastOf.get(module).exports }];
}

const [api, glue] = await importWatched("esm.mjs");
const names = abuseChecks(api, glue, NODE_SIZES).map(([name]) => name);

// Prints what a check measured (wasm memory figures), for the log.
function report(where, sizes, value) {
  if (value?.afterWarmup !== undefined) {
    console.log(
      `${where}: wasm memory ${value.afterWarmup} bytes after ${sizes.warmup} warm-up calls, ` +
        `${value.afterCalls} bytes after ${sizes.calls} more`,
    );
  }
  if (value?.answerPeak !== undefined) {
    console.log(
      `${where}: a ${sizes.big / MiB} MiB answer: wasm memory peak ${(value.answerPeak / MiB).toFixed(1)} MiB ` +
        `(${(value.answerPeak / sizes.big).toFixed(2)}x the answer), ${value.answerAfter} bytes after`,
    );
  }
  if (value?.largestRound !== undefined) {
    console.log(
      `${where}: the largest admitted schema's round leaves wasm memory at ${(value.largestRound / MiB).toFixed(2)} MiB`,
    );
  }
}

// ---- Node ----------------------------------------------------------------

for (const [name, run] of abuseChecks(api, glue, NODE_SIZES)) {
  test(`node: ${name}`, () => {
    report("node", NODE_SIZES, run());
  });
}

test("node: the instance watched is the one the package uses, and after a call that grew it, the fresh one", () => {
  const exports = glue.initSync({ module: new Uint8Array(0) });
  assert.ok(exports.memory instanceof WebAssembly.Memory);
  const before = exports.memory.buffer.byteLength;
  // A call bigger than the memory grows it, and the growth shows in this instance.
  assert.throws(() => api.fingerprint("x".repeat(before + 8 * MiB)), api.FormRefusalError);
  assert.ok(exports.memory.buffer.byteLength > before + 8 * MiB, "the package's calls grow this memory");
  // Then the package swaps in a fresh instance, the one it uses from then on.
  const fresh = glue.initSync({ module: new Uint8Array(0) });
  assert.notEqual(fresh, exports);
  assert.ok(fresh.memory.buffer.byteLength < 2 * MiB, `fresh memory: ${fresh.memory.buffer.byteLength} bytes`);
  assert.equal(api.fingerprint(JSON.stringify({ type: "object", properties: { a: { type: "string" } } })).length, 64);
  assert.equal(glue.initSync({ module: new Uint8Array(0) }), fresh, "an ordinary call keeps the fresh instance");
});

// ---- Node, elicit-form/mcp-2026-07-28 --------------------------------------
// The second entry is the same core over the wasm with both profiles, in a
// module graph of its own: its instance holds the same lines, and gives
// memory back on its own.

const [mcpApi, mcpGlue] = await importWatched("esm-mcp.mjs");

for (const [name, run] of abuseChecks(mcpApi, mcpGlue, NODE_SIZES)) {
  test(`node, elicit-form/mcp-2026-07-28: ${name}`, () => {
    report("node, elicit-form/mcp-2026-07-28", NODE_SIZES, run());
  });
}

test("node: the two entries are two instances: a call that grows one leaves the other's memory as it was", () => {
  const backend = glue.initSync({ module: new Uint8Array(0) });
  const mcp = mcpGlue.initSync({ module: new Uint8Array(0) });
  assert.notEqual(backend.memory, mcp.memory);
  const mcpBefore = mcp.memory.buffer.byteLength;
  assert.throws(() => api.fingerprint("x".repeat(4 * MiB)), api.FormRefusalError);
  assert.equal(mcpGlue.initSync({ module: new Uint8Array(0) }).memory.buffer.byteLength, mcpBefore);
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

test("workerd: the bundle has one copy of the glue (the Worker's import and the entry's are one module) and the workerd entry", () => {
  const inputs = Object.keys(bundled.metafile.inputs);
  assert.equal(inputs.filter((f) => f.endsWith("elicit_form.js")).length, 1, inputs.join(", "));
  assert.ok(
    inputs.some((f) => f.endsWith("node_modules/elicit-form/workerd.js")),
    inputs.join(", "),
  );
});

test("workerd: the Worker ran every abuse check", () => {
  assert.deepEqual(
    results.map((r) => r.name),
    names.map((n) =>
      n
        .replace(/^\d+ \+ \d+/, `${WORKERD_SIZES.warmup} + ${WORKERD_SIZES.calls}`)
        .replace(/a \d+ MiB string/, `a ${WORKERD_SIZES.big / MiB} MiB string`),
    ),
  );
});

for (const [index, result] of results.entries()) {
  test(`workerd: ${result.name}`, () => {
    assert.ok(result.ok, result.error);
    report("workerd", WORKERD_SIZES, result.value);
    assert.equal(index, results.indexOf(result));
  });
}

test("workerd: a second run of every abuse check in the same isolate passes", async () => {
  const again = await (await mf.dispatchFetch("http://worker/abuse")).json();
  assert.deepEqual(
    again.filter((r) => !r.ok),
    [],
  );
});

// ---- a Worker answering a 64 MiB answer over HTTP -----------------------
// Miniflare cannot give a Worker a memory limit: workerd's config has no
// per-isolate limit, and Miniflare passes no V8 flags (which would bound the
// JS heap, not wasm memory, anyway). So this Worker is measured instead: the
// answer arrives as a request body, the Worker answers it, reports the wasm
// memory it left, and keeps serving; workerd's resident memory is read from
// /proc before, at its peak and after.

const memoryOut = join(scratch, "memory-worker");
const MEMORY_WORKER = `
import { contentFromAnswers, fingerprint } from "elicit-form";
import * as glue from ${JSON.stringify(glueFile)};

const NOTE = { type: "object", properties: { note: { type: "string" } } };
const wasmBytes = () => glue.initSync({ module: new Uint8Array(0) }).memory.buffer.byteLength;

export default {
  async fetch(request) {
    if (request.method === "POST") {
      const answers = await request.json();
      const content = contentFromAnswers(NOTE, answers);
      return Response.json({ length: content.note.length, wasmBytes: wasmBytes() });
    }
    return Response.json({ fingerprint: fingerprint(NOTE), wasmBytes: wasmBytes() });
  },
};
`;
await bundleWorker(memoryOut, {
  stdin: { contents: MEMORY_WORKER, resolveDir: scratch, sourcefile: "worker.js", loader: "js" },
});

// The workerd processes below this one (Miniflare spawns workerd as a child).
function workerdProcesses() {
  const parents = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const [, comm, rest] = stat.match(/^\d+ \((.*)\) (.*)$/s);
      parents.set(Number(entry), { comm, ppid: Number(rest.split(" ")[1]) });
    } catch {
      // gone meanwhile
    }
  }
  const below = (pid) => {
    for (
      let at = parents.get(pid)?.ppid, hops = 0;
      at !== undefined && hops < 10;
      at = parents.get(at)?.ppid, hops += 1
    ) {
      if (at === process.pid) return true;
    }
    return false;
  };
  return [...parents].filter(([pid, { comm }]) => comm === "workerd" && below(pid)).map(([pid]) => pid);
}

function residentKiB(pid, field) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))[1]);
}

test(`workerd: a Worker answers a ${NODE_SIZES.big / MiB} MiB answer sent as its request body, gives the wasm memory back and keeps serving`, {
  skip: process.platform !== "linux" ? "reads /proc" : false,
}, async () => {
  const others = new Set(workerdProcesses());
  const memoryMf = new Miniflare(bundledWorkerOptions(memoryOut));
  try {
    const first = await (await memoryMf.dispatchFetch("http://worker/")).json();
    assert.equal(first.fingerprint.length, 64);
    // This Worker's workerd: the one that was not there before.
    const [pid] = workerdProcesses().filter((p) => !others.has(p));
    const rssBefore = pid === undefined ? undefined : residentKiB(pid, "VmRSS");
    const body = JSON.stringify({ note: { other_text: "a".repeat(NODE_SIZES.big) } });
    const answered = await (await memoryMf.dispatchFetch("http://worker/", { method: "POST", body })).json();
    assert.equal(answered.length, NODE_SIZES.big, "the answer came back whole");
    assert.ok(answered.wasmBytes < 2 * MiB, `wasm memory after the answer: ${answered.wasmBytes} bytes`);
    for (let i = 0; i < 3; i += 1) {
      const again = await (await memoryMf.dispatchFetch("http://worker/")).json();
      assert.equal(again.fingerprint, first.fingerprint, "the Worker keeps serving");
      assert.ok(again.wasmBytes < 2 * MiB, `wasm memory on the next request: ${again.wasmBytes} bytes`);
    }
    if (pid !== undefined) {
      console.log(
        `workerd (pid ${pid}): resident ${Math.round(rssBefore / 1024)} MiB before the answer, ` +
          `peak ${Math.round(residentKiB(pid, "VmHWM") / 1024)} MiB, ${Math.round(residentKiB(pid, "VmRSS") / 1024)} MiB after`,
      );
    }
  } finally {
    await memoryMf.dispose();
  }
});
