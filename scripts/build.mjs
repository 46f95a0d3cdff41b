// Builds the npm package into pkg/: `npm run build` (release) or
// `npm run build -- --debug` (or ELICIT_FORM_DEBUG=1), a debug build (a trap
// prints its panic message with console.error), not size-optimised.
//
// The wasm is built once for each entry's wasm (scripts/layout.mjs), so a page loads only what it uses:
// a page that uses the backend's profile does not download the second one,
// and a page that renders forms and checks answers but keeps no record does
// not download the answers on record:
// - backend only (cargo --no-default-features --features records): the
//   default entry, pkg/;
// - backend only, no answers on record (--no-default-features): the
//   `elicit-form/ui` entry, pkg/ui/;
// - both profiles (--features mcp-2026-07-28,records, in its own target
//   directory): the `elicit-form/mcp-2026-07-28` entry, pkg/mcp-2026-07-28/;
// - both profiles, no answers on record (--features mcp-2026-07-28): the
//   `elicit-form/mcp-2026-07-28/ui` entry, pkg/mcp-2026-07-28/ui/;
// - the URL rules and their records alone (--features url-mode, no form
//   exports): the `elicit-form/url` entry, pkg/url/, whose API is url.js
//   (and init, initSync); its element.js is not the element but the
//   URL-mode consent card (pkg-template/url/element.js), which registers
//   itself with whichever <elicit-form> the page defines. Its wasm is two
//   builds (scripts/layout.mjs, URL_UNICODE): the rules for plain ASCII
//   hosts (crates/url-ascii, the `url-mode-ascii` feature), which its
//   entries load, and every rule, which they load when a host needs the
//   Unicode rules (its runtime entries, scripts/entries.mjs).
// The card's parts (pkg-template/card/: its class, registration, words,
// styles and the DOM helpers the URL card shares) are bundled into each
// entry's element.js, which hands the helpers to the URL card.
// (The ui builds have --features form-exports too, which `records` implies.)
// Each but the first is a copy of the runtime JS (entries, glue, node.cjs,
// the element) beside its own wasm (elicit_form_ui_bg.wasm, …). Each build's
// runtime entries, API list (api.js) and declarations (index.d.ts, which
// re-exports the root's, emitted by tsc from the JSDoc) are written from its
// description in scripts/layout.mjs (scripts/entries.mjs): a ui build's API
// has no answers on record. Every import inside is relative,
// so each copy is a module graph of its own with its own instance. A ui
// build shares its full sibling's target directory, in a profile directory
// of its own: the full builds are built for speed (the release profile,
// opt-level "s"), the ui builds, which pages download, for size (the
// `wasm-ui` profile, opt-level "z", and UI_INLINE_THRESHOLD below).
//
// Each: cargo (wasm32, the bindings crate crates/wasm with its features,
// which it forwards to the core) → wasm-bindgen --target web (its exports
// and the glue it writes, named after the build's .wasm and kept as it
// writes it) → wasm-opt -Oz --converge (release) → the .wasm and
// its glue, with pkg-template/ (entries, the <elicit-form> element, types,
// README, LICENSE), each ES entry bundled with core.js and api.js into one
// file that imports the glue beside it (node.js takes the glue in, one module
// in all), node.cjs bundled from require.js, and package.json with
// Cargo.toml's version. Prints the sizes of every entry.

import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, transform } from "esbuild";
import { apiModule, declarations, runtimeEntries } from "./entries.mjs";
import {
  GLUE,
  GLUE_TYPES,
  HOST_SHA256,
  BUILDS as LAYOUT_BUILDS,
  RUNTIME_ENTRIES,
  URL_UNICODE,
  bindgenName,
  filesOf,
  hasHostSha256,
} from "./layout.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const template = join(root, "pkg-template");
const out = join(root, "pkg");
const debug = process.argv.includes("--debug") || process.env.ELICIT_FORM_DEBUG === "1";

function run(command, args, env = {}) {
  const set = Object.entries(env)
    .map(([name, value]) => `${name}="${value}" `)
    .join("");
  console.log(`build: ${set}${command} ${args.join(" ")}`);
  execFileSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
}

function crateVersion() {
  const manifest = readFileSync(join(root, "Cargo.toml"), "utf8");
  const packageTable = manifest.split(/^\[/m).find((table) => table.startsWith("package]"));
  const version = packageTable?.match(/^version\s*=\s*"([^"]+)"/m)?.[1];
  if (version === undefined) throw new Error("no [package] version in Cargo.toml");
  return version;
}

// The features rustc's wasm32 target emits (and may use); wasm-opt must keep
// them all.
const WASM_FEATURES = [
  "--enable-bulk-memory",
  "--enable-mutable-globals",
  "--enable-nontrapping-float-to-int",
  "--enable-sign-ext",
];

// Without reference types and multivalue, which rustc's wasm32 target turns
// on by default: with them wasm-bindgen gives the module an externref table
// and its shims, which V8 takes markedly longer to compile the first time in
// a process, most of the cold start, and which are larger in gzip too
// (measured in docs/architecture.md, "Crates, and the own code that
// remains"). The standard library is prebuilt with them on, so the target
// features section still names them; the build strips it before wasm-bindgen
// reads the module, so wasm-bindgen writes its glue for a module without
// them (it refuses the mix otherwise).
const TARGET_FEATURES = "-C target-feature=-reference-types,-multivalue";

const profile = debug ? "debug" : "release";

const targetDir = resolve(root, process.env.CARGO_TARGET_DIR ?? "target");

/**
 * The allocator of the builds a page downloads (ui and url): talc (the
 * bindings crate's `talc` feature), a few KB smaller than Rust's default,
 * dlmalloc, which the full builds keep for its speed: servers and Workers
 * pay the time (docs/performance.md, "Two builds").
 */
const SMALL_ALLOCATOR = "talc";

// The builds (scripts/layout.mjs), each with its cargo features and target directory.
const BUILDS = LAYOUT_BUILDS.map((layout) => ({
  ...layout,
  features: ["--features", [...layout.features, ...(layout.ui || layout.url ? [SMALL_ALLOCATOR] : [])].join(",")],
  hostSha256: hasHostSha256(layout),
  targetDir: layout.features.includes("mcp-2026-07-28") ? join(targetDir, "mcp-2026-07-28") : targetDir,
}));

// What only the full builds' wasm exports (the crate's `records` feature):
// the build checks each wasm has them, or, a ui build's, has none of them.
const RECORD_EXPORTS = ["record_form_answer", "applies_to", "answer_form"];
// What the url build's wasm exports (the crate's `url-mode` feature).
const URL_EXPORTS = ["url_elicitation", "consent_storage_key", "record_url_consent", "answer_url"];
// The form exports, which the url build's wasm must not have.
const FORM_EXPORTS = ["parse_requested_schema", "prepare_form", "content_from_answers", ...RECORD_EXPORTS];

// The sources of the JS a runtime loads, copied beside each wasm with the
// build's own entries and api.js (scripts/entries.mjs): every import in
// these files is relative ("./core.js", the .wasm), so each other entry's
// copy loads its own glue, its own core state and its own wasm. cli.js is
// not among them: it is the package root's alone, and loads the root's form
// entry, and ./url/node.js only for a URL-mode request.
const SOURCE_FILES = ["core.js", "form.js", "records.js", "url.js"];
// The ES entries, each bundled with core.js and api.js into one file: each
// ES module is a measurable part of a cold import (bench/breakdown.mjs;
// bench/FINDINGS.md), so an ES import of the node entry loads two modules (it
// and the glue) where it loaded four. The node entry takes the glue in too
// (ONE_MODULE_ENTRIES): one module in all. The browser and
// workerd entries import the glue beside them, where a bundler or wrangler
// (which follows imports anyway) finds it; the element imports the browser
// entry. api.js, core.js, form.js and require.js are sources only and are
// not left in pkg/.
const ES_ENTRIES = ["browser.js", "node.js", "workerd.js"];
const ONE_MODULE_ENTRIES = ES_ENTRIES.filter((file) =>
  RUNTIME_ENTRIES.some((entry) => entry.file === file && entry.glueInside),
);
const BUNDLED_SOURCES = ["api.js", "core.js", "form.js", "records.js", "require.js", "url.js"];
// What a runtime loads from pkg/ (minified in a release).
const RUNTIME_FILES = ["browser.js", "element.js", "node.js", "workerd.js"];

// <elicit-form>'s parts (pkg-template/card/): its class, a question's
// controls, its registration (define.js, what elicit-form/element exports),
// its English words, its stylesheet, and the DOM helpers it shares with the
// URL-mode consent card.
// Each form entry's element.js is them bundled over the browser entry
// beside it, and the URL card (url/element.js) likewise from its source; the
// element hands the DOM helpers to the URL card with each request, so a page
// with both cards loads them once. A stylesheet is imported as its text,
// minified as CSS.

/** Bundles a card's parts: the browser entry beside it stays a module of its own. */
function cardParts() {
  return {
    name: "card parts",
    setup(builder) {
      // The class imports the package's browser entry: in each entry, the one beside its element.
      builder.onResolve({ filter: /^\.\.?\/browser\.js$/ }, () => ({ path: "./browser.js", external: true }));
      builder.onLoad({ filter: /\.css$/ }, async ({ path }) => {
        const css = readFileSync(path, "utf8");
        return {
          contents: debug ? css : (await transform(css, { loader: "css", minify: true })).code.trim(),
          loader: "text",
        };
      });
    },
  };
}

/**
 * The .wasm bytes and the glue of one build, checked for its record, form
 * and URL exports; the url build's with its second wasm (`second`).
 */
function compile({ name, features, targetDir, ui, url, wasmName, unicode }) {
  /** @param {{ wasm: Buffer }} built */
  const checked = (built, which) => {
    const exported = new Set(WebAssembly.Module.exports(new WebAssembly.Module(built.wasm)).map((entry) => entry.name));
    const expect = (names, count) => {
      const found = names.filter((export_) => exported.has(export_));
      if (found.length !== count) {
        throw new Error(`build: the ${which} wasm exports ${found.join(", ") || "none"} of ${names.join(", ")}`);
      }
    };
    expect(url ? FORM_EXPORTS : RECORD_EXPORTS, ui || url ? 0 : RECORD_EXPORTS.length);
    expect(URL_EXPORTS, url ? URL_EXPORTS.length : 0);
    return built;
  };
  if (unicode === undefined) {
    return checked(bound({ features, targetDir, ui: ui || url, outName: bindgenName({ wasmName }) }), name);
  }
  // The URL entry's first wasm is the one for plain ASCII hosts; every rule
  // (the build's features) is its second, under its own name.
  const full = checked(
    bound({ features, targetDir, ui: true, outName: bindgenName(unicode) }),
    `${name} (Unicode rules)`,
  );
  sameProfiles(unicode.manifest);
  // A target directory of its own: its lockfile resolves other versions of
  // the same crates, whose builds would otherwise replace each other's.
  const ascii = bound({
    features: [],
    targetDir: join(targetDir, "url-ascii"),
    ui: true,
    outName: bindgenName({ wasmName }),
    manifest: unicode.manifest,
    pkg: unicode.pkg,
    artifact: unicode.artifact,
  });
  return { ...checked(ascii, `${name} (ASCII hosts)`), second: full };
}

/** The profiles of a manifest that builds the crate's sources as a dependency must be the crate's own (Cargo reads them from the workspace root only). */
function sameProfiles(manifest) {
  const profiles = (text) =>
    text
      .split(/^(?=\[)/m)
      .filter((table) => table.startsWith("[profile."))
      .map((table) =>
        table
          .split("\n")
          .filter((line) => line.trim() !== "" && !line.startsWith("#"))
          .join("\n"),
      );
  const own = profiles(readFileSync(join(root, "Cargo.toml"), "utf8"));
  const other = profiles(readFileSync(join(root, manifest), "utf8"));
  if (JSON.stringify(own) !== JSON.stringify(other)) {
    throw new Error(`build: ${manifest}'s [profile.*] tables are not Cargo.toml's; copy them over`);
  }
}

/**
 * LLVM's inline threshold for the ui builds. At opt-level "z" alone (LLVM's
 * threshold 5) a billing round is much slower than at "s"; at 15 the ui wasm
 * stays as small as at "z" alone and gets back most of the speed, and higher
 * thresholds grow the wasm past what the mcp-2026-07-28 ui page's budget
 * leaves it (every threshold measured: docs/performance.md, "Two builds",
 * and bench/FINDINGS.md).
 */
const UI_INLINE_THRESHOLD = 15;

/**
 * sha2's software SHA-256 with its rounds in a loop (its `compact` backend,
 * chosen by this cfg), in every release build: smaller than unrolled and
 * slower. The full builds hand their fingerprints to the host's SHA-256
 * where it has one, so sha2 hashes their first MiB and hosts without one;
 * the unrolled rounds' code cost their cold start more (a first call
 * compiles it) than it saved them (measured in docs/performance.md, "Two
 * builds", and bench/FINDINGS.md).
 */
const COMPACT_SHA256 = '--cfg sha2_backend_soft="compact"';

function rustflags(ui) {
  const own = process.env.RUSTFLAGS ?? "";
  const forSize = ui && !debug ? ` -C llvm-args=-inline-threshold=${UI_INLINE_THRESHOLD}` : "";
  const sha256 = debug ? "" : ` ${COMPACT_SHA256}`;
  return `${own} ${TARGET_FEATURES}${forSize}${sha256}`.trim();
}

/**
 * The crate the wasm is built from (crates/wasm), and its .wasm's name as
 * cargo writes it; wasm-bindgen's --out-name then names the glue and the
 * .wasm after the build's own (layout.mjs).
 */
const BINDINGS_PACKAGE = "elicit-form-wasm";
const BINDINGS_WASM = "elicit_form_wasm.wasm";

/**
 * cargo, wasm-bindgen and (release) wasm-opt: the .wasm bytes and the glue
 * (naming `<outName>_bg.wasm`) of one build; of the bindings crate, or of the
 * package `pkg` at `manifest`, whose .wasm is `artifact`.
 */
function bound({ features, targetDir, ui, outName, manifest, pkg = BINDINGS_PACKAGE, artifact = BINDINGS_WASM }) {
  const cargoArgs = [
    "build",
    "--package",
    pkg,
    "--target",
    "wasm32-unknown-unknown",
    "--no-default-features",
    ...features,
    "--lib",
    "--target-dir",
    targetDir,
    ...(manifest === undefined ? [] : ["--manifest-path", join(root, manifest)]),
  ];
  // A ui build is for a page, where every byte is downloaded: Cargo.toml's
  // `wasm-ui` profile (opt-level "z") with LLVM's inline threshold at
  // UI_INLINE_THRESHOLD. A full build (servers and Workers, which keep
  // answers on record) stays at the release profile's opt-level "s".
  const cargoProfile = debug ? "dev" : ui ? "wasm-ui" : "release";
  cargoArgs.push("--profile", cargoProfile);
  const env = { RUSTFLAGS: rustflags(ui) };
  run("cargo", cargoArgs, env);
  const profileDir = debug ? "debug" : cargoProfile;
  const compiled = join(targetDir, "wasm32-unknown-unknown", profileDir, artifact);
  const scratch = mkdtempSync(join(tmpdir(), "elicit-form-build-"));
  const wasmOpt = join(root, "node_modules", ".bin", "wasm-opt");
  try {
    // The target features section names what std was built with (see
    // TARGET_FEATURES); without it wasm-bindgen reads the module as it is.
    // A debug build's DWARF goes too: wasm-bindgen's reader (walrus) cannot
    // read it back once wasm-opt has written it; console_error_panic_hook
    // gives a debug build's panic messages.
    const unmarked = join(scratch, "elicit_form.wasm");
    run(wasmOpt, [
      "--strip-target-features",
      ...(debug ? ["--strip-dwarf"] : []),
      ...WASM_FEATURES,
      compiled,
      "-o",
      unmarked,
    ]);
    // The CLI at the version Cargo.lock pins (scripts/setup.sh installs it).
    // Its reset function (`__wbg_reset_state`) gives core.js's memory bound a
    // fresh instance of the module; --out-name makes the glue name the
    // build's own .wasm.
    run("wasm-bindgen", [
      "--target",
      "web",
      "--experimental-reset-state-function",
      ...(debug ? ["--debug"] : []),
      "--out-name",
      outName,
      "--out-dir",
      scratch,
      unmarked,
    ]);
    const glue = readFileSync(join(scratch, `${outName}.js`), "utf8");
    const glueTypes = readFileSync(join(scratch, `${outName}.d.ts`), "utf8");
    const bindgenWasm = join(scratch, `${outName}_bg.wasm`);
    if (debug) return { wasm: readFileSync(bindgenWasm), glue, glueTypes };
    const wasm = join(scratch, "optimised.wasm");
    // --converge repeats -Oz until it stops shrinking; the producers and
    // target-features sections are notes for tools, not read at run time.
    // --low-memory-unused lets wasm-opt fold a constant under 1024 added to
    // a pointer into the load's or store's offset: the two differ only when
    // the sum wraps past 2^32 into the first KB, which nothing here reaches
    // (rustc puts the stack's 1 MiB first, growing down from 1 MiB toward
    // 0, and the data above it).
    const passes = ["-Oz", "--converge", "--low-memory-unused", "--strip-producers", "--strip-target-features"];
    run(wasmOpt, [...passes, ...WASM_FEATURES, bindgenWasm, "-o", wasm]);
    return { wasm: readFileSync(wasm), glue, glueTypes };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const built = BUILDS.map((entry) => ({ ...entry, ...compile(entry) }));

rmSync(out, { recursive: true, force: true });
mkdirSync(out);
// The template less what only checks it (its tsconfig.json and the glue's
// declaration for that check: each build has wasm-bindgen's own) and the
// JSDoc of the types, which tsc emits as declarations below; and the
// host's SHA-256, which goes only beside the glue that imports it (below).
const CHECK_ONLY = ["tsconfig.json", "elicit_form.d.ts", "types.js", HOST_SHA256].map((file) => join(template, file));
cpSync(template, out, { recursive: true, filter: (path) => !CHECK_ONLY.includes(path) });
for (const build of built) {
  const { dir, wasm, glue, glueTypes, wasmName, second } = build;
  const into = join(out, dir);
  mkdirSync(into, { recursive: true });
  for (const file of SOURCE_FILES) cpSync(join(template, file), join(into, file));
  for (const [file, text] of Object.entries(runtimeEntries(build))) writeFileSync(join(into, file), text);
  writeFileSync(join(into, "api.js"), apiModule(build));
  writeFileSync(join(into, GLUE), glue);
  writeFileSync(join(into, GLUE_TYPES), glueTypes);
  writeFileSync(join(into, wasmName), wasm);
  if (build.hostSha256) cpSync(join(template, HOST_SHA256), join(into, HOST_SHA256));
  if (second !== undefined) {
    writeFileSync(join(into, URL_UNICODE.glue), second.glue);
    writeFileSync(join(into, URL_UNICODE.wasmName), second.wasm);
  }
  // CommonJS consumers read the same declarations from .d.cts files.
  for (const file of ["index.d.ts", "index.d.cts"]) writeFileSync(join(into, file), declarations(build));
}

// The declarations of the API at the package's root, emitted by tsc from
// the JSDoc of pkg-template/ (checkJs: a type error fails the build), beside
// errors.d.ts and backend.d.ts (by hand, see each) and generated.d.ts (from
// the Rust types); each build's index.d.ts re-exports its part of them.
run(join(root, "node_modules", ".bin", "tsc"), ["-p", join(template, "tsconfig.json"), "--outDir", out]);

// The cards: each form entry's element.js, and the URL entry's, which is
// the URL-mode consent card (pkg-template/url/element.js), bundled from
// their parts; card/ itself does not ship.
rmSync(join(out, "card"), { recursive: true });
rmSync(join(out, "url", "style.css"));
for (const { dir, url } of built) {
  await build({
    entryPoints: [join(template, url ? "url/element.js" : "card/define.js")],
    outfile: join(out, dir, "element.js"),
    allowOverwrite: true,
    bundle: true,
    format: "esm",
    target: "es2022",
    minify: !debug,
    legalComments: "inline",
    plugins: [cardParts()],
    logLevel: "warning",
  });
}

// The .wasm and the glue stay files of their own beside a bundled ES entry
// (but for ONE_MODULE_ENTRIES, which take the glue in; node.js reads its
// .wasm by URL, so nothing else of it is imported).
const besideTheEntry = {
  name: "beside the entry",
  setup(builder) {
    builder.onResolve({ filter: /^\.\/elicit_form(_[a-z0-9_]+)?(\.js|_bg\.wasm)$/ }, ({ path }) => ({
      path,
      external: true,
    }));
  },
};
for (const { dir } of built) {
  for (const file of ES_ENTRIES) {
    await build({
      entryPoints: [join(out, dir, file)],
      outfile: join(out, dir, file),
      allowOverwrite: true,
      bundle: true,
      format: "esm",
      target: "es2022",
      // Minified here in a release (names not kept, as below), not again.
      minify: !debug,
      legalComments: "inline",
      external: ["node:*"],
      plugins: ONE_MODULE_ENTRIES.includes(file) ? [] : [besideTheEntry],
      logLevel: "warning",
    });
  }
}

// `require` gets the node entry as CommonJS: one file with core and glue
// inside (from require.js, node.js's twin that imports node:fs statically),
// reading the .wasm beside it synchronously.
for (const { dir } of built) {
  await build({
    entryPoints: [join(out, dir, "require.js")],
    outfile: join(out, dir, "node.cjs"),
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    external: ["node:*"],
    // The glue's `import.meta.url` (its init() with no argument, a no-op
    // once loaded), worked out only if read.
    define: { "import.meta.url": "__elicit_form_module.url" },
    banner: {
      js:
        "// elicit-form for require(): built from require.js.\n" +
        'const __elicit_form_module = { get url() { return require("node:url").pathToFileURL(__filename).href; } };',
    },
    logLevel: "warning",
  });
  for (const file of BUNDLED_SOURCES) rmSync(join(out, dir, file));
}

// A release ships its runtime JS minified, each file on its own (the module
// graph, the exports and the `new URL("….wasm", import.meta.url)` that
// bundlers follow stay as they are): about a third less gzip for the
// browser entry and the element (bench/FINDINGS.md). Function and class
// names are not kept: keeping them (esbuild's keepNames) costs every entry a
// few hundred bytes of gzip (bench/FINDINGS.md), and the error classes name themselves
// (core.js, `branded`), so `error.name` is "FormRefusalError" either way.
// The ES entries were minified as they were bundled, above. The readable
// source is pkg-template/, the glue included; `--debug` leaves every file
// unminified (the ES entries bundled, their comments dropped).
if (!debug) {
  for (const { dir } of built) {
    // The cards were minified as they were bundled, above.
    for (const file of [
      ...RUNTIME_FILES.filter((name) => !ES_ENTRIES.includes(name) && name !== "element.js"),
      GLUE,
      HOST_SHA256,
      URL_UNICODE.glue,
      "node.cjs",
    ]) {
      const path = join(out, dir, file);
      if (!existsSync(path)) continue;
      const source = readFileSync(path, "utf8");
      const format = file.endsWith(".cjs") ? "cjs" : "esm";
      const { code } = await transform(source, { minify: true, format, target: "es2022", legalComments: "inline" });
      writeFileSync(path, code);
    }
  }
}

const manifest = JSON.parse(readFileSync(join(template, "package.json"), "utf8"));
manifest.version = crateVersion();
writeFileSync(join(out, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);

function sizes(files) {
  const bytes = Buffer.concat(files.map((file) => readFileSync(join(out, file))));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

console.log(`\nbuild: pkg/ is elicit-form ${manifest.version} (${profile})`);
const line = (label, { raw, gzip }) =>
  console.log(`  ${label}: ${raw.toLocaleString("en")} bytes raw, ${gzip.toLocaleString("en")} gzip -9`);
for (const { name, dir, wasmName, ui, url, hostSha256 } of built) {
  const at = (file) => (dir === "" ? file : `${dir}/${file}`);
  const wasm = sizes([at(wasmName)]);
  const profiles = url
    ? "the URL rules only"
    : name.startsWith("backend")
      ? "the backend profile only"
      : "both profiles";
  console.log(
    `  ${dir === "" ? "elicit-form" : `elicit-form/${dir}`} (${profiles}${ui ? ", no answers on record" : ""}):`,
  );
  line(`  wasm (${at(wasmName)}${url ? ", plain ASCII hosts" : ""})`, wasm);
  if (url) {
    line(
      `  wasm with the Unicode rules, loaded when a host needs them (${at(URL_UNICODE.wasmName)})`,
      sizes([at(URL_UNICODE.wasmName)]),
    );
    line(`  its glue (${at(URL_UNICODE.glue)})`, sizes([at(URL_UNICODE.glue)]));
  }
  for (const entry of RUNTIME_ENTRIES) {
    const files = filesOf(entry, hostSha256);
    const js = sizes(files.map(at));
    line(`  JS, ${entry.runtime} entry (${files.join(" + ")})`, js);
    console.log(`      wasm + JS, gzipped apart: ${(wasm.gzip + js.gzip).toLocaleString("en")} gzip -9 (${name})`);
  }
  if (!url) line(`  JS, <elicit-form> beyond the browser entry (${at("element.js")})`, sizes([at("element.js")]));
  else
    line(`  JS, the URL-mode consent card beyond the browser entry (${at("element.js")})`, sizes([at("element.js")]));
}
