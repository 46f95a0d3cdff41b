// Packs pkg/ (`npm pack ./pkg`) and installs the tarball into a scratch
// project, tests/js/scratch, so every JS test imports "elicit-form" exactly
// as a user who ran `npm install elicit-form` would. Also installs the Deno and
// Bun runtimes from npm into tests/js/scratch/runtimes (once).
//
// Run after `npm run build`. Writes, in the scratch project:
//   esm.mjs        `export * from "elicit-form"` (resolved from the scratch project)
//   esm-mcp.mjs    `export * from "elicit-form/mcp-2026-07-28"` (both profiles)
//   esm-ui.mjs, esm-mcp-ui.mjs
//                  the same of "elicit-form/ui" and "elicit-form/mcp-2026-07-28/ui"
//   esm-url.mjs    the same of "elicit-form/url" (URL mode)
//   resolved.mjs   which files "elicit-form", "elicit-form/mcp-2026-07-28" and
//                  their ui entries resolve to for an ES import
//   runtime-check.mjs, checks.mjs, assertions.mjs, backend-vectors.jsonl,
//   mcp-2026-07-28-vectors.jsonl
//                  the suite for Deno and Bun
//   types/         the TypeScript check (types.ts, types.cts, tsconfig.json)

import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");
const scratch = join(here, "scratch");
const pkg = join(root, "pkg");

// Deno and Bun as npm ships them; pinned so a run is repeatable.
const RUNTIMES = { deno: "2.9.6", bun: "1.4.5" };

function npm(args, cwd) {
  console.log(`prepare: npm ${args.join(" ")} (in ${cwd})`);
  return execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
}

if (!existsSync(join(pkg, "package.json"))) {
  throw new Error("pkg/ is not built: run `npm run build` first");
}

mkdirSync(scratch, { recursive: true });
for (const entry of readdirSync(scratch)) {
  if (entry !== "runtimes") rmSync(join(scratch, entry), { recursive: true, force: true });
}

const [packed] = JSON.parse(npm(["pack", pkg, "--pack-destination", scratch, "--json"], root));
writeFileSync(join(scratch, "packed.json"), `${JSON.stringify(packed, null, 2)}\n`);
writeFileSync(
  join(scratch, "package.json"),
  `${JSON.stringify(
    {
      name: "elicit-form-scratch",
      private: true,
      type: "module",
      dependencies: { "elicit-form": `file:./${packed.filename}` },
    },
    null,
    2,
  )}\n`,
);
npm(["install", "--no-audit", "--no-fund", "--no-package-lock"], scratch);

writeFileSync(join(scratch, "esm.mjs"), 'export * from "elicit-form";\n');
writeFileSync(join(scratch, "esm-mcp.mjs"), 'export * from "elicit-form/mcp-2026-07-28";\n');
writeFileSync(join(scratch, "esm-ui.mjs"), 'export * from "elicit-form/ui";\n');
writeFileSync(join(scratch, "esm-mcp-ui.mjs"), 'export * from "elicit-form/mcp-2026-07-28/ui";\n');
writeFileSync(join(scratch, "esm-url.mjs"), 'export * from "elicit-form/url";\n');
writeFileSync(
  join(scratch, "resolved.mjs"),
  'export default import.meta.resolve("elicit-form");\n' +
    'export const mcp = import.meta.resolve("elicit-form/mcp-2026-07-28");\n' +
    'export const ui = import.meta.resolve("elicit-form/ui");\n' +
    'export const mcpUi = import.meta.resolve("elicit-form/mcp-2026-07-28/ui");\n',
);
for (const file of ["checks.mjs", "assertions.mjs", "runtime-check.mjs"]) cpSync(join(here, file), join(scratch, file));
for (const file of ["backend-vectors.jsonl", "mcp-2026-07-28-vectors.jsonl"])
  cpSync(join(root, "tests", "data", file), join(scratch, file));

const types = join(scratch, "types");
mkdirSync(types);
cpSync(join(here, "types.ts"), join(types, "types.ts"));
cpSync(join(here, "types.cts"), join(types, "types.cts"));
writeFileSync(
  join(types, "tsconfig.json"),
  `${JSON.stringify(
    {
      compilerOptions: {
        strict: true,
        noEmit: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        module: "nodenext",
        moduleResolution: "nodenext",
        target: "es2022",
        lib: ["es2022", "dom"],
        types: [],
      },
      files: ["types.ts", "types.cts"],
    },
    null,
    2,
  )}\n`,
);

const runtimes = join(scratch, "runtimes");
const installed = Object.entries(RUNTIMES).every(([name, version]) => {
  const manifest = join(runtimes, "node_modules", name, "package.json");
  return existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).version === version;
});
if (!installed) {
  mkdirSync(runtimes, { recursive: true });
  writeFileSync(join(runtimes, "package.json"), '{ "name": "runtimes", "private": true }\n');
  try {
    npm(["install", "--no-audit", "--no-fund", ...Object.entries(RUNTIMES).map(([n, v]) => `${n}@${v}`)], runtimes);
  } catch (error) {
    // The Deno and Bun test reports this; the other runtimes do not need them.
    writeFileSync(join(runtimes, "install-failure.txt"), String(error));
  }
}
console.log(
  `prepare: ${packed.filename} (${packed.size} bytes packed, ${packed.unpackedSize} unpacked) installed in ${scratch}`,
);
