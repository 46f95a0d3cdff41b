#!/usr/bin/env bash
# Installs what the build and the tests need, and nothing that is already
# there: Rust pieces (clippy, the wasm target, wasm-bindgen's CLI at the
# version Cargo.lock pins), the npm packages, Chromium for browser tests, and
# redis-server for the Redis store's tests.
# Safe to run again; `npm start` and `npm test` both call it.
set -euo pipefail
cd "$(dirname "$0")/.."

need_chromium=${NEED_CHROMIUM:-1}

rustup component add clippy >/dev/null 2>&1 || true
rustup target list --installed | grep -qx wasm32-unknown-unknown \
  || rustup target add wasm32-unknown-unknown

bindgen_version=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/[^0-9.]/, ""); print; exit}' Cargo.lock)
if ! wasm-bindgen --version 2>/dev/null | grep -q "$bindgen_version"; then
  echo "setup: installing wasm-bindgen-cli $bindgen_version (about 3 minutes)"
  # No --locked: its lock pins a crate the registry does not serve.
  cargo install wasm-bindgen-cli --version "=$bindgen_version"
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

# npm 11 skips install scripts that allowScripts does not list (workerd's and
# esbuild's among them). Both find their platform binary at run time anyway;
# if one does not run, rebuild it with its scripts, and stop if that fails.
npm_binaries_run() {
  node_modules/.bin/workerd --version >/dev/null 2>&1 \
    && node -e 'require("esbuild").transformSync("1")' >/dev/null 2>&1
}
if ! npm_binaries_run; then
  echo "setup: workerd or esbuild does not run; rebuilding them with their install scripts"
  npm rebuild workerd esbuild --foreground-scripts --ignore-scripts=false
  npm_binaries_run || { echo "setup: workerd or esbuild still does not run" >&2; exit 1; }
fi

if [ "$need_chromium" = 1 ] && ! command -v chromium >/dev/null; then
  echo "setup: installing Chromium and ChromeDriver from Debian's packages"
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver >/dev/null
fi

# The Redis store's tests start their own redis-server on 127.0.0.1.
if ! command -v redis-server >/dev/null; then
  echo "setup: installing redis-server from Debian's packages"
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq redis-server >/dev/null
fi
