// Bytes: what a runtime downloads or reads of our package, raw and gzip -9,
// for each of its four entries ("elicit-form", the backend profile only,
// "elicit-form/mcp-2026-07-28", both profiles, and the ui entry of each, with
// no answers on record), and esbuild-minified bundles of the peers for
// comparison.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { BUILDS, RUNTIME_ENTRIES, filesOf } from "../scripts/layout.mjs";
import { PKG, ROOT, packageManifest } from "./package.mjs";

function measure(buffers) {
  const bytes = Buffer.concat(buffers);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

// The entries of the package, each with its own wasm (scripts/layout.mjs):
// "elicit-form" (the backend profile only), "elicit-form/mcp-2026-07-28"
// (both profiles), and their ui entries (no answers on record); each with
// its runtime entries and the JS each loads.
const ENTRY_POINTS = BUILDS.map(({ key, dir, wasmName }) => ({
  key,
  name: dir === "" ? "" : `${dir}, `,
  dir: dir === "" ? "" : `${dir}/`,
  wasm: wasmName,
}));

/** One entry point's wasm (`wasmFile` its path in pkg/) and runtime entries (wasm + JS each); `largest` is the biggest. */
function entryPointSizes({ name, dir, wasm: wasmFile }, files) {
  const read = (file) => readFileSync(join(PKG, dir, file));
  const wasm = measure([read(wasmFile)]);
  const entries = RUNTIME_ENTRIES.map((entry) => ({ runtime: entry.runtime, js: filesOf(entry) }))
    .filter(({ js }) => js.every((file) => files.has(dir + file)))
    .map(({ runtime, js }) => {
      const script = measure(js.map(read));
      return {
        name: `${name}${runtime}`,
        files: js.map((file) => dir + file),
        js: script,
        total: { raw: wasm.raw + script.raw, gzip: wasm.gzip + script.gzip },
      };
    });
  const largest = entries.reduce((big, entry) => (entry.total.gzip > big.total.gzip ? entry : big));
  return { wasm, wasmFile: dir + wasmFile, entries, largest };
}

/**
 * The package's wasm, the JS of each entry, and wasm + JS per entry, each
 * gzipped on its own (as a server sends them): for the default entry (the
 * backend profile only; `wasm`, `entries`, `largest`, what the size budget
 * holds) and, in the same shape, as `mcp` for "elicit-form/mcp-2026-07-28"
 * (both profiles), as `ui` for "elicit-form/ui" and as `mcpUi` for
 * "elicit-form/mcp-2026-07-28/ui" (no answers on record), each with its own
 * budget.
 */
export function packageSizes() {
  const manifest = packageManifest();
  // The manifest lists folders as such ("mcp-2026-07-28/"): the files are what is on disk.
  const files = new Set(manifest.files.flatMap((file) => (file.endsWith("/")
    ? readdirSync(join(PKG, file), { recursive: true }).map((inner) => file + inner) : [file])));
  const [backend, ...others] = ENTRY_POINTS.map((point) => entryPointSizes(point, files));
  return { ...backend, ...Object.fromEntries(others.map((sizes, at) => [ENTRY_POINTS[at + 1].key, sizes])) };
}

/**
 * `<elicit-form>` (elicit-form/element): element.js, gzip -9, and what it
 * imports. It runs on the browser entry, so this is what it adds to a page
 * that already loads the package. `dir`: the folder of the entry (pkg/, or
 * pkg/mcp-2026-07-28/ for the element with both profiles).
 */
export function elementSize(dir = PKG) {
  const source = readFileSync(join(dir, "element.js"), "utf8");
  // Static imports, as written or minified (`import{…}from"./browser.js";`).
  const imports = [...source.matchAll(/(?:^|;)\s*import\s*[^;"]*?from\s*"([^"]+)"/gm)].map((match) => match[1]);
  return { ...measure([Buffer.from(source)]), imports };
}

const PEERS = [
  ["@modelcontextprotocol/sdk types module (whole)", 'export * from "@modelcontextprotocol/sdk/types.js";'],
  ["@modelcontextprotocol/sdk ElicitRequestSchema only", 'export { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";'],
  ["@cfworker/json-schema Validator", 'export { Validator } from "@cfworker/json-schema";'],
  ["ajv", 'export { default } from "ajv";'],
];

/** esbuild-minified ESM bundles of the peers, for browsers, raw and gzip -9. */
export async function peerSizes() {
  const { build } = await import("esbuild");
  const sizes = [];
  for (const [name, contents] of PEERS) {
    const result = await build({
      stdin: { contents, resolveDir: ROOT, loader: "js" },
      bundle: true,
      minify: true,
      format: "esm",
      platform: "browser",
      write: false,
      logLevel: "silent",
    });
    sizes.push({ name, ...measure(result.outputFiles.map((file) => Buffer.from(file.contents))) });
  }
  return sizes;
}
