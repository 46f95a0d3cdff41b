// The files each build's directory of pkg/ gets besides the shared sources
// of pkg-template/, written from its description in scripts/layout.mjs:
// the runtime entries, which name the build's own .wasm (a literal, which
// bundlers, wrangler and `new URL(…, import.meta.url)` follow), and the list
// of what the entry exports (api.js), from the API parts the build has.

import { API_PARTS } from "./layout.mjs";

/** `export { … } from "…";` of each group's names, merged by the module `moduleOf` gives, in the parts' order. */
function exportLists(parts, moduleOf) {
  const byModule = new Map();
  for (const part of parts) {
    for (const group of API_PARTS[part].groups) {
      const module = moduleOf(group);
      byModule.set(module, [...(byModule.get(module) ?? []), ...group.names]);
    }
  }
  return [...byModule]
    .map(([from, names]) => `export {\n${names.map((name) => `  ${name},\n`).join("")}} from "${from}";\n`)
    .join("");
}

/** The entry's api.js: what every runtime entry of the build exports, once it has loaded the wasm. */
export function apiModule({ name, api }) {
  return (
    `// The API of the ${name} build (scripts/entries.mjs wrote it from scripts/layout.mjs):\n` +
    `// ${api.join(", ")}. Each runtime entry is bundled with it (scripts/build.mjs).\n` +
    exportLists(api, ({ from }) => from)
  );
}

/**
 * The build's entry declarations (index.d.ts, and index.d.cts for
 * `require`): the types and names of its API parts, re-exported from the
 * declarations at the package's root, which tsc emits from the JSDoc of
 * pkg-template/ (errors.d.ts and backend.d.ts by hand, as API_PARTS says).
 */
export function declarations({ name, dir, api, backendOnly }) {
  const root = dir === "" ? "./" : "../".repeat(dir.split("/").length);
  const at = (module) => `${root}${module.slice("./".length)}`;
  const types = [...new Set(api.map((part) => API_PARTS[part].types))];
  return (
    `// Types of the ${name} build's entries (scripts/entries.mjs wrote them from\n` +
    "// scripts/layout.mjs): its API's types and names, declared at the package's root.\n\n" +
    types.map((module) => `export type * from "${at(module)}";\n`).join("") +
    exportLists(api, ({ from, declaredIn, profiled }) =>
      at(declaredIn ?? (profiled && backendOnly ? "./backend.js" : from)),
    )
  );
}

/**
 * The runtime entries' sources, each naming the build's .wasm; the url
 * build's (`unicode`) also say how its second wasm, the Unicode rules, loads.
 */
export function runtimeEntries({ wasmName, unicode }) {
  if (unicode !== undefined) return urlRuntimeEntries(wasmName, unicode);
  return {
    "browser.js": `// Browsers and bundlers: the .wasm beside this file is fetched before the
// import completes (top-level await). If it cannot be fetched (a bundler that
// did not copy it, a content policy), the import still completes and every
// call says why until the host calls init() or initSync({ module }) itself.
import { init, noteLoadFailure } from "./core.js";

try {
  await init({ module_or_path: new URL("./${wasmName}", import.meta.url) });
} catch (error) {
  noteLoadFailure(error);
}

export * from "./api.js";
`,
    "node.js": `// Node.js (and Deno, Bun): the wasm is read from beside this file and
// instantiated synchronously, so the import needs no set-up call.
// node:fs comes from process.getBuiltinModule where there is one (Node 20.16+,
// Deno, Bun): an ES import of node:fs builds its module facade, which reads
// every export of fs and so loads fs.promises, a large part of a cold import
// (measured by bench/breakdown.mjs, in bench/FINDINGS.md). require.js is this
// entry's twin for require().
import { initSync } from "./core.js";

const { readFileSync } = globalThis.process?.getBuiltinModule?.("node:fs") ?? (await import("node:fs"));

initSync({ module: readFileSync(new URL("./${wasmName}", import.meta.url)) });

export * from "./api.js";
`,
    "require.js": `// The source of node.cjs, the entry for require() (scripts/build.mjs bundles
// it with core.js, api.js and the glue into one CommonJS file; it is not
// shipped itself, nor run as an ES module). node.js's twin: node:fs is
// imported statically here, since a CommonJS bundle requires it, which is
// cheap, and cannot wait for an import; and the .wasm is found by node.cjs's
// __dirname, a path, where turning __filename into a file URL and back was
// a measurable part of a cold require (bench/FINDINGS.md).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { initSync } from "./core.js";

initSync({ module: readFileSync(join(__dirname, "./${wasmName}")) });

export * from "./api.js";
`,
    "workerd.js": `// Cloudflare Workers (workerd): the runtime hands the .wasm over as a compiled
// WebAssembly.Module (wrangler's CompiledWasm rule), instantiated synchronously.
import wasmModule from "./${wasmName}";
import { initSync } from "./core.js";

initSync({ module: wasmModule });

export * from "./api.js";
`,
  };
}

/**
 * The url build's runtime entries: its first wasm (`wasmName`, the URL rules
 * for plain ASCII hosts) loaded as every build's is, and the way its second
 * (the Unicode rules: `unicode.wasmName` and its glue `unicode.glue`) loads
 * when a link's host needs it, handed to url.js.
 */
function urlRuntimeEntries(wasmName, { wasmName: unicodeWasm, glue }) {
  return {
    "browser.js": `// elicit-form/url for browsers and bundlers: the browser entry's loading, and
// the Unicode rules (the second wasm and its glue) fetched only when a link's
// host needs them, or when the page calls loadUnicodeRules(). Calls are
// synchronous: one for such a link before they arrive throws the refusal
// \`unicodeRules\` (nothing is shown) and starts the fetch; the consent card
// waits for them and then shows the link (docs/url-mode.md).
import { init, noteLoadFailure } from "./core.js";
import { unicodeRulesFrom } from "./url.js";

try {
  await init({ module_or_path: new URL("./${wasmName}", import.meta.url) });
} catch (error) {
  noteLoadFailure(error);
}
unicodeRulesFrom({
  later: async () => {
    const glue = await import("./${glue}");
    const exports = await glue.default({ module_or_path: new URL("./${unicodeWasm}", import.meta.url) });
    return { glue, exports };
  },
});

export * from "./api.js";
`,
    "node.js": `// elicit-form/url for Node.js (and Deno, Bun): the node entry's loading, and
// the Unicode rules (the second wasm and its glue, beside this file) read and
// instantiated synchronously on the first link whose host needs them, so no
// call ever waits or is refused for them.
import { initSync } from "./core.js";
import { unicodeRulesFrom } from "./url.js";
import * as glue from "./${glue}";

const { readFileSync } = globalThis.process?.getBuiltinModule?.("node:fs") ?? (await import("node:fs"));

initSync({ module: readFileSync(new URL("./${wasmName}", import.meta.url)) });
unicodeRulesFrom({
  now: () => ({ glue, exports: glue.initSync({ module: readFileSync(new URL("./${unicodeWasm}", import.meta.url)) }) }),
});

export * from "./api.js";
`,
    "require.js": `// The source of elicit-form/url's node.cjs: the require entry's loading, and
// the Unicode rules read and instantiated synchronously on the first link
// whose host needs them, as url/node.js does.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { initSync } from "./core.js";
import { unicodeRulesFrom } from "./url.js";
import * as glue from "./${glue}";

initSync({ module: readFileSync(join(__dirname, "./${wasmName}")) });
unicodeRulesFrom({
  now: () => ({ glue, exports: glue.initSync({ module: readFileSync(join(__dirname, "./${unicodeWasm}")) }) }),
});

export * from "./api.js";
`,
    "workerd.js": `// elicit-form/url for Cloudflare Workers: the workerd entry's loading, and
// the Unicode rules' wasm handed over compiled too (wrangler's CompiledWasm
// rule), instantiated synchronously on the first link whose host needs them.
import wasmModule from "./${wasmName}";
import unicodeModule from "./${unicodeWasm}";
import { initSync } from "./core.js";
import { unicodeRulesFrom } from "./url.js";
import * as glue from "./${glue}";

initSync({ module: wasmModule });
unicodeRulesFrom({ now: () => ({ glue, exports: glue.initSync({ module: unicodeModule }) }) });

export * from "./api.js";
`,
  };
}
