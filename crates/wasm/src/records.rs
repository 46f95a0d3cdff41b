//! The Rust face of the answers-on-record exports (`record_form_answer`,
//! `applies_to`, `answer_form`), in the wasm builds with the `records`
//! feature: the npm package's full entries. Its `ui` entries leave them out.

use alloc::string::String;

use wasm_bindgen::prelude::wasm_bindgen;

use super::now::{Now, now};
use super::reply;
use super::{elicitation, profile};
use crate::profile::ProfiledRecord;
use crate::question::attribution_header;

/// `request_text` is the request without `now`, which comes separately.
pub fn record_form_answer(
    request_text: &str,
    now_value: Now<'_>,
    profile_name: Option<String>,
) -> String {
    reply(
        profile(profile_name)
            .and_then(|profile| ProfiledRecord::made(profile, request_text, now(now_value)?)),
    )
}

pub fn applies_to(
    record_text: &str,
    server: &str,
    tool: &str,
    fingerprint: &str,
    now_value: Now<'_>,
    profile_name: Option<String>,
) -> String {
    reply(profile(profile_name).and_then(|profile| {
        let record = ProfiledRecord::read(profile, record_text)?;
        Ok(record.applies_to(server, tool, fingerprint, now(now_value)?))
    }))
}

/// `record_text` is `None` when the host found no record.
#[allow(clippy::too_many_arguments)] // one text an argument, as JS passes them
pub fn answer_form(
    server_name: &str,
    tool_name: &str,
    key: &str,
    message: &str,
    schema_text: &str,
    record_text: Option<String>,
    now_value: Now<'_>,
    profile_name: Option<String>,
) -> String {
    let asked = elicitation(
        server_name,
        tool_name,
        key,
        message,
        schema_text,
        profile_name,
    );
    let asked = match asked {
        Ok(asked) => asked,
        Err(failure) => return reply::<()>(Err(failure)),
    };
    let header = attribution_header(server_name);
    let record = match record_text {
        Some(text) => ProfiledRecord::read(asked.profile(), &text).map(Some),
        None => Ok(None),
    };
    reply(record.and_then(|record| asked.decide(record.as_ref(), now(now_value)?, &header)))
}

// The exports: the functions above with `now` as the JS passes it
// ([`Now::from_js`]).

#[wasm_bindgen(js_name = record_form_answer)]
pub fn record_form_answer_export(
    request_text: &str,
    now_kind: u32,
    now_millis: f64,
    now_text: Option<String>,
    profile_name: Option<String>,
) -> String {
    let now_value = Now::from_js(now_kind, now_millis, now_text.as_deref());
    record_form_answer(request_text, now_value, profile_name)
}

#[allow(clippy::too_many_arguments)] // one text an argument, as JS passes them
#[wasm_bindgen(js_name = applies_to)]
pub fn applies_to_export(
    record_text: &str,
    server: &str,
    tool: &str,
    fingerprint: &str,
    now_kind: u32,
    now_millis: f64,
    now_text: Option<String>,
    profile_name: Option<String>,
) -> String {
    let now_value = Now::from_js(now_kind, now_millis, now_text.as_deref());
    applies_to(
        record_text,
        server,
        tool,
        fingerprint,
        now_value,
        profile_name,
    )
}

#[allow(clippy::too_many_arguments)] // one text an argument, as JS passes them
#[wasm_bindgen(js_name = answer_form)]
pub fn answer_form_export(
    server_name: &str,
    tool_name: &str,
    key: &str,
    message: &str,
    schema_text: &str,
    record_text: Option<String>,
    now_kind: u32,
    now_millis: f64,
    now_text: Option<String>,
    profile_name: Option<String>,
) -> String {
    let now_value = Now::from_js(now_kind, now_millis, now_text.as_deref());
    answer_form(
        server_name,
        tool_name,
        key,
        message,
        schema_text,
        record_text,
        now_value,
        profile_name,
    )
}
