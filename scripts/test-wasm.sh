#!/usr/bin/env bash
# The wasm tests, from the checkout, through wasm-pack (wasm-bindgen-test):
# the core against both vector files (tests/vectors.rs) and the wasm exports
# (tests/wasm.rs) under Node, then the same two files in headless Chromium
# and in headless Firefox ESR (tests/in_browser.rs compiles them into the one
# binary marked for browsers). These are the plain commands a user runs:
#
#   wasm-pack test --node
#   wasm-pack test --headless --chrome
#   wasm-pack test --headless --firefox
#
# wasm-pack uses the wasm-bindgen CLI, chromedriver and geckodriver on PATH
# (scripts/setup.sh installs them) and downloads nothing. webdriver.json
# beside Cargo.toml keeps both browsers off the network.
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

run "Node" "" 2 --node
run "headless Chromium" "Running headless tests in Chrome" 1 --headless --chrome
run "headless Firefox" "Running headless tests in Firefox" 1 --headless --firefox
