// `elicit-form check`: the package's command-line checker (pkg/cli.js, built
// from pkg-template/cli.js), on good and refused requests, with the exit codes
// a CI reads. Runs pkg/cli.js with node, and the installed package's bin when
// the packed package declares one.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import { form } from "./scratch/modules.mjs";
import { BILLING } from "./support.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const cli = resolve(here, "..", "..", "pkg", "cli.js");
const scratch = join(here, "scratch");
const dir = mkdtempSync(join(tmpdir(), "elicit-form-cli-"));
after(() => rmSync(dir, { recursive: true, force: true }));

function file(name, contents) {
  const path = join(dir, name);
  writeFileSync(path, typeof contents === "string" ? contents : JSON.stringify(contents, null, 2));
  return path;
}

function run(args, { input, command = [process.execPath, cli] } = {}) {
  const [program, ...prefix] = command;
  const done = spawnSync(program, [...prefix, ...args], { input: input ?? "", encoding: "utf8", cwd: dir });
  return { code: done.status, stdout: done.stdout, stderr: done.stderr };
}

const PARAMS = { message: "Pick a plan", requestedSchema: BILLING };
const RPC = { jsonrpc: "2.0", id: 7, method: "elicitation/create", params: PARAMS };
const CREDENTIAL = { type: "object", properties: { apiKey: { type: "string" }, region: { type: "string" } } };
const CREDENTIAL_TEXT = "property 'apiKey' asks for a credential; Everruns does not collect credentials "
  + "through form elicitation. The server should use URL mode elicitation instead";

test("a good form: exit 0, the questions under the --server header, and the backend's fingerprint", () => {
  const { code, stdout, stderr } = run(["check", file("billing-rpc.json", RPC), "--server", "billing"]);
  assert.equal(code, 0, stderr);
  assert.match(stdout, /^ok: the form would be shown \(4 questions\)\n/);
  assert.match(stdout, new RegExp(`\nfingerprint: ${form.fingerprint(BILLING)}\n`));
  assert.match(stdout, /\nmessage: Pick a plan\n/);
  assert.match(stdout, /\n\[billing\] Plan: Which plan to buy\n {2}id plan, choice, required\n {2}\( \) Pro {2}\(sends "pro"\)\n {2}\( \) Team {2}\(sends "team"\)\n/);
  assert.match(stdout, /\n\[billing\] Seats \(a whole number from 1 to 50\)\n {2}id seats, text, required\n/);
  assert.match(stdout, /\n\[billing\] Notify me\n {2}id notify, choice, required\n {2}\( \) Yes \(default\)\n {2}\( \) No\n/);
});

test("--json: the backend's questions exactly, the fingerprint and the required ids", () => {
  const { code, stdout } = run(["check", "--json", "--server=billing", file("billing-params.json", PARAMS)]);
  assert.equal(code, 0);
  assert.deepEqual(JSON.parse(stdout), {
    ok: true, server: "billing", fingerprint: form.fingerprint(BILLING), message: "Pick a plan",
    // Every property: the backend profile needs an answer to each, whatever the schema's `required` says.
    required: ["email", "notify", "plan", "seats"], questions: form.questions(BILLING, "billing"),
  });
});

test("the bare schema, the elicitation/create params and the JSON-RPC request give the same answer, from a file or stdin", () => {
  const outputs = [
    run(["check", "--json", file("billing.json", BILLING)]),
    run(["check", "--json", file("billing-params.json", PARAMS)]),
    run(["check", "--json", "-"], { input: JSON.stringify(RPC) }),
    run(["check", "--json"], { input: JSON.stringify(RPC) }),
  ];
  for (const output of outputs) assert.equal(output.code, 0, output.stderr);
  const [bare, ...rest] = outputs.map((o) => JSON.parse(o.stdout));
  assert.equal(bare.message, null);
  assert.equal(bare.server, "server", "the default header");
  for (const other of rest) assert.deepEqual({ ...other, message: null }, bare);
});

test("a bare schema file is read as its own text: -0.0 keeps the backend's fingerprint", () => {
  const text = '{"type":"object","properties":{"n":{"type":"number","minimum":-0.0}}}';
  const { code, stdout } = run(["check", "--json", file("negative-zero.json", text)]);
  assert.equal(code, 0);
  assert.equal(JSON.parse(stdout).fingerprint, form.fingerprint(text));
  assert.notEqual(form.fingerprint(text), form.fingerprint(JSON.parse(text)), "JSON.parse would have lost the sign");
});

test("a credential: exit 1 with the backend's refusal, as text and as JSON", () => {
  const path = file("credential.json", { message: "Connect", requestedSchema: CREDENTIAL });
  const plain = run(["check", path]);
  assert.equal(plain.code, 1);
  assert.equal(plain.stdout, `refused (credential, property apiKey): ${CREDENTIAL_TEXT}\n`);
  const json = run(["check", path, "--json"]);
  assert.equal(json.code, 1);
  assert.deepEqual(JSON.parse(json.stdout), {
    ok: false, refusal: { kind: "credential", property: "apiKey", reason: null, message: CREDENTIAL_TEXT },
  });
});

test("out of profile, not an object, over a bound, a message too long: exit 1 naming why", () => {
  const cases = [
    [{ type: "object", properties: { tags: { type: "array", items: { type: "string" } } } },
      "outOfProfile", "tags", "property 'tags' is outside the form elicitation profile: type \"array\" is not a primitive"],
    [[], "schema", null, "requested schema is not an object"],
    [{ type: "object", properties: Object.fromEntries([...Array(17).keys()].map((i) => [`p${i}`, { type: "string" }])) },
      "schema", null, "requested schema asks for 17 properties; at most 16 are accepted"],
    [{ message: "x".repeat(2001), requestedSchema: BILLING }, "message", null, "elicitation message is longer than 2000 characters"],
  ];
  for (const [input, kind, property, message] of cases) {
    const { code, stdout } = run(["check", "--json", "-"], { input: JSON.stringify(input) });
    assert.equal(code, 1, stdout);
    const { refusal } = JSON.parse(stdout);
    assert.deepEqual([refusal.kind, refusal.property, refusal.message], [kind, property, message]);
  }
});

test("usage, unreadable files, invalid JSON and requests that are not forms: exit 2", () => {
  const cases = [
    [["check", join(dir, "missing.json")], "", /cannot read .*missing\.json/],
    [["check", "-"], "{ not json", /invalid JSON/],
    [["check"], "", /invalid JSON/],
    [["check", "--server"], "", /--server needs a name/],
    [["check", "--colour"], "", /unknown option: --colour/],
    [["check", "a.json", "b.json"], "", /one file at a time/],
    [["verify"], "", /unknown command: verify/],
    [[], "", /missing command/],
    [["check", "-"], JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: {} }), /"tools\/call" request, not elicitation\/create/],
    [["check", "-"], JSON.stringify({ mode: "url", message: "m", requestedSchema: BILLING }), /mode "url", not a form/],
    [["check", "-"], JSON.stringify({ requestedSchema: BILLING }), /message is not a string/],
  ];
  for (const [args, input, pattern] of cases) {
    const { code, stderr, stdout } = run(args, { input });
    assert.equal(code, 2, `${args.join(" ")}: ${stdout}`);
    assert.match(stderr, pattern);
  }
  const json = run(["check", "--json", "-"], { input: "[" });
  assert.equal(json.code, 2);
  assert.match(JSON.parse(json.stdout).error, /^invalid JSON/);
  const help = run(["--help"]);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^Usage: elicit-form check \[FILE \| -\] \[--server NAME\] \[--json\]/);
});

const installed = JSON.parse(readFileSync(join(scratch, "node_modules", "elicit-form", "package.json"), "utf8"));
const bin = join(scratch, "node_modules", ".bin", "elicit-form");
test("npx elicit-form check, from the installed package", {
  skip: installed.bin === undefined && "the packed package declares no bin yet (pkg-template/package.json)",
}, () => {
  assert.ok(existsSync(bin));
  const good = run(["check", file("billing-bin.json", RPC)], { command: [bin] });
  assert.equal(good.code, 0, good.stderr);
  const refused = run(["check", "-"], { command: [bin], input: JSON.stringify(CREDENTIAL) });
  assert.equal(refused.code, 1);
  const npx = spawnSync("npx", ["--no-install", "elicit-form", "check", "--json", "-"],
    { cwd: scratch, input: JSON.stringify(BILLING), encoding: "utf8" });
  assert.equal(npx.status, 0, npx.stderr);
  assert.equal(JSON.parse(npx.stdout).fingerprint, form.fingerprint(BILLING));
});
