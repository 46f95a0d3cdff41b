// `node bench/paired.mjs ENTRY PAIRS`: the paired billing rounds of
// speed.mjs's pairedTargets through one package entry (say `./ui`), in a
// process of its own, printed as JSON on stdout (run.mjs reads it).

import { pairedTargets } from "./speed.mjs";

const [entry, pairs] = process.argv.slice(2);
if (entry === undefined || !(Number(pairs) > 0)) throw new Error("usage: node bench/paired.mjs ENTRY PAIRS");
const results = await pairedTargets({
  entry,
  rounds: ["UI round, prepareForm"],
  pairs: Number(pairs),
  log: (line) => console.error(line),
});
console.log(JSON.stringify(results));
