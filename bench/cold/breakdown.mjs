// breakdown.cjs for an ES import of the instrumented entry (argv[2]: its
// URL; argv[3]: the schema, JSON text).
import { syncBuiltinESMExports } from "node:module";
import breakdown from "./breakdown.cjs";

const [, , entry, schemaText] = process.argv;
// breakdown.cjs patched fs.readFileSync; the ES view of node:fs follows it.
syncBuiltinESMExports();
await breakdown.measure(schemaText, () => import(entry));
