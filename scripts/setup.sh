#!/usr/bin/env bash
# Installs what the build and the tests need, and nothing that is already
# there: Rust pieces (clippy, the wasm target, wasm-bindgen's CLI at the
# version Cargo.lock pins, wasm-pack, geckodriver), the npm packages,
# Chromium and Firefox ESR for browser tests, and redis-server for the Redis
# store's tests.
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

# wasm-pack finds the wasm-bindgen above, chromedriver and geckodriver on
# PATH, so `wasm-pack test` downloads nothing.
if ! command -v wasm-pack >/dev/null; then
  echo "setup: installing wasm-pack (about 3 to 5 minutes)"
  cargo install wasm-pack --locked
fi
if ! command -v geckodriver >/dev/null; then
  echo "setup: installing geckodriver (about 3 minutes)"
  cargo install geckodriver --locked
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

# Debian's packages the tests need and the machine lacks, in one install:
# Chromium and ChromeDriver for the browser tests; Firefox ESR, the second
# engine (wasm-pack test --firefox, the packed package, the <elicit-form>
# checks), driven by geckodriver or by puppeteer-core over WebDriver BiDi with
# no download; redis-server, which the Redis store's tests start themselves.
debian=()
if [ "$need_chromium" = 1 ]; then
  command -v chromium >/dev/null || debian+=(chromium chromium-driver)
  command -v firefox-esr >/dev/null || debian+=(firefox-esr)
fi
command -v redis-server >/dev/null || debian+=(redis-server)
if [ ${#debian[@]} -gt 0 ]; then
  echo "setup: installing ${debian[*]} from Debian's packages"
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${debian[@]}" >/dev/null
fi
