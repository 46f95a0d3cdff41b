// The built package stays within its size budget (bench/size-budget.json).
// Measures pkg/ as `npm run build` left it; builds nothing.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { ROOT } from "../../bench/package.mjs";
import { elementSize, packageSizes } from "../../bench/size.mjs";

const budget = JSON.parse(readFileSync(join(ROOT, "bench", "size-budget.json"), "utf8"));

test("every runtime entry's wasm + JS fits the gzip budget", (t) => {
  const { wasm, entries } = packageSizes();
  assert.ok(entries.length >= 4, `expected the node, require, browser and workerd entries, found ${entries.map((e) => e.name)}`);
  t.diagnostic(`wasm: ${wasm.raw} bytes raw, ${wasm.gzip} gzip -9`);
  for (const entry of entries) {
    t.diagnostic(`${entry.name}: wasm + JS ${entry.total.gzip} bytes gzip -9 (JS ${entry.js.gzip}); budget ${budget.maxGzipBytes}`);
  }
  for (const entry of entries) {
    assert.ok(
      entry.total.gzip <= budget.maxGzipBytes,
      `the ${entry.name} entry loads ${entry.total.gzip} bytes gzip -9 (wasm ${wasm.gzip} + JS ${entry.js.gzip}), `
        + `over the budget of ${budget.maxGzipBytes} in bench/size-budget.json`,
    );
  }
});

test("<elicit-form> adds at most its gzip budget beyond the browser entry, and imports nothing else", (t) => {
  const element = elementSize();
  t.diagnostic(`element.js: ${element.raw} bytes raw, ${element.gzip} gzip -9; budget ${budget.elementMaxGzipBytes}`);
  assert.deepEqual(element.imports, ["./browser.js"], "the element loads only the browser entry besides itself");
  assert.ok(
    element.gzip <= budget.elementMaxGzipBytes,
    `element.js is ${element.gzip} bytes gzip -9, over the budget of ${budget.elementMaxGzipBytes} in bench/size-budget.json`,
  );
});
