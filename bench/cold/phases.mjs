// One fresh process's start-up, split into phases: how long the package's
// entry spends reading the .wasm, compiling it (new WebAssembly.Module) and
// instantiating it (new WebAssembly.Instance), the rest of the import (the
// JS modules, wasm-bindgen's start function, the first export call that reads
// the bounds), and then the first fingerprint, for an ES import of the entry
// (phases.cjs is the same for require). argv[2]: the entry's URL; argv[3]:
// the schema (JSON text). Hooks
// WebAssembly.Module and WebAssembly.Instance (and fs.readFileSync of the
// .wasm) before loading the entry, so the entry's own path is what is timed.
// Prints one JSON line, milliseconds (timing.cjs, shared with phases.cjs).
import { syncBuiltinESMExports } from "node:module";
import timing from "./timing.cjs";

const atScript = performance.now();
const [, , entry, schemaText] = process.argv;
// timing.cjs patched fs.readFileSync; the ES view of node:fs follows it.
syncBuiltinESMExports();
await timing.measure(atScript, schemaText, () => import(entry));
