//! What both profiles share around a form: the elicitation a server sent,
//! the pending questions, and the retry decision. (The schema's properties
//! are `crate::rules::schema`'s, re-exported here.)
//!
//! A turn cannot block on a person. The first call finds no answer and reports
//! [`FormElicitationPending`]; the host shows the questions and records the
//! answer durably; the retry finds it and [`Elicitation::decide`] turns it
//! into the `ElicitResult`, but only for the same server, tool and questions,
//! while fresh, and only if the answers still fit.
//!
//! The two profiles differ only in their property kinds ([`Property`] is
//! generic over them), in the actions a record may carry (the backend's
//! `accept` and `decline`; `cancel` too under MCP 2026-07-28) and in what they
//! decide from them ([`RecordedAction`]).

use alloc::collections::BTreeMap;
use alloc::{
    string::{String, ToString},
    vec::Vec,
};
use core::fmt;

use crate::json::{Map, Value};

use crate::MAX_FORM_TEXT_CHARS;
use crate::rules::answer::FormAnswer;
use crate::rules::question::AskedKind;
use crate::rules::refusal::FormRefusal;
pub use crate::rules::schema::{Misfit, Property, Schema};
pub use crate::rules::stored::RecordedAction;
use crate::rules::stored::StoredFormAnswer;
use crate::time::Timestamp;

/// What a profile is, given its property kind: how it reads a server's
/// schema, fingerprints it and turns answers into content (how it asks is
/// [`AskedKind`]), and what a record of it may carry.
pub trait Rules: AskedKind {
    /// What a person may have done with the questions.
    type Action: RecordedAction;
    /// Check a server's `requestedSchema` against the profile.
    fn parse(schema: &Value) -> Result<Schema<Self>, FormRefusal>;
    /// The profile's SHA-256 fingerprint, 64 lowercase hex digits.
    fn fingerprint(schema: &Schema<Self>) -> String;
    /// The content for these answers, or `None` when they do not fit.
    fn accepted_content(
        schema: &Schema<Self>,
        answers: &BTreeMap<String, FormAnswer>,
    ) -> Option<Map<String, Value>>;
}

/// A form elicitation the server sent, validated and projected; `S` is the
/// profile's schema. `Debug` writes it as the backend's `FormElicitation`.
#[derive(Clone)]
pub struct Elicitation<S> {
    pub server_name: String,
    pub tool_name: String,
    pub key: String,
    pub message: String,
    pub schema: S,
}

impl<S: fmt::Debug> fmt::Debug for Elicitation<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FormElicitation")
            .field("server_name", &self.server_name)
            .field("tool_name", &self.tool_name)
            .field("key", &self.key)
            .field("message", &self.message)
            .field("schema", &self.schema)
            .finish()
    }
}

/// A form elicitation that stopped a tool call until a person answers.
#[derive(Debug, Clone, PartialEq)]
pub struct FormElicitationPending {
    pub server_name: String,
    pub tool_name: String,
    pub message: String,
    /// `ask_user` questions, already attributed.
    pub questions: Vec<Value>,
    pub fingerprint: String,
}

impl fmt::Display for FormElicitationPending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Summary {
            server_name: &self.server_name,
            tool_name: &self.tool_name,
        }
        .fmt(f)
    }
}

/// `MCP server '…' has questions for you before tool '…' can run`: the
/// backend's summary of pending questions.
pub(crate) struct Summary<'a> {
    pub(crate) server_name: &'a str,
    pub(crate) tool_name: &'a str,
}

impl fmt::Display for Summary<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Self {
            server_name,
            tool_name,
        } = self;
        write!(
            f,
            "MCP server '{server_name}' has questions for you before tool '{tool_name}' can run"
        )
    }
}

impl core::error::Error for FormElicitationPending {}

/// An elicitation `message` over [`MAX_FORM_TEXT_CHARS`] Unicode scalar
/// values. The backend's engine refuses it around the module, after the
/// schema parses; this text is this crate's own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageTooLong {
    /// The message's length in Unicode scalar values.
    pub chars: usize,
}

impl MessageTooLong {
    /// `is longer than 2000 characters`: the refusal's reason, without the
    /// words that name the message.
    // `#[inline]` on what the bindings crate calls: inlined there before
    // link-time optimisation, the wasm is smaller
    // (docs/architecture.md, "The bindings crate").
    #[inline]
    pub fn reason(&self) -> String {
        too_long()
    }
}

impl fmt::Display for MessageTooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "elicitation message {}", too_long())
    }
}

/// `is longer than 2000 characters`: a message's refusal, and its reason.
pub(crate) fn too_long() -> String {
    format!("is longer than {MAX_FORM_TEXT_CHARS} characters")
}

impl core::error::Error for MessageTooLong {}

/// Why [`Elicitation::new`] refused an elicitation: its schema, or its message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ElicitationRefusal {
    Schema(FormRefusal),
    Message(MessageTooLong),
}

impl ElicitationRefusal {
    /// As JS names it: the schema refusal's kind, or `"message"`.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Schema(refusal) => refusal.kind(),
            Self::Message(_) => "message",
        }
    }
}

impl fmt::Display for ElicitationRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Schema(refusal) => refusal.fmt(f),
            Self::Message(refusal) => refusal.fmt(f),
        }
    }
}

impl core::error::Error for ElicitationRefusal {}

impl From<FormRefusal> for ElicitationRefusal {
    fn from(refusal: FormRefusal) -> Self {
        Self::Schema(refusal)
    }
}

impl From<MessageTooLong> for ElicitationRefusal {
    fn from(refusal: MessageTooLong) -> Self {
        Self::Message(refusal)
    }
}

/// Refuse an elicitation message longer than [`MAX_FORM_TEXT_CHARS`] Unicode
/// scalar values, as the backend's engine does once the schema has parsed.
pub fn check_message(message: &str) -> Result<(), MessageTooLong> {
    let chars = crate::rules::char_count(message);
    if chars > MAX_FORM_TEXT_CHARS {
        return Err(MessageTooLong { chars });
    }
    Ok(())
}

impl<K: Rules> Elicitation<Schema<K>> {
    /// Check a server's elicitation as the backend's engine does: the
    /// schema against the profile first, then the message.
    pub fn new(
        server_name: &str,
        tool_name: &str,
        key: &str,
        message: &str,
        requested_schema: &Value,
    ) -> Result<Self, ElicitationRefusal> {
        let schema = K::parse(requested_schema)?;
        check_message(message)?;
        Ok(Self {
            server_name: server_name.to_string(),
            tool_name: tool_name.to_string(),
            key: key.to_string(),
            message: message.to_string(),
            schema,
        })
    }

    /// The questions to show, attributed to the configured server name.
    pub fn pending(&self) -> FormElicitationPending {
        FormElicitationPending {
            server_name: self.server_name.clone(),
            tool_name: self.tool_name.clone(),
            message: self.message.clone(),
            questions: self.schema.questions(&self.server_name),
            fingerprint: K::fingerprint(&self.schema),
        }
    }

    /// The decision on a record already taken from the store (or `None` when
    /// there was none, or the store could not be read): a record for another
    /// server, tool or set of questions, or an expired one, asks again; so
    /// does an accepted answer that no longer fits.
    pub fn decide(
        &self,
        record: Option<&StoredFormAnswer<K::Action>>,
        now: Timestamp,
    ) -> <K::Action as RecordedAction>::Outcome {
        self.decide_on(record, now, &K::fingerprint(&self.schema))
    }

    /// [`decide`](Self::decide) with the schema's fingerprint already made
    /// (by a host that hashes its input itself).
    pub fn decide_on(
        &self,
        record: Option<&StoredFormAnswer<K::Action>>,
        now: Timestamp,
        fingerprint: &str,
    ) -> <K::Action as RecordedAction>::Outcome {
        match record.filter(|record| {
            record.applies_to(&self.server_name, &self.tool_name, fingerprint, now)
        }) {
            Some(record) => record
                .action
                .outcome(|| K::accepted_content(&self.schema, &record.answers)),
            None => K::Action::ask(),
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::profile::backend::stored::{FormAnswerAction, FormOutcome, StoredFormAnswer};
    use crate::profile::backend::{FormElicitation, parse_requested_schema};
    use serde_json::json;

    fn elicitation() -> FormElicitation {
        FormElicitation {
            server_name: "billing".into(),
            tool_name: "buy".into(),
            key: "details".into(),
            message: "Pick a plan".into(),
            schema: parse_requested_schema(&json!({"type": "object", "properties": {"plan": {"type": "string", "enum": ["pro"]}}})).unwrap(),
        }
    }

    fn now() -> Timestamp {
        Timestamp::from_unix(1_800_000_000, 0).unwrap()
    }

    fn record(fingerprint: &str, action: FormAnswerAction, label: &str) -> StoredFormAnswer {
        let answers = BTreeMap::from([(
            "plan".to_string(),
            FormAnswer {
                selected: vec![label.into()],
                other_text: None,
            },
        )]);
        StoredFormAnswer::new("billing", "buy", fingerprint, action, answers, now()).unwrap()
    }

    #[test]
    fn a_fitting_record_for_the_same_questions_is_sent() {
        let asked = elicitation();
        let fp = asked.schema.fingerprint();
        let accepted = asked.decide(Some(&record(&fp, FormAnswerAction::Accept, "pro")), now());
        assert_eq!(
            accepted,
            FormOutcome::Accept(json!({"plan": "pro"}).as_object().unwrap().clone())
        );
        assert_eq!(
            asked.decide(Some(&record(&fp, FormAnswerAction::Decline, "pro")), now()),
            FormOutcome::Decline
        );
    }

    #[test]
    fn no_record_a_stale_one_or_misfitting_answers_ask_again() {
        let asked = elicitation();
        let fp = asked.schema.fingerprint();
        assert_eq!(asked.decide(None, now()), FormOutcome::Ask);
        assert_eq!(
            asked.decide(
                Some(&record("stale", FormAnswerAction::Accept, "pro")),
                now()
            ),
            FormOutcome::Ask
        );
        assert_eq!(
            asked.decide(Some(&record(&fp, FormAnswerAction::Accept, "team")), now()),
            FormOutcome::Ask
        );
        let late = now().plus_nanos(30 * 60 * 1_000_000_000).unwrap();
        assert_eq!(
            asked.decide(Some(&record(&fp, FormAnswerAction::Decline, "pro")), late),
            FormOutcome::Ask
        );
    }

    #[test]
    fn new_checks_the_schema_first_then_the_message_in_scalars() {
        let schema = json!({"type": "object", "properties": {"plan": {"type": "string"}}});
        let at_bound = "é".repeat(MAX_FORM_TEXT_CHARS);
        assert!(FormElicitation::new("s", "t", "k", &at_bound, &schema).is_ok());
        let over = format!("{at_bound}x");
        let refused = FormElicitation::new("s", "t", "k", &over, &schema).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "elicitation message is longer than 2000 characters"
        );
        assert_eq!(
            refused,
            ElicitationRefusal::Message(MessageTooLong { chars: 2001 })
        );
        assert_eq!(refused.kind(), "message");
        let both = FormElicitation::new("s", "t", "k", &over, &json!([])).unwrap_err();
        assert_eq!(
            both,
            ElicitationRefusal::Schema(FormRefusal::Schema("is not an object".into()))
        );
    }

    #[test]
    fn pending_names_the_configured_server_and_the_fingerprint() {
        let pending = elicitation().pending();
        assert_eq!(
            pending.to_string(),
            "MCP server 'billing' has questions for you before tool 'buy' can run"
        );
        assert_eq!(pending.questions[0]["header"], "billing");
        assert_eq!(pending.fingerprint, elicitation().schema.fingerprint());
    }
}
