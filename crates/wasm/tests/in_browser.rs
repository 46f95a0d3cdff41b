//! The exports' wasm tests (`tests/wasm.rs`) again, in a browser: the same
//! file, compiled into a test binary that wasm-bindgen-test marks for
//! browsers. Under `wasm-pack test --node` this binary is skipped and
//! `tests/wasm.rs` runs; under `wasm-pack test --headless --chrome` or
//! `--firefox` it runs and that one is skipped. No environment variable is
//! needed either way.
#![cfg(target_arch = "wasm32")]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

#[path = "wasm.rs"]
mod exports;
