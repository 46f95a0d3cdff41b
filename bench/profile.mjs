// Where the time of one call goes: `node bench/profile.mjs [--quick]`.
//
// Splits each of our calls on the billing example (and the schema at every
// bound) into the three steps the package takes: JS turns the arguments into
// JSON text (JSON.stringify and the well-formedness check), the wasm export
// runs (UTF-8 encode into wasm memory, reading the JSON, the rules, writing
// the envelope, UTF-8 decode), and JS parses the envelope (JSON.parse). The
// wasm step is timed through the glue's function in pkg/elicit_form.js (an
// instance of the same wasm beside the node entry's own), beside the public
// call, so the steps should add up to about the whole.

import { INPUTS, SERVER_NAME } from "./inputs.mjs";
import { PKG, nodeEntry } from "./package.mjs";
import { formatNs, timeCall } from "./speed.mjs";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const quick = process.argv.includes("--quick");
const ef = await import(nodeEntry());
// The glue beside the browser and workerd entries, with an instance of its
// own: the node entry has its own copy of the glue inside (scripts/build.mjs).
const raw = await import(pathToFileURL(join(PKG, "elicit_form.js")).href);
raw.initSync({ module: readFileSync(join(PKG, "elicit_form_bg.wasm")) });

async function time(run) {
  return (await timeCall(run, quick ? 100 : 400)).median;
}

function wellFormed(text) {
  return text.isWellFormed();
}

for (const input of INPUTS.filter((input) => !input.refused)) {
  const { schema, answers } = input;
  const schemaText = JSON.stringify(schema);
  const answersText = JSON.stringify(answers);
  const envelopes = {
    questions: raw.questions(schemaText, SERVER_NAME),
    fingerprint: raw.fingerprint(schemaText),
    contentFromAnswers: raw.content_from_answers(schemaText, answersText),
    parseRequestedSchema: raw.parse_requested_schema(schemaText),
  };
  const steps = {
    "JS in: JSON.stringify(schema) + isWellFormed": () => wellFormed(JSON.stringify(schema)),
    "JS in: JSON.stringify(answers) + isWellFormed": () => wellFormed(JSON.stringify(answers)),
    "wasm: parse_requested_schema (text in, envelope text out)": () => raw.parse_requested_schema(schemaText),
    "wasm: questions": () => raw.questions(schemaText, SERVER_NAME),
    "wasm: fingerprint": () => raw.fingerprint(schemaText),
    "wasm: content_from_answers": () => raw.content_from_answers(schemaText, answersText),
    "JS out: JSON.parse(parseRequestedSchema envelope)": () => JSON.parse(envelopes.parseRequestedSchema),
    "JS out: JSON.parse(questions envelope)": () => JSON.parse(envelopes.questions),
    "JS out: JSON.parse(fingerprint envelope)": () => JSON.parse(envelopes.fingerprint),
    "JS out: JSON.parse(content envelope)": () => JSON.parse(envelopes.contentFromAnswers),
    "public: parseRequestedSchema(value)": () => ef.parseRequestedSchema(schema),
    "public: questions(value)": () => ef.questions(schema, SERVER_NAME),
    "public: fingerprint(value)": () => ef.fingerprint(schema),
    "public: contentFromAnswers(value)": () => ef.contentFromAnswers(schema, answers),
  };
  console.log(`\n${input.label}: schema ${schemaText.length} bytes; envelopes: ${Object.entries(envelopes).map(([name, text]) => `${name} ${text.length}`).join(", ")} bytes`);
  for (const [name, run] of Object.entries(steps)) {
    console.log(`  ${formatNs(await time(run)).padStart(10)}  ${name}`);
  }
}
