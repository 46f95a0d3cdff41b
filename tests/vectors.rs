//! Every conformance vector, checked natively and (under wasm-bindgen-test)
//! in wasm: 0 mismatches with everruns-core 0.43.0's recorded answers.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "support/vectors.rs"]
mod vectors;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

#[test]
fn every_conformance_vector_matches_the_backend() {
    match vectors::run_all() {
        Ok(count) => {
            assert_eq!(count, 2573, "the vector file is complete");
            println!("{count} vectors, 0 mismatches");
        }
        Err(report) => panic!("{report}"),
    }
}
