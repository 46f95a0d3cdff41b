// The README's and the guides' code blocks, against the packed packages, so
// the docs cannot drift from the code:
// - ```js runnable   is written to a module in a scratch project where the
//                    five packed packages are installed (a plain npm install
//                    of their tarballs) and run with this Node; it must exit 0
//                    (the blocks assert what their comments say);
// - ```ts            is type-checked with tsc --strict against the packed
//                    packages' declarations (and the MCP SDKs' own);
// - ```js file=P     must be exactly the file P (an example that tests/flow/ runs);
// - ```js excerpt=P  must be a part of the file P, word for word (line by line,
//                    whatever the indentation): the README's Rust start is the
//                    body of tests/docs_rust.rs, which `cargo test` runs.
// Every other block is prose. Run after `npm run build`.

import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");
const scratch = join(here, "scratch");
const PACKED = [
  "pkg",
  "adapters/mcp-core",
  "adapters/mcp-client",
  "adapters/mcp-sdk",
  "adapters/ai-sdk-mcp",
  "adapters/redis",
  "adapters/acp",
];

/** Every fenced block of a Markdown file: its info string, its text and its first line. */
export function codeBlocks(file) {
  const lines = readFileSync(file, "utf8").split("\n");
  const blocks = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^```(\S*)(.*)$/.exec(lines[i]);
    if (open === null) continue;
    const start = i;
    const body = [];
    for (i += 1; i < lines.length && lines[i] !== "```"; i += 1) body.push(lines[i]);
    assert.ok(i < lines.length, `${file}:${start + 1}: a code block that never closes`);
    const info = open[2].trim();
    const attributes = Object.fromEntries(
      info
        .split(/\s+/)
        .filter(Boolean)
        .map((word) => (word.includes("=") ? word.split("=", 2) : [word, true])),
    );
    blocks.push({ file, line: start + 1, lang: open[1], attributes, text: `${body.join("\n")}\n` });
  }
  return blocks;
}

const docs = [
  join(root, "README.md"),
  ...readdirSync(join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => join(root, "docs", f)),
];
const blocks = docs.flatMap(codeBlocks);
const where = (block) => `${relative(root, block.file)}:${block.line}`;
const runnable = blocks.filter((b) => b.lang === "js" && b.attributes.runnable);
const typed = blocks.filter((b) => b.lang === "ts");
const copies = blocks.filter((b) => b.attributes.file || b.attributes.excerpt);

test("the docs have runnable and typed blocks (the README's starts among them)", () => {
  assert.ok(runnable.length >= 5, `${runnable.length} runnable blocks`);
  assert.ok(typed.length >= 4, `${typed.length} TypeScript blocks`);
  assert.ok(
    typed.some((b) => b.file.endsWith("README.md")),
    "the README's TypeScript starts are checked",
  );
  console.log(
    `docs: ${blocks.length} code blocks in ${docs.length} files; ${runnable.length} runnable, ` +
      `${typed.length} TypeScript, ${copies.length} copies of example files`,
  );
});

test("every relative link and image in the README and the guides names a file that exists", () => {
  const broken = [];
  for (const file of docs) {
    // Links outside code blocks: drop the fenced blocks first.
    const text = readFileSync(file, "utf8").replace(/^```[\s\S]*?^```$/gm, "");
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target) || target.startsWith("#")) continue;
      const path = resolve(dirname(file), target.split("#")[0]);
      if (!existsSync(path)) broken.push(`${relative(root, file)}: ${target}`);
    }
  }
  assert.deepEqual(broken, []);
});

describe("blocks that name an example file are that file", () => {
  for (const block of copies) {
    test(`${where(block)}: ${block.attributes.file ?? block.attributes.excerpt}`, () => {
      const path = join(root, block.attributes.file ?? block.attributes.excerpt);
      const text = readFileSync(path, "utf8");
      if (block.attributes.file)
        assert.equal(block.text, text, `${where(block)} differs from ${block.attributes.file}`);
      else {
        // Line by line, whatever the indentation (a test's body is indented).
        const lines = (t) =>
          t
            .split("\n")
            .map((line) => line.trim())
            .join("\n");
        assert.ok(
          lines(text).includes(lines(block.text).trimEnd()),
          `${where(block)} is not a part of ${block.attributes.excerpt}`,
        );
      }
    });
  }
});

function npm(args, cwd) {
  return execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
}

// The scratch project: the five tarballs, installed as a user installs them.
// The MCP SDKs and redis (the adapters' peers) and @types/node resolve from
// the workspace's node_modules further up.
before(() => {
  assert.ok(existsSync(join(root, "pkg", "package.json")), "pkg/ is not built: run `npm run build` first");
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(join(scratch, "blocks"), { recursive: true });
  const dependencies = {};
  for (const dir of PACKED) {
    const [packed] = JSON.parse(npm(["pack", join(root, dir), "--pack-destination", scratch, "--json"], root));
    dependencies[packed.name] = `file:./${packed.filename}`;
  }
  writeFileSync(
    join(scratch, "package.json"),
    `${JSON.stringify(
      {
        name: "elicit-form-docs-scratch",
        private: true,
        type: "module",
        dependencies,
      },
      null,
      2,
    )}\n`,
  );
  npm(["install", "--no-audit", "--no-fund", "--no-package-lock", "--legacy-peer-deps", "--offline"], scratch);
});

describe("runnable blocks run against the packed packages", () => {
  runnable.forEach((block, index) => {
    test(where(block), () => {
      const file = join(scratch, "blocks", `run-${index}.mjs`);
      writeFileSync(file, `// ${where(block)}\n${block.text}`);
      const run = spawnSync(process.execPath, [file], { cwd: scratch, encoding: "utf8", timeout: 60_000 });
      assert.equal(run.status, 0, `${where(block)} failed:\n${run.stdout}\n${run.stderr}`);
    });
  });
});

test("TypeScript blocks type-check under --strict against the packed packages", () => {
  const files = typed.map((block, index) => {
    const name = `typed-${index}.ts`;
    // `export {}` keeps each block a module of its own, so their names do not meet.
    writeFileSync(join(scratch, "blocks", name), `// ${where(block)}\n${block.text}export {};\n`);
    return { name, block };
  });
  writeFileSync(
    join(scratch, "blocks", "tsconfig.json"),
    `${JSON.stringify(
      {
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: "nodenext",
          moduleResolution: "nodenext",
          target: "es2022",
          lib: ["es2022", "dom"],
          types: ["node"],
          skipLibCheck: true,
        },
        files: files.map(({ name }) => name),
      },
      null,
      2,
    )}\n`,
  );
  const tsc = spawnSync(join(root, "node_modules", ".bin", "tsc"), ["-p", join(scratch, "blocks", "tsconfig.json")], {
    encoding: "utf8",
  });
  // Name each error by the doc line it comes from.
  const report = `${tsc.stdout}${tsc.stderr}`.replace(/typed-(\d+)\.ts\((\d+),(\d+)\)/g, (_, index, line, column) => {
    const { block } = files[Number(index)];
    return `${where({ ...block, line: block.line + Number(line) - 1 })}:${column}`;
  });
  assert.equal(tsc.status, 0, report);
});
