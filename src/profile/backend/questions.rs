//! The backend profile's `ask_user` questions: the question text adds a
//! text property's `format` and a number's range; enums and booleans are
//! choices, booleans with their default marked.

use super::FormPropertyKind;
use crate::rules::form::Property;
use crate::rules::number_range;
use crate::rules::question::{self, AskedKind, Question};

impl AskedKind for FormPropertyKind {
    fn ask<'a>(property: &'a Property<Self>, mut asked: Question<'a>) -> Question<'a> {
        match &property.kind {
            Self::Enum { values, labels } => asked.choice(
                labels
                    .iter()
                    .zip(values)
                    .map(|(label, value)| question::option(label, value, None))
                    .collect(),
            ),
            Self::Boolean { default } => asked.choice(question::yes_no(*default)),
            Self::Text { format } => {
                if let Some(format) = format {
                    asked.detail(&format!("format: {format}"));
                }
                asked
            }
            Self::Number {
                integer,
                minimum,
                maximum,
            } => {
                asked.detail(&number_range(*integer, *minimum, *maximum));
                asked
            }
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use crate::profile::backend::parse_requested_schema;
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
        assert_eq!(
            questions[3]["question"],
            "seats (a whole number from 1 to 50)"
        );
    }
}
