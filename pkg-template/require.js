// The source of node.cjs, the entry for require() (scripts/build.mjs bundles
// it with core.js, api.js and the glue into one CommonJS file; it is not
// shipped itself). node.js's twin: node:fs is imported statically here, since
// a CommonJS bundle requires it, which is cheap, and cannot wait for an import.
import { readFileSync } from "node:fs";
import { initSync } from "./core.js";

initSync({ module: readFileSync(new URL("./elicit_form_bg.wasm", import.meta.url)) });

export * from "./api.js";
