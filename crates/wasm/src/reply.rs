//! The replies JS reads: every export gives one [`Reply`] envelope text,
//! written with serde around a value of the core (a schema's view,
//! questions, an [`Outcome`](elicit_form::profile::Outcome), a record, ...),
//! or one of the [`Failure`]s the core's errors become here. The value
//! shapes are the core's and are declared for TypeScript from its types
//! (`pkg-template/generated.d.ts`); the envelopes are this crate's.
//!
//! A reply is one JSON envelope text, which the npm package's JS turns into
//! a value or an error:
//!
//! - `{"ok": value}`
//! - `{"refused": {"kind", "property", "reason", "message"}}`: `FormRefusalError`
//! - `{"answer": {"kind", "property", "message"}}`: `AnswerError`
//! - `{"type": message}`: `TypeError`, an argument of the wrong shape
//! - `{"urlRefused": {"kind", "message"}}`: `UrlRefusalError` (URL mode)

use serde::Serialize;

use elicit_form::form::{ElicitationRefusal, MessageTooLong};
use elicit_form::profile::{ProfileMismatch, ProfiledAnswerError};
use elicit_form::question::Question;
#[cfg(feature = "url-mode-ascii")]
use elicit_form::url_mode::UrlRefusal;
use elicit_form::{
    FORM_ANSWER_TTL, FormRefusal, MAX_FORM_ENUM_MEMBERS, MAX_FORM_PROPERTIES,
    MAX_FORM_PROPERTY_NAME_CHARS, MAX_FORM_TEXT_CHARS, MAX_FORM_TITLE_CHARS,
};

/// Why a call gave no value. Each variant is one of JS's error classes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Failure {
    /// The form cannot be put in front of a person: `FormRefusalError`.
    Refused(RefusalView),
    /// The answers do not fit: `AnswerError`.
    Answer(AnswerView),
    /// An argument of the wrong shape: `TypeError`, with this message.
    Type(String),
    /// The link cannot be put in front of a person: `UrlRefusalError`
    /// (the `elicit-form/url` entry only).
    #[cfg(feature = "url-mode-ascii")]
    #[serde(rename = "urlRefused")]
    UrlRefused(UrlRefusalView),
}

/// A URL-mode refusal as JS's `UrlRefusalError` carries it.
#[cfg(feature = "url-mode-ascii")]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UrlRefusalView {
    /// [`UrlRefusal::kind`].
    pub kind: &'static str,
    pub message: String,
}

/// A refusal as JS's `FormRefusalError` carries it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RefusalView {
    /// `credential`, `outOfProfile`, `schema`, or `message` (an elicitation
    /// message over its bound).
    pub kind: &'static str,
    pub property: Option<String>,
    pub reason: Option<String>,
    pub message: String,
}

/// An answer that does not fit, as JS's `AnswerError` carries it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AnswerView {
    /// What is wrong, by name (`outOfRange`, `required`, …), for a UI to
    /// word it for a person; `message` is the backend's text.
    pub kind: &'static str,
    pub property: String,
    pub message: String,
}

impl From<FormRefusal> for Failure {
    fn from(refusal: FormRefusal) -> Self {
        Self::Refused(RefusalView {
            kind: refusal.kind(),
            property: refusal.property().map(str::to_string),
            reason: refusal.reason().map(str::to_string),
            message: refusal.to_string(),
        })
    }
}

impl From<MessageTooLong> for Failure {
    fn from(refusal: MessageTooLong) -> Self {
        Self::Refused(RefusalView {
            kind: "message",
            property: None,
            reason: Some(refusal.reason()),
            message: refusal.to_string(),
        })
    }
}

impl From<ElicitationRefusal> for Failure {
    fn from(refusal: ElicitationRefusal) -> Self {
        match refusal {
            ElicitationRefusal::Schema(refusal) => refusal.into(),
            ElicitationRefusal::Message(refusal) => refusal.into(),
        }
    }
}

impl From<ProfiledAnswerError> for Failure {
    fn from(error: ProfiledAnswerError) -> Self {
        Self::Answer(AnswerView {
            kind: error.kind(),
            property: error.property().to_string(),
            message: error.to_string(),
        })
    }
}

/// A record of the other profile is an argument of the wrong shape.
impl From<ProfileMismatch> for Failure {
    fn from(mismatch: ProfileMismatch) -> Self {
        Self::Type(mismatch.to_string())
    }
}

#[cfg(feature = "url-mode-ascii")]
impl From<UrlRefusal> for Failure {
    fn from(refusal: UrlRefusal) -> Self {
        Self::UrlRefused(UrlRefusalView {
            kind: refusal.kind(),
            message: refusal.to_string(),
        })
    }
}

/// A call's value or failure as its envelope's text.
pub(crate) fn reply<T: Serialize>(result: Result<T, Failure>) -> String {
    Reply::from(result).to_json(0)
}

/// A call's reply: `{"ok": value}` or one of the [`Failure`]s.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Reply<T> {
    Ok(T),
    #[serde(untagged)]
    Failed(Failure),
}

impl<T> From<Result<T, Failure>> for Reply<T> {
    fn from(result: Result<T, Failure>) -> Self {
        match result {
            Ok(value) => Self::Ok(value),
            Err(failure) => Self::Failed(failure),
        }
    }
}

impl<T: Serialize> Reply<T> {
    /// The envelope's JSON text, with room for `expected` bytes up front:
    /// serde_json's text, written by the crate's own writer
    /// ([`elicit_form::json::write`]).
    ///
    /// Only the value's text is written by code made for each `T`: the
    /// envelope is two pieces around it, and a failure is written by
    /// [`Failure::to_json`], one function for every `T` rather than a copy in
    /// each `T`'s serializer of the whole envelope (the wasm it saves is
    /// measured in bench/FINDINGS.md).
    pub fn to_json(&self, expected: usize) -> String {
        let value = match self {
            Reply::Ok(value) => value,
            Reply::Failed(failure) => return failure.to_json(),
        };
        // `expected` counts the envelope: a reply to a huge answer fits in
        // the hole its answers' text left, one byte more and it would not.
        let mut out = String::with_capacity(expected);
        out.push_str("{\"ok\":");
        match elicit_form::json::write::appended(out, value) {
            Ok(mut text) => {
                text.push('}');
                text
            }
            Err(_) => Failure::unwritable(),
        }
    }
}

impl Failure {
    /// The `Reply::Failed` envelope's text: the failure's own.
    pub fn to_json(&self) -> String {
        elicit_form::json::write::to_string(self).unwrap_or_else(|_| Self::unwritable())
    }

    /// Our replies have string keys, so this is never reached; if it were,
    /// the caller gets an error, not bad JSON.
    fn unwritable() -> String {
        r#"{"type":"elicit-form could not write its reply as JSON"}"#.into()
    }
}

/// What a UI shows, from one reading of the schema.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Prepared<'a> {
    pub fingerprint: String,
    pub questions: Vec<Question<'a>>,
}

/// The bounds, with the backend's names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[allow(non_snake_case)] // the backend's constant names, as JS exports them
pub struct Constants {
    pub MAX_FORM_PROPERTIES: usize,
    pub MAX_FORM_ENUM_MEMBERS: usize,
    pub MAX_FORM_PROPERTY_NAME_CHARS: usize,
    pub MAX_FORM_TITLE_CHARS: usize,
    pub MAX_FORM_TEXT_CHARS: usize,
    pub FORM_ANSWER_TTL_MS: u64,
}

impl Constants {
    pub const BACKEND: Self = Self {
        MAX_FORM_PROPERTIES,
        MAX_FORM_ENUM_MEMBERS,
        MAX_FORM_PROPERTY_NAME_CHARS,
        MAX_FORM_TITLE_CHARS,
        MAX_FORM_TEXT_CHARS,
        FORM_ANSWER_TTL_MS: FORM_ANSWER_TTL.as_secs() * 1000,
    };

    /// The bounds as numbers, in the fields' order: what the wasm build keeps
    /// in memory for the glue to read at load ([`crate::bounds`]).
    pub const fn numbers(&self) -> [f64; 6] {
        [
            self.MAX_FORM_PROPERTIES as f64,
            self.MAX_FORM_ENUM_MEMBERS as f64,
            self.MAX_FORM_PROPERTY_NAME_CHARS as f64,
            self.MAX_FORM_TITLE_CHARS as f64,
            self.MAX_FORM_TEXT_CHARS as f64,
            self.FORM_ANSWER_TTL_MS as f64,
        ]
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use elicit_form::json::Value;
    use serde_json::json;

    fn parsed<T: Serialize>(reply: Reply<T>) -> Value {
        serde_json::from_str(&reply.to_json(0)).unwrap()
    }

    #[test]
    fn each_failure_is_one_tagged_envelope() {
        let refusal = FormRefusal::Credential {
            property: "apiKey".into(),
        };
        assert_eq!(
            parsed(Reply::<()>::Failed(refusal.clone().into())),
            json!({"refused": {"kind": "credential", "property": "apiKey", "reason": null,
                               "message": refusal.to_string()}})
        );
        assert_eq!(
            parsed(Reply::<()>::Failed(MessageTooLong { chars: 2001 }.into())),
            json!({"refused": {"kind": "message", "property": null,
                               "reason": "is longer than 2000 characters",
                               "message": "elicitation message is longer than 2000 characters"}})
        );
        assert_eq!(
            parsed(Reply::<()>::Failed(Failure::Answer(AnswerView {
                kind: "outOfRange",
                property: "seats".into(),
                message: "'seats' is out of range".into()
            }))),
            json!({"answer": {"kind": "outOfRange", "property": "seats",
                              "message": "'seats' is out of range"}})
        );
        assert_eq!(
            parsed(Reply::<()>::Failed(Failure::Type("no".into()))),
            json!({"type": "no"})
        );
        assert_eq!(parsed(Reply::Ok(7)), json!({"ok": 7}));
    }

    /// `reply.to_json`'s text is serde_json's text of the reply, byte for
    /// byte; the number of replies compared is counted in `compared`.
    fn written_as_serde_json<T: Serialize>(reply: Reply<T>, compared: &mut usize) {
        assert_eq!(reply.to_json(0), serde_json::to_string(&reply).unwrap());
        assert_eq!(
            reply.to_json(100_000),
            serde_json::to_string(&reply).unwrap()
        );
        *compared += 1;
    }

    /// Every reply the wasm layer writes, for every schema and answer of the
    /// vectors under their profile: the schema's view or refusal, the
    /// questions (structs and values), `Prepared`, the pending view, each
    /// outcome, the stored record, the content or the answer error, and the
    /// constants.
    #[test]
    fn every_view_of_every_vector_is_written_as_serde_json_writes_it() {
        use crate::argument::read_answers;
        use crate::records::made_record;
        use elicit_form::profile::{
            PendingView, Profile, ProfiledElicitation, read_requested_schema,
        };
        use elicit_form::question::attribution_header;
        let now = elicit_form::Timestamp::from_unix(1_764_451_271, 5).unwrap();
        let files = [
            Some(("backend-vectors.jsonl", Profile::Backend)),
            #[cfg(feature = "mcp-2026-07-28")]
            Some(("mcp-2026-07-28-vectors.jsonl", Profile::Mcp20260728)),
        ];
        let mut compared = 0;
        for (file, profile) in files.into_iter().flatten() {
            let path = format!("{}/../../tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
            for line in std::fs::read_to_string(path).unwrap().lines() {
                let vector: Value = serde_json::from_str(line).unwrap();
                let Some(text) = vector["schema_text"].as_str() else {
                    continue;
                };
                let server = vector["server"].as_str().unwrap_or("billing");
                let form = match read_requested_schema(text, profile) {
                    Ok(form) => form,
                    Err(refusal) => {
                        written_as_serde_json(Reply::<()>::Failed(refusal.into()), &mut compared);
                        continue;
                    }
                };
                written_as_serde_json(Reply::Ok(&form), &mut compared);
                let header = attribution_header(server);
                written_as_serde_json(Reply::Ok(form.question_list(&header)), &mut compared);
                written_as_serde_json(Reply::Ok(form.questions(server)), &mut compared);
                let fingerprint = form.fingerprint();
                written_as_serde_json(
                    Reply::Ok(Prepared {
                        fingerprint: fingerprint.clone(),
                        questions: form.question_list(&header),
                    }),
                    &mut compared,
                );
                let asked =
                    ProfiledElicitation::new(form.clone(), server, "buy", "key", "Pick \"one\"\n")
                        .unwrap();
                written_as_serde_json(Reply::Ok(PendingView::from(asked.pending())), &mut compared);
                // The wasm writes the pending questions from `Question`s, not
                // the backend's `Value`s: the same text.
                assert_eq!(
                    elicit_form::json::write::to_string(&asked.pending_view(&header)).unwrap(),
                    serde_json::to_string(&PendingView::from(asked.pending())).unwrap(),
                );
                written_as_serde_json(Reply::Ok(asked.pending_view(&header)), &mut compared);
                written_as_serde_json(
                    Reply::from(asked.decide(None, now, &header).map_err(Failure::from)),
                    &mut compared,
                );
                let Some(answers) = vector.get("answers") else {
                    continue;
                };
                let content = read_answers(&answers.to_string())
                    .and_then(|answers| form.content_from_answers(&answers).map_err(Failure::from));
                written_as_serde_json(Reply::from(content), &mut compared);
                let request = json!({"server": server, "tool": "buy", "fingerprint": fingerprint,
                                     "action": "accept", "answers": answers});
                let record = made_record(profile, &request.to_string(), now);
                if let Ok(record) = &record {
                    written_as_serde_json(
                        Reply::from(
                            asked
                                .decide(Some(record), now, &header)
                                .map_err(Failure::from),
                        ),
                        &mut compared,
                    );
                }
                written_as_serde_json(Reply::from(record), &mut compared);
            }
        }
        written_as_serde_json(Reply::Ok(Constants::BACKEND), &mut compared);
        written_as_serde_json(
            Reply::<()>::Failed(Failure::Type("no".into())),
            &mut compared,
        );
        assert!(compared > 10_000, "{compared} replies compared");
    }

    #[test]
    fn the_constants_are_the_bounds() {
        assert_eq!(
            serde_json::to_value(Constants::BACKEND).unwrap(),
            json!({"MAX_FORM_PROPERTIES": 16, "MAX_FORM_ENUM_MEMBERS": 32,
                   "MAX_FORM_PROPERTY_NAME_CHARS": 64, "MAX_FORM_TITLE_CHARS": 200,
                   "MAX_FORM_TEXT_CHARS": 2000, "FORM_ANSWER_TTL_MS": 1_800_000})
        );
    }
}
