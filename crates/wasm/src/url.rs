//! The `elicit-form/url` entry's exports (the `url-mode` feature): a
//! URL-mode request's view, the backend's consent record and key, and the
//! consent decision. Each converts and calls [`crate::url_mode::reply`].

use alloc::string::String;

use wasm_bindgen::prelude::wasm_bindgen;

use super::now::{Now, now};
use super::reply;
use crate::url_mode::reply as url;

#[wasm_bindgen]
pub fn url_elicitation(params_text: &str, server_name: &str) -> String {
    reply(url::url_view(params_text, server_name))
}

#[wasm_bindgen]
pub fn consent_storage_key(server: &str, tool: &str) -> String {
    crate::url_mode::consent_storage_key(server, tool)
}

/// `request_text` is the request without `now`, which comes separately.
pub fn record_url_consent(request_text: &str, now_value: Now<'_>) -> String {
    reply(now(now_value).and_then(|now| url::record_url_consent(request_text, now)))
}

/// `consent_text` is `None` when the host found no consent.
pub fn answer_url(
    server_name: &str,
    tool_name: &str,
    params_text: &str,
    consent_text: Option<String>,
    now_value: Now<'_>,
) -> String {
    reply(now(now_value).and_then(|now| {
        url::answer_url(
            server_name,
            tool_name,
            params_text,
            consent_text.as_deref(),
            now,
        )
    }))
}

// The exports: the functions above with `now` as the JS passes it.

#[wasm_bindgen(js_name = record_url_consent)]
pub fn record_url_consent_export(
    request_text: &str,
    now_kind: u32,
    now_millis: f64,
    now_text: Option<String>,
) -> String {
    record_url_consent(
        request_text,
        Now::from_js(now_kind, now_millis, now_text.as_deref()),
    )
}

#[allow(clippy::too_many_arguments)] // one text an argument, as JS passes them
#[wasm_bindgen(js_name = answer_url)]
pub fn answer_url_export(
    server_name: &str,
    tool_name: &str,
    params_text: &str,
    consent_text: Option<String>,
    now_kind: u32,
    now_millis: f64,
    now_text: Option<String>,
) -> String {
    let now_value = Now::from_js(now_kind, now_millis, now_text.as_deref());
    answer_url(server_name, tool_name, params_text, consent_text, now_value)
}
