// Bundles the page for the browser with esbuild into dist/: page.html,
// page.js, and the .wasm files elicit-form's entries fetch beside their
// module (new URL("./<name>.wasm", import.meta.url)).

import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "dist");
mkdirSync(dist, { recursive: true });
await build({
  entryPoints: [join(here, "app", "page.client.js")],
  outfile: join(dist, "page.js"),
  bundle: true,
  format: "esm",
  platform: "browser",
  minify: true,
});
copyFileSync(join(here, "app", "page.html"), join(dist, "page.html"));
const formPackage = dirname(createRequire(join(here, "build.mjs")).resolve("elicit-form/package.json"));
for (const dir of [formPackage, join(formPackage, "ui"), join(formPackage, "mcp-2026-07-28"), join(formPackage, "mcp-2026-07-28", "ui")]) {
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".wasm"))) copyFileSync(join(dir, file), join(dist, file));
}
console.log(`built ${dist}`);
