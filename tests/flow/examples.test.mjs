// The client examples (examples/mcp-client/*.mjs, examples/mcp-sdk/v1.mjs, shown in docs/mcp-clients.md)
// run as a user runs them, with the packed packages installed beside them
// (copied into tests/flow/scratch), against the v2 test server over stdio;
// and docs/mcp-clients.md shows each one verbatim. examples/mcp-client/redis-everything.mjs
// runs in redis.test.mjs, which has a Redis.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { runExample } from "./example-runner.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");

const SERVER = [process.execPath, join(here, "v2-server.mjs"), "stdio"];

test("examples/mcp-client/auto.mjs: parks, records, and the server receives the backend's content", async () => {
  const lines = await runExample("mcp-client/auto.mjs", SERVER);
  assert.equal(lines[0], "MCP server 'billing' has questions for you before tool 'buy' can run");
  assert.deepEqual(JSON.parse(lines[1]).received, {
    action: "accept",
    content: { email: "ada@example.com", notify: false, plan: "team", seats: 12 },
  });
});

test("examples/mcp-client/manual.mjs: parks on the round, retries it with a cancel and requestState as sent", async () => {
  const lines = await runExample("mcp-client/manual.mjs", SERVER);
  assert.equal(lines[0], "MCP server 'billing' has questions for you before tool 'buy' can run");
  assert.deepEqual(JSON.parse(lines[1]), { received: { action: "cancel" }, state: 'buy:billing:ünïcödé "state"' });
});

test("examples/mcp-sdk/v1.mjs: SDK v1 against the same server, pushed forms, a recorded decline", async () => {
  const lines = await runExample("mcp-sdk/v1.mjs", SERVER);
  assert.equal(lines[0], "MCP server 'billing' has questions for you before tool 'buy' can run");
  assert.deepEqual(JSON.parse(lines[1]).received, { action: "decline" });
});

test("the MCP clients guide shows each example as it is run (and the agents Worker's handler as it is in its source)", () => {
  const guide = readFileSync(join(root, "docs", "mcp-clients.md"), "utf8");
  for (const relative of [
    "mcp-client/auto.mjs",
    "mcp-client/manual.mjs",
    "mcp-sdk/v1.mjs",
    "mcp-client/redis-everything.mjs",
  ]) {
    const text = readFileSync(join(root, "examples", relative), "utf8");
    assert.ok(
      guide.includes(`\`\`\`js file=examples/${relative}\n${text}\`\`\``),
      `docs/mcp-clients.md does not show examples/${relative} verbatim`,
    );
  }
  const agents = readFileSync(join(root, "examples", "agents-worker", "src", "index.js"), "utf8");
  const excerpt =
    /## `examples\/agents-worker`[\s\S]*?```js excerpt=examples\/agents-worker\/src\/index\.js\n([\s\S]*?)```/.exec(
      guide,
    )?.[1];
  assert.ok(
    excerpt && excerpt.includes("configureElicitationHandlers") && agents.includes(excerpt),
    "docs/mcp-clients.md's agents excerpt is not in examples/agents-worker/src/index.js",
  );
});
