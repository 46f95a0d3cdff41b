// Start-up, split into its phases. In Node (`cold/phases.mjs` in a fresh
// process, by ES import and by CommonJS require, and by import again with
// lazy wasm compilation turned off): reading the .wasm, compiling it,
// instantiating it, the rest of loading the entry (its JS modules and
// the first export call, which reads the bounds), and the first fingerprint; each beside the same process loading an
// empty module file of the same kind. In workerd (Miniflare): the wall time to
// a ready runtime and to the first response, for a Worker that fingerprints
// the billing schema and for an empty Worker module bundled the same way;
// workerd compiles the .wasm while it loads the Worker, so the difference in
// the first figure is compiling and instantiating, in the second the first
// call. Runs are interleaved so load elsewhere hits every variant alike.

import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { bundleWorker, bundledWorkerOptions } from "../tests/js/bundle-worker.mjs";
import { INPUTS } from "./inputs.mjs";
import { PKG, ROOT, nodeEntry } from "./package.mjs";

const PHASES = ["boot", "read", "compile", "instantiate", "restOfLoad", "load", "firstCall", "done"];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const billing = () => JSON.stringify(INPUTS.find((input) => input.id === "billing").schema);

/** Node: the median of each phase per variant, milliseconds. */
export function nodePhases({ runs = 20, warmup = 2, log = () => {} } = {}) {
  const entry = nodeEntry();
  const ui = nodeEntry("./ui");
  const schema = billing();
  const phases = join(ROOT, "bench", "cold", "phases.mjs");
  const phasesCjs = join(ROOT, "bench", "cold", "phases.cjs");
  const variants = {
    "an empty ES module file": { args: [join(ROOT, "bench", "cold", "empty.mjs")] },
    "an empty CommonJS file": { args: [join(ROOT, "bench", "cold", "empty.cjs")] },
    "elicit-form, import": { args: [phases, entry, schema] },
    "elicit-form, require": { args: [phasesCjs, entry, schema] },
    "elicit-form, import, --no-wasm-lazy-compilation": { args: ["--no-wasm-lazy-compilation", phases, entry, schema] },
    // A UI page's entry: less wasm to validate and compile.
    "elicit-form/ui, import": { args: [phases, ui, schema] },
    "elicit-form/ui, require": { args: [phasesCjs, ui, schema] },
  };
  const samples = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
  for (let round = 0; round < warmup + runs; round += 1) {
    for (const [name, { args }] of Object.entries(variants)) {
      const child = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8" });
      if (child.status !== 0) throw new Error(`start-up "${name}" failed (${child.status}): ${child.stderr}`);
      if (round < warmup) continue;
      const reported = child.stdout.startsWith("{") ? JSON.parse(child.stdout) : { done: Number(child.stdout) };
      samples[name].push(reported);
    }
    if (round >= warmup && (round - warmup + 1) % 10 === 0)
      log(`start-up phases: ${round - warmup + 1}/${runs} rounds`);
  }
  return Object.entries(samples).map(([name, rows]) => ({
    name,
    runs: rows.length,
    ...Object.fromEntries(
      PHASES.filter((phase) => rows[0][phase] !== undefined).map((phase) => [
        phase,
        median(rows.map((row) => row[phase])),
      ]),
    ),
  }));
}

async function workerdOnce(out) {
  const started = performance.now();
  const mf = new Miniflare(bundledWorkerOptions(out));
  try {
    await mf.ready;
    const ready = performance.now();
    const response = await mf.dispatchFetch("http://worker/");
    const text = await response.text();
    if (!response.ok) throw new Error(`start-up Worker in ${out} answered ${response.status}: ${text}`);
    return { ready: ready - started, firstResponse: performance.now() - ready };
  } finally {
    await mf.dispose();
  }
}

/** workerd (Miniflare): the median time to a ready runtime and to the first response, ours and an empty Worker's. */
export async function workerdStartup({ runs = 8, warmup = 1, log = () => {} } = {}) {
  const scratch = join(fileURLToPath(new URL(".", import.meta.url)), "cold", "workers");
  const workers = {
    "an empty Worker module": 'export default { fetch() { return new Response(""); } };',
    "elicit-form: first fingerprint": `import { fingerprint } from ${JSON.stringify(join(PKG, "workerd.js"))};
const SCHEMA = ${billing()};
export default { fetch() { return new Response(fingerprint(SCHEMA)); } };`,
  };
  const outs = {};
  for (const [index, [name, contents]] of Object.entries(workers).entries()) {
    const out = join(scratch, String(index));
    mkdirSync(out, { recursive: true });
    await bundleWorker(out, { stdin: { contents, resolveDir: ROOT, sourcefile: "worker.js", loader: "js" } });
    outs[name] = out;
  }
  const samples = Object.fromEntries(Object.keys(workers).map((name) => [name, []]));
  for (let round = 0; round < warmup + runs; round += 1) {
    for (const name of Object.keys(workers)) {
      const figures = await workerdOnce(outs[name]);
      if (round >= warmup) samples[name].push(figures);
    }
    log(`start-up in workerd: ${round + 1}/${warmup + runs} rounds`);
  }
  writeFileSync(join(scratch, ".gitignore"), "*\n");
  return Object.entries(samples).map(([name, rows]) => ({
    name,
    runs: rows.length,
    ready: median(rows.map((row) => row.ready)),
    firstResponse: median(rows.map((row) => row.firstResponse)),
  }));
}
