// The source of elicit-form/url's node.cjs: pkg-template/require.js, and the
// Unicode rules read and instantiated synchronously on the first link whose
// host needs them, as url/node.js does.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { initSync } from "./core.js";
import { unicodeRulesFrom } from "./url.js";
import * as glue from "./elicit_form_unicode.js";

initSync({ module: readFileSync(join(__dirname, "./elicit_form_bg.wasm")) });
unicodeRulesFrom({
  now: () => ({ glue, exports: glue.initSync({ module: readFileSync(join(__dirname, "./elicit_form_url_unicode_bg.wasm")) }) }),
});

export * from "./api.js";
