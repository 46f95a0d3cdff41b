//! Recorded answers and the retry decision under the MCP 2026-07-28 profile,
//! where `cancel` (dismissed without a choice) is distinct from `decline`.
//!
//! The backend profile's [`FormAnswerAction`](crate::FormAnswerAction) is
//! untouched: it still reads and writes only `accept` and `decline`. This
//! profile has its own action, [`SpecAnswerAction`], and records with the
//! same [`StoredFormAnswer`](crate::StoredFormAnswer) shape over it
//! ([`SpecStoredFormAnswer`]). A backend reader refuses a record whose action
//! is `cancel`, and a record made under one profile carries a fingerprint the
//! other profile never computes, so it never applies there.

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::schema::SpecFormSchema;
use crate::{FormElicitationPending, Timestamp};

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

/// The durable form of an answer under this profile: the backend's record
/// shape, whose `action` may also be `"cancel"`, and whose `fingerprint` is a
/// [`SpecFormSchema::fingerprint`].
pub type SpecStoredFormAnswer = crate::StoredFormAnswer<SpecAnswerAction>;

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
