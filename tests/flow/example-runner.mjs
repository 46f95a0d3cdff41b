// Runs one of examples/ as a user runs it: copied into tests/flow/scratch,
// where the packed packages are installed, and started with this Node.

import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");
const dir = join(here, "scratch", "examples");

/** Runs examples/<relative> with `args`; resolves with its stdout lines. */
export async function runExample(relative, args) {
  mkdirSync(dir, { recursive: true });
  const copy = join(dir, relative.replaceAll("/", "-"));
  copyFileSync(join(root, "examples", relative), copy);
  const { stdout } = await promisify(execFile)(process.execPath, [copy, ...args], { timeout: 60_000 });
  return stdout.trimEnd().split("\n");
}
