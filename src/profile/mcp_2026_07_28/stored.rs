//! Recorded answers and the retry decision under the MCP 2026-07-28 profile,
//! where `cancel` (dismissed without a choice) is distinct from `decline`.
//!
//! The backend profile's [`FormAnswerAction`](crate::FormAnswerAction) is
//! untouched: it still reads and writes only `accept` and `decline`. This
//! profile has its own action, [`FormAnswerAction`], and records with the
//! same [`StoredFormAnswer`](crate::StoredFormAnswer) shape over it. A
//! backend reader refuses a record whose action is `cancel`, and a record
//! made under one profile carries a fingerprint the other profile never
//! computes, so it never applies there.

use alloc::string::{String, ToString};
use core::fmt;

use crate::json::{Map, Value};
use serde::{Deserialize, Serialize};

use crate::rules::form::RecordedAction;

/// What the person did with the questions, under this profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SpecAnswerAction", rename_all = "snake_case"))]
pub enum FormAnswerAction {
    /// Submitted the form.
    Accept,
    /// Explicitly refused to answer.
    Decline,
    /// Dismissed the card, timed out, or could not be asked: no explicit
    /// choice was made.
    Cancel,
}

impl FormAnswerAction {
    /// The `ElicitResult.action` text: `accept`, `decline` or `cancel`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Accept => "accept",
            Self::Decline => "decline",
            Self::Cancel => "cancel",
        }
    }
}

impl fmt::Display for FormAnswerAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The durable form of an answer under this profile: the backend's record
/// shape, whose `action` may also be `"cancel"`, and whose `fingerprint` is a
/// [`FormSchema::fingerprint`](crate::profile::mcp_2026_07_28::FormSchema::fingerprint).
pub type StoredFormAnswer = crate::rules::stored::StoredFormAnswer<FormAnswerAction>;

/// What the host sends back, or that it must ask.
#[derive(Debug, Clone, PartialEq)]
pub enum FormOutcome {
    Accept(Map<String, Value>),
    Decline,
    Cancel,
    /// Nobody has answered yet (or the answer no longer fits): put the
    /// questions in front of a person.
    Ask,
}

impl FormOutcome {
    /// The `ElicitResult` to send: `{"action": "accept", "content": {...}}`,
    /// `{"action": "decline"}` or `{"action": "cancel"}`; `None` for `Ask`.
    pub fn elicit_result(&self) -> Option<Value> {
        let (action, content) = match self {
            Self::Accept(content) => ("accept", Some(content)),
            Self::Decline => ("decline", None),
            Self::Cancel => ("cancel", None),
            Self::Ask => return None,
        };
        let mut result = Map::new();
        result.insert("action".to_string(), Value::from(action));
        if let Some(content) = content {
            result.insert("content".to_string(), Value::Object(content.clone()));
        }
        Some(Value::Object(result))
    }
}

impl RecordedAction for FormAnswerAction {
    type Outcome = FormOutcome;
    const NAMED: &'static [(&'static str, Self)] = &[
        ("accept", Self::Accept),
        ("decline", Self::Decline),
        ("cancel", Self::Cancel),
    ];

    fn ask() -> FormOutcome {
        FormOutcome::Ask
    }

    /// `decline` and `cancel` are passed on as they were recorded.
    fn outcome(self, accepted: impl FnOnce() -> Option<Map<String, Value>>) -> FormOutcome {
        match self {
            Self::Decline => FormOutcome::Decline,
            Self::Cancel => FormOutcome::Cancel,
            Self::Accept => accepted().map_or(FormOutcome::Ask, FormOutcome::Accept),
        }
    }
}
