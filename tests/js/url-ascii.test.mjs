// elicit-form/url's two wasm builds, as the packed package ships them
// (tests/js/prepare.mjs installs it in the scratch project): the rules for
// plain ASCII hosts (url/elicit_form_url_bg.wasm, which every entry loads)
// and every rule (url/elicit_form_url_unicode_bg.wasm, loaded when a host
// needs the Unicode rules), each through its own glue. For every link of the
// hostile-URL suite and thousands generated from the Public Suffix List's
// rules and from random ASCII, the first answers exactly as the second, byte
// for byte, or refuses it `unicodeRules`, and only when the host is not
// written in plain ASCII. And the entry routes: a host that needs the
// Unicode rules is decided by them, in Node without any call to wait for.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

const installed = new URL("./scratch/node_modules/elicit-form/url/", import.meta.url);
const suite = JSON.parse(readFileSync(new URL("../data/url-suite.json", import.meta.url), "utf8"));
const list = readFileSync(new URL("../../src/url_mode/public_suffix_list.dat", import.meta.url), "utf8");

async function build(glue, wasm) {
  const module = await import(new URL(glue, installed));
  module.initSync({ module: readFileSync(new URL(wasm, installed)) });
  return module;
}
const ascii = await build("elicit_form.js", "elicit_form_url_bg.wasm");
const unicode = await build("elicit_form_unicode.js", "elicit_form_url_unicode_bg.wasm");
const api = await import(new URL("./scratch/esm-url.mjs", import.meta.url));

const UNICODE_RULES = '{"urlRefused":{"kind":"unicodeRules"';

// Written here from the WHATWG parser's reading, apart from the Rust gate
// (url_mode::needs_unicode_rules): where a host can be written, the text
// after `scheme:` and its slashes up to the path, query or fragment.
function hostWrittenInPlainAscii(url) {
  const colon = url.indexOf(":");
  const rest = colon === -1 ? url : url.slice(colon + 1).replace(/^[/\\]*/, "");
  const head = url.slice(0, url.length - rest.length) + rest.split(/[/\\?#]/)[0];
  return /^[\x00-\x7f]*$/.test(head) && !head.includes("%") && !/xn--/i.test(head);
}

const server = suite.serverName;
let compared = 0;
let heldBack = 0;

function same(url, message = suite.message) {
  const params = JSON.stringify({ mode: "url", message, url });
  const first = ascii.url_elicitation(params, server);
  const second = unicode.url_elicitation(params, server);
  if (first.startsWith(UNICODE_RULES)) {
    assert.ok(!hostWrittenInPlainAscii(url), `${url}: held back, though its host is plain ASCII`);
    heldBack += 1;
  } else {
    assert.equal(first, second, url);
    compared += 1;
  }
  // The entry answers as the full rules, whichever build decides.
  let entry;
  try {
    entry = { ok: api.urlElicitation(params, server) };
  } catch (error) {
    entry = { urlRefused: { kind: error.kind, message: error.message } };
  }
  assert.deepEqual(entry, JSON.parse(second), url);
  const consent = JSON.stringify({ server, tool: "t", host: "x.example", expires_at: "2026-12-03T12:30:00Z" });
  const decision = (rules) =>
    rules.answer_url(server, "t", params, consent, 1, Date.parse("2026-12-03T12:00:00Z"), undefined);
  const firstDecision = decision(ascii);
  if (!firstDecision.startsWith(UNICODE_RULES)) assert.equal(firstDecision, decision(unicode), url);
}

test(`the hostile-URL suite (${suite.cases.length} cases): the same answers, or held back for the Unicode rules`, () => {
  for (const testCase of suite.cases) {
    if (testCase.params !== undefined) continue;
    same(testCase.url, testCase.message ?? suite.message);
  }
  assert.ok(compared >= 120 && heldBack >= 100, `${compared} compared, ${heldBack} held back`);
});

test("every rule of the Public Suffix List, names under it, as sent and in odd forms: the same answers", () => {
  const before = compared;
  for (const line of list.split("\n")) {
    const rule = line.trim();
    if (rule === "" || rule.startsWith("//")) continue;
    const name = rule.replace(/^!/, "").replace(/^\*\./, "w.");
    for (const host of [name, `a.${name}`, `b.a.${name}`, `${name}.`, `A.${name.toUpperCase()}`]) {
      same(`https://${host}/path?q=1#f`);
    }
  }
  for (const host of [
    "www.example.com:8443",
    "user@example.com",
    "@example.com",
    "EXAMPLE.com.",
    "127.0.0.1",
    "0x7f.1",
    "[::1]",
    "localhost",
    "a_b.example.com",
    "-a.example.com",
    "a-.example.com",
    "1.2.3.4.5",
    "example.123",
    "a..b.com",
    "exa$mple.com",
    "example.com:0",
    "example.com:99999",
  ]) {
    same(`https://${host}/`);
    same(`http://${host}/`);
  }
  assert.ok(compared - before > 40000, `${compared - before} compared`);
});

test("random ASCII links (seeded): the same answers", () => {
  let seed = 0x2545f491;
  const next = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  const pick = (text) => text[Math.floor(next() * text.length)];
  const alphabet = "abcxyz0129-._~!$&'()*+,;=:@/\\?#[]%AZ";
  const labels = [
    "com",
    "co.uk",
    "github.io",
    "ck",
    "www",
    "xn--p1ai",
    "xn--",
    "jp",
    "kawasaki.jp",
    "example",
    "run.app",
  ];
  for (let index = 0; index < 20000; index += 1) {
    let host = "";
    const parts = 1 + Math.floor(next() * 4);
    for (let part = 0; part < parts; part += 1) {
      host +=
        next() < 0.5 ? pick(labels) : Array.from({ length: 1 + Math.floor(next() * 6) }, () => pick(alphabet)).join("");
      if (part < parts - 1) host += ".";
    }
    const scheme = pick(["https://", "http://", "https:", "HTTPS://", "https:\\\\", "ftp://", "javascript:"]);
    same(`${scheme}${host}/${pick(alphabet)}`);
  }
});
