//! The wasm tests of `tests/vectors.rs` and `tests/wasm.rs` again, in a
//! browser: the same files, compiled into one test binary that
//! wasm-bindgen-test marks for browsers. Under `wasm-pack test --node` this
//! binary is skipped and those two run; under `wasm-pack test --headless
//! --chrome` or `--firefox` it runs and they are skipped. No environment
//! variable is needed either way.
#![cfg(target_arch = "wasm32")]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

#[path = "vectors.rs"]
mod core_vectors;

#[path = "wasm.rs"]
mod exports;
