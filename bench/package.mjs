// Where the built package is, and what a runtime loads from it. The bench and
// the size test read pkg/ as `npm run build` left it and build nothing.

import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
// ELICIT_FORM_PKG points at another build of the package, to compare builds.
export const PKG = process.env.ELICIT_FORM_PKG ? resolve(process.env.ELICIT_FORM_PKG) : join(ROOT, "pkg");

export function packageManifest() {
  const path = join(PKG, "package.json");
  if (!existsSync(path)) {
    throw new Error(`no package at ${PKG}: run \`npm run build\` first`);
  }
  return JSON.parse(readFileSync(path, "utf8"));
}

/** The file Node's `import "elicit-form"` (or `import "elicit-form/<subpath>"`) resolves to, by the package's `exports`. */
export function nodeEntry(subpath = ".") {
  const root = packageManifest().exports[subpath];
  const node = root.node;
  const file = typeof node === "string" ? node : (node.import ?? node.default);
  return pathToFileURL(join(PKG, file)).href;
}
