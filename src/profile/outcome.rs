//! What a decision on an elicitation gives, under either profile: the
//! `ElicitResult` to send, or the questions to put in front of a person. The
//! shapes are serde's, as the backend's pending elicitation writes them, so
//! a host gets them as values natively and as JSON text from the npm
//! package alike.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use serde::Serialize;

use crate::json::{Map, Value};
use crate::profile::Profile;
use crate::rules::form::FormElicitationPending;

/// The pending questions and the backend's summary of them.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "PendingFields", concrete(Q = Value)))]
pub struct PendingView<Q = Value> {
    pub server_name: String,
    pub tool_name: String,
    pub message: String,
    /// `ask_user` questions, already attributed.
    // The backend's `Value`s, or `Question`s, which write the same JSON text
    // without making them (`ProfiledElicitation::pending_view`).
    #[cfg_attr(test, ts(type = "AskUserQuestionFields[]"))]
    pub questions: Vec<Q>,
    /// 64 lowercase hex digits.
    pub fingerprint: String,
    /// `MCP server '…' has questions for you before tool '…' can run`.
    pub summary: String,
}

impl From<FormElicitationPending> for PendingView {
    fn from(pending: FormElicitationPending) -> Self {
        Self {
            summary: pending.to_string(),
            server_name: pending.server_name,
            tool_name: pending.tool_name,
            message: pending.message,
            questions: pending.questions,
            fingerprint: pending.fingerprint,
        }
    }
}

/// The retry decision: the `ElicitResult` to send, or `ask` with the
/// questions to put in front of a person. `cancel` only under MCP 2026-07-28.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "action", rename_all = "lowercase")]
pub enum Outcome<Q = Value> {
    Accept { content: Map<String, Value> },
    Decline,
    Cancel,
    Ask { pending: PendingView<Q> },
}

/// A record made under one profile, offered to an elicitation of the other:
/// the two never answer each other's questions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProfileMismatch {
    /// The record's profile.
    pub record: Profile,
    /// The elicitation's profile.
    pub asked: Profile,
}

impl fmt::Display for ProfileMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "record was made under the {} profile, not {}",
            self.record.name(),
            self.asked.name()
        )
    }
}

impl core::error::Error for ProfileMismatch {}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn outcomes_are_tagged_by_action() {
        assert_eq!(
            serde_json::to_value(Outcome::<Value>::Accept {
                content: json!({"a": 1}).as_object().unwrap().clone()
            })
            .unwrap(),
            json!({"action": "accept", "content": {"a": 1}})
        );
        assert_eq!(
            serde_json::to_value(Outcome::<Value>::Decline).unwrap(),
            json!({"action": "decline"})
        );
        assert_eq!(
            serde_json::to_value(Outcome::<Value>::Cancel).unwrap(),
            json!({"action": "cancel"})
        );
        let pending = PendingView::from(FormElicitationPending {
            server_name: "billing".into(),
            tool_name: "buy".into(),
            message: "Pick".into(),
            questions: vec![],
            fingerprint: "f".into(),
        });
        assert_eq!(
            serde_json::to_value(Outcome::Ask { pending }).unwrap(),
            json!({"action": "ask", "pending": {"server_name": "billing", "tool_name": "buy",
                "message": "Pick", "questions": [], "fingerprint": "f",
                "summary": "MCP server 'billing' has questions for you before tool 'buy' can run"}})
        );
    }
}
