// Writes the seed corpora for the fuzz targets from the backend vectors
// (tests/data/backend-vectors.jsonl) into fuzz/corpus/<target>/ (or DIR/<target>/),
// which libFuzzer reads and grows (and git ignores). Safe to run again: files are named by
// the SHA-1 of their content, as libFuzzer names what it adds.
//
// Layout of a seed (fuzz/src/lib.rs): schema JSON text, "\n", server name,
// "\n", answers as a JSON object. The credential target takes the whole input
// as text: credential-vocabulary texts, "server\ntool" storage keys and
// RFC 3339 timestamps.
//
//   node fuzz/seeds.mjs [DIR]
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const fuzz = dirname(fileURLToPath(import.meta.url));
const corpora = process.argv[2] ? resolve(process.argv[2]) : join(fuzz, "corpus");
const vectors = readFileSync(join(fuzz, "..", "tests", "data", "backend-vectors.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line));

const seeds = {
  parse: new Set(),
  answers: new Set(),
  credential: new Set(),
  differential: new Set(),
  json_reader: new Set(),
  url_mode: new Set(),
  url_backend: new Set(),
};

// The URL targets: each URL of the hostile-URL suite, then a newline and the
// message (for the backend's gate also with no message, its default text).
const urlSuite = JSON.parse(readFileSync(join(fuzz, "..", "tests", "data", "url-suite.json"), "utf8"));
for (const { url } of urlSuite.cases) {
  if (typeof url !== "string") continue;
  seeds.url_mode.add(`${url}\n${urlSuite.message}`);
  seeds.url_backend.add(`${url}\n${urlSuite.message}`);
  seeds.url_backend.add(`${url}\n`);
}

for (const vector of vectors) {
  switch (vector.op) {
    case "parse": {
      const seed = `${vector.schema_text}\n${vector.server}`;
      seeds.parse.add(seed);
      seeds.differential.add(seed);
      seeds.json_reader.add(vector.schema_text);
      // Accepted schemas, answered by bytes the fuzzer mutates.
      if (vector.expect.ok) seeds.answers.add(`${seed}\n`);
      seeds.credential.add(vector.server);
      break;
    }
    case "content": {
      const seed = `${vector.schema_text}\nbilling\n${JSON.stringify(vector.answers)}`;
      seeds.parse.add(`${vector.schema_text}\nbilling`);
      seeds.answers.add(seed);
      seeds.differential.add(seed);
      seeds.json_reader.add(JSON.stringify(vector.answers));
      break;
    }
    case "key":
      seeds.credential.add(`${vector.server}\n${vector.tool}`);
      break;
    case "names_a_credential":
      seeds.credential.add(vector.text);
      break;
    default:
      throw new Error(`unknown op ${vector.op}`);
  }
}

for (const timestamp of [
  "2026-11-29T21:21:11.123456789Z",
  "2026-11-29T21:21:11Z",
  "2026-11-29t23:21:11.5+02:00",
  "1969-12-31 23:59:59-00:30",
  "2024-02-29T00:00:00.000001z",
  "0000-01-01T00:00:00Z",
  "0000-01-01T00:00:00+00:01",
  "9999-12-31T23:59:59.999999999Z",
  "9999-12-31T23:59:59-00:01",
  "1900-02-28T12:00:00.100-23:59",
]) {
  seeds.credential.add(timestamp);
  // The differential target reads its server name as a timestamp too.
  seeds.differential.add(`{}\n${timestamp}`);
}

// The reader's numbers, escapes, records and errors.
for (const text of [
  "[0, -0, -0.0, 1e5, 1E+5, 1.5e-7, 18446744073709551616, -9223372036854775809, 1e309, 1e-400, 2.4703282292062328e-324]",
  "[1000000000000000.25, 9007199254740993, 1e2147483648, 0e2147483648, 123456789012345678901234567890.5e-3]",
  '"\\u00e9\\uD83D\\uDE00\\b\\f\\n\\r\\t\\"\\\\\\/"',
  '{"a":1,"a":2,"b":{"c":[true,false,null]}}',
  '{"server":"s","tool":"t","fingerprint":"f","action":"accept","answers":{"a":{"selected":["x"],"other_text":null}},"expires_at":"2026-12-01T10:00:00Z"}',
  "[1,]", '{"a":1,}', '"\\uDE00"', "01", "1.", "-", "nul", "[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]",
]) {
  seeds.json_reader.add(text);
}

let total = 0;
for (const [target, texts] of Object.entries(seeds)) {
  const dir = join(corpora, target);
  mkdirSync(dir, { recursive: true });
  for (const text of texts) {
    const bytes = Buffer.from(text, "utf8");
    writeFileSync(join(dir, createHash("sha1").update(bytes).digest("hex")), bytes);
  }
  total += texts.size;
  console.log(`seeds: ${texts.size} for ${target}`);
}
console.log(`seeds: ${total} in all, from ${vectors.length} vectors`);
