#!/usr/bin/env bash
# The wasm tests, from the checkout, through wasm-pack (wasm-bindgen-test):
# the core against both vector files (tests/vectors.rs, from the root) and
# the bindings' exports (crates/wasm/tests/wasm.rs, from crates/wasm) under
# Node, then the same files in headless Chromium and in headless Firefox ESR
# (each crate's tests/in_browser.rs compiles its file into the binary marked
# for browsers). These are the plain commands a user runs, in each of the
# two directories:
#
#   wasm-pack test --node
#   wasm-pack test --headless --chrome
#   wasm-pack test --headless --firefox
#
# wasm-pack uses the wasm-bindgen CLI, chromedriver and geckodriver on PATH
# (scripts/setup.sh installs them) and downloads nothing. webdriver.json
# beside each Cargo.toml keeps both browsers off the network.
set -euo pipefail
cd "$(dirname "$0")/.."

# Runs one wasm-pack test command and checks from its output that the suites
# ran where they should: `$2` is the runner's line for the engine, and
# `$3` how many test binaries must report "test result: ok" with tests in
# them. A run that finds no driver, or a binary skipped for the wrong
# engine, fails here rather than passing with nothing run.
run() {
  local label=$1 engine_line=$2 binaries=$3
  shift 3
  echo "wasm in $label: wasm-pack test $*"
  local output
  output=$(wasm-pack test "$@" 2>&1) || {
    echo "$output"
    exit 1
  }
  echo "$output" | grep -E "^(running|test result|Running headless|Executing|this test suite)|tests?\b.* (ok|FAILED)$" || true
  local ran
  ran=$(grep -cE "^test result: ok\. [1-9][0-9]* passed" <<<"$output" || true)
  if [ "$ran" -ne "$binaries" ]; then
    echo "$output"
    echo "test-wasm: $label: $ran test binaries passed with tests in them, expected $binaries" >&2
    exit 1
  fi
  if [ -n "$engine_line" ] && ! grep -q "$engine_line" <<<"$output"; then
    echo "test-wasm: $label: the run did not happen in the browser ($engine_line)" >&2
    exit 1
  fi
}

# The core (the root) and the bindings (crates/wasm): one binary each under
# Node, and one each in a browser. The bindings under Node once more with
# the `talc` feature, the allocator of the builds a page downloads (the
# browsers' runs have Rust's default, the full builds' allocator).
for crate in . crates/wasm; do
  run "Node ($crate)" "" 1 --node "$crate"
  run "headless Chromium ($crate)" "Running headless tests in Chrome" 1 --headless --chrome "$crate"
  run "headless Firefox ($crate)" "Running headless tests in Firefox" 1 --headless --firefox "$crate"
done
run "Node (crates/wasm, talc)" "" 1 --node crates/wasm --features talc

# A user's own build: `wasm-pack build crates/wasm --target web` from the
# checkout gives a package whose glue loads the wasm and answers as the npm
# package does.
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "wasm-pack build crates/wasm --target web (into a scratch directory)"
if ! wasm-pack build crates/wasm --target web --out-dir "$out/pkg" >"$out/log" 2>&1; then
  cat "$out/log"
  exit 1
fi
# Its form exports take their JSON texts in the wasm's inbox, written as the
# npm package's core.js writes them (tests/js/inbox.mjs).
OUT="$out/pkg" INBOX="$PWD/tests/js/inbox.mjs" node --input-type=module -e '
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const dir = process.env.OUT;
const raw = await import(`${dir}/elicit_form_wasm.js`);
const { memory } = raw.initSync({ module: readFileSync(`${dir}/elicit_form_wasm_bg.wasm`) });
const { withTexts } = await import(pathToFileURL(process.env.INBOX).href);
const glue = withTexts(raw, memory);
const schema = JSON.stringify({ type: "object", properties: { seats: { type: "integer", title: "Seats", minimum: 1, maximum: 50 } } });
assert.match(JSON.parse(glue.fingerprint(schema)).ok, /^[0-9a-f]{64}$/);
assert.equal(JSON.parse(glue.questions(schema, "billing")).ok[0].question, "Seats (a whole number from 1 to 50)");
assert.equal(JSON.parse(glue.fingerprint(JSON.stringify({ type: "object", properties: { api_key: { type: "string" } } }))).refused.kind, "credential");
console.log("wasm-pack build crates/wasm --target web: the package loads and answers");
'
