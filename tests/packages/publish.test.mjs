// What `npm publish` would ship, for each of the npm packages: its runtime
// files and nothing else. `npm publish --dry-run --json` lists the tarball
// (it reaches no registry for that), and for each package:
// - every file a manifest field names (exports, main, module, types, bin)
//   ships;
// - every shipped file is one of package.json, README.md, LICENSE, or is
//   named by package.json or by a shipped file beside it (an import, the
//   .wasm a module loads, the declarations a .d.ts imports): nothing
//   unreached ships;
// - no tests, sources, scratch, tarballs, source maps or dotfiles ship, and
//   no shipped file points at a source map;
// - the adapters ship exactly index.js, index.d.ts, README.md, LICENSE and
//   package.json (elicit-form-mcp-core also the modules its index.js
//   re-exports);
// - npm has nothing to correct in the manifest (no warning from publish).
// Prints each package's file count and sizes. Run after `npm run build`.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, posix } from "node:path";
import { test } from "node:test";
import { PACKAGES, crateVersion, root } from "./packages.mjs";

const ALWAYS = new Set(["package.json", "README.md", "LICENSE"]);
const FORBIDDEN = [
  /(^|\/)(tests?|__tests__|scratch|src|node_modules|target|examples|bench|fuzz)\//,
  /(^|\/)\./, // dotfiles
  /\.(map|tgz|rs|toml|lock|log)$/,
  /(^|\/)(tsconfig|jsconfig)[^/]*\.json$/,
  /\.(test|spec)\.[cm]?[jt]s$/,
  /(?<!\.d)\.[cm]?ts$/, // TypeScript sources (declarations are fine)
];

function publishDryRun(dir) {
  const run = spawnSync("npm", ["publish", "--dry-run", "--json", "--ignore-scripts", `./${dir}`], {
    cwd: root,
    encoding: "utf8",
  });
  assert.equal(run.status, 0, `npm publish --dry-run ${dir} failed:\n${run.stderr}`);
  const listed = JSON.parse(run.stdout);
  const packed = listed[Object.keys(listed)[0]];
  const warnings = run.stderr
    .split("\n")
    .filter((line) => /npm warn/.test(line) && !/logged in|requires you to be logged in/.test(line));
  return { packed, warnings };
}

function manifestTargets(pkg) {
  const targets = new Set();
  const walk = (value) => {
    if (typeof value === "string") targets.add(value);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(pkg.exports);
  for (const field of ["main", "module", "types", "typings"]) if (pkg[field]) targets.add(pkg[field]);
  if (typeof pkg.bin === "string") targets.add(pkg.bin);
  else if (pkg.bin) for (const file of Object.values(pkg.bin)) targets.add(file);
  return [...targets].map((target) => posix.normalize(target).replace(/^\.\//, ""));
}

// The names a file may be referred to by from a file beside it.
function namesOf(path) {
  const name = basename(path);
  const names = [name];
  if (name.endsWith(".d.ts")) names.push(name.replace(/\.d\.ts$/, ".js"), name.replace(/\.d\.ts$/, ""));
  if (name.endsWith(".d.cts")) names.push(name.replace(/\.d\.cts$/, ".cjs"), name.replace(/\.d\.cts$/, ""));
  return names;
}

const summary = [];

for (const { name, packed: dir } of PACKAGES) {
  test(`npm publish --dry-run ${dir}: ${name} ships exactly its runtime files`, () => {
    assert.ok(existsSync(join(root, dir, "package.json")), `${dir} is not there: run \`npm run build\` first`);
    const { packed, warnings } = publishDryRun(dir);
    assert.equal(packed.name, name);
    assert.equal(packed.version, crateVersion());
    assert.deepEqual(warnings, [], `npm corrected ${name}'s manifest`);
    const files = packed.files.map(({ path }) => path);
    const shipped = new Set(files);
    const manifestPath = join(root, dir, "package.json");
    const pkg = JSON.parse(readFileSync(manifestPath, "utf8"));
    const manifestText = readFileSync(manifestPath, "utf8");

    for (const file of files) {
      for (const pattern of FORBIDDEN) assert.doesNotMatch(file, pattern, `${name} ships ${file}`);
    }
    for (const file of ALWAYS) assert.ok(shipped.has(file), `${name} does not ship ${file}`);
    for (const target of manifestTargets(pkg))
      assert.ok(shipped.has(target), `${name}'s manifest names ${target}, which does not ship`);

    const texts = new Map(
      files
        .filter((file) => /\.(c?js|mjs|d\.c?ts|json)$/.test(file))
        .map((file) => [file, readFileSync(join(root, dir, file), "utf8")]),
    );
    for (const [file, text] of texts) {
      assert.doesNotMatch(text, /[#@] sourceMappingURL=(?!data:)/, `${name}/${file} points at a source map`);
    }
    for (const file of files) {
      if (ALWAYS.has(file)) continue;
      const names = namesOf(file);
      const inManifest = manifestText.includes(`"./${file}"`) || manifestText.includes(`"${file}"`);
      const besideIt = [...texts].some(
        ([other, text]) => other !== file && dirname(other) === dirname(file) && names.some((n) => text.includes(n)),
      );
      assert.ok(inManifest || besideIt, `${name} ships ${file}, which nothing names`);
    }
    if (name === "elicit-form-mcp-core") {
      // Its modules by concern, each imported by index.js.
      const modules = [...texts.get("index.js").matchAll(/from "\.\/([a-z-]+\.js)"/g)].map(([, file]) => file);
      assert.ok(modules.length > 0, "index.js imports its modules");
      assert.deepEqual(
        files.slice().sort(),
        [...new Set(["LICENSE", "README.md", "index.d.ts", "index.js", "package.json", ...modules])].sort(),
      );
    } else if (name !== "elicit-form") {
      assert.deepEqual(files.slice().sort(), ["LICENSE", "README.md", "index.d.ts", "index.js", "package.json"]);
    }
    summary.push(
      `${name}@${packed.version}: ${packed.entryCount} files, ${packed.size} bytes packed, ${packed.unpackedSize} unpacked`,
    );
  });
}

test.after(() => {
  for (const line of summary) console.log(line);
});
