#!/usr/bin/env bash
# Installs what building the npm package and serving the demo page need, and
# nothing that is already there: the wasm target, the npm packages,
# wasm-bindgen's CLI at the version Cargo.lock pins, and a check that the npm
# packages' own binaries the build runs (esbuild; binaryen's wasm-opt is
# JavaScript and wasm) work. `npm start` calls it; `scripts/setup.sh` (the
# test set-up, `npm test`) calls it first. Safe to run again.
#
# On a fresh 2-core machine: the wasm target takes seconds; `npm ci` (about a
# minute and a half from an empty npm cache) runs while wasm-bindgen-cli
# compiles (cargo install, about 2.5 minutes, once); the first `npm run build`
# takes about 2 minutes more. None of the test tools (wasm-pack,
# geckodriver, browsers, redis-server) is installed here.
set -euo pipefail
cd "$(dirname "$0")/.."

rustup target list --installed | grep -qx wasm32-unknown-unknown \
  || rustup target add wasm32-unknown-unknown

# The npm packages, downloading while cargo compiles below (one waits on the
# network, the other on the CPU).
npm_ci=""
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund &
  npm_ci=$!
  # If cargo fails below, do not leave npm ci running.
  trap '[ -z "$npm_ci" ] || kill "$npm_ci" 2>/dev/null || true' EXIT
fi

# The version Cargo.lock pins (the crate's wasm tests already depend on it;
# the CLI must be the same version as the crate it reads).
bindgen_version=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/[^0-9.]/, ""); print; exit}' Cargo.lock)
if [ -n "$bindgen_version" ] && ! wasm-bindgen --version 2>/dev/null | grep -q "$bindgen_version"; then
  echo "setup: installing wasm-bindgen-cli $bindgen_version (about 3 minutes, once)"
  # No --locked: its lock pins a crate the registry does not serve.
  cargo install wasm-bindgen-cli --version "=$bindgen_version"
fi

if [ -n "$npm_ci" ]; then
  status=0
  wait "$npm_ci" || status=$?
  npm_ci=""
  [ "$status" = 0 ] || { echo "setup: npm ci failed" >&2; exit 1; }
fi

# npm 11 skips install scripts that allowScripts does not list (esbuild's
# among them). It finds its platform binary at run time anyway; if it does
# not run, rebuild it with its scripts, and stop if that fails.
esbuild_runs() {
  node -e 'require("esbuild").transformSync("1")' >/dev/null 2>&1
}
if ! esbuild_runs; then
  echo "setup: esbuild does not run; rebuilding it with its install scripts"
  npm rebuild esbuild --foreground-scripts --ignore-scripts=false
  esbuild_runs || { echo "setup: esbuild still does not run" >&2; exit 1; }
fi
