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
//! exports (here, behind the `form-exports` feature: every entry but
//! `elicit-form/url`), their answers on record in `records` (`records`), the
//! URL rules' exports in `url` (`url-mode`: the `elicit-form/url` entry).

#[cfg(feature = "form-exports")]
use alloc::boxed::Box;
#[cfg(feature = "form-exports")]
use alloc::rc::Rc;
use alloc::string::String;
#[cfg(feature = "form-exports")]
use alloc::string::ToString;
use alloc::vec::Vec;
#[cfg(feature = "form-exports")]
use core::cell::RefCell;

use serde::Serialize;
use wasm_bindgen::prelude::wasm_bindgen;

use crate::argument::ArgumentProblem;
#[cfg(feature = "form-exports")]
use crate::profile::{ProfiledElicitation, read_answers, read_requested_schema};
#[cfg(feature = "form-exports")]
use crate::question::attribution_header;
#[cfg(feature = "form-exports")]
use crate::view::{AnswerView, Prepared};
use crate::view::{Constants, Failure, Reply};
#[cfg(feature = "form-exports")]
use crate::{FormRefusal, Profile, ProfiledForm};

#[cfg(any(feature = "records", feature = "url-mode-ascii"))]
mod now;
#[cfg(any(feature = "records", feature = "url-mode-ascii"))]
pub use now::Now;
#[cfg(feature = "records")]
mod records;
#[cfg(feature = "records")]
pub use records::{
    answer_form, answer_form_export, applies_to, applies_to_export, record_form_answer,
    record_form_answer_export,
};
#[cfg(feature = "url-mode-ascii")]
mod url;
#[cfg(feature = "url-mode-ascii")]
pub use url::{
    answer_url, answer_url_export, consent_storage_key, record_url_consent,
    record_url_consent_export, url_elicitation,
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

/// The `profile` option's text; absent (`undefined`) is the backend's.
#[cfg(feature = "form-exports")]
pub(crate) fn profile(name: Option<String>) -> Result<Profile, Failure> {
    name.map_or(Ok(Profile::Backend), |name| {
        name.parse::<Profile>()
            .map_err(|error| Failure::Type(format!("options.profile: {error}")))
    })
}

#[cfg(feature = "form-exports")]
type SchemaReading = Result<Rc<ProfiledForm>, FormRefusal>;

#[cfg(feature = "form-exports")]
/// Longest schema text the cache keeps a copy of. A schema within every
/// bound is at most a few hundred KB; a longer text is read on each call, so
/// a huge (refused) input is never held on to after its call.
const CACHED_SCHEMA_BYTES: usize = 1 << 20;

#[cfg(feature = "form-exports")]
thread_local! {
    // The last schema text read, under which profile, and what it gave. A
    // UI asks for the questions, the fingerprint and the content of one
    // schema in a row, each call bringing the same text: reading it once
    // serves all.
    static LAST_SCHEMA: RefCell<Option<(Profile, Box<str>, SchemaReading)>> =
        const { RefCell::new(None) };
}

#[cfg(feature = "form-exports")]
fn schema(text: &str, profile_name: Option<String>) -> Result<Rc<ProfiledForm>, Failure> {
    let profile = profile(profile_name)?;
    let hit = LAST_SCHEMA.with_borrow(|last| match last {
        Some((seen_profile, seen, reading)) if *seen_profile == profile && **seen == *text => {
            Some(reading.clone())
        }
        _ => None,
    });
    let reading = hit.unwrap_or_else(|| {
        let reading = read_requested_schema(text, profile).map(Rc::new);
        if text.len() <= CACHED_SCHEMA_BYTES {
            LAST_SCHEMA.set(Some((profile, text.into(), reading.clone())));
        }
        reading
    });
    reading.map_err(Failure::from)
}

// `profile_name` is the `profile` option's text: `"backend"` (the default,
// also when absent) or `"mcp-2026-07-28"`; any other text is a `TypeError`
// naming the option.

#[cfg(feature = "form-exports")]
/// Room to write a reply about a schema into up front: about its text's
/// length and an eighth (a large schema's questions are about 1.04 times
/// its text), and twice a small one's (the billing schema's are 2.3
/// times). Growing the reply from empty cost 5 reallocations a call, and
/// doubling past a tight guess would take twice the text.
fn room_for_reply(schema_text: &str) -> usize {
    let length = schema_text.len();
    length + length.min(4096).max(length / 8) + 128
}

#[cfg(feature = "form-exports")]
#[wasm_bindgen]
pub fn parse_requested_schema(schema_text: &str, profile_name: Option<String>) -> String {
    match schema(schema_text, profile_name) {
        Ok(form) => Reply::Ok(&*form).to_json(room_for_reply(schema_text)),
        Err(failure) => reply::<()>(Err(failure)),
    }
}

#[cfg(feature = "form-exports")]
#[wasm_bindgen]
pub fn questions(schema_text: &str, server_name: &str, profile_name: Option<String>) -> String {
    match schema(schema_text, profile_name) {
        Ok(form) => Reply::Ok(form.question_list(&attribution_header(server_name)))
            .to_json(room_for_reply(schema_text)),
        Err(failure) => reply::<()>(Err(failure)),
    }
}

#[cfg(feature = "form-exports")]
/// One crossing for what a UI shows: `{"ok": {"fingerprint", "questions"}}`.
/// The schema reading stays cached, so `content_from_answers` on the same
/// text next does not read it again.
#[wasm_bindgen]
pub fn prepare_form(schema_text: &str, server_name: &str, profile_name: Option<String>) -> String {
    match schema(schema_text, profile_name) {
        Ok(form) => {
            let header = attribution_header(server_name);
            Reply::Ok(Prepared {
                fingerprint: form.fingerprint(),
                questions: form.question_list(&header),
            })
            .to_json(room_for_reply(schema_text))
        }
        Err(failure) => reply::<()>(Err(failure)),
    }
}

#[cfg(feature = "form-exports")]
#[wasm_bindgen]
pub fn fingerprint(schema_text: &str, profile_name: Option<String>) -> String {
    reply(schema(schema_text, profile_name).map(|form| form.fingerprint()))
}

#[cfg(feature = "form-exports")]
#[wasm_bindgen]
pub fn content_from_answers(
    schema_text: &str,
    answers_text: String,
    profile_name: Option<String>,
) -> String {
    // The answers' text is owned here, so it is freed as soon as it is read,
    // and the answers once the content is made: a huge answer is held at
    // most twice at a time (text and reading, reading and answers, answers
    // and content, content and reply).
    let expected = answers_text.len();
    let content = schema(schema_text, profile_name).and_then(|form| {
        form.content_from_answers(&read_answers(answers_text)?)
            .map_err(|error| {
                Failure::Answer(AnswerView {
                    kind: error.kind(),
                    property: error.property().to_string(),
                    message: error.to_string(),
                })
            })
    });
    // The reply (`{"ok":{name: value}}`) is no longer than the answers'
    // text (`{name:{"other_text": text}}`): room for it up front, exactly
    // the text's length, so it fits where that text was freed.
    Reply::from(content).to_json(expected)
}

#[cfg(feature = "form-exports")]
#[wasm_bindgen]
pub fn form_answer_storage_key(server: &str, tool: &str) -> String {
    crate::form_answer_storage_key(server, tool)
}

#[cfg(feature = "form-exports")]
#[wasm_bindgen]
pub fn names_a_credential(text: &str) -> bool {
    crate::names_a_credential(text)
}

#[cfg(feature = "form-exports")]
pub(crate) fn elicitation(
    server_name: &str,
    tool_name: &str,
    key: &str,
    message: &str,
    schema_text: &str,
    profile_name: Option<String>,
) -> Result<ProfiledElicitation, Failure> {
    let form = read_requested_schema(schema_text, profile(profile_name)?)?;
    Ok(ProfiledElicitation::new(
        form,
        server_name,
        tool_name,
        key,
        message,
    )?)
}

#[cfg(feature = "form-exports")]
#[wasm_bindgen]
pub fn pending(
    server_name: &str,
    tool_name: &str,
    key: &str,
    message: &str,
    schema_text: &str,
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
    match asked {
        Ok(asked) => {
            let header = attribution_header(server_name);
            Reply::Ok(asked.pending_view(&header)).to_json(room_for_reply(schema_text))
        }
        Err(failure) => reply::<()>(Err(failure)),
    }
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
