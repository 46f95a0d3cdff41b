// The built package stays within its size budget (bench/size-budget.json):
// the default entry ("elicit-form", the backend profile only),
// "elicit-form/mcp-2026-07-28" (both profiles) and the ui entry of each (no
// answers on record) each within their own, and "elicit-form/url" (URL mode)
// within its own; and the pages with the cards (forms only, links only, both)
// each within theirs, counting what each downloads.
// Measures pkg/ as `npm run build` left it; builds nothing.

import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import { PKG, ROOT } from "../../bench/package.mjs";
import { PAGES, packageSizes, pageSizes } from "../../bench/size.mjs";
import { HOST_SHA256 } from "../../scripts/layout.mjs";

const budget = JSON.parse(readFileSync(join(ROOT, "bench", "size-budget.json"), "utf8"));
const sizes = packageSizes();

for (const [what, measured, limit, key] of [
  ["the default entry (backend profile only)", sizes, budget.maxGzipBytes, "maxGzipBytes"],
  ["elicit-form/mcp-2026-07-28 (both profiles)", sizes.mcp, budget.mcpMaxGzipBytes, "mcpMaxGzipBytes"],
  ["elicit-form/ui (backend profile only, no answers on record)", sizes.ui, budget.uiMaxGzipBytes, "uiMaxGzipBytes"],
  [
    "elicit-form/mcp-2026-07-28/ui (both profiles, no answers on record)",
    sizes.mcpUi,
    budget.mcpUiMaxGzipBytes,
    "mcpUiMaxGzipBytes",
  ],
  ["elicit-form/url (the URL rules and their records only)", sizes.url, budget.urlMaxGzipBytes, "urlMaxGzipBytes"],
]) {
  test(`${what}: every runtime entry's wasm + JS fits the gzip budget`, (t) => {
    const { wasm, entries } = measured;
    assert.equal(typeof limit, "number", `bench/size-budget.json has ${key}`);
    assert.ok(
      entries.length >= 4,
      `expected the node, require, browser and workerd entries, found ${entries.map((e) => e.name)}`,
    );
    t.diagnostic(`wasm: ${wasm.raw} bytes raw, ${wasm.gzip} gzip -9`);
    for (const entry of entries) {
      t.diagnostic(`${entry.name}: wasm + JS ${entry.total.gzip} bytes gzip -9 (JS ${entry.js.gzip}); budget ${limit}`);
    }
    for (const entry of entries) {
      assert.ok(
        entry.total.gzip <= limit,
        `the ${entry.name} entry loads ${entry.total.gzip} bytes gzip -9 (wasm ${wasm.gzip} + JS ${entry.js.gzip}), ` +
          `over the budget of ${limit} (${key}) in bench/size-budget.json`,
      );
    }
  });
}

test("the default entry's wasm leaves the second profile out: smaller than the mcp-2026-07-28 entry's", () => {
  assert.ok(
    sizes.wasm.gzip < sizes.mcp.wasm.gzip,
    `backend only ${sizes.wasm.gzip} bytes gzip -9, both profiles ${sizes.mcp.wasm.gzip}`,
  );
});

test("each ui entry's wasm leaves the answers on record out: smaller than its full entry's, and so is its JS", () => {
  for (const [ui, full, name] of [
    [sizes.ui, sizes, "elicit-form/ui"],
    [sizes.mcpUi, sizes.mcp, "elicit-form/mcp-2026-07-28/ui"],
  ]) {
    assert.ok(ui.wasm.gzip < full.wasm.gzip, `${name}: ${ui.wasm.gzip} bytes gzip -9 against ${full.wasm.gzip}`);
    assert.ok(
      ui.largest.js.gzip < full.largest.js.gzip,
      `${name}'s JS: ${ui.largest.js.gzip} against ${full.largest.js.gzip}`,
    );
  }
});

// A page with the cards downloads each file once, gzip -9 on its own: each
// card, the DOM helpers they share, the browser entries, their glue and
// their wasm.
const pages = Object.fromEntries(Object.entries(PAGES).map(([name, specifiers]) => [name, pageSizes(specifiers)]));
// Every entry's element, each a forms-only page of its own.
const ELEMENT_DIRS = ["", "ui/", "mcp-2026-07-28/", "mcp-2026-07-28/ui/"];
const formsPages = ELEMENT_DIRS.map((dir) => pageSizes([`elicit-form/${dir}element`]));
const pageText = (page) =>
  page.files
    .filter(({ file }) => file.endsWith(".js"))
    .map(({ file }) => readFileSync(join(PKG, file), "utf8"))
    .join("\n");

for (const [name, what, key] of [
  ["forms", "forms only", "formsPageMaxGzipBytes"],
  ["links", "links only", "linksPageMaxGzipBytes"],
  ["both", "forms and links", "bothPageMaxGzipBytes"],
]) {
  const page = pages[name];
  test(`a page with ${what} (${page.specifiers.join(" + ")}) downloads at most its gzip budget, each file once`, (t) => {
    const limit = budget[key];
    assert.equal(typeof limit, "number", `bench/size-budget.json has ${key}`);
    for (const { file, raw, gzip } of page.files) t.diagnostic(`${file}: ${raw} bytes raw, ${gzip} gzip -9`);
    t.diagnostic(`JS ${page.js.gzip} + wasm ${page.wasm.gzip} = ${page.total.gzip} bytes gzip -9; budget ${limit}`);
    const files = page.files.map(({ file }) => file);
    assert.equal(new Set(files).size, files.length, "each file counted once");
    assert.ok(
      page.total.gzip <= limit,
      `the page downloads ${page.total.gzip} bytes gzip -9 (JS ${page.js.gzip}, wasm ${page.wasm.gzip}), over ${limit} (${key})`,
    );
  });
}

test("a forms-only page's JS stays within its budget (the element, the DOM helpers, the browser entry and its glue)", (t) => {
  const { js } = pages.forms;
  t.diagnostic(`forms-only page JS: ${js.raw} bytes raw, ${js.gzip} gzip -9; budget ${budget.formsPageJsMaxGzipBytes}`);
  assert.equal(typeof budget.formsPageJsMaxGzipBytes, "number", "bench/size-budget.json has formsPageJsMaxGzipBytes");
  assert.ok(
    js.gzip <= budget.formsPageJsMaxGzipBytes,
    `a forms-only page's JS is ${js.gzip} bytes gzip -9, over ${budget.formsPageJsMaxGzipBytes} (formsPageJsMaxGzipBytes)`,
  );
});

test("each entry's element loads that entry's browser entry, glue and wasm, nothing else (the DOM helpers are inside it), and the host's SHA-256 beside a full entry's glue only", () => {
  for (const [at, dir] of ELEMENT_DIRS.entries()) {
    const wasm = readdirSync(join(PKG, dir))
      .filter((file) => file.endsWith(".wasm"))
      .map((file) => dir + file);
    assert.equal(wasm.length, 1, `one wasm in ${dir || "pkg/"}`);
    // The ui entries' glue does not import it: a page that cares for its
    // bytes does not download it.
    const host = dir.endsWith("ui/") ? [] : [HOST_SHA256];
    assert.deepEqual(
      formsPages[at].files.map(({ file }) => file).sort(),
      [...["element.js", "browser.js", "elicit_form.js", ...host].map((file) => dir + file), ...wasm].sort(),
    );
  }
});

test("the URL-mode consent card loads its own entry (browser entry, glue, wasm) and no module of the element's: it gets the DOM helpers from the element, so a page with both cards loads them once", () => {
  const card = pageSizes(["elicit-form/url/element"]).files.map(({ file }) => file);
  assert.deepEqual(card.sort(), [
    "url/browser.js",
    "url/element.js",
    "url/elicit_form.js",
    "url/elicit_form_url_bg.wasm",
  ]);
  const both = pages.both.files.map(({ file }) => file);
  assert.deepEqual(both.sort(), [...pages.forms.files.map(({ file }) => file), ...card].sort());
});

// The shipped languages are modules of their own: a page downloads only those
// it imports, and the element carries English alone.
test("each shipped language of <elicit-form> is a module of its own within its gzip budget, importing nothing, and the element holds none of them", (t) => {
  const files = readdirSync(join(PKG, "element-messages"))
    .filter((file) => file.endsWith(".js"))
    .sort();
  assert.deepEqual(files, ["ar.js", "de.js"]);
  const element = pageText(pages.forms);
  for (const file of files) {
    const source = readFileSync(join(PKG, "element-messages", file));
    const gzip = gzipSync(source, { level: 9 }).length;
    t.diagnostic(
      `element-messages/${file}: ${source.length} bytes raw, ${gzip} gzip -9; budget ${budget.languageMaxGzipBytes}`,
    );
    assert.ok(
      gzip <= budget.languageMaxGzipBytes,
      `element-messages/${file} is ${gzip} bytes gzip -9, over ${budget.languageMaxGzipBytes}`,
    );
    assert.doesNotMatch(source.toString(), /^\s*import\b/m, `${file} imports nothing`);
    const submit = /submit: "([^"]+)"/.exec(source.toString())[1];
    assert.ok(!element.includes(submit), `a forms-only page does not carry ${file}'s words (${submit})`);
  }
});

// elicit-form/url's second wasm, every rule with the Unicode ones, and its
// glue are loaded only when a host needs them: the browser entry fetches them
// then (a dynamic import), so a page whose links have plain ASCII hosts
// downloads the browser entry, its glue and the first wasm, and no more.
const gzipOf = (file) => gzipSync(readFileSync(join(PKG, file)), { level: 9 }).length;

test("a browser page whose links have plain ASCII hosts downloads elicit-form/url's browser entry, its glue and the ASCII hosts' wasm, within its gzip budget", (t) => {
  const files = ["url/browser.js", "url/elicit_form.js", "url/elicit_form_url_bg.wasm"];
  const page = files.reduce((sum, file) => sum + gzipOf(file), 0);
  t.diagnostic(
    `${files.join(" + ")}: ${page} bytes gzip -9 (each file apart); budget ${budget.urlAsciiPageMaxGzipBytes}, issue 38's target 60000`,
  );
  assert.equal(typeof budget.urlAsciiPageMaxGzipBytes, "number", "bench/size-budget.json has urlAsciiPageMaxGzipBytes");
  assert.ok(
    page <= budget.urlAsciiPageMaxGzipBytes,
    `the ASCII-host page downloads ${page} bytes gzip -9, over ${budget.urlAsciiPageMaxGzipBytes} (urlAsciiPageMaxGzipBytes)`,
  );
  // What it does not download: the Unicode rules, named only by a dynamic import.
  const entry = readFileSync(join(PKG, "url", "browser.js"), "utf8");
  const statics = [...entry.matchAll(/(?:^|;)\s*import\s*[^;"(]*?from\s*"([^"]+)"/gm)].map((match) => match[1]);
  assert.deepEqual(statics.sort(), ["./elicit_form.js"], "the browser entry imports only its own glue statically");
  assert.match(entry, /import\("\.\/elicit_form_unicode\.js"\)/, "the Unicode rules' glue is a dynamic import");
  for (const file of files) {
    assert.ok(!readFileSync(join(PKG, file)).includes("elicit_form_unicode.js") || file === "url/browser.js", file);
  }
});

test("the Unicode rules elicit-form/url loads when a host needs them (their wasm and glue) fit the full build's gzip budget, and the first wasm leaves them out", (t) => {
  const rules = gzipOf("url/elicit_form_url_unicode_bg.wasm") + gzipOf("url/elicit_form_unicode.js");
  const first = gzipOf("url/elicit_form_url_bg.wasm");
  t.diagnostic(
    `url/elicit_form_url_unicode_bg.wasm + url/elicit_form_unicode.js: ${rules} bytes gzip -9; budget ${budget.urlUnicodeMaxGzipBytes}; the first wasm ${first}`,
  );
  assert.equal(typeof budget.urlUnicodeMaxGzipBytes, "number", "bench/size-budget.json has urlUnicodeMaxGzipBytes");
  assert.ok(
    rules <= budget.urlUnicodeMaxGzipBytes,
    `${rules} bytes gzip -9, over ${budget.urlUnicodeMaxGzipBytes} (urlUnicodeMaxGzipBytes)`,
  );
  // No confusables, no IDNA mapping in the first: a third of the second, or less.
  assert.ok(first * 2 < rules, `the first wasm is ${first} bytes gzip -9 against ${rules}`);
});

test("a page that renders forms only downloads no URL code: no file a forms-only page loads names the URL card, its words or the URL wasm", () => {
  for (const page of formsPages) {
    for (const { file } of page.files.filter(({ file: name }) => name.endsWith(".js"))) {
      const source = readFileSync(join(PKG, file), "utf8");
      for (const url of [
        "url/",
        "url_elicitation",
        "elicit_form_url",
        "urlElicitation",
        "asks you to open a link",
        "noopener",
      ]) {
        assert.ok(!source.includes(url), `${file} mentions ${url}`);
      }
    }
  }
});

test("each shipped language of the URL card is a module of its own within the language budget, importing nothing", (t) => {
  const files = readdirSync(join(PKG, "url", "element-messages"))
    .filter((file) => file.endsWith(".js"))
    .sort();
  assert.deepEqual(files, ["ar.js", "de.js"]);
  const card = pageText(pageSizes(["elicit-form/url/element"]));
  for (const file of files) {
    const source = readFileSync(join(PKG, "url", "element-messages", file));
    const gzip = gzipSync(source, { level: 9 }).length;
    t.diagnostic(
      `url/element-messages/${file}: ${source.length} bytes raw, ${gzip} gzip -9; budget ${budget.languageMaxGzipBytes}`,
    );
    assert.ok(
      gzip <= budget.languageMaxGzipBytes,
      `url/element-messages/${file} is ${gzip} bytes gzip -9, over ${budget.languageMaxGzipBytes}`,
    );
    assert.doesNotMatch(source.toString(), /^\s*import\b/m, `${file} imports nothing`);
    const open = /\bopen: "([^"]+)"/.exec(source.toString())[1];
    assert.ok(!card.includes(open), `the URL card's files do not carry ${file}'s words (${open})`);
  }
});
