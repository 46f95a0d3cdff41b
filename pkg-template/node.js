// Node.js (and Deno, Bun): the wasm is read from beside this file and
// instantiated synchronously, so the import needs no set-up call.
import { readFileSync } from "node:fs";
import { initSync } from "./core.js";

initSync({ module: readFileSync(new URL("./elicit_form_bg.wasm", import.meta.url)) });

export * from "./api.js";
