// The glue wasm-bindgen writes (with its reset function, which core.js's
// memory bound uses) as the packed package ships it, in Node: each way of loading the .wasm that `init` and
// `initSync` take, on a fresh copy of the glue module (a query string makes
// each import a module of its own); the instance in place once loaded;
// its reset giving a fresh memory; and texts of every size and kind
// crossing both ways unchanged. The entries' own loading is in node.test.mjs,
// browser.test.mjs, workerd.test.mjs and deno-bun.test.mjs.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { inboxed as inboxedIn } from "./inbox.mjs";

const installed = new URL("./scratch/node_modules/elicit-form/", import.meta.url);
const glueUrl = new URL("elicit_form.js", installed);
const bytes = readFileSync(new URL("elicit_form_bg.wasm", installed));
const SCHEMA = '{"type":"object","properties":{"seats":{"type":"integer","minimum":1,"maximum":50}}}';

let copies = 0;
/** A glue module with no instance yet. */
const freshGlue = () => import(`${glueUrl.href}?copy=${(copies += 1)}`);

/** `texts` in the inbox of `glue`, whose instance is `exports`. */
const inboxed = (glue, exports, ...texts) => inboxedIn(glue, exports.memory, ...texts);

// The wasm's own answer for SCHEMA, to compare every way of loading with.
const reference = await freshGlue();
const referenceExports = reference.initSync({ module: bytes });
const expected = JSON.parse(reference.fingerprint(...inboxed(reference, referenceExports, SCHEMA)));

async function loadsWith(what, load) {
  const glue = await freshGlue();
  const exports = await load(glue);
  assert.ok(exports.memory instanceof WebAssembly.Memory, `${what}: gives the exports`);
  assert.deepEqual(
    JSON.parse(glue.fingerprint(...inboxed(glue, exports, SCHEMA))),
    expected,
    `${what}: the fingerprint`,
  );
  assert.equal(glue.initSync({ module: new Uint8Array(0) }), exports, `${what}: the instance stays once loaded`);
  assert.equal(
    await glue.default({ module_or_path: "/nowhere.wasm" }),
    exports,
    `${what}: init is a no-op once loaded`,
  );
}

const wasmResponse = (headers) => new Response(bytes, { headers });

test("init loads from bytes, an ArrayBuffer, a WebAssembly.Module, a Response (streamed, or as bytes without application/wasm) and promises of them", async () => {
  assert.ok(expected.ok.length === 64, JSON.stringify(expected));
  await loadsWith("bytes", (glue) => glue.default({ module_or_path: bytes }));
  await loadsWith("an ArrayBuffer", (glue) =>
    glue.default({ module_or_path: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) }),
  );
  await loadsWith("a Module", (glue) => glue.default({ module_or_path: new WebAssembly.Module(bytes) }));
  await loadsWith("a Response with application/wasm", (glue) =>
    glue.default({ module_or_path: wasmResponse({ "Content-Type": "application/wasm" }) }),
  );
  await loadsWith("a Response without a type", (glue) => glue.default({ module_or_path: wasmResponse({}) }));
  await loadsWith("a promise of a Response", (glue) =>
    glue.default({ module_or_path: Promise.resolve(wasmResponse({ "Content-Type": "application/wasm" })) }),
  );
  await loadsWith("initSync with bytes", (glue) => glue.initSync({ module: bytes }));
  await loadsWith("initSync with a Module", (glue) => glue.initSync({ module: new WebAssembly.Module(bytes) }));
});

test("a failed fetch is an error naming its status, and a later init still loads", async () => {
  const glue = await freshGlue();
  const failed = new Response("gone", { status: 404, statusText: "Not Found" });
  await assert.rejects(glue.default({ module_or_path: failed }), /failed to fetch Wasm: 404 Not Found/);
  await assert.rejects(glue.default({ module_or_path: new Uint8Array([0, 1, 2]) }), WebAssembly.CompileError);
  const exports = await glue.default({ module_or_path: bytes });
  assert.ok(exports.memory instanceof WebAssembly.Memory);
});

test("two inits at once load one instance", async () => {
  const glue = await freshGlue();
  const [first, second] = await Promise.all([
    glue.default({ module_or_path: bytes }),
    glue.default({ module_or_path: bytes }),
  ]);
  assert.equal(first, second);
});

test("the reset gives a fresh instance of the same module, which the glue then uses and initSync gives", async () => {
  const glue = await freshGlue();
  const first = glue.initSync({ module: bytes });
  const answers = JSON.stringify({ seats: { other_text: "7".repeat(16 << 20) } });
  glue.content_from_answers(...inboxed(glue, first, SCHEMA, answers));
  assert.ok(first.memory.buffer.byteLength > 16 << 20, "a 16 MiB answer grew the memory");
  glue.__wbg_reset_state();
  const fresh = glue.initSync();
  assert.notEqual(fresh, first);
  assert.ok(fresh.memory.buffer.byteLength < 2 << 20, `fresh memory: ${fresh.memory.buffer.byteLength} bytes`);
  assert.equal(glue.initSync({ module: bytes }), fresh);
  assert.deepEqual(JSON.parse(glue.fingerprint(...inboxed(glue, fresh, SCHEMA))), expected);
});

test("texts cross unchanged both ways: ASCII, 2-, 3- and 4-byte characters, mixed after a long ASCII run, and large", async () => {
  const glue = await freshGlue();
  const exports = glue.initSync({ module: bytes });
  // The JSON texts through the package's own way in (core.js's `textsIn`:
  // room for an ASCII text first, then for the rest of any other), both
  // texts of one call in the inbox.
  const { contentFromAnswers } = await import(new URL("node.js", installed).href);
  const schema = { type: "object", properties: { note: { type: "string" }, other: { type: "string", title: "é😀" } } };
  for (const text of [
    "plain",
    "é",
    "€uro",
    "😀",
    `${"a".repeat(100000)}é😀€`,
    "ü".repeat(1 << 20),
    "x".repeat(8 << 20),
  ]) {
    const content = contentFromAnswers(schema, { note: { other_text: text }, other: { other_text: `${text}€` } });
    assert.equal(content.note, text, `a text of ${text.length} units`);
    assert.equal(content.other, `${text}€`, `a text of ${text.length} units after another`);
  }
  // The texts that are not JSON (names, keys, the credential check), and an empty one.
  // (The key keeps [A-Za-z0-9._-] and writes _ for any other character: one
  // for the 4-byte one too, so it reached Rust as one character.)
  assert.equal(glue.form_answer_storage_key("sérvér 😀", ""), "mcp/elicitation-form/s_rv_r__/", "an empty text too");
  assert.equal(glue.names_a_credential("äpiKey"), false);
  assert.equal(glue.names_a_credential("apiKey"), true);
  // An absent optional text (undefined or null) is the backend's profile; a
  // present one is read, here refused by the wasm with its own words.
  assert.deepEqual(JSON.parse(glue.fingerprint(...inboxed(glue, exports, SCHEMA), null)), expected);
  assert.match(JSON.parse(glue.fingerprint(...inboxed(glue, exports, SCHEMA), "nope")).type, /^options\.profile: /);
  // Lengths past what was written are the wasm's TypeError, not a read past the texts.
  const [written] = inboxed(glue, exports, SCHEMA);
  assert.match(JSON.parse(glue.fingerprint(written + (4 << 20))).type, /were not written to the inbox as UTF-8/);
  assert.deepEqual(JSON.parse(glue.fingerprint(written)), expected, "and the module still answers");
});

test("now: a Date, milliseconds, RFC 3339 text, nothing (the clock) or anything else (the wasm's TypeError)", async () => {
  // core.js turns `now` into the kind, milliseconds and text the export takes.
  const { recordFormAnswer } = await import(new URL("node.js", installed).href);
  const request = { server: "s", tool: "t", fingerprint: "f", action: "decline" };
  const expires = (now) => recordFormAnswer({ ...request, now }).expires_at;
  assert.equal(expires(new Date(1000)), "1970-01-01T00:30:01Z");
  assert.equal(expires(1000), "1970-01-01T00:30:01Z");
  assert.equal(expires("2026-01-02T03:04:05Z"), "2026-01-02T03:34:05Z");
  for (const none of [undefined, null]) {
    const at = Date.parse(expires(none)) - 30 * 60 * 1000;
    assert.ok(Math.abs(at - Date.now()) < 60000, `${none}: the clock's time`);
  }
  for (const other of [true, {}, [], 1n, Symbol("now")]) {
    assert.throws(() => expires(other), {
      name: "TypeError",
      message: /^now must be a Date, milliseconds since the epoch, or RFC 3339 text$/,
    });
  }
  assert.throws(() => expires(new Date(Number.NaN)), { name: "TypeError", message: /^now is not a usable time: / });
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  assert.throws(() => expires(revoked.proxy), { name: "TypeError", message: /^now must be/ });
});
