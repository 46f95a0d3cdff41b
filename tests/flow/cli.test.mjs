// `elicit-form check`: the package's command-line checker (pkg/cli.js, built
// from pkg-template/cli.js), on good and refused requests, forms and URL-mode
// links, with the exit codes a CI reads. Runs pkg/cli.js with node, and the installed package's bin when
// the packed package declares one.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
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
const CREDENTIAL_TEXT =
  "property 'apiKey' asks for a credential; Everruns does not collect credentials " +
  "through form elicitation. The server should use URL mode elicitation instead";

test("a good form: exit 0, the questions under the --server header, and the backend's fingerprint", () => {
  const { code, stdout, stderr } = run(["check", file("billing-rpc.json", RPC), "--server", "billing"]);
  assert.equal(code, 0, stderr);
  assert.match(stdout, /^ok: the form would be shown \(4 questions\)\n/);
  assert.match(stdout, new RegExp(`\nfingerprint: ${form.fingerprint(BILLING)}\n`));
  assert.match(stdout, /\nmessage: Pick a plan\n/);
  assert.match(
    stdout,
    /\n\[billing\] Plan: Which plan to buy\n {2}id plan, choice, required\n {2}\( \) Pro {2}\(sends "pro"\)\n {2}\( \) Team {2}\(sends "team"\)\n/,
  );
  assert.match(stdout, /\n\[billing\] Seats \(a whole number from 1 to 50\)\n {2}id seats, text, required\n/);
  assert.match(
    stdout,
    /\n\[billing\] Notify me\n {2}id notify, choice, required\n {2}\( \) Yes \(default\)\n {2}\( \) No\n/,
  );
});

test("--json: the backend's questions exactly, the fingerprint and the required ids", () => {
  const { code, stdout } = run(["check", "--json", "--server=billing", file("billing-params.json", PARAMS)]);
  assert.equal(code, 0);
  assert.deepEqual(JSON.parse(stdout), {
    ok: true,
    server: "billing",
    fingerprint: form.fingerprint(BILLING),
    message: "Pick a plan",
    // Every property: the backend profile needs an answer to each, whatever the schema's `required` says.
    required: ["email", "notify", "plan", "seats"],
    questions: form.questions(BILLING, "billing"),
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
    ok: false,
    refusal: { kind: "credential", property: "apiKey", reason: null, message: CREDENTIAL_TEXT },
  });
});

test("out of profile, not an object, over a bound, a message too long: exit 1 naming why", () => {
  const cases = [
    [
      { type: "object", properties: { tags: { type: "array", items: { type: "string" } } } },
      "outOfProfile",
      "tags",
      "property 'tags' is outside the form elicitation profile: type \"array\" is not a primitive",
    ],
    [[], "schema", null, "requested schema is not an object"],
    [
      {
        type: "object",
        properties: Object.fromEntries([...Array(17).keys()].map((i) => [`p${i}`, { type: "string" }])),
      },
      "schema",
      null,
      "requested schema asks for 17 properties; at most 16 are accepted",
    ],
    [
      { message: "x".repeat(2001), requestedSchema: BILLING },
      "message",
      null,
      "elicitation message is longer than 2000 characters",
    ],
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
    [
      ["check", "-"],
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: {} }),
      /"tools\/call" request, not elicitation\/create/,
    ],
    [
      ["check", "-"],
      JSON.stringify({ mode: "push", message: "m", requestedSchema: BILLING }),
      /mode "push", not a form or a link \(url\)/,
    ],
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

// URL mode: the link checked by the elicit-form/url entry's rules.

/** The documented fingerprint of a link and its message (docs/url-mode.md). */
function linkFingerprint(url, message) {
  return createHash("sha256").update(`elicit-form url-mode 1\0${url}\0${message}`).digest("hex");
}

const LINK = {
  mode: "url",
  message: "Sign in to connect your calendar",
  url: "https://login.bank.example.evil.example/oauth?state=1",
};

test("a URL-mode link: exit 0 with the site apart from the host, the exact URL and its fingerprint", () => {
  const rpc = { jsonrpc: "2.0", id: 9, method: "elicitation/create", params: { ...LINK, elicitationId: "e-1" } };
  const { code, stdout, stderr } = run(["check", file("link-rpc.json", rpc), "--server", "calendar"]);
  assert.equal(code, 0, stderr);
  assert.equal(
    stdout,
    [
      "ok: the link would be shown",
      "server: calendar",
      "header: calendar",
      `fingerprint: ${linkFingerprint(LINK.url, LINK.message)}`,
      "message: Sign in to connect your calendar",
      "site: evil.example",
      "host: login.bank.example.evil.example",
      "url: https://login.bank.example.evil.example/oauth?state=1",
      "elicitationId: e-1",
      "",
    ].join("\n"),
  );
});

test("a URL-mode link's warnings in words, the ASCII host beside a look-alike, and the same view from params, an entry or stdin", () => {
  const link = { mode: "url", message: "Pay", url: "https://раураl.com:8443/checkout" };
  const { code, stdout } = run(["check", file("lookalike.json", link)]);
  assert.equal(code, 0);
  assert.match(
    stdout,
    /\nsite: xn--l-7sba6dbr\.com\nhost: xn--l-7sba6dbr\.com\nurl: https:\/\/xn--l-7sba6dbr\.com:8443\/checkout\n/,
  );
  assert.match(
    stdout,
    /\nwarning \(lookalikeHost\): the host's name mixes letters of different alphabets, so it could be mistaken for another site's; it is shown in its ASCII form, xn--l-7sba6dbr\.com\n/,
  );
  assert.match(stdout, /\nwarning \(port\): the link goes to port 8443, not the usual one for https\n$/);
  const unicode = run(["check", "-"], { input: JSON.stringify({ ...link, url: "https://bücher.example/" }) });
  assert.match(
    unicode.stdout,
    /\nsite: bücher\.example\nhost: bücher\.example\nhost in ASCII: xn--bcher-kva\.example\n/,
  );

  const outputs = [
    run(["check", "--json", "--server=calendar", file("link.json", LINK)]),
    run(["check", "--json", "--server=calendar", "-"], {
      input: JSON.stringify({ method: "elicitation/create", params: LINK }),
    }),
    run(["check", "--json", "--server", "calendar"], {
      input: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "elicitation/create", params: LINK }),
    }),
  ];
  for (const output of outputs) assert.equal(output.code, 0, output.stderr);
  const [first, ...rest] = outputs.map((o) => JSON.parse(o.stdout));
  assert.deepEqual(first, {
    ok: true,
    mode: "url",
    server: "calendar",
    view: {
      mode: "url",
      url: LINK.url,
      host: "login.bank.example.evil.example",
      displayHost: "login.bank.example.evil.example",
      site: "evil.example",
      warnings: [],
      header: "calendar",
      message: LINK.message,
      fingerprint: linkFingerprint(LINK.url, LINK.message),
      elicitationId: null,
    },
  });
  for (const other of rest) assert.deepEqual(other, first);
});

test("a link with user info before its host: exit 1, refused as userInfo, as text and as JSON", () => {
  const link = { mode: "url", message: "Sign in", url: "https://accounts.example.com@evil.example/" };
  const message =
    "the link has a user name or password before its host (text before an @), " +
    "which makes a link read as another site's; it is refused";
  const plain = run(["check", file("user-info.json", link)]);
  assert.equal(plain.code, 1);
  assert.equal(plain.stdout, `refused (userInfo): ${message}\n`);
  const json = run(["check", "--json", "-"], { input: JSON.stringify(link) });
  assert.equal(json.code, 1);
  assert.deepEqual(JSON.parse(json.stdout), { ok: false, mode: "url", refusal: { kind: "userInfo", message } });
});

test("javascript:, plain http to another computer and a URL-mode request without a url: exit 1 naming the kind", () => {
  const cases = [
    [{ mode: "url", message: "Open", url: "javascript:alert(document.cookie)" }, "scheme", /"javascript" link/],
    [{ mode: "url", message: "Open", url: "http://example.com/" }, "plainHttp", /http/],
    [{ mode: "url", message: "Open" }, "params", /params\.url is missing/],
    [
      { method: "elicitation/create", params: { mode: "url", message: "Open", url: "JavaScript:void(0)" } },
      "scheme",
      /"javascript" link/,
    ],
  ];
  for (const [input, kind, pattern] of cases) {
    const { code, stdout } = run(["check", "--json", "-"], { input: JSON.stringify(input) });
    assert.equal(code, 1, stdout);
    const { ok, mode, refusal } = JSON.parse(stdout);
    assert.deepEqual([ok, mode, refusal.kind], [false, "url", kind]);
    assert.match(refusal.message, pattern);
    const plain = run(["check", "-"], { input: JSON.stringify(input) });
    assert.equal(plain.code, 1);
    assert.match(plain.stdout, new RegExp(`^refused \\(${kind}\\): `));
  }
});

const installed = JSON.parse(readFileSync(join(scratch, "node_modules", "elicit-form", "package.json"), "utf8"));
const bin = join(scratch, "node_modules", ".bin", "elicit-form");
test("server text is printed with control, bidi and zero-width characters escaped; a link's message with them is refused", () => {
  const overwrite = "Pick a plan\u001b[1A\u001b[2Ksite: bank.example\u202e\u200b\u2028.";
  const form = {
    message: overwrite,
    requestedSchema: { type: "object", properties: { plan: { type: "string", title: "Plan" } } },
  };
  const { code, stdout } = run(["check", file("escaped.json", form), "--server", "billing"]);
  assert.equal(code, 0);
  assert.match(
    stdout,
    /\nmessage: Pick a plan\\u\{001B\}\[1A\\u\{001B\}\[2Ksite: bank\.example\\u\{202E\}\\u\{200B\}\\u\{2028\}\.\n/,
  );
  assert.doesNotMatch(stdout, /[\u001b\u202e\u200b\u2028]/);

  for (const [params, field] of [
    [{ mode: "url", message: overwrite, url: "https://example.com/" }, "message"],
    [
      { mode: "url", message: "Sign in", url: "https://example.com/", elicitationId: "e\u001b]0;x\u0007" },
      "elicitationId",
    ],
  ]) {
    const refused = run(["check", file("escaped-link.json", params)]);
    assert.equal(refused.code, 1);
    assert.match(
      refused.stdout,
      new RegExp(
        `^refused \\(hiddenText\\): the ${field} has a control, bidi-control, invisible or line-separator character`,
      ),
    );
    assert.doesNotMatch(refused.stdout, /[\u001b\u0007\u202e]/);
  }
});

test("npx elicit-form check, from the installed package", {
  skip: installed.bin === undefined && "the packed package declares no bin yet (pkg-template/package.json)",
}, () => {
  assert.ok(existsSync(bin));
  const good = run(["check", file("billing-bin.json", RPC)], { command: [bin] });
  assert.equal(good.code, 0, good.stderr);
  const refused = run(["check", "-"], { command: [bin], input: JSON.stringify(CREDENTIAL) });
  assert.equal(refused.code, 1);
  // The URL rules from the installed package's own elicit-form/url entry.
  const link = run(["check", "--json", "-"], { command: [bin], input: JSON.stringify(LINK) });
  assert.equal(link.code, 0, link.stderr);
  assert.equal(JSON.parse(link.stdout).view.site, "evil.example");
  const npx = spawnSync("npx", ["--no-install", "elicit-form", "check", "--json", "-"], {
    cwd: scratch,
    input: JSON.stringify(BILLING),
    encoding: "utf8",
  });
  assert.equal(npx.status, 0, npx.stderr);
  assert.equal(JSON.parse(npx.stdout).fingerprint, form.fingerprint(BILLING));
});
