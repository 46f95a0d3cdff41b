#!/usr/bin/env bash
# The whole test suite: `npm test`. Installs what it needs first, then runs
# each stage in order, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

passed=0
stage() {
  local name=$1
  shift
  echo
  echo "=== $name"
  local started=$SECONDS
  if "$@"; then
    passed=$((passed + 1))
    echo "=== $name: ok ($((SECONDS - started)) s)"
  else
    echo "=== $name: FAILED"
    echo "stages: $passed passed, 1 failed"
    exit 1
  fi
}

stage "js: Biome's format check and lint of the JS (biome.jsonc) and tsc's check of the npm package's JSDoc (pkg-template/tsconfig.json, checkJs)" bash -c "node_modules/.bin/biome ci && node_modules/.bin/tsc -p pkg-template/tsconfig.json --noEmit"
stage "rust: unit, recorded vectors (both profiles), parity with everruns-core" cargo test --all-targets
stage "rust: the bindings crate (crates/wasm) natively: the reply envelopes of every vector, the argument wording, the hostile-URL suite through the URL exports' JSON face (crates/wasm/tests/url_mode.rs)" cargo test -p elicit-form-wasm --all-targets
stage "rust: doc examples" cargo test --doc
stage "rust: cargo doc without warnings (the core and the bindings crate)" env RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --workspace
stage "rust: clippy (the core and the bindings crate)" cargo clippy --workspace --all-targets -- -D warnings
stage "rust: the backend-only build (no mcp-2026-07-28 feature): unit tests" cargo test --lib --no-default-features
stage "rust: clippy (wasm32, backend only: the default npm entry)" cargo clippy -p elicit-form-wasm --target wasm32-unknown-unknown --no-default-features --features records,host-sha256 -- -D warnings
stage "rust: clippy (wasm32, both profiles: the elicit-form/mcp-2026-07-28 entry)" cargo clippy -p elicit-form-wasm --target wasm32-unknown-unknown --no-default-features --features mcp-2026-07-28,records,host-sha256 -- -D warnings
stage "rust: clippy (wasm32, no answers on record: the elicit-form/ui and elicit-form/mcp-2026-07-28/ui entries)" bash -c "cargo clippy -p elicit-form-wasm --target wasm32-unknown-unknown --no-default-features --features form-exports,talc -- -D warnings && cargo clippy -p elicit-form-wasm --target wasm32-unknown-unknown --no-default-features --features mcp-2026-07-28,form-exports,talc -- -D warnings"
stage "rust: clippy (wasm32, the URL rules alone: the elicit-form/url entry)" cargo clippy -p elicit-form-wasm --target wasm32-unknown-unknown --no-default-features --features url-mode,talc -- -D warnings
stage "rust: clippy (wasm32, the URL rules for plain ASCII hosts: elicit-form/url's first wasm)" cargo clippy -p elicit-form-wasm --target wasm32-unknown-unknown --no-default-features --features url-mode-ascii,talc -- -D warnings
stage "rust: the URL rules for plain ASCII hosts with IDNA's data-free stub (crates/url-ascii, its own lockfile and target directory): the hostile-URL suite natively" bash -c 'cargo test --manifest-path crates/url-ascii/Cargo.toml --target-dir "${CARGO_TARGET_DIR:-target}/url-ascii"'
stage "rust: clippy (wasm32, the wasm test binaries of the core and the bindings)" cargo clippy --workspace --target wasm32-unknown-unknown --tests -- -D warnings
stage "rust: the crate as the registry would get it (cargo publish --dry-run: package, then build the packaged crate)" cargo publish --dry-run --allow-dirty
stage "wasm (wasm-pack test, the root and crates/wasm): vectors and exports under Node, headless Chromium and headless Firefox" bash scripts/test-wasm.sh
stage "npm package: build pkg/ (release) and print its sizes" npm run build --silent
stage "npm package: pack it and install the tarball into a scratch project" node tests/js/prepare.mjs
stage "npm packages: one version line (crate, every package, CHANGELOG.md), what npm publish --dry-run ships for each, and the tarballs installed as a user installs them (a form answered end to end through the v2 adapter, the AI SDK adapter and the ACP adapter)" node --test tests/packages/
stage "docs: the README's and the guides' runnable blocks run, and their TypeScript blocks type-checked (tsc --strict), against the packed packages" node --test tests/docs/
stage "npm package: Node, import and require" node --test tests/js/node.test.mjs
stage "npm package: elicit-form/url, the hostile-URL suite and the records through the packed package (import and require)" node --test tests/js/url.test.mjs
stage "npm package: elicit-form/url's two wasm builds answer every ASCII-host link alike (the suite, every Public Suffix rule, random links), and the entry routes the others to the Unicode rules" node --test tests/js/url-ascii.test.mjs
stage "npm package: the glue, each way of loading the .wasm, texts and now across the boundary" node --test tests/js/glue.test.mjs
stage "npm package: the fingerprint through the host's SHA-256 (node:crypto) equals the wasm's own, every export that gives one, the vectors' schemas and random ones of both profiles, and the host path taken in Node" node --test tests/js/host-sha256.test.mjs
stage "npm package: peer agreement under mcp-2026-07-28 (@cfworker/json-schema, ajv, the MCP SDK)" node --test tests/js/spec-peers.test.mjs
stage "npm package: workerd (Miniflare), bundled as wrangler does" node --test tests/js/workerd.test.mjs
stage "npm package: Chromium and Firefox, import map and esbuild bundle" node --test tests/js/browser.test.mjs
stage "npm package: Deno and Bun from npm" node --test tests/js/deno-bun.test.mjs
stage "npm package: official MCP conformance client scenario elicitation-sep1034-client-defaults (mcp-2026-07-28)" node --test tests/spec/
stage "npm package: TypeScript declarations (tsc --noEmit --strict)" node_modules/.bin/tsc -p tests/js/scratch/types/tsconfig.json
stage "npm package: size budget (bench/size-budget.json)" node --test tests/size/
stage "npm package: abuse suite in Node and workerd (hostile values, 64 MiB strings, 10,000-deep nesting, 110,000 calls at a steady wasm memory, memory given back after a huge input)" node --test tests/js/abuse.test.mjs
stage "npm package: Vite and webpack 5 production builds of a page, in Chromium" node --test tests/bundlers/

stage "www: the demo page in Chromium" node --test tests/www/
stage "element: <elicit-form> from the packed package in Chromium and Firefox ESR, axe-core, the React example (Vite)" bash -c "node tests/element/prepare.mjs && node --test tests/element/"
stage "fuzz: smoke of each target" bash scripts/fuzz.sh smoke
stage "flow: the SDK v2 and v1 adapters and the AI SDK adapter (@ai-sdk/mcp, and its chat example in Chromium) against real servers (stdio, Streamable HTTP, server-everything), the ACP adapter against an @agentclientprotocol/sdk agent process (stdio), the MCP Tasks adapter with ext-tasks against a Tasks server (stdio, Streamable HTTP), the Redis store (redis-server), the agents Worker and the answer Worker (Miniflare), the check CLI" bash -c "node tests/flow/prepare.mjs && node --test tests/flow/"
stage "rust: the ACP adapter crate (adapters/acp-rust, its own workspace; agent-client-protocol 5.2) against the SDK agent over stdio, and its clippy" bash -c "cargo test --manifest-path adapters/acp-rust/Cargo.toml --target-dir target && cargo clippy --manifest-path adapters/acp-rust/Cargo.toml --target-dir target --all-targets -- -D warnings"
stage "rust: the rmcp adapter crate (adapters/rmcp, its own workspace; rmcp 3.11) against an rmcp server over a duplex stream (2026-07-28 rounds, 2025-11-25 pushed requests) and a hand-written server, its terminal host example and its tests against the JS SDK servers and server-everything over stdio (node_modules from npm ci), and its clippy" bash -c "cargo test --manifest-path adapters/rmcp/Cargo.toml --target-dir target && cargo clippy --manifest-path adapters/rmcp/Cargo.toml --target-dir target --all-targets -- -D warnings"

echo
echo "stages: $passed passed, 0 failed"
