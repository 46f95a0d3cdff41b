// Node.js (and Deno, Bun): the wasm is read from beside this file and
// instantiated synchronously, so the import needs no set-up call.
// node:fs comes from process.getBuiltinModule where there is one (Node 20.16+,
// Deno, Bun): an ES import of node:fs builds its module facade, which reads
// every export of fs and so loads fs.promises, about 2.5 ms of a cold import
// (bench/breakdown.mjs). require.js is this entry's twin for require().
import { initSync } from "./core.js";

const { readFileSync } = globalThis.process?.getBuiltinModule?.("node:fs") ?? (await import("node:fs"));

initSync({ module: readFileSync(new URL("./elicit_form_bg.wasm", import.meta.url)) });

export * from "./api.js";
