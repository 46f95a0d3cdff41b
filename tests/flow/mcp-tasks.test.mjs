// The MCP Tasks adapter (elicit-form-mcp-tasks) with the real
// @modelcontextprotocol/ext-tasks requester session, against an MCP Tasks
// server (tests/flow/tasks-server.mjs, whose task messages are checked with
// ext-tasks' 2026-07-28 wire schemas) over stdio (a child process) and
// Streamable HTTP on 127.0.0.1, under both profiles. The server keeps an
// answered key in inputRequests for a few more polls, and logs every
// tasks/update it receives: each key must reach it exactly once.
// "elicit-form" and the adapter are the packed packages installed by
// tests/flow/prepare.mjs.
//
// The adapter waits as the backend's Tasks client (everruns-core 0.50.1,
// mcp/tasks.rs) does. The suites run it on a test clock (the `clock`
// option): each sleep is recorded and passes at once, so the 250 ms floor,
// the 30 s ceiling and the 30-minute limit are asserted without waiting
// them out; one test runs the real timers and measures the gaps between
// polls on the server.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { resultFromTaskOutcome } from "@modelcontextprotocol/ext-tasks/client";
import { core, form, formMcp, tasksAdapter } from "./scratch/modules.mjs";
import {
  BILLING,
  BILLING_QUESTIONS,
  CONNECT_URL,
  CREDENTIAL,
  SEATS_ONLY,
  billingAnswers,
  countingStore,
  urlEntry,
} from "./support.mjs";
import { LINGERING_POLLS, startTasksHttpServer } from "./tasks-server.mjs";
import { taskSession } from "./tasks-port.mjs";
import { runExample } from "./example-runner.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const SERVER_SCRIPT = join(here, "tasks-server.mjs");
const SPEC = { profile: "mcp-2026-07-28" };
// The backend's floor between polls, less the millisecond a timer may fire
// early against another process's clock.
const MIN_POLL_GAP_MS = 249;

let http;
before(async () => {
  http = await startTasksHttpServer();
});
after(() => http.close());

const TRANSPORTS = {
  stdio: () =>
    new StdioClientTransport({ command: process.execPath, args: [SERVER_SCRIPT, "stdio"], stderr: "inherit" }),
  "Streamable HTTP": () => new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${http.address().port}/mcp`)),
};

/**
 * A clock for the adapter's `clock` option: time moves only when the
 * adapter sleeps, by what it asked for, and each sleep is recorded.
 */
function testClock() {
  const clock = {
    elapsed: 0,
    sleeps: [],
    now: () => clock.elapsed,
    async sleep(ms, signal) {
      // A wait that never reaches its limit (sleeps of 0 ms) fails here instead of spinning.
      if (clock.sleeps.length >= 1000)
        throw new Error(`the adapter slept 1000 times (last ${ms} ms) and is still waiting`);
      clock.sleeps.push(ms);
      clock.elapsed += ms;
      await new Promise((resolve) => setImmediate(resolve));
      if (signal?.aborted) throw signal.reason;
    },
  };
  return clock;
}

async function connect(transportName, profile) {
  const store = countingStore(tasksAdapter.MemoryFormAnswers);
  const pendings = [];
  const urlPendings = [];
  const clock = testClock();
  const adapterOptions = (more = {}) => ({
    serverName: "billing",
    store,
    clock,
    ...(profile === undefined ? {} : { profile }),
    onPending: (pending, where) => {
      pendings.push({ pending, ...where });
    },
    onUrlPending: (pending, where) => {
      urlPendings.push({ pending, ...where });
    },
    ...more,
  });
  const forms = tasksAdapter.taskForms(adapterOptions());
  // A host that resumes a parked task once the person has answered.
  const openForms = tasksAdapter.taskForms(adapterOptions({ keepTaskOpen: true }));
  const { session, serverLog, close } = await taskSession(TRANSPORTS[transportName](), {
    capabilities: forms.clientCapabilities(),
  });
  // The tool's task, driven to its end; returns what the server received.
  async function call(name, args = {}, adapter = forms) {
    const outcome = await adapter.callTool(session, name, args, { task: { preference: "require" } });
    const result = resultFromTaskOutcome(outcome);
    return JSON.parse(result.content[0].text).received;
  }
  async function updatesFor(taskId) {
    return (await serverLog()).updates.filter((update) => update.taskId === taskId);
  }
  async function cancelled(taskId) {
    return (await serverLog()).cancels.includes(taskId);
  }
  return {
    transportName,
    session,
    forms,
    openForms,
    adapterOptions,
    clock,
    store,
    pendings,
    urlPendings,
    call,
    serverLog,
    updatesFor,
    cancelled,
    close,
  };
}

/** The text elicit-form's rules refuse `requestedSchema` with, as the backend's FormRefusal reads. */
function refusalOf(entry, requestedSchema, options) {
  try {
    entry.pending({ serverName: "billing", toolName: "t", key: "k", message: "m", requestedSchema }, options);
  } catch (error) {
    return error.message;
  }
  return assert.fail("the schema must be refused");
}

async function parked(promise) {
  const error = await promise.then(
    () => assert.fail("the task must park on its form"),
    (caught) => caught,
  );
  assert.ok(error instanceof tasksAdapter.FormElicitationPendingError, String(error?.stack ?? error));
  return error;
}

async function urlParked(promise) {
  const error = await promise.then(
    () => assert.fail("the task must park on its link"),
    (caught) => caught,
  );
  assert.ok(error instanceof tasksAdapter.UrlElicitationPendingError, String(error?.stack ?? error));
  return error;
}

function record(store, fingerprint, action, options, tool = "deploy") {
  store.record(
    (options === undefined ? form : formMcp).recordFormAnswer(
      {
        server: "billing",
        tool,
        fingerprint,
        action,
        ...(action === "accept" ? { answers: billingAnswers } : {}),
      },
      options,
    ),
  );
}

for (const transportName of Object.keys(TRANSPORTS)) {
  for (const profile of [undefined, "mcp-2026-07-28"]) {
    const options = profile === undefined ? undefined : SPEC;
    const entry = profile === undefined ? form : formMcp;
    describe(`ext-tasks 0.2.2 session over ${transportName}, ${profile ?? "backend"} profile`, () => {
      let c;
      before(async () => {
        c = await connect(transportName, profile);
      });
      after(() => c.close());

      test("a parked form cancels its task (tasks/cancel); once the answer is recorded, the call again answers the new task once", async () => {
        const first = await parked(c.call("deploy"));
        assert.ok(first instanceof tasksAdapter.TaskFormPendingError);
        assert.equal(first.message, "MCP server 'billing' has questions for you before tool 'deploy' can run");
        assert.deepEqual([first.key, first.taskCancelled], ["billing", true]);
        assert.ok(await c.cancelled(first.taskId), "the server received tasks/cancel for the parked task");
        assert.deepEqual(await c.updatesFor(first.taskId), [], "a parked form sends nothing");
        assert.deepEqual(c.pendings.at(-1), { pending: first.pending, taskId: first.taskId, key: "billing" });

        record(c.store, first.pending.fingerprint, "accept", options);
        const received = await c.call("deploy");
        assert.deepEqual(received, {
          billing: { action: "accept", content: entry.contentFromAnswers(BILLING, billingAnswers, options) },
        });
        const log = await c.serverLog();
        const rerun = log.created.at(-1).taskId;
        assert.notEqual(rerun, first.taskId, "the rerun is a new task");
        assert.equal(log.updates.filter((update) => update.taskId === rerun).length, 1);
        assert.ok(!log.cancels.includes(rerun), "a task that completes is not cancelled");
      });

      test("keepTaskOpen: ask -> pending (the task left open) -> record -> resume: one tasks/update with exactly the backend's content, the key never sent twice across polls", async () => {
        const first = await parked(c.call("deploy", {}, c.openForms));
        assert.ok(first instanceof tasksAdapter.TaskFormPendingError);
        assert.equal(first.key, "billing");
        assert.equal(typeof first.taskId, "string");
        assert.equal(first.taskCancelled, false);
        assert.equal(await c.cancelled(first.taskId), false, "no tasks/cancel: the task stays open");
        assert.equal(first.pending.fingerprint, entry.fingerprint(BILLING, options));
        if (profile === undefined) assert.deepEqual(first.pending.questions, BILLING_QUESTIONS);
        assert.deepEqual(c.pendings.at(-1), { pending: first.pending, taskId: first.taskId, key: "billing" });
        assert.deepEqual(await c.updatesFor(first.taskId), [], "a parked form sends nothing");

        // Polled again before the person answered: still parked, not shown twice.
        const shown = c.pendings.length;
        const controller = c.session.task(first.taskId);
        await parked(c.openForms.runTask(controller, { toolName: "deploy" }));
        assert.equal(c.pendings.length, shown, "the same key is not presented to the person twice");

        record(c.store, first.pending.fingerprint, "accept", options);
        const sent = await c.openForms.answerTask(controller, { toolName: "deploy" });
        assert.deepEqual(sent.answered, ["billing"]);
        assert.deepEqual(c.openForms.answeredKeys(first.taskId), ["billing"]);
        const seenAgain = await c.openForms.answerTask(controller, { toolName: "deploy" });
        assert.equal(seenAgain.task.status, "input_required");
        assert.deepEqual(
          Object.keys(seenAgain.task.raw.inputRequests),
          ["billing"],
          "the server still lists the answered key",
        );
        assert.deepEqual(seenAgain.answered, [], "and it is not answered again");
        const outcome = await c.openForms.runTask(controller, { toolName: "deploy" });
        const received = JSON.parse(resultFromTaskOutcome(outcome).content[0].text).received;
        const content = entry.contentFromAnswers(BILLING, billingAnswers, options);
        assert.deepEqual(received, { billing: { action: "accept", content } });

        const log = await c.serverLog();
        const updates = log.updates.filter((update) => update.taskId === first.taskId);
        assert.equal(updates.length, 1, `one tasks/update for the key, got ${JSON.stringify(updates)}`);
        assert.equal(
          JSON.stringify(updates[0].inputResponses.billing.content),
          JSON.stringify(content),
          "the backend's content, in its key order",
        );
        const pollsShowingKey = log.gets.filter((get) => get.taskId === first.taskId && get.keys.includes("billing"));
        assert.ok(
          pollsShowingKey.length >= LINGERING_POLLS + 1,
          `the server showed the answered key on later polls (${pollsShowingKey.length} polls showed it)`,
        );
        assert.deepEqual(c.openForms.answeredKeys(first.taskId), [], "a finished task's keys are dropped");
        assert.equal(await c.cancelled(first.taskId), false);
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

      test("a credential form is refused without prompting: nothing shown, nothing sent, the store untouched, the task named in the backend's text and cancelled", async () => {
        const takes = c.store.takes;
        const shown = c.pendings.length;
        const before = (await c.serverLog()).updates.length;
        const refused = await c.call("connect-account").then(
          () => assert.fail("refused"),
          (error) => error,
        );
        assert.ok(
          refused instanceof form.FormRefusalError || refused instanceof formMcp.FormRefusalError,
          String(refused),
        );
        assert.deepEqual([refused.kind, refused.property], ["credential", "apiKey"]);
        assert.equal(typeof refused.taskId, "string");
        assert.equal(
          refused.message,
          "MCP server 'billing' asked questions for tool 'connect-account' that Everruns will not " +
            `put to a person: ${refusalOf(entry, CREDENTIAL, options)} (task '${refused.taskId}')`,
        );
        assert.equal(refused.taskCancelled, true);
        assert.ok(await c.cancelled(refused.taskId), "the server received tasks/cancel for the refused task");
        assert.equal(c.store.takes, takes);
        assert.equal(c.pendings.length, shown);
        assert.equal((await c.serverLog()).updates.length, before);
      });

      test("answerTask (one poll, the host's own timer) names a refused task but leaves cancelling it to the host", async () => {
        const execution = await c.session.callTool("connect-account", {}, { task: { preference: "require" } });
        const { taskId } = execution.handle;
        await execution.detach();
        const refused = await c.forms.answerTask(c.session.task(taskId), { toolName: "connect-account" }).then(
          () => assert.fail("refused"),
          (error) => error,
        );
        assert.deepEqual([refused.name, refused.taskId, refused.taskCancelled], ["FormRefusalError", taskId, false]);
        assert.ok(refused.message.endsWith(` (task '${taskId}')`), refused.message);
        assert.equal(await c.cancelled(taskId), false);
        await c.session.task(taskId).cancel();
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

      test("two forms in one task's inputRequests are refused with the backend's text: nothing taken or sent, the keys named, the task cancelled", async () => {
        const takes = c.store.takes;
        const error = await c.call("setup").then(
          () => assert.fail("two forms"),
          (caught) => caught,
        );
        assert.ok(error instanceof tasksAdapter.InputRequiredRoundError, String(error));
        assert.deepEqual(error.keys, ["name", "region"]);
        assert.equal(
          error.message,
          "MCP server 'billing' sent 2 form elicitations in one round for tool 'setup'; " +
            `Everruns answers at most one at a time (task '${error.taskId}')`,
        );
        assert.equal(c.store.takes, takes, "no answer was taken");
        assert.ok(await c.cancelled(error.taskId), "the task the round stopped is cancelled");
        assert.deepEqual(await c.updatesFor(error.taskId), []);
      });

      test("the deprecated urlElicitation seam, when a host gives one, still takes precedence for links: its answer is sent once", async () => {
        const seen = [];
        const withSeam = tasksAdapter.taskForms({
          serverName: "billing",
          store: c.store,
          clock: c.clock,
          ...(profile === undefined ? {} : { profile }),
          urlElicitation: (request) => {
            seen.push(request);
            return { action: "decline" };
          },
        });
        const takes = c.store.takes;
        const outcome = await withSeam.callTool(c.session, "open-dashboard", {}, { task: { preference: "require" } });
        assert.deepEqual(JSON.parse(resultFromTaskOutcome(outcome).content[0].text).received, {
          consent: { action: "decline" },
        });
        assert.equal(seen.length, 1, "the seam sees the request once, its answer sent once");
        assert.deepEqual(seen[0].params, { mode: "url", message: "Sign in", url: "https://example.com/login" });
        assert.equal(c.store.takes, takes, "the seam decides: no record is taken");
      });

      describe("URL mode (a link in the task's inputRequests)", () => {
        let urlForm;
        before(async () => {
          urlForm = await urlEntry();
        });
        const connectView = (url = CONNECT_URL) =>
          urlForm.urlElicitation({ mode: "url", message: "Connect your calendar", url }, "billing");
        // The backend's StoredConsent: the host the person saw, under the consent key (recorded on accept only).
        const consent = (tool = "connect_account", host = "accounts.example.com") =>
          c.store.recordConsent(urlForm.recordUrlConsent({ server: "billing", tool, host }));

        test("a parked link cancels its task (tasks/cancel); once the consent is recorded, the call again sends {action: accept}", async () => {
          const first = await urlParked(c.call("connect_account"));
          assert.ok(first instanceof tasksAdapter.TaskUrlPendingError);
          assert.deepEqual([first.key, first.taskCancelled], ["connect", true]);
          assert.ok(await c.cancelled(first.taskId), "the server received tasks/cancel for the parked task");
          assert.deepEqual(await c.updatesFor(first.taskId), []);
          assert.equal(first.pending.host, "accounts.example.com");
          c.store.recordConsent(
            urlForm.recordUrlConsent({ server: "billing", tool: "connect_account", host: first.pending.host }),
          );
          assert.deepEqual(await c.call("connect_account"), { connect: { action: "accept" } });
          assert.equal(c.store.takeConsent("billing", "connect_account"), null, "the consent was used");
        });

        test("keepTaskOpen: ask -> TaskUrlPendingError with the consent view -> record the consent -> one tasks/update {action: accept}, no content, never sent twice across polls", async () => {
          const first = await urlParked(c.call("connect_account", {}, c.openForms));
          assert.equal(first.taskCancelled, false);
          assert.equal(await c.cancelled(first.taskId), false, "no tasks/cancel: the task stays open");
          assert.ok(first instanceof tasksAdapter.TaskUrlPendingError);
          assert.equal(
            first.message,
            "MCP server 'billing' needs you to complete an interaction at accounts.example.com " +
              "before tool 'connect_account' can run",
          );
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
          await urlParked(c.openForms.runTask(controller, { toolName: "connect_account" }));
          assert.equal(c.urlPendings.length, shown, "the same link is not presented to the person twice");
          assert.equal(c.pendings.length, formsShown, "a link never reaches onPending");

          consent();
          const sent = await c.openForms.answerTask(controller, { toolName: "connect_account" });
          assert.deepEqual(sent.answered, ["connect"]);
          const seenAgain = await c.openForms.answerTask(controller, { toolName: "connect_account" });
          assert.equal(seenAgain.task.status, "input_required");
          assert.deepEqual(
            Object.keys(seenAgain.task.raw.inputRequests),
            ["connect"],
            "the server still lists the answered key",
          );
          assert.deepEqual(seenAgain.answered, [], "and it is not answered again");
          const outcome = await c.openForms.runTask(controller, { toolName: "connect_account" });
          const received = JSON.parse(resultFromTaskOutcome(outcome).content[0].text).received;
          assert.deepEqual(received, { connect: { action: "accept" } }, "no content with a URL-mode answer");

          const log = await c.serverLog();
          const updates = log.updates.filter((update) => update.taskId === first.taskId);
          assert.deepEqual(
            updates.map((update) => update.inputResponses),
            [{ connect: { action: "accept" } }],
            "one tasks/update, no content",
          );
          const pollsShowingKey = log.gets.filter((get) => get.taskId === first.taskId && get.keys.includes("connect"));
          assert.ok(
            pollsShowingKey.length >= LINGERING_POLLS + 1,
            `the server showed the answered key on later polls (${pollsShowingKey.length} polls showed it)`,
          );

          // The consent was used once: the next task of the tool asks again.
          await urlParked(c.call("connect_account"));
        });

        test("a link declined or dismissed records nothing: the task parks again, is cancelled, and nothing is sent for the link (the backend's UrlElicitationPending)", async () => {
          const takes = c.store.consentTakes;
          const again = await urlParked(c.call("connect_account"));
          assert.equal(again.pending.summary, again.message);
          assert.equal(c.store.consentTakes, takes + 1, "the store was asked for a consent, and had none");
          assert.ok(await c.cancelled(again.taskId));
          assert.deepEqual(await c.updatesFor(again.taskId), [], "no decline or cancel reaches the server");
        });

        test("a consent to another host under the same tool is used up, not applied: the link is asked again", async () => {
          consent("connect_account", "accounts.example.com");
          const takes = c.store.consentTakes;
          const changed = await urlParked(c.call("connect_account", { url: "https://mail.example.com/connect" }));
          assert.equal(changed.pending.host, "mail.example.com");
          assert.equal(c.store.consentTakes, takes + 1);
          assert.deepEqual(await c.updatesFor(changed.taskId), []);
          assert.equal(c.store.takeConsent("billing", "connect_account"), null, "the consent was used up");
        });

        test("form answers and link consents are kept apart: a link never takes a form's answer, nor a form a consent", async () => {
          record(c.store, entry.fingerprint(BILLING, options), "accept", options, "connect_account");
          await urlParked(c.call("connect_account"));
          assert.equal(
            c.store.take("billing", "connect_account")?.tool,
            "connect_account",
            "the form's answer is still there",
          );
          consent("deploy");
          await parked(c.call("deploy"));
          assert.equal(
            c.store.takeConsent("billing", "deploy")?.host,
            "accounts.example.com",
            "the consent is still there",
          );
        });

        for (const [hostile, kind] of [
          ["https://accounts.example.com@evil.example/", "userInfo"],
          ["javascript:alert(1)", "scheme"],
        ]) {
          test(`a hostile link (${kind}) is refused: nothing shown, the store untouched, nothing sent`, async () => {
            consent();
            const takes = c.store.consentTakes;
            const shown = c.urlPendings.length;
            const before = (await c.serverLog()).updates.length;
            const refused = await c.call("connect_account", { url: hostile }).then(
              () => assert.fail("refused"),
              (error) => error,
            );
            assert.equal(refused.name, "UrlRefusalError", String(refused));
            assert.ok(refused instanceof urlForm.UrlRefusalError);
            assert.equal(refused.kind, kind);
            assert.match(
              refused.message,
              new RegExp(`^MCP server 'billing' sent an unusable elicitation URL: .+ \\(task '${refused.taskId}'\\)$`),
            );
            assert.ok(await c.cancelled(refused.taskId), "the refused task is cancelled");
            assert.equal(c.store.consentTakes, takes, "no consent was taken");
            assert.equal(c.urlPendings.length, shown, "nothing shown");
            assert.equal((await c.serverLog()).updates.length, before, "no tasks/update was sent");
            assert.equal(
              c.store.takeConsent("billing", "connect_account").host,
              "accounts.example.com",
              "the consent is still there",
            );
          });
        }

        // The backend's rounds (gather_input_responses, through elicit-form-mcp-core's answerRound): one form and
        // any number of links are answered in map order, and the first not answered ends the poll with nothing sent.
        test("a task asking a form and a link at once is answered whole, in one tasks/update, from the form's answer and the link's consent", async () => {
          record(c.store, entry.fingerprint(BILLING, options), "accept", options, "connect_account");
          consent();
          const received = await c.call("connect_account", { also: "form" });
          assert.deepEqual(received, {
            billing: { action: "accept", content: entry.contentFromAnswers(BILLING, billingAnswers, options) },
            connect: { action: "accept" },
          });
          const log = await c.serverLog();
          const updates = log.updates.filter((update) => update.taskId === log.created.at(-1).taskId);
          assert.deepEqual(
            updates.map((update) => Object.keys(update.inputResponses)),
            [["billing", "connect"]],
            "one tasks/update for both keys",
          );
          assert.equal(c.store.take("billing", "connect_account"), null, "the form's answer was used");
          assert.equal(c.store.takeConsent("billing", "connect_account"), null, "the consent was used");
        });

        test("a form and a link with only the consent recorded stops at the form (first in map order): nothing sent, the consent not taken", async () => {
          consent();
          const takes = c.store.consentTakes;
          const error = await parked(c.call("connect_account", { also: "form" }));
          assert.deepEqual([error.key, error.taskCancelled], ["billing", true]);
          assert.deepEqual(await c.updatesFor(error.taskId), [], "no tasks/update was sent");
          assert.equal(c.store.consentTakes, takes, "the form parked before the link was answered");
          assert.equal(
            c.store.takeConsent("billing", "connect_account")?.host,
            "accounts.example.com",
            "the consent is still there",
          );
        });

        test("two links with one consent: the first takes it, the second parks under its own key, and nothing is sent", async () => {
          consent();
          const error = await urlParked(c.call("connect_account", { also: "url" }));
          assert.deepEqual([error.key, error.pending.host], ["second", "mail.example.com"]);
          assert.ok(await c.cancelled(error.taskId));
          assert.deepEqual(await c.updatesFor(error.taskId), [], "no tasks/update was sent");
          assert.equal(c.store.takeConsent("billing", "connect_account"), null, "the first link used the consent");
        });
      });

      test("a key listed again after it was answered, even with another request, is skipped: never thrown, shown or answered again", async () => {
        record(c.store, entry.fingerprint(BILLING, options), "accept", options, "reuse-key");
        const shown = c.pendings.length;
        const takes = c.store.takes;
        const waiting = tasksAdapter.taskForms(c.adapterOptions({ taskWaitLimitMs: 10_000 }));
        const error = await c.call("reuse-key", {}, waiting).then(
          () => assert.fail("the task never ends"),
          (caught) => caught,
        );
        assert.ok(error instanceof tasksAdapter.TaskWaitLimitError, String(error?.stack ?? error));
        const log = await c.serverLog();
        const gets = log.gets.filter((get) => get.taskId === error.taskId);
        assert.ok(gets.filter((get) => get.keys.includes("billing")).length >= 10, "the server kept listing the key");
        assert.equal(
          log.updates.filter((update) => update.taskId === error.taskId).length,
          1,
          "only the first answer reached the server",
        );
        assert.equal(c.pendings.length, shown, "the reused key was not shown");
        assert.equal(c.store.takes, takes + 1, "nor decided again");
        assert.ok(log.cancels.includes(error.taskId));
      });
    });
  }
}

// The elicitationPolicy (the backend's McpElicitationPolicy): what the
// adapter's clientCapabilities() declares to the server, and what a task's
// round answers; an undeclared mode is refused with the backend's text.
for (const transportName of Object.keys(TRANSPORTS)) {
  describe(`the elicitationPolicy over ${transportName}`, () => {
    let c;
    let urlForm;
    before(async () => {
      urlForm = await urlEntry();
      c = await connect(transportName, undefined);
    });
    after(() => c.close());

    // A session of its own, declaring what `forms` declares; the tool's task driven to its end or its error.
    async function withPolicy(forms, name, args = {}) {
      const own = await taskSession(TRANSPORTS[transportName](), {
        capabilities: forms.clientCapabilities({ sampling: {} }),
      });
      try {
        const error = await forms.callTool(own.session, name, args, { task: { preference: "require" } }).then(
          () => assert.fail("refused"),
          (caught) => caught,
        );
        return { error, log: await own.serverLog() };
      } finally {
        await own.close();
      }
    }

    test("url_and_form (the default) declares form and URL mode to the server, and answers both", async () => {
      assert.deepEqual(c.forms.clientCapabilities({ sampling: {} }), {
        sampling: {},
        elicitation: { form: {}, url: {} },
      });
      record(c.store, form.fingerprint(BILLING), "accept", undefined, "connect_account");
      c.store.recordConsent(
        urlForm.recordUrlConsent({ server: "billing", tool: "connect_account", host: "accounts.example.com" }),
      );
      const received = await c.call("connect_account", { also: "form" });
      assert.deepEqual(Object.keys(received), ["billing", "connect"]);
      assert.deepEqual((await c.serverLog()).created.at(-1).declared, { form: {}, url: {} });
    });

    test("url declares URL mode only; a task's form is refused with the backend's text: nothing taken or sent, the task cancelled", async () => {
      const forms = tasksAdapter.taskForms(c.adapterOptions({ elicitationPolicy: "url" }));
      assert.deepEqual(forms.clientCapabilities(), { elicitation: { url: {} } });
      record(c.store, form.fingerprint(BILLING), "accept");
      const takes = c.store.takes;
      const { error, log } = await withPolicy(forms, "deploy");
      assert.ok(error instanceof tasksAdapter.InputRequiredRoundError, String(error?.stack ?? error));
      assert.equal(
        error.message,
        "MCP server 'billing' sent a form elicitation for tool 'deploy', but this client did not " +
          "declare form mode to it; everruns declares form mode only to servers whose elicitation_policy is url_and_form " +
          `(task '${error.taskId}')`,
      );
      assert.deepEqual([error.key, error.taskCancelled], ["billing", true]);
      assert.deepEqual(log.created.at(-1).declared, { url: {} }, "the server saw URL mode only");
      assert.ok(log.cancels.includes(error.taskId));
      assert.deepEqual(
        log.updates.filter((update) => update.taskId === error.taskId),
        [],
      );
      assert.equal(c.store.takes, takes, "no answer was taken");
      assert.equal(c.store.take("billing", "deploy")?.tool, "deploy", "the answer is still there");
    });

    test("none declares no elicitation; a task's link is refused with the backend's text, the deprecated urlElicitation seam never asked", async () => {
      const seen = [];
      const forms = tasksAdapter.taskForms(
        c.adapterOptions({
          elicitationPolicy: "none",
          urlElicitation: (request) => {
            seen.push(request);
            return { action: "accept" };
          },
        }),
      );
      assert.deepEqual(forms.clientCapabilities({ sampling: {} }), { sampling: {} });
      const consentTakes = c.store.consentTakes;
      const { error, log } = await withPolicy(forms, "connect_account");
      assert.ok(error instanceof tasksAdapter.InputRequiredRoundError, String(error?.stack ?? error));
      assert.equal(
        error.message,
        "MCP server 'billing' sent a URL elicitation for tool 'connect_account', but this host " +
          `declared no elicitation capability and has no way to ask a user (task '${error.taskId}')`,
      );
      assert.deepEqual([error.key, error.taskCancelled], ["connect", true]);
      assert.equal(log.created.at(-1).declared, null, "the server saw no elicitation capability");
      assert.deepEqual(
        log.updates.filter((update) => update.taskId === error.taskId),
        [],
      );
      assert.deepEqual(seen, [], "the seam was not asked");
      assert.equal(c.store.consentTakes, consentTakes, "no consent was taken");
    });
  });
}

// The backend's wait (mcp/tasks.rs await_task): its poll interval bounds,
// its default, its wait limit and its text, its cancel when it stops.
for (const transportName of Object.keys(TRANSPORTS)) {
  describe(`the backend's task wait over ${transportName}`, () => {
    let c;
    before(async () => {
      c = await connect(transportName, undefined);
    });
    after(() => c.close());

    const slow = (pollIntervalMs, more = {}) => {
      const clock = testClock();
      const forms = tasksAdapter.taskForms(c.adapterOptions({ clock, ...more }));
      return {
        clock,
        run: () =>
          c.call("slow", { pollIntervalMs }, forms).then(
            () => assert.fail("slow never ends"),
            (error) => error,
          ),
      };
    };

    test("a server suggesting 0 ms is polled every 250 ms, and asked no sooner than 250 ms after it created the task (real timers)", async () => {
      record(c.store, form.fingerprint(BILLING), "accept");
      const forms = tasksAdapter.taskForms({ serverName: "billing", store: c.store });
      const received = await c.call("deploy", { pollIntervalMs: 0 }, forms);
      assert.equal(received.billing.action, "accept");
      const log = await c.serverLog();
      const created = log.created.at(-1);
      const gets = log.gets.filter((get) => get.taskId === created.taskId);
      // Each poll of a task still running; the last get is ext-tasks' read of the finished task's result.
      const polls = gets.filter(
        (get, i) => i === 0 || !["completed", "failed", "cancelled"].includes(gets[i - 1].status),
      );
      assert.ok(polls.length >= LINGERING_POLLS + 2, `polled until it completed (${polls.length} polls)`);
      const gaps = polls.map((get, i) => get.at - (i === 0 ? created.at : polls[i - 1].at));
      assert.ok(
        gaps.every((gap) => gap >= MIN_POLL_GAP_MS),
        `gaps between polls: ${gaps.map(Math.round).join(", ")} ms`,
      );
    });

    test("0 ms is clamped to 250 ms, 60 s to 30 s, and no suggestion is 1 s, on the adapter's clock", async () => {
      for (const [suggested, interval] of [
        [0, 250],
        [60_000, 30_000],
        ["none", 1000],
        [1500, 1500],
      ]) {
        const { clock, run } = slow(suggested, { taskWaitLimitMs: 4 * interval });
        const error = await run();
        assert.ok(error instanceof tasksAdapter.TaskWaitLimitError, String(error?.stack ?? error));
        assert.deepEqual(clock.sleeps, [interval, interval, interval, interval], `pollIntervalMs ${suggested}`);
        const gets = (await c.serverLog()).gets.filter((get) => get.taskId === error.taskId);
        assert.equal(gets.length, 4, "one tasks/get after each sleep");
      }
      assert.equal(tasksAdapter.taskPollInterval({ pollIntervalMs: 86_400_000 }), tasksAdapter.MAX_POLL_INTERVAL_MS);
      assert.equal(tasksAdapter.taskPollInterval({ pollIntervalMs: 1 }), tasksAdapter.MIN_POLL_INTERVAL_MS);
      assert.equal(tasksAdapter.taskPollInterval({}, 2000), 2000);
      assert.equal(tasksAdapter.taskPollInterval({ pollIntervalMs: -5 }), tasksAdapter.DEFAULT_POLL_INTERVAL_MS);
    });

    test("a task still running after 30 minutes is cancelled and the call ends with the backend's text", async () => {
      const { clock, run } = slow(60_000);
      const error = await run();
      assert.ok(error instanceof tasksAdapter.TaskWaitLimitError, String(error?.stack ?? error));
      assert.equal(
        error.message,
        "MCP tool 'slow' on server 'billing' was still running after 30 minutes; Everruns cancelled the task",
      );
      assert.deepEqual([error.waitLimitMs, error.taskCancelled], [30 * 60 * 1000, true]);
      assert.equal(tasksAdapter.TASK_WAIT_LIMIT_MS, 30 * 60 * 1000);
      assert.equal(clock.elapsed, 30 * 60 * 1000, "waited exactly the limit");
      assert.equal(clock.sleeps.length, 60, "60 polls of 30 s");
      const log = await c.serverLog();
      assert.equal(log.gets.filter((get) => get.taskId === error.taskId).length, 60);
      assert.ok(log.cancels.includes(error.taskId), "the server received tasks/cancel");
    });

    test("the last sleep stops at the limit, and the text counts whole minutes as the backend does", async () => {
      const { clock, run } = slow(30_000, { taskWaitLimitMs: 70_000 });
      const error = await run();
      assert.deepEqual(clock.sleeps, [30_000, 30_000, 10_000]);
      assert.equal(
        error.message,
        "MCP tool 'slow' on server 'billing' was still running after 1 minutes; Everruns cancelled the task",
      );
    });

    test("a wait stopped by the host's signal cancels the task", async () => {
      const stop = new AbortController();
      const clock = testClock();
      const sleep = clock.sleep;
      clock.sleep = (ms, signal) => {
        if (clock.sleeps.length === 2) stop.abort(new Error("the turn was cancelled"));
        return sleep(ms, signal);
      };
      const forms = tasksAdapter.taskForms(c.adapterOptions({ clock }));
      const error = await forms
        .callTool(c.session, "slow", {}, { task: { preference: "require" }, signal: stop.signal })
        .then(
          () => assert.fail("aborted"),
          (caught) => caught,
        );
      assert.equal(error.message, "the turn was cancelled");
      const log = await c.serverLog();
      assert.ok(log.cancels.includes(log.created.at(-1).taskId), "the server received tasks/cancel");
    });
  });
}

test("the adapter hands out elicit-form-mcp-core's one copy of the shared names, and checks its options", () => {
  for (const name of [
    "FormElicitationPendingError",
    "InputRequiredRoundError",
    "MemoryFormAnswers",
    "UrlElicitationPendingError",
  ]) {
    assert.equal(tasksAdapter[name], core[name], name);
  }
  assert.ok(
    new tasksAdapter.TaskFormPendingError({ summary: "s" }, { taskId: "t", key: "k" }) instanceof
      core.FormElicitationPendingError,
  );
  const link = new tasksAdapter.TaskUrlPendingError({ summary: "s" }, { taskId: "t", key: "k" });
  assert.ok(link instanceof core.UrlElicitationPendingError);
  assert.deepEqual([link.taskId, link.key, link.name], ["t", "k", "UrlElicitationPendingError"]);
  assert.throws(
    () => tasksAdapter.taskForms({ serverName: "s", store: new core.MemoryFormAnswers(), onUrlPending: "log" }),
    /onUrlPending must be a function/,
  );
  assert.throws(() => tasksAdapter.taskForms({ store: new core.MemoryFormAnswers() }), TypeError);
  assert.throws(
    () => tasksAdapter.taskForms({ serverName: "s", store: new core.MemoryFormAnswers(), urlElicitation: "open" }),
    /urlElicitation must be a function/,
  );
  const store = new core.MemoryFormAnswers();
  assert.throws(
    () => tasksAdapter.taskForms({ serverName: "s", store, keepTaskOpen: "yes" }),
    /keepTaskOpen must be true or false/,
  );
  assert.throws(
    () => tasksAdapter.taskForms({ serverName: "s", store, elicitationPolicy: "form" }),
    /elicitationPolicy must be "url", "url_and_form" or "none"/,
  );
  for (const taskWaitLimitMs of [0, -1, Infinity, "30m"]) {
    assert.throws(
      () => tasksAdapter.taskForms({ serverName: "s", store, taskWaitLimitMs }),
      /taskWaitLimitMs must be a positive number/,
    );
  }
  assert.throws(
    () => tasksAdapter.taskForms({ serverName: "s", store, clock: { now: () => 0 } }),
    /clock must have now\(\)/,
  );
  const forms = tasksAdapter.taskForms({ serverName: "s", store });
  return assert.rejects(
    forms.runTask(
      {
        cancel() {
          throw new Error("a host's mistake must not cancel the task");
        },
      },
      {},
    ),
    /toolName must be the name of the tool/,
  );
});

test("examples/mcp-tasks/deploy.mjs: parks on the task's form, records, resumes; the server receives the backend's content", async () => {
  const lines = await runExample("mcp-tasks/deploy.mjs", [process.execPath, SERVER_SCRIPT, "stdio"]);
  assert.equal(lines[0], "MCP server 'billing' has questions for you before tool 'deploy' can run (input billing)");
  assert.deepEqual(JSON.parse(lines[1]).received, {
    billing: { action: "accept", content: { email: "ada@example.com", notify: false, plan: "team", seats: 12 } },
  });
});

test("docs/mcp-tasks.md shows the example as it is run", () => {
  const guide = readFileSync(resolve(here, "..", "..", "docs", "mcp-tasks.md"), "utf8");
  const text = readFileSync(resolve(here, "..", "..", "examples", "mcp-tasks", "deploy.mjs"), "utf8");
  assert.ok(
    guide.includes(`\`\`\`js file=examples/mcp-tasks/deploy.mjs\n${text}\`\`\``),
    "docs/mcp-tasks.md does not show examples/mcp-tasks/deploy.mjs verbatim",
  );
});
