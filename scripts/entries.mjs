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

/** The runtime entries' sources, each naming the build's .wasm. */
export function runtimeEntries({ wasmName }) {
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
