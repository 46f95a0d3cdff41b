// The source of node.cjs, the entry for require() (scripts/build.mjs bundles
// it with core.js, api.js and the glue into one CommonJS file; it is not
// shipped itself, nor run as an ES module). node.js's twin: node:fs is
// imported statically here, since a CommonJS bundle requires it, which is
// cheap, and cannot wait for an import; and the .wasm is found by node.cjs's
// __dirname, a path, where turning __filename into a file URL and back was
// about 0.8 ms of a cold require (bench/FINDINGS.md, "Session 5").
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { initSync } from "./core.js";

initSync({ module: readFileSync(join(__dirname, "./elicit_form_bg.wasm")) });

export * from "./api.js";
