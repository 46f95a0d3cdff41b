//! The `elicit-form/url` entry's exports (the `url-mode` feature): a
//! URL-mode request's view, the backend's consent record and key, and the
//! consent decision. Each converts and calls [`reply`] (JSON texts in, a
//! value or a [`Failure`](crate::reply::Failure) out, built and tested
//! natively too).

pub mod reply;

use wasm_bindgen::prelude::wasm_bindgen;

use crate::now::now;
use crate::reply::reply as envelope;

#[wasm_bindgen]
pub fn url_elicitation(params_text: &str, server_name: &str) -> String {
    envelope(reply::url_view(params_text, server_name))
}

#[wasm_bindgen]
pub fn consent_storage_key(server: &str, tool: &str) -> String {
    elicit_form::url_mode::consent_storage_key(server, tool)
}

/// `request_text` is the request without `now`, which comes separately
/// (`now.rs`).
#[wasm_bindgen]
pub fn record_url_consent(
    request_text: &str,
    now_kind: u32,
    now_millis: f64,
    now_text: Option<String>,
) -> String {
    envelope(
        now(now_kind, now_millis, now_text.as_deref())
            .and_then(|now| reply::record_url_consent(request_text, now)),
    )
}

/// `consent_text` is `None` when the host found no consent.
#[allow(clippy::too_many_arguments)] // one text an argument, as JS passes them
#[wasm_bindgen]
pub fn answer_url(
    server_name: &str,
    tool_name: &str,
    params_text: &str,
    consent_text: Option<String>,
    now_kind: u32,
    now_millis: f64,
    now_text: Option<String>,
) -> String {
    envelope(
        now(now_kind, now_millis, now_text.as_deref()).and_then(|now| {
            reply::answer_url(
                server_name,
                tool_name,
                params_text,
                consent_text.as_deref(),
                now,
            )
        }),
    )
}
