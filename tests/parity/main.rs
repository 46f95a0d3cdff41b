//! Parity with the published backend: this crate against `everruns-core`'s
//! `mcp::form_elicitation`, on seeded, generated inputs, for both releases
//! it is held to: 0.43.0 and 0.50.1 (the newest). The modules that compare
//! are expanded once per release (`v0_43`, `v0_50`), each with its release
//! as `theirs`: `cargo test --test parity v0_50::` runs one.
//!
//! Every case is made from its own seed by a splitmix64 generator, so any
//! difference is reproduced by its seed alone:
//! `PARITY_SEED=<seed> PARITY_CASES=1 cargo test --test parity <test name>`.
//! By default each test runs seeds `0..DEFAULT_CASES` (for each release);
//! `PARITY_SEED` moves the start and `PARITY_CASES` sets the count.
//!
//! Schemas are generated as JSON *text* and parsed once with serde_json. Both
//! crates are built against the same serde_json (one version in the
//! dependency graph, `float_roundtrip` on, `preserve_order` off), so the very
//! same `Value` goes to both and `-0.0` or `999999999999999.9` arrive exactly
//! as written.
//!
//! A difference does not stop the run: all are counted, the first few are
//! shown with seed, case index, input and both outputs, and the test fails.
#![cfg(not(target_arch = "wasm32"))]
// Each comparing module is compiled once per release (v0_43.rs, v0_50.rs),
// on purpose: the same code against each `theirs`.
#![allow(
    clippy::duplicate_mod,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

// What the cases are made of.
mod json_spelling;
mod schemas;
mod seeds;
mod text;

// The seven properties, one concern each (answers, credentials, outcomes,
// parse, records, storage_keys): what is compared, and the test, once
// against each release of the backend. Each release's file names the same
// modules by path, with its release as `theirs`.
mod v0_43;
mod v0_50;
