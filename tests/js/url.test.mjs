// elicit-form/url through the packed package (tests/js/prepare.mjs installs
// it in the scratch project): the hostile-URL suite (tests/data/url-suite.json,
// the same cases crates/wasm/tests/url_mode.rs runs natively and crates/wasm/tests/wasm.rs in wasm),
// the backend's consent record, key and decision (and records the backend
// wrote, tests/data/backend-consents.json), the errors, and what the entry loads:
// its own wasm, with the URL exports and none of the forms'.

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test } from "node:test";

const scratch = new URL("./scratch/", import.meta.url);
const suite = JSON.parse(readFileSync(new URL("../data/url-suite.json", import.meta.url), "utf8"));
const esm = await import(new URL("esm-url.mjs", scratch));
const requireFromScratch = createRequire(new URL("package.json", scratch));
const cjs = requireFromScratch("elicit-form/url");
const installed = new URL("node_modules/elicit-form/", scratch);

// The fingerprint's documented input (src/url_mode/view.rs), computed here
// with node:crypto, not with the package.
const fingerprintOf = (url, message) =>
  createHash("sha256").update(`elicit-form url-mode 1\0${url}\0${message}`).digest("hex");

function paramsOf(testCase) {
  const message = testCase.message ?? suite.message;
  return testCase.params ?? { mode: "url", message, url: testCase.url };
}

for (const [how, api] of [
  ["import", esm],
  ["require", cjs],
]) {
  test(`${how}: the hostile-URL suite (${suite.cases.length} cases)`, () => {
    assert.ok(suite.cases.length >= 60);
    for (const testCase of suite.cases) {
      const params = paramsOf(testCase);
      const name = `${testCase.class}: ${JSON.stringify(params)}`;
      if (testCase.refused !== undefined) {
        assert.throws(
          () => api.urlElicitation(params, suite.serverName),
          (error) => {
            assert.ok(error instanceof api.UrlRefusalError, name);
            assert.equal(error.name, "UrlRefusalError");
            assert.equal(error.kind, testCase.refused, `${name}: ${error.message}`);
            assert.ok(error.message.length > 0);
            return true;
          },
          name,
        );
        continue;
      }
      const view = api.urlElicitation(params, suite.serverName);
      if (testCase.view === null) {
        assert.match(view.displayHost, /^[\x21-\x7e]+$/, name);
        assert.equal(view.displayHost, view.host, name);
      } else {
        for (const [key, value] of Object.entries(testCase.view)) assert.equal(view[key], value, `${name}: ${key}`);
      }
      assert.deepEqual(
        view.warnings.map((warning) => warning.kind),
        testCase.warnings,
        name,
      );
      assert.ok(view.warnings.every((warning) => typeof warning.message === "string" && warning.message.length > 0));
      assert.equal(view.mode, "url");
      assert.equal(view.header, suite.serverName);
      assert.equal(view.fingerprint, fingerprintOf(view.url, view.message), name);
      assert.equal(view.elicitationId, testCase.elicitationId ?? null, name);
      const bare = view.displayHost.replace(/\.$/, "");
      assert.ok(bare === view.site || bare.endsWith(`.${view.site}`), `${name}: site ${view.site}`);
    }
  });
}

test("a params object and its JSON text give the same view", () => {
  const params = { mode: "url", message: "Sign in", url: "https://login.example.com/" };
  assert.deepEqual(esm.urlElicitation(JSON.stringify(params), "calendar"), esm.urlElicitation(params, "calendar"));
});

// Consents the backend's own `StoredConsent::new` wrote (both releases), kept
// equal to its output by crates/wasm/tests/url_mode.rs.
const backendConsents = JSON.parse(readFileSync(new URL("../data/backend-consents.json", import.meta.url), "utf8"));

test("consents: the backend's record and key, accepted once for the same server, tool and host, for 30 minutes", () => {
  const params = { mode: "url", message: "Connect your calendar", url: "https://accounts.example.com/oauth" };
  const now = Date.parse("2026-12-03T12:00:00Z");
  const elicitation = { serverName: "calendar", toolName: "connect", params };
  assert.equal(esm.consentStorageKey("calendar", "connect"), "mcp/elicitation-consent/calendar/connect");
  const consent = esm.recordUrlConsent({ server: "calendar", tool: "connect", host: "accounts.example.com", now });
  assert.deepEqual(consent, {
    server: "calendar",
    tool: "connect",
    host: "accounts.example.com",
    expires_at: "2026-12-03T12:30:00Z",
  });
  assert.deepEqual(esm.answerUrl(elicitation, consent, now + 60_000), { action: "accept" });
  // The CommonJS copy reads what the ES copy wrote.
  assert.deepEqual(cjs.answerUrl(elicitation, consent, new Date(now)), { action: "accept" });
  assert.equal(esm.answerUrl(elicitation, consent, now + 30 * 60_000).action, "ask");
  for (const other of [
    { server: "calendar", tool: "connect", host: "evil.example" },
    { server: "calendar", tool: "other", host: "accounts.example.com" },
    { server: "mail", tool: "connect", host: "accounts.example.com" },
  ]) {
    assert.equal(
      esm.answerUrl(elicitation, esm.recordUrlConsent({ ...other, now }), now).action,
      "ask",
      JSON.stringify(other),
    );
  }
  const asked = esm.answerUrl(elicitation, null, now);
  assert.equal(asked.action, "ask");
  assert.equal(asked.pending.serverName, "calendar");
  assert.equal(asked.pending.toolName, "connect");
  assert.equal(asked.pending.view.site, "example.com");
  assert.equal(asked.pending.message, "Connect your calendar");
  assert.equal(asked.pending.url, "https://accounts.example.com/oauth");
  assert.equal(asked.pending.host, "accounts.example.com");
  assert.equal(asked.pending.punycode, false);
  assert.equal(
    asked.pending.summary,
    "MCP server 'calendar' needs you to complete an interaction at accounts.example.com before tool 'connect' can run",
  );
  assert.deepEqual(esm.answerUrl(elicitation, undefined, now), asked);
});

test("a URL-mode request with no message is shown the backend's default text", () => {
  const asked = esm.answerUrl(
    { serverName: "s", toolName: "t", params: { mode: "url", url: "https://example.com/" } },
    null,
  );
  const text = "The server needs you to complete an interaction in your browser.";
  assert.equal(asked.pending.message, text);
  assert.equal(asked.pending.view.message, text);
});

test("consents the backend wrote are honoured, and ours are written alike, key and text", () => {
  assert.ok(backendConsents.consents.length >= 4);
  const now = backendConsents.now;
  for (const { server, tool, host, url, key, record } of backendConsents.consents) {
    assert.equal(esm.consentStorageKey(server, tool), key);
    const theirs = JSON.parse(record);
    assert.equal(JSON.stringify(esm.recordUrlConsent({ server, tool, host, now })), record);
    const elicitation = { serverName: server, toolName: tool, params: { mode: "url", message: "m", url } };
    assert.deepEqual(esm.answerUrl(elicitation, theirs, now), { action: "accept" }, record);
    assert.equal(esm.answerUrl(elicitation, theirs, Date.parse(theirs.expires_at)).action, "ask", record);
  }
});

test("argument errors are TypeErrors and the module stays usable", () => {
  assert.throws(() => esm.urlElicitation({ mode: "url", message: "m", url: "https://example.com/" }, 42), TypeError);
  assert.throws(() => esm.consentStorageKey("s", 1), TypeError);
  assert.throws(() => esm.recordUrlConsent({ server: "s", tool: "t" }), /request.host is missing/);
  assert.throws(
    () => esm.recordUrlConsent({ server: "s", tool: "t", host: "h", fingerprint: "f" }),
    /has no member "fingerprint"/,
  );
  assert.throws(() => esm.recordUrlConsent({ server: "s", tool: "t", host: "h", now: {} }), TypeError);
  const elicitation = {
    serverName: "s",
    toolName: "t",
    params: { mode: "url", message: "m", url: "https://example.com/" },
  };
  for (const malformed of [
    { server: "s", tool: "t", expires_at: "2026-12-03T12:30:00Z" },
    { server: "s", tool: "t", host: "example.com", expires_at: "soon" },
    { server: "s", tool: "t", fingerprint: "f", action: "accept", expires_at: "2026-12-03T12:30:00Z" },
    "text",
    [],
  ]) {
    assert.throws(() => esm.answerUrl(elicitation, malformed), TypeError, JSON.stringify(malformed));
  }
  // The link's rules come first: a refused link throws whatever the consent.
  const hostile = { ...elicitation, params: { mode: "url", message: "m", url: "http://127.3.4.5/" } };
  assert.throws(
    () => esm.answerUrl(hostile, { broken: true }),
    (error) => error instanceof esm.UrlRefusalError && error.kind === "plainHttp",
  );
  // Still usable after every error above.
  assert.deepEqual(esm.answerUrl(elicitation, esm.recordUrlConsent({ server: "s", tool: "t", host: "example.com" })), {
    action: "accept",
  });
});

test("params a server sent that are not usable are a UrlRefusalError of kind params, never a TypeError", () => {
  const deep = [];
  let inner = deep;
  for (let depth = 0; depth < 200_000; depth += 1) inner = inner[0] = [];
  const elicitation = (params) => ({ serverName: "calendar", toolName: "connect", params });
  for (const [index, params] of [
    "{",
    '{"mode":"url","message":"Sign in \\ud800","url":"https://example.com/"}',
    `{"mode":"url","message":"Sign in","url":"https://example.com/"${" ".repeat(3)}\ud800}`,
    { mode: "url", message: "Sign in \ud800", url: "https://example.com/" },
    { mode: "url", message: "Sign in", url: "https://example.com/\udc00" },
    { mode: "url", message: "Sign in", url: "https://example.com/", deep },
    {
      mode: "url",
      message: "Sign in",
      url: "https://example.com/",
      x: JSON.parse(`${"[".repeat(1000)}${"]".repeat(1000)}`),
    },
    { mode: "url", message: "Sign in", url: "https://example.com/", n: 1n },
    [],
    null,
  ].entries()) {
    for (const call of [() => esm.urlElicitation(params, "calendar"), () => esm.answerUrl(elicitation(params), null)]) {
      assert.throws(
        call,
        (error) => error instanceof esm.UrlRefusalError && error.kind === "params" && error.message.length > 0,
        `params number ${index}`,
      );
    }
  }
  assert.throws(
    () => esm.urlElicitation(undefined, "calendar"),
    (error) => error instanceof esm.UrlRefusalError && error.kind === "params",
  );
  assert.equal(esm.urlElicitation({ mode: "url", message: "m", url: "https://example.com/" }, "s").site, "example.com");
});

test("the message and the elicitationId are shown as sent: control, bidi, zero-width and separators are refused", () => {
  for (const params of [
    { mode: "url", message: "Sign in\u001b[2J", url: "https://example.com/" },
    { mode: "url", message: "Sign in\nsite: bank.example", url: "https://example.com/" },
    { mode: "url", message: "\u202enigis\u202c", url: "https://example.com/" },
    { mode: "url", message: "Sign\u200bin", url: "https://example.com/" },
    { mode: "url", message: "Sign in\u2029", url: "https://example.com/" },
    { mode: "url", message: "Sign in", url: "https://example.com/", elicitationId: "a\u0007" },
  ]) {
    assert.throws(
      () => esm.urlElicitation(params, "calendar"),
      (error) => error instanceof esm.UrlRefusalError && error.kind === "hiddenText",
      JSON.stringify(params),
    );
  }
  const persian = { mode: "url", message: "می\u200cخواهم وارد شوم ❤️\u200d🔥", url: "https://example.com/" };
  assert.equal(esm.urlElicitation(persian, "calendar").message, persian.message);
});

test("UrlRefusalError is one class across the ES and CommonJS copies", () => {
  let thrown;
  try {
    cjs.urlElicitation({ mode: "url", message: "m", url: "javascript:alert(1)" }, "s");
  } catch (error) {
    thrown = error;
  }
  assert.ok(thrown instanceof esm.UrlRefusalError);
  assert.equal(thrown.kind, "scheme");
});

test("the entry has the URL rules only, in wasm of its own (plain ASCII hosts, and every rule)", () => {
  assert.deepEqual(Object.keys(esm).sort(), [
    "UrlRefusalError",
    "answerUrl",
    "consentStorageKey",
    "init",
    "initSync",
    "loadUnicodeRules",
    "recordUrlConsent",
    "urlElicitation",
  ]);
  for (const file of ["url/elicit_form_url_bg.wasm", "url/elicit_form_url_unicode_bg.wasm"]) {
    const wasm = readFileSync(new URL(file, installed));
    const exports = WebAssembly.Module.exports(new WebAssembly.Module(wasm)).map((entry) => entry.name);
    for (const name of ["url_elicitation", "consent_storage_key", "record_url_consent", "answer_url"]) {
      assert.ok(exports.includes(name), `${file}: ${name}`);
    }
    for (const name of ["parse_requested_schema", "prepare_form", "content_from_answers", "answer_form"]) {
      assert.ok(!exports.includes(name), `${file}: ${name}`);
    }
  }
  // And the form entries have none of the URL rules.
  for (const file of ["elicit_form_bg.wasm", "ui/elicit_form_ui_bg.wasm"]) {
    const formExports = WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(new URL(file, installed)))).map(
      (entry) => entry.name,
    );
    assert.ok(!formExports.includes("url_elicitation"), file);
  }
});
