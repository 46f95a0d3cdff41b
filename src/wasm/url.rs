//! The `elicit-form/url` entry's exports (the `url-mode` feature): a
//! URL-mode request's view, and its answers on record. Each converts and
//! calls [`crate::url_mode::reply`].

use alloc::string::String;

use wasm_bindgen::prelude::wasm_bindgen;

use super::now::{Now, now};
use super::reply;
use crate::url_mode::reply as url;

#[wasm_bindgen]
pub fn url_elicitation(params_text: &str, server_name: &str) -> String {
    reply(url::url_view(params_text, server_name))
}

/// `request_text` is the request without `now`, which comes separately.
pub fn record_url_answer(request_text: &str, now_value: Now<'_>) -> String {
    reply(now(now_value).and_then(|now| url::record_url_answer(request_text, now)))
}

pub fn url_answer_applies_to(
    record_text: &str,
    server: &str,
    tool: &str,
    fingerprint: &str,
    now_value: Now<'_>,
) -> String {
    reply(
        url::read_url_record(record_text)
            .and_then(|record| Ok(record.applies_to(server, tool, fingerprint, now(now_value)?))),
    )
}

/// `record_text` is `None` when the host found no record.
pub fn answer_url(
    server_name: &str,
    tool_name: &str,
    params_text: &str,
    record_text: Option<String>,
    now_value: Now<'_>,
) -> String {
    reply(now(now_value).and_then(|now| {
        url::answer_url(
            server_name,
            tool_name,
            params_text,
            record_text.as_deref(),
            now,
        )
    }))
}

// The exports: the functions above with `now` as the JS passes it.

#[wasm_bindgen(js_name = record_url_answer)]
pub fn record_url_answer_export(
    request_text: &str,
    now_kind: u32,
    now_millis: f64,
    now_text: Option<String>,
) -> String {
    record_url_answer(
        request_text,
        Now::from_js(now_kind, now_millis, now_text.as_deref()),
    )
}

#[wasm_bindgen(js_name = url_answer_applies_to)]
pub fn url_answer_applies_to_export(
    record_text: &str,
    server: &str,
    tool: &str,
    fingerprint: &str,
    now_kind: u32,
    now_millis: f64,
    now_text: Option<String>,
) -> String {
    let now_value = Now::from_js(now_kind, now_millis, now_text.as_deref());
    url_answer_applies_to(record_text, server, tool, fingerprint, now_value)
}

#[allow(clippy::too_many_arguments)] // one text an argument, as JS passes them
#[wasm_bindgen(js_name = answer_url)]
pub fn answer_url_export(
    server_name: &str,
    tool_name: &str,
    params_text: &str,
    record_text: Option<String>,
    now_kind: u32,
    now_millis: f64,
    now_text: Option<String>,
) -> String {
    let now_value = Now::from_js(now_kind, now_millis, now_text.as_deref());
    answer_url(server_name, tool_name, params_text, record_text, now_value)
}
