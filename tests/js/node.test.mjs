// The JS suite in Node against the packed package installed in the scratch
// project (tests/js/prepare.mjs): `import "elicit-form"` (the node entry) and
// `require("elicit-form")` (node.cjs), plus what only Node can see: the
// tarball's contents, which entry each condition picks, the size budget, and
// errors crossing between the ES module and CommonJS copies.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { checks } from "./checks.mjs";

const scratch = new URL("./scratch/", import.meta.url);
const vectors = readFileSync(new URL("../data/backend-vectors.jsonl", import.meta.url), "utf8");
const profileVectors = readFileSync(new URL("../data/mcp-2026-07-28-vectors.jsonl", import.meta.url), "utf8");
const esm = await import(new URL("esm.mjs", scratch));
const esmMcp = await import(new URL("esm-mcp.mjs", scratch));
const requireFromScratch = createRequire(new URL("package.json", scratch));
const cjs = requireFromScratch("elicit-form");
const cjsMcp = requireFromScratch("elicit-form/mcp-2026-07-28");
const esmUi = {
  backend: await import(new URL("esm-ui.mjs", scratch)),
  mcp: await import(new URL("esm-mcp-ui.mjs", scratch)),
};
const cjsUi = {
  backend: requireFromScratch("elicit-form/ui"),
  mcp: requireFromScratch("elicit-form/mcp-2026-07-28/ui"),
};
const installed = new URL("node_modules/elicit-form/", scratch);
const MCP_WASM = "mcp-2026-07-28/elicit_form_mcp_2026_07_28_bg.wasm";
const UI_WASM = "ui/elicit_form_ui_bg.wasm";
const MCP_UI_WASM = "mcp-2026-07-28/ui/elicit_form_mcp_2026_07_28_ui_bg.wasm";
const URL_WASM = "url/elicit_form_url_bg.wasm";
// Each entry directory of the package, and its wasm.
const ENTRY_DIRS = [
  ["", "elicit_form_bg.wasm"],
  ["ui/", UI_WASM],
  ["mcp-2026-07-28/", MCP_WASM],
  ["mcp-2026-07-28/ui/", MCP_UI_WASM],
];
// The wasm exports, and glue functions, that only the full entries have.
const RECORD_EXPORTS = ["answer_form", "applies_to", "record_form_answer"];

for (const [name, run] of checks(esm, vectors, profileVectors, esmMcp, esmUi)) test(`node import: ${name}`, run);
for (const [name, run] of checks(cjs, vectors, profileVectors, cjsMcp, cjsUi)) test(`node require: ${name}`, run);

test("import resolves to the node entries and require to their node.cjs", async () => {
  const { default: resolved, mcp, ui, mcpUi } = await import(new URL("resolved.mjs", scratch));
  assert.equal(resolved, new URL("node.js", installed).href);
  assert.equal(mcp, new URL("mcp-2026-07-28/node.js", installed).href);
  assert.equal(ui, new URL("ui/node.js", installed).href);
  assert.equal(mcpUi, new URL("mcp-2026-07-28/ui/node.js", installed).href);
  for (const [dir] of ENTRY_DIRS) {
    assert.equal(
      requireFromScratch.resolve(`elicit-form${dir ? `/${dir.slice(0, -1)}` : ""}`),
      fileURLToPath(new URL(`${dir}node.cjs`, installed)),
      dir,
    );
  }
});

// The repository's README and guides are run by tests/docs/ (their runnable blocks).
test("the package README's example of the mcp-2026-07-28 entry runs and prints what its comments say", () => {
  const readmes = [new URL("../../pkg-template/README.md", import.meta.url)];
  const blocks = readmes.flatMap((readme) =>
    [...readFileSync(readme, "utf8").matchAll(/```js\n([\s\S]*?)```/g)]
      .map((match) => match[1])
      .filter(
        (code) =>
          code.includes('from "elicit-form/mcp-2026-07-28"') &&
          code.includes("console.log(") &&
          code.split("\n").every((line) => !line.includes("console.log(") || / \/\/ /.test(line)),
      ),
  );
  assert.equal(
    blocks.length,
    1,
    "one example in the package's README (the block whose every console.log says what it prints)",
  );
  for (const [index, code] of blocks.entries()) {
    const file = new URL(`readme-example-${index}.mjs`, scratch);
    writeFileSync(file, code);
    const printed = execFileSync(process.execPath, [fileURLToPath(file)], { encoding: "utf8" })
      .trimEnd()
      .split("\n");
    const said = code
      .split("\n")
      .filter((line) => line.includes("console.log("))
      .map((line) => line.match(/\/\/ (.*)$/)[1]);
    assert.deepEqual(printed, said, code);
  }
});

test("the four copies (import and require of each entry) are four instances, and their errors are instances of every copy's classes", () => {
  const copies = [esm, cjs, esmMcp, cjsMcp];
  assert.equal(new Set(copies.map((api) => api.fingerprint)).size, 4, "four copies of the functions");
  const billing = '{"type":"object","properties":{"seats":{"type":"integer","minimum":1,"maximum":50}}}';
  assert.equal(new Set(copies.map((api) => api.fingerprint(billing))).size, 1, "one backend fingerprint");
  for (const thrower of copies) {
    const error = (() => {
      try {
        thrower.questions({ type: "object", properties: { apiKey: { type: "string" } } }, "s");
      } catch (e) {
        return e;
      }
    })();
    for (const api of copies) assert.ok(error instanceof api.FormRefusalError);
  }
  assert.throws(() => cjs.fingerprint(billing, { profile: "mcp-2026-07-28" }), TypeError);
  assert.match(cjsMcp.fingerprint(billing, { profile: "mcp-2026-07-28" }), /^[0-9a-f]{64}$/);
});

test("errors from the require copy are instances of the import copy's classes, and the other way round", () => {
  assert.notEqual(cjs.FormRefusalError, esm.FormRefusalError, "two copies of the classes");
  const fromCjs = (() => {
    try {
      cjs.questions({ type: "object", properties: { pin: { type: "string" } } }, "s");
    } catch (e) {
      return e;
    }
  })();
  const fromEsm = (() => {
    try {
      esm.contentFromAnswers('{"type":"object","properties":{"a":{"type":"string"}}}', {});
    } catch (e) {
      return e;
    }
  })();
  assert.ok(fromCjs instanceof esm.FormRefusalError && fromCjs instanceof cjs.FormRefusalError);
  assert.ok(fromEsm instanceof cjs.AnswerError && fromEsm instanceof esm.AnswerError);
  assert.ok(!(fromCjs instanceof esm.AnswerError) && !(fromEsm instanceof cjs.FormRefusalError));
  assert.ok(!({ kind: "schema", message: "x" } instanceof esm.FormRefusalError), "a look-alike object is not one");
});

test("the tarball holds the four form entries (glue, wasm, <elicit-form> each), the DOM helpers both cards share, the element's languages, elicit-form/url (glue and wasm for plain ASCII hosts and for the Unicode rules, the URL-mode consent card and its languages), the types, the check CLI, README and LICENSE, and nothing else", () => {
  const packed = JSON.parse(readFileSync(new URL("packed.json", scratch), "utf8"));
  const entryFiles = (dir, wasm) =>
    [
      "browser.js",
      "element.js",
      "elicit_form.d.ts",
      "elicit_form.js",
      "index.d.cts",
      "index.d.ts",
      "node.cjs",
      "node.js",
      "workerd.js",
    ]
      .map((file) => dir + file)
      .concat(wasm);
  assert.deepEqual(
    packed.files.map((f) => f.path).sort(),
    [
      "LICENSE",
      "README.md",
      "browser.js",
      "cli.js",
      "element-shared.d.ts",
      "element.d.ts",
      "element.js",
      "elicit_form.js",
      "element-messages/ar.d.ts",
      "element-messages/ar.js",
      "element-messages/de.d.ts",
      "element-messages/de.js",
      "elicit_form_bg.wasm",
      "generated.d.ts",
      // The host's SHA-256, beside the glue of the full entries (this one and mcp-2026-07-28/).
      "host_sha256.js",
      "index.d.cts",
      "index.d.ts",
      // The API's declarations, emitted from the JSDoc (but errors.d.ts and backend.d.ts), and the glue's.
      "backend.d.ts",
      "core.d.ts",
      "elicit_form.d.ts",
      "errors.d.ts",
      "form.d.ts",
      "records.d.ts",
      "types.d.ts",
      "url.d.ts",
      "mcp-2026-07-28/element.d.ts",
      ...entryFiles("mcp-2026-07-28/", MCP_WASM),
      "mcp-2026-07-28/host_sha256.js",
      ...entryFiles("mcp-2026-07-28/ui/", MCP_UI_WASM),
      ...entryFiles("ui/", UI_WASM),
      "node.cjs",
      "node.js",
      "package.json",
      "workerd.js",
      ...entryFiles("url/", URL_WASM),
      "url/elicit_form_unicode.js",
      "url/elicit_form_url_unicode_bg.wasm",
      "url/element.d.ts",
      "url/element-messages/ar.d.ts",
      "url/element-messages/ar.js",
      "url/element-messages/de.d.ts",
      "url/element-messages/de.js",
    ].sort(),
  );
  assert.equal(packed.name, "elicit-form");
  const cargo = readFileSync(new URL("../../Cargo.toml", import.meta.url), "utf8");
  assert.equal(packed.version, /^version = "([^"]+)"/m.exec(cargo)[1], "the crate's version");
});

test("package.json exports list the conditions in order: types, workerd, node, browser, import, require, default", () => {
  const manifest = JSON.parse(readFileSync(new URL("package.json", installed), "utf8"));
  assert.deepEqual(Object.keys(manifest.exports["."]), [
    "types",
    "workerd",
    "node",
    "browser",
    "import",
    "require",
    "default",
  ]);
  for (const [dir] of ENTRY_DIRS.filter(([dir]) => dir !== "")) {
    const entry = manifest.exports[`./${dir.slice(0, -1)}`];
    assert.deepEqual(
      Object.keys(entry),
      Object.keys(manifest.exports["."]),
      `the ${dir} entry has the same conditions`,
    );
    const into = (target) =>
      typeof target === "string"
        ? target.replace("./", `./${dir}`)
        : Object.fromEntries(Object.entries(target).map(([condition, file]) => [condition, into(file)]));
    for (const condition of ["types", "workerd", "node", "browser", "import", "require", "default"]) {
      assert.deepEqual(
        entry[condition],
        into(manifest.exports["."][condition]),
        `${condition}: the same file in ${dir}`,
      );
    }
    // The element's types follow the entry's profiles: the event detail's content is the entry's.
    const types = dir.startsWith("mcp-2026-07-28/") ? "./mcp-2026-07-28/element.d.ts" : "./element.d.ts";
    assert.deepEqual(manifest.exports[`./${dir}element`], { types, default: `./${dir}element.js` });
  }
  assert.equal(manifest.license, "MIT");
  assert.equal(manifest.type, "module");
});

test("the default entry's wasm is smaller than the mcp-2026-07-28 entry's, and each entry's JS stays small: minified, at most 5,600 bytes gzip -9", () => {
  const gzip = (...files) =>
    gzipSync(Buffer.concat(files.map((f) => readFileSync(new URL(f, installed)))), { level: 9 }).length;
  const wasm = gzip("elicit_form_bg.wasm");
  const mcpWasm = gzip(MCP_WASM);
  assert.ok(
    wasm + 10_000 < mcpWasm,
    `the backend-only wasm (${wasm} bytes gzipped) leaves the second profile (${mcpWasm}) out`,
  );
  for (const [ui, full] of [
    [UI_WASM, "elicit_form_bg.wasm"],
    [MCP_UI_WASM, MCP_WASM],
  ]) {
    assert.ok(
      gzip(ui) + 5_000 < gzip(full),
      `${ui} (${gzip(ui)} bytes gzipped) leaves the answers on record (${gzip(full)}) out`,
    );
  }
  for (const [dir] of ENTRY_DIRS) {
    const js = gzip(...["browser.js", "elicit_form.js"].map((f) => dir + f));
    assert.ok(js <= 5_600, `the ${dir || "default "}browser entry's JS is ${js} bytes gzipped`);
  }
});

test("the node entries load where process.getBuiltinModule is missing (Node before 20.16): node:fs by import", () => {
  const billing = '{"type":"object","properties":{"seats":{"type":"integer","minimum":1,"maximum":50}}}';
  for (const [entry, api] of [
    ["node.js", esm],
    ["mcp-2026-07-28/node.js", esmMcp],
    ["ui/node.js", esmUi.backend],
    ["mcp-2026-07-28/ui/node.js", esmUi.mcp],
  ]) {
    const script = `delete process.getBuiltinModule;
const api = await import(${JSON.stringify(new URL(entry, installed).href)});
process.stdout.write(api.fingerprint(${JSON.stringify(billing)}) + " " + api.MAX_FORM_PROPERTIES);`;
    const printed = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    assert.equal(printed, `${api.fingerprint(billing)} ${api.MAX_FORM_PROPERTIES}`, entry);
  }
});

test("the node entry is one module, the glue inside; the browser and workerd entries are one module beside the glue (and workerd's .wasm)", () => {
  for (const [dir, wasm] of ENTRY_DIRS) {
    for (const [file, expected] of [
      ["node.js", []],
      ["browser.js", ["./elicit_form.js"]],
      ["workerd.js", [`./${wasm.slice(dir.length)}`, "./elicit_form.js"]],
    ]) {
      const text = readFileSync(new URL(dir + file, installed), "utf8");
      // Static imports and re-exports, minified or not (`import.meta` and dynamic `import("node:fs")` are neither).
      const imports = [...text.matchAll(/\b(?:import|export)\s*(?:[\w$\s,*{}]*?\bfrom\s*)?"([^"]+)"/g)].map(
        (m) => m[1],
      );
      assert.deepEqual(imports.sort(), [...expected].sort(), `${dir}${file}`);
    }
  }
});

test("a ui entry's glue is its full entry's less the answers on record, whose wrappers its wasm could not serve", async () => {
  const names = async (dir) => Object.keys(await import(new URL(`${dir}elicit_form.js`, installed))).sort();
  for (const [ui, full] of [
    ["ui/", ""],
    ["mcp-2026-07-28/ui/", "mcp-2026-07-28/"],
  ]) {
    const fullNames = await names(full);
    for (const name of RECORD_EXPORTS) assert.ok(fullNames.includes(name), `${full || "the default entry"}: ${name}`);
    assert.deepEqual(
      await names(ui),
      fullNames.filter((name) => !RECORD_EXPORTS.includes(name)),
      ui,
    );
  }
});

test("every wasm file is the optimised release build: no name section, no console_error_panic_hook; a ui wasm has no record exports", () => {
  for (const [dir, file] of ENTRY_DIRS) {
    const wasm = readFileSync(new URL(file, installed));
    assert.equal(wasm.indexOf(Buffer.from("\u0004name")), -1, `${file}: no name section`);
    assert.equal(wasm.indexOf(Buffer.from("console_error_panic_hook")), -1, file);
    const exports = WebAssembly.Module.exports(new WebAssembly.Module(wasm)).map((e) => e.name);
    assert.ok(exports.includes("questions") && exports.includes("pending"), file);
    const records = RECORD_EXPORTS.filter((name) => exports.includes(name));
    assert.deepEqual(records, dir.includes("ui/") ? [] : RECORD_EXPORTS, file);
  }
});
