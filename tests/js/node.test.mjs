// The JS suite in Node against the packed package installed in the scratch
// project (tests/js/prepare.mjs): `import "elicit-form"` (the node entry) and
// `require("elicit-form")` (node.cjs), plus what only Node can see: the
// tarball's contents, which entry each condition picks, the size budget, and
// errors crossing between the ES module and CommonJS copies.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { checks } from "./checks.mjs";

const scratch = new URL("./scratch/", import.meta.url);
const vectors = readFileSync(new URL("../data/backend-vectors.jsonl", import.meta.url), "utf8");
const profileVectors = readFileSync(new URL("../data/mcp-2026-07-28-vectors.jsonl", import.meta.url), "utf8");
const esm = await import(new URL("esm.mjs", scratch));
const requireFromScratch = createRequire(new URL("package.json", scratch));
const cjs = requireFromScratch("elicit-form");
const installed = new URL("node_modules/elicit-form/", scratch);

for (const [name, run] of checks(esm, vectors, profileVectors)) test(`node import: ${name}`, run);
for (const [name, run] of checks(cjs, vectors, profileVectors)) test(`node require: ${name}`, run);

test("import resolves to the node entry and require to node.cjs", async () => {
  const { default: resolved } = await import(new URL("resolved.mjs", scratch));
  assert.equal(resolved, new URL("node.js", installed).href);
  assert.equal(requireFromScratch.resolve("elicit-form"), fileURLToPath(new URL("node.cjs", installed)));
});

test("errors from the require copy are instances of the import copy's classes, and the other way round", () => {
  assert.notEqual(cjs.FormRefusalError, esm.FormRefusalError, "two copies of the classes");
  const fromCjs = (() => { try { cjs.questions({ type: "object", properties: { pin: { type: "string" } } }, "s"); } catch (e) { return e; } })();
  const fromEsm = (() => { try { esm.contentFromAnswers('{"type":"object","properties":{"a":{"type":"string"}}}', {}); } catch (e) { return e; } })();
  assert.ok(fromCjs instanceof esm.FormRefusalError && fromCjs instanceof cjs.FormRefusalError);
  assert.ok(fromEsm instanceof cjs.AnswerError && fromEsm instanceof esm.AnswerError);
  assert.ok(!(fromCjs instanceof esm.AnswerError) && !(fromEsm instanceof cjs.FormRefusalError));
  assert.ok(!({ kind: "schema", message: "x" } instanceof esm.FormRefusalError), "a look-alike object is not one");
});

test("the tarball holds the entries, glue, wasm, types, the check CLI, <elicit-form>, README and LICENSE, and nothing else", () => {
  const packed = JSON.parse(readFileSync(new URL("packed.json", scratch), "utf8"));
  assert.deepEqual(packed.files.map((f) => f.path).sort(), [
    "LICENSE", "README.md", "api.js", "browser.js", "cli.js", "core.js", "element.d.ts", "element.js", "elicit_form.js",
    "elicit_form_bg.wasm", "generated.d.cts", "generated.d.ts", "index.d.cts", "index.d.ts", "node.cjs", "node.js",
    "package.json", "workerd.js",
  ]);
  assert.equal(packed.name, "elicit-form");
  const cargo = readFileSync(new URL("../../Cargo.toml", import.meta.url), "utf8");
  assert.equal(packed.version, /^version = "([^"]+)"/m.exec(cargo)[1], "the crate's version");
});

test("package.json exports list the conditions in order: types, workerd, node, browser, import, require, default", () => {
  const manifest = JSON.parse(readFileSync(new URL("package.json", installed), "utf8"));
  assert.deepEqual(Object.keys(manifest.exports["."]), ["types", "workerd", "node", "browser", "import", "require", "default"]);
  assert.equal(manifest.license, "MIT");
  assert.equal(manifest.type, "module");
});

test("the package stays within its size budget (wasm 140 KB, JS 8 KB, gzip -9)", () => {
  const gzip = (...files) => gzipSync(Buffer.concat(files.map((f) => readFileSync(new URL(f, installed)))), { level: 9 }).length;
  const wasm = gzip("elicit_form_bg.wasm");
  const js = gzip("browser.js", "api.js", "core.js", "elicit_form.js");
  assert.ok(wasm <= 140_000, `wasm is ${wasm} bytes gzipped`);
  assert.ok(js <= 8_000, `the browser entry's JS is ${js} bytes gzipped`);
});

test("the wasm is the optimised release build: no name section, no console_error_panic_hook", () => {
  const wasm = readFileSync(new URL("elicit_form_bg.wasm", installed));
  assert.equal(wasm.indexOf(Buffer.from("\u0004name")), -1, "no name section");
  assert.equal(wasm.indexOf(Buffer.from("console_error_panic_hook")), -1);
  const module = new WebAssembly.Module(wasm);
  assert.ok(WebAssembly.Module.exports(module).some((e) => e.name === "questions"));
});
