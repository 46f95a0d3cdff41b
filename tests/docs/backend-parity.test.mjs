// docs/backend-parity.md cannot rot: every row names a rule of the backend,
// our code that keeps it, and a test that proves equality or the divergence
// with its reason; every file and test it cites exists.
//
// A row is a table row of three cells under a `## ` section:
//   1. the backend's rule: a code span `mcp/<file>.rs › name` or
//      `contracts/<file>.rs › name` (everruns-core 0.50.1's files);
//   2. our code: a code span `path › words` whose file exists and has the words;
//   3. a code span `tests/… › words` or `fuzz/… › words` (the file exists and
//      has the words: a test's name), or a cell that starts with
//      **Divergence:** and says why (at least 60 characters).
// A code span in double backticks is notation, not a reference.
//
// Reads the repository only; needs no build.
//
//   node --test tests/docs/backend-parity.test.mjs

import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const DOC = join(root, "docs", "backend-parity.md");
const text = readFileSync(DOC, "utf8");

const SECTIONS = ["Forms", "URL mode and consent", "Rounds", "Elicitation policy", "Resource reads", "Tasks"];
// The backend's files the reference holds (everruns-core 0.50.1 and everruns-contracts 0.50.1).
const BACKEND_FILES = [
  "mcp/form_elicitation.rs",
  "mcp/elicitation.rs",
  "mcp/http.rs",
  "mcp/http/mrtr.rs",
  "mcp/protocol.rs",
  "mcp/tasks.rs",
  "contracts/policy.rs",
  "contracts/capabilities-kv-prefixes.rs",
];
const OUR_ROOTS = /^(src|crates|pkg-template|adapters|examples|www|scripts)\//;
const PROOF_ROOTS = /^(tests|fuzz|src|crates|adapters|examples)\//;

/** The inline code spans of a text (``…`` spans are notation, left out). */
const spansOf = (cell) => [...cell.replace(/``.*?``/g, "").matchAll(/`([^`]+)`/g)].map((m) => m[1]);

/** The table rows of each `## ` section, outside fenced blocks. */
function rows(markdown) {
  const found = [];
  let section = null;
  let fenced = false;
  markdown.split("\n").forEach((line, index) => {
    if (line.startsWith("```")) fenced = !fenced;
    if (fenced) return;
    const heading = /^## (.+)$/.exec(line);
    if (heading) section = heading[1].trim();
    if (!line.startsWith("|") || /^\|\s*(backend rule|---)/.test(line)) return;
    // A `|` inside a code span is the span's, not a cell's end.
    const cells = line
      .replace(/`[^`]*`/g, (span) => span.replaceAll("|", "\u0000"))
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.replaceAll("\u0000", "|").trim());
    found.push({ section, cells, line: index + 1 });
  });
  return found;
}

const table = rows(text);

/** Why the reference `span` (a `path › words` span) does not hold, or null. */
function broken(span) {
  const [path, words] = span.split(" › ");
  if (!existsSync(join(root, path))) return `${path} does not exist`;
  if (words === undefined) return null;
  if (words.trim().length < 8) return `"${words}" is too short to name one thing`;
  return readFileSync(join(root, path), "utf8").includes(words) ? null : `${path} has no "${words}"`;
}

test("the document has its sections, in order", () => {
  const headings = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1].trim());
  assert.deepEqual(headings, SECTIONS);
});

test("Forms and URL mode and consent have their rows, each of three cells", () => {
  assert.ok(table.filter((r) => r.section === "Forms").length >= 10, "Forms rows");
  assert.ok(table.filter((r) => r.section === "URL mode and consent").length >= 20, "URL mode rows");
  for (const row of table) assert.equal(row.cells.length, 3, `line ${row.line}: ${row.cells.length} cells`);
});

test("every row names a rule of the backend by its file and function", () => {
  const bad = [];
  for (const { cells, line } of table) {
    const rule = spansOf(cells[0] ?? "").find((span) => span.includes(" › "));
    const [file, name] = rule === undefined ? [] : rule.split(" › ");
    if (!BACKEND_FILES.includes(file) || !/^[A-Za-z_][A-Za-z0-9_:]*$/.test(name ?? "")) {
      bad.push(`line ${line}: "${cells[0]}"`);
    }
  }
  assert.deepEqual(bad, []);
});

test("every row names our code, and it exists", () => {
  const bad = [];
  for (const { cells, line } of table) {
    const ours = spansOf(cells[1] ?? "").filter((span) => OUR_ROOTS.test(span));
    if (ours.length === 0) bad.push(`line ${line}: no code of ours named`);
    for (const span of ours) {
      const why = broken(span);
      if (why) bad.push(`line ${line}: ${why}`);
    }
  }
  assert.deepEqual(bad, []);
});

test("every row has a test that proves equality, or a stated divergence with its reason", () => {
  const bad = [];
  for (const { cells, line } of table) {
    const proof = cells[2] ?? "";
    const tests = spansOf(proof).filter((span) => PROOF_ROOTS.test(span) && span.includes(" › "));
    const divergence = /^\*\*Divergence:\*\*\s*(.*)$/.exec(proof);
    if (tests.length === 0 && (divergence === null || divergence[1].length < 60)) {
      bad.push(`line ${line}: no test and no stated divergence`);
    }
    for (const span of spansOf(proof).filter((s) => PROOF_ROOTS.test(s))) {
      const why = broken(span);
      if (why) bad.push(`line ${line}: ${why}`);
    }
  }
  assert.deepEqual(bad, []);
});
