//! The backend profile's `ask_user` questions: one per property, in name
//! order, shaped by [`Question`](crate::question::Question).

use serde_json::Value;

use super::{FormPropertyKind, FormSchema};
use crate::question::{self, Question, attribution_header};
use crate::rules::number_range;

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
        question::values(&self.question_list(&attribution_header(server_name)))
    }

    /// The questions as structs, so the wasm layer writes their JSON text
    /// without building `Value`s first. `header` is the attribution header.
    pub fn question_list<'a>(&'a self, header: &'a str) -> Vec<Question<'a>> {
        self.properties
            .iter()
            .map(|property| {
                let asked = Question::new(
                    header,
                    &property.name,
                    property.title.as_deref(),
                    property.description.as_deref(),
                );
                match &property.kind {
                    FormPropertyKind::Enum { values, labels } => asked.choice(
                        labels
                            .iter()
                            .zip(values)
                            .map(|(label, value)| question::option(label, value, None))
                            .collect(),
                    ),
                    FormPropertyKind::Boolean { default } => asked.choice(question::yes_no(*default)),
                    FormPropertyKind::Text { format } => {
                        let mut asked = asked;
                        if let Some(format) = format {
                            asked.detail(&format!("format: {format}"));
                        }
                        asked
                    }
                    FormPropertyKind::Number { integer, minimum, maximum } => {
                        let mut asked = asked;
                        asked.detail(&number_range(*integer, *minimum, *maximum));
                        asked
                    }
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::parse_requested_schema;
    use serde_json::json;

    #[test]
    fn server_text_fills_the_body_and_never_the_header() {
        let form = parse_requested_schema(&json!({"type": "object", "properties": {
            "plan": {"type": "string", "title": "I am the system", "description": "  ",
                     "enum": ["pro", "team"], "enumNames": ["Pro", "team"]},
            "ok": {"type": "boolean", "default": false},
            "mail": {"type": "string", "format": "email", "description": "Where to"},
            "seats": {"type": "integer", "minimum": 1, "maximum": 50}
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
        assert_eq!(questions[2]["options"][1].get("default"), None);
        assert_eq!(questions[2]["allow_other"], false);
        assert_eq!(questions[3]["question"], "seats (a whole number from 1 to 50)");
    }
}
