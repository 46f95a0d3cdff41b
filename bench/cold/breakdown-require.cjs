// breakdown.cjs for `require` of the instrumented node.cjs (argv[2]: the node
// entry's URL, node.cjs beside it; argv[3]: the schema, JSON text).
const { fileURLToPath } = require("node:url");
const { measure } = require("./breakdown.cjs");

const [, , entry, schemaText] = process.argv;
// The path is worked out first, outside the timed load (as phases.cjs).
const file = fileURLToPath(new URL("node.cjs", entry));
measure(schemaText, () => require(file));
