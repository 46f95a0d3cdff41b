#!/usr/bin/env bash
# Installs what building the npm package and serving the demo page need, and
# nothing that is already there: the wasm target, the npm packages,
# wasm-bindgen's CLI at the version Cargo.lock pins, and a check that the npm
# packages' own binaries the build runs (esbuild; binaryen's wasm-opt is
# JavaScript and wasm) work. `npm start` calls it; `scripts/setup.sh` (the
# test set-up, `npm test`) calls it first. Safe to run again.
#
# On a fresh 2-core machine: the wasm target takes seconds, `npm ci` a minute
# or two, wasm-bindgen-cli about 2.5 minutes (cargo install, once), the first
# `npm run build` a few minutes more. None of the test tools (wasm-pack,
# geckodriver, browsers, redis-server) is installed here.
set -euo pipefail
cd "$(dirname "$0")/.."

rustup target list --installed | grep -qx wasm32-unknown-unknown \
  || rustup target add wasm32-unknown-unknown

# The version Cargo.lock pins (the crate's wasm tests already depend on it;
# the CLI must be the same version as the crate it reads).
bindgen_version=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/[^0-9.]/, ""); print; exit}' Cargo.lock)
if [ -n "$bindgen_version" ] && ! wasm-bindgen --version 2>/dev/null | grep -q "$bindgen_version"; then
  echo "setup: installing wasm-bindgen-cli $bindgen_version (about 3 minutes, once)"
  # No --locked: its lock pins a crate the registry does not serve.
  cargo install wasm-bindgen-cli --version "=$bindgen_version"
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
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
