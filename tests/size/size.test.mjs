// The built package stays within its size budget (bench/size-budget.json):
// the default entry ("elicit-form", the backend profile only),
// "elicit-form/mcp-2026-07-28" (both profiles) and the ui entry of each (no
// answers on record) each within their own, and "elicit-form/url" (URL mode)
// within its own.
// Measures pkg/ as `npm run build` left it; builds nothing.

import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import { PKG, ROOT } from "../../bench/package.mjs";
import { elementSize, packageSizes } from "../../bench/size.mjs";

const budget = JSON.parse(readFileSync(join(ROOT, "bench", "size-budget.json"), "utf8"));
const sizes = packageSizes();

for (const [what, measured, limit, key] of [
  ["the default entry (backend profile only)", sizes, budget.maxGzipBytes, "maxGzipBytes"],
  ["elicit-form/mcp-2026-07-28 (both profiles)", sizes.mcp, budget.mcpMaxGzipBytes, "mcpMaxGzipBytes"],
  ["elicit-form/ui (backend profile only, no answers on record)", sizes.ui, budget.uiMaxGzipBytes, "uiMaxGzipBytes"],
  ["elicit-form/mcp-2026-07-28/ui (both profiles, no answers on record)", sizes.mcpUi, budget.mcpUiMaxGzipBytes,
    "mcpUiMaxGzipBytes"],
  ["elicit-form/url (the URL rules and their records only)", sizes.url, budget.urlMaxGzipBytes, "urlMaxGzipBytes"],
]) {
  test(`${what}: every runtime entry's wasm + JS fits the gzip budget`, (t) => {
    const { wasm, entries } = measured;
    assert.equal(typeof limit, "number", `bench/size-budget.json has ${key}`);
    assert.ok(entries.length >= 4, `expected the node, require, browser and workerd entries, found ${entries.map((e) => e.name)}`);
    t.diagnostic(`wasm: ${wasm.raw} bytes raw, ${wasm.gzip} gzip -9`);
    for (const entry of entries) {
      t.diagnostic(`${entry.name}: wasm + JS ${entry.total.gzip} bytes gzip -9 (JS ${entry.js.gzip}); budget ${limit}`);
    }
    for (const entry of entries) {
      assert.ok(
        entry.total.gzip <= limit,
        `the ${entry.name} entry loads ${entry.total.gzip} bytes gzip -9 (wasm ${wasm.gzip} + JS ${entry.js.gzip}), `
          + `over the budget of ${limit} (${key}) in bench/size-budget.json`,
      );
    }
  });
}

test("the default entry's wasm leaves the second profile out: smaller than the mcp-2026-07-28 entry's", () => {
  assert.ok(sizes.wasm.gzip < sizes.mcp.wasm.gzip,
    `backend only ${sizes.wasm.gzip} bytes gzip -9, both profiles ${sizes.mcp.wasm.gzip}`);
});

test("each ui entry's wasm leaves the answers on record out: smaller than its full entry's, and so is its JS", () => {
  for (const [ui, full, name] of [[sizes.ui, sizes, "elicit-form/ui"], [sizes.mcpUi, sizes.mcp, "elicit-form/mcp-2026-07-28/ui"]]) {
    assert.ok(ui.wasm.gzip < full.wasm.gzip, `${name}: ${ui.wasm.gzip} bytes gzip -9 against ${full.wasm.gzip}`);
    assert.ok(ui.largest.js.gzip < full.largest.js.gzip, `${name}'s JS: ${ui.largest.js.gzip} against ${full.largest.js.gzip}`);
  }
});

for (const [what, dir] of [["<elicit-form>", ""], ["<elicit-form> with both profiles (elicit-form/mcp-2026-07-28/element)", "mcp-2026-07-28"],
  ["<elicit-form> of elicit-form/ui (elicit-form/ui/element)", "ui"],
  ["<elicit-form> of elicit-form/mcp-2026-07-28/ui (elicit-form/mcp-2026-07-28/ui/element)", "mcp-2026-07-28/ui"]]) {
  test(`${what} adds at most its gzip budget beyond its browser entry, and imports nothing else`, (t) => {
    const element = elementSize(join(PKG, dir));
    t.diagnostic(`${join(dir, "element.js")}: ${element.raw} bytes raw, ${element.gzip} gzip -9; budget ${budget.elementMaxGzipBytes}`);
    assert.deepEqual(element.imports, ["./browser.js"], "the element loads only the browser entry beside it");
    assert.ok(
      element.gzip <= budget.elementMaxGzipBytes,
      `element.js is ${element.gzip} bytes gzip -9, over the budget of ${budget.elementMaxGzipBytes} in bench/size-budget.json`,
    );
  });
}

// The shipped languages are modules of their own: a page downloads only those
// it imports, and the element carries English alone.
test("each shipped language of <elicit-form> is a module of its own within its gzip budget, importing nothing, and the element holds none of them", (t) => {
  const files = readdirSync(join(PKG, "element-messages")).filter((file) => file.endsWith(".js")).sort();
  assert.deepEqual(files, ["ar.js", "de.js"]);
  const element = readFileSync(join(PKG, "element.js"), "utf8");
  for (const file of files) {
    const source = readFileSync(join(PKG, "element-messages", file));
    const gzip = gzipSync(source, { level: 9 }).length;
    t.diagnostic(`element-messages/${file}: ${source.length} bytes raw, ${gzip} gzip -9; budget ${budget.languageMaxGzipBytes}`);
    assert.ok(gzip <= budget.languageMaxGzipBytes, `element-messages/${file} is ${gzip} bytes gzip -9, over ${budget.languageMaxGzipBytes}`);
    assert.doesNotMatch(source.toString(), /^\s*import\b/m, `${file} imports nothing`);
    const submit = /submit: "([^"]+)"/.exec(source.toString())[1];
    assert.ok(!element.includes(submit), `element.js does not carry ${file}'s words (${submit})`);
  }
});

// The URL-mode consent card is a module of the URL entry (pkg/url/element.js):
// only a page that imports elicit-form/url/element downloads it (and the URL
// wasm its browser entry loads); the element itself carries none of it.
test("the URL-mode consent card (elicit-form/url/element) is a module of the URL entry within its gzip budget, importing only that entry's browser entry", (t) => {
  const card = elementSize(join(PKG, "url"));
  t.diagnostic(`url/element.js: ${card.raw} bytes raw, ${card.gzip} gzip -9; budget ${budget.urlElementMaxGzipBytes}`);
  assert.equal(typeof budget.urlElementMaxGzipBytes, "number", "bench/size-budget.json has urlElementMaxGzipBytes");
  assert.deepEqual(card.imports, ["./browser.js"], "the card loads only the URL entry's browser entry beside it");
  assert.ok(card.gzip <= budget.urlElementMaxGzipBytes,
    `url/element.js is ${card.gzip} bytes gzip -9, over the budget of ${budget.urlElementMaxGzipBytes} in bench/size-budget.json`);
});

// elicit-form/url's second wasm, every rule with the Unicode ones, and its
// glue are loaded only when a host needs them: the browser entry fetches them
// then (a dynamic import), so a page whose links have plain ASCII hosts
// downloads the browser entry, its glue and the first wasm, and no more.
const gzipOf = (file) => gzipSync(readFileSync(join(PKG, file)), { level: 9 }).length;

test("a browser page whose links have plain ASCII hosts downloads elicit-form/url's browser entry, its glue and the ASCII hosts' wasm, within its gzip budget", (t) => {
  const files = ["url/browser.js", "url/elicit_form.js", "url/elicit_form_url_bg.wasm"];
  const page = files.reduce((sum, file) => sum + gzipOf(file), 0);
  t.diagnostic(`${files.join(" + ")}: ${page} bytes gzip -9 (each file apart); budget ${budget.urlAsciiPageMaxGzipBytes}, issue 38's target 60000`);
  assert.equal(typeof budget.urlAsciiPageMaxGzipBytes, "number", "bench/size-budget.json has urlAsciiPageMaxGzipBytes");
  assert.ok(page <= budget.urlAsciiPageMaxGzipBytes,
    `the ASCII-host page downloads ${page} bytes gzip -9, over ${budget.urlAsciiPageMaxGzipBytes} (urlAsciiPageMaxGzipBytes)`);
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
  t.diagnostic(`url/elicit_form_url_unicode_bg.wasm + url/elicit_form_unicode.js: ${rules} bytes gzip -9; budget ${budget.urlUnicodeMaxGzipBytes}; the first wasm ${first}`);
  assert.equal(typeof budget.urlUnicodeMaxGzipBytes, "number", "bench/size-budget.json has urlUnicodeMaxGzipBytes");
  assert.ok(rules <= budget.urlUnicodeMaxGzipBytes, `${rules} bytes gzip -9, over ${budget.urlUnicodeMaxGzipBytes} (urlUnicodeMaxGzipBytes)`);
  // No confusables, no IDNA mapping in the first: a third of the second, or less.
  assert.ok(first * 2 < rules, `the first wasm is ${first} bytes gzip -9 against ${rules}`);
});

test("a page that renders forms only downloads no URL code: no element copy or form browser entry names the URL card, its words or the URL wasm", () => {
  for (const dir of ["", "ui", "mcp-2026-07-28", "mcp-2026-07-28/ui"]) {
    for (const file of ["element.js", "browser.js"]) {
      const source = readFileSync(join(PKG, dir, file), "utf8");
      for (const url of ["url/", "url_elicitation", "elicit_form_url", "urlElicitation", "asks you to open a link", "noopener"]) {
        assert.ok(!source.includes(url), `${join(dir, file)} mentions ${url}`);
      }
    }
  }
});

test("each shipped language of the URL card is a module of its own within the language budget, importing nothing", (t) => {
  const files = readdirSync(join(PKG, "url", "element-messages")).filter((file) => file.endsWith(".js")).sort();
  assert.deepEqual(files, ["ar.js", "de.js"]);
  const card = readFileSync(join(PKG, "url", "element.js"), "utf8");
  for (const file of files) {
    const source = readFileSync(join(PKG, "url", "element-messages", file));
    const gzip = gzipSync(source, { level: 9 }).length;
    t.diagnostic(`url/element-messages/${file}: ${source.length} bytes raw, ${gzip} gzip -9; budget ${budget.languageMaxGzipBytes}`);
    assert.ok(gzip <= budget.languageMaxGzipBytes, `url/element-messages/${file} is ${gzip} bytes gzip -9, over ${budget.languageMaxGzipBytes}`);
    assert.doesNotMatch(source.toString(), /^\s*import\b/m, `${file} imports nothing`);
    const open = /\bopen: "([^"]+)"/.exec(source.toString())[1];
    assert.ok(!card.includes(open), `url/element.js does not carry ${file}'s words (${open})`);
  }
});
