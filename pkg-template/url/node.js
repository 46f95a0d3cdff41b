// elicit-form/url for Node.js (and Deno, Bun): pkg-template/node.js, and the
// Unicode rules (the second wasm and its glue, beside this file) read and
// instantiated synchronously on the first link whose host needs them, so no
// call ever waits or is refused for them.
import { initSync } from "./core.js";
import { unicodeRulesFrom } from "./url.js";
import * as glue from "./elicit_form_unicode.js";

const { readFileSync } = globalThis.process?.getBuiltinModule?.("node:fs") ?? (await import("node:fs"));

initSync({ module: readFileSync(new URL("./elicit_form_bg.wasm", import.meta.url)) });
unicodeRulesFrom({
  now: () => ({ glue, exports: glue.initSync({ module: readFileSync(new URL("./elicit_form_url_unicode_bg.wasm", import.meta.url)) }) }),
});

export * from "./api.js";
