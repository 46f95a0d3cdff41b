//! Recorded answers and the retry decision under the MCP 2026-07-28 profile,
//! where `cancel` (dismissed without a choice) is distinct from `decline`.
//!
//! The backend profile's [`FormAnswerAction`](crate::FormAnswerAction) and
//! [`StoredFormAnswer`](crate::StoredFormAnswer) are untouched: they still
//! read and write only `accept` and `decline`. This profile has its own
//! action, [`SpecAnswerAction`], and its own record, [`SpecStoredFormAnswer`],
//! with the same serde shape plus the `cancel` action. A backend reader
//! refuses a record whose action is `cancel`, and any record made under one
//! profile carries a fingerprint the other profile never computes, so it
//! never applies there.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::schema::SpecFormSchema;
use crate::{FORM_ANSWER_TTL, FormAnswer, FormElicitationPending, Timestamp};

/// What the person did with the questions, under this profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecAnswerAction {
    /// Submitted the form.
    Accept,
    /// Explicitly refused to answer.
    Decline,
    /// Dismissed the card, timed out, or could not be asked: no explicit
    /// choice was made.
    Cancel,
}

impl SpecAnswerAction {
    /// The `ElicitResult.action` text: `accept`, `decline` or `cancel`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Accept => "accept",
            Self::Decline => "decline",
            Self::Cancel => "cancel",
        }
    }
}

impl fmt::Display for SpecAnswerAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The durable form of an answer under this profile. Same fields and serde
/// shape as [`StoredFormAnswer`](crate::StoredFormAnswer); `action` may also
/// be `"cancel"`; `fingerprint` is a [`SpecFormSchema::fingerprint`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecStoredFormAnswer {
    pub server: String,
    pub tool: String,
    pub fingerprint: String,
    pub action: SpecAnswerAction,
    #[serde(default)]
    pub answers: BTreeMap<String, FormAnswer>,
    pub expires_at: Timestamp,
}

impl SpecStoredFormAnswer {
    /// A record made at `now`, usable until `now` plus
    /// [`FORM_ANSWER_TTL`]. Fails only when the
    /// expiry falls after the year 9999.
    pub fn new(
        server: &str,
        tool: &str,
        fingerprint: &str,
        action: SpecAnswerAction,
        answers: BTreeMap<String, FormAnswer>,
        now: Timestamp,
    ) -> Result<Self, crate::time::TimestampError> {
        let ttl_nanos = FORM_ANSWER_TTL.as_secs() as i64 * 1_000_000_000;
        Ok(Self {
            server: server.to_string(),
            tool: tool.to_string(),
            fingerprint: fingerprint.to_string(),
            action,
            answers,
            expires_at: now.plus_nanos(ttl_nanos)?,
        })
    }

    /// Same pairing, same fingerprint, and not yet expired.
    pub fn applies_to(&self, server: &str, tool: &str, fingerprint: &str, now: Timestamp) -> bool {
        self.server == server
            && self.tool == tool
            && self.fingerprint == fingerprint
            && self.expires_at > now
    }
}

/// What the host sends back, or that it must ask.
#[derive(Debug, Clone, PartialEq)]
pub enum SpecFormOutcome {
    Accept(Map<String, Value>),
    Decline,
    Cancel,
    /// Nobody has answered yet (or the answer no longer fits): put the
    /// questions in front of a person.
    Ask,
}

impl SpecFormOutcome {
    /// The `ElicitResult` to send: `{"action": "accept", "content": {...}}`,
    /// `{"action": "decline"}` or `{"action": "cancel"}`; `None` for `Ask`.
    pub fn elicit_result(&self) -> Option<Value> {
        match self {
            Self::Accept(content) => Some(json!({"action": "accept", "content": content})),
            Self::Decline => Some(json!({"action": "decline"})),
            Self::Cancel => Some(json!({"action": "cancel"})),
            Self::Ask => None,
        }
    }
}

/// A form elicitation the server sent, validated under this profile.
#[derive(Debug, Clone)]
pub struct SpecFormElicitation {
    pub server_name: String,
    pub tool_name: String,
    pub key: String,
    pub message: String,
    pub schema: SpecFormSchema,
}

impl SpecFormElicitation {
    /// The questions to show, attributed to the configured server name.
    pub fn pending(&self) -> FormElicitationPending {
        FormElicitationPending {
            server_name: self.server_name.clone(),
            tool_name: self.tool_name.clone(),
            message: self.message.clone(),
            questions: self.schema.questions(&self.server_name),
            fingerprint: self.schema.fingerprint(),
        }
    }

    /// The decision on a record already taken from the store (`None` when
    /// there was none or the store could not be read): a record for another
    /// server, tool or set of questions, or an expired one, asks again; so
    /// does an accepted answer that no longer fits. `decline` and `cancel`
    /// are passed on as they were recorded.
    pub fn decide(&self, record: Option<&SpecStoredFormAnswer>, now: Timestamp) -> SpecFormOutcome {
        let fingerprint = self.schema.fingerprint();
        let Some(record) = record.filter(|record| {
            record.applies_to(&self.server_name, &self.tool_name, &fingerprint, now)
        }) else {
            return SpecFormOutcome::Ask;
        };
        match record.action {
            SpecAnswerAction::Decline => SpecFormOutcome::Decline,
            SpecAnswerAction::Cancel => SpecFormOutcome::Cancel,
            SpecAnswerAction::Accept => self
                .schema
                .content_from_answers(&record.answers)
                .map_or(SpecFormOutcome::Ask, SpecFormOutcome::Accept),
        }
    }
}
