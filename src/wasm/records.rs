//! The Rust face of the answers-on-record exports (`record_form_answer`,
//! `applies_to`, `answer_form`), in the wasm builds with the `records`
//! feature: the npm package's full entries. Its `ui` entries leave them out.

use alloc::string::String;

use wasm_bindgen::prelude::wasm_bindgen;

use super::{Failure, elicitation, profile, reply};
use crate::Timestamp;
use crate::profile::{ProfiledRecord, unusable_time};
use crate::question::attribution_header;

/// The `now` argument as the glue converted it: `undefined`/`null` is the
/// current time (the glue reads the clock) and a `Date` its milliseconds, a
/// number stays milliseconds since the epoch, a string is RFC 3339 text;
/// anything else is `Unusable`, refused here.
#[derive(Debug, Clone, Copy)]
pub enum Now<'a> {
    Millis(f64),
    Text(&'a str),
    Unusable,
}

impl<'a> Now<'a> {
    /// `now` as the package's JS passes it: a kind (0 milliseconds, 1 RFC
    /// 3339 text, anything else neither) with the milliseconds and the text.
    fn from_js(kind: u32, millis: f64, text: Option<&'a str>) -> Self {
        match (kind, text) {
            (0, _) => Now::Millis(millis),
            (1, Some(text)) => Now::Text(text),
            _ => Now::Unusable,
        }
    }
}

fn now(value: Now<'_>) -> Result<Timestamp, Failure> {
    let time = match value {
        Now::Millis(millis) => Timestamp::from_unix_millis(millis),
        Now::Text(text) => Timestamp::parse_rfc3339(text),
        Now::Unusable => {
            return Err(Failure::Type(
                "now must be a Date, milliseconds since the epoch, or RFC 3339 text".into(),
            ));
        }
    };
    time.map_err(|error| Failure::Type(unusable_time(&error)))
}

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
