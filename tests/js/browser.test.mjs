// The JS suite in two browser engines, Chromium (playwright-core,
// /usr/bin/chromium) and Firefox ESR (puppeteer-core over WebDriver BiDi,
// /usr/bin/firefox-esr), two ways a page loads the installed package:
// - no bundler: an import map points "elicit-form" and
//   "elicit-form/mcp-2026-07-28" at their browser.js, served from the scratch
//   project's node_modules;
// - an esbuild bundle of the page (platform browser), with both .wasm files
//   copied beside the bundle, as a site's build would.
// The test serves everything itself on 127.0.0.1 and fails on any console
// error, page error, or request that leaves 127.0.0.1.

import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { basename, dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { fileUnder, launchChromium, launchFirefox, runResultsPage, sendFile } from "../browsers.mjs";
import { checks } from "./checks.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const scratch = join(here, "scratch");
const installed = join(scratch, "node_modules", "elicit-form");
const bundleDir = join(scratch, "page-bundle");
const data = join(here, "..", "data");
const MCP_WASM = "mcp-2026-07-28/elicit_form_mcp_2026_07_28_bg.wasm";
const UI_WASM = "ui/elicit_form_ui_bg.wasm";
const MCP_UI_WASM = "mcp-2026-07-28/ui/elicit_form_mcp_2026_07_28_ui_bg.wasm";
const WASMS = ["elicit_form_bg.wasm", MCP_WASM, UI_WASM, MCP_UI_WASM];
const vectorFiles = ["/backend-vectors.jsonl", "/mcp-2026-07-28-vectors.jsonl"];
const expectedChecks = checks({}, readFileSync(join(data, "backend-vectors.jsonl"), "utf8"), "").map(([name]) => name);

const HEAD = '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">';
const RUN = `
  const [vectors, profileVectors] = await Promise.all(${JSON.stringify(vectorFiles)}.map(async (file) => (await fetch(file)).text()));
  window.__results = await runChecks(api, vectors, profileVectors, mcp, { backend: ui, mcp: mcpUi });`;
const IMPORTS = `import * as api from "elicit-form";
  import * as mcp from "elicit-form/mcp-2026-07-28";
  import * as ui from "elicit-form/ui";
  import * as mcpUi from "elicit-form/mcp-2026-07-28/ui";`;

const PAGES = {
  "/import-map.html": `${HEAD}
<script type="importmap">{ "imports": { "elicit-form": "/node_modules/elicit-form/browser.js",
  "elicit-form/mcp-2026-07-28": "/node_modules/elicit-form/mcp-2026-07-28/browser.js",
  "elicit-form/ui": "/node_modules/elicit-form/ui/browser.js",
  "elicit-form/mcp-2026-07-28/ui": "/node_modules/elicit-form/mcp-2026-07-28/ui/browser.js" } }</script>
<script type="module">
  ${IMPORTS}
  import { runChecks } from "/checks.mjs";
  ${RUN}
</script>`,
  "/bundle.html": `${HEAD}<script type="module" src="/page-bundle/page.js"></script>`,
  // The package served where its .wasm is missing: the host loads it itself.
  "/host-loads-wasm.html": `${HEAD}
<script type="importmap">{ "imports": { "elicit-form": "/without-wasm/elicit-form/browser.js" } }</script>
<script type="module">
  import * as api from "elicit-form";
  const steps = {};
  try { api.fingerprint({}); } catch (error) { steps.before = error.message; }
  await api.init({ module_or_path: fetch("/node_modules/elicit-form/elicit_form_bg.wasm") });
  steps.constants = [api.MAX_FORM_PROPERTIES, api.FORM_ANSWER_TTL_MS];
  steps.after = api.questions({ type: "object", properties: { ok: { type: "boolean" } } }, "s")[0].id;
  window.__results = steps;
</script>`,
};

function serve(request, response) {
  const path = new URL(request.url, "http://127.0.0.1").pathname;
  let file;
  if (path in PAGES) {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    return response.end(PAGES[path]);
  }
  // The suite and the assertions it imports (as "./assertions.mjs").
  if (path === "/checks.mjs" || path === "/assertions.mjs") file = join(here, path.slice(1));
  else if (vectorFiles.includes(path)) file = join(data, path.slice(1));
  else if (path.startsWith("/node_modules/"))
    file = fileUnder(join(scratch, "node_modules"), path.slice("/node_modules/".length));
  else if (path.startsWith("/without-wasm/") && !path.endsWith(".wasm"))
    file = fileUnder(join(scratch, "node_modules"), path.slice("/without-wasm/".length));
  else if (path.startsWith("/page-bundle/")) file = fileUnder(bundleDir, path.slice("/page-bundle/".length));
  sendFile(response, file);
}

let server;
let origin;
const browsers = {};
let bundledInputs = [];

before(async () => {
  rmSync(bundleDir, { recursive: true, force: true });
  mkdirSync(bundleDir, { recursive: true });
  const bundled = await build({
    stdin: {
      contents: `${IMPORTS}\nimport { runChecks } from ${JSON.stringify(join(here, "checks.mjs"))};\n${RUN}`,
      resolveDir: scratch,
      sourcefile: "page.js",
    },
    outfile: join(bundleDir, "page.js"),
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    metafile: true,
    logLevel: "warning",
  });
  bundledInputs = Object.keys(bundled.metafile.inputs);
  // Each entry fetches new URL("./<its wasm>", import.meta.url): beside the bundle.
  for (const wasm of WASMS) copyFileSync(join(installed, wasm), join(bundleDir, basename(wasm)));

  server = createServer(serve);
  await new Promise((ready) => server.listen(0, "127.0.0.1", ready));
  origin = `http://127.0.0.1:${server.address().port}`;
  browsers.Chromium = await launchChromium();
  browsers.Firefox = await launchFirefox();
});

after(async () => {
  for (const browser of Object.values(browsers)) await browser.close();
  server?.close();
});

function runPage(engine, path) {
  return runResultsPage(browsers[engine], `${origin}${path}`, { timeout: 180_000 });
}

for (const [engine, page, path, wasmPath] of ["Chromium", "Firefox"].flatMap((engine) => [
  [
    engine,
    "import map, no bundler",
    "/import-map.html",
    WASMS.map((wasm) => `/node_modules/elicit-form/${wasm}`).sort(),
  ],
  [engine, "esbuild bundle", "/bundle.html", WASMS.map((wasm) => `/page-bundle/${basename(wasm)}`).sort()],
])) {
  const label = `${engine}, ${page}`;
  let run;
  test(`${label}: the page loads each entry's wasm once and runs every check with no console error`, async () => {
    run = await runPage(engine, path);
    assert.deepEqual(run.problems, []);
    assert.deepEqual([...run.wasmRequests].sort(), wasmPath);
    assert.deepEqual(
      run.results.map((r) => r.name),
      expectedChecks,
    );
  });
  for (const [index, name] of expectedChecks.entries()) {
    test(`${label}: ${name}`, () => {
      const result = run?.results[index];
      assert.equal(result?.name, name, "the page ran this check");
      assert.ok(result.ok, result.error);
    });
  }
}

test("Chromium, esbuild bundle: the bundle took each entry's browser.js", () => {
  assert.ok(
    bundledInputs.some((f) => f.endsWith("node_modules/elicit-form/browser.js")),
    bundledInputs.join(", "),
  );
  for (const dir of ["mcp-2026-07-28/", "ui/", "mcp-2026-07-28/ui/"]) {
    assert.ok(
      bundledInputs.some((f) => f.endsWith(`node_modules/elicit-form/${dir}browser.js`)),
      bundledInputs.join(", "),
    );
  }
  assert.ok(
    !bundledInputs.some((f) => /elicit-form\/(mcp-2026-07-28\/)?(ui\/)?(node|workerd)\.js$/.test(f)),
    "no other entry",
  );
});

for (const engine of ["Chromium", "Firefox"]) {
  test(`${engine}: when the .wasm cannot be fetched, the import still completes, calls say to init(), and init() loads it`, async () => {
    const { results, problems } = await runPage(engine, "/host-loads-wasm.html");
    assert.match(
      results.before,
      /^elicit-form: the wasm module is not loaded \(loading it failed: .+\); call init\(\) or initSync\(\{ module \}\) first$/,
    );
    assert.deepEqual(results.constants, [16, 1_800_000]);
    assert.equal(results.after, "ok");
    assert.ok(
      problems.every((p) => /404|without-wasm\/elicit-form\/elicit_form_bg\.wasm/.test(p)),
      problems.join("\n"),
    );
  });
}
