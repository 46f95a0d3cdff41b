// Where the start-up's "rest of the import" goes (issue 13), finer than
// startup.mjs: each ES module's loading and top-level work, the start
// function, the bounds call and the first fingerprint's call, by ES import
// and by require, in fresh processes.
//
//   node bench/breakdown.mjs [--runs=25] [--entry=mcp-2026-07-28] [--only=marked|unmarked] [pkg-dir ...]
//
// Each package directory (default pkg/, as `npm run build` left it; give two
// to compare builds, their runs interleaved) is copied into
// bench/cold/breakdown/ with a mark at the start and at the end of each of
// its ES modules' bodies and of node.cjs (`globalThis.__elicitFormMarks`).
// A fresh process
// (cold/breakdown.mjs, cold/breakdown-require.cjs) then times, around the
// marks, reading, compiling and instantiating the .wasm and every call into
// the wasm's exports (cold/breakdown.cjs). Beside them, the unmarked package
// through cold/phases.mjs and phases.cjs (startup.mjs's figures) shows what
// the marks cost, and empty module files what any script costs. Every variant
// runs once per round, the rounds interleaved so load elsewhere hits all
// alike; each figure is a median over the rounds, in milliseconds.

import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { INPUTS } from "./inputs.mjs";
import { ROOT } from "./package.mjs";

const option = (name, fallback) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const runs = Number(option("runs", 25));
const warmup = 2;
const entryDir = option("entry", "");
// --only=marked or --only=unmarked runs only those variants (and the empty files), for more rounds in the time.
const only = option("only", "");
const packages = process.argv
  .slice(2)
  .filter((arg) => !arg.startsWith("--"))
  .map((dir) => resolve(dir));
if (packages.length === 0) packages.push(join(ROOT, "pkg"));

const scratch = join(ROOT, "bench", "cold", "breakdown");
const schema = JSON.stringify(INPUTS.find((input) => input.id === "billing").schema);

const markAt = (label) => `globalThis.__elicitFormMarks?.push([${JSON.stringify(label)},performance.now()]);`;

/** A marked copy of `pkg` in scratch/`index`; the URL of its node entry. */
async function marked(pkg, index) {
  const copy = join(scratch, String(index));
  rmSync(copy, { recursive: true, force: true });
  cpSync(pkg, copy, { recursive: true });
  const dir = join(copy, entryDir);
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".js"))) {
    const path = join(dir, file);
    // Import declarations are hoisted, so the first mark runs once the
    // module's own body starts, after its dependencies' bodies.
    writeFileSync(path, `${markAt(`${file} starts`)}\n${readFileSync(path, "utf8")}\n${markAt(`${file} ends`)}\n`);
  }
  // node.cjs is one file (bundled by scripts/build.mjs): marked as a whole.
  const cjs = join(dir, "node.cjs");
  writeFileSync(cjs, `${markAt("node.cjs starts")}\n${readFileSync(cjs, "utf8")}\n${markAt("node.cjs ends")}\n`);
  return pathToFileURL(join(dir, "node.js")).href;
}

/** One marked run's segments, milliseconds. */
function segments({ marks, calls, phases, beforeLoad, loaded, done }) {
  const out = {};
  const add = (name, value) => {
    out[name] = (out[name] ?? 0) + value;
  };
  const starts = marks.filter(([label]) => label.endsWith(" starts"));
  add(
    "resolve, read, parse, link (before the first module body)",
    starts.length ? starts[0][1] - beforeLoad : loaded - beforeLoad,
  );
  const during = (from, to) => calls.filter(([, started]) => started >= from && started < to);
  let lastEnd = beforeLoad;
  for (const [label, at] of starts) {
    const file = label.slice(0, -" starts".length);
    const end = marks.find(([other, when]) => other === `${file} ends` && when >= at);
    if (end === undefined) continue;
    const inside = during(at, end[1]);
    let own = end[1] - at;
    for (const [name, started, ended] of inside) {
      add(
        `  wasm export ${name}${inside.filter(([n]) => n === name).length > 1 ? " (all calls)" : ""}`,
        ended - started,
      );
      own -= ended - started;
    }
    if (phases.read + phases.compile + phases.instantiate > 0 && inside.length > 0) {
      add("  read the .wasm", phases.read);
      add("  compile (new WebAssembly.Module)", phases.compile);
      add("  instantiate (new WebAssembly.Instance)", phases.instantiate);
      own -= phases.read + phases.compile + phases.instantiate;
    }
    add(`${file}: its body's own JS`, own);
    lastEnd = Math.max(lastEnd, end[1]);
  }
  add("after the last body, until the import returns", loaded - lastEnd);
  add("import in all", loaded - beforeLoad);
  const first = during(loaded, done);
  const wasmTime = first.reduce((sum, [, started, ended]) => sum + ended - started, 0);
  add("first fingerprint: the wasm export", wasmTime);
  add("first fingerprint: the JS around it", done - loaded - wasmTime);
  add("import + first fingerprint", done - beforeLoad);
  return out;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const variants = [
  { name: "an empty ES module file", args: [join(ROOT, "bench", "cold", "empty.mjs")], kind: "empty" },
  { name: "an empty CommonJS file", args: [join(ROOT, "bench", "cold", "empty.cjs")], kind: "empty" },
];
for (const [index, pkg] of packages.entries()) {
  const label = packages.length > 1 ? `#${index + 1} ` : "";
  const markedEntry = await marked(pkg, index);
  const plainEntry = pathToFileURL(join(pkg, entryDir, "node.js")).href;
  if (only !== "unmarked") {
    variants.push(
      {
        name: `${label}import, marked`,
        args: [join(ROOT, "bench", "cold", "breakdown.mjs"), markedEntry, schema],
        kind: "marked",
      },
      {
        name: `${label}require, marked`,
        args: [join(ROOT, "bench", "cold", "breakdown-require.cjs"), markedEntry, schema],
        kind: "marked",
      },
    );
  }
  if (only !== "marked") {
    variants.push(
      {
        name: `${label}import, unmarked (phases.mjs)`,
        args: [join(ROOT, "bench", "cold", "phases.mjs"), plainEntry, schema],
        kind: "phases",
      },
      {
        name: `${label}require, unmarked (phases.cjs)`,
        args: [join(ROOT, "bench", "cold", "phases.cjs"), plainEntry, schema],
        kind: "phases",
      },
    );
  }
}
writeFileSync(join(scratch, ".gitignore"), "*\n");

const samples = variants.map(() => []);
for (let round = 0; round < warmup + runs; round += 1) {
  for (const [at, { name, args, kind }] of variants.entries()) {
    const child = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8" });
    if (child.status !== 0) throw new Error(`"${name}" failed (${child.status}): ${child.stderr}`);
    if (round < warmup) continue;
    const reported = kind === "empty" ? { "script done at": Number(child.stdout) } : JSON.parse(child.stdout);
    if (kind === "marked") samples[at].push(segments(reported));
    else if (kind === "phases")
      samples[at].push({
        ...reported,
        "script done at": reported.done,
        "import + first fingerprint": reported.load + reported.firstCall,
      });
    else samples[at].push(reported);
  }
  if ((round - warmup + 1) % 5 === 0 && round >= warmup)
    console.error(`breakdown: ${round - warmup + 1}/${runs} rounds`);
}

console.log(
  `node ${process.version}, ${runs} rounds (after ${warmup} warm-up), entry ${entryDir || "elicit-form"}, load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`,
);
for (const [index, pkg] of packages.entries()) console.log(`  #${index + 1}: ${pkg}`);
for (const [at, { name }] of variants.entries()) {
  const rows = samples[at];
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  console.log(`\n${name} (median of ${rows.length}, ms)`);
  for (const key of keys) {
    if (typeof rows[0][key] !== "number" && rows.every((row) => typeof row[key] !== "number")) continue;
    const values = rows.map((row) => row[key] ?? 0);
    console.log(`  ${key.padEnd(62)} ${median(values).toFixed(2).padStart(8)}`);
  }
}
