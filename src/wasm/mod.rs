//! The JS boundary: the npm package's wasm exports, through wasm-bindgen.
//! Each export reads its texts, calls the core, and gives one [`Reply`]
//! envelope text back (see [`crate::view`]); no rule, shape or profile
//! dispatch lives here.
//!
//! JSON text both ways keeps the backend's JSON semantics (byte order of
//! keys, exact float reading) and lets `JSON.parse` make every key an own
//! property; it measured faster than serde-wasm-bindgen's object building
//! (bench/FINDINGS.md). The same functions are the Rust face the wasm tests
//! call (`tests/wasm.rs`).
//!
//! Every build has the bounds and the wording of arguments ([`bounds`],
//! [`argument_problem`], which the package's core reads at load); the form
//! exports are in `forms` (the `form-exports` feature: every entry but
//! `elicit-form/url`), their answers on record in `records` (`records`), the
//! URL rules' exports in `url` (`url-mode`: the `elicit-form/url` entry).

use alloc::string::String;
use alloc::vec::Vec;

use serde::Serialize;
use wasm_bindgen::prelude::wasm_bindgen;

use crate::argument::ArgumentProblem;
use crate::view::{Constants, Failure, Reply};

#[cfg(feature = "form-exports")]
mod forms;
#[cfg(feature = "form-exports")]
pub use forms::{
    content_from_answers, fingerprint, form_answer_storage_key, names_a_credential,
    parse_requested_schema, pending, prepare_form, questions,
};
#[cfg(any(feature = "records", feature = "url-mode"))]
mod now;
#[cfg(any(feature = "records", feature = "url-mode"))]
pub use now::Now;
#[cfg(feature = "records")]
mod records;
#[cfg(feature = "records")]
pub use records::{
    answer_form, answer_form_export, applies_to, applies_to_export, record_form_answer,
    record_form_answer_export,
};
#[cfg(feature = "url-mode")]
mod url;
#[cfg(feature = "url-mode")]
pub use url::{
    answer_url, answer_url_export, record_url_answer, record_url_answer_export,
    url_answer_applies_to, url_answer_applies_to_export, url_elicitation,
};

/// A debug build (`npm run build -- --debug`) writes a panic's message to
/// the console before the module traps. A release build has no panic that
/// input can reach, and leaves the hook and its formatting out.
#[cfg(debug_assertions)]
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

pub(crate) fn reply<T: Serialize>(result: Result<T, Failure>) -> String {
    Reply::from(result).to_json(0)
}

/// The bounds, in [`Constants`]' field order (`MAX_FORM_PROPERTIES`, …,
/// `FORM_ANSWER_TTL_MS`): numbers, so no reply to write and parse at load
/// (bench/FINDINGS.md, "Session 7").
#[wasm_bindgen]
pub fn bounds() -> Vec<f64> {
    Constants::BACKEND.numbers().to_vec()
}

/// The error for an argument JS found unusable (see
/// [`ArgumentProblem::from_report`] for the arguments).
#[wasm_bindgen]
pub fn argument_problem(problem: &str, argument: &str, detail: &str, unit: u16, at: u32) -> String {
    let failure = ArgumentProblem::from_report(problem, argument, detail, unit, at as usize)
        .map_or_else(
            || {
                Failure::Type(format!(
                    "elicit-form cannot word the argument problem {problem:?}"
                ))
            },
            |problem| problem.failure(),
        );
    reply::<()>(Err(failure))
}
