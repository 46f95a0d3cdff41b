//! The wasm tests of `tests/vectors.rs` again, in a browser: the same file,
//! compiled into a test binary that wasm-bindgen-test marks for browsers.
//! Under `wasm-pack test --node` this binary is skipped and `vectors.rs`
//! runs; under `wasm-pack test --headless --chrome` or `--firefox` it runs
//! and that one is skipped. No environment variable is needed either way.
//! The exports' tests run the same way from crates/wasm.
#![cfg(target_arch = "wasm32")]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

#[path = "vectors.rs"]
mod core_vectors;
