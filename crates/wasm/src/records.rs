//! The answers-on-record exports (`record_form_answer`, `applies_to`,
//! `answer_form`), in the builds with the `records` feature: the npm
//! package's full entries. Its `ui` entries leave them out. Each reads the
//! record's JSON text here, and `now` as the glue passes it: a kind (0
//! milliseconds, 1 RFC 3339 text), the milliseconds and the text
//! (`now.rs`).

use wasm_bindgen::prelude::wasm_bindgen;

use elicit_form::json::Value;
use elicit_form::profile::{Profile, ProfiledRecord};
use elicit_form::question::attribution_header;
use elicit_form::stored::{RecordedAction, StoredFormAnswer, action, answers};
use elicit_form::{Timestamp, fields};

use crate::argument::argument;
use crate::fingerprint::fingerprint;
use crate::form::{elicitation, profile};
use crate::inbox::Texts;
use crate::now::{now, unusable_time};
use crate::reply::{Failure, reply};

/// A record of what a person did, made at `now` from the JSON text of
/// `{ server, tool, fingerprint, action, answers? }` (`request_text`: the
/// request without `now`, which comes separately).
/// The request's text is the inbox's first `request_bytes` bytes
/// (`inbox.rs`).
#[wasm_bindgen]
pub fn record_form_answer(
    request_bytes: usize,
    now_kind: u32,
    now_millis: f64,
    now_text: Option<String>,
    profile_name: Option<String>,
) -> String {
    let texts = Texts::take();
    reply(profile(profile_name).and_then(|profile| {
        let [request_text] = texts.read([request_bytes])?;
        made_record(
            profile,
            request_text,
            now(now_kind, now_millis, now_text.as_deref())?,
        )
    }))
}

/// Whether the record may answer this server's tool for these questions at
/// `now`. The record's text is the inbox's first `record_bytes` bytes.
#[allow(clippy::too_many_arguments)] // one text an argument, as JS passes them
#[wasm_bindgen]
pub fn applies_to(
    record_bytes: usize,
    server: &str,
    tool: &str,
    fingerprint: &str,
    now_kind: u32,
    now_millis: f64,
    now_text: Option<String>,
    profile_name: Option<String>,
) -> String {
    let texts = Texts::take();
    reply(profile(profile_name).and_then(|profile| {
        let [record_text] = texts.read([record_bytes])?;
        let record = read_record(profile, record_text)?;
        let now = now(now_kind, now_millis, now_text.as_deref())?;
        Ok(record.applies_to(server, tool, fingerprint, now))
    }))
}

/// The retry decision on the record the host found: the `ElicitResult` to
/// send, or `ask` with the pending questions. The inbox has the schema's
/// text (`schema_bytes` bytes), then the record's (`record_bytes`, `None`
/// when the host found none).
#[allow(clippy::too_many_arguments)] // one text an argument, as JS passes them
#[wasm_bindgen]
pub fn answer_form(
    server_name: &str,
    tool_name: &str,
    key: &str,
    message: &str,
    schema_bytes: usize,
    record_bytes: Option<usize>,
    now_kind: u32,
    now_millis: f64,
    now_text: Option<String>,
    profile_name: Option<String>,
) -> String {
    let texts = Texts::take();
    let read = texts.read([schema_bytes, record_bytes.unwrap_or(0)]);
    let asked = read.and_then(|[schema_text, record_text]| {
        let asked = elicitation(
            server_name,
            tool_name,
            key,
            message,
            schema_text,
            profile_name,
        )?;
        Ok((asked, record_bytes.map(|_| record_text)))
    });
    let (asked, record_text) = match asked {
        Ok(asked) => asked,
        Err(failure) => return reply::<()>(Err(failure)),
    };
    let header = attribution_header(server_name);
    let record = match record_text {
        Some(text) => read_record(asked.profile(), text).map(Some),
        None => Ok(None),
    };
    drop(texts);
    reply(record.and_then(|record| {
        let now = now(now_kind, now_millis, now_text.as_deref())?;
        Ok(asked.decide_on(record.as_ref(), now, &header, fingerprint(&asked))?)
    }))
}

const RECORD_SHAPE: &str = "a StoredFormAnswer";

/// A record read from its JSON text under `profile`.
pub(crate) fn read_record(profile: Profile, text: &str) -> Result<ProfiledRecord, Failure> {
    Ok(match profile {
        Profile::Backend => {
            ProfiledRecord::Backend(argument("record", RECORD_SHAPE, text, |value| {
                StoredFormAnswer::from_json(value)
            })?)
        }
        #[cfg(feature = "mcp-2026-07-28")]
        Profile::Mcp20260728 => {
            ProfiledRecord::Mcp20260728(argument("record", RECORD_SHAPE, text, |value| {
                StoredFormAnswer::from_json(value)
            })?)
        }
    })
}

/// A record of what a person did under `profile`, made at `now` from the
/// JSON text of `{ server, tool, fingerprint, action, answers? }`.
pub(crate) fn made_record(
    profile: Profile,
    request_text: &str,
    now: Timestamp,
) -> Result<ProfiledRecord, Failure> {
    Ok(match profile {
        Profile::Backend => ProfiledRecord::Backend(record_of(request_text, now)?),
        #[cfg(feature = "mcp-2026-07-28")]
        Profile::Mcp20260728 => ProfiledRecord::Mcp20260728(record_of(request_text, now)?),
    })
}

/// The record request read with the profile's actions (`A::NAMED`), which
/// its error names, and nothing else.
fn record_of<A: RecordedAction>(
    request_text: &str,
    now: Timestamp,
) -> Result<StoredFormAnswer<A>, Failure> {
    const PATH: &str = "request";
    let names: Vec<String> = A::NAMED
        .iter()
        .map(|(name, _)| format!("{name:?}"))
        .collect();
    let shape = format!(
        "{{ server, tool, fingerprint: string, action: {}, answers? }}",
        names.join(" | ")
    );
    let record = |value: &Value| {
        let object = fields::object(value, &PATH)?;
        fields::only(
            object,
            PATH,
            &["server", "tool", "fingerprint", "action", "answers"],
        )?;
        let answers = answers(object, PATH)?;
        Ok(StoredFormAnswer::new(
            fields::string(object, PATH, "server")?,
            fields::string(object, PATH, "tool")?,
            fields::string(object, PATH, "fingerprint")?,
            action::<A>(object, PATH)?,
            answers,
            now,
        ))
    };
    argument("the record request", &shape, request_text, |value| {
        record(value)
    })?
    .map_err(|error| Failure::Type(unusable_time(&error)))
}
