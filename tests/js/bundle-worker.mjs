// Bundles a Worker the way wrangler does: esbuild with the `workerd`,
// `worker` and `browser` conditions, each `.wasm` import kept as a module of
// its own beside the bundle (for Miniflare's CompiledWasm rule). Shared by
// the package's workerd suites and the example Worker's tests.

import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { build } from "esbuild";

/** Empties `out`, writes `out/worker.mjs` and its .wasm; `options` are esbuild's (an entry, loaders). */
export async function bundleWorker(out, options) {
  // Each .wasm is named after its file beside the bundle: two different files
  // with one name would overwrite each other, so that fails the bundle.
  const wasmFiles = new Map();
  const wasmModules = {
    name: "wasm-modules",
    setup(b) {
      b.onResolve({ filter: /\.wasm$/ }, (args) => {
        const file = resolve(args.resolveDir, args.path);
        const taken = wasmFiles.get(basename(file));
        if (taken !== undefined && taken !== file)
          throw new Error(`two .wasm files named ${basename(file)}: ${taken}, ${file}`);
        wasmFiles.set(basename(file), file);
        copyFileSync(file, join(out, basename(file)));
        return { path: `./${basename(file)}`, external: true };
      });
    },
  };
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  return build({
    outfile: join(out, "worker.mjs"),
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    plugins: [wasmModules],
    metafile: true,
    logLevel: "warning",
    ...options,
  });
}

/**
 * Miniflare's options for the Worker `bundleWorker` wrote to `out`: its
 * modules as wrangler uploads them (the .wasm as a CompiledWasm module), plus
 * `extra` (bindings, Durable Objects).
 */
export function bundledWorkerOptions(out, extra = {}) {
  return {
    modules: true,
    scriptPath: join(out, "worker.mjs"),
    modulesRoot: out,
    modulesRules: [
      { type: "ESModule", include: ["**/*.js", "**/*.mjs"] },
      { type: "CompiledWasm", include: ["**/*.wasm"] },
    ],
    compatibilityDate: "2025-01-01",
    ...extra,
  };
}
