// Deno and Bun, from their npm packages (`deno`, `bun`, installed by
// prepare.mjs into tests/js/scratch/runtimes): each runs runtime-check.mjs in
// the scratch project, which imports the installed "elicit-form" and runs
// every check of the shared suite.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { checks } from "./checks.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const scratch = join(here, "scratch");
const bin = join(scratch, "runtimes", "node_modules", ".bin");
const expectedChecks = checks({}, readFileSync(join(here, "..", "data", "backend-vectors.jsonl"), "utf8"), "").map(
  ([name]) => name,
);
const installFailure = join(scratch, "runtimes", "install-failure.txt");

const RUNTIMES = {
  // No network: the package comes from the scratch project's node_modules.
  Deno: [
    join(bin, "deno"),
    ["run", "--no-remote", "--node-modules-dir=manual", "--allow-read", "--allow-env", "runtime-check.mjs"],
  ],
  Bun: [join(bin, "bun"), ["run", "runtime-check.mjs"]],
};

for (const [runtime, [command, args]] of Object.entries(RUNTIMES)) {
  let report;
  test(`${runtime}: imports the installed package and runs every check`, () => {
    assert.ok(
      !existsSync(installFailure),
      `the runtimes did not install: ${existsSync(installFailure) ? readFileSync(installFailure, "utf8") : ""}`,
    );
    const stdout = execFileSync(command, args, {
      cwd: scratch,
      encoding: "utf8",
      env: {
        ...process.env,
        DENO_DIR: join(scratch, "runtimes", "deno-cache"),
        DENO_NO_UPDATE_CHECK: "1",
        NO_COLOR: "1",
      },
      maxBuffer: 64 * 1024 * 1024,
    });
    report = JSON.parse(stdout.trim().split("\n").at(-1));
    assert.match(report.runtime, new RegExp(`^${runtime.toLowerCase()} `));
    // Both runtimes match the `node` condition before `browser`/`import`.
    assert.match(report.resolved, /node_modules\/elicit-form\/node\.js$/);
    assert.match(report.resolvedMcp, /node_modules\/elicit-form\/mcp-2026-07-28\/node\.js$/);
    assert.deepEqual(
      report.results.map((r) => r.name),
      expectedChecks,
    );
  });
  for (const [index, name] of expectedChecks.entries()) {
    test(`${runtime}: ${name}`, () => {
      const result = report?.results[index];
      assert.equal(result?.name, name, "the runtime ran this check");
      assert.ok(result.ok, result.error);
    });
  }
}
