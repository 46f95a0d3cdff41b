// The same as elicit-form.mjs through `require` (CommonJS, no ES module
// loader): argv[2] is the node entry's URL; the require entry, node.cjs, is
// beside it.
const { fileURLToPath } = require("node:url");
const { join, dirname } = require("node:path");
const { fingerprint } = require(join(dirname(fileURLToPath(process.argv[2])), "node.cjs"));
const digest = fingerprint(JSON.parse(process.argv[3]));
if (digest.length !== 64) throw new Error(`unexpected fingerprint ${digest}`);
process.stdout.write(String(performance.now()));
