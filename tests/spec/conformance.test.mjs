// The official MCP conformance suite (npm @modelcontextprotocol/conformance,
// a devDependency) runs its client scenario `elicitation-sep1034-client-defaults`
// against tests/spec/conformance-client.mjs, which answers through the packed
// package (tests/js/scratch, from tests/js/prepare.mjs) under the opt-in
// mcp-2026-07-28 profile. Everything is on loopback; nothing is fetched. The
// second test checks that this is every elicitation client scenario the
// installed suite lists (0.1.16: the others about elicitation test servers).
//
// The runner's CLI imports `globSync` from node:fs, which Node 20 lacks, so
// under Node < 22 it runs under Bun (installed by prepare.mjs for the Deno/Bun
// stage); the client itself always runs under this Node.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const cli = join(root, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js");
const bun = join(root, "tests", "js", "scratch", "runtimes", "node_modules", ".bin", "bun");
const SCENARIO = "elicitation-sep1034-client-defaults";

test(`the official conformance client scenario ${SCENARIO} passes, answered under mcp-2026-07-28`, (t) => {
  const runner = typeof fs.globSync === "function" ? process.execPath : bun;
  const out = mkdtempSync(join(tmpdir(), "elicit-form-conformance-"));
  const ran = spawnSync(
    runner,
    [
      cli,
      "client",
      "--command",
      `${JSON.stringify(process.execPath)} tests/spec/conformance-client.mjs`,
      "--scenario",
      SCENARIO,
      "--timeout",
      "30000",
      "-o",
      out,
    ],
    { cwd: root, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" }, timeout: 120_000 },
  );
  const output = `${ran.stdout}${ran.stderr}`;
  assert.equal(ran.status, 0, `the runner (${runner}) exited ${ran.status}: ${ran.error ?? ""}\n${output}`);
  const [run] = readdirSync(out);
  const checks = JSON.parse(readFileSync(join(out, run, "checks.json"), "utf8"));
  const scored = checks.filter((c) => c.status !== "INFO");
  for (const c of scored) t.diagnostic(`${c.id}: ${c.status}`);
  assert.deepEqual(
    scored.map((c) => [c.id, c.status]),
    [
      ["client-elicitation-sep1034-string-default", "SUCCESS"],
      ["client-elicitation-sep1034-integer-default", "SUCCESS"],
      ["client-elicitation-sep1034-number-default", "SUCCESS"],
      ["client-elicitation-sep1034-enum-default", "SUCCESS"],
      ["client-elicitation-sep1034-boolean-default", "SUCCESS"],
    ],
    output,
  );
  assert.match(output, /Passed: 5\/5, 0 failed/);
  const client = readFileSync(join(out, run, "stdout.txt"), "utf8");
  assert.match(
    client,
    /answer: accept \{"age":30,"name":"John Doe","score":95\.5,"status":"active","verified":true\}/,
    client,
  );
});

test(`${SCENARIO} is every client scenario about elicitation the installed conformance suite offers`, () => {
  const runner = typeof fs.globSync === "function" ? process.execPath : bun;
  const listed = spawnSync(runner, [cli, "list"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
    timeout: 60_000,
  });
  assert.equal(listed.status, 0, `${listed.stdout}${listed.stderr}`);
  const clientPart = listed.stdout.split(/^Client scenarios.*$/m)[1] ?? "";
  const clientScenarios = [...clientPart.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]);
  assert.ok(clientScenarios.includes("initialize"), listed.stdout);
  // A newer suite with more elicitation client scenarios fails here until they run above.
  assert.deepEqual(
    clientScenarios.filter((name) => /elicit/i.test(name)),
    [SCENARIO],
    listed.stdout,
  );
});
