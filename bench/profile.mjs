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
//
// Then a round's phases (`prepareForm`, then its `contentFromAnswers`), each
// the difference of two raw calls that differ by that phase alone: the wasm
// keeps its reading of the last schema text, so a call on the text just read
// skips the reading, and one on the schema's twin (its properties reversed,
// so another text) does not. The phases:
// - boundary in: JSON.stringify and the well-formedness check, and the UTF-8
//   copy into wasm memory (TextEncoder.encodeInto, as the glue does);
// - reading and checking the schema: parse_requested_schema on a text not
//   yet read, less the same call on the text just read;
// - canonical text and hash: fingerprint on the text just read, less the
//   boundary's UTF-8 copy (and the comparison of the text with the last);
// - questions and their reply: questions on the text just read, less the
//   same (the reply is written as the questions are);
// - the answers and their content: content_from_answers on the text just
//   read, less the copy of both texts;
// - boundary out: the replies' UTF-8 decode (TextDecoder) and JSON.parse.
// `--phases` prints only these; ELICIT_FORM_PKG measures another build.

import { INPUTS, SERVER_NAME } from "./inputs.mjs";
import { PKG, nodeEntry } from "./package.mjs";
import { formatNs, timeCall } from "./speed.mjs";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const quick = process.argv.includes("--quick");
const phasesOnly = process.argv.includes("--phases");
const ef = await import(nodeEntry());
// The glue beside the browser and workerd entries, with an instance of its
// own: the node entry has its own copy of the glue inside (scripts/build.mjs).
const raw = await import(pathToFileURL(join(PKG, "elicit_form.js")).href);
const { memory } = raw.initSync({ module: readFileSync(join(PKG, "elicit_form_bg.wasm")) });

async function time(run) {
  return (await timeCall(run, quick ? 100 : 400)).median;
}

function wellFormed(text) {
  return text.isWellFormed();
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The texts' UTF-8 into the wasm's inbox, as core.js's `textsIn` writes a
 * call's JSON texts (the bench's texts are ASCII, so one `encodeInto` each):
 * their byte lengths, for the raw export.
 */
function copyIn(...texts) {
  let written = 0;
  return texts.map((text) => {
    const at = raw.inbox(written, text.length);
    const done = encoder.encodeInto(text, new Uint8Array(memory.buffer, at + written, text.length));
    written += done.written;
    return done.written;
  });
}

/** The reply's way out: its UTF-8 bytes decoded, then parsed. */
function replyOut(bytes) {
  return JSON.parse(decoder.decode(bytes));
}

/** A round's phases in nanoseconds (see the header). */
async function phases(input) {
  const { schema, answers } = input;
  const text = JSON.stringify(schema);
  const twin = JSON.stringify({
    ...schema,
    properties: Object.fromEntries(Object.entries(schema.properties).reverse()),
  });
  const answersText = JSON.stringify(answers);
  const twinSchema = JSON.parse(twin);
  let turn = 0;
  const fresh = () => ((turn ^= 1) ? text : twin);
  raw.fingerprint(...copyIn(text));
  const replies = [
    raw.prepare_form(...copyIn(text), SERVER_NAME),
    raw.content_from_answers(...copyIn(text, answersText)),
  ].map((reply) => encoder.encode(reply));
  const t = {
    stringify: await time(() => wellFormed(JSON.stringify(schema)) && wellFormed(JSON.stringify(answers))),
    copy: await time(() => copyIn(text)),
    copyBoth: await time(() => copyIn(text, answersText)),
    parseFresh: await time(() => raw.parse_requested_schema(...copyIn(fresh()))),
    parseCached: await time(() => raw.parse_requested_schema(...copyIn(text))),
    fingerprint: await time(() => raw.fingerprint(...copyIn(text))),
    questions: await time(() => raw.questions(...copyIn(text), SERVER_NAME)),
    content: await time(() => raw.content_from_answers(...copyIn(text, answersText))),
    out: await time(() => replies.map(replyOut)),
    round: await time(() => ef.prepareForm((turn ^= 1) ? schema : twinSchema, SERVER_NAME).contentFromAnswers(answers)),
  };
  return [
    ["boundary in: JSON.stringify + isWellFormed (schema, answers)", t.stringify],
    ["boundary in: UTF-8 into the inbox (schema, then schema and answers)", t.copy + t.copyBoth],
    ["reading and checking the schema", t.parseFresh - t.parseCached],
    ["canonical text and SHA-256 (fingerprint, less its copy in)", t.fingerprint - t.copy],
    ["questions and their reply (less the copy in)", t.questions - t.copy],
    ["answers read, checked, content written (less the copies in)", t.content - t.copyBoth],
    ["boundary out: UTF-8 decode + JSON.parse (both replies)", t.out],
    ["the public round (prepareForm + contentFromAnswers, the schema and its twin)", t.round],
  ];
}

for (const input of INPUTS.filter((input) => !input.refused)) {
  console.log(`\n${input.label}: a round's phases`);
  for (const [name, ns] of await phases(input)) console.log(`  ${formatNs(ns).padStart(10)}  ${name}`);
}

for (const input of INPUTS.filter((input) => !input.refused && !phasesOnly)) {
  const { schema, answers } = input;
  const schemaText = JSON.stringify(schema);
  const answersText = JSON.stringify(answers);
  const envelopes = {
    questions: raw.questions(...copyIn(schemaText), SERVER_NAME),
    fingerprint: raw.fingerprint(...copyIn(schemaText)),
    contentFromAnswers: raw.content_from_answers(...copyIn(schemaText, answersText)),
    parseRequestedSchema: raw.parse_requested_schema(...copyIn(schemaText)),
  };
  const steps = {
    "JS in: JSON.stringify(schema) + isWellFormed": () => wellFormed(JSON.stringify(schema)),
    "JS in: JSON.stringify(answers) + isWellFormed": () => wellFormed(JSON.stringify(answers)),
    "wasm: parse_requested_schema (text in, envelope text out)": () =>
      raw.parse_requested_schema(...copyIn(schemaText)),
    "wasm: questions": () => raw.questions(...copyIn(schemaText), SERVER_NAME),
    "wasm: fingerprint": () => raw.fingerprint(...copyIn(schemaText)),
    "wasm: content_from_answers": () => raw.content_from_answers(...copyIn(schemaText, answersText)),
    "JS out: JSON.parse(parseRequestedSchema envelope)": () => JSON.parse(envelopes.parseRequestedSchema),
    "JS out: JSON.parse(questions envelope)": () => JSON.parse(envelopes.questions),
    "JS out: JSON.parse(fingerprint envelope)": () => JSON.parse(envelopes.fingerprint),
    "JS out: JSON.parse(content envelope)": () => JSON.parse(envelopes.contentFromAnswers),
    "public: parseRequestedSchema(value)": () => ef.parseRequestedSchema(schema),
    "public: questions(value)": () => ef.questions(schema, SERVER_NAME),
    "public: fingerprint(value)": () => ef.fingerprint(schema),
    "public: contentFromAnswers(value)": () => ef.contentFromAnswers(schema, answers),
  };
  console.log(
    `\n${input.label}: schema ${schemaText.length} bytes; envelopes: ${Object.entries(envelopes)
      .map(([name, text]) => `${name} ${text.length}`)
      .join(", ")} bytes`,
  );
  for (const [name, run] of Object.entries(steps)) {
    console.log(`  ${formatNs(await time(run)).padStart(10)}  ${name}`);
  }
}
