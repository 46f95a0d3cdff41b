// Builds of the package side by side in one process: `node bench/builds.mjs
// DIR...` (each DIR a built pkg/, e.g. from `CARGO_PROFILE_RELEASE_OPT_LEVEL=s
// npm run build` copied aside). Prints each build's wasm size and the billing
// UI round (prepareForm and three calls) per build, timed interleaved, with
// the ratio to the first build. Used to choose the release opt-level.
// `--input=bounds` times the schema at every bound's round in place of the
// billing example's.

import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { INPUTS, SERVER_NAME } from "./inputs.mjs";
import { formatNs, timeCall } from "./speed.mjs";

const args = process.argv.slice(2);
const inputId = args.find((arg) => arg.startsWith("--input="))?.slice("--input=".length) ?? "billing";
const dirs = args.filter((arg) => !arg.startsWith("--")).map((dir) => resolve(dir));
if (dirs.length < 2) throw new Error("usage: node bench/builds.mjs [--input=bounds] DIR DIR...");
// Named `billing` below whichever input it is.
const billing = INPUTS.find((input) => input.id === inputId && !input.refused);
if (billing === undefined) throw new Error(`bench/builds.mjs: no input ${inputId} in inputs.mjs`);
const twin = { ...billing.schema, properties: Object.fromEntries(Object.entries(billing.schema.properties).reverse()) };

const builds = [];
for (const dir of dirs) {
  const ef = await import(pathToFileURL(join(dir, "node.js")).href);
  const wasm = readFileSync(join(dir, "elicit_form_bg.wasm"));
  let turn = 0;
  const schema = () => ((turn ^= 1) ? billing.schema : twin);
  builds.push({
    dir,
    raw: wasm.length,
    gzip: gzipSync(wasm, { level: 9 }).length,
    runs: {
      "UI round, prepareForm": () => {
        const form = ef.prepareForm(schema(), SERVER_NAME);
        return form.contentFromAnswers(billing.answers);
      },
      "UI round, three calls": () => {
        const asked = schema();
        return [ef.questions(asked, SERVER_NAME), ef.fingerprint(asked), ef.contentFromAnswers(asked, billing.answers)];
      },
    },
  });
}

const times = builds.map(() => ({}));
for (let pass = 0; pass < 3; pass += 1) {
  for (const name of Object.keys(builds[0].runs)) {
    for (const [index, build] of builds.entries()) {
      const { median } = await timeCall(build.runs[name], 300);
      (times[index][name] ??= []).push(median);
    }
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[1];
console.log(
  "| build | wasm raw | wasm gzip | " +
    Object.keys(builds[0].runs)
      .map((n) => `${n} | ratio`)
      .join(" | ") +
    " |",
);
for (const [index, build] of builds.entries()) {
  const cells = Object.keys(build.runs).map((name) => {
    const ours = median(times[index][name]);
    return `${formatNs(ours)} | ${(ours / median(times[0][name])).toFixed(2)}`;
  });
  console.log(`| ${build.dir} | ${build.raw} | ${build.gzip} | ${cells.join(" | ")} |`);
}
