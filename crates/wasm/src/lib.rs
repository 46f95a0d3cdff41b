//! The npm package's wasm: elicit-form's rules behind wasm-bindgen exports.
//! Each export reads its texts, calls the core (the `elicit-form` crate) and
//! gives one [`Reply`](reply::Reply) envelope text back; no rule, shape or
//! profile dispatch lives here, and the core knows nothing of this crate.
//!
//! JSON text both ways keeps the backend's JSON semantics (byte order of
//! keys, exact float reading) and lets `JSON.parse` make every key an own
//! property; it measured faster than serde-wasm-bindgen's object building
//! (bench/FINDINGS.md). The exports are the Rust face the wasm tests call
//! (`tests/wasm.rs`); they build natively too.
//!
//! Every build has the bounds and the wording of arguments ([`bounds`],
//! [`argument_problem`], which the package's core reads at load); the form
//! exports are in `form` (the `form-exports` feature: every entry but
//! `elicit-form/url`), their answers on record in `records` (`records`: the
//! full entries), the URL rules' exports in `url` (`url-mode-ascii`, which
//! `url-mode` implies: the `elicit-form/url` entry's two wasm, the rules for
//! plain ASCII hosts built by `crates/url-ascii` and every rule).

pub mod argument;
#[cfg(feature = "form-exports")]
mod fingerprint;
#[cfg(feature = "form-exports")]
pub mod form;
#[cfg(feature = "form-exports")]
pub mod inbox;
#[cfg(any(feature = "records", feature = "url-mode-ascii"))]
mod now;
#[cfg(feature = "records")]
pub mod records;
pub mod reply;
#[cfg(feature = "url-mode-ascii")]
pub mod url;

use wasm_bindgen::prelude::wasm_bindgen;

use argument::ArgumentProblem;
use reply::{Constants, Failure, reply};

/// The allocator of the builds a page downloads (the `talc` feature): talc,
/// a drop-in for Rust's default made for wasm, a few KB smaller. Without the
/// feature (the full entries' builds, for servers and Workers) the wasm
/// keeps Rust's default, dlmalloc, which allocates faster
/// (docs/performance.md, "Two builds"; docs/architecture.md).
#[cfg(all(
    target_arch = "wasm32",
    not(target_feature = "atomics"),
    feature = "talc"
))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// The module's start function. wasm-bindgen's reset (`__wbg_reset_state`,
/// which the package's memory bound calls for a fresh instance) runs it on
/// every instance, so every build has one. A debug build
/// (`npm run build -- --debug`) writes a panic's message to the console
/// before the module traps; a release build has no panic that input can
/// reach, and leaves the hook and its formatting out.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen(start)]
fn start() {
    #[cfg(debug_assertions)]
    console_error_panic_hook::set_once();
}

/// The bounds, in [`Constants`]' field order (`MAX_FORM_PROPERTIES`, …,
/// `FORM_ANSWER_TTL_MS`): numbers, so no reply to write and parse at load.
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
                    "elicit-form cannot word the argument problem \"{problem}\""
                ))
            },
            |problem| problem.failure(),
        );
    reply::<()>(Err(failure))
}

#[cfg(feature = "form-exports")]
pub use form::{
    content_from_answers, fingerprint, form_answer_storage_key, names_a_credential,
    parse_requested_schema, pending, prepare_form, questions,
};
#[cfg(feature = "form-exports")]
pub use inbox::{inbox, texts_in};
#[cfg(feature = "records")]
pub use records::{answer_form, applies_to, record_form_answer};
#[cfg(feature = "url-mode-ascii")]
pub use url::{answer_url, consent_storage_key, record_url_consent, url_elicitation};
