//! The `ask_user` question both profiles project a property into.
//!
//! The header badge of every question is composed from the server name the
//! operator configured, never from schema text: a server cannot make its
//! questions look as if they came from someone else. Titles and descriptions
//! only reach the question body and option descriptions.

use crate::json::Value;
use alloc::{
    string::{String, ToString},
    vec::Vec,
};
use serde::Serialize;

use crate::rules::cut;
use crate::rules::schema::{Property, Schema};

/// `ask_user`'s own header limit; the attribution badge lives there.
const HEADER_CHARS: usize = 16;
/// The labels of a boolean's two options, and the only answers it takes.
pub const YES: &str = "Yes";
pub const NO: &str = "No";

/// The badge: the configured name, cut to 15 characters and an ellipsis when
/// longer than 16.
// `#[inline]` on what the bindings crate calls: inlined there before
// link-time optimisation, the wasm is smaller
// (docs/architecture.md, "The bindings crate").
#[inline]
pub fn attribution_header(server_name: &str) -> String {
    cut(server_name, HEADER_CHARS)
}

/// One `ask_user` question. The fields are in byte order of their names, so
/// it serialises exactly as a `serde_json` object (a `BTreeMap`) of them.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "AskUserQuestionFields"))]
pub struct Question<'a> {
    /// True for text and numbers: the answer is typed, as `other_text`.
    pub allow_other: bool,
    /// The configured server name as a badge (at most 16 characters).
    pub header: &'a str,
    /// The property name.
    pub id: &'a str,
    #[cfg_attr(test, ts(type = "\"choice\" | \"text\""))]
    pub kind: &'static str,
    pub multi_select: bool,
    pub options: Vec<QuestionOption<'a>>,
    pub question: String,
}

/// One option of a choice. `description` is the value sent, where it differs
/// from the label.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "AskUserOption"))]
pub struct QuestionOption<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub default: Option<bool>,
    pub description: &'a str,
    pub label: &'a str,
}

impl<'a> Question<'a> {
    /// The question for property `id`: its title (or its name), then `": "`
    /// and the description when that is not blank; a text question until
    /// [`choice`](Self::choice) gives it options.
    pub(crate) fn new(
        header: &'a str,
        id: &'a str,
        title: Option<&str>,
        description: Option<&str>,
    ) -> Self {
        let mut question = title.unwrap_or(id).to_string();
        if let Some(description) = description
            && !description.trim().is_empty()
        {
            question.push_str(": ");
            question.push_str(description);
        }
        Self {
            allow_other: true,
            header,
            id,
            kind: "text",
            multi_select: false,
            options: Vec::new(),
            question,
        }
    }

    /// A choice among `options`. A server's options are closed: free text
    /// beside them would be a value the server never offered.
    pub(crate) fn choice(mut self, options: Vec<QuestionOption<'a>>) -> Self {
        self.allow_other = false;
        self.kind = "choice";
        self.options = options;
        self
    }

    /// Appends ` (detail)` to the question text.
    pub(crate) fn detail(&mut self, detail: &str) {
        self.question.push_str(" (");
        self.question.push_str(detail);
        self.question.push(')');
    }
}

/// How a profile's property kind is put to a person.
pub trait AskedKind: Sized {
    /// The question for `property`, given its body (title or name, and the
    /// description): options for a choice, details for the rest.
    fn ask<'a>(property: &'a Property<Self>, body: Question<'a>) -> Question<'a>;
}

impl<K: AskedKind> Schema<K> {
    /// The schema as `ask_user` questions, one per property, sorted by name,
    /// headed by `server_name` (see [`attribution_header`]).
    ///
    /// Each is a JSON object with `kind` (`"choice"` or `"text"`), `id` (the
    /// property name), `header`, `question` (title or name, then `": "` and a
    /// non-blank description, then the profile's details in parentheses),
    /// `multi_select`, `allow_other` (true for text) and `options` (`label`,
    /// `description`, and `default` where the profile marks defaults).
    pub fn questions(&self, server_name: &str) -> Vec<Value> {
        values(&self.question_list(&attribution_header(server_name)))
    }

    /// The questions as structs, headed by `header` (the attribution header),
    /// so the wasm layer writes their JSON text with no `Value` between.
    pub fn question_list<'a>(&'a self, header: &'a str) -> Vec<Question<'a>> {
        self.properties
            .iter()
            .map(|property| {
                let body = Question::new(
                    header,
                    &property.name,
                    property.title.as_deref(),
                    property.description.as_deref(),
                );
                K::ask(property, body)
            })
            .collect()
    }
}

/// A boolean's two options, `Yes` and `No`, marked by the schema's default
/// (neither without one).
pub(crate) fn yes_no(default: Option<bool>) -> Vec<QuestionOption<'static>> {
    vec![
        QuestionOption {
            default: Some(default == Some(true)),
            description: "",
            label: YES,
        },
        QuestionOption {
            default: Some(default == Some(false)),
            description: "",
            label: NO,
        },
    ]
}

/// A choice's option: the value is shown only where it differs from the label.
pub(crate) fn option<'a>(
    label: &'a str,
    value: &'a str,
    default: Option<bool>,
) -> QuestionOption<'a> {
    QuestionOption {
        default,
        description: if label == value { "" } else { value },
        label,
    }
}

/// The questions as `serde_json` values, for the Rust API.
fn values(questions: &[Question<'_>]) -> Vec<Value> {
    questions
        .iter()
        // Strings, booleans and lists of them always make a `Value`.
        .map(|question| crate::json::to_value(question).unwrap_or_default())
        .collect()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn the_header_is_the_configured_name_cut_to_sixteen_characters() {
        assert_eq!(attribution_header("sixteen-chars-ok"), "sixteen-chars-ok");
        assert_eq!(attribution_header("seventeen-chars-x"), "seventeen-chars…");
        assert_eq!(attribution_header("ééééééééééééééééé").chars().count(), 16);
        assert_eq!(attribution_header(""), "");
    }

    #[test]
    fn the_body_is_the_title_or_name_and_a_description_that_is_not_blank() {
        assert_eq!(
            Question::new("h", "plan", None, Some("  ")).question,
            "plan"
        );
        let mut question = Question::new("h", "plan", Some("Plan"), Some("Which"));
        question.detail("format: email");
        assert_eq!(question.question, "Plan: Which (format: email)");
        let choice = Question::new("h", "ok", None, None).choice(yes_no(Some(false)));
        assert_eq!(
            serde_json::to_value(&choice).unwrap(),
            serde_json::json!({"allow_other": false, "header": "h", "id": "ok", "kind": "choice",
                "multi_select": false, "question": "ok", "options": [
                    {"default": false, "description": "", "label": "Yes"},
                    {"default": true, "description": "", "label": "No"}]})
        );
    }
}
