// Bytes: what a runtime downloads or reads of our package, raw and gzip -9,
// and esbuild-minified bundles of the peers for comparison.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { PKG, ROOT, packageManifest } from "./package.mjs";

function measure(buffers) {
  const bytes = Buffer.concat(buffers);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

const WASM = "elicit_form_bg.wasm";

// Each runtime entry with the JS it loads: itself, then what it imports.
const ENTRIES = [
  ["node (import)", ["node.js", "api.js", "core.js", "elicit_form.js"]],
  ["node (require)", ["node.cjs"]],
  ["browser", ["browser.js", "api.js", "core.js", "elicit_form.js"]],
  ["workerd", ["workerd.js", "api.js", "core.js", "elicit_form.js"]],
];

/**
 * The package's wasm, the JS of each entry, and wasm + JS per entry, each
 * gzipped on its own (as a server sends them). `largest` is the entry whose
 * wasm + JS is biggest: what the size budget holds.
 */
export function packageSizes() {
  const files = new Set(packageManifest().files);
  const read = (file) => readFileSync(join(PKG, file));
  const wasm = measure([read(WASM)]);
  const entries = ENTRIES.filter(([, js]) => js.every((file) => files.has(file))).map(
    ([name, js]) => {
      const script = measure(js.map(read));
      return {
        name,
        files: js,
        js: script,
        total: { raw: wasm.raw + script.raw, gzip: wasm.gzip + script.gzip },
      };
    },
  );
  const largest = entries.reduce((big, entry) => (entry.total.gzip > big.total.gzip ? entry : big));
  return { wasm, entries, largest };
}

/**
 * `<elicit-form>` (elicit-form/element): element.js, gzip -9, and what it
 * imports. It runs on the browser entry, so this is what it adds to a page
 * that already loads the package.
 */
export function elementSize() {
  const source = readFileSync(join(PKG, "element.js"), "utf8");
  const imports = [...source.matchAll(/^import\s[^;]*?from\s+"([^"]+)";/gm)].map((match) => match[1]);
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
