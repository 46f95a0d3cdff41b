// examples/agents-worker in workerd (Miniflare): a Cloudflare `agents` Agent
// whose MCPClientManager answers forms through elicit-form
// (configureElicitationHandlers({ form })), with answers in the Agent's own
// Durable Object storage. Bundled as wrangler bundles it (esbuild; node
// built-ins left to nodejs_compat). The MCP server is the real SDK v2 test
// server (tests/flow/v2-server.mjs) over Streamable HTTP on 127.0.0.1, in
// both eras: the per-request entry (2026-07-28 input_required rounds, which
// agents negotiates) and the sessionful 2025-11-25 entry (pushed forms).
// URL mode (configureElicitationHandlers({ url })) runs against the URL
// tools of tests/flow/url-server.mjs, in the same two eras, plus -32042.

import assert from "node:assert/strict";
import { cpSync, rmSync } from "node:fs";
import { builtinModules, createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { bundleWorker, bundledWorkerOptions } from "../js/bundle-worker.mjs";
import { form, formMcp } from "./scratch/modules.mjs";
import { BILLING, BILLING_QUESTIONS, SEATS_ONLY, billingAnswers } from "./support.mjs";
import { httpServersForSuite } from "./http-servers.mjs";
import { CONNECT, CONNECT_STATE, HOSTILE, REQUIRED, startUrlServers } from "./url-server.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");
const scratch = join(here, "scratch");
const out = join(scratch, "agents-worker");
const SPEC = { profile: "mcp-2026-07-28" };
// The packed elicit-form/url, as a user's require finds it, for the expected views.
const urlRules = createRequire(join(scratch, "package.json"))("elicit-form/url");

// The example is bundled from a copy inside the scratch project, so
// "elicit-form" resolves to the packed tarball installed there (the root's
// node_modules links the workspace's unbuilt pkg-template under that name),
// and agents and the SDK to the root's node_modules further up.
const example = join(scratch, "examples", "agents-worker");
rmSync(example, { recursive: true, force: true });
cpSync(join(root, "examples", "agents-worker", "src"), join(example, "src"), { recursive: true });
const bundled = await bundleWorker(out, {
  entryPoints: [join(example, "src", "index.js")],
  external: ["cloudflare:*", "node:*", ...builtinModules],
});

const endpoint = httpServersForSuite();

function worker(bindings = {}) {
  const mf = new Miniflare(
    bundledWorkerOptions(out, {
      compatibilityDate: "2026-04-20",
      compatibilityFlags: ["nodejs_compat"],
      durableObjects: { FormAgent: { className: "FormAgent", useSQLite: true } },
      bindings,
    }),
  );
  const call = async (method, path, body) => {
    const response = await mf.dispatchFetch(`http://agents.test/agents/form-agent/host/${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) };
    } catch {
      throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
    }
  };
  return { mf, call };
}

test("the bundle took the workerd entries of elicit-form/mcp-2026-07-28 (FORM_PROFILE may name either profile) and elicit-form/url, no other, and the agents package", () => {
  const inputs = Object.keys(bundled.metafile.inputs);
  assert.ok(
    inputs.some((f) => f.endsWith("node_modules/elicit-form/mcp-2026-07-28/workerd.js")),
    inputs.join(", "),
  );
  assert.ok(
    inputs.some((f) => f.endsWith("node_modules/elicit-form/url/workerd.js")),
    inputs.join(", "),
  );
  assert.ok(
    !inputs.some((f) => /node_modules\/elicit-form\/(mcp-2026-07-28\/|url\/)?(node|browser)\.js$/.test(f)),
    "no other entry",
  );
  assert.ok(!inputs.some((f) => f.endsWith("node_modules/elicit-form/workerd.js")), "not the backend-only entry");
  assert.ok(inputs.some((f) => f.includes("node_modules/agents/")));
});

const ERAS = {
  "2026-07-28 (input_required)": () => endpoint("current"),
  "2025-11-25 (pushed elicitation/create)": () => endpoint("legacy"),
};

for (const [era, serverUrl] of Object.entries(ERAS)) {
  describe(`agents MCPClientManager in Miniflare, server ${era}`, () => {
    let w;
    let server;
    const buy = (args) => w.call("POST", "calls", { server, tool: "buy", ...(args ? { arguments: args } : {}) });
    const answer = (fingerprint, action, answers) =>
      w.call("POST", "answers", { server, tool: "buy", fingerprint, action, answers });
    before(async () => {
      w = worker();
      const added = await w.call("POST", "servers", { name: "billing", url: serverUrl() });
      assert.equal(added.status, 201, JSON.stringify(added.body));
      assert.equal(added.body.state, "ready");
      server = added.body.id;
    });
    after(() => w.mf.dispose());

    test("ask -> pending -> record in the Durable Object -> retry: the server gets the backend's content; a second retry asks again", async () => {
      const first = await buy();
      assert.equal(first.status, 202, JSON.stringify(first.body));
      assert.deepEqual(first.body.pending.questions, BILLING_QUESTIONS);
      assert.equal(first.body.pending.fingerprint, form.fingerprint(BILLING));
      assert.equal(first.body.pending.summary, "MCP server 'billing' has questions for you before tool 'buy' can run");
      assert.deepEqual((await w.call("GET", `pending?server=${server}&tool=buy`)).body.pending, first.body.pending);

      assert.equal((await answer(first.body.pending.fingerprint, "accept", billingAnswers)).status, 201);
      const done = await buy();
      assert.equal(done.status, 200, JSON.stringify(done.body));
      assert.deepEqual(JSON.parse(done.body.result.content[0].text).received, {
        action: "accept",
        content: form.contentFromAnswers(BILLING, billingAnswers),
      });
      assert.equal((await buy()).status, 202, "the answer was sent once");
    });

    test("a changed schema is asked again and the old answer is used up; an answer to other questions is refused", async () => {
      assert.equal((await answer(form.fingerprint(BILLING), "accept", billingAnswers)).status, 201);
      const changed = await buy({ variant: "seats-only" });
      assert.equal(changed.status, 202);
      assert.equal(changed.body.pending.fingerprint, form.fingerprint(SEATS_ONLY));
      assert.equal((await answer(form.fingerprint(BILLING), "accept", billingAnswers)).status, 409);
      assert.equal((await buy()).status, 202);
    });

    test("a recorded decline reaches the server as decline", async () => {
      await buy();
      assert.equal((await answer(form.fingerprint(BILLING), "decline")).status, 201);
      const done = await buy();
      assert.deepEqual(JSON.parse(done.body.result.content[0].text).received, { action: "decline" });
    });

    test("a credential form is refused without prompting: 422 with the backend's refusal, nothing pending", async () => {
      const refused = await w.call("POST", "calls", { server, tool: "connect-account" });
      assert.equal(refused.status, 422, JSON.stringify(refused.body));
      assert.deepEqual([refused.body.refused.kind, refused.body.refused.property], ["credential", "apiKey"]);
      assert.match(refused.body.refused.message, /URL mode elicitation instead/);
      assert.equal((await w.call("GET", `pending?server=${server}&tool=connect-account`)).status, 404);
    });

    if (era.startsWith("2026-07-28")) {
      test("a round of two forms is answered not at all: 422 with the backend's text, nothing pending", async () => {
        const ended = await w.call("POST", "calls", { server, tool: "setup" });
        assert.equal(ended.status, 422, JSON.stringify(ended.body));
        assert.deepEqual(ended.body.round.requests, [
          { mode: "form", message: "Which name?" },
          { mode: "form", message: "Which region?" },
        ]);
        assert.match(
          ended.body.round.message,
          /^MCP server '[^']+' sent 2 form elicitations in one round for tool 'setup'; Everruns answers at most one at a time$/,
        );
        assert.equal((await w.call("GET", `pending?server=${server}&tool=setup`)).status, 404);
      });
    }
  });
}

test("with FORM_PROFILE = mcp-2026-07-28: the profile's questions, and a recorded cancel reaches the server as cancel", async () => {
  const w = worker({ FORM_PROFILE: "mcp-2026-07-28" });
  try {
    const added = await w.call("POST", "servers", { name: "billing", url: ERAS["2026-07-28 (input_required)"]() });
    const server = added.body.id;
    const first = await w.call("POST", "calls", { server, tool: "buy" });
    assert.equal(first.status, 202);
    assert.deepEqual(first.body.pending.questions, formMcp.questions(BILLING, "billing", SPEC));
    await w.call("POST", "answers", {
      server,
      tool: "buy",
      fingerprint: first.body.pending.fingerprint,
      action: "cancel",
    });
    const done = await w.call("POST", "calls", { server, tool: "buy" });
    assert.deepEqual(JSON.parse(done.body.result.content[0].text).received, { action: "cancel" });
  } finally {
    await w.mf.dispose();
  }
});

// URL mode: the server "accounts" asks a person to open a link.
const urlServers = {};
before(async () => {
  Object.assign(urlServers, await startUrlServers());
});
after(() => urlServers.close());

const URL_ERAS = {
  "2026-07-28 (input_required)": () => urlServers.endpoint("current"),
  "2025-11-25 (pushed elicitation/create)": () => urlServers.endpoint("legacy"),
};

for (const [era, serverUrl] of Object.entries(URL_ERAS)) {
  const legacy = era.startsWith("2025-11-25");
  describe(`agents MCPClientManager in Miniflare, URL mode, server ${era}`, () => {
    let w;
    let server;
    const call = (tool) => w.call("POST", "calls", { server, tool });
    const record = (tool, fingerprint, action) => w.call("POST", "answers", { server, tool, fingerprint, action });
    const received = (done) => JSON.parse(done.body.result.content[0].text);
    // The view elicit-form/url gives for CONNECT under the configured name "accounts".
    const connectView = () => urlRules.urlElicitation({ mode: "url", ...CONNECT }, "accounts");
    before(async () => {
      w = worker();
      const added = await w.call("POST", "servers", { name: "accounts", url: serverUrl() });
      assert.equal(added.status, 201, JSON.stringify(added.body));
      assert.equal(added.body.state, "ready");
      server = added.body.id;
    });
    after(() => w.mf.dispose());

    test("the Worker declares elicitation.url (and form) to the server", async () => {
      const reported = await call("capabilities");
      assert.equal(reported.status, 200, JSON.stringify(reported.body));
      assert.deepEqual(received(reported).capabilities.elicitation, { form: {}, url: {} });
    });

    test('a server added with elicitationPolicy "url" is declared URL mode only; an unknown policy is refused (400)', async () => {
      const added = await w.call("POST", "servers", {
        name: "accounts-url",
        url: serverUrl(),
        elicitationPolicy: "url",
      });
      assert.equal(added.status, 201, JSON.stringify(added.body));
      const reported = await w.call("POST", "calls", { server: added.body.id, tool: "capabilities" });
      assert.equal(reported.status, 200, JSON.stringify(reported.body));
      assert.deepEqual(received(reported).capabilities.elicitation, { url: {} });
      assert.equal(
        (await w.call("POST", "servers", { name: "x", url: serverUrl(), elicitationPolicy: "everything" })).status,
        400,
      );
    });

    test("a link parks the call: 202 with the consent view (the configured name as header, site, exact url, fingerprint, warnings), the same from GET pending", async () => {
      const parked = await call("connect_account");
      assert.equal(parked.status, 202, JSON.stringify(parked.body));
      assert.equal(parked.body.mode, "url");
      const { view, summary } = parked.body.pending;
      assert.equal(
        summary,
        "MCP server 'accounts' needs you to complete an interaction at login.accounts.example.com before tool 'connect_account' can run",
      );
      assert.equal(view.header, "accounts");
      assert.equal(view.url, CONNECT.url);
      assert.equal(view.site, "example.com");
      assert.deepEqual(
        view.warnings.map((warning) => warning.kind),
        ["port"],
      );
      assert.equal(view.fingerprint, connectView().fingerprint);
      if (legacy) assert.match(view.elicitationId, /^[0-9a-f-]{36}$/, "the shim's minted elicitationId");
      assert.deepEqual({ ...view, elicitationId: null }, connectView());
      assert.deepEqual((await w.call("GET", `pending?server=${server}&tool=connect_account`)).body, parked.body);
    });

    test("an accept records the backend's StoredConsent for the host the person saw, sent once as accept (with its requestState); the next call parks again", async () => {
      const parked = await call("connect_account");
      assert.equal(parked.status, 202);
      const recorded = await record("connect_account", parked.body.pending.view.fingerprint, "accept");
      assert.equal(recorded.status, 201, JSON.stringify(recorded.body));
      const { expires_at: expiresAt, ...consent } = recorded.body.record;
      assert.deepEqual(consent, { server: "accounts", tool: "connect_account", host: "login.accounts.example.com" });
      assert.match(expiresAt, /^\d{4}-\d\d-\d\dT/);
      const done = await call("connect_account");
      assert.equal(done.status, 200, JSON.stringify(done.body));
      assert.deepEqual(received(done), { received: { action: "accept" }, state: CONNECT_STATE });
      assert.equal(
        (await w.call("GET", `pending?server=${server}&tool=connect_account`)).status,
        404,
        "answered, so nothing pending",
      );
      assert.equal((await call("connect_account")).status, 202, "the record was used once");
    });

    for (const action of ["decline", "cancel"]) {
      test(`a ${action} records nothing: the link stays pending and the next call parks again, nothing sent`, async () => {
        const parked = await call("connect_account");
        const answered = await record("connect_account", parked.body.pending.view.fingerprint, action);
        assert.deepEqual([answered.status, answered.body], [200, { record: null }]);
        const again = await call("connect_account");
        assert.equal(again.status, 202, JSON.stringify(again.body));
        assert.deepEqual(
          [again.body.mode, again.body.pending.url, again.body.pending.summary],
          [parked.body.mode, parked.body.pending.url, parked.body.pending.summary],
        );
      });
    }

    test("an answer for another link's fingerprint is refused (409) and the link stays pending", async () => {
      const parked = await call("connect_account");
      const other = urlRules.urlElicitation(
        { mode: "url", ...CONNECT, url: "https://accounts.example.com/other" },
        "accounts",
      );
      assert.equal((await record("connect_account", other.fingerprint, "accept")).status, 409);
      assert.deepEqual((await w.call("GET", `pending?server=${server}&tool=connect_account`)).body, parked.body);
    });

    test("a link that reads as another site's is refused without asking: 422 with the UrlRefusalError's kind and message, nothing pending", async () => {
      const refused = await call("hostile_link");
      assert.equal(refused.status, 422, JSON.stringify(refused.body));
      assert.equal(refused.body.mode, "url");
      assert.equal(refused.body.refused.kind, "userInfo");
      assert.throws(
        () => urlRules.urlElicitation({ mode: "url", ...HOSTILE }, "accounts"),
        (error) => error.message === refused.body.refused.message,
      );
      assert.equal((await w.call("GET", `pending?server=${server}&tool=hostile_link`)).status, 404);
    });

    if (!legacy) {
      test("-32042 thrown on a 2026-07-28 request is the server SDK's internal error, not a link: the call fails, nothing parked", async () => {
        const response = await w.mf.dispatchFetch("http://agents.test/agents/form-agent/host/calls", {
          method: "POST",
          body: JSON.stringify({ server, tool: "connect_required" }),
        });
        assert.equal(response.status, 500);
        assert.match(
          await response.text(),
          /URL elicitation cannot be signalled by throwing UrlElicitationRequiredError/,
        );
        assert.equal((await w.call("GET", `pending?server=${server}&tool=connect_required`)).status, 404);
      });
      test("a round asking a link and a form is answered (the backend answers one form and any links): each parks in turn until recorded, then both are sent", async () => {
        const tool = "connect_and_name";
        const recordLink = async () => {
          const parked = await call(tool);
          assert.equal(parked.status, 202, JSON.stringify(parked.body));
          assert.equal(parked.body.mode, "url", "the link comes first in the round");
          assert.equal((await record(tool, parked.body.pending.view.fingerprint, "accept")).status, 201);
        };
        await recordLink();
        // The link is answered from its record, then the form parks: nothing is sent, and the link's record was used (as the backend's take is).
        const form = await call(tool);
        assert.equal(form.status, 202, JSON.stringify(form.body));
        assert.equal(form.body.mode, "form");
        const answered = await w.call("POST", "answers", {
          server,
          tool,
          fingerprint: form.body.pending.fingerprint,
          action: "accept",
          answers: { name: { selected: [], other_text: "Ada" } },
        });
        assert.equal(answered.status, 201, JSON.stringify(answered.body));
        await recordLink();
        const done = await call(tool);
        assert.equal(done.status, 200, JSON.stringify(done.body));
        assert.deepEqual(received(done).received, {
          connect: { action: "accept" },
          name: { action: "accept", content: { name: "Ada" } },
        });
      });
    } else {
      test("-32042 (URL elicitation required): 202 with the link's consent view, its elicitationId kept; nothing is sent, and the retry is a new call", async () => {
        const parked = await call("connect_required");
        assert.equal(parked.status, 202, JSON.stringify(parked.body));
        assert.equal(parked.body.mode, "url");
        assert.deepEqual(parked.body.pending.view, urlRules.urlElicitation({ mode: "url", ...REQUIRED }, "accounts"));
        assert.equal(parked.body.pending.view.elicitationId, REQUIRED.elicitationId);
        assert.equal((await record("connect_required", parked.body.pending.view.fingerprint, "accept")).status, 201);
        assert.equal(
          (await call("connect_required")).status,
          202,
          "the server still requires the link; the Worker asks again",
        );
      });

      test("-32042 with two links parks both (nothing is recorded or sent for them): pending is the first, pendings each; either may be answered", async () => {
        const parked = await call("connect_required_twice");
        assert.equal(parked.status, 202, JSON.stringify(parked.body));
        assert.deepEqual(
          parked.body.pendings.map(({ view }) => view.url),
          [REQUIRED.url, CONNECT.url],
        );
        assert.deepEqual(parked.body.pending, parked.body.pendings[0]);
        assert.equal(parked.body.pendings[1].view.elicitationId, "second");
        assert.deepEqual(
          (await w.call("GET", `pending?server=${server}&tool=connect_required_twice`)).body,
          parked.body,
        );
        assert.equal(
          (await record("connect_required_twice", parked.body.pendings[1].view.fingerprint, "accept")).status,
          201,
        );
      });
    }
  });
}
