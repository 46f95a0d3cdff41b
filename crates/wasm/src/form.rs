//! The form exports (the `form-exports` feature: every entry but
//! `elicit-form/url`): a schema read under the `profile` option, its view,
//! questions and fingerprint, the content of answers, and the pending
//! questions. Each reads its texts, calls the core and gives one reply
//! envelope text back; the last schema's reading is kept for the next call.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::wasm_bindgen;

use elicit_form::FormRefusal;
use elicit_form::profile::{Profile, ProfiledElicitation, ProfiledForm, read_requested_schema};
use elicit_form::question::attribution_header;

use crate::argument::read_answers;
use crate::fingerprint::fingerprint as fingerprint_of;
use crate::inbox::Texts;
use crate::reply::{Failure, Prepared, Reply, reply};

/// The `profile` option's text: `"backend"` (the default, also when absent)
/// or `"mcp-2026-07-28"`; any other text is a `TypeError` naming the option.
pub(crate) fn profile(name: Option<String>) -> Result<Profile, Failure> {
    name.map_or(Ok(Profile::Backend), |name| {
        name.parse::<Profile>()
            .map_err(|error| Failure::Type(format!("options.profile: {error}")))
    })
}

type SchemaReading = Result<Rc<ProfiledForm>, FormRefusal>;

/// Longest schema text the cache keeps a copy of. A schema within every
/// bound is at most a few hundred KB; a longer text is read on each call, so
/// a huge (refused) input is never held on to after its call.
const CACHED_SCHEMA_BYTES: usize = 1 << 20;

thread_local! {
    // The last schema text read, under which profile, and what it gave. A
    // UI asks for the questions, the fingerprint and the content of one
    // schema in a row, each call bringing the same text: reading it once
    // serves all.
    static LAST_SCHEMA: RefCell<Option<(Profile, Box<str>, SchemaReading)>> =
        const { RefCell::new(None) };
}

fn schema(text: &str, profile_name: Option<String>) -> Result<Rc<ProfiledForm>, Failure> {
    let profile = profile(profile_name)?;
    let hit = LAST_SCHEMA.with_borrow(|last| match last {
        Some((seen_profile, seen, reading))
            if *seen_profile == profile && same_text(seen, text) =>
        {
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

/// Whether two texts are the same, compared eight bytes at a time. A UI's
/// round brings the schema it just prepared again, a few hundred KB at
/// most, and the byte-by-byte `memcmp` that `==` reaches in wasm took about
/// as long as reading the answers (docs/performance.md, "The boundary").
fn same_text(seen: &str, text: &str) -> bool {
    let (seen_words, seen_rest) = seen.as_bytes().as_chunks::<8>();
    let (words, rest) = text.as_bytes().as_chunks::<8>();
    seen.len() == text.len()
        && seen_rest == rest
        && seen_words
            .iter()
            .zip(words)
            .all(|(seen, word)| u64::from_ne_bytes(*seen) == u64::from_ne_bytes(*word))
}

/// Room to write a reply about a schema of `schema_bytes` up front: about
/// its text's length and an eighth (a large schema's questions are a little
/// longer than its text), and twice a small one's, so the reply is rarely
/// grown; doubling past a tight guess would take twice the text (measured
/// in bench/FINDINGS.md).
fn room_for_reply(schema_bytes: usize) -> usize {
    schema_bytes + schema_bytes.min(4096).max(schema_bytes / 8) + 128
}

/// The schema text of `schema_bytes` bytes in the inbox, read (or its last
/// reading kept).
fn schema_in_inbox(
    schema_bytes: usize,
    profile_name: Option<String>,
) -> Result<Rc<ProfiledForm>, Failure> {
    let texts = Texts::take();
    let [schema_text] = texts.read([schema_bytes])?;
    schema(schema_text, profile_name)
}

/// The schema's view; its text is the inbox's first `schema_bytes` bytes
/// (`inbox.rs`), as every form export's JSON texts are.
#[wasm_bindgen]
pub fn parse_requested_schema(schema_bytes: usize, profile_name: Option<String>) -> String {
    match schema_in_inbox(schema_bytes, profile_name) {
        Ok(form) => Reply::Ok(&*form).to_json(room_for_reply(schema_bytes)),
        Err(failure) => reply::<()>(Err(failure)),
    }
}

#[wasm_bindgen]
pub fn questions(schema_bytes: usize, server_name: &str, profile_name: Option<String>) -> String {
    match schema_in_inbox(schema_bytes, profile_name) {
        Ok(form) => Reply::Ok(form.question_list(&attribution_header(server_name)))
            .to_json(room_for_reply(schema_bytes)),
        Err(failure) => reply::<()>(Err(failure)),
    }
}

/// One crossing for what a UI shows: `{"ok": {"fingerprint", "questions"}}`.
/// The schema reading stays cached, so `content_from_answers` on the same
/// text next does not read it again.
#[wasm_bindgen]
pub fn prepare_form(
    schema_bytes: usize,
    server_name: &str,
    profile_name: Option<String>,
) -> String {
    match schema_in_inbox(schema_bytes, profile_name) {
        Ok(form) => {
            let header = attribution_header(server_name);
            Reply::Ok(Prepared {
                fingerprint: fingerprint_of(&*form),
                questions: form.question_list(&header),
            })
            .to_json(room_for_reply(schema_bytes))
        }
        Err(failure) => reply::<()>(Err(failure)),
    }
}

#[wasm_bindgen]
pub fn fingerprint(schema_bytes: usize, profile_name: Option<String>) -> String {
    reply(schema_in_inbox(schema_bytes, profile_name).map(|form| fingerprint_of(&*form)))
}

/// The content of the answers (the inbox's text after the schema's) to the
/// schema's questions.
#[wasm_bindgen]
pub fn content_from_answers(
    schema_bytes: usize,
    answers_bytes: usize,
    profile_name: Option<String>,
) -> String {
    // The inbox's texts are let go as soon as both are read, and the
    // answers once the content is made: a huge answer is held at most twice
    // at a time (text and reading, reading and answers, answers and
    // content, content and reply).
    let read = || {
        let texts = Texts::take();
        let [schema_text, answers_text] = texts.read([schema_bytes, answers_bytes])?;
        Ok::<_, Failure>((
            schema(schema_text, profile_name)?,
            read_answers(answers_text)?,
        ))
    };
    let content = read().and_then(|(form, answers)| Ok(form.content_from_answers(&answers)?));
    // The reply (`{"ok":{name: value}}`) is no longer than the answers'
    // text (`{name:{"other_text": text}}`): room for it up front, exactly
    // the text's length, so it fits where that text was freed.
    Reply::from(content).to_json(answers_bytes)
}

#[wasm_bindgen]
pub fn form_answer_storage_key(server: &str, tool: &str) -> String {
    elicit_form::form_answer_storage_key(server, tool)
}

#[wasm_bindgen]
pub fn names_a_credential(text: &str) -> bool {
    elicit_form::names_a_credential(text)
}

/// The elicitation of a schema text read under the `profile` option; the
/// message is checked after the schema, as the backend's engine does.
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

/// The pending questions of an elicitation whose schema text is the inbox's
/// first `schema_bytes` bytes.
#[wasm_bindgen]
pub fn pending(
    server_name: &str,
    tool_name: &str,
    key: &str,
    message: &str,
    schema_bytes: usize,
    profile_name: Option<String>,
) -> String {
    let asked = Texts::take()
        .read([schema_bytes])
        .and_then(|[schema_text]| {
            elicitation(
                server_name,
                tool_name,
                key,
                message,
                schema_text,
                profile_name,
            )
        });
    match asked {
        Ok(asked) => {
            let header = attribution_header(server_name);
            Reply::Ok(asked.pending_view_on(&header, fingerprint_of(&asked)))
                .to_json(room_for_reply(schema_bytes))
        }
        Err(failure) => reply::<()>(Err(failure)),
    }
}

#[cfg(test)]
mod tests {
    use super::same_text;

    /// Equal exactly when `==` says so: every length around the eight-byte
    /// words, and a difference at every place, in the words or the rest.
    #[test]
    fn same_text_is_equality() {
        for length in 0..40 {
            let text: String = (0..length)
                .map(|i| char::from(b'a' + (i % 26) as u8))
                .collect();
            assert!(same_text(&text, &text.clone()), "{length}");
            assert!(!same_text(&text, &format!("{text}a")), "{length}");
            for place in 0..length {
                let mut other = text.clone().into_bytes();
                other[place] = b'#';
                let other = String::from_utf8(other).unwrap();
                assert_eq!(
                    same_text(&text, &other),
                    text == other,
                    "{length} at {place}"
                );
            }
        }
    }
}
