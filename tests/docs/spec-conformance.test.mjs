// docs/spec-conformance.md cannot rot: every test it cites exists, and every
// row has a status the summary counts.
//
// A reference is an inline code span (a span in double backticks is notation, not a reference):
//   `path`               the file (or folder, ending in "/") exists;
//   `path › words`       the file exists and contains `words` (a test's name,
//                        or the part of it that is literal text).
// URL mode (issue 30) has landed whole, so nothing may be cited as pending
// any more: a `pending: ...` span fails, and a gap has to say "not proven"
// and propose its test.
//
// Reads the repository only; needs no build.
//
//   node --test tests/docs/spec-conformance.test.mjs

import assert from "node:assert/strict";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const DOC = join(root, "docs", "spec-conformance.md");
const text = readFileSync(DOC, "utf8");

const STATUSES = ["proven", "host's", "not proven"];
const REFERENCE_ROOTS = /^(tests|src|crates|adapters|examples|www|pkg-template|scripts|fuzz|bench)\//;

/** Every inline code span of the document outside fenced blocks, with its line. */
function codeSpans(markdown) {
  const spans = [];
  const lines = markdown.split("\n");
  let fenced = false;
  lines.forEach((line, index) => {
    if (line.startsWith("```")) fenced = !fenced;
    if (fenced) return;
    // ``...`` spans are the document's own notation for references (how to read one), not references.
    for (const [, span] of line.replace(/``.*?``/g, "").matchAll(/`([^`]+)`/g)) spans.push({ span, line: index + 1 });
  });
  return spans;
}

const spans = codeSpans(text);
const references = spans.filter(({ span }) => REFERENCE_ROOTS.test(span));
const pendings = spans.filter(({ span }) => /^pending\s*:/i.test(span));

/** The requirement rows: a table row whose first cell is an ID such as UI-1 or SAFE-7a. */
function rows(markdown) {
  const found = [];
  let section = "2026-07-28";
  markdown.split("\n").forEach((line, index) => {
    if (/^## Client requirements of 2025-11-25/.test(line)) section = "2025-11-25";
    else if (/^## Not on this page/.test(line)) section = null;
    const cells = line.startsWith("|")
      ? line
          .split("|")
          .slice(1, -1)
          .map((c) => c.trim())
      : [];
    if (cells.length !== 5 || !/^[A-Z]+-\d+[a-z]?$/.test(cells[0])) return;
    const [id, requirement, level, status, where] = cells;
    found.push({ id, requirement, level, status, where, section, line: index + 1 });
  });
  return found;
}

const requirementRows = rows(text);

test("the document cites tests: every reference names a file that exists", () => {
  assert.ok(references.length >= 40, `only ${references.length} references`);
  const missing = [];
  for (const { span, line } of references) {
    const [path] = span.split(" › ");
    if (!existsSync(join(root, path))) missing.push(`line ${line}: ${path}`);
    else if (path.endsWith("/") !== statSync(join(root, path)).isDirectory()) {
      missing.push(`line ${line}: ${path} is ${path.endsWith("/") ? "not a folder" : "a folder"}`);
    }
  }
  assert.deepEqual(missing, []);
});

test("every named test is in the file the document says", () => {
  const named = references.filter(({ span }) => span.includes(" › "));
  assert.ok(named.length >= 40, `only ${named.length} named tests`);
  const absent = [];
  for (const { span, line } of named) {
    const [path, words] = span.split(" › ");
    assert.ok(words.trim().length >= 8, `line ${line}: "${words}" is too short to name one test`);
    if (!existsSync(join(root, path))) continue; // reported by the test above
    if (!readFileSync(join(root, path), "utf8").includes(words)) absent.push(`line ${line}: ${path} has no "${words}"`);
  }
  assert.deepEqual(absent, []);
});

test("every requirement row has a known status, a level, and a proof or a reason", () => {
  assert.ok(requirementRows.length >= 30, `only ${requirementRows.length} rows`);
  const ids = requirementRows.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length, "IDs are unique");
  for (const row of requirementRows) {
    const where = `${row.id} (line ${row.line})`;
    assert.ok(STATUSES.includes(row.status), `${where}: status "${row.status}"`);
    assert.match(row.level, /^(MUST|MUST NOT|SHOULD|SHOULD NOT)$/, where);
    const spansHere = [...row.where.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    const proofs = spansHere.filter((s) => REFERENCE_ROOTS.test(s) && s.includes(" › "));
    if (row.status === "proven") assert.ok(proofs.length >= 1, `${where}: proven by no named test`);
    if (row.status === "not proven") assert.match(row.where, /Proposed:/, `${where}: not proven, and no test proposed`);
    if (row.status === "host's") assert.ok(row.where.length >= 80, `${where}: say what the host does`);
  }
});

test("the summary's counts are the rows' counts", () => {
  const summary = text.split("## Summary")[1].split("\n## ")[0];
  const stated = summary
    .split("\n")
    .filter((l) => /^\| (?!status |---|\*\*total)/.test(l))
    .map((l) => l.split("|")[1].trim());
  assert.deepEqual(stated, STATUSES, "the summary counts exactly the known statuses, in order");
  for (const status of STATUSES) {
    const line = summary.split("\n").find((l) => l.startsWith(`| ${status} |`));
    assert.ok(line, `the summary has a "${status}" line`);
    const [, modern, old] = line
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim());
    for (const [section, stated] of [
      ["2026-07-28", modern],
      ["2025-11-25", old],
    ]) {
      const counted = requirementRows.filter((r) => r.section === section && r.status === status).length;
      assert.equal(Number(stated), counted, `${status}, ${section}: the summary says ${stated}, the rows ${counted}`);
    }
  }
  const total = summary.split("\n").find((l) => l.startsWith("| **total** |"));
  const [, modern, old] = total
    .split("|")
    .slice(1, -1)
    .map((c) => Number(c.trim().replaceAll("*", "")));
  assert.equal(modern, requirementRows.filter((r) => r.section === "2026-07-28").length);
  assert.equal(old, requirementRows.filter((r) => r.section === "2025-11-25").length);
});

test('nothing is cited as pending: URL mode has landed, so a gap says "not proven"', () => {
  assert.deepEqual(
    pendings.map(({ span, line }) => `line ${line}: \`${span}\``),
    [],
  );
});
