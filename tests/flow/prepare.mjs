// Packs the built package (pkg/) and the adapters (adapters/mcp-core, which
// both SDK adapters depend on, adapters/mcp-sdk for SDK v1,
// adapters/mcp-client for SDK v2, adapters/ai-sdk-mcp for the Vercel AI
// SDK's MCP client, adapters/mcp-tasks for MCP Tasks, adapters/redis,
// adapters/acp for the Agent Client Protocol) and installs the tarballs into
// tests/flow/scratch, so the flow tests import them as a user who installed
// them does. The SDKs, ext-tasks and the Redis client (the adapters' peers)
// resolve from the workspace's own node_modules. Run after `npm run build`.
//
// Writes scratch/modules.mjs, re-exporting the packages, for the tests.

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
// The adapters depend on elicit-form-mcp-core by version range (^, the one
// version line): its tarball beside them satisfies it, so a plain
// `npm install` (offline here) resolves it to that tarball.
for (const dir of [
  "pkg",
  join("adapters", "mcp-core"),
  join("adapters", "mcp-sdk"),
  join("adapters", "mcp-client"),
  join("adapters", "ai-sdk-mcp"),
  join("adapters", "mcp-tasks"),
  join("adapters", "redis"),
  join("adapters", "acp"),
]) {
  const [packed] = JSON.parse(npm(["pack", join(root, dir), "--pack-destination", scratch, "--json"], root));
  tarballs[packed.name] = `file:./${packed.filename}`;
}
writeFileSync(
  join(scratch, "package.json"),
  `${JSON.stringify(
    {
      name: "elicit-form-flow-scratch",
      private: true,
      type: "module",
      dependencies: tarballs,
    },
    null,
    2,
  )}\n`,
);
// --legacy-peer-deps: the SDK and Redis peers are the workspace's, not second copies.
npm(["install", "--no-audit", "--no-fund", "--no-package-lock", "--legacy-peer-deps", "--offline"], scratch);
writeFileSync(
  join(scratch, "modules.mjs"),
  'export * as form from "elicit-form";\nexport * as formMcp from "elicit-form/mcp-2026-07-28";\n' +
    'export * as adapter from "elicit-form-mcp-sdk";\n' +
    'export * as clientAdapter from "elicit-form-mcp-client";\nexport * as redisStore from "elicit-form-redis";\n' +
    'export * as core from "elicit-form-mcp-core";\nexport * as aiSdkAdapter from "elicit-form-ai-sdk-mcp";\n' +
    'export * as tasksAdapter from "elicit-form-mcp-tasks";\nexport * as acpAdapter from "elicit-form-acp";\n',
);
console.log(`prepare: installed ${Object.keys(tarballs).join(", ")} in ${scratch}`);
