// Billing UI rounds for an instruction count: `node bench/rounds.mjs DIR N`
// runs 200 warm-up rounds, then N rounds (prepareForm, then its
// contentFromAnswers), the billing schema and its twin (properties reversed)
// alternating, against the built package in DIR. Under
// `valgrind --tool=callgrind`, (the count at N) minus (the count at 0), over
// N, is the instructions a round (bench/FINDINGS.md, "Session 6").

import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { INPUTS, SERVER_NAME } from "./inputs.mjs";

const [dir, count] = process.argv.slice(2);
if (dir === undefined || !(Number(count) >= 0)) throw new Error("usage: node bench/rounds.mjs DIR N");
const billing = INPUTS.find((input) => input.id === "billing");
const twin = { ...billing.schema, properties: Object.fromEntries(Object.entries(billing.schema.properties).reverse()) };
const ef = await import(pathToFileURL(join(resolve(dir), "node.js")).href);
const round = (index) => ef.prepareForm(index & 1 ? billing.schema : twin, SERVER_NAME).contentFromAnswers(billing.answers);
for (let index = 0; index < 200; index += 1) round(index);
for (let index = 0; index < Number(count); index += 1) round(index);
