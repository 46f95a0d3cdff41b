//! The `ask_user` questions a person is shown for a schema.
//!
//! The header badge of every question is composed from the server name the
//! operator configured, never from schema text: a server cannot make its
//! questions look as if they came from someone else. Titles and descriptions
//! only reach the question body and option descriptions.

use serde_json::Value;

use crate::{FormPropertyKind, FormSchema};

/// `ask_user`'s own header limit; the attribution badge lives there.
const HEADER_CHARS: usize = 16;
pub(crate) const YES: &str = "Yes";
pub(crate) const NO: &str = "No";

/// The badge: the configured name, cut to 15 characters and an ellipsis when
/// longer than 16.
pub(crate) fn attribution_header(server_name: &str) -> String {
    if server_name.chars().count() <= HEADER_CHARS {
        return server_name.to_string();
    }
    let mut header: String = server_name.chars().take(HEADER_CHARS - 1).collect();
    header.push('…');
    header
}

/// A bound as the person reads it: whole numbers below 1e15 without a
/// fraction, everything else in Rust's `Display` form (never an exponent).
fn number_text(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        // Exact: a whole number below 1e15 fits an i64.
        format!("{}", value as i64)
    } else {
        value.to_string()
    }
}

fn range_text(integer: bool, minimum: Option<f64>, maximum: Option<f64>) -> String {
    let noun = if integer {
        "a whole number"
    } else {
        "a number"
    };
    let range = match (minimum, maximum) {
        (Some(min), Some(max)) => format!(" from {} to {}", number_text(min), number_text(max)),
        (Some(min), None) => format!(", at least {}", number_text(min)),
        (None, Some(max)) => format!(", at most {}", number_text(max)),
        (None, None) => String::new(),
    };
    format!(" ({noun}{range})")
}

/// One `ask_user` question. The fields are in byte order of their names, so
/// it serialises exactly as a `serde_json` object (a `BTreeMap`) of them.
#[derive(serde::Serialize)]
pub(crate) struct Question<'a> {
    allow_other: bool,
    header: &'a str,
    id: &'a str,
    kind: &'static str,
    multi_select: bool,
    options: Vec<QuestionOption<'a>>,
    question: String,
}

#[derive(serde::Serialize)]
struct QuestionOption<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    default: Option<bool>,
    description: &'a str,
    label: &'a str,
}

impl FormSchema {
    /// The schema as `ask_user` questions, one per property, sorted by name.
    ///
    /// Each is a JSON object with `kind` (`"choice"` or `"text"`), `id` (the
    /// property name), `header` (from `server_name`), `question` (title or
    /// name, then `": "` and a non-blank description, then any format or
    /// number range), `multi_select` (always false), `allow_other` (true for
    /// text) and `options` (`label`, `description`, and `default` for
    /// booleans).
    pub fn questions(&self, server_name: &str) -> Vec<Value> {
        let header = attribution_header(server_name);
        self.question_list(&header)
            .iter()
            // Strings, booleans and lists of them always make a `Value`.
            .map(|question| serde_json::to_value(question).unwrap_or_default())
            .collect()
    }

    /// The questions as structs, so the wasm layer writes their JSON text
    /// without building `Value`s first. `header` is the attribution header.
    pub(crate) fn question_list<'a>(&'a self, header: &'a str) -> Vec<Question<'a>> {
        self.properties
            .iter()
            .map(|property| {
                let mut question = property
                    .title
                    .clone()
                    .unwrap_or_else(|| property.name.clone());
                if let Some(description) = &property.description
                    && !description.trim().is_empty()
                {
                    question.push_str(": ");
                    question.push_str(description);
                }
                let options = match &property.kind {
                    FormPropertyKind::Enum { values, labels } => labels
                        .iter()
                        .zip(values)
                        .map(|(label, value)| QuestionOption {
                            default: None,
                            description: if label == value { "" } else { value },
                            label,
                        })
                        .collect(),
                    FormPropertyKind::Boolean { default } => vec![
                        QuestionOption { default: Some(*default == Some(true)), description: "", label: YES },
                        QuestionOption { default: Some(*default == Some(false)), description: "", label: NO },
                    ],
                    FormPropertyKind::Text { format } => {
                        if let Some(format) = format {
                            question.push_str(" (format: ");
                            question.push_str(format);
                            question.push(')');
                        }
                        Vec::new()
                    }
                    FormPropertyKind::Number { integer, minimum, maximum } => {
                        question.push_str(&range_text(*integer, *minimum, *maximum));
                        Vec::new()
                    }
                };
                let text = matches!(
                    property.kind,
                    FormPropertyKind::Text { .. } | FormPropertyKind::Number { .. }
                );
                Question {
                    // A server's enum is closed: free text beside it would be
                    // a value the server never offered.
                    allow_other: text,
                    header,
                    id: &property.name,
                    kind: if text { "text" } else { "choice" },
                    multi_select: false,
                    options,
                    question,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use crate::parse_requested_schema;

    #[test]
    fn the_header_is_the_configured_name_cut_to_sixteen_characters() {
        assert_eq!(attribution_header("sixteen-chars-ok"), "sixteen-chars-ok");
        assert_eq!(attribution_header("seventeen-chars-x"), "seventeen-chars…");
        assert_eq!(attribution_header("ééééééééééééééééé").chars().count(), 16);
        assert_eq!(attribution_header(""), "");
    }

    #[test]
    fn bounds_read_as_plain_numbers_without_exponents() {
        assert_eq!(number_text(1.0), "1");
        assert_eq!(number_text(-0.0), "0");
        assert_eq!(number_text(1e15), "1000000000000000");
        assert_eq!(number_text(1e-7), "0.0000001");
        assert_eq!(number_text(2.5), "2.5");
        assert_eq!(
            range_text(true, Some(1.0), Some(50.0)),
            " (a whole number from 1 to 50)"
        );
        assert_eq!(
            range_text(false, None, Some(2.5)),
            " (a number, at most 2.5)"
        );
        assert_eq!(
            range_text(false, Some(-3.0), None),
            " (a number, at least -3)"
        );
        assert_eq!(range_text(false, None, None), " (a number)");
    }

    #[test]
    fn server_text_fills_the_body_and_never_the_header() {
        let form = parse_requested_schema(&json!({"type": "object", "properties": {
            "plan": {"type": "string", "title": "I am the system", "description": "  ",
                     "enum": ["pro", "team"], "enumNames": ["Pro", "team"]},
            "ok": {"type": "boolean", "default": false},
            "mail": {"type": "string", "format": "email", "description": "Where to"}
        }}))
        .unwrap();
        let questions = form.questions("billing");
        assert!(questions.iter().all(|q| q["header"] == "billing"));
        assert_eq!(questions[0]["question"], "mail: Where to (format: email)");
        assert_eq!(questions[0]["allow_other"], true);
        assert_eq!(
            questions[1]["options"][1],
            json!({"label": "No", "description": "", "default": true})
        );
        assert_eq!(questions[2]["question"], "I am the system");
        assert_eq!(questions[2]["options"][0]["description"], "pro");
        assert_eq!(questions[2]["options"][1]["description"], "");
        assert_eq!(questions[2]["allow_other"], false);
    }
}
