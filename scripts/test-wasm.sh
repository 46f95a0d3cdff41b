#!/usr/bin/env bash
# The conformance vectors in wasm, through wasm-bindgen-test: the core
# (tests/conformance.rs) and the wasm exports (tests/wasm.rs), first under
# Node, then in headless Chromium. wasm-bindgen-test-runner picks the browser
# at run time from WASM_BINDGEN_USE_BROWSER and drives it with chromedriver;
# webdriver.json beside Cargo.toml keeps Chromium off the network.
set -euo pipefail
cd "$(dirname "$0")/.."

export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
tests=(--test conformance --test wasm)

echo "wasm under Node:"
cargo test --target wasm32-unknown-unknown --no-default-features "${tests[@]}"

echo "wasm in headless Chromium:"
output=$(WASM_BINDGEN_USE_BROWSER=1 cargo test --target wasm32-unknown-unknown --no-default-features "${tests[@]}" 2>&1) || {
  echo "$output"
  exit 1
}
echo "$output"
# The runner falls back to Node when it finds no driver; make sure it did not.
if [ "$(grep -c 'Running headless tests in Chrome' <<<"$output")" -ne 2 ]; then
  echo "test-wasm: the browser runs did not happen in Chrome" >&2
  exit 1
fi
