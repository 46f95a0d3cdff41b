// elicit-form/url for browsers and bundlers: pkg-template/browser.js, and the
// Unicode rules (the second wasm and its glue) fetched only when a link's
// host needs them, or when the page calls loadUnicodeRules(). Calls are
// synchronous: one for such a link before they arrive throws the refusal
// `unicodeRules` (nothing is shown) and starts the fetch; the consent card
// waits for them and then shows the link (docs/url-mode.md).
import { init, noteLoadFailure } from "./core.js";
import { unicodeRulesFrom } from "./url.js";

try {
  await init({ module_or_path: new URL("./elicit_form_bg.wasm", import.meta.url) });
} catch (error) {
  noteLoadFailure(error);
}
unicodeRulesFrom({
  later: async () => {
    const glue = await import("./elicit_form_unicode.js");
    const exports = await glue.default({ module_or_path: new URL("./elicit_form_url_unicode_bg.wasm", import.meta.url) });
    return { glue, exports };
  },
});

export * from "./api.js";
