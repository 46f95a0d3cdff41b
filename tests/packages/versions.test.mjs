// One version line for the crate and the npm packages: the same version
// everywhere, each package depending on the others by `^` range of it (no
// `file:` paths), a CHANGELOG.md heading for it, and the root's npm
// workspace holding the package template and the adapters.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { PACKAGES, crateVersion, manifest, root } from "./packages.mjs";

const version = crateVersion();
const names = new Set(PACKAGES.map(({ name }) => name));

test("every package has the crate's version", () => {
  for (const { name, source } of PACKAGES) {
    const pkg = manifest(source);
    assert.equal(pkg.name, name, `${source}/package.json`);
    assert.equal(pkg.version, version, `${name} is at ${pkg.version}, the crate at ${version}`);
  }
});

for (const [what, dir] of [
  ["ACP", "acp-rust"],
  ["rmcp", "rmcp"],
]) {
  test(`the Rust ${what} adapter crate (adapters/${dir}) has the crate's version and depends on it by that range`, () => {
    const text = readFileSync(join(root, "adapters", dir, "Cargo.toml"), "utf8");
    const table = text.split(/^\[/m).find((part) => part.startsWith("package]"));
    assert.equal(table?.match(/^version\s*=\s*"([^"]+)"/m)?.[1], version);
    const [major, minor] = version.split(".");
    assert.match(
      text,
      new RegExp(`^elicit-form = \\{ version = "${major}\\.${minor}", path = "\\.\\./\\.\\." \\}$`, "m"),
    );
  });
}

test("the packages name each other by ^ range of that version, never by path", () => {
  const dirs = [
    ...PACKAGES.map(({ source }) => source),
    "examples/react",
    "examples/worker",
    "examples/agents-worker",
    "examples/ai-sdk-chat",
  ];
  for (const dir of dirs) {
    const pkg = manifest(dir);
    for (const field of ["dependencies", "peerDependencies", "devDependencies", "optionalDependencies"]) {
      for (const [dep, range] of Object.entries(pkg[field] ?? {})) {
        assert.doesNotMatch(
          range,
          /^(file|link|workspace|git|github):|^\.{0,2}\//,
          `${dir}: ${field}.${dep} is ${range}`,
        );
        if (names.has(dep)) assert.equal(range, `^${version}`, `${dir}: ${field}.${dep}`);
      }
    }
  }
});

test("the root is an npm workspace of the package template and the adapters", () => {
  const rootManifest = manifest(".");
  assert.equal(rootManifest.private, true);
  assert.deepEqual([...rootManifest.workspaces].sort(), PACKAGES.map(({ source }) => source).sort());
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
  for (const { name, source } of PACKAGES) {
    assert.equal(
      lock.packages[`node_modules/${name}`]?.resolved,
      source,
      `package-lock.json links ${name} to ${source}`,
    );
    assert.equal(lock.packages[source]?.version, version, `package-lock.json has ${source} at ${version}`);
  }
});

test("CHANGELOG.md has a heading for the version", () => {
  const changelog = readFileSync(join(root, "CHANGELOG.md"), "utf8");
  assert.match(changelog, new RegExp(`^## ${version.replaceAll(".", "\\.")}\\b`, "m"));
});

test("each package says what a registry page needs", () => {
  for (const { name, source } of PACKAGES) {
    const pkg = manifest(source);
    for (const field of ["description", "license", "exports", "types", "engines", "files"]) {
      assert.ok(pkg[field] !== undefined, `${name} has no ${field}`);
    }
    assert.equal(pkg.license, "MIT", name);
    assert.ok(pkg.engines.node, `${name}: engines.node`);
    assert.ok(
      pkg.files.includes("README.md") && pkg.files.includes("LICENSE"),
      `${name}: files lists README.md and LICENSE`,
    );
    for (const file of ["README.md", "LICENSE"]) readFileSync(join(root, source, file));
    assert.ok(pkg.exports["./package.json"], `${name} exports ./package.json`);
  }
});
