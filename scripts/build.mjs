// Builds the npm package into pkg/: `npm run build` (release) or
// `npm run build -- --debug` (or ELICIT_FORM_DEBUG=1), a debug build with
// console_error_panic_hook and wasm-bindgen's debug checks, not size-optimised.
//
// cargo (wasm32, no default features) → wasm-bindgen --target web →
// wasm-opt -Oz (release) → pkg/: the glue, the .wasm, pkg-template/ (entries,
// core, types, README, LICENSE), node.cjs bundled from node.js, and
// package.json with Cargo.toml's version. Prints the package's sizes.

import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const template = join(root, "pkg-template");
const out = join(root, "pkg");
const debug = process.argv.includes("--debug") || process.env.ELICIT_FORM_DEBUG === "1";

function run(command, args) {
  console.log(`build: ${command} ${args.join(" ")}`);
  execFileSync(command, args, { cwd: root, stdio: "inherit" });
}

function crateVersion() {
  const manifest = readFileSync(join(root, "Cargo.toml"), "utf8");
  const packageTable = manifest.split(/^\[/m).find((table) => table.startsWith("package]"));
  const version = packageTable?.match(/^version\s*=\s*"([^"]+)"/m)?.[1];
  if (version === undefined) throw new Error("no [package] version in Cargo.toml");
  return version;
}

// The features rustc's wasm32 target emits and wasm-bindgen's glue relies on
// (its externref table needs reference types). wasm-opt must keep them all.
const WASM_FEATURES = [
  "--enable-bulk-memory",
  "--enable-multivalue",
  "--enable-mutable-globals",
  "--enable-nontrapping-float-to-int",
  "--enable-reference-types",
  "--enable-sign-ext",
];

const cargoArgs = ["build", "--target", "wasm32-unknown-unknown", "--no-default-features", "--lib"];
if (!debug) cargoArgs.push("--release");
run("cargo", cargoArgs);

const profile = debug ? "debug" : "release";
const compiled = join(root, "target", "wasm32-unknown-unknown", profile, "elicit_form.wasm");
const scratch = mkdtempSync(join(tmpdir(), "elicit-form-build-"));
try {
  const bindgenArgs = ["--target", "web", "--out-dir", scratch, "--no-typescript"];
  if (debug) bindgenArgs.push("--debug", "--keep-debug");
  run("wasm-bindgen", [...bindgenArgs, compiled]);

  const wasm = join(scratch, "elicit_form_bg.wasm");
  if (!debug) {
    const wasmOpt = join(root, "node_modules", ".bin", "wasm-opt");
    run(wasmOpt, ["-Oz", ...WASM_FEATURES, wasm, "-o", wasm]);
  }

  rmSync(out, { recursive: true, force: true });
  mkdirSync(out);
  cpSync(template, out, { recursive: true });
  cpSync(join(scratch, "elicit_form.js"), join(out, "elicit_form.js"));
  cpSync(wasm, join(out, "elicit_form_bg.wasm"));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

// `require` gets the node entry as CommonJS: one file with core and glue
// inside, reading the .wasm beside it synchronously.
await build({
  entryPoints: [join(out, "node.js")],
  outfile: join(out, "node.cjs"),
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  external: ["node:*"],
  define: { "import.meta.url": "__elicit_form_module_url" },
  banner: {
    js: "// elicit-form for require(): built from node.js.\n"
      + 'const __elicit_form_module_url = require("node:url").pathToFileURL(__filename).href;',
  },
  logLevel: "warning",
});

// CommonJS consumers read the same declarations from a .d.cts.
cpSync(join(out, "index.d.ts"), join(out, "index.d.cts"));

const manifest = JSON.parse(readFileSync(join(template, "package.json"), "utf8"));
manifest.version = crateVersion();
writeFileSync(join(out, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);

function sizes(files) {
  const bytes = Buffer.concat(files.map((file) => readFileSync(join(out, file))));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

const figures = [
  ["wasm (elicit_form_bg.wasm)", ["elicit_form_bg.wasm"]],
  ["JS, browser entry (browser.js + core.js + elicit_form.js)", ["browser.js", "core.js", "elicit_form.js"]],
  ["JS, node entry (node.js + core.js + elicit_form.js)", ["node.js", "core.js", "elicit_form.js"]],
  ["JS, require entry (node.cjs)", ["node.cjs"]],
];
console.log(`\nbuild: pkg/ is elicit-form ${manifest.version} (${profile})`);
for (const [label, files] of figures) {
  const { raw, gzip } = sizes(files);
  console.log(`  ${label}: ${raw.toLocaleString("en")} bytes raw, ${gzip.toLocaleString("en")} gzip -9`);
}
