//! Recorded answers: what the API that collected a person's answer writes, and
//! what the MCP client reads on the retry.
//!
//! A record is scoped to one server and tool, carries the fingerprint of the
//! questions the person saw, and expires 30 minutes after it was made (URL
//! mode's consent window). Its serde shape is the backend's, so either side
//! can read what the other wrote.

use alloc::collections::BTreeMap;
use alloc::{
    string::{String, ToString},
    vec::Vec,
};
use core::time::Duration;

use crate::json::{Map, Value};
use serde::{Deserialize, Serialize};

use crate::rules::answer::FormAnswer;
use crate::rules::fields;
use crate::time::Timestamp;

/// How long a recorded answer stays usable.
pub const FORM_ANSWER_TTL: Duration = Duration::from_secs(30 * 60);

/// The storage prefix the backend reserves from its model-facing key-value
/// tool, so only the question-answer API writes under it.
pub const MCP_ELICITATION_FORM_KV_PREFIX: &str = "mcp/elicitation-form/";

/// A recorded action, and what it decides on a retry.
pub trait RecordedAction: Copy + 'static {
    /// The decision's type: the profile's outcome.
    type Outcome;
    /// Each action with its name as a record writes it.
    const NAMED: &'static [(&'static str, Self)];
    /// Nothing usable is recorded: put the questions in front of a person.
    fn ask() -> Self::Outcome;
    /// The decision for a record that applies. `accepted` gives the content
    /// of its answers, or `None` when they no longer fit (asked again, never
    /// coerced).
    fn outcome(self, accepted: impl FnOnce() -> Option<Map<String, Value>>) -> Self::Outcome;
}

/// The durable form of an answer.
///
/// `A` is the action type, each profile's own: the backend profile names
/// its record `StoredFormAnswer` with its two actions as the default
/// (`crate::backend::StoredFormAnswer`); the MCP 2026-07-28 profile records
/// with `mcp_2026_07_28::FormAnswerAction`, which adds `cancel`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "StoredFormAnswerOf"))]
pub struct StoredFormAnswer<A> {
    /// Re-checked on read, so a key collision fails closed.
    pub server: String,
    pub tool: String,
    /// The fingerprint of the questions the person answered.
    pub fingerprint: String,
    pub action: A,
    /// Keyed by property name, which is also the question id.
    #[serde(default)]
    pub answers: BTreeMap<String, FormAnswer>,
    /// RFC 3339 UTC: when the record was made plus 30 minutes.
    #[cfg_attr(test, ts(type = "string"))]
    pub expires_at: Timestamp,
}

impl<A> StoredFormAnswer<A> {
    /// A record made at `now`, usable until `now` plus [`FORM_ANSWER_TTL`].
    ///
    /// Fails only when the expiry falls after the year 9999.
    pub fn new(
        server: &str,
        tool: &str,
        fingerprint: &str,
        action: A,
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

    /// Whether the record may answer this server's tool for these questions
    /// at `now`: same pairing, same fingerprint, and not yet expired.
    pub fn applies_to(&self, server: &str, tool: &str, fingerprint: &str, now: Timestamp) -> bool {
        self.server == server
            && self.tool == tool
            && self.fingerprint == fingerprint
            && self.expires_at > now
    }
}

impl<A: RecordedAction> StoredFormAnswer<A> {
    /// A record read from its JSON value, as its serde derive reads one
    /// written by either side (unknown members are ignored; the record and
    /// each answer must be objects, not arrays of their fields). The wasm
    /// build reads records this way, without serde's deserializer.
    pub fn from_json(value: &Value) -> Result<Self, String> {
        const PATH: &str = "record";
        let object = fields::object(value, &PATH)?;
        let expires_at = fields::string(object, PATH, "expires_at")?;
        let bad_time = |error: crate::time::TimestampError| {
            format!("{PATH}.expires_at is not an RFC 3339 time: {error}")
        };
        Ok(Self {
            server: fields::string(object, PATH, "server")?.to_string(),
            tool: fields::string(object, PATH, "tool")?.to_string(),
            fingerprint: fields::string(object, PATH, "fingerprint")?.to_string(),
            action: action(object, PATH)?,
            answers: answers(object, PATH)?,
            expires_at: Timestamp::parse_rfc3339(expires_at).map_err(bad_time)?,
        })
    }
}

/// The member `action` of `path`: one of the profile's action names.
pub fn action<A: RecordedAction>(object: &Map<String, Value>, path: &str) -> Result<A, String> {
    let name = fields::string(object, path, "action")?;
    A::NAMED
        .iter()
        .find(|(known, _)| *known == name)
        .map(|(_, action)| *action)
        .ok_or_else(|| {
            let names: Vec<String> = A::NAMED
                .iter()
                .map(|(known, _)| format!("{}", crate::text::Quoted(known)))
                .collect();
            format!(
                "{path}.action must be {}, not {}",
                names.join(" or "),
                crate::rules::shown(name)
            )
        })
}

/// The member `answers` of `path`, empty when absent.
pub fn answers(
    object: &Map<String, Value>,
    path: &str,
) -> Result<BTreeMap<String, FormAnswer>, String> {
    match object.get("answers") {
        None => Ok(BTreeMap::new()),
        Some(value) => FormAnswer::map_at(value, &format!("{path}.answers")),
    }
}

/// Session-storage key an answer for `server`/`tool` is recorded under: the
/// reserved prefix, then each part with every character other than ASCII
/// letters, digits, `-`, `.` and `_` replaced by `_`, joined by `/`.
pub fn form_answer_storage_key(server: &str, tool: &str) -> String {
    fn fold(part: &str) -> String {
        let mut folded = String::with_capacity(part.len());
        for c in part.chars() {
            let kept = c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_');
            // Every character kept is ASCII: masked so, each is pushed as
            // one byte.
            folded.push(if kept {
                char::from(c as u8 & 0x7f)
            } else {
                '_'
            });
        }
        folded
    }
    format!(
        "{MCP_ELICITATION_FORM_KV_PREFIX}{}/{}",
        fold(server),
        fold(tool)
    )
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::profile::backend::stored::{FormAnswerAction, StoredFormAnswer};

    fn now() -> Timestamp {
        Timestamp::parse_rfc3339("2026-11-29T21:21:11.123456789Z").unwrap()
    }

    fn record() -> StoredFormAnswer {
        StoredFormAnswer::new(
            "billing",
            "buy",
            "fp",
            FormAnswerAction::Accept,
            BTreeMap::new(),
            now(),
        )
        .unwrap()
    }

    #[test]
    fn records_expire_thirty_minutes_after_they_are_made() {
        let record = record();
        assert_eq!(
            record.expires_at.to_string(),
            "2026-11-29T21:51:11.123456789Z"
        );
        let just_before = record.expires_at.plus_nanos(-1).unwrap();
        assert!(record.applies_to("billing", "buy", "fp", just_before));
        assert!(!record.applies_to("billing", "buy", "fp", record.expires_at));
    }

    #[test]
    fn records_apply_only_to_their_server_tool_and_questions() {
        let record = record();
        assert!(record.applies_to("billing", "buy", "fp", now()));
        assert!(!record.applies_to("other", "buy", "fp", now()));
        assert!(!record.applies_to("billing", "refund", "fp", now()));
        assert!(!record.applies_to("billing", "buy", "other", now()));
    }

    #[test]
    fn serialises_in_the_backends_serde_shape() {
        let mut record = record();
        record.answers.insert(
            "plan".into(),
            FormAnswer {
                selected: vec!["Pro".into()],
                other_text: None,
            },
        );
        let text = serde_json::to_string(&record).unwrap();
        assert_eq!(
            text,
            r#"{"server":"billing","tool":"buy","fingerprint":"fp","action":"accept","answers":{"plan":{"selected":["Pro"],"other_text":null}},"expires_at":"2026-11-29T21:51:11.123456789Z"}"#
        );
        assert_eq!(
            serde_json::from_str::<StoredFormAnswer>(&text).unwrap(),
            record
        );
        let bare = r#"{"server":"s","tool":"t","fingerprint":"f","action":"decline","expires_at":"2026-01-01T00:00:00+01:00"}"#;
        assert!(
            serde_json::from_str::<StoredFormAnswer>(bare)
                .unwrap()
                .answers
                .is_empty()
        );
    }

    #[test]
    fn storage_keys_fold_everything_but_safe_ascii() {
        assert_eq!(
            form_answer_storage_key("acme/billing", "buy"),
            "mcp/elicitation-form/acme_billing/buy"
        );
        assert_eq!(
            form_answer_storage_key("日本", "x.y-z_w"),
            "mcp/elicitation-form/__/x.y-z_w"
        );
    }
}
