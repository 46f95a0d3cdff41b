//! A person's answers turned into `ElicitResult.content`.
//!
//! Every property needs an answer that fits its kind; anything missing or
//! non-conforming is an [`AnswerError`], which a handler treats as "ask
//! again" rather than coercing a value the person did not give.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::questions::{NO, YES};
use crate::{FormPropertyKind, FormSchema};

/// One answer, in `ask_user`'s answer shape: chosen labels, or free text.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FormAnswer {
    #[serde(default)]
    pub selected: Vec<String>,
    #[serde(default)]
    pub other_text: Option<String>,
}

/// Why an answer set does not fit the schema. `Display` gives the backend's
/// error text exactly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerError {
    /// The property the answer is wrong for.
    pub property: String,
    pub problem: AnswerProblem,
}

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

impl fmt::Display for AnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = &self.property;
        match &self.problem {
            AnswerProblem::NotAnswered => write!(f, "'{name}' was not answered"),
            AnswerProblem::NeedsOneChoice => write!(f, "'{name}' needs exactly one choice"),
            AnswerProblem::NotOffered { label } => write!(f, "'{name}' was not offered {label:?}"),
            AnswerProblem::NeedsYesOrNo => write!(f, "'{name}' needs yes or no"),
            AnswerProblem::NoText => write!(f, "'{name}' has no text"),
            AnswerProblem::NoNumber => write!(f, "'{name}' has no number"),
            AnswerProblem::NotANumber => write!(f, "'{name}' is not a number"),
            AnswerProblem::OutOfRange => write!(f, "'{name}' is out of range"),
            AnswerProblem::NotWholeNumber => write!(f, "'{name}' is not a whole number"),
        }
    }
}

impl std::error::Error for AnswerError {}

impl FormSchema {
    /// Turn answers, keyed by property name, into `ElicitResult.content`.
    ///
    /// Properties are checked in sorted order and the first misfit is
    /// returned. Answers for names the schema does not have are ignored.
    /// Enums answer with the value of the selected label, booleans with
    /// `Yes`/`No`, text with the trimmed text, numbers with the trimmed text
    /// read as `f64` (finite, within the bounds; integers also whole and
    /// within `i64`), written as a JSON integer for `integer` and a float for
    /// `number`.
    pub fn content_from_answers(
        &self,
        answers: &BTreeMap<String, FormAnswer>,
    ) -> Result<Map<String, Value>, AnswerError> {
        let mut content = Map::new();
        for property in &self.properties {
            let refuse = |problem| AnswerError {
                property: property.name.clone(),
                problem,
            };
            let answer = answers
                .get(&property.name)
                .ok_or_else(|| refuse(AnswerProblem::NotAnswered))?;
            let text = answer
                .other_text
                .as_deref()
                .map(str::trim)
                .filter(|text| !text.is_empty());
            let value = match &property.kind {
                FormPropertyKind::Enum { values, labels } => {
                    let [label] = answer.selected.as_slice() else {
                        return Err(refuse(AnswerProblem::NeedsOneChoice));
                    };
                    labels
                        .iter()
                        .position(|candidate| candidate == label)
                        .and_then(|index| values.get(index))
                        .map(|value| Value::String(value.clone()))
                        .ok_or_else(|| {
                            refuse(AnswerProblem::NotOffered {
                                label: label.clone(),
                            })
                        })?
                }
                FormPropertyKind::Boolean { .. } => match answer.selected.as_slice() {
                    [label] if label == YES => Value::Bool(true),
                    [label] if label == NO => Value::Bool(false),
                    _ => return Err(refuse(AnswerProblem::NeedsYesOrNo)),
                },
                FormPropertyKind::Text { .. } => Value::String(
                    text.ok_or_else(|| refuse(AnswerProblem::NoText))?
                        .to_string(),
                ),
                FormPropertyKind::Number {
                    integer,
                    minimum,
                    maximum,
                } => {
                    let text = text.ok_or_else(|| refuse(AnswerProblem::NoNumber))?;
                    let number = finite_number(text)
                        .ok_or_else(|| refuse(AnswerProblem::NotANumber))?;
                    if minimum.is_some_and(|min| number < min)
                        || maximum.is_some_and(|max| number > max)
                    {
                        return Err(refuse(AnswerProblem::OutOfRange));
                    }
                    number_value(number, *integer)
                        .ok_or_else(|| refuse(AnswerProblem::NotWholeNumber))?
                }
            };
            content.insert(property.name.clone(), value);
        }
        Ok(content)
    }
}

/// `text` read as Rust's `f64::from_str` reads it, when finite. The reading
/// is serde_json's (exact with `float_roundtrip`), after rewriting Rust's
/// grammar (`+`, leading zeros, `5.`, `.5`) as a JSON float literal, so the
/// wasm carries one decimal-to-float reader instead of two.
pub(crate) fn finite_number(text: &str) -> Option<f64> {
    let bytes = text.as_bytes();
    let (negative, rest) = match bytes.first() {
        Some(b'-') => (true, bytes.get(1..)?),
        Some(b'+') => (false, bytes.get(1..)?),
        _ => (false, bytes),
    };
    let digits = |from: &[u8]| from.iter().take_while(|b| b.is_ascii_digit()).count();
    let whole_len = digits(rest);
    let (whole, rest) = rest.split_at(whole_len);
    let (fraction, rest) = match rest.split_first() {
        Some((b'.', after)) => {
            let len = digits(after);
            after.split_at(len)
        }
        _ => (&[][..], rest),
    };
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    let exponent = match rest.split_first() {
        None => &[][..],
        Some((b'e' | b'E', after)) => {
            let signed = matches!(after.first(), Some(b'+' | b'-'));
            let len = digits(after.get(usize::from(signed)..)?);
            if len == 0 || usize::from(signed) + len != after.len() {
                return None;
            }
            after
        }
        Some(_) => return None,
    };
    let mut json = String::with_capacity(text.len() + 4);
    if negative {
        json.push('-');
    }
    let whole = whole
        .iter()
        .position(|b| *b != b'0')
        .and_then(|at| whole.get(at..))
        .unwrap_or(b"0");
    json.push_str(std::str::from_utf8(whole).ok()?);
    json.push('.');
    json.push_str(if fraction.is_empty() { "0" } else { std::str::from_utf8(fraction).ok()? });
    if !exponent.is_empty() {
        json.push('e');
        json.push_str(std::str::from_utf8(exponent).ok()?);
    }
    serde_json::from_str::<f64>(&json).ok().filter(|number| number.is_finite())
}

/// A JSON integer for `integer` properties (`None` when the number is not
/// whole or beyond `i64`; `i64::MAX as f64` itself saturates to `i64::MAX`, as
/// upstream), else a float.
fn number_value(number: f64, integer: bool) -> Option<Value> {
    if !integer {
        return serde_json::Number::from_f64(number).map(Value::Number);
    }
    if number.fract() != 0.0 || number.abs() > i64::MAX as f64 {
        return None;
    }
    Some(Value::from(number as i64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_requested_schema;
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

#[cfg(test)]
mod finite_number_differential {
    use super::finite_number;

    fn core(text: &str) -> Option<f64> {
        text.parse::<f64>().ok().filter(|n| n.is_finite())
    }

    fn check(text: &str) {
        let ours = finite_number(text).map(f64::to_bits);
        let want = core(text).map(f64::to_bits);
        assert_eq!(ours, want, "{text:?}");
    }

    #[test]
    fn agrees_with_f64_from_str() {
        for text in [
            "0", "-0", "+0", "-0.0", "00012", "5.", ".5", "-.5", "+.5e3", ".", "-", "+", "e5", "1e", "1e+",
            "1e-", "1e5", "1E5", "1e+5", "1e-5", "1.5e300", "1e309", "1e-400", "0e999999999999999999999",
            "1e-99999999999999999999", "1e99999999999999999999", "inf", "-infinity", "NaN", "1_000",
            "0x10", "1.2.3", "12a", " 1", "1 ", "٣", "4.9e-324", "2.4703282292062327e-324",
            "2.4703282292062328e-324", "1.7976931348623157e308", "1.7976931348623158e308",
            "1.7976931348623159e308", "9007199254740993", "0.1", "123456789012345678901234567890",
            "-00.000e-0", "1e0000000000000000000000000000001", "..5", "5..", "1e1.5",
        ] {
            check(text);
        }
        // Long mantissas near halfway points.
        check(&format!("9007199254740993{}", "0".repeat(300)));
        check(&format!("0.{}1e-300", "0".repeat(500)));
        check(&format!("1.{}1", "0".repeat(800)));
        let mut state: u64 = 0x9e3779b97f4a7c15;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let alphabet = b"0123456789012345678901234567890123456789..eE+-";
        for _ in 0..300_000 {
            let len = (next() % 24) as usize;
            let text: String = (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize] as char)
                .collect();
            check(&text);
            // And well-formed numbers of every magnitude.
            let bits = next();
            let number = f64::from_bits(bits);
            if number.is_finite() {
                check(&format!("{number:e}"));
                check(&format!("{number}"));
                check(&format!("{:.3e}", number));
                let digits = 1 + (next() % 25) as usize;
                let exponent = (next() % 700) as i64 - 350;
                let mantissa: String = (0..digits).map(|_| (b'0' + (next() % 10) as u8) as char).collect();
                check(&format!("{mantissa}e{exponent}"));
                check(&format!("0.{mantissa}e{exponent}"));
            }
        }
    }
}
