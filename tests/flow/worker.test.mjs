// examples/worker in workerd (Miniflare): bundled as wrangler bundles it
// (esbuild, conditions workerd, worker, browser; the .wasm kept as a
// CompiledWasm module), with its Durable Object, and a test clock
// (TEST_CLOCK = "on", so each request may carry `now`).

import assert from "node:assert/strict";
import { cpSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import { bundleWorker, bundledWorkerOptions } from "../js/bundle-worker.mjs";
import { Miniflare } from "miniflare";
import { form } from "./scratch/modules.mjs";
import { BILLING, BILLING_QUESTIONS, billingAnswers } from "./support.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const scratch = join(here, "scratch");
const out = join(scratch, "worker");
// The example is bundled from a copy inside the scratch project, so
// "elicit-form" resolves to the packed tarball installed there (the root's
// node_modules links the workspace's unbuilt pkg-template under that name).
const example = join(scratch, "examples", "worker");
rmSync(example, { recursive: true, force: true });
cpSync(resolve(here, "..", "..", "examples", "worker", "src"), join(example, "src"), { recursive: true });

const bundled = await bundleWorker(out, {
  entryPoints: [join(example, "src", "index.js")],
  external: ["cloudflare:*"],
});

const mf = new Miniflare(
  bundledWorkerOptions(out, {
    durableObjects: { FORM_ANSWERS: "FormAnswers" },
    bindings: { TEST_CLOCK: "on" },
  }),
);
after(() => mf.dispose());

const T0 = Date.parse("2026-11-29T12:00:00.000Z");
const MINUTE = 60_000;

async function call(method, path, body) {
  const response = await mf.dispatchFetch(`http://answers.test${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const ask = (tool, { now = T0, schema = BILLING, server = "billing" } = {}) =>
  call("POST", "/elicitations", {
    serverName: server,
    toolName: tool,
    message: "Pick a plan",
    requestedSchema: schema,
    now,
  });
const answer = (
  tool,
  { now = T0, fingerprint = form.fingerprint(BILLING), answers = billingAnswers, action = "accept" } = {},
) => call("POST", "/answers", { server: "billing", tool, fingerprint, action, answers, now });
const ACCEPTED = { action: "accept", content: { email: "ada@example.com", notify: true, plan: "team", seats: 12 } };

test("the bundle took the package's workerd entry and kept the .wasm as a module", () => {
  const inputs = Object.keys(bundled.metafile.inputs);
  assert.ok(
    inputs.some((f) => f.endsWith("node_modules/elicit-form/workerd.js")),
    inputs.join(", "),
  );
  assert.match(readFileSync(join(out, "worker.mjs"), "utf8"), /from "\.\/elicit_form_bg\.wasm"/);
});

test("ask, show, record, retry: the retry gets the backend's content; a second retry is asked again", async () => {
  const first = await ask("buy");
  assert.equal(first.status, 202);
  assert.equal(first.body.action, "ask");
  assert.deepEqual(first.body.pending.questions, BILLING_QUESTIONS);
  assert.equal(first.body.pending.fingerprint, form.fingerprint(BILLING));
  assert.equal(first.body.pending.summary, "MCP server 'billing' has questions for you before tool 'buy' can run");

  const shown = await call("GET", "/pending?server=billing&tool=buy");
  assert.equal(shown.status, 200);
  assert.deepEqual(shown.body.pending, first.body.pending);

  const recorded = await answer("buy");
  assert.equal(recorded.status, 201, JSON.stringify(recorded.body));
  assert.deepEqual(
    recorded.body.record,
    {
      server: "billing",
      tool: "buy",
      fingerprint: form.fingerprint(BILLING),
      action: "accept",
      answers: {
        email: { selected: [], other_text: "ada@example.com" },
        notify: { selected: ["Yes"], other_text: null },
        plan: { selected: ["Team"], other_text: null },
        seats: { selected: [], other_text: " 12 " },
      },
      expires_at: "2026-11-29T12:30:00Z",
    },
    "the backend's StoredFormAnswer, expiring 30 minutes after it was made",
  );
  assert.equal((await call("GET", "/pending?server=billing&tool=buy")).status, 404, "answered: nothing pending");

  const retry = await ask("buy", { now: T0 + MINUTE });
  assert.equal(retry.status, 200);
  assert.deepEqual(retry.body, ACCEPTED);
  assert.equal(
    JSON.stringify(retry.body.content),
    '{"email":"ada@example.com","notify":true,"plan":"team","seats":12}',
  );

  const second = await ask("buy", { now: T0 + 2 * MINUTE });
  assert.equal(second.status, 202, "an answer is used once");
  assert.equal(second.body.action, "ask");
});

test("a recorded decline is sent as decline", async () => {
  await ask("cancel-plan");
  assert.equal((await answer("cancel-plan", { action: "decline" })).status, 201);
  assert.deepEqual((await ask("cancel-plan", { now: T0 + MINUTE })).body, { action: "decline" });
});

test("an expired record is not sent: at 30 minutes the form is asked again; just before, it is answered", async () => {
  await ask("renew");
  await answer("renew");
  assert.deepEqual((await ask("renew", { now: T0 + 30 * MINUTE - 1 })).body, ACCEPTED);
  await ask("renew", { now: T0 + 40 * MINUTE });
  await answer("renew", { now: T0 + 40 * MINUTE });
  const late = await ask("renew", { now: T0 + 70 * MINUTE });
  assert.equal(late.status, 202);
  assert.equal(late.body.action, "ask");
});

test("a record for another tool is not sent; a storage-key collision fails closed", async () => {
  await ask("upgrade");
  await ask("downgrade");
  await answer("downgrade");
  assert.equal((await ask("upgrade", { now: T0 + MINUTE })).status, 202);
  assert.deepEqual((await ask("downgrade", { now: T0 + MINUTE })).body, ACCEPTED);

  // "buy/now" and "buy_now" share one storage key; the record names its tool.
  assert.equal(form.formAnswerStorageKey("billing", "buy/now"), form.formAnswerStorageKey("billing", "buy_now"));
  await ask("buy_now");
  await answer("buy_now");
  const other = await ask("buy/now", { now: T0 + MINUTE });
  assert.equal(other.status, 202, "the record for buy_now is not sent to buy/now");
  assert.equal((await ask("buy_now", { now: T0 + MINUTE })).status, 202, "and, taken, it is not sent later either");
});

test("concurrent retries on one record: exactly one gets the answer", async () => {
  await ask("seats");
  await answer("seats");
  const retries = await Promise.all(Array.from({ length: 12 }, () => ask("seats", { now: T0 + MINUTE })));
  const accepted = retries.filter((r) => r.status === 200);
  assert.equal(accepted.length, 1, JSON.stringify(retries.map((r) => r.status)));
  assert.deepEqual(accepted[0].body, ACCEPTED);
  assert.ok(retries.filter((r) => r.status !== 200).every((r) => r.status === 202 && r.body.action === "ask"));
});

test("a refused form gets 422 with the backend's refusal, is not kept as pending, and uses up no answer", async () => {
  await ask("checkout");
  await answer("checkout");
  const refused = await ask("checkout", { schema: { type: "object", properties: { cardNumber: { type: "string" } } } });
  assert.equal(refused.status, 422);
  assert.deepEqual(refused.body.refused, {
    kind: "credential",
    property: "cardNumber",
    reason: null,
    message:
      "property 'cardNumber' asks for a credential; Everruns does not collect credentials through form " +
      "elicitation. The server should use URL mode elicitation instead",
  });
  assert.equal((await call("GET", "/pending?server=billing&tool=checkout")).status, 404);
  assert.deepEqual((await ask("checkout", { now: T0 + MINUTE })).body, ACCEPTED, "the recorded answer is still there");
});

test("recording checks the answer against the pending form: other questions 409, a bad answer 422, nothing pending 409; malformed input 400", async () => {
  await ask("quote");
  const stale = await answer("quote", { fingerprint: "f".repeat(64) });
  assert.equal(stale.status, 409);
  assert.equal(stale.body.fingerprint, form.fingerprint(BILLING));
  const bad = await answer("quote", { answers: { ...billingAnswers, seats: { selected: [], other_text: "51" } } });
  assert.deepEqual(bad, { status: 422, body: { error: "'seats' is out of range", property: "seats" } });
  assert.equal((await answer("never-asked")).status, 409);
  assert.equal((await call("POST", "/answers", { server: "billing" })).status, 400);
  assert.equal((await call("POST", "/elicitations", "not an object")).status, 400);
  const lone = await ask("buy\ud800");
  assert.equal(lone.status, 400);
  assert.match(lone.body.error, /lone surrogate/);
  await ask("estimate");
  const notAnswers = await answer("estimate", { answers: 5 });
  assert.equal(notAnswers.status, 400, JSON.stringify(notAnswers.body));
});
