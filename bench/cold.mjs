// Cold start: the wall time from spawning a fresh `node` to its exit, for
// bare `node -e 0`, for an empty ES module file (what Node's ESM loader costs
// any script) and an empty CommonJS file, for a process that imports elicit-form and computes one
// fingerprint, the same through `require` (CommonJS), and for one that imports the MCP SDK's types and does one zod
// parse. The runs are interleaved (bare, ours, zod, bare, ...) so a burst of
// load elsewhere hits all three alike; the medians are reported.

import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { INPUTS } from "./inputs.mjs";
import { ROOT, nodeEntry } from "./package.mjs";

function quantile(sorted, q) {
  return sorted[Math.round(q * (sorted.length - 1))];
}

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    median: quantile(sorted, 0.5),
    p25: quantile(sorted, 0.25),
    p75: quantile(sorted, 0.75),
    min: sorted[0],
  };
}

export async function coldStart({ runs = 40, warmup = 3, log = () => {} } = {}) {
  const billing = JSON.stringify(INPUTS.find((input) => input.id === "billing").schema);
  const entry = nodeEntry();
  const script = (name, from = entry) => [join(ROOT, "bench", "cold", name), from, billing];
  const ui = nodeEntry("./ui");
  const variants = {
    "bare `node -e 0`": { args: ["-e", "0"] },
    "an empty ES module file": { args: script("empty.mjs"), inside: true },
    "an empty CommonJS file": { args: script("empty.cjs"), inside: true },
    "elicit-form: import + first fingerprint": { args: script("elicit-form.mjs"), inside: true },
    "elicit-form: require + first fingerprint": { args: script("elicit-form.cjs"), inside: true },
    // A UI page's entry, built for size.
    "elicit-form/ui: import + first fingerprint": { args: script("elicit-form.mjs", ui), inside: true },
    "elicit-form/ui: require + first fingerprint": { args: script("elicit-form.cjs", ui), inside: true },
    "MCP SDK types: import + first zod parse": { args: script("zod.mjs"), inside: true },
  };
  const wall = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
  const inside = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
  for (let round = 0; round < warmup + runs; round += 1) {
    for (const [name, { args, inside: reports }] of Object.entries(variants)) {
      const started = performance.now();
      const child = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8" });
      const elapsed = performance.now() - started;
      if (child.status !== 0) {
        throw new Error(`cold start "${name}" failed (${child.status}): ${child.stderr}`);
      }
      if (round < warmup) continue;
      wall[name].push(elapsed);
      if (reports) inside[name].push(Number(child.stdout));
    }
    if (round >= warmup && (round - warmup + 1) % 10 === 0) log(`cold start: ${round - warmup + 1}/${runs} rounds`);
  }
  const bare = summary(wall["bare `node -e 0`"]).median;
  // Each of ours less the empty file of its kind run in the same round: the
  // median of those differences moves less with load that comes and goes
  // than the difference of the two medians.
  const emptyOf = (name) => wall[name.includes("require") ? "an empty CommonJS file" : "an empty ES module file"];
  return Object.keys(variants).map((name) => {
    const figures = summary(wall[name]);
    const empty = emptyOf(name);
    return {
      name,
      ...figures,
      overBare: figures.median - bare,
      overEmpty: name.startsWith("elicit-form") ? summary(wall[name].map((ms, round) => ms - empty[round])) : null,
      // performance.now() inside the child when its work was done: the time
      // since the process started, without the exit.
      inside: inside[name].length > 0 ? summary(inside[name]).median : null,
    };
  });
}
