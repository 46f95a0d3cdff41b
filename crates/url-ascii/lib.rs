//! The `elicit-form/url` entry's small wasm: the crate's URL exports
//! (`crates/wasm/src/url.rs`), built with the URL rules for plain ASCII hosts only
//! (Cargo.toml beside this file says why it is a crate of its own). Natively
//! it only runs the suite through those rules (tests/url_suite.rs).

#[cfg(target_arch = "wasm32")]
pub use elicit_form_wasm::*;
