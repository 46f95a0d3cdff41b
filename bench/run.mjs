// `npm run bench`: elicit-form against its peers (the MCP SDK's zod schema,
// @cfworker/json-schema, ajv, and the JSON text floor) on speed, cold start
// and size. Prints the tables and writes them to bench/RESULTS.md with the
// machine they ran on. Reads the package as `npm run build` left it in pkg/.
//
//   node bench/run.mjs [--quick] [--only=speed,cold,size] [--out=FILE | --no-write]
//
// Speed runs the whole set three times and keeps the median pass of each
// benchmark. --quick runs it once, measuring for a quarter of the time (and
// 15 cold runs): for trying things out, not for RESULTS.md.

import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, release } from "node:os";
import { basename, join } from "node:path";
import { coldStart } from "./cold.mjs";
import { ROOT, packageManifest } from "./package.mjs";
import { packageSizes, peerSizes } from "./size.mjs";
import { OPERATIONS, formatNs, pairedTargets, speed } from "./speed.mjs";
import { nodePhases, workerdStartup } from "./startup.mjs";
import { writeChart } from "./chart.mjs";

const options = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key, value ?? true];
  }),
);
const quick = options.quick === true;
const parts = new Set(String(options.only ?? "speed,cold,size").split(","));
const out = options["no-write"] ? null : (options.out ?? join(ROOT, "bench", "RESULTS.md"));
// The chart beside it (chart.mjs): RESULTS.svg for RESULTS.md.
const chartFile = out === null ? null : `${out.replace(/\.md$/, "")}.svg`;

// Targets from issue 13 (speed, start-up); the sizes from issue 28 (a page on
// elicit-form/ui, one on elicit-form/mcp-2026-07-28/ui).
const TARGETS = {
  roundVsZodCfworker: 0.5, // ours at least 2x faster
  roundVsFloor: 3,
  // Issue 40: the schema at every bound at least as fast as the SDK's path.
  boundsRoundVsZodCfworker: 1,
  gzipBytes: 50_000,
  mcpGzipBytes: 70_000,
  coldStartMs: 5,
};

function machine() {
  let cpu = cpus()[0]?.model ?? "unknown";
  try {
    const info = readFileSync("/proc/cpuinfo", "utf8");
    cpu = info.match(/^model name\s*:\s*(.+)$/m)?.[1] ?? cpu;
  } catch {
    // Not Linux: os.cpus() has it.
  }
  return {
    cpu,
    cores: cpus().length,
    node: process.version,
    kernel: release(),
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    load: loadavg()
      .map((value) => value.toFixed(2))
      .join(", "),
  };
}

const ratio = (value) => (value >= 10 ? value.toFixed(0) : value >= 1 ? value.toFixed(1) : value.toFixed(2));
const bytes = (value) => value.toLocaleString("en");
const kb = (value) => `${(value / 1000).toFixed(1)} KB`;
const verdict = (ok) => (ok ? "met" : "**missed**");

function table(header, rows) {
  const lines = [`| ${header.join(" | ")} |`, `|${header.map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`];
  for (const row of rows) lines.push(`| ${row.join(" | ")} |`);
  return lines.join("\n");
}

function speedSection(results) {
  const sections = [];
  for (const result of results) {
    const peers = result.peers;
    const zodCf = peers["zod parse + cfworker validate"].median;
    const zodCfText = peers["zod parse + cfworker validate, from JSON text"].median;
    const ajv = peers["ajv: compile + validate"].median;
    const refused =
      result.id === "credential"
        ? ' Every one of ours throws `FormRefusalError` (`kind: "credential"`); the peers accept the schema.'
        : "";
    sections.push(
      `### ${result.label} (${bytes(result.schemaBytes)} bytes of schema JSON)${refused ? "\n\n" + refused.trim() : ""}`,
    );
    sections.push(
      table(
        [
          "operation",
          "ours, value",
          "ours, JSON text",
          "floor",
          "value / floor",
          "value / (zod + cfworker)",
          "text / (JSON.parse + zod + cfworker)",
          "value / ajv compile",
        ],
        OPERATIONS.map((op) => {
          const value = result.value[op].median;
          const text = result.text[op].median;
          return [
            op,
            formatNs(value),
            formatNs(text),
            formatNs(result.floor[op].median),
            ratio(value / result.floor[op].median),
            ratio(value / zodCf),
            ratio(text / zodCfText),
            ratio(value / ajv),
          ];
        }),
      ),
    );
    sections.push(
      table(
        ["peer", "median", "p25 – p75"],
        Object.entries(peers).map(([name, figures]) => [
          name,
          formatNs(figures.median),
          `${formatNs(figures.p25)} – ${formatNs(figures.p75)}`,
        ]),
      ),
    );
  }
  return sections.join("\n\n");
}

function coldSection(cold) {
  return table(
    ["process", "median wall", "p25 – p75", "min", "over bare node", "work done at (in-process)"],
    cold.map((row) => [
      row.name,
      `${row.median.toFixed(1)} ms`,
      `${row.p25.toFixed(1)} – ${row.p75.toFixed(1)} ms`,
      `${row.min.toFixed(1)} ms`,
      row.name.startsWith("bare") ? "" : `${row.overBare >= 0 ? "+" : ""}${row.overBare.toFixed(1)} ms`,
      row.inside === null ? "" : `${row.inside.toFixed(1)} ms`,
    ]),
  );
}

const ms = (value) => (value === undefined ? "" : `${value.toFixed(1)} ms`);
const signed = (value) => `${value >= 0 ? "+" : "−"}${Math.abs(value).toFixed(1)} ms`;

function startupSection(phases, workerd) {
  const emptyEsm = phases.find((row) => row.name === "an empty ES module file").done;
  const emptyCjs = phases.find((row) => row.name === "an empty CommonJS file").done;
  const lines = [
    "Node, in one fresh process each (`bench/cold/phases.mjs`, `phases.cjs`; medians, milliseconds since the process started for the first and last column):",
    "",
    table(
      [
        "process",
        "script starts",
        "read .wasm",
        "compile",
        "instantiate",
        "rest of the import (JS modules, start, bounds)",
        "first fingerprint",
        "import + first call",
        "done at",
        "over an empty file of its kind",
      ],
      phases.map((row) => [
        row.name,
        ms(row.boot),
        ms(row.read),
        ms(row.compile),
        ms(row.instantiate),
        ms(row.restOfLoad),
        ms(row.firstCall),
        row.read === undefined ? "" : ms(row.load + row.firstCall),
        ms(row.done),
        row.read === undefined ? "" : signed(row.done - (row.name.includes("require") ? emptyCjs : emptyEsm)),
      ]),
    ),
    "",
    "The require row is a CommonJS script (`cold/phases.cjs`), set against the empty CommonJS file; the others against",
    "the empty ES module file. Node 20 compiles wasm lazily by default (`--wasm-lazy-compilation`): compile decodes and",
    "validates the module, and each function is compiled on its first call, which the rest of the import (the bounds)",
    "and the first-call column pay.",
  ];
  if (workerd) {
    const empty = workerd.find((row) => row.name.startsWith("an empty"));
    lines.push(
      "",
      "workerd (Miniflare; wall time from `new Miniflare` to ready, which includes workerd compiling the .wasm, then to the first response):",
      "",
      table(
        ["Worker", "runs", "to ready", "first response", "over the empty Worker"],
        workerd.map((row) => [
          row.name,
          String(row.runs),
          ms(row.ready),
          ms(row.firstResponse),
          row === empty
            ? ""
            : `${signed(row.ready - empty.ready)} to ready, ${signed(row.firstResponse - empty.firstResponse)} first response`,
        ]),
      ),
    );
  }
  return lines.join("\n");
}

function sizeSection(ours, peers) {
  const lines = [];
  // The default entry (backend profile only), its ui entry, then
  // elicit-form/mcp-2026-07-28 (both profiles) and its ui entry.
  for (const [title, point] of [
    [`elicit-form ${packageManifest().version} (the backend profile only)`, ours],
    [`elicit-form/ui (the backend profile only, no answers on record)`, ours.ui],
    [`elicit-form/mcp-2026-07-28 (both profiles)`, ours.mcp],
    [`elicit-form/mcp-2026-07-28/ui (both profiles, no answers on record)`, ours.mcpUi],
  ]) {
    if (point === undefined) continue;
    lines.push(
      table(
        [title, "raw", "gzip -9"],
        [
          [`wasm (\`${point.wasmFile}\`)`, bytes(point.wasm.raw), bytes(point.wasm.gzip)],
          ...point.entries.map((entry) => [
            `JS, ${entry.name} entry (${entry.files.join(" + ")})`,
            bytes(entry.js.raw),
            bytes(entry.js.gzip),
          ]),
          ...point.entries.map((entry) => [
            `**wasm + JS, ${entry.name}**`,
            bytes(entry.total.raw),
            `**${bytes(entry.total.gzip)}**`,
          ]),
        ],
      ),
    );
  }
  lines.push(
    table(
      ["peer, esbuild --bundle --minify (ESM, browser)", "raw", "gzip -9"],
      peers.map((peer) => [peer.name, bytes(peer.raw), bytes(peer.gzip)]),
    ),
  );
  return lines.join("\n\n");
}

function targetsSection({ paired, cold, sizes, phases }) {
  const rows = [];
  for (const target of paired ?? []) {
    const bounds = target.input === "bounds";
    const vsPeer = bounds ? TARGETS.boundsRoundVsZodCfworker : TARGETS.roundVsZodCfworker;
    const limit = target.against.startsWith("zod") ? vsPeer : TARGETS.roundVsFloor;
    const how = target.round === "UI round" ? "three calls" : "prepareForm";
    const where = target.entry === "./ui" ? ", elicit-form/ui (built for size)" : "";
    rows.push([
      `${bounds ? "schema at every bound" : "billing"} UI round (${how}${where}) / ${target.against}, paired`,
      `≤ ${limit}${limit < 1 ? ` (${1 / limit}x faster)` : ""}`,
      `${ratio(target.ratio)} (quartiles ${ratio(target.p25)} – ${ratio(target.p75)}; ${formatNs(target.ours)} vs ${formatNs(target.peer)})`,
      verdict(target.ratio <= limit),
    ]);
  }
  if (sizes) {
    // Each entry point's largest runtime entry: the full entries, and the ui
    // entries, which are what a page that renders forms and checks answers
    // (and keeps no record) loads.
    for (const [point, what, limit] of [
      [sizes, "backend profile (elicit-form, every function)", TARGETS.gzipBytes],
      [sizes.ui, "backend profile, a UI page (elicit-form/ui: no answers on record)", TARGETS.gzipBytes],
      [sizes.mcp, "with the MCP 2026-07-28 profile (elicit-form/mcp-2026-07-28, every function)", TARGETS.mcpGzipBytes],
      [sizes.mcpUi, "with the MCP 2026-07-28 profile, a UI page (elicit-form/mcp-2026-07-28/ui)", TARGETS.mcpGzipBytes],
    ]) {
      if (point === undefined) continue;
      const { largest } = point;
      rows.push([
        `wasm + JS, gzip -9, ${what}, largest entry: ${largest.name}`,
        `≤ ${bytes(limit)} bytes`,
        `${bytes(largest.total.gzip)} bytes (${kb(largest.total.gzip)})`,
        verdict(largest.total.gzip <= limit),
      ]);
    }
  }
  if (cold) {
    // Issue 13's measure: over an empty module file of the same kind (what
    // any package's entry costs Node to load; cold.mjs's `overEmpty`, which
    // every elicit-form row has); over bare node beside it.
    for (const ours of cold.filter((row) => row.name.startsWith("elicit-form"))) {
      const how = ours.name.includes("require") ? "require" : "import";
      const kind = how === "import" ? "ES module" : "CommonJS";
      const label = ours.name.replace(/^elicit-form(\/ui)?: .*$/, (_, ui) => (ui ? "elicit-form/ui, " : ""));
      const { overEmpty } = ours;
      rows.push([
        `cold start to first fingerprint (${label}${how}), over an empty ${kind} file`,
        `≤ ${TARGETS.coldStartMs} ms`,
        `${signed(overEmpty.median)} (median of the per-round differences, quartiles ${signed(overEmpty.p25)} – ${signed(overEmpty.p75)}; ${signed(ours.overBare)} over bare node)`,
        verdict(overEmpty.median <= TARGETS.coldStartMs),
      ]);
    }
  }
  for (const row of (phases ?? []).filter((phase) => phase.read !== undefined && !phase.name.includes("--"))) {
    const ours = row.load + row.firstCall;
    rows.push([
      `start-up to first fingerprint inside the process (${row.name.replace("elicit-form, ", "")}: read, compile, instantiate, load, first call)`,
      `≤ ${TARGETS.coldStartMs} ms`,
      `${ours.toFixed(1)} ms (median of ${row.runs})`,
      verdict(ours <= TARGETS.coldStartMs),
    ]);
  }
  return table(["target (issues 13, 28 and 40)", "wanted", "measured", ""], rows);
}

const log = (line) => console.error(`bench: ${line}`);
const minCpuMs = quick ? 160 : 642;
const before = machine();
log(`${before.cpu}, ${before.cores} cores, node ${before.node}, load ${before.load}`);

const found = {};
if (parts.has("size")) {
  found.sizes = packageSizes();
  found.peerSizes = await peerSizes();
}
if (parts.has("speed")) {
  found.results = await speed({ minCpuMs, repeats: quick ? 1 : 3, log });
  found.paired = await pairedTargets({ pairs: quick ? 60 : 300, log });
  // Issue 40's: the schema at every bound, its round in one crossing.
  found.paired.push(
    ...(await pairedTargets({ input: "bounds", rounds: ["UI round, prepareForm"], pairs: quick ? 30 : 100, log })),
  );
  // The ui entry (built for size) in a process of its own (speed.mjs says why).
  const ui = execFileSync(process.execPath, [join(ROOT, "bench", "paired.mjs"), "./ui", String(quick ? 60 : 300)], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  found.paired.push(...JSON.parse(ui));
}
if (parts.has("cold")) {
  found.cold = await coldStart({ runs: quick ? 15 : 40, log });
  found.phases = nodePhases({ runs: quick ? 8 : 20, log });
  found.workerd = await workerdStartup({ runs: quick ? 3 : 8, log });
}
const after = machine();

const doc = [
  "# elicit-form benchmark results",
  "",
  "Written by `npm run bench` (`node bench/run.mjs`); bench/README.md says what each figure measures.",
  "",
  `- CPU: ${before.cpu} (${before.cores} cores)`,
  `- Node ${before.node}, Linux ${before.kernel}`,
  `- Date: ${before.date}`,
  `- Load average (1, 5, 15 min) at start: ${before.load}; at end: ${after.load}`,
  quick ? "- **--quick run**: shorter measurements, noisier figures" : "",
  "",
  "## Targets",
  "",
  targetsSection(found),
];
if (chartFile !== null && (found.results || found.sizes)) {
  doc.push("", `![ours against the peers and the JSON floor: speed ratios and bytes](${basename(chartFile)})`);
}
if (found.results) {
  doc.push(
    "",
    "## Speed (median time per call)",
    "",
    quick
      ? "Median time per call, one pass (--quick)."
      : "Median time per call over three passes of the whole set (each figure the median pass).",
    'Ratios are ours / peer: below 1 means ours is faster. "floor" is `JSON.stringify` of the',
    "arguments plus `JSON.parse` of the result's JSON text, what any text boundary costs.",
    "",
    speedSection(found.results),
  );
}
if (found.cold)
  doc.push("", `## Cold start (${found.cold[0].runs} runs each, interleaved)`, "", coldSection(found.cold));
if (found.phases)
  doc.push(
    "",
    `## Start-up, phase by phase (${found.phases[0].runs} runs each, interleaved)`,
    "",
    startupSection(found.phases, found.workerd),
  );
if (found.sizes) doc.push("", "## Size", "", sizeSection(found.sizes, found.peerSizes));
const text = `${doc.filter((line, index, all) => !(line === "" && all[index - 1] === "")).join("\n")}\n`;

console.log(text);
if (out) {
  writeFileSync(out, text);
  log(`wrote ${out}`);
  if (writeChart(chartFile, found, { gzipTarget: TARGETS.gzipBytes })) log(`wrote ${chartFile}`);
}
