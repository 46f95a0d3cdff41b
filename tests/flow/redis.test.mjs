// elicit-form-redis against a real Redis: Debian's redis-server, started by
// this file on 127.0.0.1 on a free port (no persistence, its own temporary
// directory) and stopped at the end. The client is node-redis.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { createClient } from "redis";
import { clientAdapter, form, formMcp, redisStore } from "./scratch/modules.mjs";
import { runExample } from "./example-runner.mjs";
import { BILLING, billingAnswers, urlEntry } from "./support.mjs";

const here = dirname(fileURLToPath(import.meta.url));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

let redisProcess;
let dir;
let url;
const clients = [];

async function connected() {
  const client = createClient({ url, socket: { reconnectStrategy: false } });
  client.on("error", () => {});
  await client.connect();
  clients.push(client);
  return client;
}

before(async () => {
  const port = await freePort();
  dir = mkdtempSync(join(tmpdir(), "elicit-form-redis-"));
  redisProcess = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
    { stdio: "ignore" },
  );
  url = `redis://127.0.0.1:${port}`;
  // Up to 10 s for the server to accept connections.
  for (let attempt = 0; ; attempt += 1) {
    try {
      const probe = createClient({ url, socket: { reconnectStrategy: false } });
      probe.on("error", () => {});
      await probe.connect();
      await probe.close();
      break;
    } catch (error) {
      if (attempt >= 100 || redisProcess.exitCode !== null) throw new Error(`redis-server did not start: ${error}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
});

after(async () => {
  await Promise.all(clients.map((client) => (client.isOpen ? client.close() : undefined)));
  redisProcess.kill();
  await new Promise((resolve) => (redisProcess.exitCode !== null ? resolve() : redisProcess.once("exit", resolve)));
  rmSync(dir, { recursive: true, force: true });
});

// A record under the second profile comes from the entry that has it.
function billingRecord(options) {
  return (options === undefined ? form : formMcp).recordFormAnswer(
    {
      server: "billing",
      tool: "buy",
      fingerprint: form.fingerprint(BILLING),
      action: "accept",
      answers: billingAnswers,
    },
    options,
  );
}

test("the installed redis-server has GETDEL (6.2 or later)", async () => {
  const info = await (await connected()).sendCommand(["INFO", "server"]);
  const [major, minor] = /redis_version:(\d+)\.(\d+)/.exec(info).slice(1).map(Number);
  assert.ok(major > 6 || (major === 6 && minor >= 2), info);
});

test("50 concurrent takes of one record from 50 connections: exactly one gets it, the rest get null", async () => {
  const writer = new redisStore.RedisFormAnswers(await connected(), { prefix: "race:" });
  const record = billingRecord();
  await writer.record(record);
  const takers = await Promise.all(
    Array.from({ length: 50 }, async () => new redisStore.RedisFormAnswers(await connected(), { prefix: "race:" })),
  );
  const taken = await Promise.all(takers.map((store) => store.take("billing", "buy")));
  const winners = taken.filter((value) => value !== null);
  assert.equal(winners.length, 1);
  assert.deepEqual(winners[0], record);
  assert.equal(taken.filter((value) => value === null).length, 49);
  assert.equal(await writer.take("billing", "buy"), null);
});

test("a record survives a reconnect: the same client after disconnect, and a new connection", async () => {
  const client = await connected();
  const store = new redisStore.RedisFormAnswers(client, { prefix: "reconnect:" });
  const record = billingRecord({ profile: "mcp-2026-07-28" });
  await store.record(record);
  await client.close();
  await client.connect();
  const other = new redisStore.RedisFormAnswers(await connected(), { prefix: "reconnect:" });
  assert.equal(other.key("billing", "buy"), `reconnect:${form.formAnswerStorageKey("billing", "buy")}`);
  assert.deepEqual(await other.take("billing", "buy"), record);
  assert.equal(await store.take("billing", "buy"), null, "taken once, gone for every connection");
});

test("Redis expires a record at its own expires_at, and a record for another server or tool is another key", async () => {
  const client = await connected();
  const store = new redisStore.RedisFormAnswers(client);
  const record = billingRecord();
  await store.record(record);
  assert.equal(await client.sendCommand(["PEXPIRETIME", store.key("billing", "buy")]), Date.parse(record.expires_at));
  assert.equal(await store.take("billing", "sell"), null);
  assert.equal(await store.take("other", "buy"), null);
  assert.deepEqual(await store.take("billing", "buy"), record);
  await assert.rejects(store.record({ server: "billing", tool: "buy" }), TypeError);
  assert.throws(() => new redisStore.RedisFormAnswers({}), TypeError);
});

test("consents are kept under the backend's consent key, apart from form answers: a link never takes a form's answer; Redis expires a consent at its expires_at", async () => {
  const urlRules = await urlEntry();
  const client = await connected();
  const store = new redisStore.RedisFormAnswers(client, { prefix: "consent:" });
  assert.equal(store.consentKey("billing", "connect"), `consent:${urlRules.consentStorageKey("billing", "connect")}`);
  assert.match(store.consentKey("billing", "connect"), /^consent:mcp\/elicitation-consent\//);
  assert.notEqual(store.consentKey("billing", "connect"), store.key("billing", "connect"));
  const consent = urlRules.recordUrlConsent({ server: "billing", tool: "connect", host: "accounts.example.com" });
  await store.recordConsent(consent);
  await store.record(
    form.recordFormAnswer({
      server: "billing",
      tool: "connect",
      fingerprint: form.fingerprint(BILLING),
      action: "accept",
      answers: billingAnswers,
    }),
  );
  assert.equal(
    await client.sendCommand(["PEXPIRETIME", store.consentKey("billing", "connect")]),
    Date.parse(consent.expires_at),
  );
  assert.deepEqual(await store.takeConsent("billing", "connect"), consent);
  assert.equal(await store.takeConsent("billing", "connect"), null, "taken once");
  assert.equal((await store.take("billing", "connect")).tool, "connect", "the form's answer is untouched");
  await assert.rejects(store.recordConsent({ server: "billing", tool: "connect" }), TypeError);
});

test("as the adapter's store: park, record in Redis, the retry gets the backend's content, and the next call asks again", async () => {
  const store = new redisStore.RedisFormAnswers(await connected(), { prefix: "flow:" });
  const forms = clientAdapter.formElicitation({ serverName: "billing", store });
  const client = forms.install(
    new Client({ name: "host", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } }),
  );
  await client.connect(
    forms.transport(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(here, "v2-server.mjs"), "stdio"],
        stderr: "ignore",
      }),
    ),
  );
  try {
    const first = await forms.callTool(client, { name: "buy", arguments: {} }).catch((error) => error);
    assert.ok(first instanceof clientAdapter.FormElicitationPendingError, String(first));
    await store.record(
      form.recordFormAnswer({
        server: "billing",
        tool: "buy",
        fingerprint: first.pending.fingerprint,
        action: "accept",
        answers: billingAnswers,
      }),
    );
    const result = await forms.callTool(client, { name: "buy", arguments: {} });
    assert.deepEqual(JSON.parse(result.content[0].text).received, {
      action: "accept",
      content: form.contentFromAnswers(BILLING, billingAnswers),
    });
    const again = await forms.callTool(client, { name: "buy", arguments: {} }).catch((error) => error);
    assert.ok(again instanceof clientAdapter.FormElicitationPendingError);
  } finally {
    await client.close();
  }
});

test("a Redis that cannot be reached asks again rather than answering: the store error is reported, nothing is sent", async () => {
  const client = await connected();
  await client.close();
  const reports = [];
  const store = new redisStore.RedisFormAnswers(client);
  const decision = await clientAdapter
    .answerInputRequired(
      {
        resultType: "input_required",
        inputRequests: {
          billing: {
            method: "elicitation/create",
            params: { mode: "form", message: "Pick a plan", requestedSchema: BILLING },
          },
        },
      },
      { serverName: "billing", toolName: "buy", store, onStoreError: (error, text) => reports.push(text) },
    )
    .catch((error) => error);
  assert.ok(decision instanceof clientAdapter.FormElicitationPendingError, String(decision));
  assert.deepEqual(reports, ["could not take a recorded answer for billing/buy; asking again"]);
});

test("examples/mcp-client/redis-everything.mjs: server-everything's 13 questions, the answer kept in Redis, defaults received", async () => {
  const lines = await runExample("mcp-client/redis-everything.mjs", [url]);
  assert.equal(lines[0], "13 questions");
  const raw = JSON.parse(
    lines
      .slice(lines.findIndex((line) => line.includes("Raw result:")))
      .join("\n")
      .replace(/^\s*Raw result: /, ""),
  );
  assert.equal(raw.action, "accept");
  assert.equal(raw.content.name, "Ada Lovelace");
  assert.equal(raw.content.integer, 42);
  assert.deepEqual(raw.content.untitledMultipleSelectEnum, ["Guitar"]);
});
