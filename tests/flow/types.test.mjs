// The adapters' TypeScript declarations, checked with tsc --strict against the
// installed elicit-form, elicit-form-mcp-sdk (types.ts), elicit-form-mcp-client
// and elicit-form-redis (types-v2.ts), elicit-form-ai-sdk-mcp (types-ai-sdk.ts),
// elicit-form-mcp-tasks (types-tasks.ts), elicit-form-acp (types-acp.ts) and the
// workspace's SDKs, AI SDK, ext-tasks, ACP SDK and Redis client.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const dir = join(here, "scratch", "types");

test("types.ts, types-v2.ts, types-ai-sdk.ts, types-tasks.ts and types-acp.ts compile under tsc --strict with the adapters' declarations", () => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(here, "types.ts"), join(dir, "types.ts"));
  copyFileSync(join(here, "types-v2.ts"), join(dir, "types-v2.ts"));
  copyFileSync(join(here, "types-ai-sdk.ts"), join(dir, "types-ai-sdk.ts"));
  copyFileSync(join(here, "types-tasks.ts"), join(dir, "types-tasks.ts"));
  copyFileSync(join(here, "types-acp.ts"), join(dir, "types-acp.ts"));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        module: "nodenext",
        moduleResolution: "nodenext",
        target: "es2022",
        lib: ["es2022", "dom"],
        types: [],
        skipLibCheck: true,
      },
      files: ["types.ts", "types-v2.ts", "types-ai-sdk.ts", "types-tasks.ts", "types-acp.ts"],
    }),
  );
  const tsc = resolve(here, "..", "..", "node_modules", ".bin", "tsc");
  const done = spawnSync(tsc, ["-p", join(dir, "tsconfig.json")], { encoding: "utf8" });
  assert.equal(done.status, 0, `${done.stdout}${done.stderr}`);
});
