// UI rounds for an instruction count: `node bench/rounds.mjs DIR N [INPUT]`
// runs 200 warm-up rounds, then N rounds (prepareForm, then its
// contentFromAnswers), the input's schema and its twin (properties reversed)
// alternating, against the built package in DIR. INPUT is an id of
// inputs.mjs: `billing` (the default) or `bounds`. Under
// `valgrind --tool=callgrind`, (the count at N) minus (the count at 0), over
// N, is the instructions a round (the counts are in bench/FINDINGS.md).

import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { INPUTS, SERVER_NAME } from "./inputs.mjs";

const [dir, count, id = "billing"] = process.argv.slice(2);
if (dir === undefined || !(Number(count) >= 0)) throw new Error("usage: node bench/rounds.mjs DIR N [INPUT]");
const input = INPUTS.find((candidate) => candidate.id === id && !candidate.refused);
if (input === undefined) throw new Error(`bench/rounds.mjs: no input ${id} in inputs.mjs`);
const twin = { ...input.schema, properties: Object.fromEntries(Object.entries(input.schema.properties).reverse()) };
const ef = await import(pathToFileURL(join(resolve(dir), "node.js")).href);
const round = (index) => ef.prepareForm(index & 1 ? input.schema : twin, SERVER_NAME).contentFromAnswers(input.answers);
for (let index = 0; index < 200; index += 1) round(index);
for (let index = 0; index < Number(count); index += 1) round(index);
