// The package's layout, written once: the build (scripts/build.mjs) makes
// it and the size benchmark (bench/size.mjs) measures it.

/**
 * `elicit-form/url` is two wasm builds of the same sources: `wasmName`, the
 * URL rules for plain ASCII hosts (the crate's `url-mode-ascii` feature,
 * built from `manifest`, whose lockfile pins IDNA's data-free stub), which
 * every page loads; and this one, every rule (`url-mode`, the build's
 * `features`), with its own glue, which the entry loads when a host needs the
 * Unicode rules (pkg-template/url/*.js, docs/url-mode.md).
 */
export const URL_UNICODE = {
  manifest: "crates/url-ascii/Cargo.toml",
  artifact: "elicit_form_url_ascii.wasm",
  wasmName: "elicit_form_url_unicode_bg.wasm",
  glue: "elicit_form_unicode.js",
};

/**
 * The five builds, each a wasm of its own in a directory of pkg/: its cargo
 * features, whether it is a ui build (no answers on record, built for size),
 * and its .wasm's name. The four form builds have the crate's form exports
 * (`form-exports`, which `records` implies); the fifth, `elicit-form/url`,
 * has the URL rules and their records alone (`url-mode`), so neither kind of
 * page downloads the other's rules. Its wasm is built for size like a ui
 * build's: a page downloads it. Each wasm has a name of its own so that a bundle
 * holding several entries can have their files side by side (esbuild leaves
 * `new URL("./….wasm", import.meta.url)` to the host; wrangler-style bundlers
 * keep each .wasm as a module named after its file). `key` names the build
 * in the size benchmark's figures; the two with the MCP 2026-07-28 profile
 * share a cargo target directory of their own (`mcp-2026-07-28`).
 */
export const BUILDS = [
  { key: "backend", name: "backend", dir: "", features: ["records"], wasmName: "elicit_form_bg.wasm" },
  { key: "ui", name: "backend, ui", dir: "ui", features: ["form-exports"], wasmName: "elicit_form_ui_bg.wasm", ui: true },
  {
    key: "mcp",
    name: "mcp-2026-07-28",
    dir: "mcp-2026-07-28",
    features: ["mcp-2026-07-28", "records"],
    wasmName: "elicit_form_mcp_2026_07_28_bg.wasm",
  },
  {
    key: "mcpUi",
    name: "mcp-2026-07-28, ui",
    dir: "mcp-2026-07-28/ui",
    features: ["mcp-2026-07-28", "form-exports"],
    wasmName: "elicit_form_mcp_2026_07_28_ui_bg.wasm",
    ui: true,
  },
  {
    key: "url",
    name: "url",
    dir: "url",
    features: ["url-mode"],
    wasmName: "elicit_form_url_bg.wasm",
    url: true,
    unicode: URL_UNICODE,
  },
];

/** The glue's file, which an entry either has inside or imports beside it. */
export const GLUE = "elicit_form.js";

/**
 * The runtime entries of each build, with where each has the glue. Each ES
 * entry is bundled with the package's core (scripts/build.mjs); node.js and
 * node.cjs take the glue in as well (one module), while browser.js and
 * workerd.js import it beside them, where a bundler or wrangler (which
 * follows imports anyway) finds it.
 */
export const RUNTIME_ENTRIES = [
  { runtime: "node (import)", file: "node.js", glueInside: true },
  { runtime: "node (require)", file: "node.cjs", glueInside: true },
  { runtime: "browser", file: "browser.js", glueInside: false },
  { runtime: "workerd", file: "workerd.js", glueInside: false },
];

/** The JS files a runtime entry loads, the entry first. */
export const filesOf = ({ file, glueInside }) => (glueInside ? [file] : [file, GLUE]);
