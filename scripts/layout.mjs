// The package's layout, written once: the build (scripts/build.mjs) makes
// it and the size benchmark (bench/size.mjs) measures it.

/**
 * `elicit-form/url` is two wasm builds of the same sources: `wasmName`, the
 * URL rules for plain ASCII hosts (the crate's `url-mode-ascii` feature,
 * built from `manifest`, whose lockfile pins IDNA's data-free stub), which
 * every page loads; and this one, every rule (`url-mode`, the build's
 * `features`), with its own glue, which the entry loads when a host needs the
 * Unicode rules (the url build's runtime entries, scripts/entries.mjs;
 * docs/url-mode.md). `pkg` and `artifact` are the package `manifest` holds
 * and the .wasm cargo writes for it; wasm-bindgen names the second wasm's
 * files after `wasmName` (`bindgenName`), and the build writes its glue as
 * `glue`.
 */
export const URL_UNICODE = {
  manifest: "crates/url-ascii/Cargo.toml",
  pkg: "elicit-form-url-ascii",
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
 * share a cargo target directory of their own (`mcp-2026-07-28`). `api`
 * names the parts of the public API its entries export (API_PARTS below);
 * `backendOnly`, that its wasm has the backend profile alone, so its
 * declarations give each profiled function the backend's overload only.
 */
export const BUILDS = [
  {
    key: "backend",
    name: "backend",
    dir: "",
    features: ["records", "host-sha256"],
    wasmName: "elicit_form_bg.wasm",
    api: ["forms", "records"],
    backendOnly: true,
  },
  {
    key: "ui",
    name: "backend, ui",
    dir: "ui",
    features: ["form-exports"],
    wasmName: "elicit_form_ui_bg.wasm",
    ui: true,
    api: ["forms"],
    backendOnly: true,
  },
  {
    key: "mcp",
    name: "mcp-2026-07-28",
    dir: "mcp-2026-07-28",
    features: ["mcp-2026-07-28", "records", "host-sha256"],
    wasmName: "elicit_form_mcp_2026_07_28_bg.wasm",
    api: ["forms", "records"],
  },
  {
    key: "mcpUi",
    name: "mcp-2026-07-28, ui",
    dir: "mcp-2026-07-28/ui",
    features: ["mcp-2026-07-28", "form-exports"],
    wasmName: "elicit_form_mcp_2026_07_28_ui_bg.wasm",
    ui: true,
    api: ["forms"],
  },
  {
    key: "url",
    name: "url",
    dir: "url",
    features: ["url-mode"],
    wasmName: "elicit_form_url_bg.wasm",
    url: true,
    api: ["url"],
    unicode: URL_UNICODE,
  },
];

/**
 * The parts of the public API a build's entries export (`api` above): the
 * modules of pkg-template/ that hold them, the names taken from each, and
 * the module of the package's types. `forms`, the loaders, errors, bounds
 * and forms' functions every form build has; `records`, the answers on
 * record, which the ui builds' wasm (without the crate's `records` feature)
 * does not have; `url`, the URL rules with the loaders. scripts/entries.mjs
 * writes each build's api.js and declarations from them. A group's names
 * are declared where tsc emits them from the JSDoc but for the error classes
 * (`declaredIn`: errors.d.ts) and, in a build with the backend profile
 * alone, the `profiled` functions (backend.d.ts, each at its backend
 * overload).
 */
export const API_PARTS = {
  forms: {
    types: "./types.js",
    groups: [
      { from: "./core.js", declaredIn: "./errors.js", names: ["AnswerError", "FormRefusalError"] },
      {
        from: "./core.js",
        names: [
          "FORM_ANSWER_TTL_MS",
          "MAX_FORM_ENUM_MEMBERS",
          "MAX_FORM_PROPERTIES",
          "MAX_FORM_PROPERTY_NAME_CHARS",
          "MAX_FORM_TEXT_CHARS",
          "MAX_FORM_TITLE_CHARS",
          "init",
          "initSync",
        ],
      },
      { from: "./form.js", names: ["formAnswerStorageKey", "namesACredential"] },
      {
        from: "./form.js",
        profiled: true,
        names: ["contentFromAnswers", "fingerprint", "parseRequestedSchema", "pending", "prepareForm", "questions"],
      },
    ],
  },
  records: {
    types: "./types.js",
    groups: [{ from: "./records.js", profiled: true, names: ["answerForm", "appliesTo", "recordFormAnswer"] }],
  },
  url: {
    types: "./url.js",
    groups: [
      { from: "./core.js", names: ["init", "initSync"] },
      { from: "./url.js", declaredIn: "./errors.js", names: ["UrlRefusalError"] },
      {
        from: "./url.js",
        names: ["answerUrl", "consentStorageKey", "loadUnicodeRules", "recordUrlConsent", "urlElicitation"],
      },
    ],
  },
};
/** The glue's file, which an entry either has inside or imports beside it. */
export const GLUE = "elicit_form.js";

/** The glue's declarations, as wasm-bindgen writes them, beside it. */
export const GLUE_TYPES = "elicit_form.d.ts";

/**
 * The name wasm-bindgen writes a build's files under (`--out-name`): its glue
 * then names the build's own .wasm, `<name>_bg.wasm`.
 */
export const bindgenName = ({ wasmName }) => wasmName.slice(0, -"_bg.wasm".length);

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

/**
 * The host's SHA-256 for the fingerprint (pkg-template/host_sha256.js): the
 * glue of a build with the bindings crate's `host-sha256` feature (the full
 * builds, which serve servers and Workers; not the ui builds, which a page
 * downloads) imports it beside itself.
 */
export const HOST_SHA256 = "host_sha256.js";

/** Whether a build's glue imports HOST_SHA256. */
export const hasHostSha256 = ({ features }) => features.includes("host-sha256");

/** The JS files a runtime entry loads, the entry first (`hostSha256`: its build's glue imports HOST_SHA256). */
export const filesOf = ({ file, glueInside }, hostSha256) =>
  glueInside ? [file] : [file, GLUE, ...(hostSha256 ? [HOST_SHA256] : [])];
