#!/usr/bin/env bash
# Installs what the tests need beyond the build's set-up
# (scripts/setup-build.sh: the wasm target, wasm-bindgen's CLI, the npm
# packages), and nothing that is already there: clippy, wasm-pack and
# geckodriver, a check that workerd (Miniflare's) runs, Chromium and Firefox
# ESR for browser tests, and redis-server for the Redis store's tests.
# Safe to run again; `npm test` calls it. `npm start` needs none of this and
# calls scripts/setup-build.sh alone.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup-build.sh

need_chromium=${NEED_CHROMIUM:-1}

rustup component add clippy >/dev/null 2>&1 || true
# wasm-pack finds the wasm-bindgen setup-build.sh installed, chromedriver and geckodriver on
# PATH, so `wasm-pack test` downloads nothing.
if ! command -v wasm-pack >/dev/null; then
  echo "setup: installing wasm-pack (about 3 to 5 minutes)"
  cargo install wasm-pack --locked
fi
if ! command -v geckodriver >/dev/null; then
  echo "setup: installing geckodriver (about 3 minutes)"
  cargo install geckodriver --locked
fi

# npm 11 skips install scripts that allowScripts does not list (workerd's
# among them). It finds its platform binary at run time anyway; if it does
# not run, rebuild it with its scripts, and stop if that fails.
if ! node_modules/.bin/workerd --version >/dev/null 2>&1; then
  echo "setup: workerd does not run; rebuilding it with its install scripts"
  npm rebuild workerd --foreground-scripts --ignore-scripts=false
  node_modules/.bin/workerd --version >/dev/null 2>&1 || { echo "setup: workerd still does not run" >&2; exit 1; }
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
