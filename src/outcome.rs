//! The decision a host makes on a retry: send a recorded answer, decline, or
//! put the questions in front of a person.
//!
//! A turn cannot block on a person. The first call finds no answer and reports
//! [`FormElicitationPending`]; the host shows the questions and records the
//! answer durably; the retry finds it and [`FormElicitation::decide`] turns it
//! into the `ElicitResult`, but only for the same server, tool and questions,
//! while fresh, and only if the answers still fit.

use std::fmt;

use serde_json::{Map, Value};

use crate::{
    FormAnswerAction, FormRefusal, FormSchema, MAX_FORM_TEXT_CHARS, StoredFormAnswer, Timestamp,
    parse_requested_schema,
};

/// A form elicitation the server sent, validated and projected.
#[derive(Debug, Clone)]
pub struct FormElicitation {
    pub server_name: String,
    pub tool_name: String,
    pub key: String,
    pub message: String,
    pub schema: FormSchema,
}

/// What a handler decided.
#[derive(Debug, Clone, PartialEq)]
pub enum FormOutcome {
    Accept(Map<String, Value>),
    Decline,
    /// Nobody has answered yet; put the questions in front of a person.
    Ask,
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
        write!(
            f,
            "MCP server '{}' has questions for you before tool '{}' can run",
            self.server_name, self.tool_name
        )
    }
}

impl std::error::Error for FormElicitationPending {}

impl FormElicitation {
    /// Check a server's elicitation as the backend's engine does: the
    /// schema against the profile first, then the message, which may be at
    /// most [`MAX_FORM_TEXT_CHARS`] Unicode scalar values.
    pub fn new(
        server_name: &str,
        tool_name: &str,
        key: &str,
        message: &str,
        requested_schema: &Value,
    ) -> Result<Self, FormRefusal> {
        let schema = parse_requested_schema(requested_schema)?;
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
            fingerprint: self.schema.fingerprint(),
        }
    }

    /// The backend's decision on a record already taken from the store (or
    /// `None` when there was none, or the store could not be read).
    pub fn decide(&self, record: Option<&StoredFormAnswer>, now: Timestamp) -> FormOutcome {
        let fingerprint = self.schema.fingerprint();
        let Some(record) = record.filter(|record| {
            record.applies_to(&self.server_name, &self.tool_name, &fingerprint, now)
        }) else {
            return FormOutcome::Ask;
        };
        match record.action {
            FormAnswerAction::Decline => FormOutcome::Decline,
            // Answers that no longer fit are asked again, never coerced.
            FormAnswerAction::Accept => self
                .schema
                .content_from_answers(&record.answers)
                .map_or(FormOutcome::Ask, FormOutcome::Accept),
        }
    }
}

/// Refuse an elicitation message longer than [`MAX_FORM_TEXT_CHARS`] Unicode
/// scalar values, as the backend's engine does once the schema has parsed.
pub fn check_message(message: &str) -> Result<(), FormRefusal> {
    if message.chars().count() > MAX_FORM_TEXT_CHARS {
        return Err(FormRefusal::Message(format!(
            "is longer than {MAX_FORM_TEXT_CHARS} characters"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FormAnswer, parse_requested_schema};
    use serde_json::json;
    use std::collections::BTreeMap;

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
            (refused.kind(), refused.property(), refused.reason()),
            ("message", None, Some("is longer than 2000 characters"))
        );
        let both = FormElicitation::new("s", "t", "k", &over, &json!([])).unwrap_err();
        assert_eq!(both, FormRefusal::Schema("is not an object".into()));
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
