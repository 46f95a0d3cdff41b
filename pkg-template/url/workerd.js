// elicit-form/url for Cloudflare Workers: pkg-template/workerd.js, and the
// Unicode rules' wasm handed over compiled too (wrangler's CompiledWasm
// rule), instantiated synchronously on the first link whose host needs them.
import wasmModule from "./elicit_form_bg.wasm";
import unicodeModule from "./elicit_form_url_unicode_bg.wasm";
import { initSync } from "./core.js";
import { unicodeRulesFrom } from "./url.js";
import * as glue from "./elicit_form_unicode.js";

initSync({ module: wasmModule });
unicodeRulesFrom({ now: () => ({ glue, exports: glue.initSync({ module: unicodeModule }) }) });

export * from "./api.js";
