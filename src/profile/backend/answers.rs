//! A person's answers turned into `ElicitResult.content` under the backend
//! profile.
//!
//! Every property needs an answer that fits its kind; anything missing or
//! non-conforming is an [`AnswerError`], which a handler treats as "ask
//! again" rather than coercing a value the person did not give.

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::string::ToString;
use core::fmt;

use crate::json::{Map, Value};

use super::{FormPropertyKind, FormSchema};
use crate::rules::answer::Answers;
use crate::rules::answer::FormAnswer;
use crate::rules::answer::{finite_number, json_number};
use crate::rules::form::Misfit;
use crate::rules::question::{NO, YES};
use crate::text::Quoted;

/// Why an answer set does not fit the schema. `Display` gives the backend's
/// error text exactly.
pub type AnswerError = Misfit<AnswerProblem>;

/// What is wrong with one answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnswerProblem {
    NotAnswered,
    /// An enum answer did not select exactly one label.
    NeedsOneChoice,
    /// The selected label is not one the question offered.
    NotOffered {
        label: String,
    },
    NeedsYesOrNo,
    /// A text answer is absent or blank after trimming.
    NoText,
    /// A number answer is absent or blank after trimming.
    NoNumber,
    /// Not a finite number as Rust's `f64::from_str` reads it.
    NotANumber,
    OutOfRange,
    NotWholeNumber,
}

impl AnswerProblem {
    /// The problem's name for a UI, which words it for a person (JS's
    /// `AnswerError.kind`): the variant's name in camelCase.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::NotAnswered => "notAnswered",
            Self::NeedsOneChoice => "needsOneChoice",
            Self::NotOffered { .. } => "notOffered",
            Self::NeedsYesOrNo => "needsYesOrNo",
            Self::NoText => "noText",
            Self::NoNumber => "noNumber",
            Self::NotANumber => "notANumber",
            Self::OutOfRange => "outOfRange",
            Self::NotWholeNumber => "notWholeNumber",
        }
    }
}

impl fmt::Display for AnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let property = &self.property;
        let problem = match &self.problem {
            AnswerProblem::NotAnswered => "was not answered",
            AnswerProblem::NeedsOneChoice => "needs exactly one choice",
            AnswerProblem::NotOffered { label } => {
                return write!(f, "'{property}' was not offered {}", Quoted(label));
            }
            AnswerProblem::NeedsYesOrNo => "needs yes or no",
            AnswerProblem::NoText => "has no text",
            AnswerProblem::NoNumber => "has no number",
            AnswerProblem::NotANumber => "is not a number",
            AnswerProblem::OutOfRange => "is out of range",
            AnswerProblem::NotWholeNumber => "is not a whole number",
        };
        write!(f, "'{property}' {problem}")
    }
}

impl FormSchema {
    /// [`content`](Self::content) as the backend gives it: the error is the
    /// [`AnswerError`]'s text.
    pub fn content_from_answers(
        &self,
        answers: &BTreeMap<String, FormAnswer>,
    ) -> Result<Map<String, Value>, String> {
        self.content(answers).map_err(|error| error.to_string())
    }

    /// Turn answers, keyed by property name, into `ElicitResult.content`.
    ///
    /// Properties are checked in sorted order and the first misfit is
    /// returned. Answers for names the schema does not have are ignored.
    /// Enums answer with the value of the selected label, booleans with
    /// `Yes`/`No`, text with the trimmed text, numbers with the trimmed text
    /// read as `f64` (finite, within the bounds; integers also whole and
    /// within `i64`), written as a JSON integer for `integer` and a float for
    /// `number`.
    ///
    /// `answers` is the backend's `BTreeMap<String, FormAnswer>`, or an
    /// [`AnswerList`](crate::AnswerList) read from JSON.
    pub fn content(&self, answers: &dyn Answers) -> Result<Map<String, Value>, AnswerError> {
        self.content_by(answers, |property, answer| {
            let answer = answer.ok_or(AnswerProblem::NotAnswered)?;
            let text = answer
                .other_text
                .as_deref()
                .map(str::trim)
                .filter(|text| !text.is_empty());
            let value = match &property.kind {
                FormPropertyKind::Enum { values, labels } => {
                    let [label] = answer.selected.as_slice() else {
                        return Err(AnswerProblem::NeedsOneChoice);
                    };
                    labels
                        .iter()
                        .position(|candidate| candidate == label)
                        .and_then(|index| values.get(index))
                        .map(|value| Value::String(value.clone()))
                        .ok_or_else(|| AnswerProblem::NotOffered {
                            label: label.clone(),
                        })?
                }
                FormPropertyKind::Boolean { .. } => match answer.selected.as_slice() {
                    [label] if label == YES => Value::Bool(true),
                    [label] if label == NO => Value::Bool(false),
                    _ => return Err(AnswerProblem::NeedsYesOrNo),
                },
                FormPropertyKind::Text { .. } => {
                    Value::String(text.ok_or(AnswerProblem::NoText)?.to_string())
                }
                FormPropertyKind::Number {
                    integer,
                    minimum,
                    maximum,
                } => {
                    let text = text.ok_or(AnswerProblem::NoNumber)?;
                    let number = finite_number(text).ok_or(AnswerProblem::NotANumber)?;
                    if minimum.is_some_and(|min| number < min)
                        || maximum.is_some_and(|max| number > max)
                    {
                        return Err(AnswerProblem::OutOfRange);
                    }
                    json_number(number, *integer, i64::MAX as f64)
                        .ok_or(AnswerProblem::NotWholeNumber)?
                }
            };
            Ok(Some(value))
        })
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::profile::backend::parse_requested_schema;
    use serde_json::json;

    fn answer(selected: &[&str], text: Option<&str>) -> FormAnswer {
        FormAnswer {
            selected: selected.iter().map(|s| s.to_string()).collect(),
            other_text: text.map(str::to_string),
        }
    }

    fn billing() -> FormSchema {
        parse_requested_schema(&json!({"type": "object", "properties": {
            "plan": {"type": "string", "enum": ["pro", "team"], "enumNames": ["Pro", "Team"]},
            "seats": {"type": "integer", "minimum": 1, "maximum": 50},
            "ratio": {"type": "number"},
            "notify": {"type": "boolean"},
            "name": {"type": "string"}
        }}))
        .unwrap()
    }

    fn good() -> BTreeMap<String, FormAnswer> {
        BTreeMap::from([
            ("plan".to_string(), answer(&["Team"], None)),
            ("seats".to_string(), answer(&[], Some(" 12 "))),
            ("ratio".to_string(), answer(&[], Some("0.5"))),
            ("notify".to_string(), answer(&["No"], None)),
            ("name".to_string(), answer(&[], Some("Ada"))),
        ])
    }

    fn error_with(name: &str, replacement: FormAnswer) -> String {
        let mut answers = good();
        answers.insert(name.to_string(), replacement);
        billing()
            .content_from_answers(&answers)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn fitting_answers_become_typed_content() {
        let content = billing().content_from_answers(&good()).unwrap();
        assert_eq!(
            serde_json::to_string(&content).unwrap(),
            r#"{"name":"Ada","notify":false,"plan":"team","ratio":0.5,"seats":12}"#
        );
    }

    /// Each problem's `kind` (what a UI words) goes with its text.
    #[test]
    fn each_misfit_is_named_by_its_kind() {
        let kind = |name: &str, replacement: FormAnswer| {
            let mut answers = good();
            answers.insert(name.to_string(), replacement);
            billing().content(&answers).unwrap_err().problem.kind()
        };
        assert_eq!(kind("seats", answer(&[], Some("51"))), "outOfRange");
        assert_eq!(kind("seats", answer(&[], Some("2.5"))), "notWholeNumber");
        assert_eq!(kind("seats", answer(&[], Some("twelve"))), "notANumber");
        assert_eq!(kind("seats", answer(&["12"], None)), "noNumber");
        assert_eq!(kind("plan", answer(&[], None)), "needsOneChoice");
        assert_eq!(kind("plan", answer(&["Gold"], None)), "notOffered");
        assert_eq!(kind("notify", answer(&["Maybe"], None)), "needsYesOrNo");
        assert_eq!(kind("name", answer(&[], Some("  "))), "noText");
    }

    #[test]
    fn each_misfit_has_the_backends_text() {
        assert_eq!(
            error_with("seats", answer(&[], Some("51"))),
            "'seats' is out of range"
        );
        assert_eq!(
            error_with("seats", answer(&[], Some("2.5"))),
            "'seats' is not a whole number"
        );
        assert_eq!(
            error_with("seats", answer(&[], Some("twelve"))),
            "'seats' is not a number"
        );
        assert_eq!(
            error_with("seats", answer(&["12"], None)),
            "'seats' has no number"
        );
        assert_eq!(
            error_with("ratio", answer(&[], Some("NaN"))),
            "'ratio' is not a number"
        );
        assert_eq!(
            error_with("ratio", answer(&[], Some("inf"))),
            "'ratio' is not a number"
        );
        assert_eq!(
            error_with("plan", answer(&["team"], None)),
            "'plan' was not offered \"team\""
        );
        assert_eq!(
            error_with("plan", answer(&["Pro", "Team"], None)),
            "'plan' needs exactly one choice"
        );
        assert_eq!(
            error_with("notify", answer(&[], None)),
            "'notify' needs yes or no"
        );
        assert_eq!(
            error_with("name", answer(&[], Some(" \u{2003} "))),
            "'name' has no text"
        );
        let mut missing = good();
        missing.remove("name");
        assert_eq!(
            billing()
                .content_from_answers(&missing)
                .unwrap_err()
                .to_string(),
            "'name' was not answered"
        );
    }

    #[test]
    fn numbers_are_read_as_rust_reads_them() {
        let read = |text: &str| {
            let mut answers = good();
            answers.insert("ratio".into(), answer(&[], Some(text)));
            billing()
                .content_from_answers(&answers)
                .map(|c| c["ratio"].clone())
        };
        assert_eq!(read("1e3").unwrap(), json!(1000.0));
        assert_eq!(read(".5").unwrap(), json!(0.5));
        assert_eq!(read("+5").unwrap(), json!(5.0));
        assert!(read("0x10").is_err());
        assert!(read("1e999").is_err());
    }

    #[test]
    fn integers_beyond_i64_are_not_whole_numbers() {
        let form = parse_requested_schema(
            &json!({"type": "object", "properties": {"n": {"type": "integer"}}}),
        )
        .unwrap();
        let content = |text: &str| {
            form.content_from_answers(&BTreeMap::from([(
                "n".to_string(),
                answer(&[], Some(text)),
            )]))
        };
        assert_eq!(
            content("9223372036854775807").unwrap()["n"],
            json!(i64::MAX)
        );
        assert_eq!(
            content("1e19").unwrap_err().to_string(),
            "'n' is not a whole number"
        );
        assert_eq!(content("-3").unwrap()["n"], json!(-3));
    }
}
