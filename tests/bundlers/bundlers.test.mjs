// `import { ... } from "elicit-form"` through Vite and webpack 5, as a user
// gets the package: pkg/ is packed (`npm pack`) and the tarball installed into
// a scratch project, tests/bundlers/scratch. A small page (tests/bundlers/app)
// is built for production with each bundler's JS API, each output folder is
// served on 127.0.0.1 (.wasm as application/wasm) and loaded in headless
// Chromium (playwright-core, /usr/bin/chromium).
//
// The config each bundler needed: none (checked with vite 8.4.0 and 8.3.8, and
// webpack 5.113.0). Vite is held at ~8.3: 8.4.0 has an optional dependency
// (napi-windows-process-start-time) that the registry here does not have,
// which leaves package-lock.json unusable for `npm ci`.
// - Vite (`vite build` in the app folder): `build({ root, configFile: false })`,
//   i.e. the defaults. Vite picks the "browser"/"import" entry, rewrites
//   `new URL("./elicit_form_bg.wasm", import.meta.url)` to an emitted asset,
//   assets/elicit_form_bg-<hash>.wasm (far above the 4 KiB assetsInlineLimit,
//   so never inlined), and keeps the top-level await: Vite 8's default
//   build.target ("baseline-widely-available": chrome111, firefox114,
//   safari16.4) has it. `build.target: "es2022"` is only needed where the
//   target is lower (a project's own target, or older Vite whose default was
//   chrome87/safari14; not tested here). Not covered: the dev server.
// - webpack 5 (`webpack --mode production` in the app folder): only what the
//   CLI defaults to from its working folder (context, entry ./main.js,
//   output.path dist). webpack turns `new URL(..., import.meta.url)` into an
//   asset/resource module (emitted as dist/<hash>.wasm, not inlined) and
//   accepts the top-level await by default (since 5.83; the
//   experiments.topLevelAwait switch itself is gone since 5.102); neither
//   experiments.topLevelAwait nor experiments.asyncWebAssembly is set. It warns that the .wasm is over its 244 KiB performance hint
//   (AssetsOverSizeLimitWarning, plus NoAsyncChunksWarning); silence with
//   `performance: { assetFilter: (f) => !f.endsWith(".wasm") }` if wanted.
//   webpack writes no HTML: the page loads dist/main.js with a plain
//   <script defer src="main.js"> (what html-webpack-plugin injects).
// - Both minify by default (Vite: Oxc, webpack: Terser), and the minifier
//   renames classes: the last test holds that the errors keep their names.
//
// Each bundler builds the page twice: importing "elicit-form", and importing
// "elicit-form/ui" (the entry without the answers on record, its own wasm).
//
// The page runs every parse and content vector of tests/data/backend-vectors.jsonl
// plus a credential schema and the billing example as values; every outcome
// must equal what the package's Node entry gives in this process, and what
// native Rust gave (the vectors). The page must log no console error or
// warning, make no request off 127.0.0.1, and fetch exactly the emitted .wasm.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:http";
import { dirname, join, relative, sep } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { gzipSync } from "node:zlib";
import { build as viteBuild, createLogger, version as viteVersion } from "vite";
import webpack from "webpack";
import { fileUnder, launchChromium, runResultsPage, sendFile } from "../browsers.mjs";
import { decode, encode, runCases } from "./app/run-cases.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const pkg = join(root, "pkg");
const scratch = join(here, "scratch");
const installed = join(scratch, "node_modules", "elicit-form");
const vectors = readFileSync(join(root, "tests", "data", "backend-vectors.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line));

// ---- the cases, and what native Rust and the Node entry give -----------------

const CREDENTIAL = { type: "object", properties: { apiKey: { type: "string" } } };
const isBilling = (v) =>
  v.op === "parse" &&
  v.server === "billing-server-with-a-long-name" &&
  ["plan", "seats"].every((name) => Object.hasOwn(v.schema?.properties ?? {}, name));
const parseVectors = vectors.filter((v) => v.op === "parse");
const contentVectors = vectors.filter((v) => v.op === "content");
const billingVector = parseVectors.find(isBilling);

const cases = [
  ...parseVectors.map((v) => ({ op: "parse", schema: v.schema_text, server: v.server })),
  ...contentVectors.map((v) => ({ op: "content", schema: v.schema_text, answers: v.answers })),
  { op: "parse", schema: CREDENTIAL, server: "billing" },
  { op: "parse", schema: billingVector?.schema, server: billingVector?.server },
];
const CREDENTIAL_CASE = cases.length - 2;
const BILLING_VALUE_CASE = cases.length - 1;
const BILLING_TEXT_CASE = parseVectors.indexOf(billingVector);
const casesJson = Buffer.from(JSON.stringify(cases));

/** What native Rust gave for case `index` (undefined for the two extra cases). */
function nativeExpected(index) {
  if (index < parseVectors.length) {
    const { expect } = parseVectors[index];
    if ("ok" in expect) return { questions: { ok: expect.ok.questions }, fingerprint: { ok: expect.ok.fingerprint } };
    const refused = { threw: "FormRefusalError", ...expect.refused };
    return { questions: refused, fingerprint: refused };
  }
  const v = contentVectors[index - parseVectors.length];
  if (v === undefined) return undefined;
  if ("ok" in v.expect) return { content: { ok: v.expect.ok } };
  return { content: { threw: "AnswerError", message: v.expect.err } };
}

/** The outcomes without the errors' `name`, which has a test of its own. */
function withoutNames(results) {
  return results.map((result) =>
    Object.fromEntries(
      Object.entries(result).map(([key, outcome]) => {
        const rest = { ...outcome };
        delete rest.name;
        return [key, rest];
      }),
    ),
  );
}

/** The errors' names where the page's differ from the Node entry's: `{ node, page, count }`. */
function nameDifferences(page, node) {
  const found = new Map();
  node.forEach((result, index) => {
    for (const [key, outcome] of Object.entries(result)) {
      const pageName = page[index]?.[key]?.name;
      if (outcome.threw !== undefined && pageName !== outcome.name) {
        const id = `${outcome.name} ${pageName}`;
        found.set(id, { node: outcome.name, page: pageName, count: (found.get(id)?.count ?? 0) + 1 });
      }
    }
  });
  return [...found.values()];
}

/** The cases where `actual` differs from `expected`; of a thrown error, only the fields `expected` names. */
function differences(actual, expected) {
  const found = [];
  for (let index = 0; index < expected.length; index += 1) {
    const want = expected[index];
    if (want === undefined) continue;
    const got = actual[index];
    const picked = Object.fromEntries(
      Object.entries(want).map(([key, value]) => [
        key,
        value.threw === undefined
          ? got?.[key]
          : Object.fromEntries(Object.keys(value).map((field) => [field, got?.[key]?.[field]])),
      ]),
    );
    if (!isDeepStrictEqual(picked, want)) {
      found.push({ index, case: JSON.stringify(cases[index]).slice(0, 200), expected: want, actual: got });
    }
  }
  return found;
}

// ---- the scratch project ----------------------------------------------------

// Each app folder of the scratch project and the entry its page imports.
const APPS = [
  ["vite", "elicit-form"],
  ["webpack", "elicit-form"],
  ["vite-ui", "elicit-form/ui"],
  ["webpack-ui", "elicit-form/ui"],
];

function npm(args, cwd) {
  return execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
}

let nodeResults;
let nodeEntry;

function prepareScratch() {
  if (!existsSync(join(pkg, "package.json"))) throw new Error("pkg/ is not built: run `npm run build` first");
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const [packed] = JSON.parse(npm(["pack", pkg, "--pack-destination", scratch, "--json"], root));
  writeFileSync(
    join(scratch, "package.json"),
    `${JSON.stringify(
      {
        name: "elicit-form-bundlers-scratch",
        private: true,
        type: "module",
        dependencies: { "elicit-form": `file:./${packed.filename}` },
      },
      null,
      2,
    )}\n`,
  );
  npm(["install", "--no-audit", "--no-fund", "--no-package-lock"], scratch);
  for (const [app, entry] of APPS) {
    mkdirSync(join(scratch, app));
    for (const file of readdirSync(join(here, "app"))) copyFileSync(join(here, "app", file), join(scratch, app, file));
    const main = join(scratch, app, "main.js");
    const source = readFileSync(main, "utf8");
    if (!source.includes(' from "elicit-form";')) throw new Error('app/main.js no longer imports from "elicit-form"');
    writeFileSync(main, source.replace(' from "elicit-form";', ` from "${entry}";`));
  }
  writeFileSync(
    join(scratch, "node-entry.mjs"),
    'export * from "elicit-form";\nexport const resolved = import.meta.resolve("elicit-form");\n',
  );
}

// ---- the builds ---------------------------------------------------------------

function filesUnder(folder) {
  return readdirSync(folder, { recursive: true })
    .map((name) => join(folder, name))
    .filter((file) => statSync(file).isFile());
}

async function buildWithVite(app) {
  const appDir = join(scratch, app);
  const warnings = [];
  const logger = createLogger("warn", { allowClearScreen: false });
  const { warn, error } = logger;
  logger.warn = (message, options) => {
    warnings.push(message);
    warn(message, options);
  };
  logger.error = (message, options) => {
    warnings.push(message);
    error(message, options);
  };
  // `vite build` in appDir with no config file: the defaults.
  const output = await viteBuild({ root: appDir, configFile: false, logLevel: "warn", customLogger: logger });
  const modules = [output]
    .flat()
    .flatMap((o) => o.output)
    .filter((o) => o.type === "chunk")
    .flatMap((chunk) => Object.keys(chunk.modules));
  return { outDir: join(appDir, "dist"), modules, warnings, errors: [] };
}

async function buildWithWebpack(app) {
  const appDir = join(scratch, app);
  const outDir = join(appDir, "dist");
  // `webpack --mode production` in appDir: the CLI's defaults from that folder.
  const compiler = webpack({ mode: "production", context: appDir, entry: "./main.js", output: { path: outDir } });
  const stats = await new Promise((resolve, reject) => {
    compiler.run((error, result) => (error ? reject(error) : resolve(result)));
  });
  await new Promise((resolve) => {
    compiler.close(resolve);
  });
  const json = stats.toJson({ all: false, modules: true, nestedModules: true });
  const modules = [];
  const collect = (list) => {
    for (const m of list ?? []) {
      if (m.nameForCondition) modules.push(m.nameForCondition);
      collect(m.modules);
    }
  };
  collect(json.modules);
  const warnings = stats.compilation.warnings.map((w) => `${w.name}: ${w.message}`);
  const errors = stats.compilation.errors.map((e) => `${e.name}: ${e.message}`);
  // webpack writes no HTML; the page a user would write (html-webpack-plugin injects the same).
  writeFileSync(
    join(outDir, "index.html"),
    '<!doctype html>\n<meta charset="utf-8">\n<link rel="icon" href="data:,">\n' +
      '<title>elicit-form through webpack</title>\n<script defer src="main.js"></script>\n',
  );
  return { outDir, modules, warnings, errors };
}

// ---- serving and the page -----------------------------------------------------

function serveFolder(folder) {
  const server = createServer((request, response) => {
    let path = new URL(request.url, "http://127.0.0.1").pathname;
    if (path === "/cases.json") {
      response.writeHead(200, { "content-type": "application/json" });
      return response.end(casesJson);
    }
    if (path === "/") path = "/index.html";
    sendFile(response, fileUnder(folder, path));
  });
  return new Promise((ready) => {
    server.listen(0, "127.0.0.1", () => ready({ server, origin: `http://127.0.0.1:${server.address().port}` }));
  });
}

let browser;
const servers = [];

async function runPage(outDir) {
  const served = await serveFolder(outDir);
  servers.push(served.server);
  const { origin } = served;
  const run = await runResultsPage(browser, `${origin}/`);
  return { ...run, results: decode(run.results) };
}

// ---- the tests ----------------------------------------------------------------

before(async () => {
  prepareScratch();
  nodeEntry = await import(pathToFileURL(join(scratch, "node-entry.mjs")).href);
  nodeResults = decode(encode(runCases(nodeEntry, cases)));
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  for (const server of servers) server.close();
});

test("the cases: every parse and content vector, the billing example found, and the Node entry agrees with native Rust", () => {
  assert.ok(
    parseVectors.length > 1000 && contentVectors.length > 500,
    `${parseVectors.length} parse and ${contentVectors.length} content vectors`,
  );
  for (const kind of ["ok", "refused"])
    assert.ok(
      parseVectors.some((v) => kind in v.expect),
      `a parse vector ${kind}`,
    );
  for (const kind of ["ok", "err"])
    assert.ok(
      contentVectors.some((v) => kind in v.expect),
      `a content vector ${kind}`,
    );
  assert.ok(billingVector && "ok" in billingVector.expect, "the billing example is an accepted parse vector");
  assert.match(nodeEntry.resolved, /\/tests\/bundlers\/scratch\/node_modules\/elicit-form\/node\.js$/);
  const expected = cases.map((_, index) => nativeExpected(index));
  assert.deepEqual(differences(nodeResults, expected).slice(0, 3), [], "the Node entry gives the vectors' outcomes");
});

// Each bundler, with the page's app folder and the .wasm its entry loads.
const BUILDERS = [
  ["Vite", `vite ${viteVersion}`, buildWithVite, "vite", "elicit_form_bg.wasm"],
  ["webpack", `webpack ${webpack.version}`, buildWithWebpack, "webpack", "elicit_form_bg.wasm"],
  ["Vite, elicit-form/ui", `vite ${viteVersion}`, buildWithVite, "vite-ui", "ui/elicit_form_ui_bg.wasm"],
  [
    "webpack, elicit-form/ui",
    `webpack ${webpack.version}`,
    buildWithWebpack,
    "webpack-ui",
    "ui/elicit_form_ui_bg.wasm",
  ],
];

for (const [name, versioned, buildIt, app, wasmFile] of BUILDERS) {
  let built;
  let run;

  test(`${name}: production build of the page from the installed tarball (${versioned}, no config)`, async (t) => {
    const started = Date.now();
    built = await buildIt(app);
    built.ms = Date.now() - started;
    built.files = filesUnder(built.outDir);
    built.js = built.files.filter((f) => f.endsWith(".js"));
    built.wasm = built.files.filter((f) => f.endsWith(".wasm"));
    const size = (files) => files.reduce((sum, f) => sum + statSync(f).size, 0);
    const gzip = (files) => files.reduce((sum, f) => sum + gzipSync(readFileSync(f), { level: 9 }).length, 0);
    t.diagnostic(
      `${versioned}: built in ${built.ms} ms; ${built.files.map((f) => relative(built.outDir, f)).join(", ")}`,
    );
    t.diagnostic(
      `${name} output: JS ${size(built.js)} B (${gzip(built.js)} B gzip) in ${built.js.length} file(s); ` +
        `wasm ${size(built.wasm)} B (${gzip(built.wasm)} B gzip) in ${built.wasm.length} file(s)`,
    );
    for (const warning of built.warnings) t.diagnostic(`${name} warning: ${warning.split("\n").join(" | ")}`);
    assert.deepEqual(built.errors, []);
    if (name.startsWith("Vite")) assert.deepEqual(built.warnings, [], "Vite warns about nothing");
    else {
      // webpack's only complaint: the .wasm is over its 244 KiB performance hint.
      for (const warning of built.warnings) {
        const [kind] = warning.split(":");
        assert.ok(["AssetsOverSizeLimitWarning", "NoAsyncChunksWarning"].includes(kind), warning);
        if (kind === "AssetsOverSizeLimitWarning") {
          const assets = [...warning.matchAll(/^ {2}(\S+) \(\d/gm)].map((m) => m[1]);
          assert.ok(assets.length > 0 && assets.every((a) => a.endsWith(".wasm")), warning);
        }
      }
    }
  });

  test(`${name}: the .wasm is emitted as a file of its own, byte for byte the package's, and not inlined`, () => {
    assert.ok(built, "the build ran");
    assert.equal(built.wasm.length, 1, `one .wasm in ${built.files.join(", ")}`);
    assert.ok(readFileSync(built.wasm[0]).equals(readFileSync(join(installed, wasmFile))), `the package's ${wasmFile}`);
    const wasmName = built.wasm[0].split(sep).at(-1);
    const js = built.js.map((f) => readFileSync(f, "utf8")).join("\n");
    assert.ok(js.includes(wasmName), `the JS refers to ${wasmName}`);
    assert.ok(!js.includes("AGFzbQ") && !js.includes("application/wasm;base64"), "no base64 wasm in the JS");
    assert.ok(
      statSync(built.wasm[0]).size > 50_000 && built.js.every((f) => statSync(f).size < 100_000),
      "the wasm is a file apart, not in a JS chunk",
    );
  });

  test(`${name}: the bundle took the package's browser entry and no other`, () => {
    assert.ok(built, "the build ran");
    const paths = built.modules.filter((m) => m.includes(`${sep}node_modules${sep}elicit-form${sep}`));
    // The ui page's modules are all of elicit-form/ui, the other page's none.
    const ofUi = paths.filter((m) => m.includes(`${sep}node_modules${sep}elicit-form${sep}ui${sep}`));
    assert.equal(ofUi.length, app.endsWith("-ui") ? paths.length : 0, paths.join(", "));
    const fromPackage = paths.map((m) => m.split(sep).at(-1));
    assert.ok(fromPackage.includes("browser.js"), fromPackage.join(", "));
    // The entry is bundled with the package's core (scripts/build.mjs); the glue is beside it.
    assert.ok(fromPackage.includes("elicit_form.js"), fromPackage.join(", "));
    for (const other of ["node.js", "node.cjs", "workerd.js", "cli.js"])
      assert.ok(!fromPackage.includes(other), `not ${other}`);
  });

  test(`${name}: Chromium loads the page and the emitted .wasm with no console error, page error or request off 127.0.0.1`, async () => {
    assert.ok(built, "the build ran");
    run = await runPage(built.outDir);
    assert.deepEqual(run.problems, []);
    assert.ok(Array.isArray(run.results), `the page ran: ${JSON.stringify(run.results)}`);
    assert.deepEqual(run.wasmRequests, [`/${relative(built.outDir, built.wasm[0]).split(sep).join("/")}`]);
  });

  test(`${name}: the billing example's fingerprint and questions in the page are native Rust's`, () => {
    assert.ok(Array.isArray(run?.results), "the page ran");
    const { fingerprint, questions } = billingVector.expect.ok;
    assert.match(fingerprint, /^[0-9a-f]{64}$/);
    for (const index of [BILLING_TEXT_CASE, BILLING_VALUE_CASE]) {
      assert.deepEqual(run.results[index].fingerprint, { ok: fingerprint }, "fingerprint (backend-vectors.jsonl)");
      assert.deepEqual(run.results[index].questions, { ok: questions }, "questions (backend-vectors.jsonl)");
      assert.deepEqual(run.results[index], nodeResults[index], "the Node entry's result");
    }
  });

  test(`${name}: a credential schema throws FormRefusalError, kind "credential", in the page as in Node`, () => {
    assert.ok(Array.isArray(run?.results), "the page ran");
    const refused = run.results[CREDENTIAL_CASE];
    for (const outcome of [refused.questions, refused.fingerprint]) {
      assert.equal(outcome.threw, "FormRefusalError", JSON.stringify(outcome));
      assert.equal(outcome.kind, "credential");
      assert.equal(outcome.property, "apiKey");
      assert.match(outcome.message, /^property 'apiKey' asks for a credential; /);
    }
    assert.deepEqual(
      withoutNames([refused]),
      withoutNames([nodeResults[CREDENTIAL_CASE]]),
      "the Node entry's refusal, message and all (error.name: the next test)",
    );
  });

  test(`${name}: all ${cases.length} cases in the page equal the Node entry's outcomes and native Rust's`, () => {
    assert.ok(Array.isArray(run?.results), "the page ran");
    assert.equal(run.results.length, cases.length);
    const unlikeNode = differences(withoutNames(run.results), withoutNames(nodeResults));
    assert.deepEqual(unlikeNode.slice(0, 3), [], `${unlikeNode.length} outcomes differ from the Node entry's`);
    const unlikeRust = differences(
      run.results,
      cases.map((_, index) => nativeExpected(index)),
    );
    assert.deepEqual(unlikeRust.slice(0, 3), [], `${unlikeRust.length} outcomes differ from the vectors'`);
  });

  // A minifier renames the error classes (one-letter names); core.js gives
  // them their names as text, so `error.name` and `String(error)` keep them.
  test(`${name}: the errors keep their names through the minifier (error.name "FormRefusalError", "AnswerError")`, () => {
    assert.ok(Array.isArray(run?.results), "the page ran");
    assert.deepEqual(nameDifferences(run.results, nodeResults), []);
  });
}
