// Cloudflare Workers (workerd): the runtime hands the .wasm over as a compiled
// WebAssembly.Module (wrangler's CompiledWasm rule), instantiated synchronously.
import wasmModule from "./elicit_form_bg.wasm";
import { initSync } from "./core.js";

initSync({ module: wasmModule });

export * from "./api.js";
