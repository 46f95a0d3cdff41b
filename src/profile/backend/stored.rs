//! Recorded answers under the backend profile: its two actions, `accept` and
//! `decline`, what a retry decides from them, and the record over them.
//!
//! The record's shape, expiry and storage key are the profiles' shared rules
//! (`crate::rules::stored`), re-exported here so that this module holds every
//! name the backend's records have; [`StoredFormAnswer`] is the shared record
//! with the backend's action as its default.

use alloc::string::String;

use crate::json::{Map, Value};
use serde::{Deserialize, Serialize};

pub use crate::rules::stored::{
    FORM_ANSWER_TTL, MCP_ELICITATION_FORM_KV_PREFIX, RecordedAction, action, answers,
    form_answer_storage_key,
};

/// What the person did with the questions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum FormAnswerAction {
    Accept,
    /// Declined, dismissed, timed out, or nobody could be asked. The server is
    /// told `decline` in every case: an empty `accept` would read as an answer.
    Decline,
}

/// What a handler decided.
#[derive(Debug, Clone, PartialEq)]
pub enum FormOutcome {
    Accept(Map<String, Value>),
    Decline,
    /// Nobody has answered yet; put the questions in front of a person.
    Ask,
}

impl RecordedAction for FormAnswerAction {
    type Outcome = FormOutcome;
    const NAMED: &'static [(&'static str, Self)] =
        &[("accept", Self::Accept), ("decline", Self::Decline)];

    fn ask() -> FormOutcome {
        FormOutcome::Ask
    }

    fn outcome(self, accepted: impl FnOnce() -> Option<Map<String, Value>>) -> FormOutcome {
        match self {
            Self::Decline => FormOutcome::Decline,
            Self::Accept => accepted().map_or(FormOutcome::Ask, FormOutcome::Accept),
        }
    }
}

/// The durable form of an answer: the shared record, whose action is the
/// backend's [`FormAnswerAction`] unless another is named (the MCP
/// 2026-07-28 profile records over its own, which adds `cancel`).
pub type StoredFormAnswer<A = FormAnswerAction> = crate::rules::stored::StoredFormAnswer<A>;
