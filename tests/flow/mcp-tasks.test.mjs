// The MCP Tasks adapter (elicit-form-mcp-tasks) with the real
// @modelcontextprotocol/ext-tasks requester session, against an MCP Tasks
// server (tests/flow/tasks-server.mjs, whose task messages are checked with
// ext-tasks' 2026-07-28 wire schemas) over stdio (a child process) and
// Streamable HTTP on 127.0.0.1, under both profiles. The server keeps an
// answered key in inputRequests for a few more polls, and logs every
// tasks/update it receives: each key must reach it exactly once.
// "elicit-form" and the adapter are the packed packages installed by
// tests/flow/prepare.mjs.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { resultFromTaskOutcome } from "@modelcontextprotocol/ext-tasks/client";
import { core, form, formMcp, tasksAdapter } from "./scratch/modules.mjs";
import { BILLING, BILLING_QUESTIONS, CONNECT_URL, SEATS_ONLY, billingAnswers, countingStore, urlEntry } from "./support.mjs";
import { LINGERING_POLLS, startTasksHttpServer } from "./tasks-server.mjs";
import { taskSession } from "./tasks-port.mjs";
import { runExample } from "./example-runner.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const SERVER_SCRIPT = join(here, "tasks-server.mjs");
const SPEC = { profile: "mcp-2026-07-28" };

let http;
before(async () => { http = await startTasksHttpServer(); });
after(() => http.close());

const TRANSPORTS = {
  stdio: () => new StdioClientTransport({ command: process.execPath, args: [SERVER_SCRIPT, "stdio"], stderr: "inherit" }),
  "Streamable HTTP": () => new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${http.address().port}/mcp`)),
};

async function connect(transportName, profile) {
  const store = countingStore(tasksAdapter.MemoryFormAnswers);
  const pendings = [];
  const urlPendings = [];
  const forms = tasksAdapter.taskForms({
    serverName: "billing", store, ...(profile === undefined ? {} : { profile }),
    onPending: (pending, where) => { pendings.push({ pending, ...where }); },
    onUrlPending: (pending, where) => { urlPendings.push({ pending, ...where }); },
  });
  const { session, serverLog, close } = await taskSession(TRANSPORTS[transportName]());
  // The tool's task, driven to its end; returns what the server received.
  async function call(name, args = {}) {
    const outcome = await forms.callTool(session, name, args, { task: { preference: "require" } });
    const result = resultFromTaskOutcome(outcome);
    return JSON.parse(result.content[0].text).received;
  }
  async function updatesFor(taskId) {
    return (await serverLog()).updates.filter((update) => update.taskId === taskId);
  }
  return { session, forms, store, pendings, urlPendings, call, serverLog, updatesFor, close };
}

async function parked(promise) {
  const error = await promise.then(() => assert.fail("the task must park on its form"), (caught) => caught);
  assert.ok(error instanceof tasksAdapter.FormElicitationPendingError, String(error?.stack ?? error));
  return error;
}

async function urlParked(promise) {
  const error = await promise.then(() => assert.fail("the task must park on its link"), (caught) => caught);
  assert.ok(error instanceof tasksAdapter.UrlElicitationPendingError, String(error?.stack ?? error));
  return error;
}

function record(store, fingerprint, action, options, tool = "deploy") {
  store.record((options === undefined ? form : formMcp).recordFormAnswer({
    server: "billing", tool, fingerprint, action, ...(action === "accept" ? { answers: billingAnswers } : {}),
  }, options));
}

for (const transportName of Object.keys(TRANSPORTS)) {
  for (const profile of [undefined, "mcp-2026-07-28"]) {
    const options = profile === undefined ? undefined : SPEC;
    const entry = profile === undefined ? form : formMcp;
    describe(`ext-tasks 0.2.2 session over ${transportName}, ${profile ?? "backend"} profile`, () => {
      let c;
      before(async () => { c = await connect(transportName, profile); });
      after(() => c.close());

      test("ask -> pending -> record -> resume: one tasks/update with exactly the backend's content, the key never sent twice across polls", async () => {
        const first = await parked(c.call("deploy"));
        assert.ok(first instanceof tasksAdapter.TaskFormPendingError);
        assert.equal(first.key, "billing");
        assert.equal(typeof first.taskId, "string");
        assert.equal(first.pending.fingerprint, entry.fingerprint(BILLING, options));
        if (profile === undefined) assert.deepEqual(first.pending.questions, BILLING_QUESTIONS);
        assert.deepEqual(c.pendings.at(-1), { pending: first.pending, taskId: first.taskId, key: "billing" });
        assert.deepEqual(await c.updatesFor(first.taskId), [], "a parked form sends nothing");

        // Polled again before the person answered: still parked, not shown twice.
        const shown = c.pendings.length;
        const controller = c.session.task(first.taskId);
        await parked(c.forms.runTask(controller, { toolName: "deploy" }));
        assert.equal(c.pendings.length, shown, "the same key is not presented to the person twice");

        record(c.store, first.pending.fingerprint, "accept", options);
        const sent = await c.forms.answerTask(controller, { toolName: "deploy" });
        assert.deepEqual(sent.answered, ["billing"]);
        assert.deepEqual(c.forms.answeredKeys(first.taskId), ["billing"]);
        const seenAgain = await c.forms.answerTask(controller, { toolName: "deploy" });
        assert.equal(seenAgain.task.status, "input_required");
        assert.deepEqual(Object.keys(seenAgain.task.raw.inputRequests), ["billing"], "the server still lists the answered key");
        assert.deepEqual(seenAgain.answered, [], "and it is not answered again");
        const outcome = await c.forms.runTask(controller, { toolName: "deploy" });
        const received = JSON.parse(resultFromTaskOutcome(outcome).content[0].text).received;
        const content = entry.contentFromAnswers(BILLING, billingAnswers, options);
        assert.deepEqual(received, { billing: { action: "accept", content } });

        const log = await c.serverLog();
        const updates = log.updates.filter((update) => update.taskId === first.taskId);
        assert.equal(updates.length, 1, `one tasks/update for the key, got ${JSON.stringify(updates)}`);
        assert.equal(JSON.stringify(updates[0].inputResponses.billing.content), JSON.stringify(content),
          "the backend's content, in its key order");
        const pollsShowingKey = log.gets.filter((get) => get.taskId === first.taskId && get.keys.includes("billing"));
        assert.ok(pollsShowingKey.length >= LINGERING_POLLS + 1,
          `the server showed the answered key on later polls (${pollsShowingKey.length} polls showed it)`);
        assert.deepEqual(c.forms.answeredKeys(first.taskId), [], "a finished task's keys are dropped");
      });

      test("a recorded answer is used once: the next task of the tool is asked again", async () => {
        record(c.store, entry.fingerprint(BILLING, options), "accept", options);
        assert.equal((await c.call("deploy")).billing.action, "accept");
        const again = await parked(c.call("deploy"));
        assert.deepEqual(await c.updatesFor(again.taskId), []);
      });

      test("a changed schema under the same tool is asked again, and the old answer is used up", async () => {
        record(c.store, entry.fingerprint(BILLING, options), "accept", options);
        const takes = c.store.takes;
        const changed = await parked(c.call("deploy", { variant: "seats-only" }));
        assert.equal(changed.pending.fingerprint, entry.fingerprint(SEATS_ONLY, options));
        assert.equal(c.store.takes, takes + 1);
        assert.deepEqual(await c.updatesFor(changed.taskId), []);
        await parked(c.call("deploy"));
      });

      test("a credential form is refused without prompting: nothing shown, nothing sent, the store untouched", async () => {
        const takes = c.store.takes;
        const shown = c.pendings.length;
        const before = (await c.serverLog()).updates.length;
        const refused = await c.call("connect-account").then(() => assert.fail("refused"), (error) => error);
        assert.ok(refused instanceof form.FormRefusalError || refused instanceof formMcp.FormRefusalError, String(refused));
        assert.deepEqual([refused.kind, refused.property], ["credential", "apiKey"]);
        assert.equal(c.store.takes, takes);
        assert.equal(c.pendings.length, shown);
        assert.equal((await c.serverLog()).updates.length, before);
      });

      test("a recorded decline reaches the server as decline, with no content", async () => {
        record(c.store, entry.fingerprint(BILLING, options), "decline", options);
        assert.deepEqual(await c.call("deploy"), { billing: { action: "decline" } });
      });

      if (profile !== undefined) {
        test("cancel (the person dismissed the card) reaches the server as cancel, distinct from decline", async () => {
          record(c.store, entry.fingerprint(BILLING, options), "cancel", options);
          assert.deepEqual(await c.call("deploy"), { billing: { action: "cancel" } });
        });
      }

      test("two forms in one task's inputRequests: nothing sent, the keys named", async () => {
        const error = await c.call("setup").then(() => assert.fail("two forms"), (caught) => caught);
        assert.ok(error instanceof tasksAdapter.InputRequiredRoundError, String(error));
        assert.deepEqual(error.keys, ["name", "region"]);
      });

      test("the deprecated urlElicitation seam, when a host gives one, still takes precedence for links: its answer is sent once", async () => {
        const seen = [];
        const withSeam = tasksAdapter.taskForms({
          serverName: "billing", store: c.store, ...(profile === undefined ? {} : { profile }),
          urlElicitation: (request) => {
            seen.push(request);
            return { action: "decline" };
          },
        });
        const takes = c.store.takes;
        const outcome = await withSeam.callTool(c.session, "open-dashboard", {}, { task: { preference: "require" } });
        assert.deepEqual(JSON.parse(resultFromTaskOutcome(outcome).content[0].text).received, { consent: { action: "decline" } });
        assert.equal(seen.length, 1, "the seam sees the request once, its answer sent once");
        assert.deepEqual(seen[0].params, { mode: "url", message: "Sign in", url: "https://example.com/login" });
        assert.equal(c.store.takes, takes, "the seam decides: no record is taken");
      });

      describe("URL mode (a link in the task's inputRequests)", () => {
        let urlForm;
        before(async () => { urlForm = await urlEntry(); });
        const connectView = (url = CONNECT_URL) =>
          urlForm.urlElicitation({ mode: "url", message: "Connect your calendar", url }, "billing");
        const recordUrl = (action, fingerprint = connectView().fingerprint, tool = "connect_account") =>
          c.store.record(urlForm.recordUrlAnswer({ server: "billing", tool, fingerprint, action }));

        test("ask -> TaskUrlPendingError with the consent view -> record accept -> one tasks/update {action: accept}, no content, never sent twice across polls", async () => {
          const first = await urlParked(c.call("connect_account"));
          assert.ok(first instanceof tasksAdapter.TaskUrlPendingError);
          assert.equal(first.message, "MCP server 'billing' asks you to open a link before tool 'connect_account' can run");
          assert.equal(first.key, "connect");
          assert.equal(typeof first.taskId, "string");
          assert.deepEqual(first.pending.view, connectView());
          assert.equal(first.pending.view.header, "billing", "the configured server name, never server text");
          assert.equal(first.pending.view.site, "example.com");
          assert.equal(first.pending.view.url, CONNECT_URL);
          assert.match(first.pending.view.fingerprint, /^[0-9a-f]{64}$/);
          assert.deepEqual([first.pending.serverName, first.pending.toolName], ["billing", "connect_account"]);
          assert.deepEqual(c.urlPendings.at(-1), { pending: first.pending, taskId: first.taskId, key: "connect" });
          assert.deepEqual(await c.updatesFor(first.taskId), [], "a parked link sends nothing");

          // Polled again before the person decided: still parked, not shown twice.
          const shown = c.urlPendings.length;
          const formsShown = c.pendings.length;
          const controller = c.session.task(first.taskId);
          await urlParked(c.forms.runTask(controller, { toolName: "connect_account" }));
          assert.equal(c.urlPendings.length, shown, "the same link is not presented to the person twice");
          assert.equal(c.pendings.length, formsShown, "a link never reaches onPending");

          recordUrl("accept");
          const sent = await c.forms.answerTask(controller, { toolName: "connect_account" });
          assert.deepEqual(sent.answered, ["connect"]);
          const seenAgain = await c.forms.answerTask(controller, { toolName: "connect_account" });
          assert.equal(seenAgain.task.status, "input_required");
          assert.deepEqual(Object.keys(seenAgain.task.raw.inputRequests), ["connect"], "the server still lists the answered key");
          assert.deepEqual(seenAgain.answered, [], "and it is not answered again");
          const outcome = await c.forms.runTask(controller, { toolName: "connect_account" });
          const received = JSON.parse(resultFromTaskOutcome(outcome).content[0].text).received;
          assert.deepEqual(received, { connect: { action: "accept" } }, "no content with a URL-mode answer");

          const log = await c.serverLog();
          const updates = log.updates.filter((update) => update.taskId === first.taskId);
          assert.deepEqual(updates.map((update) => update.inputResponses), [{ connect: { action: "accept" } }], "one tasks/update, no content");
          const pollsShowingKey = log.gets.filter((get) => get.taskId === first.taskId && get.keys.includes("connect"));
          assert.ok(pollsShowingKey.length >= LINGERING_POLLS + 1,
            `the server showed the answered key on later polls (${pollsShowingKey.length} polls showed it)`);

          // The record was used once: the next task of the tool asks again.
          await urlParked(c.call("connect_account"));
        });

        test("a recorded decline and a recorded cancel reach the server as recorded, with no content", async () => {
          recordUrl("decline");
          assert.deepEqual(await c.call("connect_account"), { connect: { action: "decline" } });
          recordUrl("cancel");
          assert.deepEqual(await c.call("connect_account"), { connect: { action: "cancel" } });
        });

        for (const [hostile, kind] of [["https://accounts.example.com@evil.example/", "userInfo"], ["javascript:alert(1)", "scheme"]]) {
          test(`a hostile link (${kind}) is refused: nothing shown, the store untouched, nothing sent`, async () => {
            recordUrl("accept");
            const takes = c.store.takes;
            const shown = c.urlPendings.length;
            const before = (await c.serverLog()).updates.length;
            const refused = await c.call("connect_account", { url: hostile }).then(() => assert.fail("refused"), (error) => error);
            assert.equal(refused.name, "UrlRefusalError", String(refused));
            assert.ok(refused instanceof urlForm.UrlRefusalError);
            assert.equal(refused.kind, kind);
            assert.equal(c.store.takes, takes, "no record was taken");
            assert.equal(c.urlPendings.length, shown, "nothing shown");
            assert.equal((await c.serverLog()).updates.length, before, "no tasks/update was sent");
            assert.equal(c.store.take("billing", "connect_account").action, "accept", "the record is still there");
          });
        }

        // The backend's rounds (elicit-form-mcp-core's answerRound): a form and links are answered in map
        // order, and the first not answered ends the poll with nothing sent.
        for (const [also, Parked] of [["form", tasksAdapter.FormElicitationPendingError], ["url", tasksAdapter.UrlElicitationPendingError]]) {
          test(`a task asking a link and ${also === "form" ? "a form" : "another link"} at once stops at the first entry not answered; nothing is sent`, async () => {
            recordUrl("accept");
            const before = (await c.serverLog()).updates.length;
            const error = await c.call("connect_account", { also }).then(() => assert.fail("parked"), (caught) => caught);
            assert.ok(error instanceof Parked, String(error));
            assert.equal((await c.serverLog()).updates.length, before, "no tasks/update was sent");
          });
        }
      });

      test("a key reused for another request after it was answered fails the task's poll; nothing more is sent", async () => {
        record(c.store, entry.fingerprint(BILLING, options), "accept", options, "reuse-key");
        const error = await c.call("reuse-key").then(() => assert.fail("key reused"), (caught) => caught);
        assert.ok(error instanceof tasksAdapter.TaskInputKeyReusedError, String(error));
        assert.equal(error.key, "billing");
        assert.equal((await c.updatesFor(error.taskId)).length, 1, "only the first answer reached the server");
      });
    });
  }
}

test("the adapter hands out elicit-form-mcp-core's one copy of the shared names, and checks its options", () => {
  for (const name of ["FormElicitationPendingError", "InputRequiredRoundError", "MemoryFormAnswers", "UrlElicitationPendingError"]) {
    assert.equal(tasksAdapter[name], core[name], name);
  }
  assert.ok(new tasksAdapter.TaskFormPendingError({ summary: "s" }, { taskId: "t", key: "k" }) instanceof core.FormElicitationPendingError);
  const link = new tasksAdapter.TaskUrlPendingError({ summary: "s" }, { taskId: "t", key: "k" });
  assert.ok(link instanceof core.UrlElicitationPendingError);
  assert.deepEqual([link.taskId, link.key, link.name], ["t", "k", "UrlElicitationPendingError"]);
  assert.throws(() => tasksAdapter.taskForms({ serverName: "s", store: new core.MemoryFormAnswers(), onUrlPending: "log" }),
    /onUrlPending must be a function/);
  assert.throws(() => tasksAdapter.taskForms({ store: new core.MemoryFormAnswers() }), TypeError);
  assert.throws(() => tasksAdapter.taskForms({ serverName: "s", store: new core.MemoryFormAnswers(), urlElicitation: "open" }),
    /urlElicitation must be a function/);
});

test("examples/mcp-tasks/deploy.mjs: parks on the task's form, records, resumes; the server receives the backend's content", async () => {
  const lines = await runExample("mcp-tasks/deploy.mjs", [process.execPath, SERVER_SCRIPT, "stdio"]);
  assert.equal(lines[0], "MCP server 'billing' has questions for you before tool 'deploy' can run (input billing)");
  assert.deepEqual(JSON.parse(lines[1]).received,
    { billing: { action: "accept", content: { email: "ada@example.com", notify: false, plan: "team", seats: 12 } } });
});

test("docs/mcp-tasks.md shows the example as it is run", () => {
  const guide = readFileSync(resolve(here, "..", "..", "docs", "mcp-tasks.md"), "utf8");
  const text = readFileSync(resolve(here, "..", "..", "examples", "mcp-tasks", "deploy.mjs"), "utf8");
  assert.ok(guide.includes(`\`\`\`js file=examples/mcp-tasks/deploy.mjs\n${text}\`\`\``),
    "docs/mcp-tasks.md does not show examples/mcp-tasks/deploy.mjs verbatim");
});
