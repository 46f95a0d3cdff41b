// Bytes: what a runtime downloads or reads of our package, raw and gzip -9,
// for each of its four entries ("elicit-form", the backend profile only,
// "elicit-form/mcp-2026-07-28", both profiles, and the ui entry of each, with
// no answers on record), what a page with the cards downloads, and
// esbuild-minified bundles of the peers for comparison.

import { buildSync } from "esbuild";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { BUILDS, RUNTIME_ENTRIES, URL_UNICODE, filesOf, hasHostSha256 } from "../scripts/layout.mjs";
import { PKG, ROOT, packageManifest } from "./package.mjs";

function measure(buffers) {
  const bytes = Buffer.concat(buffers);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

// The entries of the package, each with its own wasm (scripts/layout.mjs):
// "elicit-form" (the backend profile only), "elicit-form/mcp-2026-07-28"
// (both profiles), and their ui entries (no answers on record); each with
// its runtime entries and the JS each loads.
const ENTRY_POINTS = BUILDS.map(({ key, dir, wasmName, features }) => ({
  key,
  features,
  name: dir === "" ? "" : `${dir}, `,
  dir: dir === "" ? "" : `${dir}/`,
  wasm: wasmName,
}));

/** One entry point's wasm (`wasmFile` its path in pkg/) and runtime entries (wasm + JS each); `largest` is the biggest. */
function entryPointSizes({ name, dir, wasm: wasmFile, features }, files) {
  const read = (file) => readFileSync(join(PKG, dir, file));
  const wasm = measure([read(wasmFile)]);
  const entries = RUNTIME_ENTRIES.map((entry) => ({
    runtime: entry.runtime,
    js: filesOf(entry, hasHostSha256({ features })),
  }))
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
  const files = new Set(
    manifest.files.flatMap((file) =>
      file.endsWith("/") ? readdirSync(join(PKG, file), { recursive: true }).map((inner) => file + inner) : [file],
    ),
  );
  const [backend, ...others] = ENTRY_POINTS.map((point) => entryPointSizes(point, files));
  return { ...backend, ...Object.fromEntries(others.map((sizes, at) => [ENTRY_POINTS[at + 1].key, sizes])) };
}

/**
 * The pages the size budget holds, each by what it imports: forms only (the
 * package's element), links only (the URL-mode consent card, with the
 * smallest element, which it needs: the ui entry's), and both.
 */
export const PAGES = {
  forms: ["elicit-form/element"],
  links: ["elicit-form/ui/element", "elicit-form/url/element"],
  both: ["elicit-form/element", "elicit-form/url/element"],
};

/** The file a browser loads for `import "<specifier>"`, by the package's `exports` (relative to pkg/). */
function browserFile(specifier) {
  const subpath = specifier === "elicit-form" ? "." : `.${specifier.slice("elicit-form".length)}`;
  const pick = (target) =>
    typeof target === "string" ? target : pick(target.browser ?? target.import ?? target.default);
  const target = packageManifest().exports[subpath];
  if (target === undefined) throw new Error(`the package does not export ${specifier}`);
  return pick(target).replace(/^\.\//, "");
}

// The .wasm a module fetches as it loads: `new URL("….wasm", import.meta.url)`.
const WASM_URL = /new URL\(\s*["']([^"']+\.wasm)["']\s*,\s*import\.meta\.url\s*\)/g;
// The .wasm an entry names but fetches only when a link needs it (with its
// glue, an `import()`): elicit-form/url's Unicode rules (layout.mjs).
const ON_NEED_WASM = [URL_UNICODE.wasmName];

/**
 * What a page that imports `specifiers` downloads before it can draw a card,
 * from pkg/ as built: every module its imports reach statically (not those
 * loaded on demand by `import()`), each once, and each .wasm they name with
 * `new URL(…, import.meta.url)` but those fetched on need (ON_NEED_WASM).
 * Each file gzip -9 on its own, as a server sends them; `js`, `wasm` and
 * `total` their sums.
 */
export function pageSizes(specifiers) {
  const entries = specifiers.map(browserFile);
  const { metafile } = buildSync({
    entryPoints: entries,
    absWorkingDir: PKG,
    bundle: true,
    write: false,
    metafile: true,
    format: "esm",
    platform: "browser",
    outdir: "page",
    logLevel: "silent",
  });
  const modules = new Set();
  const reach = (file) => {
    if (modules.has(file)) return;
    modules.add(file);
    for (const { path, kind } of metafile.inputs[file].imports) if (kind === "import-statement") reach(path);
  };
  for (const entry of entries) reach(entry);
  const wasm = [...modules]
    .flatMap((file) =>
      [...readFileSync(join(PKG, file), "utf8").matchAll(WASM_URL)].map((match) => join(dirname(file), match[1])),
    )
    .filter((file) => !ON_NEED_WASM.includes(file.split("/").pop()));
  const files = [...modules, ...new Set(wasm)].map((file) => ({ file, ...measure([readFileSync(join(PKG, file))]) }));
  const sum = (chosen) =>
    chosen.reduce((total, { raw, gzip }) => ({ raw: total.raw + raw, gzip: total.gzip + gzip }), { raw: 0, gzip: 0 });
  const js = sum(files.filter(({ file }) => !file.endsWith(".wasm")));
  const wasmSum = sum(files.filter(({ file }) => file.endsWith(".wasm")));
  return { specifiers, files, js, wasm: wasmSum, total: { raw: js.raw + wasmSum.raw, gzip: js.gzip + wasmSum.gzip } };
}

const PEERS = [
  ["@modelcontextprotocol/sdk types module (whole)", 'export * from "@modelcontextprotocol/sdk/types.js";'],
  [
    "@modelcontextprotocol/sdk ElicitRequestSchema only",
    'export { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
  ],
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
