//! The wasm face of the crate: each export reads JSON text, calls the core,
//! and answers with one JSON envelope text that the npm package's JS turns
//! into a value or an error:
//!
//! - `{"ok": value}`
//! - `{"refused": {"kind", "property", "reason", "message"}}`: `FormRefusalError`
//! - `{"answer": {"property", "message"}}`: `AnswerError`
//! - `{"type": message}`: `TypeError`, an argument of the wrong shape
//!
//! JSON text both ways keeps the backend's JSON semantics (byte order of
//! keys, exact float reading) and lets `JSON.parse` make every key an own
//! property. Nothing here decides a rule.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

use crate::spec::{
    Profile, ProfiledForm, SpecAnswerAction, SpecFormElicitation, SpecFormOutcome, SpecKind,
    SpecOption, SpecStoredFormAnswer,
};
use crate::{
    FORM_ANSWER_TTL, FormAnswer, FormAnswerAction, FormElicitation, FormElicitationPending,
    FormOutcome, FormPropertyKind, FormRefusal, MAX_FORM_ENUM_MEMBERS,
    MAX_FORM_PROPERTIES, MAX_FORM_PROPERTY_NAME_CHARS, MAX_FORM_TEXT_CHARS, MAX_FORM_TITLE_CHARS,
    StoredFormAnswer, Timestamp,
};

enum Failure {
    Refused(FormRefusal),
    /// The property, and the message.
    Answer(String, String),
    Type(String),
}

impl From<FormRefusal> for Failure {
    fn from(refusal: FormRefusal) -> Self {
        Self::Refused(refusal)
    }
}

type Reply = Result<Value, Failure>;

fn envelope(reply: Reply) -> String {
    match reply {
        Ok(value) => ok(&value),
        Err(failure) => failed(failure),
    }
}

/// `{"ok": value}`, with the value written straight into the reply: `json!`
/// would deep-copy the value first, and `format!` the text.
fn ok(value: &impl Serialize) -> String {
    ok_with(|out| serde_json::to_writer(out, value).map_err(unwritable))
}

/// `{"ok":`, then what `body` writes, then `}`, in one buffer.
fn ok_with(body: impl FnOnce(&mut Vec<u8>) -> Result<(), Failure>) -> String {
    ok_with_room(0, body)
}

/// As [`ok_with`], with room for `expected` bytes of `body` up front.
fn ok_with_room(expected: usize, body: impl FnOnce(&mut Vec<u8>) -> Result<(), Failure>) -> String {
    let mut out = Vec::with_capacity(expected.saturating_add(8));
    out.extend_from_slice(b"{\"ok\":");
    let written = body(&mut out).and_then(|()| {
        out.push(b'}');
        String::from_utf8(out).map_err(unwritable)
    });
    written.unwrap_or_else(failed)
}

/// Our replies have string keys and finite numbers and serde_json writes
/// UTF-8, so this is never reached; if it were, the caller would get an error
/// rather than bad JSON.
fn unwritable(error: impl std::fmt::Display) -> Failure {
    Failure::Type(format!("elicit-form could not write its reply: {error}"))
}

fn failed(failure: Failure) -> String {
    let value = match failure {
        Failure::Refused(refusal) => json!({"refused": {
            "kind": refusal.kind(),
            "property": refusal.property(),
            "reason": refusal.reason(),
            "message": refusal.to_string(),
        }}),
        Failure::Answer(property, message) => json!({"answer": {
            "property": property,
            "message": message,
        }}),
        Failure::Type(message) => json!({ "type": message }),
    };
    // A `Value` of strings and nulls always serialises.
    serde_json::to_string(&value).unwrap_or_default()
}

#[wasm_bindgen(start)]
fn start() {
    #[cfg(debug_assertions)]
    console_error_panic_hook::set_once();
}

/// The `profile` option's text as a [`Profile`]; absent (`undefined`) is
/// the backend's.
fn profile(name: Option<String>) -> Result<Profile, Failure> {
    let Some(name) = name else {
        return Ok(Profile::Backend);
    };
    name.parse()
        .map_err(|error| Failure::Type(format!("options.profile: {error}")))
}

fn read_schema(text: &str, profile: Profile) -> Result<ProfiledForm, FormRefusal> {
    let value: Value = serde_json::from_str(text)
        .map_err(|error| FormRefusal::Schema(format!("is not valid JSON: {error}")))?;
    crate::parse_requested_schema_with(&value, profile)
}

type SchemaReading = Result<std::rc::Rc<ProfiledForm>, FormRefusal>;

/// Longest schema text the cache keeps a copy of. A schema within every
/// bound is at most a few hundred KB; a longer text is read on each call, so
/// a huge (refused) input is never held on to after its call.
const CACHED_SCHEMA_BYTES: usize = 1 << 20;

thread_local! {
    // The last schema text read, under which profile, and what it gave. A UI
    // asks for the questions, the fingerprint and the content of one schema
    // in a row, each call bringing the same text: reading it once serves all.
    static LAST_SCHEMA: std::cell::RefCell<Option<(Profile, Box<str>, SchemaReading)>> =
        const { std::cell::RefCell::new(None) };
}

fn profiled(text: &str, profile_name: Option<String>) -> Result<std::rc::Rc<ProfiledForm>, Failure> {
    let profile = profile(profile_name)?;
    let hit = LAST_SCHEMA.with_borrow(|last| match last {
        Some((seen_profile, seen, reading)) if *seen_profile == profile && **seen == *text => {
            Some(reading.clone())
        }
        _ => None,
    });
    let reading = hit.unwrap_or_else(|| {
        let reading = read_schema(text, profile).map(std::rc::Rc::new);
        if text.len() <= CACHED_SCHEMA_BYTES {
            LAST_SCHEMA.set(Some((profile, text.into(), reading.clone())));
        }
        reading
    });
    reading.map_err(Failure::Refused)
}

fn argument<T: for<'de> Deserialize<'de>>(
    name: &str,
    shape: &str,
    text: &str,
) -> Result<T, Failure> {
    serde_json::from_str(text)
        .map_err(|error| Failure::Type(format!("{name} must be {shape}: {error}")))
}

const ANSWERS_SHAPE: &str =
    "an object of answers ({ selected?: string[], other_text?: string | null })";

/// `undefined`/`null` is the current time; a number is milliseconds since the
/// epoch; a string is RFC 3339; a `Date` is its time.
fn now(value: &JsValue) -> Result<Timestamp, Failure> {
    let time = if value.is_undefined() || value.is_null() {
        Timestamp::from_unix_millis(js_sys::Date::now())
    } else if let Some(millis) = value.as_f64() {
        Timestamp::from_unix_millis(millis)
    } else if let Some(text) = value.as_string() {
        Timestamp::parse_rfc3339(&text)
    } else if let Some(date) = value.dyn_ref::<js_sys::Date>() {
        Timestamp::from_unix_millis(date.get_time())
    } else {
        return Err(Failure::Type(
            "now must be a Date, milliseconds since the epoch, or RFC 3339 text".into(),
        ));
    };
    time.map_err(|error| Failure::Type(format!("now is not a usable time: {error}")))
}

fn kind_view(kind: &FormPropertyKind) -> Value {
    match kind {
        FormPropertyKind::Enum { values, labels } => {
            json!({"kind": "enum", "values": values, "labels": labels})
        }
        FormPropertyKind::Text { format } => json!({"kind": "text", "format": format}),
        FormPropertyKind::Boolean { default } => json!({"kind": "boolean", "default": default}),
        FormPropertyKind::Number {
            integer,
            minimum,
            maximum,
        } => json!({
            "kind": "number", "integer": integer, "minimum": minimum, "maximum": maximum,
        }),
    }
}

/// A property's view: its kind's fields, then the fields every property has.
fn property_view(
    mut view: Value,
    name: &str,
    title: Option<&str>,
    description: Option<&str>,
    required: bool,
) -> Value {
    if let Value::Object(fields) = &mut view {
        fields.insert("name".into(), json!(name));
        fields.insert("title".into(), json!(title));
        fields.insert("description".into(), json!(description));
        fields.insert("required".into(), json!(required));
    }
    view
}

fn options_view(options: &[SpecOption]) -> Value {
    options
        .iter()
        .map(|option| json!({"value": option.value, "label": option.label}))
        .collect()
}

fn spec_kind_view(kind: &SpecKind) -> Value {
    match kind {
        SpecKind::Text {
            format,
            min_length,
            max_length,
            default,
        } => json!({
            "kind": "text", "format": format.map(|format| format.name()),
            "minLength": min_length, "maxLength": max_length, "default": default,
        }),
        SpecKind::Number {
            integer,
            minimum,
            maximum,
            default,
        } => json!({
            "kind": "number", "integer": integer, "minimum": minimum, "maximum": maximum,
            "default": default,
        }),
        SpecKind::Boolean { default } => json!({"kind": "boolean", "default": default}),
        SpecKind::SingleSelect { options, default } => json!({
            "kind": "singleSelect", "options": options_view(options), "default": default,
        }),
        SpecKind::MultiSelect {
            options,
            min_items,
            max_items,
            default,
        } => json!({
            "kind": "multiSelect", "options": options_view(options),
            "minItems": min_items, "maxItems": max_items, "default": default,
        }),
    }
}

fn profiled_view(form: &ProfiledForm) -> Value {
    let properties: Vec<Value> = match form {
        ProfiledForm::Backend(form) => form
            .properties
            .iter()
            .map(|p| {
                let kind = kind_view(&p.kind);
                property_view(kind, &p.name, p.title.as_deref(), p.description.as_deref(), p.required)
            })
            .collect(),
        ProfiledForm::Mcp20260728(form) => form
            .properties
            .iter()
            .map(|p| {
                let kind = spec_kind_view(&p.kind);
                property_view(kind, &p.name, p.title.as_deref(), p.description.as_deref(), p.required)
            })
            .collect(),
    };
    json!({ "properties": properties })
}

fn pending_view(pending: &FormElicitationPending) -> Value {
    json!({
        "server_name": pending.server_name,
        "tool_name": pending.tool_name,
        "message": pending.message,
        "questions": pending.questions,
        "fingerprint": pending.fingerprint,
        "summary": pending.to_string(),
    })
}

// `profile_name` is the `profile` option's text: `"backend"` (the default,
// also when absent) or `"mcp-2026-07-28"`; any other text is a `TypeError`
// naming the option.

#[wasm_bindgen]
pub fn parse_requested_schema(schema_text: &str, profile_name: Option<String>) -> String {
    envelope(profiled(schema_text, profile_name).map(|form| profiled_view(&form)))
}

/// Writes the questions' JSON: the backend's straight from their structs,
/// with no `Value` tree between.
fn write_questions(out: &mut Vec<u8>, form: &ProfiledForm, server_name: &str) -> Result<(), Failure> {
    match form {
        ProfiledForm::Backend(form) => {
            let header = crate::questions::attribution_header(server_name);
            serde_json::to_writer(out, &form.question_list(&header))
        }
        form => serde_json::to_writer(out, &form.questions(server_name)),
    }
    .map_err(unwritable)
}

#[wasm_bindgen]
pub fn questions(schema_text: &str, server_name: &str, profile_name: Option<String>) -> String {
    match profiled(schema_text, profile_name) {
        Ok(form) => ok_with(|out| write_questions(out, &form, server_name)),
        Err(failure) => failed(failure),
    }
}

/// One crossing for what a UI shows: `{"ok": {"fingerprint", "questions"}}`.
/// The schema reading stays cached, so `content_from_answers` on the same
/// text next does not read it again.
#[wasm_bindgen]
pub fn prepare_form(schema_text: &str, server_name: &str, profile_name: Option<String>) -> String {
    match profiled(schema_text, profile_name) {
        Ok(form) => ok_with(|out| {
            // 64 hex digits: nothing in the fingerprint needs escaping.
            out.extend_from_slice(b"{\"fingerprint\":\"");
            out.extend_from_slice(form.fingerprint().as_bytes());
            out.extend_from_slice(b"\",\"questions\":");
            write_questions(out, &form, server_name)?;
            out.push(b'}');
            Ok(())
        }),
        Err(failure) => failed(failure),
    }
}

#[wasm_bindgen]
pub fn fingerprint(schema_text: &str, profile_name: Option<String>) -> String {
    envelope(profiled(schema_text, profile_name).map(|form| Value::String(form.fingerprint())))
}

#[wasm_bindgen]
pub fn content_from_answers(
    schema_text: &str,
    answers_text: &str,
    profile_name: Option<String>,
) -> String {
    let content = (|| {
        let form = profiled(schema_text, profile_name)?;
        let answers: BTreeMap<String, FormAnswer> =
            argument("answers", ANSWERS_SHAPE, answers_text)?;
        form.content_from_answers(&answers)
            .map(Value::Object)
            .map_err(|error| Failure::Answer(error.property().to_string(), error.to_string()))
    })();
    match content {
        // The content is at most about as long as the answers' text: room
        // for it up front, rather than doubling the reply as it is written.
        Ok(content) => ok_with_room(answers_text.len() + 16, |out| {
            serde_json::to_writer(out, &content).map_err(unwritable)
        }),
        Err(failure) => failed(failure),
    }
}

#[wasm_bindgen]
pub fn form_answer_storage_key(server: &str, tool: &str) -> String {
    crate::form_answer_storage_key(server, tool)
}

#[wasm_bindgen]
pub fn names_a_credential(text: &str) -> bool {
    crate::names_a_credential(text)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordRequest<A> {
    server: String,
    tool: String,
    fingerprint: String,
    action: A,
    #[serde(default)]
    answers: BTreeMap<String, FormAnswer>,
}

/// `request_text` is the request without `now`, which comes separately.
#[wasm_bindgen]
pub fn record_form_answer(
    request_text: &str,
    now_value: JsValue,
    profile_name: Option<String>,
) -> String {
    envelope(match profile(profile_name) {
        Ok(Profile::Backend) => record::<FormAnswerAction>(
            request_text,
            "{ server, tool, fingerprint: string, action: \"accept\" | \"decline\", answers? }",
            &now_value,
        ),
        Ok(Profile::Mcp20260728) => record::<SpecAnswerAction>(
            request_text,
            "{ server, tool, fingerprint: string, action: \"accept\" | \"decline\" | \"cancel\", answers? }",
            &now_value,
        ),
        Err(failure) => Err(failure),
    })
}

/// A record under the profile whose actions are `A`; `shape` describes the
/// request in a `TypeError`.
fn record<A: for<'de> Deserialize<'de> + Serialize>(
    request_text: &str,
    shape: &str,
    now_value: &JsValue,
) -> Reply {
    let request: RecordRequest<A> = argument("the record request", shape, request_text)?;
    let record = StoredFormAnswer::new(
        &request.server,
        &request.tool,
        &request.fingerprint,
        request.action,
        request.answers,
        now(now_value)?,
    )
    .map_err(|error| Failure::Type(format!("now is not a usable time: {error}")))?;
    serde_json::to_value(record).map_err(|error| Failure::Type(error.to_string()))
}

const RECORD_SHAPE: &str = "a StoredFormAnswer";

#[wasm_bindgen]
pub fn applies_to(
    record_text: &str,
    server: &str,
    tool: &str,
    fingerprint: &str,
    now_value: JsValue,
    profile_name: Option<String>,
) -> String {
    envelope(match profile(profile_name) {
        Ok(Profile::Backend) => {
            applies::<FormAnswerAction>(record_text, server, tool, fingerprint, &now_value)
        }
        Ok(Profile::Mcp20260728) => {
            applies::<SpecAnswerAction>(record_text, server, tool, fingerprint, &now_value)
        }
        Err(failure) => Err(failure),
    })
}

/// Whether a record under the profile whose actions are `A` applies.
fn applies<A: for<'de> Deserialize<'de>>(
    record_text: &str,
    server: &str,
    tool: &str,
    fingerprint: &str,
    now_value: &JsValue,
) -> Reply {
    let record: StoredFormAnswer<A> = argument("record", RECORD_SHAPE, record_text)?;
    Ok(Value::Bool(record.applies_to(server, tool, fingerprint, now(now_value)?)))
}

enum Elicitation {
    Backend(FormElicitation),
    Mcp20260728(SpecFormElicitation),
}

impl Elicitation {
    fn pending(&self) -> FormElicitationPending {
        match self {
            Self::Backend(asked) => asked.pending(),
            Self::Mcp20260728(asked) => asked.pending(),
        }
    }
}

fn elicitation(
    server_name: &str,
    tool_name: &str,
    key: &str,
    message: &str,
    schema_text: &str,
    profile_name: Option<String>,
) -> Result<Elicitation, Failure> {
    let form = read_schema(schema_text, profile(profile_name)?)?;
    crate::check_message(message)?;
    Ok(match form {
        ProfiledForm::Backend(schema) => Elicitation::Backend(FormElicitation {
            server_name: server_name.into(),
            tool_name: tool_name.into(),
            key: key.into(),
            message: message.into(),
            schema,
        }),
        ProfiledForm::Mcp20260728(schema) => Elicitation::Mcp20260728(SpecFormElicitation {
            server_name: server_name.into(),
            tool_name: tool_name.into(),
            key: key.into(),
            message: message.into(),
            schema,
        }),
    })
}

/// `record_text` is `None` when the host found no record.
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)] // the wasm ABI takes flat arguments
pub fn answer_form(
    server_name: &str,
    tool_name: &str,
    key: &str,
    message: &str,
    schema_text: &str,
    record_text: Option<String>,
    now_value: JsValue,
    profile_name: Option<String>,
) -> String {
    envelope((|| {
        let asked = elicitation(
            server_name,
            tool_name,
            key,
            message,
            schema_text,
            profile_name,
        )?;
        let ask = || json!({"action": "ask", "pending": pending_view(&asked.pending())});
        Ok(match &asked {
            Elicitation::Backend(form) => {
                let record: Option<StoredFormAnswer> = match &record_text {
                    Some(text) => Some(argument("record", RECORD_SHAPE, text)?),
                    None => None,
                };
                match form.decide(record.as_ref(), now(&now_value)?) {
                    FormOutcome::Accept(content) => {
                        json!({"action": "accept", "content": content})
                    }
                    FormOutcome::Decline => json!({"action": "decline"}),
                    FormOutcome::Ask => ask(),
                }
            }
            Elicitation::Mcp20260728(form) => {
                let record: Option<SpecStoredFormAnswer> = match &record_text {
                    Some(text) => Some(argument("record", RECORD_SHAPE, text)?),
                    None => None,
                };
                let outcome = form.decide(record.as_ref(), now(&now_value)?);
                match outcome {
                    SpecFormOutcome::Ask => ask(),
                    _ => outcome.elicit_result().unwrap_or_default(),
                }
            }
        })
    })())
}

#[wasm_bindgen]
pub fn pending(
    server_name: &str,
    tool_name: &str,
    key: &str,
    message: &str,
    schema_text: &str,
    profile_name: Option<String>,
) -> String {
    envelope(
        elicitation(
            server_name,
            tool_name,
            key,
            message,
            schema_text,
            profile_name,
        )
        .map(|asked| pending_view(&asked.pending())),
    )
}

/// The bounds, with the backend's names.
#[wasm_bindgen]
pub fn constants() -> String {
    envelope(Ok(json!({
        "MAX_FORM_PROPERTIES": MAX_FORM_PROPERTIES,
        "MAX_FORM_ENUM_MEMBERS": MAX_FORM_ENUM_MEMBERS,
        "MAX_FORM_PROPERTY_NAME_CHARS": MAX_FORM_PROPERTY_NAME_CHARS,
        "MAX_FORM_TITLE_CHARS": MAX_FORM_TITLE_CHARS,
        "MAX_FORM_TEXT_CHARS": MAX_FORM_TEXT_CHARS,
        "FORM_ANSWER_TTL_MS": FORM_ANSWER_TTL.as_millis() as u64,
    })))
}
