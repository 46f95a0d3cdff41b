// Browsers and bundlers: the .wasm beside this file is fetched before the
// import completes (top-level await). If it cannot be fetched (a bundler that
// did not copy it, a content policy), the import still completes and every
// call says why until the host calls init() or initSync({ module }) itself.
import { init, noteLoadFailure } from "./core.js";

try {
  await init({ module_or_path: new URL("./elicit_form_bg.wasm", import.meta.url) });
} catch (error) {
  noteLoadFailure(error);
}

export * from "./api.js";
