// Instructions a UI round takes, counted by callgrind:
// `node bench/instructions.mjs DIR [N] [INPUT]` runs `bench/rounds.mjs DIR`
// under `valgrind --tool=callgrind` twice, with N rounds (default 400) and
// with none, and prints (the count at N minus the count at 0) / N. Counts do
// not move with the machine's load the way times do, so they settle a change
// of a few percent on a shared machine. INPUT is `billing` (the default) or
// `bounds` (fewer rounds do: each is about 50 billing rounds' work). Node runs
// with `--single-threaded --no-liftoff`: callgrind runs one thread at a time
// and counts them all, so V8's background compiles (its wasm tier-up from
// Liftoff's code to TurboFan's among them) would land at a random round and
// the count would measure a random mix of baseline and optimised code. With
// the flags every wasm function is TurboFan's from its first call, as it is
// in a long-running process, and the count repeats.

import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const [dir, count = "400", input = "billing"] = process.argv.slice(2);
if (dir === undefined || !(Number(count) > 0)) throw new Error("usage: node bench/instructions.mjs DIR [N] [INPUT]");
const rounds = join(dirname(fileURLToPath(import.meta.url)), "rounds.mjs");

/** Instructions of one `node bench/rounds.mjs DIR n INPUT` under callgrind. */
function instructions(n) {
  const out = mkdtempSync(join(tmpdir(), "elicit-form-callgrind-"));
  try {
    execFileSync(
      "valgrind",
      [
        "--tool=callgrind",
        `--callgrind-out-file=${join(out, "callgrind.out")}`,
        process.execPath,
        "--single-threaded",
        "--no-liftoff",
        rounds,
        dir,
        String(n),
        input,
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    const [file] = readdirSync(out);
    const summary =
      readFileSync(join(out, file), "utf8").match(/^summary: (\d+)/m) ??
      readFileSync(join(out, file), "utf8").match(/^totals: (\d+)/m);
    return Number(summary[1]);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const none = instructions(0);
const some = instructions(Number(count));
console.log(
  `${dir} ${input}: ${Math.round((some - none) / Number(count)).toLocaleString("en")} instructions a round (${count} rounds)`,
);
