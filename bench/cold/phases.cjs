// The CommonJS twin of phases.mjs: the same phases for `require` of the
// package's node.cjs (argv[2]: the node entry's URL, node.cjs beside it;
// argv[3]: the schema, JSON text), in a process with no ES module loader.
// Prints one JSON line, milliseconds (timing.cjs).
const atScript = performance.now();
const { fileURLToPath } = require("node:url");
const { measure } = require("./timing.cjs");

const [, , entry, schemaText] = process.argv;
// The path is worked out first: a process's first URL and fileURLToPath take
// a few tenths of a millisecond, which are not the package's.
const file = fileURLToPath(new URL("node.cjs", entry));
// `require` is synchronous, so the load is timed exactly as it runs.
measure(atScript, schemaText, () => require(file));
