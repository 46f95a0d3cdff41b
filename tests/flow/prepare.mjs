// Packs the built package (pkg/) and the SDK adapter (adapters/mcp-sdk) and
// installs both tarballs into tests/flow/scratch, so the flow tests import
// "elicit-form" and "elicit-form-mcp-sdk" as a user who installed them does.
// @modelcontextprotocol/sdk (the adapter's peer) resolves from the
// workspace's own node_modules. Run after `npm run build`.
//
// Writes scratch/modules.mjs, re-exporting both packages, for the tests.

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");
const scratch = join(here, "scratch");

function npm(args, cwd) {
  console.log(`prepare: npm ${args.join(" ")}`);
  return execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
}

if (!existsSync(join(root, "pkg", "package.json"))) throw new Error("pkg/ is not built: run `npm run build` first");
rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch, { recursive: true });

const tarballs = {};
for (const dir of ["pkg", join("adapters", "mcp-sdk")]) {
  const [packed] = JSON.parse(npm(["pack", join(root, dir), "--pack-destination", scratch, "--json"], root));
  tarballs[packed.name] = `file:./${packed.filename}`;
}
writeFileSync(join(scratch, "package.json"), `${JSON.stringify({
  name: "elicit-form-flow-scratch", private: true, type: "module", dependencies: tarballs,
}, null, 2)}\n`);
// --legacy-peer-deps: the SDK peer is the workspace's, not a second copy.
npm(["install", "--no-audit", "--no-fund", "--no-package-lock", "--legacy-peer-deps", "--offline"], scratch);
writeFileSync(join(scratch, "modules.mjs"),
  'export * as form from "elicit-form";\nexport * as adapter from "elicit-form-mcp-sdk";\n');
console.log(`prepare: installed ${Object.keys(tarballs).join(", ")} in ${scratch}`);
